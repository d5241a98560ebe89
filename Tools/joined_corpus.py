#!/usr/bin/env python3
"""Writes Fixtures/joined/corpus.json: real words and phrases of joined writing (scripts whose
letters join or hang from a headline), each with its source, font and expected straight ink.

Source: the Unicode Common Locale Data Repository (CLDR), as Babel packages it (PyPI `babel`,
its version recorded in the file): month and day names, and the names of countries and
languages, as each language's own speakers' CLDR contributors wrote them. CLDR has no data in
the Mongolian script (its `mn_Mong` locale holds placeholders), so Mongolian's words are listed
below with where each was read. The file's `vertical` list is text for vertical writing
(`--orientation upright`): Japanese, Chinese and Korean from CLDR the same way. Run it with the
venv's Python (`.build/venv/bin/python Tools/joined_corpus.py`) after `pip install babel`; the
file it writes is committed, so tests need neither Babel nor a network.
"""
import json
import sys
import unicodedata

import babel
from babel import Locale

# Each language: its script, the font it is drawn with (Debian's packages, which `make test`
# installs), and how many strings to take.
LANGUAGES = [
    ("ar", "Arabic", "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf", 30),
    ("fa", "Arabic (Persian)", "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf", 24),
    ("ur", "Arabic (Urdu, Nastaliq)", "/usr/share/fonts/truetype/noto/NotoNastaliqUrdu-Regular.ttf", 24),
    ("ps", "Arabic (Pashto, Nastaliq)", "/usr/share/fonts/truetype/awami/AwamiNastaliq-Regular.ttf", 8),
    ("ug", "Arabic (Uyghur)", "/usr/share/fonts/truetype/scheherazade/Scheherazade-Regular.ttf", 12),
    ("syr", "Syriac", "/usr/share/fonts/truetype/noto/NotoSansSyriac-Regular.ttf", 24),
    ("nqo", "N'Ko", "/usr/share/fonts/truetype/noto/NotoSansNKo-Regular.ttf", 24),
    ("hi", "Devanagari (Hindi)", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 20),
    ("mr", "Devanagari (Marathi)", "/usr/share/fonts/truetype/noto/NotoSerifDevanagari-Regular.ttf", 10),
    ("ne", "Devanagari (Nepali)", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 8),
    ("bn", "Bengali", "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf", 20),
    ("as", "Bengali (Assamese)", "/usr/share/fonts/truetype/noto/NotoSerifBengali-Regular.ttf", 8),
    ("pa", "Gurmukhi", "/usr/share/fonts/truetype/noto/NotoSansGurmukhi-Regular.ttf", 24),
]

# Countries named in every language's list, the same for each (ISO 3166).
TERRITORIES = ["EG", "IN", "CN", "FR", "BR", "NG", "JP", "MX", "DE", "ZA", "IR", "PK", "IQ", "TR", "ID", "KE", "RU", "CA", "AR", "ES"]
LANGS = ["ar", "fa", "ur", "hi", "bn", "pa", "en", "fr", "zh", "sw", "tr", "ru"]


# Mongolian in its own script, which CLDR lacks: the numbers one to ten as the `mongol` Flutter
# package's README sets them (github.com/suragch/mongol, README.md, "Vertical text"), and the
# script's own name as Noto's specimen page gives it (github.com/notofonts/noto-docs,
# docs/specimen/NotoSansMongolian.md).
MONGOLIAN_FONT = "/usr/share/fonts/truetype/noto/NotoSansMongolian-Regular.ttf"
MONGOL_README = "suragch/mongol README.md, Vertical text: the numbers one to ten"
MONGOLIAN = [(word, f"{MONGOL_README}, {i + 1}") for i, word in enumerate(
    ["ᠨᠢᠭᠡ", "ᠬᠣᠶᠠᠷ", "ᠭᠤᠷᠪᠠ", "ᠳᠦᠷᠪᠡ", "ᠲᠠᠪᠤ", "ᠵᠢᠷᠭᠤᠭᠠ", "ᠳᠣᠯᠣᠭᠠ", "ᠨᠠᠢᠮᠠ", "ᠶᠢᠰᠦ", "ᠠᠷᠪᠠ"])] + [
    ("ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ", "notofonts/noto-docs docs/specimen/NotoSansMongolian.md: the script's autonym"),
    ("ᠮᠣᠩᠭᠣᠯ", "notofonts/noto-docs docs/specimen/NotoSansMongolian.md: the autonym's first word"),
]

# Vertical writing: each language, the font (a face of Noto's CJK collection, fonts-noto-cjk)
# and how many strings.
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
VERTICAL = [
    ("ja", "Japanese", CJK, 0, 24),
    ("zh_Hans", "Chinese (Simplified)", CJK, 2, 12),
    ("zh_Hant", "Chinese (Traditional)", CJK, 3, 10),
    ("ko", "Korean", CJK, 1, 10),
]


def cjk(text):
    """Whether `text` has a Han, kana or Hangul letter."""
    for ch in text:
        name = unicodedata.name(ch, "")
        if name.startswith(("CJK UNIFIED", "HIRAGANA", "KATAKANA", "HANGUL")):
            return True
    return False


def vertical_candidates(code):
    """As `candidates`, names first (with countries whose Japanese names hold the long-vowel
    mark, which has a vertical form), then days and months."""
    loc = Locale.parse(code)
    for t in TERRITORIES + ["NO", "NZ", "BE", "PE", "MY", "VE", "HU"]:
        if t in loc.territories:
            yield loc.territories[t], f"territories, {t}"
    for l in LANGS:
        if l in loc.languages:
            yield loc.languages[l], f"languages, {l}"
    for i, name in loc.days["format"]["wide"].items():
        yield name, f"days, format, wide, {i}"
    for i in (1, 12):
        yield loc.months["format"]["wide"][i], f"months, format, wide, {i}"


def joined(text):
    """Whether `text` has a letter of a joining or headline script."""
    for ch in text:
        name = unicodedata.name(ch, "")
        if name.split(" ")[0] in ("ARABIC", "SYRIAC", "NKO", "DEVANAGARI", "BENGALI", "GURMUKHI"):
            if unicodedata.category(ch).startswith("L"):
                return True
    return False


def candidates(code):
    loc = Locale.parse(code)
    for i, name in loc.months["format"]["wide"].items():
        yield name, f"months, format, wide, {i}"
    for i, name in loc.days["format"]["wide"].items():
        yield name, f"days, format, wide, {i}"
    for t in TERRITORIES:
        if t in loc.territories:
            yield loc.territories[t], f"territories, {t}"
    for l in LANGS:
        if l in loc.languages:
            yield loc.languages[l], f"languages, {l}"


def taken(code, candidates, accept, longest, wanted, entry):
    """The first `wanted` distinct NFC strings of `candidates` that `accept` takes and are at
    most `longest` characters, each made an entry by `entry(text, source)`."""
    seen = set()
    out = []
    for text, where in candidates:
        text = unicodedata.normalize("NFC", text.strip())
        if text in seen or not accept(text) or len(text) > longest:
            continue
        seen.add(text)
        out.append(entry(text, f"CLDR via Babel {babel.__version__}, locale {code}: {where}"))
        if len(out) == wanted:
            break
    if len(out) < wanted:
        print(f"{code}: only {len(out)} of {wanted}", file=sys.stderr)
    return out


def main(out):
    entries = []
    for code, script, font, wanted in LANGUAGES:
        entries += taken(code, candidates(code), joined, 24, wanted,
                         lambda text, source: {"language": code, "script": script, "text": text, "font": font, "source": source})
    for text, where in MONGOLIAN:
        entries.append({"language": "mn_Mong", "script": "Mongolian", "text": text, "font": MONGOLIAN_FONT, "source": where})
    vertical = []
    for code, language, font, index, wanted in VERTICAL:
        vertical += taken(code, vertical_candidates(code), cjk, 12, wanted,
                          lambda text, source: {"language": code, "script": language, "text": text, "font": font,
                                                "index": index, "source": source})
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"about": "Words and phrases of joined writing, each with its source; see README.md",
                   "babel": babel.__version__, "entries": entries, "vertical": vertical}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{out}: {len(entries)} strings, {len(vertical)} vertical")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Fixtures/joined/corpus.json")
