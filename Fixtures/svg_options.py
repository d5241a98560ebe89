"""The SVG writer's own options, which every other writer refuses (`--precision`, `--id-prefix`):
they change how an SVG is written, not what is drawn, so a check that draws a golden case into a
PNG, a PDF or a weld leaves them out."""

SVG_ONLY = ("--precision", "--id-prefix")


def without_svg_settings(words):
    """A case's words without the SVG writer's own options and their values."""
    out, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word in SVG_ONLY:
            skip = True
        elif not any(word.startswith(option + "=") for option in SVG_ONLY):
            out.append(word)
    return out
