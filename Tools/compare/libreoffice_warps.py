#!/usr/bin/env python3
"""Draws each WordArt warp preset by LibreOffice Impress and by curvetype, side by side.

Writes a .pptx (python-pptx) with one slide a preset: a 400 x 200 px shape, its text in DejaVu
Sans at 24 pt (32 px, curvetype's default on the baseline presets), centred, with
`<a:prstTxWarp prst="...">`, twice: every adjust value given explicitly at the spec's default,
and none given (LibreOffice's own defaults, which differ from the spec on some presets, and
LibreOffice 7.4 draws textCircle and textCirclePour wrongly when their angle is given).
LibreOffice converts it to PDF (`soffice --headless --convert-to pdf`), poppler draws the pages,
curvetype draws the same requests, and contact sheets put them side by side: LibreOffice with
the spec's values, LibreOffice with its own, curvetype.

Usage: libreoffice_warps.py CURVETYPE OUT_DIR [TEXT]   (needs soffice, pdftoppm, rsvg-convert,
python-pptx and Pillow; `make warp-sheets` sets them up.)
"""
import json, os, subprocess, sys, tempfile
from lxml import etree
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.enum.text import PP_ALIGN
from PIL import Image, ImageDraw

PX = 9525  # EMU per CSS px

def main():
    curvetype, out = sys.argv[1], sys.argv[2]
    text = sys.argv[3] if len(sys.argv) > 3 else "WARPED TEXT"
    os.makedirs(out, exist_ok=True)
    presets = preset_names(curvetype)
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(440 * PX), Emu(240 * PX)
    blank = prs.slide_layouts[6]
    ns = "http://schemas.openxmlformats.org/drawingml/2006/main"
    for (name, spec, adjust), explicit in ((p, e) for p in presets for e in (True, False)):
        slide = prs.slides.add_slide(blank)
        box = slide.shapes.add_textbox(Emu(20 * PX), Emu(20 * PX), Emu(400 * PX), Emu(200 * PX))
        frame = box.text_frame
        frame.word_wrap = False
        for i, line in enumerate(text.split("\n")):
            paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
            paragraph.alignment = PP_ALIGN.CENTER
            run = paragraph.add_run()
            run.text = line
            run.font.size = Pt(24)
            run.font.name = "DejaVu Sans"
        body = frame._txBody.find(f"{{{ns}}}bodyPr")
        for attr in ("lIns", "tIns", "rIns", "bIns"):
            body.set(attr, "0")
        warp = etree.SubElement(body, f"{{{ns}}}prstTxWarp", prst=spec)
        av = etree.SubElement(warp, f"{{{ns}}}avLst")
        for key, value in adjust if explicit else []:
            etree.SubElement(av, f"{{{ns}}}gd", name=key, fmla=f"val {int(value)}")
    with tempfile.TemporaryDirectory() as tmp:
        deck = os.path.join(tmp, "warps.pptx")
        prs.save(deck)
        subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", tmp, deck], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        subprocess.run(["pdftoppm", "-r", "96", "-png", os.path.join(tmp, "warps.pdf"), os.path.join(tmp, "lo")], check=True)
        pages = sorted(f for f in os.listdir(tmp) if f.startswith("lo-"))
        cells = []
        for k, (name, _, _) in enumerate(presets):
            ours = os.path.join(tmp, f"{name}.png")
            subprocess.run([curvetype, "warp", text, "--preset", name, "--font", "DejaVu Sans", "--padding", "20",
                            "--background", "white", "--line-color", "#bbbbbb", "-o", ours], check=True)
            cells.append((name, [Image.open(os.path.join(tmp, page)).convert("RGB") for page in pages[2 * k:2 * k + 2]]
                          + [Image.open(ours).convert("RGB")]))
    per_sheet = 10
    for k in range(0, len(cells), per_sheet):
        chunk = cells[k:k + per_sheet]
        widths = [max(images[i].width for _, images in chunk) + 20 for i in range(3)]
        hs = [max(image.height for image in images) + 18 for _, images in chunk]
        sheet = Image.new("RGB", (sum(widths), sum(hs)), "white")
        draw = ImageDraw.Draw(sheet)
        y = 0
        for (name, images), h in zip(chunk, hs):
            draw.text((4, y + 2), f"{name}: LibreOffice with the spec's adjust values | LibreOffice's own | curvetype", fill="red")
            for i, image in enumerate(images):
                sheet.paste(image, (sum(widths[:i]), y + 18))
            y += h
        sheet.save(os.path.join(out, f"sheet-{k // per_sheet + 1}.png"))
    print(f"libreoffice_warps: {len(cells)} presets, sheets in {out}")

def preset_names(curvetype):
    """Each preset's kebab name, spec name and spec default adjust values, from curvetype's
    layout report (the values its test holds to the spec's file)."""
    out = []
    for name in all_presets(curvetype):
        layout = json.loads(subprocess.check_output([curvetype, "warp", "x", "--preset", name, "--layout", "-", "-o", "/dev/null"], text=True))
        out.append((name, layout["specName"], [(a["name"], a["value"]) for a in layout["adjust"]]))
    return out

def all_presets(curvetype):
    """The forty names, as curvetype lists them when refusing an unknown one."""
    err = subprocess.run([curvetype, "warp", "x", "--preset", "?"], capture_output=True, text=True).stderr
    return [n.strip() for n in err.split("(the presets: ")[1].rstrip(")\n").split(",")]

if __name__ == "__main__":
    main()
