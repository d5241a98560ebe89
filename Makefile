# CurveType: `make demo` renders the examples into out/ (gallery: out/index.html);
# `make test` runs every test. Both install what a fresh Debian machine lacks.

SWIFT      ?= swift
BUILD_DIR  ?= .build
CURVETYPE   = $(BUILD_DIR)/debug/curvetype
# The command line, server, tests, benchmarks and fuzzers are the package in Tools/, which uses
# the library (the package at the root, which depends on nothing) by path. Its build folder is
# the root's .build all the same, so the binaries are where the README says.
TOOLS       = --package-path Tools

# Debian packages: C libraries to build against; tools the tests compare with; fonts for
# Fontconfig's fallback tests (the default fonts are compiled in and need none of these).
BUILD_PACKAGES = pkg-config libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libicu-dev libcairo2-dev libpolyclipping-dev
# fonts-liberation2: Fontconfig's metric-compatible substitutes (Arial → Liberation Sans), tested;
# fonts-liberation beside it, as LibreOffice installs it: a family installed twice, so the tests
# that name system fonts are run where a full name matches two files.
# python3-fonttools: the colour bitmap tests read Noto Color Emoji's CBDT with it (Debian's Python).
# zsh, fish: the completion scripts are parsed, and fish's run, by their own shells.
# librsvg2-bin: joined writing's seams are measured as librsvg draws the SVG (glyph by glyph).
# qpdf, poppler-utils: a PDF's text layer is checked by qpdf and read back by pdftotext.
TEST_PACKAGES  = libharfbuzz-bin fonts-dejavu-core fontconfig unicode-data fonts-liberation2 fonts-liberation python3-fonttools \
                 zsh fish hershey-fonts-data librsvg2-bin qpdf poppler-utils mupdf-tools
# Fonts that golden files name by path (a CJK font for Fixtures/fit and badge; an outline emoji
# font for the badge's emoji; Noto's colour bitmap emoji, drawn as images), for `make test` and
# `make demo`.
# Fonts of joined writing for the joined-writing corpus (Fixtures/joined): Noto's core set
# (Arabic, Syriac, N'Ko, Devanagari, Bengali, Gurmukhi, Nastaliq Urdu), Amiri, Scheherazade and
# Awami Nastaliq; Noto's CJK collection for vertical writing (Japanese, Chinese, Korean);
# Fixtures/joined/README.md says why these and their licences.
FIXTURE_FONT_PACKAGES = fonts-wqy-microhei fonts-symbola fonts-noto-color-emoji fonts-roboto-slab fonts-dancingscript \
  fonts-noto-core fonts-hosny-amiri fonts-sil-scheherazade fonts-sil-awami-nastaliq fonts-noto-cjk
FIXTURE_FONTS = /usr/share/fonts/truetype/wqy/wqy-microhei.ttc /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf \
  /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf /usr/share/fonts/opentype/roboto/slab/RobotoSlab-Bold.otf \
  /usr/share/fonts/opentype/dancingscript/DancingScript-Regular.otf /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf \
  /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf /usr/share/fonts/truetype/scheherazade/Scheherazade-Regular.ttf \
  /usr/share/fonts/truetype/awami/AwamiNastaliq-Regular.ttf /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
  /usr/share/fonts/truetype/noto/NotoSansMongolian-Regular.ttf
BENCH_PACKAGES = hyperfine librsvg2-bin valgrind
# The viewers every golden file is drawn by (`make viewers`).
VIEWER_PACKAGES = librsvg2-bin inkscape chromium firefox-esr
# What `make raster-check` compares our PNGs and PDFs with: librsvg, qpdf and poppler's tools;
# resvg comes from PyPI (resvg-py, pinned).
RASTER_PACKAGES = librsvg2-bin qpdf poppler-utils
RESVG_PY = 0.5.0
# PDFium (Chromium's PDF engine) for reading back a PDF's text (Fixtures/selectable_check.py).
PYPDFIUM2 = 5.15.2
# Firefox ESR's WebDriver BiDi is a WebSocket (Fixtures/firefox_bidi.py).
WEBSOCKETS = 17.4
# Python tools for viewers and fuzzing (image comparison, font subsets), and the simple-icons
# release the badge logos are made from (Icons/make_simple_icons.py; a test remakes the table),
# in a venv of our own.
VENV = $(BUILD_DIR)/venv
SIMPLE_ICONS = 15.16.0
# `make fuzz`: seconds per libFuzzer target and CLI fuzz runs; `make fuzz-smoke` is CI's short,
# fixed-seed run.
FUZZ_SECONDS ?= 300
CLI_FUZZ_RUNS ?= 100000

.PHONY: readme-options readme-gallery consumer-check docs all deps test-deps fixture-fonts build release install demo test fixtures bench embed-fonts clean \
        venv warp-sheets viewers raster-check machine-check fuzz fuzz-smoke serve server-release server-check bench-server

PREFIX ?= /usr/local
# The shipped binary links the Swift runtime and Foundation statically: it starts in about half
# the time (no dynamic relocation of Foundation and ICU) and runs on machines without Swift.
# Not position-independent: the 40,000 relative relocations a PIE applies at every start go
# (0.5 ms of a 4 ms badge); no run path into the build folder, so the loader does not look
# for each C library there first.
# Generic types' metadata is made by direct accessors, not looked up by mangled name at first
# use (`-disable-concrete-type-metadata-mangled-name-accessors`, the compiler's own choice for
# older runtimes): 0.9 M instructions of a badge went to demangling names (callgrind), for
# 31 KB more binary.
# libstdc++ is linked statically too (found first in a folder that holds only its archive), so
# the loader does not bind libstdc++.so's symbols at every start: 2.2 M of the 3.9 M
# instructions `--version` took. Clipper, the one C++ library, is loaded when a weld needs it.
# cairo is linked from Debian's static archives (with pixman, Fontconfig and expat, which its
# FreeType fonts need, and libpng and zlib), so a PNG or PDF does not load libcairo.so and the
# 22 libraries it needs (1.7 M instructions a PNG); other builds open libcairo.so.2 when a PNG
# or PDF is first drawn (Tools/make_lazy_shims.py), as a package that depends on the library can
# pass no such linker flags.
STATIC_CAIRO = -lcairo -lpixman-1 -lfontconfig -lexpat -lpng16 -lz
RELEASE_DIR = $(BUILD_DIR)-static
RELEASE_BIN = $(RELEASE_DIR)/release/curvetype
STATIC_CXX_DIR = $(RELEASE_DIR)/libstdc++

all: build

# apt-get as root (or through passwordless sudo) when something is missing.
apt_install = if [ "$$(id -u)" = 0 ]; then S=; elif sudo -n true 2>/dev/null; then S="sudo -n"; \
  else echo "make: need root to apt-get install $(1)" >&2; exit 1; fi; \
  echo "make: installing $(1)"; $$S apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive $$S apt-get install -y -qq --no-install-recommends $(1) >/dev/null

deps:
	@pkg-config --exists freetype2 harfbuzz fontconfig fribidi icu-uc cairo polyclipping 2>/dev/null || { $(call apt_install,$(BUILD_PACKAGES)); }
	@pkg-config --exists freetype2 harfbuzz fontconfig fribidi icu-uc cairo polyclipping

test-deps: deps
	@{ command -v hb-shape >/dev/null && command -v fc-list >/dev/null && fc-list | grep -q 'DejaVu Sans' \
	   && fc-list | grep -q 'Liberation Sans' && [ -f /usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf ] \
	   && [ -f /usr/share/unicode/auxiliary/LineBreakTest.txt ] && [ -f /usr/share/unicode/BidiCharacterTest.txt ] \
	   && /usr/bin/python3 -c 'import fontTools' 2>/dev/null && command -v zsh >/dev/null && command -v fish >/dev/null \
	   && [ -f /usr/share/hershey-fonts/scripts.jhf ] && command -v rsvg-convert >/dev/null \
	   && command -v qpdf >/dev/null && command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null \
	   && command -v mutool >/dev/null; } \
	  || { $(call apt_install,$(TEST_PACKAGES)); }

fixture-fonts:
	@( for f in $(FIXTURE_FONTS); do [ -f $$f ] || exit 1; done ) || { $(call apt_install,$(FIXTURE_FONT_PACKAGES)); }

build: deps
	$(SWIFT) build $(TOOLS) --build-path $(BUILD_DIR)

release: deps
	@mkdir -p $(STATIC_CXX_DIR) && archive="$$(c++ -print-file-name=libstdc++.a)" && [ -f "$$archive" ] \
	  || { echo "make: libstdc++.a not found (apt-get install libstdc++-12-dev)" >&2; exit 1; }; \
	  ln -sf "$$archive" $(STATIC_CXX_DIR)/libstdc++.a
	$(SWIFT) build $(TOOLS) -c release --static-swift-stdlib -Xlinker --strip-all -Xlinker -no-pie --disable-local-rpath \
	  -Xlinker -L$(CURDIR)/$(STATIC_CXX_DIR) -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	  -Xcc -DCURVETYPE_STATIC_CAIRO $(foreach l,--push-state -Bstatic $(STATIC_CAIRO) --pop-state,-Xlinker $(l)) \
	  --build-path $(RELEASE_DIR) --product curvetype
	@! ldd $(RELEASE_BIN) | grep -q 'libstdc++\|polyclipping\|libcairo' || { echo "make: $(RELEASE_BIN) loads libstdc++, Clipper or cairo at start" >&2; exit 1; }
	@$(RELEASE_BIN) badge --label build --message passing -o $(RELEASE_DIR)/check.png --quiet && $(RELEASE_BIN) badge --label build --message passing -o $(RELEASE_DIR)/check.pdf --quiet \
	  || { echo "make: $(RELEASE_BIN) cannot draw a PNG or PDF with its own cairo" >&2; exit 1; }

install: release
	install -D -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/curvetype

# The README's opening pictures, from Docs/gallery/gallery.txt (GalleryTests checks they are current).
readme-gallery: build fixture-fonts
	CURVETYPE=$(CURVETYPE) bash Docs/gallery/make_gallery.sh

demo: build fixture-fonts
	@mkdir -p out
	@CURVETYPE=$(CURVETYPE) bash Fixtures/gallery.sh out
	@echo "make: gallery written to out/index.html"

# The root's tests skip (and say why) where the machine lacks a program or data file they check
# against; here, where test-deps installed them all, CURVETYPE_REQUIRE_TOOLS=1 makes a missing
# one fail instead, so `make test` skips nothing.
test: test-deps fixture-fonts venv
	$(SWIFT) build --build-path $(BUILD_DIR)/library --build-tests
	CURVETYPE_REQUIRE_TOOLS=1 $(SWIFT) test --build-path $(BUILD_DIR)/library --skip-build
	$(SWIFT) build $(TOOLS) --build-path $(BUILD_DIR) --build-tests
	$(SWIFT) test $(TOOLS) --build-path $(BUILD_DIR) --skip-build
	$(MAKE) machine-check

# Machine files measured by tools that are not ours (Fixtures/machine_check.py): ezdxf's audit
# and geometry, G-code and HPGL read back, Shapely's distances, vpype's linesort, Inkscape's
# size; DXFs drawn back by ezdxf into out/machine/. Then every golden drawing welded and drawn
# beside itself, its ink compared by Pillow (Fixtures/weld_check.py). Part of `make test`.
MACHINE_PY = ezdxf==1.4.5 shapely==2.2.0 vpype==1.15.0
machine-check: build test-deps fixture-fonts venv
	@command -v inkscape >/dev/null 2>&1 || { $(call apt_install,inkscape); }
	@$(VENV)/bin/python -c 'import ezdxf, shapely, vpype' 2>/dev/null || $(VENV)/bin/pip install -q $(MACHINE_PY)
	$(VENV)/bin/python Fixtures/machine_check.py $(CURVETYPE)
	$(VENV)/bin/python Fixtures/weld_check.py $(CURVETYPE)

# The library's documentation (Sources/CurveType/CurveType.docc: an article per effect, one on
# coordinates and units, and every public symbol's doc comment) with the toolchain's own docc,
# from the library's symbol graph, into out/docs (a static site). No plugin: the library's
# package keeps no dependency. Warnings (a symbol link that does not resolve) fail it.
DOCS_BUILD = $(BUILD_DIR)-docs
# Writes each command's option table into the README from the declarations (a test checks them).
readme-options: build
	python3 Tools/readme_options.py $(CURVETYPE) README.md

docs: deps
	$(SWIFT) build --build-path $(DOCS_BUILD) --target CurveType \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(abspath $(DOCS_BUILD))/symbol-graphs
	@# CurveType's graph holds the modules it re-exports; their own graphs would claim those symbols.
	@rm -rf $(DOCS_BUILD)/library-graph && mkdir -p $(DOCS_BUILD)/library-graph out
	cp $(DOCS_BUILD)/symbol-graphs/CurveType.symbols.json $(DOCS_BUILD)/library-graph/
	docc convert Sources/CurveType/CurveType.docc --additional-symbol-graph-dir $(DOCS_BUILD)/library-graph \
	  --fallback-display-name CurveType --fallback-bundle-identifier curvetype.CurveType \
	  --output-path out/docs --transform-for-static-hosting --warnings-as-errors
	@echo "make: documentation written to out/docs (serve the folder; the library's page is documentation/curvetype)"

# The library as a package that depends on it sees it (Tools/consumer_check.sh): it resolves
# nothing else, builds with `import CurveType`, and its plugin renders and checks a job file.
consumer-check: deps
	BUILD=$(abspath $(BUILD_DIR)) sh Tools/consumer_check.sh

# Every WordArt preset drawn by LibreOffice Impress and by curvetype, side by side
# (Tools/compare/libreoffice_warps.py): contact sheets in out/warp-sheets/. Not part of CI:
# LibreOffice is large, and the sheets are for looking at.
WARP_SHEET_PACKAGES = libreoffice-impress poppler-utils librsvg2-bin fonts-dejavu-core
warp-sheets: build venv
	@{ command -v soffice >/dev/null && command -v pdftoppm >/dev/null; } || { $(call apt_install,$(WARP_SHEET_PACKAGES)); }
	$(VENV)/bin/pip install -q python-pptx==1.0.2
	$(VENV)/bin/python Tools/compare/libreoffice_warps.py $(CURVETYPE) out/warp-sheets
	$(VENV)/bin/python Tools/compare/libreoffice_warps.py $(CURVETYPE) out/warp-sheets/lines "$$(printf 'ONE\nTWO\nTHREE')"

# Rewrites the golden files from the current code, then checks them. Look at every changed
# PNG before committing: `make demo` renders the same cases into out/.
fixtures: test-deps fixture-fonts
	-CURVETYPE_RECORD=1 $(SWIFT) test $(TOOLS) --build-path $(BUILD_DIR) --filter FixtureTests
	$(SWIFT) test $(TOOLS) --build-path $(BUILD_DIR) --filter FixtureTests

# Every figure of the speed goals beside its anchor, measured in one run (Tools/Benchmarks/run.py):
# hb-view and the C floor (../shared/bench/badgefloor.c, a measuring tool kept outside the
# project) for whole processes; the C floor's loop, pybadges and anybadge (in the venv) in
# process. Figures also go to out/bench.json; the last run's is compared.
BADGEFLOOR_SOURCE ?= ../shared/bench/badgefloor.c
BADGEFLOOR = $(BUILD_DIR)/bench/badgefloor
bench: test-deps fixture-fonts release venv
	@{ command -v hyperfine && command -v rsvg-convert && command -v valgrind; } >/dev/null || { $(call apt_install,$(BENCH_PACKAGES)); }
	@$(VENV)/bin/python -c 'import pybadges, anybadge' 2>/dev/null || $(VENV)/bin/pip install -q pybadges anybadge
	@mkdir -p $(dir $(BADGEFLOOR))
	cc -O2 -o $(BADGEFLOOR) $(BADGEFLOOR_SOURCE) $$(pkg-config --cflags --libs freetype2 harfbuzz) -lm
	$(SWIFT) build $(TOOLS) -c release --build-path $(BUILD_DIR) --product curvetype-bench
	python3 Tools/Benchmarks/run.py $(RELEASE_BIN) $(BUILD_DIR)/release/curvetype-bench $(BADGEFLOOR) $(VENV)/bin/python out/bench.json
	@if python3 -c 'import freetype' 2>/dev/null; then python3 Tools/Benchmarks/reference/spiral_text.py Fonts/DejaVuSans.ttf; \
	else echo "(spiral reference skipped: pip install freetype-py to compare with plain Python)"; fi

venv: $(VENV)/.ready
# Made again when the pinned simple-icons release changes.
$(VENV)/.ready: Icons/make_simple_icons.py
	@python3 -m venv $(VENV) 2>/dev/null || { $(call apt_install,python3-venv); python3 -m venv $(VENV); }
	$(VENV)/bin/pip install -q pillow numpy fonttools simple-icons-pack==$(SIMPLE_ICONS)
	@touch $@

# Every golden file drawn by rsvg-convert, Inkscape and headless Chromium; the ink of each pair
# compared (Fixtures/viewers.py says how and why the thresholds). Sheets in out/viewers/. Then
# the path command's placement against Chromium's own <textPath> (Fixtures/textpath_check.py,
# Playwright from PyPI driving Debian's chromium), and our COLR v1 colour glyphs against
# Chromium's own drawing of the font (Fixtures/colr_check.py), and every badge drawn for a theme
# or with a progress bar read in Chromium in light and dark mode: scheme colours as the style
# rule says, text at WCAG 4.5:1 (Fixtures/theme_check.py), and every seal's layout read back with
# fontTools: arcs' ink within their bands, upright glyphs, ellipse spacing, name seal cells
# (Fixtures/seal_check.py). Last, `--glyphs selectable` on every golden: the same pixels in
# rsvg-convert, resvg and Chromium, the text copied and heard in Chromium, selected by the mouse
# in Chromium and Firefox ESR, a PDF's text read back by pdftotext and PDFium
# (Fixtures/selectable_check.py).
viewers: build test-deps fixture-fonts venv
	@{ command -v rsvg-convert && command -v inkscape && command -v chromium; } >/dev/null 2>&1 \
	  || { $(call apt_install,$(VIEWER_PACKAGES)); }
	$(VENV)/bin/python Fixtures/viewers.py
	@$(VENV)/bin/python -c 'import playwright' 2>/dev/null || $(VENV)/bin/pip install -q playwright
	$(VENV)/bin/python Fixtures/textpath_check.py $(CURVETYPE)
	$(VENV)/bin/python Fixtures/colr_check.py $(CURVETYPE)
	$(VENV)/bin/python Fixtures/theme_check.py
	$(VENV)/bin/python Fixtures/seal_check.py $(CURVETYPE)
	@command -v qpdf >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || { $(call apt_install,qpdf poppler-utils); }
	@$(VENV)/bin/python -c 'import resvg_py' 2>/dev/null || $(VENV)/bin/pip install -q resvg-py==$(RESVG_PY)
	@$(VENV)/bin/python -c 'import pypdfium2' 2>/dev/null || $(VENV)/bin/pip install -q pypdfium2==$(PYPDFIUM2)
	@command -v firefox-esr >/dev/null 2>&1 || { $(call apt_install,firefox-esr); }
	@$(VENV)/bin/python -c 'import websockets' 2>/dev/null || $(VENV)/bin/pip install -q websockets==$(WEBSOCKETS)
	CURVETYPE=$(CURVETYPE) $(VENV)/bin/python Fixtures/selectable_check.py

# Every golden file drawn by our PNG and PDF writers (1x and 2x) against resvg (PyPI resvg-py),
# rsvg-convert and poppler's pdftoppm, every PDF through `qpdf --check` (Fixtures/raster_check.py
# says how the measure was chosen and shows it can fail). Sheets of any difference in out/raster.
raster-check: build test-deps fixture-fonts venv
	@{ command -v rsvg-convert && command -v qpdf && command -v pdftoppm; } >/dev/null 2>&1 \
	  || { $(call apt_install,$(RASTER_PACKAGES)); }
	@$(VENV)/bin/python -c 'import resvg_py' 2>/dev/null || $(VENV)/bin/pip install -q resvg-py==$(RESVG_PY)
	$(VENV)/bin/python Fixtures/raster_check.py
	@command -v chromium >/dev/null 2>&1 || { $(call apt_install,chromium); }
	$(VENV)/bin/python Fixtures/merge_check.py

# The badge and preview server (Tools/Sources/CurveTypeServer): `make serve` builds it and runs it on
# http://127.0.0.1:8080/ (HOST and PORT to change), the playground at /. `server-release` is the
# static build, the whole deployable.
HOST ?= 127.0.0.1
PORT ?= 8080
SERVER = $(BUILD_DIR)/debug/curvetype-server
SERVER_RELEASE = $(RELEASE_DIR)/release/curvetype-server
serve: deps
	$(SWIFT) build $(TOOLS) --build-path $(BUILD_DIR) --product curvetype-server
	$(SERVER) --host $(HOST) --port $(PORT) --log

server-release: deps
	$(SWIFT) build $(TOOLS) -c release --static-swift-stdlib -Xlinker --strip-all --build-path $(RELEASE_DIR) --product curvetype-server

# The live server: its playground in Chromium through Playwright (types, checks the preview
# re-renders, screenshots in out/server/), hostile HTTP over real sockets, SIGTERM with a
# request in flight (Fixtures/server_check.py).
SERVER_FUZZ_RUNS ?= 1500
server-check: deps test-deps fixture-fonts venv
	@command -v chromium >/dev/null 2>&1 || { $(call apt_install,chromium); }
	@$(VENV)/bin/python -c 'import playwright' 2>/dev/null || $(VENV)/bin/pip install -q playwright
	$(SWIFT) build $(TOOLS) --build-path $(BUILD_DIR) --product curvetype-server
	$(SWIFT) build $(TOOLS) --build-path $(BUILD_DIR) --product curvetype
	CURVETYPE=$(CURVETYPE) $(VENV)/bin/python Fixtures/server_check.py $(SERVER) --fuzz-runs $(SERVER_FUZZ_RUNS)

# Load on loopback with wrk against the release server, nginx serving the same SVG as a static
# file and a bare Hummingbird route returning it (Tools/Benchmarks/BareRoute, the framework's
# ceiling) in the same run (Tools/Benchmarks/server.py); figures in out/bench-server.json.
bench-server: server-release
	@{ command -v wrk && command -v nginx; } >/dev/null 2>&1 || { $(call apt_install,wrk nginx); }
	$(SWIFT) build $(TOOLS) -c release --static-swift-stdlib -Xlinker --strip-all --build-path $(RELEASE_DIR) --product curvetype-bench-bare-route
	python3 Tools/Benchmarks/server.py $(SERVER_RELEASE) $(RELEASE_DIR)/release/curvetype-bench-bare-route out/bench-server.json

# libFuzzer on every parser of untrusted bytes (FUZZ_SECONDS each), then the CLI fuzzer
# (CLI_FUZZ_RUNS runs of random options and hostile values) against the release binary, then
# 20,000 hostile HTTP requests against the release server (a new seed each time; it prints it).
fuzz: deps venv fixture-fonts
	FUZZ_SECONDS=$(FUZZ_SECONDS) PYTHON=$(VENV)/bin/python sh Tools/Fuzz/run.sh
	$(SWIFT) build $(TOOLS) -c release --build-path $(BUILD_DIR) --product curvetype
	python3 Tools/Fuzz/cli_fuzz.py $(BUILD_DIR)/release/curvetype --runs $(CLI_FUZZ_RUNS)
	$(SWIFT) build $(TOOLS) -c release --build-path $(BUILD_DIR) --product curvetype-server
	$(VENV)/bin/python Fixtures/server_check.py $(BUILD_DIR)/release/curvetype-server --skip-browser --fuzz-runs 20000 --seed $$(date +%s)

# CI's fuzzing: a few minutes, fixed seeds, so a failure repeats.
fuzz-smoke: deps venv fixture-fonts build
	FUZZ_SECONDS=30 FUZZ_SEED=1 PYTHON=$(VENV)/bin/python sh Tools/Fuzz/run.sh
	python3 Tools/Fuzz/cli_fuzz.py $(CURVETYPE) --runs 2000 --seed 1

# After a change in Fonts/: the build does not see the .incbin'd files change, so touch the
# assembly that includes them.
embed-fonts:
	touch Sources/CBundledFonts/fonts.S

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR) $(DOCS_BUILD) .build-fuzz out
