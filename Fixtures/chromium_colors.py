import json, sys
from playwright.sync_api import sync_playwright
cases = [l for l in open('/tmp/color_inputs.txt').read().split('\n') if l]
with sync_playwright() as p:
    b = p.chromium.launch(executable_path='/usr/bin/chromium', args=['--no-sandbox'])
    page = b.new_page(); page.set_content('<!DOCTYPE html><html><body></body></html>')
    print(b.version, file=sys.stderr)
    out = page.evaluate('''(cases) => cases.map(c => { const d = document.createElement('div'); d.style.color = 'rgb(1, 2, 3)'; d.style.color = c; document.body.appendChild(d); const v = d.style.color === 'rgb(1, 2, 3)' && c !== 'rgb(1, 2, 3)' ? 'INVALID' : getComputedStyle(d).color; d.remove(); return [c, v]; })''', cases)
    for c, v in out: print(json.dumps(c), '=>', v)
    b.close()
