"""What both test-font scripts start from: the bundled DejaVu Sans cut to printable ASCII, without
hinting, and renamed, so that no test font can be taken for DejaVu itself."""
import os

from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, "Fonts", "DejaVuSans.ttf")
# Tables a subset carries that no test needs (FontForge's timestamp, hinting, device metrics).
UNUSED_TABLES = ("FFTM", "hdmx", "LTSH", "VDMX", "prep", "fpgm", "cvt ", "gasp")


def dejavu_ascii(family, postscript_name, layout_features=None, drop=()):
    """DejaVu Sans, U+0020–U+007E, named `family` (style Regular); `layout_features` limits the
    OpenType features kept (None: fontTools' defaults); `drop` names more tables to remove."""
    font = TTFont(SOURCE)
    options = Options()
    options.hinting = False
    if layout_features is not None:
        options.layout_features = layout_features
    options.name_IDs = []
    options.notdef_outline = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    for table in UNUSED_TABLES + tuple(drop):
        if table in font:
            del font[table]
    name = font["name"]
    name.names = []
    for name_id, text in ((1, family), (2, "Regular"), (3, family + " Regular"), (4, family + " Regular"),
                          (5, "Version 1.0"), (6, postscript_name),
                          (0, "Built by CurveType's tests from DejaVu Sans (see Fonts/LICENSE)")):
        name.setName(text, name_id, 3, 1, 0x409)
    return font
