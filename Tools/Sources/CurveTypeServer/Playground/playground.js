// The playground: a form with every option of each effect (from /options.json, the server's
// declarations of them, so it never drifts from the command line): each field with its help
// and its default, sliders with units for numbers with a range, colour pickers that still take
// CSS text, font and logo pickers; a preview that re-renders as you type (drag it round to set
// a circle's start angle, or a seal's arc); the equivalent curvetype command and URL; downloads as SVG, PNG and
// PDF. The whole state lives in the address (#effect?name=value…), so a link shares it.
// Plain script, no framework.
"use strict";

// A starting point per effect; every other option starts at its default.
const PRESETS = {
  circle: { text: "CURVETYPE SETS TYPE ALONG A CIRCLE • ", size: "18", radius: "90", sweep: "360", textColor: "#1d4ed8", canvas: "260x260" },
  path: { text: "CurveType sets type along any path", d: "M 20 120 C 120 20 220 220 320 120", textColor: "#1d4ed8" },
  warp: { text: "WordArt in SVG", preset: "wave1", textColor: "#7c3aed", lineColor: "#cbd5e1" },
  spiral: { a: "2", b: "0.3", from: "0", to: "1080", pxPerUnit: "12", lineColor: "#cbd5e1", text: "Type that winds along an Archimedean spiral", size: "15" },
  fit: { text: "Fit me", box: "300x120", background: "#eef2ff" },
  angle: { angle: "45", header: "Angle", readout: true },
  badge: { label: "build", message: "passing", messageColor: "brightgreen" },
  seal: { top: ["ACME TRADING COMPANY"], bottom: ["SPRINGFIELD"], separator: "★", border: ["double:3"], center: "EST.\n1998", radius: "90" },
};
// The tabs: every effect the server declares in /options.json, in the command line's help order.
function effectNames() { return schema ? schema.effects.map((e) => e.name) : []; }
// Options a URL may give but the form leaves out: frames write files; the format and the PNG
// scale are the download links'.
const SKIP = new Set(["frames", "format", "scale"]);
const GROUPS = ["content", "shape", "text", "font", "color", "document", "output"];
const TITLES = { content: "Content", shape: "Shape", text: "Text", font: "Font", color: "Colour", document: "Document", output: "Output" };
/// The output options for lasers, plotters and cutters: under a fold of their own, closed, so
/// a badge's page is not three screens of machine settings.
const MACHINE = new Set(["units", "penWidth", "weld", "kerf", "stencil", "machineTolerance", "linesOnly", "feed", "power"]);

let schema = null;
let effect = "circle";
let timer = 0;
let shown = "";
let fontFamilies = null;

const $ = (id) => document.getElementById(id);
const kebab = (name) => name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
/// An option's name in words for its label: `logoSize` is "Logo size", `pxPerUnit` "Px per unit".
const words = (name) => { const w = kebab(name).replace(/-/g, " "); return w.charAt(0).toUpperCase() + w.slice(1); };

function effectOf(name) { return schema.effects.find((e) => e.name === name); }

function optionsOf(name) {
  return effectOf(name).options.filter((o) => !o.namesFile && !SKIP.has(o.name) && !(o.name === "frameTime" && name !== "angle"));
}

/// A slider's step: a round tenth of a percent of its span, whole for whole numbers.
function stepFor(o) {
  if (o.type === "integer") return 1;
  const raw = (o.sliderMaximum - o.sliderMinimum) / 200;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw);
}

/// A CSS colour as #rrggbb, through a canvas (the browser's own parser); null if it is not one
/// the canvas takes (currentColor, shields' names such as brightgreen).
function hexOf(css) {
  const context = document.createElement("canvas").getContext("2d");
  context.fillStyle = "#010203";
  context.fillStyle = css;
  const parsed = context.fillStyle;
  if (parsed === "#010203" && css.toLowerCase() !== "#010203") return null;
  return /^#[0-9a-f]{6}$/.test(parsed) ? parsed : null;
}

function buildForm(values) {
  const form = $("options");
  form.replaceChildren();
  const about = document.createElement("p");
  about.className = "about";
  about.textContent = effectOf(effect).abstract;
  form.append(about);
  const options = optionsOf(effect);
  for (const group of GROUPS) {
    const members = options.filter((o) => o.group === group && !MACHINE.has(o.name));
    if (members.length === 0) continue;
    const set = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = TITLES[group];
    set.append(legend);
    for (const option of members) set.append(field(option, values[option.name]));
    form.append(set);
  }
  const machine = options.filter((o) => MACHINE.has(o.name));
  if (machine.length > 0) {
    const fold = document.createElement("details");
    fold.className = "machine";
    // Open where the shared state sets one of them.
    fold.open = machine.some((o) => values[o.name] !== undefined);
    const summary = document.createElement("summary");
    summary.textContent = "For lasers, plotters and cutters";
    const set = document.createElement("fieldset");
    for (const option of machine) set.append(field(option, values[option.name]));
    fold.append(summary, set);
    form.append(fold);
  }
}

/// One option's row: its name, its control (with a slider, a colour picker or a list where
/// they help), and its help with the default.
function field(option, value) {
  const id = "option-" + option.name;
  const row = document.createElement("div");
  row.className = "field" + (option.required ? " required" : "");
  // The label in words, the flag beside it: what a designer reads, and what the command says.
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = words(option.name);
  const flag = document.createElement("code");
  flag.className = "flag";
  flag.textContent = option.kind === "positional" ? option.name.toUpperCase() : "--" + kebab(option.name);
  label.append(" ", flag);
  const control = document.createElement("div");
  control.className = "control";
  let input;
  if (option.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = value === true || value === "true";
  } else if (option.choices.length > 0) {
    input = document.createElement("select");
    if (option.defaultValue === undefined) input.append(new Option("(" + (option.defaultNote || "none") + ")", ""));
    for (const choice of option.choices) input.append(new Option(choice, choice));
    input.value = value || option.defaultValue || "";
  } else if (option.kind === "repeatable") {
    input = document.createElement("textarea");
    input.placeholder = "one per line";
    input.value = [].concat(value || []).join("\n");
  } else if (option.lines) {
    // Text whose line feeds start lines (a warp's text, a seal's centre).
    input = document.createElement("textarea");
    input.rows = 2;
    input.value = value || "";
  } else {
    input = document.createElement("input");
    input.type = "text";
    input.value = value || "";
    input.placeholder = option.shownDefault || "";
  }
  input.id = id;
  input.name = option.name;
  input.dataset.kind = option.kind;
  if (option.defaultValue !== undefined) input.dataset.default = option.defaultValue;
  input.addEventListener("input", schedule);
  input.addEventListener("change", schedule);
  control.append(input);
  if ((option.type === "number" || option.type === "integer") && option.sliderMinimum !== undefined) slider(option, input, control);
  if (option.unit && option.kind !== "flag") {
    const unit = document.createElement("span");
    unit.className = "unit";
    unit.textContent = option.unit;
    control.append(unit);
  }
  if (option.type === "color") colorPicker(option, input, control);
  if (option.type === "font") fontPicker(input);
  row.append(label, control);
  const help = document.createElement("small");
  help.className = "help";
  help.id = id + "-help";
  // A long list of choices is the picker's (or the list's) to show, not the help's.
  help.textContent = option.choices.length > 12 ? option.summary.replace(/ One of: [^]*?\.(?= |$)/, "") : option.summary;
  input.setAttribute("aria-describedby", help.id);
  row.append(help);
  if (effect === "badge" && option.name === "logo") logoPicker(input, row);
  if (effect === "warp" && option.name === "preset") presetPicker(option, input, row);
  return row;
}

/// A warp's forty presets as a picker of small drawings, as Office shows them: each a button
/// with the preset drawn by the server; picking one sets the list above it.
function presetPicker(option, input, field) {
  const grid = document.createElement("div");
  grid.className = "presets";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", "Shapes");
  const mark = () => { for (const b of grid.children) b.setAttribute("aria-pressed", String(b.dataset.preset === input.value)); };
  for (const name of option.choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.preset = name;
    button.title = name;
    const picture = document.createElement("img");
    picture.alt = "";
    picture.loading = "lazy";
    picture.src = "/warp?text=Abc&preset=" + encodeURIComponent(name) + "&box=90x45&padding=2&text-color=%231f2937&line-color=%23cbd5e1";
    // Its name under it, as the button's text: a drawing alone is hard to tell apart.
    const caption = document.createElement("span");
    caption.textContent = name;
    button.append(picture, caption);
    button.addEventListener("click", () => { input.value = name; mark(); schedule(); });
    grid.append(button);
  }
  input.addEventListener("change", mark);
  mark();
  field.append(grid);
}

/// A slider beside a number's field: it starts at the value (or the default) and writes the
/// field as it moves; typing moves it.
function slider(option, input, control) {
  const range = document.createElement("input");
  range.type = "range";
  range.id = input.id + "-slider";
  range.min = option.sliderMinimum;
  range.max = option.sliderMaximum;
  range.step = stepFor(option);
  const noted = parseFloat(option.defaultNote);
  range.value = input.value || option.defaultValue || (isFinite(noted) ? noted : option.sliderMinimum);
  range.setAttribute("aria-label", "--" + kebab(option.name) + (option.unit ? " in " + option.unit : ""));
  range.addEventListener("input", () => { input.value = range.value; schedule(); });
  input.addEventListener("input", () => { if (input.value !== "" && isFinite(input.value)) range.value = input.value; });
  control.classList.add("with-slider");
  control.append(range);
}

/// A colour picker beside a colour's field: picking writes #rrggbb; the field still takes any
/// CSS colour, and the picker follows what the browser can read of it.
function colorPicker(option, input, control) {
  const picker = document.createElement("input");
  picker.type = "color";
  picker.id = input.id + "-picker";
  picker.setAttribute("aria-label", "pick --" + kebab(option.name));
  // Unset (or set to what no swatch shows, such as currentColor): a white swatch marked as
  // unset, not black, which looked like a colour given.
  const follow = () => {
    const hex = hexOf(input.value || option.defaultValue || "");
    picker.value = hex || "#ffffff";
    picker.classList.toggle("unset", !hex);
    picker.title = hex ? hex : "not set: " + (option.shownDefault || option.defaultNote || "the default");
  };
  follow();
  picker.addEventListener("input", () => { input.value = picker.value; schedule(); });
  input.addEventListener("input", follow);
  control.classList.add("with-picker");
  control.append(picker);
}

/// A font field lists the server's installed families (/fonts.json) as suggestions.
function fontPicker(input) {
  input.setAttribute("list", "font-families");
  if (!$("font-families")) {
    const list = document.createElement("datalist");
    list.id = "font-families";
    document.body.append(list);
  }
  if (fontFamilies === null) {
    fontFamilies = fetch("/fonts.json").then((r) => r.json()).then((answer) => {
      $("font-families").replaceChildren(...answer.families.flatMap((f) =>
        [new Option(f.styles.join(", "), f.family), ...f.styles.filter((s) => !/^(regular|book|roman|normal)$/i.test(s)).map((s) => new Option(f.family, f.family + ":" + s.toLowerCase()))]));
      return answer.families;
    }).catch(() => []);
  }
}

/// The badge's logo field searches the named logos (/logos.json) as you type: a list to pick
/// from, each with its brand colour, and the picked slug in the field.
function logoPicker(input, field) {
  const list = document.createElement("datalist");
  list.id = "logo-names";
  input.setAttribute("list", list.id);
  input.placeholder = "a name: github, python, docker…";
  const hint = document.createElement("small");
  hint.className = "hint";
  let asked = "";
  input.addEventListener("input", async () => {
    const word = input.value.trim();
    if (word === asked || word.startsWith("data:")) return;
    asked = word;
    if (word.length < 2) { list.replaceChildren(); hint.textContent = ""; return; }
    try {
      const answer = await (await fetch("/logos.json?q=" + encodeURIComponent(word))).json();
      if (asked !== word) return;
      list.replaceChildren(...answer.logos.map((logo) => new Option(logo.title + "  #" + logo.hex, logo.slug)));
      const exact = answer.logos.find((logo) => logo.slug === word.toLowerCase());
      hint.textContent = answer.logos.length === 0 ? "no logo holds \u201c" + word + "\u201d"
        : exact ? exact.title + " (simple-icons " + answer.release + ")" : answer.logos.length + " logos hold \u201c" + word + "\u201d";
    } catch { hint.textContent = ""; }
  });
  field.append(list, hint);
}

/// The form's values as [name, value] pairs, in the form's order, empty ones left out.
function pairs() {
  const out = [];
  for (const input of $("options").querySelectorAll("[data-kind]")) {
    if (input.dataset.kind === "flag") {
      if (input.checked) out.push([input.name, ""]);
    } else if (input.dataset.kind === "repeatable") {
      for (const line of input.value.split("\n")) if (line !== "") out.push([input.name, line]);
    } else if (input.value !== "" && !(input.tagName === "SELECT" && input.value === input.dataset.default)) {
      out.push([input.name, input.value]);
    }
  }
  return out;
}

/// A word quoted for POSIX shells (sh, bash, zsh): bare only when made of characters no shell
/// reads specially, else in single quotes (a `#` would start a comment, a space split the word).
const shellQuote = (word) => /^[A-Za-z0-9_.,:/=+%@-]+$/.test(word) && !word.startsWith("-") ? word : "'" + word.replace(/'/g, "'\\''") + "'";

function commandLine(list) {
  const line = ["curvetype", effect];
  const options = optionsOf(effect);
  let positional = null;
  for (const [name, value] of list) {
    const option = options.find((o) => o.name === name);
    if (option && option.kind === "positional") { positional = value; continue; }
    line.push("--" + kebab(name));
    if (option && option.kind !== "flag") line.push(shellQuote(value));
  }
  line.push("-o", effect + ".svg");
  // The text last, after `--` when it starts with a dash, so it is never read as an option.
  if (positional !== null) line.push(...(positional.startsWith("-") ? ["--"] : []), shellQuote(positional));
  return line.join(" ");
}

function address(list) {
  const query = list.map(([name, value]) =>
    encodeURIComponent(kebab(name)) + (value === "" ? "" : "=" + encodeURIComponent(value))).join("&");
  return "/" + effect + (query ? "?" + query : "");
}

/// A badge's address as shields writes it (`/badge/build-passing-brightgreen`), when it has a
/// message and a colour: a dash in the text is `--`, an underscore `__`, a space `%20`.
function shieldsAddress(list) {
  const value = (name) => (list.find(([n]) => n === name) || [])[1];
  const message = value("message"), color = value("messageColor");
  if (message === undefined || color === undefined) return null;
  const part = (text) => encodeURIComponent(text.replace(/-/g, "--").replace(/_/g, "__"));
  const label = value("label");
  const rest = list.filter(([n]) => !["label", "message", "messageColor"].includes(n));
  const query = rest.map(([n, v]) => encodeURIComponent(kebab(n)) + (v === "" ? "" : "=" + encodeURIComponent(v))).join("&");
  return "/badge/" + (label ? part(label) + "-" : "") + part(message) + "-" + part(color) + (query ? "?" + query : "");
}

/// The server's one-line refusal as the page says it: each option it names as a JSON key
/// ("allowOverlap") by its field's label (Allow overlap), as the form shows it.
function readable(text) {
  const known = new Set(effectOf(effect).options.map((o) => o.name));
  return text.replace(/^curvetype: error: /, "").replace(/"([A-Za-z][A-Za-z0-9]*)"/g, (quoted, key) => known.has(key) ? words(key) : quoted);
}

/// The picture's alt text: a badge's label and message, else the effect's text.
function altOf(list) {
  const value = (name) => (list.find(([n]) => n === name) || [])[1];
  if (effect === "badge") return [value("label"), value("message")].filter((t) => t).join(": ") || "badge";
  return value("text") || value("top") || value("ring") || value("name") || effect;
}

/// The address readers reach this server at: the operator's `--public-url` (the page carries
/// it), else the page's own. A loopback address reaches no reader, and the page says so.
const PUBLIC_BASE = (document.querySelector('meta[name="curvetype-public-url"]') || {}).content || location.origin;
const LOOPBACK = !document.querySelector('meta[name="curvetype-public-url"]')
  && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(location.hostname);

/// Markdown that shows the picture, as shields' builder offers it.
function markdownOf(list, address) {
  return "![" + altOf(list).replace(/[\[\]]/g, "") + "](" + address.replace(/ /g, "%20").replace(/\)/g, "%29") + ")";
}

/// HTML that shows it: for a badge, a <picture> with a light and a dark file, which GitHub
/// switches with its own theme setting; else an <img>.
function htmlOf(list, address) {
  const attribute = (t) => t.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const alt = attribute(altOf(list));
  if (effect !== "badge" || list.some(([n]) => n === "theme")) return '<img alt="' + alt + '" src="' + attribute(address) + '">';
  const themed = (theme) => attribute(address + (address.includes("?") ? "&" : "?") + "theme=" + theme);
  return '<picture><source media="(prefers-color-scheme: dark)" srcset="' + themed("dark") + '"><img alt="' + alt + '" src="' + themed("light") + '"></picture>';
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}

async function update() {
  const list = pairs();
  const url = address(list);
  $("command").textContent = commandLine(list);
  const shields = effect === "badge" ? shieldsAddress(list) : null;
  $("url").textContent = PUBLIC_BASE + url + (shields ? "\n" + PUBLIC_BASE + shields : "");
  $("markdown").textContent = markdownOf(list, PUBLIC_BASE + url);
  $("html").textContent = htmlOf(list, PUBLIC_BASE + url);
  $("html-label").textContent = effect === "badge" && !list.some(([n]) => n === "theme")
    ? "HTML (a <picture>: light and dark files, switched by GitHub's theme)" : "HTML (an <img>)";
  history.replaceState(null, "", "#" + url.slice(1));
  if (url === shown) return;
  downloads(null);
  shown = url;
  const preview = $("preview");
  const problem = $("problem");
  try {
    const response = await fetch(url);
    if (shown !== url) return;
    if (response.ok) {
      preview.className = effect === "badge" ? "badge" : "";
      preview.src = url;
      preview.alt = effect + " preview";
      preview.dataset.url = url;
      problem.hidden = true;
      downloads(url);
    } else {
      problem.textContent = readable(await response.text());
      problem.hidden = false;
    }
  } catch (error) {
    problem.textContent = "the server did not answer: " + error.message;
    problem.hidden = false;
  }
}

// The SVG writer's own options, which a PNG or PDF refuses (they set how an SVG is written).
const SVG_ONLY = new Set(["precision", "idPrefix", "id-prefix"]);

/// `url` without the SVG writer's own options, each other item of its query kept as written.
function withoutSVGOptions(url) {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const items = url.slice(mark + 1).split("&").filter((item) => !SVG_ONLY.has(decodeURIComponent(item.split("=")[0])));
  return url.slice(0, mark) + (items.length ? "?" + items.join("&") : "");
}

/// The download links: the preview's address as SVG, PNG at 2x and PDF (without the SVG's own
/// options); with no address (the state is being checked, or the server refused it) they are
/// shown disabled, with no link.
function downloads(url) {
  const other = url ? withoutSVGOptions(url) : url;
  const join = other && other.includes("?") ? "&" : "?";
  const links = { svg: url, png: other + join + "format=png&scale=2", pdf: other + join + "format=pdf" };
  for (const [format, href] of Object.entries(links)) {
    const link = $("download-" + format);
    if (url) {
      link.href = href;
      link.download = effect + "." + format;
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.removeAttribute("download");
      link.setAttribute("aria-disabled", "true");
    }
  }
}

/// Dragging round a circle's preview sets its start angle: 0 at 12 o'clock, clockwise, about
/// the picture's centre (the preset's canvas puts the circle's centre there). On a seal it
/// moves the arc nearest where the drag began, top or bottom, round the ring.
function dragStart() {
  const stage = $("stage");
  let field = null;
  const angleAt = (event) => {
    const box = $("preview").getBoundingClientRect();
    const dx = event.clientX - (box.left + box.width / 2), dy = event.clientY - (box.top + box.height / 2);
    return Math.round((Math.atan2(dx, -dy) * 180 / Math.PI + 360) % 360);
  };
  /// The angle field the drag moves: a circle's start; a seal's top or bottom angle, whichever
  /// arc's angle (its value, or its default of 0 or 180) is nearer.
  const fieldAt = (angle) => {
    if (effect === "circle") return $("option-start");
    const top = $("option-topAngle"), bottom = $("option-bottomAngle");
    if (!top || !bottom) return null;
    const apart = (a, b) => { const d = Math.abs(((a - b) % 360 + 360) % 360); return Math.min(d, 360 - d); };
    const at = (input, fallback) => (input.value !== "" && isFinite(input.value) ? Number(input.value) : fallback);
    return apart(angle, at(top, 0)) <= apart(angle, at(bottom, 180)) ? top : bottom;
  };
  const set = (event) => {
    if (!field) return;
    field.value = String(angleAt(event));
    field.dispatchEvent(new Event("input"));
  };
  stage.addEventListener("pointerdown", (event) => {
    if (effect !== "circle" && effect !== "seal") return;
    field = fieldAt(angleAt(event));
    if (!field) return;
    stage.setPointerCapture(event.pointerId);
    set(event);
    event.preventDefault();
  });
  stage.addEventListener("pointermove", (event) => { if (field) set(event); });
  stage.addEventListener("pointerup", () => { field = null; });
  stage.addEventListener("pointercancel", () => { field = null; });
}

/// The merge tab: a dropped template and the rows, checked and drawn by the server
/// (POST /merge-preview); the first pages shown.
let mergeTemplate = "";
let mergeTimer = 0;
function chooseMerge() {
  effect = "merge";
  for (const button of $("effects").children) button.setAttribute("aria-pressed", String(button.dataset.effect === "merge"));
  document.querySelector("main").hidden = true;
  $("merge-tab").hidden = false;
  if (location.hash !== "#merge") history.replaceState(null, "", "#merge");
}
async function previewMerge() {
  if (!mergeTemplate) { $("merge-count").textContent = "Choose a template."; return; }
  const response = await fetch("/merge-preview", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template: mergeTemplate, rows: $("merge-rows").value }) });
  const problem = $("merge-problem");
  if (!response.ok) {
    problem.textContent = (await response.text()).trim();
    problem.hidden = false;
    return;
  }
  problem.hidden = true;
  const answer = await response.json();
  $("merge-count").textContent = `${answer.rows} row${answer.rows === 1 ? "" : "s"} checked; the first ${answer.pages.length} drawn.`;
  const pages = $("merge-pages");
  pages.replaceChildren(...answer.pages.map((svg, index) => {
    const img = document.createElement("img");
    img.alt = `Page ${index + 1}`;
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    return img;
  }));
}
function mergeStart() {
  $("merge-template").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    mergeTemplate = file ? await file.text() : "";
    previewMerge();
  });
  $("merge-rows").addEventListener("input", () => { clearTimeout(mergeTimer); mergeTimer = setTimeout(previewMerge, 400); });
}

function choose(name, values) {
  document.querySelector("main").hidden = false;
  $("merge-tab").hidden = true;
  effect = name;
  for (const button of $("effects").children) button.setAttribute("aria-pressed", String(button.dataset.effect === name));
  $("stage").classList.toggle("draggable", name === "circle" || name === "seal");
  buildForm(values || PRESETS[name] || {});
  update();
}

/// The effect and values a shared link (`/#circle?text=…`) carries, if any.
function fromHash() {
  const hash = decodeURIComponent(location.hash.slice(1).split("?")[0]);
  if (!effectNames().includes(hash)) return null;
  // A bare `#spiral` opens the effect's starting point.
  if (!location.hash.includes("?")) return { name: hash, values: PRESETS[hash] };
  const values = {};
  // An option by its name or an old one (`fill` for `text-color`), as the command line takes them.
  const names = Object.fromEntries(optionsOf(hash).flatMap((o) => [o.name, ...(o.aliases || [])].map((n) => [kebab(n), o])));
  for (const [key, value] of new URLSearchParams(location.hash.split("?")[1] || "")) {
    const option = names[key];
    if (!option) continue;
    if (option.kind === "flag") values[option.name] = true;
    else if (option.kind === "repeatable") values[option.name] = [].concat(values[option.name] || [], value);
    else values[option.name] = value;
  }
  return { name: hash, values };
}

async function start() {
  schema = await (await fetch("/options.json")).json();
  const nav = $("effects");
  for (const name of effectNames()) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.dataset.effect = name;
    button.addEventListener("click", () => choose(name));
    nav.append(button);
  }
  const merge = document.createElement("button");
  merge.type = "button";
  merge.textContent = "merge";
  merge.dataset.effect = "merge";
  merge.addEventListener("click", chooseMerge);
  nav.append(merge);
  mergeStart();
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const text = $(button.dataset.copy).textContent;
      try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; }
      catch { getSelection().selectAllChildren($(button.dataset.copy)); button.textContent = "Selected"; }
      const label = button.dataset.label || "Copy";
      setTimeout(() => { button.textContent = label; }, 1200);
    });
  }
  dragStart();
  $("loopback").hidden = !LOOPBACK;
  // A badge is 20 px tall: shown at three times its size (up to the stage's width), in layout,
  // so the stage grows with it.
  $("preview").addEventListener("load", () => {
    const preview = $("preview");
    preview.style.width = preview.classList.contains("badge") ? Math.round(preview.naturalWidth * 3) + "px" : "";
  });
  window.addEventListener("hashchange", () => {
    if (location.hash === "#merge") { if (effect !== "merge") chooseMerge(); return; }
    const again = fromHash();
    if (again && (effect === "merge" || "#" + shown.slice(1) !== location.hash)) choose(again.name, again.values);
  });
  const shared = fromHash();
  if (location.hash === "#merge") { choose("circle"); chooseMerge(); }
  else if (shared) choose(shared.name, shared.values); else choose("circle");
}

start();
