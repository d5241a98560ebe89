import CurveType
import Foundation
import TestSupport
import Testing

/// A command line that must fail: one line on stderr naming the problem, a non-zero exit, and
/// no output file written or clobbered.
struct BadInput: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }

    init(_ arguments: [String], _ message: String) {
        self.arguments = arguments
        self.message = message
    }

    static let text = "HELLO"
    static let all: [BadInput] = [
        BadInput(["circle", text, "--font", "/nonexistent/font.ttf"], "font file not found: /nonexistent/font.ttf"),
        BadInput(["path", text], "give the path: --d DATA, --path-file FILE.svg, --ellipse RXxRY or --rect WxH[:R]"),
        BadInput(["path", text, "--d", "M0 0 L9 9", "--ellipse", "9x9"], "give one path, not --d and --ellipse"),
        BadInput(["path", text, "--d", "M 0 0 L 5 x"], "path data, character 11: expected a number, found 'x'"),
        BadInput(["path", text, "--d", "L 5 5"], "path data, character 1: path data must start with M or m"),
        BadInput(["path", text, "--d", "M 1e308 0 l 1e308 0"], "coordinates out of range"),
        BadInput(["path", text, "--d", "M 5 5 M 6 6"], "the path has no length"),
        BadInput(["path", text, "--ellipse", "0x5"], "--ellipse must be RXxRY in px, both greater than 0"),
        BadInput(["path", text, "--rect", "3x4:nan"], "--rect must be WxH or WxH:R in px"),
        BadInput(["path", text, "--d", "M0 0 H9", "--start-offset", "x"], "--start-offset must be px or a percentage"),
        BadInput(["path", text, "--d", "M0 0 H9", "--effect", "warp"], "--effect must be one of auto, rotate, skew, ribbon, stair-step, gravity, bend, not \"warp\""),
        BadInput(["path", text, "--d", "M0 0 H9", "--effect", "bend", "--glyphs", "text"], "text mode writes <textPath>, which only rotates glyphs"),
        BadInput(["path", text, "--d", "M0 0 H9", "--tolerance", "0"], "--tolerance must be at least 0.001 px and at most 100 px, not 0 px"),
        BadInput(["path", text, "--path-file", "/nonexistent/p.svg"], "path file not found: /nonexistent/p.svg"),
        BadInput(["path", text, "--path-file", "Fixtures/paths/wave.svg", "--path-id", "nope"], "it has no <path> with id \"nope\""),
        BadInput(["path", text, "--path-id", "wave", "--d", "M0 0 H9"], "--path-id names a path of --path-file"),
        BadInput(["path", text, "--d", "M0 0 H9", "--fit", "--tracking", "2"], "give --fit or --tracking, not both"),
        BadInput(["circle", text, "--font", "No Such Family Zq9"], "no installed font matches the family in \"No Such Family Zq9\""),
        BadInput(["circle", text, "--font", "CORRUPT"], "not a usable font"),
        BadInput(["circle", text, "--font", "Fonts/DejaVuSans.ttf", "--face-index", "3"], "face index 3 out of range"),
        BadInput(["circle", text, "--font", "Fonts/DejaVuSans.ttf", "--face-index", "-1"], "face index -1 out of range: "),
        BadInput(["circle", text, "--font", "Fonts/DejaVuSans.ttf", "--face-index", "4294967296"], "face index 4294967296 out of range: "),
        BadInput(["circle", text, "--font", "Fonts/DejaVuSans.ttf", "--face-index", "2147483648"], "face index 2147483648 out of range: "),
        BadInput(["spiral", "--b", "-1e308"], "the spiral reaches more than 1e308 px from its centre"),
        BadInput(["spiral", "--a", "1e308"], "the spiral reaches more than 1e308 px from its centre"),
        BadInput(["spiral", "--px-per-unit", "1e19"], "the spiral reaches 6.38e+19 px from its centre"),
        BadInput(["circle", text, "--text-file", "/nonexistent/text.txt"], "give the text or --text-file, not both"),
        BadInput(["circle", "--text-file", "/nonexistent/text.txt"], "text file not found: /nonexistent/text.txt"),
        BadInput(["circle", "--text-file", "CORRUPT"], "is not UTF-8"),
        BadInput(["circle", "--text-file", "Fonts/DejaVuSans.ttf"], "is longer than 16384 bytes, the most set"),
        BadInput(["circle", ""], "the text is empty"),
        BadInput(["circle", "\u{1}\u{7}"], "the text has only control characters"),
        BadInput(["circle", text, "--size", "0"], "--size must be more than 0 px and at most 1000000 px, not 0 px"),
        BadInput(["circle", text, "--size", "-5"], "--size must be more than 0 px and at most 1000000 px, not -5 px"),
        BadInput(["circle", text, "--size", "nan"], "size must be a finite number"),
        BadInput(["circle", text, "--size", "inf"], "size must be a finite number"),
        BadInput(["circle", text, "--radius", "0"], "--radius must be more than 0 px and at most 1000000 px, not 0 px"),
        BadInput(["circle", text, "--radius", "-1"], "--radius must be more than 0 px and at most 1000000 px, not -1 px"),
        BadInput(["circle", text, "--start", "nan"], "start must be a finite number"),
        BadInput(["circle", text, "--tracking", "inf"], "tracking must be a finite number"),
        BadInput(["circle", text, "--fill", "reddish"], "--fill: not a colour: \"reddish\""),
        BadInput(["circle", text, "--fill", "#12"], "not a colour"),
        BadInput(["circle", text, "--precision", "9"], "precision must be a whole number from 0 to 6"),
        BadInput(["circle", text, "--id-prefix", "9 bad\""], "not a usable id prefix"),
        BadInput(["circle", text, "--canvas", "0x100"], "canvas width and height must be greater than 0"),
        BadInput(["circle", text, "--canvas", "big"], "--canvas must be WIDTHxHEIGHT"),
        BadInput(["circle", text, "--sweep", "0"], "--sweep must be more than 0° and at most 360°, not 0°"),
        BadInput(["circle", text, "--sweep", "400"], "--sweep must be more than 0° and at most 360°, not 400°"),
        BadInput(["circle", text, "--sweep", "90", "--tracking", "2"], "give --sweep or --tracking, not both"),
        BadInput(["circle", String(repeating: "W", count: 80), "--radius", "30"], "but the circle is only"),
        BadInput(["circle", "WWWWWWWWWW", "--sweep", "10"], "sweep gives only"),
        BadInput(["circle", text, "--features", "!!"], "not an OpenType feature setting"),
        BadInput(["circle", text, "--align", "diagonal"], "diagonal"),
        BadInput(["circle", text, "--side", "left"], "left"),
        BadInput(["circle", text, "--size", "big"], "big"),
        BadInput(["circle", text, "--no-such-option"], "--no-such-option"),
        BadInput(["circle"], "give the text, or --text-file"),
        BadInput(["triangle", text], "triangle"),
        BadInput(["circle", text, "--padding", "-1"], "--padding must be at least 0 px and at most 1000000 px, not -1 px"),
        BadInput(["circle", text, "--radius", "1e300"], "--radius must be more than 0 px and at most 1000000 px, not 1e+300 px"),
        BadInput(["circle", text, "--size", "1e7"], "--size must be more than 0 px and at most 1000000 px, not 10000000 px"),
        BadInput(["circle", text, "--canvas", "1e9x10"], "canvas width and height must be at most"),
        BadInput(["spiral", "--b", "0"], "b must not be 0"),
        BadInput(["spiral", "--effect", "bend"], "--effect applies to text: give --text too"),
        BadInput(["circle", text, "--effect", "skew"], "--effect must be one of auto, rotate, bend, not \"skew\""),
        BadInput(["circle", "東京", "--orientation", "upright", "--glyphs", "text"], "upright (vertical) writing is drawn as outlines"),
        BadInput(["circle", text, "--orientation", "standing"], "--orientation must be one of sideways, upright, not \"standing\""),
        BadInput(["path", text, "--d", "M0 0 H300", "--orientation", "upright", "--effect", "skew"],
                 "upright (vertical) writing is drawn with --effect auto, rotate or bend, not skew"),
        BadInput(["spiral", "--orientation", "upright"], "--orientation applies to text: give --text too"),
        BadInput(["circle", "بسم الله", "--justify", "kashida"], "kashida stretches words to fill a sweep: give --sweep"),
        BadInput(["seal", "--top", "بسم الله", "--justify", "kashida"], "kashida stretches words to fill a sweep: give --ring, --top-sweep or --bottom-sweep"),
        BadInput(["seal", "--name", "محمد", "--justify", "kashida"], "leave out --justify"),
        BadInput(["path", "بسم الله", "--d", "M0 0 H300", "--justify", "kashida"], "kashida stretches words to fill the path: give --fit"),
        BadInput(["spiral", "--text", "بسم الله", "--justify", "kashida"], "kashida stretches words to fill the spiral: give --fill-spiral"),
        BadInput(["spiral", "--justify", "kashida"], "--justify applies to text: give --text too"),
        BadInput(["circle", text, "--justify", "tatweel"], "--justify must be one of gaps, kashida, not \"tatweel\""),
        BadInput(["seal", "--center", "印", "--orientation", "upright"], "--orientation stands the ring text's glyphs: give --ring, --top or --bottom"),
        BadInput(["seal", "--name", "山田", "--orientation", "upright"], "leave out --orientation"),
        BadInput(["seal", "--top", "東京", "--top-squeeze", "--orientation", "upright"],
                 "--top-squeeze narrows glyphs along the ring, and upright glyphs run down it: give one or the other"),
        BadInput(["spiral", "--b", "nan"], "b must be a finite number"),
        BadInput(["spiral", "--a", "inf"], "a must be a finite number"),
        BadInput(["spiral", "--a", "-1"], "--a must be at least 0 units, not -1 units"),
        BadInput(["spiral", "--from", "720", "--to", "360"], "the end angle (360.0°) must come after the begin angle (720.0°)"),
        BadInput(["spiral", "--from", "90", "--to", "90"], "must come after the begin angle"),
        BadInput(["spiral", "--to", "nan"], "to must be a finite number"),
        BadInput(["spiral", "--turns", "0"], "--turns must be more than 0 turns and at most 10000 turns, not 0 turns"),
        BadInput(["spiral", "--turns", "2", "--to", "90"], "give --to or --turns, not both"),
        BadInput(["spiral", "--turns", "1e6"], "at most 10000 turns"),
        BadInput(["spiral", "--tolerance", "0"], "--tolerance must be more than 0 px, not 0 px"),
        BadInput(["spiral", "--tolerance", "-0.1"], "--tolerance must be more than 0 px, not -0.1 px"),
        BadInput(["spiral", "--tolerance", "0.001"], "the drawing's tolerance leaves 0.00014 px for rounding, and precision 2 rounds a point by up to 0.0071 px: raise --precision or --tolerance"),
        BadInput(["spiral", "--precision", "1"], "leaves 0.0071 px for rounding, and precision 1 rounds a point by up to 0.071 px"),
        BadInput(["spiral", "--canvas", "0x400"], "canvas width and height must be greater than 0"),
        BadInput(["spiral", "--canvas", "400x-1"], "canvas width and height must be greater than 0"),
        BadInput(["spiral", "--domain", "0"], "--domain must be more than 0 units, not 0 units"),
        BadInput(["spiral", "--px-per-unit", "-2"], "--px-per-unit must be more than 0 px, not -2 px"),
        BadInput(["spiral", "--stroke-width", "-1"], "--stroke-width must be at least 0 px and at most 1000000 px, not -1 px"),
        BadInput(["spiral", "--markers", "--marker-radius", "0"], "--marker-radius must be more than 0"),
        BadInput(["spiral", "--stroke", "blurple"], "--stroke: not a colour: \"blurple\""),
        BadInput(["spiral", "--cap", "pointy"], "pointy"),
        BadInput(["spiral", "--a", "1e9"], "px from its centre; at most 1000000 px"),
        BadInput(["spiral", "--clip"], "--clip applies to text: give --text too"),
        BadInput(["spiral", "--text", ""], "the text is empty"),
        BadInput(["spiral", "--text", text, "--size", "0"], "--size must be more than 0 px and at most 1000000 px, not 0 px"),
        BadInput(["spiral", "--text", String(repeating: "W", count: 400)], "past the end of the spiral"),
        BadInput(["spiral", "--text", String(repeating: "W", count: 400), "--fill-spiral"], "the spiral is only"),
        BadInput(["spiral", "--text", text, "--start-angle", "-10"], "start angle must lie on the spiral"),
        BadInput(["spiral", "--text", text, "--start-length", "1e6"], "start length must be from 0 to the spiral's length"),
        BadInput(["spiral", "--text", text, "--start-length", "5", "--start-angle", "30"], "give --start-angle or --start-length, not both"),
        BadInput(["spiral", "--text", text, "--fill-spiral", "--tracking", "2"], "--fill-spiral places the text end to end"),
        BadInput(["fit", text, "--box", "0x100"], "box width must be greater than 0"),
        BadInput(["fit", text, "--box", "100x-5"], "box height must be greater than 0"),
        BadInput(["fit", text, "--box", "nanx100"], "box width must be a finite number"),
        BadInput(["fit", text, "--box", "100xinf"], "box height must be a finite number"),
        BadInput(["fit", text, "--box", "wide"], "--box must be WIDTHxHEIGHT"),
        BadInput(["fit", text, "--box", "100x100", "--min-size", "50", "--max-size", "20"], "the minimum size (50.0 px) is above the maximum size (20.0 px)"),
        BadInput(["fit", text, "--box", "100x100", "--min-scale", "0"], "--min-scale must be more than 0"),
        BadInput(["fit", text, "--box", "100x100", "--min-size", "5", "--min-scale", "0.5"], "give --min-size or --min-scale, not both"),
        BadInput(["fit", text, "--box", "100x100", "--max-lines", "0"], "maximum lines must be at least 1"),
        BadInput(["fit", text, "--box", "100x100", "--line-height", "-1"], "--line-height must be more than 0×, not -1×"),
        BadInput(["fit", "", "--box", "100x100"], "the text is empty"),
        BadInput(["fit", "--box", "100x100"], "give the text, or rows with --row"),
        BadInput(["fit", text, "--row", "A", "--box", "100x100"], "give the text or --row, not both"),
        BadInput(["fit", "--row", "A", "--row", "", "--box", "100x100"], "row 2 is empty"),
        BadInput(["fit", "--row", "A", "--row", "  ", "--box", "100x100"], "row 2 is empty"),
        BadInput(["fit", "--row", "A", "--row", "B", "--main", "3", "--box", "100x100"], "--main must be from 1 to 2"),
        BadInput(["fit", "--row", "A", "--row", "B", "--align", "leading,center,trailing", "--box", "100x100"], "one per row (2), not 3"),
        BadInput(["fit", text, "--box", "100x100", "--align", "center,diagonal"], "--align: not an alignment: \"diagonal\""),
        BadInput(["fit", "--row", "WWWWWWWW", "--row", "i", "--main", "2", "--box", "100x100"], "wider than the main row"),
        BadInput(["fit", String(repeating: "word ", count: 200), "--box", "20x20", "--min-size", "10"], "does not fit in 20x20 px even at the minimum size"),
        BadInput(["fit", text, "--box", "100x100", "--gap", "3"], "--gap applies to rows"),
        BadInput(["angle", "nan"], "angle must be a finite number"),
        BadInput(["angle", "inf"], "angle must be a finite number"),
        BadInput(["angle", "400"], "angle must be from -360 to 360 degrees"),
        BadInput(["angle", "-400"], "angle must be from -360 to 360 degrees"),
        BadInput(["angle", "45", "--inset", "250"], "leave nothing of the 400.0 px frame"),
        BadInput(["angle", "45", "--inset", "200"], "leave nothing of the 400.0 px frame"),
        BadInput(["angle", "45", "--inset", "-1"], "--inset must be at least 0 px, not -1 px"),
        BadInput(["angle", "45", "--frame", "0"], "frame must be more than 0"),
        BadInput(["angle", "45", "--stroke-width", "-2"], "--stroke-width must be at least 0 px, not -2 px"),
        BadInput(["angle", "45", "--marker-radius", "0"], "--marker-radius must be more than 0"),
        BadInput(["angle", "45", "--from", "nan"], "from must be a finite number"),
        BadInput(["angle", "45", "--from", "0", "--duration", "0"], "duration must be more than 0"),
        BadInput(["angle", "45", "--from", "0", "--frames", "1", "--out-dir", "frames"], "frames must be at least 2"),
        BadInput(["angle", "45", "--frames", "5", "--out-dir", "frames"], "--frames needs --from"),
        BadInput(["angle", "45", "--from", "0", "--frames", "5"], "give --frames and --out-dir together"),
        BadInput(["angle", "45", "--light", "white"], "give --light and --dark together"),
        BadInput(["angle", "45", "--decimals", "9"], "decimals must be from 0 to 6"),
        BadInput(["angle", "45", "--unit", "grad"], "grad"),
        BadInput(["angle", "45", "--ink-color", "nope"], "--ink-color: not a colour"),
        BadInput(["angle", "45", "--color", "red"], "unknown option '--color' for angle (did you mean --ink-color?)"),
        BadInput(["angle"], "give the angle in degrees"),
        BadInput(["badge", "--label", "a"], "give the badge a message (--message)"),
        BadInput(["badge", "--message", "ok", "--color", "greenish"], "--color: not a colour: \"greenish\""),
        BadInput(["badge", "--message", "ok", "--label-color", "#12345"], "--label-color: not a colour"),
        BadInput(["badge", "--message", "ok", "--style", "round"], "round"),
        BadInput(["badge", "--message", "ok", "--link", "javascript:alert(1)"], "the link must be an http, https or mailto URL"),
        BadInput(["badge", "--message", "ok", "--label-link", "https://exa mple.com"], "the label link holds spaces"),
        BadInput(["badge", "--message", "ok", "--link", "https:///path"], "the link has no host"),
        BadInput(["badge", "--message", "ok", "--logo", "/nonexistent/logo.svg"], "logo file not found"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/png;base64,iVBORw0KGgo="], "its PNG ends inside a chunk (no IEND)"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/gif;base64,R0lGODlhAQABAAAAACw="], "the logo must be SVG, PNG or JPEG"),
        BadInput(["badge", "--message", "ok", "--logo", "githb"], "no logo is named \"githb\" (did you mean github?)"),
        // Closest names for values as for options: an abbreviation, a command, a colour, a choice.
        BadInput(["badge", "--label", "a", "--mess", "b"], "unknown option '--mess' for badge (did you mean --message?)"),
        BadInput(["circel", "hi"], "unknown command 'circel' (did you mean circle?)"),
        BadInput(["help", "circel"], "unknown command 'circel' (did you mean circle?)"),
        BadInput(["badge", "--label", "a", "--message", "b", "--color", "gren"], "(did you mean green?)"),
        BadInput(["circle", "hi", "--text-color", "rde"], "(did you mean red?)"),
        BadInput(["circle", "hi", "--align", "centr"], "not \"centr\" (did you mean center?)"),
        BadInput(["badge", "--label", "a", "--message", "b", "--style", "flatt"], "(did you mean flat?)"),
        BadInput(["circle", "hi", "--font", "DejaVu Sans:bolld"], "\"bolld\" in the font pattern \"DejaVu Sans:bolld\" is no Fontconfig style (did you mean bold?)"),
        BadInput(["badge", "--message", "ok", "--logo", "github", "--logo-width", "500"], "--logo-width must be at least 0 px and at most 100 px, not 500 px"),
        BadInput(["badge", "--message", "ok", "--logo", "github", "--logo-size", "huge"], "huge"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/svg+xml;base64,%%%"], "not valid base64"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/svg+xml,<svg><rect/></svg>"], "it has no size (no viewBox, width or height) and draws no shape"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/svg+xml,<svg viewBox='0 0 1 1'>"], "<svg> is never closed"),
        BadInput(["badge", "--message", "ok", "--logo", "data:image/svg+xml,<svg viewBox='0 0 1 1'>&xxe;</svg>"], "entity &xxe;"),
        BadInput(["badge", "--message", "ok", "--logo-color", "red"], "--logo-color applies to a logo"),
        // Parts, grids, progress, themes and data files.
        BadInput(["badge", "--part", "a", "--message", "b"], "give the badge --part, or its --message and the rest, not both"),
        BadInput(["badge", "--part", "a", "--part", "b", "--part-color", "red", "--part-color", "blue", "--part-color", "green"],
                 "3 --part-color for 2 --part: give one a part at most"),
        BadInput(["badge", "--part", "a", "--part", "b", "--part", "c", "--columns", "2"], "3 parts do not fill rows of 2 (--columns)"),
        BadInput(["badge", "--part", "a", "--columns", "9"], "--columns must be 1–8"),
        BadInput(["badge", "--part", "a", "--part-color", "reddish"], "--part-color: not a colour"),
        BadInput(["badge", "--part", "a", "--part-logo", "githb"], "(did you mean github?)"),
        BadInput(["badge", "--part", "a", "--part-link", "ftp://x"], "must be an http, https or mailto URL"),
        BadInput(["badge", "--part", "a", "--part", "b", "--message-color", "red"], "takes each part's colour from --part-color"),
        BadInput(["badge", "--part-color", "red"], "give the badge its parts (--part, once a part)"),
        BadInput(["badge", "--label", "a", "--progress", "120%"], "--progress must be a share from 0 to 1 or a percentage from 0% to 100%"),
        BadInput(["badge", "--label", "a", "--progress", "x"], "--progress must be a share"),
        BadInput(["badge", "--message", "a", "--progress-gradient"], "--progress-gradient draws a bar: give --progress too"),
        BadInput(["badge", "--message", "a", "--track-color", "red"], "--track-color is the bar's: give --progress too"),
        BadInput(["badge", "--progress", "0.5", "--progress-gradient", "--message-color", "red"], "the bar is filled with --progress-gradient or --message-color"),
        BadInput(["badge", "--message", "a", "--theme", "night"], "night"),
        BadInput(["badge", "--endpoint", "/nonexistent/badge.json"], "endpoint file not found: /nonexistent/badge.json"),
        BadInput(["badge", "--endpoint", "Fixtures/badge-data/coreax-coverage.json", "--message", "x"], "the message comes from --message or --endpoint, not both"),
        BadInput(["badge", "--endpoint", "Fixtures/badge-data/README.md"], "it is not valid JSON"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json"], "the message is with --query"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json", "--query", "$.nothing"], "the query $.nothing finds nothing"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json", "--query", "$.repository"], "finds an object"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json", "--query", "$..version"], "recursive descent"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json", "--query", "$[?(@.a)]"], "not a whole number, * or a quoted name"),
        BadInput(["badge", "--json", "Fixtures/badge-data/badge-maker-package.json", "--query", "version"], "a query starts with $"),
        BadInput(["badge", "--message", "a", "--suffix", "%"], "--suffix applies to the value of a JSON file: give --json too"),
        // Found by fuzzing: coordinates past every length limit were placed wrong (1e17 + 10 is
        // 1e17) or overflowed into "no length"; a 100 KB option name took seconds to refuse.
        BadInput(["path", "Hi", "--d", "M1e17 0 L1e17 100"], "the path's coordinates reach 1e+17 px: they must lie within ±1000000 px"),
        BadInput(["path", "Hi", "--d", "M -1e308 0 L 1e308 0"], "the path's coordinates reach 1e+308 px"),
        BadInput(["badge", "--message", "x", "--" + String(repeating: "a", count: 100_000), "y"], "(option names are at most 64 characters)"),
        BadInput(["badge", "--message", "ok", "--fallback-font", "/nonexistent/emoji.ttf"], "font file not found"),
        BadInput(["badge", "--message", "ok", "--precision", "7"], "precision must be a whole number from 0 to 6"),
        BadInput(["seal", "--ring", "RING", "--center", "A", "--radius", "5"], "--radius must be at least 10 px and at most 2000 px, not 5 px"),
        BadInput(["seal", "--name", "山田", "--units", "mm", "--radius", "2"], "--radius must be at least 2.6458 mm and at most 529.1667 mm, not 2 mm"),
        BadInput(["seal", "--ring", "RING", "--center", "A", "--ring-size", "40", "--radius", "80"], "ring text size must be from 2 px"),
        BadInput(["seal", "--ring", " ", "--center", "A"], "the ring text is empty"),
        BadInput(["seal", "--ring", "RING", "--center", " \n "], "the centre text is empty"),
        BadInput(["seal", "--ring", String(repeating: "TOO LONG FOR THE RING ", count: 8), "--center", "A", "--radius", "80"], "(give shorter text or a --ring-size smaller than the 15 % of the radius it is now)"),
        BadInput(["seal", "--ring", "RING", "--center", "A", "--ink-color", "nope"], "not a colour"),
        BadInput(["seal", "--ring", "RING", "--center", "A", "--color", "red"], "(did you mean --ink-color?)"),
        BadInput(["seal"], "give the seal its text: --top and --bottom arcs"),
        BadInput(["seal", "--top", "A", "--ring", "B"], "--ring fills the whole circle"),
        BadInput(["seal", "--ring", "RING", "--separator", "★"], "leaving no gap for --separator"),
        BadInput(["seal", "--top-sweep", "90", "--bottom", "B"], "--top-sweep sets top arcs: give --top TEXT"),
        BadInput(["seal", "--top", "A", "--border", "wavy"], "a border is solid, double, dotted, dashed, milled, serrated, none or glyphs:TEXT"),
        // Text for machines: units, single-line fonts, machine files' settings, outlines.
        BadInput(["circle", text, "--units", "furlong"], "--units must be one of mm, cm, in, pt, px, not \"furlong\""),
        BadInput(["circle", text, "--font", "hershey:nope"], "Hershey font not found: /usr/share/hershey-fonts/nope.jhf (install Debian's hershey-fonts-data"),
        BadInput(["circle", text, "--font", "hershey:futural", "--glyphs", "text"], "a single-line font has no characters for a viewer to set"),
        BadInput(["circle", text, "--pen-width", "1"], "--pen-width draws single-line fonts (hershey:NAME, a .jhf file, an SVG font), and this drawing has none"),
        BadInput(["circle", text, "--font", "Fixtures/machine/stencil-word.svg"], "Fixtures/machine/stencil-word.svg: not an SVG font: it has no <font> element"),
        BadInput(["circle", text, "--font", "Fixtures/fonts/relief/ReliefSingleLineSVG-Regular.svg", "--glyphs", "text"], "a single-line font has no characters for a viewer to set"),
        BadInput(["circle", text, "--font", "Fixtures/fonts/relief/ReliefSingleLineOTF-SVG-Regular.otf", "--glyphs", "text"], "a single-line font has no characters for a viewer to set"),
        BadInput(["circle", text, "--machine-tolerance", "0.1"], "--machine-tolerance is for machine files"),
        BadInput(["circle", text, "--format", "dxf", "--feed", "10"], "--feed is for G-code"),
        BadInput(["circle", text, "--format", "gcode", "--machine-tolerance", "0"], "--machine-tolerance must be more than 0 and at most 10"),
        BadInput(["circle", text, "--format", "gcode", "--gcode-template", "/nonexistent"], "G-code template file not found: /nonexistent"),
        BadInput(["circle", text, "--format", "gcode", "--gcode-template", "Fixtures/machine/goldens.txt"], "the G-code template's lines must follow a section"),
        // 64 KiB is the limit, said as it is (it was said as 60 bytes).
        BadInput(["circle", text, "--format", "gcode", "--gcode-template", "Fonts/DejaVuSans.ttf"], "is larger than 64 KiB"),
        BadInput(["circle", text, "--format", "dxf", "--frame-time", "1"], "--frame-time draws one moment into a PNG or PDF; a machine file is the drawing after its animations end"),
        BadInput(["circle", text, "--kerf", "0"], "--kerf must be more than 0 and at most 1000 px"),
        BadInput(["circle", text, "--units", "mm", "--stencil", "2000"], "--stencil must be more than 0 and at most 1000 mm"),
        BadInput(["badge", "--message", "ok", "--format", "dxf", "--logo", "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg=="],
                 "the data: URL logo is a picture (PNG), with no outlines to cut or weld: give an SVG logo, a simple-icons name, or none"),
        // Named as typed, in the user's unit, with a pointer where another command's name was typed.
        BadInput(["circle", text, "--radius", "-5", "--units", "mm"], "--radius must be more than 0 mm and at most 264583.3333 mm, not -5 mm"),
        BadInput(["circle", text, "--radius", "autox"], "--radius must be a number or auto, not \"autox\""),
        BadInput(["circle", text, "--color", "red"], "unknown option '--color' for circle (did you mean --text-color?)"),
        BadInput(["path", text, "--path-file", "Docs/gallery/circle.png"], "Docs/gallery/circle.png is a PNG picture, not an SVG file"),
        BadInput(["seal", "--top", "A", "--border", "solid:0"], "a border's width must be from 0.25 px to 100 px, not 0 px"),
        BadInput(["seal", "--top", "A", "--units", "in", "--border", "milled:6"], "a border's width must be from 0.0026 in to 1.0417 in, not 6 in"),
        BadInput(["seal", "--top", "A", "--border", "knurled:3"], "a border is solid, double, dotted, dashed, milled, serrated, none or glyphs:TEXT"),
        BadInput(["seal", "--top", "A", "--border", "glyphs:"], "a row of glyphs needs its text"),
        BadInput(["seal", "--name", "山田", "--top", "X"], "a name seal (--name) holds its characters only: leave out --top"),
        BadInput(["seal", "--grid", "2x2", "--top", "X"], "--grid arranges a name seal's characters"),
        BadInput(["seal", "--name", "一二三四五六七八九十"], "a name seal holds 1 to 9 characters, not 10"),
        BadInput(["seal", "--name", "山田太郎", "--grid", "1x2"], "4 characters do not fill a grid of 1 columns of 2"),
        BadInput(["seal", "--name", "山田", "--grid", "two"], "--grid must be COLUMNSxROWS"),
        BadInput(["seal", "--name", "山田太郎", "--grid", "2.5x2"], "--grid must be COLUMNSxROWS, such as 2x2, not \"2.5x2\""),
        BadInput(["path", "hi", "--rect", "300x100:20:5"], "--rect must be WxH or WxH:R in px"),
        BadInput(["path", "hi", "--ellipse", "120x80:3"], "--ellipse must be RXxRY in px"),
        BadInput(["seal", "--name", "山田", "--glyphs", "text"], "draw the glyphs as outlines or selectable"),
        // A text layer asked of a format that has no text, or of welded outlines, which keep none.
        BadInput(["circle", "Hello", "--glyphs", "selectable", "--format", "png"], "--glyphs selectable puts the text under the outlines, and a PNG has no text"),
        BadInput(["circle", "Hello", "--glyphs", "selectable", "--format", "dxf"], "and a machine file has no text: write .svg or .pdf"),
        BadInput(["badge", "--label", "a", "--message", "b", "--glyphs", "selectable", "--format", "plotter-svg"], "a machine file has no text"),
        BadInput(["seal", "--ring", "ACME", "--glyphs", "selectable", "--weld"], "welded outlines keep no text: give --glyphs outlines with --weld"),
        // The SVG writer's settings, given for another writer.
        BadInput(["circle", "Hello", "--precision", "3", "--format", "png"], "--precision sets an SVG's decimals, and a PNG has none: write .svg or give no --precision"),
        BadInput(["badge", "--label", "a", "--message", "b", "--id-prefix", "b1", "--format", "pdf"], "--id-prefix sets an SVG's ids, and a PDF has none"),
        BadInput(["warp", "Hi", "--preset", "arch-up", "--precision", "4", "--format", "dxf"], "and a machine file has none"),
        BadInput(["warp", "Hello", "--preset", "wave1", "--glyphs", "text"], "use --glyphs outlines or selectable"),
        BadInput(["seal", "--top", "A VERY LONG TOP ARC OF TEXT", "--top-sweep", "20", "--radius", "80"], "(give a larger --top-sweep, a smaller --top-size, or shorter text)"),
        BadInput(["seal", "--top", "A LONG TOP ARC", "--bottom", "A LONG BOTTOM ARC", "--top-angle", "180"], "the arcs of ring 1 overlap"),
        BadInput(["seal", "--top", "A", "--negative", "--background", "none"], "a negative seal draws its text in the background colour"),
        BadInput(["seal", "--top", "A", "--ellipse", "10x"], "--ellipse must be RXxRY in px"),
        BadInput(["seal", "--top", "A", "--ellipse", "120x5"], "vertical radius must be from 10 px to 2000 px"),
        BadInput(["seal", "--top", "A", "--shape", "round"], "--shape is a name seal's"),
        BadInput(["seal", "--top", "A", "--radius", "90", "--ellipse", "120x80"], "give --radius or --ellipse, not both"),
        BadInput(["seal", "--name", "山田", "--gap", "3"], "leave out --gap"),
        BadInput(["seal", "--name", "山田", "--center-color", "red"], "leave out --center-color"),
        BadInput(["seal", "--top", "A", "--center-color", "red"], "--center-color sets the centre text: give --center too"),
        BadInput(["seal", "--top", "A", "--gap", "200"], "--gap must be at least 0 px and at most 100 px, not 200 px"),
        BadInput(["seal", "--top", "A LONG ARC OF TEXT ALL ROUND", "--top-size", "20", "--radius", "60"], "(give a larger --radius, fewer arcs, shorter text or a smaller --top-size)"),
        BadInput(["seal", "--top", "A", "--separator", "★", "--separator-logo", "github"], "give --separator or --separator-logo, not both"),
        BadInput(["seal", "--top", "A"] + Array(repeating: ["--border", "solid"], count: 200).flatMap { $0 },
                 "a seal has at most 8 rings, not 199: 1 of text, and 198 of the --border values past one for each text ring and the inner one"),
        BadInput(["seal", "--top", "A", "--separator-size", "3"], "--separator-size 3 px sizes separators: give --separator or --separator-logo"),
        BadInput(["seal", "--top", "A", "--bottom", "B", "--separator", "★", "--separator-size", "40", "--radius", "60"],
                 "--separator-size must be more than 0 px and at most a third of the radius (20 px), not 40 px"),
        BadInput(["seal", "--top", "AB CD", "--bottom", "EFG", "--top-sweep", "360"], "--top-sweep 360 takes the whole ring, and it has 2 arcs"),
        BadInput(["seal", "--top", "HCD", "--top", "EB", "--bottom", "GJ", "--bottom", "HG", "--top", "JFD", "--top", "HJ", "--radius", "60"],
                 "keeps at least 6 px free inside them: give fewer rings, shorter text or a --ring-size smaller than the 15 % of the radius it is now"),
        BadInput(["seal", "--top", "HCD", "--top", "EB", "--bottom", "GJ", "--bottom", "HG", "--top", "JFD", "--top", "HJ", "--units", "mm", "--radius", "16"],
                 "and a seal of radius 16 mm keeps at least 1.6 mm free inside them"),
        BadInput(["seal", "--ring", "CurveType stamp", "--center", "CENTER", "--weld", "--machine-tolerance", "1e-9"],
                 "--machine-tolerance 1e-09 mm is finer than this drawing needs: give at least 4.4e-05 mm"),
        BadInput(["badge", "--label", "日本語のテキスト", "--message", "ok", "--units", "mm", "--stencil", "5", "--machine-tolerance", "0.000001"],
                 "--machine-tolerance 1e-06 mm is finer than this drawing needs: give at least"),
        BadInput(["circle", text, "--units", "in", "--weld", "--machine-tolerance", "1e-9"], "--machine-tolerance 1e-09 in is finer than this drawing needs"),
    ]
}

@Suite struct CLITests {
    init() { precondition(workingInPackageRoot, "cannot work in the repository's root") }

    @Test(arguments: BadInput.all)
    func badInputFailsCleanly(_ bad: BadInput) throws {
        let scratch = try scratchFolder("bad")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let corrupt = scratch.appendingPathComponent("corrupt.ttf")
        let font = try Data(contentsOf: packageRoot.appendingPathComponent("Fonts/DejaVuSans.ttf"))
        try font.prefix(5000).write(to: corrupt)
        let output = scratch.appendingPathComponent("out.svg")
        let layout = scratch.appendingPathComponent("out.json")
        try Data("KEEP".utf8).write(to: output)  // an earlier result that must survive
        let arguments = bad.arguments.map {
            $0 == "CORRUPT" ? corrupt.path : $0.hasPrefix("Fonts/") || $0.hasPrefix("Fixtures/") ? packageRoot.appendingPathComponent($0).path : $0
        }
        let run = try curvetype(arguments + ["-o", output.path, "--layout", layout.path])
        #expect(run.status != 0)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.hasPrefix("curvetype: error: "), "stderr: \(run.stderr)")
        #expect(run.stderr.contains(bad.message), "stderr: \(run.stderr)")
        // Every flag the message suggests is one this command has (a library message names its
        // parameters; the command line writes them by its declarations).
        if let name = bad.arguments.first, let command = CommandDeclaration.named(name) {
            let message = run.stderr.dropFirst("curvetype: error: ".count)
            let flags = message.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init)
                .filter { $0.hasPrefix("--") && $0.count > 2 }
            for flag in flags where !bad.arguments.contains(where: { $0.hasPrefix(flag) }) {
                #expect(command.options.contains { $0.commandLineName == flag } || ["--output", "--layout", "--quiet"].contains(flag),
                        "\(flag) is no option of \(command.name): \(run.stderr)")
            }
        }
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == "KEEP")
        #expect(!FileManager.default.fileExists(atPath: layout.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unwritableOutputsWriteNothing() throws {
        let scratch = try scratchFolder("unwritable")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let svg = scratch.appendingPathComponent("a.svg")
        // The layout cannot be written, so the SVG must not be either.
        let run = try curvetype(["circle", "HELLO", "-o", svg.path, "--layout", "/nonexistent-dir/a.json"])
        #expect(run.status != 0)
        #expect(run.stderr == "curvetype: error: cannot write /nonexistent-dir/a.json: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: svg.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        let directory = try curvetype(["circle", "HELLO", "-o", scratch.path])
        #expect(directory.status != 0)
        #expect(directory.stderr == "curvetype: error: cannot write \(scratch.path): it is a directory\n")
    }

    @Test func writesSVGToStandardOutputAndAcceptsNegativeValues() throws {
        let run = try curvetype(["circle", "NEGATIVE", "--start", "-90", "--tracking", "-0.5", "--baseline-shift", "-3"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(run.stdout.hasSuffix("</svg>\n"))
        let text = try curvetype(["circle", "--", "-dash first"])
        #expect(text.status == 0 && text.stdout.contains("aria-label=\"-dash first\""))
    }

    /// A short option's value may be joined to it, as getopt and swift-argument-parser read it:
    /// `-ox` and `-o=x` write x, as `-o x` and `--output=x` do.
    @Test func shortOptionsTakeJoinedValues() throws {
        let scratch = try scratchFolder("short")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (spelling, name) in [(["-oa.svg"], "a.svg"), (["-o=b.svg"], "b.svg"), (["-o", "c.svg"], "c.svg"), (["--output=d.svg"], "d.svg")] {
            let path = scratch.appendingPathComponent(name).path
            let run = try curvetype(["badge", "--message", "ok"] + spelling.map { $0.replacing(name, with: path) })
            #expect(run.status == 0, "\(spelling): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: path), "\(spelling)")
        }
        let flag = try curvetype(["badge", "--message", "ok", "-qx"])
        #expect(flag.status != 0 && flag.stderr.contains("unknown option '-qx'"), "\(flag.stderr)")
    }

    /// `curvetype logos WORD` refuses a word longer than every logo's name at once, as the
    /// server's look-up caps it, instead of comparing it with 3,364 names.
    @Test func logosRefusesAWordLongerThanEveryName() throws {
        let run = try curvetype(["logos", String(repeating: "a", count: 100_000)])
        #expect(run.status == 1)
        #expect(run.stderr == "curvetype: error: the word to look for is 100000 characters long; no logo's slug or title has more than 64\n")
        let near = try curvetype(["logos", String(repeating: "a", count: 64)])
        #expect(near.status == 1 && near.stderr.contains("no logo's slug or title holds"), "\(near.stderr)")
    }

    /// ICU and cairo are opened when a line is broken or a PNG or PDF drawn, not linked: a
    /// badge's process never loads them (ICU's data alone is 30 MB of mappings before main).
    @Test func theBinaryLinksNeitherICUNorCairo() throws {
        let readelf = try #require(which("readelf"), "binutils' readelf")
        let run = try runProcess(readelf, ["-d", curvetypeBinary])
        let needed = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libharfbuzz") }, "the listing names what is linked")
        for library in ["libicu", "libcairo", "libfontconfig", "libfribidi", "libpolyclipping"] {
            #expect(!needed.contains { $0.contains(library) }, "\(library) is loaded on first use, not linked: \(needed)")
        }
        let fitted = try curvetype(["fit", "the quick brown fox jumps over the lazy dog", "--box", "120x80", "--layout", "-", "-o", "/dev/null"])
        #expect(fitted.status == 0 && fitted.stdout.contains("\"the quick\""), "ICU, opened on first use, still breaks lines: \(fitted.stdout.prefix(200))")
        // FriBiDi, opened on first use, still orders right-to-left text; Fontconfig still finds
        // a font by name.
        let hebrew = try curvetype(["fit", "שלום 123 עולם", "--box", "200x40", "--layout", "-", "-o", "/dev/null"])
        #expect(hebrew.status == 0, "\(hebrew.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(hebrew.stdout.utf8)) as? [String: Any])
        let glyphs = try #require(layout["glyphs"] as? [[String: Any]])
        let leftmost = try #require(glyphs.min { ($0["x"] as? Double ?? 0) < ($1["x"] as? Double ?? 0) })
        #expect((leftmost["cluster"] as? Int ?? 0) >= 16, "the last word (UTF-8 bytes 16 on) is drawn leftmost: \(leftmost)")
        let named = try curvetype(["badge", "--message", "x", "--font", "DejaVu Serif", "-o", "/dev/null"])
        #expect(named.status == 0, "\(named.stderr)")
    }

    /// Clipper's library is loaded when a weld needs it: glibc's loader, asked what it loads
    /// (`LD_DEBUG=libs`), loads it for a welded badge and not for a plain one.
    @Test func clipperIsLoadedOnlyForAWeld() throws {
        let words = ["badge", "--label", "weld", "--message", "me", "-o", "/dev/null"]
        let plain = try runProcess(curvetypeBinary, words, environment: ["LD_DEBUG": "libs"])
        let plainLog = String(decoding: plain.stderr, as: UTF8.self)
        #expect(plain.status == 0 && plainLog.contains("calling init"), "the loader says what it loads")
        #expect(!plainLog.contains("libpolyclipping"), "a badge loads no Clipper")
        let welded = try runProcess(curvetypeBinary, words + ["--weld"], environment: ["LD_DEBUG": "libs"])
        #expect(welded.status == 0 && String(decoding: welded.stderr, as: UTF8.self).contains("libpolyclipping.so.22"), "a weld loads Clipper")
    }

    @Test func writesTheLayoutJSON() throws {
        let scratch = try scratchFolder("layout")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let json = scratch.appendingPathComponent("layout.json")
        let run = try curvetype(["circle", "Ab", "--size", "20", "--radius", "50", "--layout", json.path,
                                 "--canvas", "200x200"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(object["fontSize"] as? Double == 20)
        #expect(object["unitsPerEm"] as? Int == 2048)
        #expect(object["radius"] as? Double == 50)
        let center = try #require(object["center"] as? [String: Double])
        #expect(center == ["x": 100, "y": 100])
        let glyphs = try #require(object["glyphs"] as? [[String: Any]])
        #expect(glyphs.count == 2)
        #expect(Set(glyphs[0].keys).isSuperset(of: ["glyph", "cluster", "x", "y", "angle", "advance"]))
        #expect(glyphs[1]["cluster"] as? Int == 1)
    }

    @Test func missingCharactersInAFontFileAreAWarning() throws {
        let mono = packageRoot.appendingPathComponent("Fonts/DejaVuSansMono.ttf").path
        let run = try curvetype(["circle", "a ש ∰", "--font", mono])
        #expect(run.status == 0)
        #expect(run.stderr == "curvetype: warning: DejaVu Sans Mono has no glyph for U+05E9, U+2230; drawn as .notdef\n")
        let family = try curvetype(["circle", "a ש", "--font", "DejaVu Sans Mono"])
        #expect(family.status == 0 && family.stderr.isEmpty, "Fontconfig finds a fallback for ש")
    }

    /// `--quiet` drops warnings, with options in either spelling (`--size 16`, `--size=16`),
    /// and in a batch; errors still print.
    @Test func quietDropsWarningsNotErrors() throws {
        for words in [["circle", "A\u{1B}B", "--quiet"], ["circle", "A\u{1B}B", "--size=16", "--quiet"]] {
            let run = try curvetype(words)
            #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.hasPrefix("<svg"), "\(words)")
        }
        let loud = try curvetype(["circle", "A\u{1B}B"])
        #expect(loud.stderr == "curvetype: warning: removed 1 control character from the text\n")
        let failing = try curvetype(["circle", "A", "--size", "0", "--quiet"])
        #expect(failing.status != 0 && failing.stderr.hasPrefix("curvetype: error: "))

        let scratch = try scratchFolder("quiet")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        let lines = [#"{"command": "circle", "args": ["A\u001bB"], "output": "\#(scratch.appendingPathComponent("1.svg").path)"}"#,
                     #"{"command": "badge", "message": "x"}"#]
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let batch = try curvetype(["batch", jobs.path, "--quiet"])
        #expect(batch.status == 1)
        #expect(batch.stderr == "curvetype: error: job 2: give the job an \"output\" path\ncurvetype: 1 of 2 jobs failed\n")
    }

    /// One alignment vocabulary: start, center, end everywhere, and other tools' names for them.
    @Test func alignmentsTakeEveryCommonName() throws {
        for (command, canonical, aliases) in [
            (["circle", "Hello"], "start", ["left", "leading", "LEFT"]), (["path", "Hello", "--d", "M0 0 H200"], "end", ["right", "trailing"]),
            (["spiral", "--text", "Hello"], "center", ["centre", "middle"]),
            (["fit", "Hello", "--box", "200x50"], "start", ["left", "leading"]), (["fit", "Hello", "--box", "200x50"], "end", ["right", "trailing"]),
        ] {
            let expected = try curvetype(command + ["--align", canonical])
            #expect(expected.status == 0)
            for alias in aliases {
                let run = try curvetype(command + ["--align", alias])
                #expect(run.status == 0 && run.stdout == expected.stdout, "\(command) --align \(alias)")
                // `--align=VALUE` reads it alike.
                #expect(try curvetype(command + ["--align=" + alias]).stdout == expected.stdout, "\(command) --align=\(alias)")
            }
        }
        let other = try curvetype(["circle", "Hello", "--align", "end"])
        #expect(other.stdout != (try curvetype(["circle", "Hello", "--align", "left"])).stdout)
    }

    /// Colour options are named for what they paint (`--text-color`, `--line-color`,
    /// `--marker-color`, `--message-color`); the old names still work, on both CLI paths and in
    /// batch JSON, give the same bytes, and are the names messages use when typed.
    @Test func colourOptionsAnswerToTheirOldNames() throws {
        // Each command's words, and the same as a batch job's keys.
        let cases: [(command: [String], job: [String: Any], name: String, old: String)] = [
            (["circle", "Hello"], ["args": ["Hello"]], "--text-color", "--fill"),
            (["fit", "Hello", "--box", "200x50"], ["args": ["Hello"], "box": "200x50"], "--text-color", "--fill"),
            (["path", "Hello", "--d", "M0 0 H200"], ["args": ["Hello"], "d": "M0 0 H200"], "--text-color", "--fill"),
            (["path", "Hello", "--d", "M0 0 H200"], ["args": ["Hello"], "d": "M0 0 H200"], "--line-color", "--path-stroke"),
            (["spiral", "--text", "Hello"], ["text": "Hello"], "--text-color", "--text-fill"),
            (["spiral"], [:], "--line-color", "--stroke"),
            (["spiral", "--markers"], ["markers": true], "--marker-color", "--marker-stroke"),
            (["spiral", "--markers"], ["markers": true], "--marker-fill-color", "--marker-fill"),
            (["badge", "--label", "a", "--message", "b"], ["label": "a", "message": "b"], "--message-color", "--color"),
        ]
        let scratch = try scratchFolder("colours")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (command, base, name, old) in cases {
            let expected = try curvetype(command + [name, "#b45309"])
            #expect(expected.status == 0, "\(command) \(name)")
            #expect(expected.stdout != (try curvetype(command)).stdout, "\(command) \(name) changes nothing")
            for words in [[old, "#b45309"], [old + "=#b45309"]] {
                let run = try curvetype(command + words)
                #expect(run.status == 0 && run.stdout == expected.stdout, "\(command) \(words)")
            }
            // In a batch job, by the old name.
            var job = base
            job["command"] = command[0]
            job["output"] = scratch.appendingPathComponent("job.svg").path
            job[String(old.dropFirst(2))] = "#b45309"
            let jobs = scratch.appendingPathComponent("jobs.json")
            try JSONSerialization.data(withJSONObject: [job]).write(to: jobs)
            #expect(try curvetype(["batch", jobs.path]).status == 0, "\(job)")
            #expect(try String(contentsOf: scratch.appendingPathComponent("job.svg"), encoding: .utf8) == expected.stdout, "batch \(job)")
            // A message names the option as typed; both names at once are refused.
            let bad = try curvetype(command + [old, "nocolour"])
            #expect(bad.status != 0 && bad.stderr.contains("\(old): not a colour"), "\(command) \(old): \(bad.stderr)")
            let both = try curvetype(command + [name, "red", old, "blue"])
            #expect(both.status != 0 && both.stderr.contains("give \(name) or \(old), not both"), "\(both.stderr)")
        }
    }

    /// Font names as people type them: Fontconfig's metric-compatible substitutes with one
    /// notice (Liberation, from fonts-liberation2, which `make test` installs), full names, and
    /// a refusal when Fontconfig would only fall back to an unrelated family.
    /// A path file needs no size: its coordinates are taken as they are (one with no viewBox,
    /// width or height, and nothing to size it by but a flat line, was refused as "no size").
    @Test func pathFileWithoutASize() throws {
        let scratch = try scratchFolder("path-file")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("line.svg")
        try "<svg xmlns='http://www.w3.org/2000/svg'><path d='M 0 50 L 300 50'/></svg>".write(to: file, atomically: true, encoding: .utf8)
        let run = try curvetype(["path", "Flat line", "--path-file", file.path, "--layout", "-", "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"glyphs\""))
    }

    @Test func fontNamesAsPeopleTypeThem() throws {
        for (family, used) in [("Arial", "Liberation Sans"), ("Times New Roman", "Liberation Serif"), ("Courier New", "Liberation Mono")] {
            let run = try curvetype(["circle", "Hello", "--font", family, "--layout", "-", "-o", "/dev/null"])
            #expect(run.status == 0)
            #expect(run.stderr == "curvetype: warning: font \"\(family)\" is not installed; Fontconfig substitutes \(used), metric-compatible with it\n")
            // The same glyphs as the substitute named directly, which gives no notice.
            let direct = try curvetype(["circle", "Hello", "--font", used, "--layout", "-", "-o", "/dev/null"])
            #expect(direct.status == 0 && direct.stderr.isEmpty && direct.stdout == run.stdout, "\(family)")
        }
        // Full names: a bundled face stays bundled; an installed one comes from Fontconfig.
        let full = try curvetype(["circle", "Hello", "--font", "DejaVu Sans Bold", "--id-prefix", "f"])
        let pattern = try curvetype(["circle", "Hello", "--font", "DejaVu Sans:bold", "--id-prefix", "f"])
        #expect(full.status == 0 && full.stderr.isEmpty && full.stdout == pattern.stdout)
        // `make test` installs fonts-liberation beside fonts-liberation2 (as LibreOffice does), so
        // this full name matches two files: it must open the one the pattern opens.
        let liberation = try curvetype(["circle", "Hello", "--font", "Liberation Serif Bold", "--id-prefix", "f"])
        let liberationPattern = try curvetype(["circle", "Hello", "--font", "Liberation Serif:bold", "--id-prefix", "f"])
        #expect(liberation.status == 0 && liberation.stdout == liberationPattern.stdout)
        #expect(liberation.stdout != (try curvetype(["circle", "Hello", "--font", "Liberation Serif", "--id-prefix", "f"])).stdout)
        // No metric-compatible family: refused, naming Fontconfig's guess; a style in the name gets a hint.
        let comic = try curvetype(["circle", "Hello", "--font", "Comic Sans MS"])
        #expect(comic.status != 0 && comic.stderr.hasPrefix("curvetype: error: no installed font matches the family in \"Comic Sans MS\": install it, give a font file's path, or name an installed family"))
        // Fontconfig's substitute (Z003 for a cursive name, here or elsewhere) is said as what it would draw, not offered.
        #expect(!comic.stderr.contains("closest"))
        let styled = try curvetype(["circle", "Hello", "--font", "No Such Family Bold"])
        #expect(styled.status != 0 && styled.stderr.hasSuffix("; for a style, write \"No Such Family:bold\"\n"))
    }

    /// `batch --check`: golden files in a user's CI. Renders in memory, writes nothing, lists
    /// each file that is missing or differs, exits 1 if any.
    @Test func batchCheckComparesWithoutWriting() throws {
        let scratch = try scratchFolder("check")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        let lines = [
            #"{"command": "badge", "label": "build", "message": "passing", "output": "\#(path("a.svg"))"}"#,
            #"{"command": "circle", "args": ["Hi"], "output": "\#(path("b.svg"))", "layout": "\#(path("b.json"))"}"#,
        ]
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let before = try curvetype(["batch", jobs.path, "--check"])
        #expect(before.status == 1)
        #expect(before.stdout == "missing: \(path("a.svg"))\nmissing: \(path("b.svg"))\nmissing: \(path("b.json"))\n")
        #expect(before.stderr == "curvetype: 3 of 3 files are not up to date\n")
        #expect(!FileManager.default.fileExists(atPath: path("a.svg")), "--check writes nothing")
        #expect(try curvetype(["batch", jobs.path]).status == 0)
        let clean = try curvetype(["batch", jobs.path, "--check"])
        #expect(clean.status == 0 && clean.stdout.isEmpty && clean.stderr.isEmpty)
        // One byte more, one byte changed, a file gone.
        try (String(contentsOfFile: path("a.svg"), encoding: .utf8) + " ").write(toFile: path("a.svg"), atomically: true, encoding: .utf8)
        try String(contentsOfFile: path("b.json"), encoding: .utf8).replacing("\"radius\":100", with: "\"radius\":101")
            .write(toFile: path("b.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path("b.svg"))
        let stale = try curvetype(["batch", jobs.path, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stdout == "differs: \(path("a.svg"))\nmissing: \(path("b.svg"))\ndiffers: \(path("b.json"))\n")
        // A FIFO is not opened (that would wait for a writer): the job fails, the others are compared.
        try FileManager.default.removeItem(atPath: path("a.svg"))
        #expect(mkfifo(path("a.svg"), 0o600) == 0)
        let fifo = try curvetype(["batch", jobs.path, "--check"])
        #expect(fifo.status == 1)
        #expect(fifo.stderr.hasPrefix("curvetype: error: job 1: cannot compare \(path("a.svg")): it is not a regular file\n"))
        #expect(fifo.stdout == "missing: \(path("b.svg"))\ndiffers: \(path("b.json"))\n")
    }

    @Test func printsItsVersion() throws {
        for words in [["--version"], ["badge", "--version"]] {
            let run = try curvetype(words)
            #expect(run.status == 0 && run.stdout == "0.34.0\n" && run.stderr.isEmpty, "\(words)")
        }
    }

    @Test func controlCharactersNeverReachTheSVG() throws {
        let run = try curvetype(["circle", "A\u{1B}[31mB\u{7F}<C>&\"'\u{0B}"])
        #expect(run.status == 0)
        #expect(run.stderr == "curvetype: warning: removed 3 control characters from the text\n")
        #expect(run.stdout.contains("aria-label=\"A[31mB&lt;C&gt;&amp;&quot;&apos;\""))
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    /// A binary file is not written to a terminal (it was, as noise), and a Windows path is
    /// not written as a file of that whole name: each said in one line, nothing written.
    @Test func binaryToATerminalAndWindowsPathsAreRefused() throws {
        let terminal = try runProcess("/usr/bin/script", ["-qec", "\(curvetypeBinary) circle Hi --format png", "/dev/null"])
        let said = String(decoding: terminal.stdout, as: UTF8.self)
        #expect(terminal.status == 1 && said.contains("it is a terminal, and this file is binary") && !said.contains("PNG"), "\(said)")
        let scratch = try scratchFolder("windows")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try runProcess(curvetypeBinary, ["circle", "Hi", "-o", #"C:\Users\me\hi.svg"#])
        #expect(run.status == 1 && String(decoding: run.stderr, as: UTF8.self).contains("it is a Windows path"))
        #expect(!FileManager.default.fileExists(atPath: #"C:\Users\me\hi.svg"#))
        // A pipe takes the bytes.
        let piped = try curvetype(["circle", "Hi", "--format", "png"])
        #expect(piped.status == 0 && piped.stdoutBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// A batch renders every good job, reports each bad one by its number, and exits 1.
    @Test func batchReportsBadJobsAndRendersTheRest() throws {
        let scratch = try scratchFolder("batch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        let lines = [
            #"{"command": "badge", "label": "build", "message": "passing", "output": "\#(path("1.svg"))"}"#,
            #"{"command": "badge", "label": "x", "message": "y", "color": "greenish", "output": "\#(path("2.svg"))"}"#,
            #"{"command": "seal", "ring": "A • B • C •", "center": "OK", "output": "\#(path("3.svg"))", "layout": "\#(path("3.json"))"}"#,
            "not json",
            #"{"command": "circle", "args": ["-dash"], "size": 20, "allowOverlap": true, "output": "\#(path("5.svg"))"}"#,
            #"{"command": "badge", "message": "no output"}"#,
            #"{"command": "angle", "args": [-30], "output": "\#(path("7.svg"))"}"#,
            #"{"command": "batch", "output": "x"}"#,
        ]
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let run = try curvetype(["batch", jobs.path, "--threads", "2"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 5, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("curvetype: error: job 2: \"color\": not a colour: \"greenish\"") })
        #expect(errors.contains { $0.hasPrefix("curvetype: error: job 4: not a JSON object") })
        #expect(errors.contains { $0 == "curvetype: error: job 6: give the job an \"output\" path" })
        #expect(errors.contains { $0 == "curvetype: error: job 8: a batch job cannot be a batch" })
        #expect(errors.last == "curvetype: 4 of 8 jobs failed")
        for name in ["1.svg", "3.svg", "3.json", "5.svg", "7.svg"] {
            #expect(FileManager.default.fileExists(atPath: path(name)), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: path("2.svg")))
        // The same badge alone gives the same bytes.
        let alone = try curvetype(["badge", "--label", "build", "--message", "passing"])
        #expect(try String(contentsOfFile: path("1.svg"), encoding: .utf8) == alone.stdout)
        let angle = try curvetype(["angle", "-30"])
        #expect(try String(contentsOfFile: path("7.svg"), encoding: .utf8) == angle.stdout)

        for (arguments, message) in [(["/nonexistent/jobs.json"], "cannot read the jobs file /nonexistent/jobs.json: no such file"),
                                     (["--threads", "0", jobs.path], "--threads must be from 1 to 256, not 0"),
                                     (["/dev/null"], "there are no jobs")] {
            let bad = try curvetype(["batch"] + arguments)
            #expect(bad.status != 0 && bad.stderr == "curvetype: error: \(message)\n")
        }
    }

    @Test func helpIsNotAnError() throws {
        let run = try curvetype(["circle", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--sweep"))
    }
}
