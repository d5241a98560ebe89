#!/usr/bin/env python3
"""Prints the colour Chromium computes for each CSS colour below, or INVALID: the source of
ColorTests' table (Tests/CurveTypeTests/SVGWriterTests.swift). Run with the venv's Python:
  .build/venv/bin/python Fixtures/chromium_colors.py
"""
import json
import sys
from playwright.sync_api import sync_playwright

CASES = [
    "#0f0",
    "#0f08",
    "#00ff0080",
    "#0000ffcc",
    "#3d3",
    "rgb(29 164 192 / 95%)",
    "rgb(0 0 0 / 50%)",
    "rgb(255, 0, 10)",
    "rgb(100% 0% 50%)",
    "rgba(1 2 3 / 50%)",
    "rgb(300 -20 0)",
    "rgb(50% 128 none)",
    "rgb(10, 20, 30, 0.25)",
    "rgba(255 0 0 / 0)",
    "hsl(120deg 100% 50%)",
    "hsl(120deg 100% 25%)",
    "hsl(120deg 100% 75%)",
    "hsl(120deg 75% 85%)",
    "hsl(60, 20%, 50%)",
    "hsl(60, 60%, 50%)",
    "hsl(0 100% 50%)",
    "hsl(-120 100% 50%)",
    "hsl(480 100% 50%)",
    "hsl(0.5turn 100% 50%)",
    "hsl(200grad 100% 50%)",
    "hsl(3.14159rad 100% 50%)",
    "hsla(240, 100%, 50%, 0.5)",
    "hsl(240 100% 50% / 25%)",
    "hsl(210 50 40)",
    "hsl(30 100% 50% / 0.6)",
    "hwb(0 0% 0%)",
    "hwb(120 0% 50%)",
    "hwb(60 20% 30%)",
    "hwb(200deg 50% 50%)",
    "hwb(90 70% 70%)",
    "hwb(240 10% 10% / 0.5)",
    "hwb(none none none)",
    "transparent",
    "RebeccaPurple",
    "1e2",
    "rgb(1e2 0 0)",
    "rgb(1, 2 3)",
    "rgb(1 2 3, 4)",
    "rgb(50%, 128, 0)",
    "hsl(120, 100, 50)",
    "hwb(120, 0%, 0%)",
    "#abcd",
    "#abcde",
    "rgb(none, 0, 0)",
    "hsl(10% 50% 50%)",
    "rgb(1 2)",
    "rgb(1 2 3 4)"
]

SCRIPT = """(cases) => cases.map(c => {
  const d = document.createElement('div');
  d.style.color = 'rgb(1, 2, 3)';
  d.style.color = c;
  document.body.appendChild(d);
  const v = d.style.color === 'rgb(1, 2, 3)' ? 'INVALID' : getComputedStyle(d).color;
  d.remove();
  return [c, v];
})"""

with sync_playwright() as p:
    browser = p.chromium.launch(executable_path='/usr/bin/chromium', args=['--no-sandbox'])
    page = browser.new_page()
    page.set_content('<!DOCTYPE html><html><body></body></html>')  # standards mode: no hashless hex
    print('chromium', browser.version, file=sys.stderr)
    for c, v in page.evaluate(SCRIPT, CASES):
        print(json.dumps(c), '=>', v)
    browser.close()
