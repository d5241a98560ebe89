// The playground: a form with every option of each effect (from /options.json, the server's
// own list, so it never drifts from the command line), a preview that re-renders as you type,
// and the equivalent curvetype command and URL. Plain script, no framework.
"use strict";

// A starting point per effect; every other option starts empty (the command's default).
const PRESETS = {
  circle: { text: "CURVETYPE SETS TYPE ALONG A CIRCLE • ", size: "18", radius: "90", sweep: "360", textColor: "#1d4ed8" },
  path: { text: "CurveType sets type along any path", d: "M 20 120 C 120 20 220 220 320 120", textColor: "#1d4ed8" },
  spiral: { a: "2", b: "0.3", from: "0", to: "1080", scale: "12", lineColor: "#cbd5e1", text: "Type that winds along an Archimedean spiral", size: "15" },
  fit: { text: "Fit me", box: "300x120", background: "#eef2ff" },
  angle: { angle: "45", header: "Angle", readout: true },
  badge: { label: "build", message: "passing", messageColor: "brightgreen" },
  seal: { ring: "CERTIFIED • SWIFT • 2026 • ", center: "A+" },
};
const ORDER = ["circle", "path", "spiral", "fit", "angle", "badge", "seal"];
// Options that write or read files on the machine, or need them: not for a URL.
const SKIP = new Set(["frames"]);

let schema = null;
let effect = "circle";
let timer = 0;
let shown = "";

const $ = (id) => document.getElementById(id);
const kebab = (name) => name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

function optionsOf(name) {
  return schema.effects.find((e) => e.name === name).options.filter((o) => !o.namesFile && !SKIP.has(o.name));
}

function buildForm(values) {
  const form = $("options");
  form.replaceChildren();
  for (const option of optionsOf(effect)) {
    const id = "option-" + option.name;
    const field = document.createElement("div");
    field.className = "field" + (option.required ? " required" : "");
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = option.positional ? option.name : "--" + kebab(option.name);
    let input;
    if (option.kind === "flag") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = values[option.name] === true || values[option.name] === "true";
    } else if (option.choices.length > 0) {
      input = document.createElement("select");
      input.append(new Option("", ""));
      for (const choice of option.choices) input.append(new Option(choice, choice));
      input.value = values[option.name] || "";
    } else if (option.kind === "repeatable") {
      input = document.createElement("textarea");
      input.placeholder = "one per line";
      input.value = [].concat(values[option.name] || []).join("\n");
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.value = values[option.name] || "";
      if (effect === "badge" && option.name === "logo") logoPicker(input, field);
    }
    input.id = id;
    input.name = option.name;
    input.dataset.kind = option.kind;
    input.addEventListener("input", schedule);
    input.addEventListener("change", schedule);
    field.append(label, input);
    form.append(field);
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
  for (const input of $("options").elements) {
    if (input.dataset.kind === "flag") {
      if (input.checked) out.push([input.name, ""]);
    } else if (input.dataset.kind === "repeatable") {
      for (const line of input.value.split("\n")) if (line !== "") out.push([input.name, line]);
    } else if (input.value !== "") {
      out.push([input.name, input.value]);
    }
  }
  return out;
}

const shellQuote = (word) => /^[A-Za-z0-9_.,:/=+%#@-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";

function commandLine(list) {
  const words = ["curvetype", effect];
  const options = optionsOf(effect);
  for (const [name, value] of list) {
    const option = options.find((o) => o.name === name);
    if (option && option.positional) { words.push(shellQuote(value)); continue; }
    words.push("--" + kebab(name));
    if (option && option.kind !== "flag") words.push(shellQuote(value));
  }
  return words.join(" ") + " -o " + effect + ".svg";
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

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}

async function update() {
  const list = pairs();
  const url = address(list);
  $("command").textContent = commandLine(list);
  const shields = effect === "badge" ? shieldsAddress(list) : null;
  $("url").textContent = location.origin + url + (shields ? "\n" + location.origin + shields : "");
  history.replaceState(null, "", "#" + url.slice(1));
  if (url === shown) return;
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
    } else {
      problem.textContent = (await response.text()).replace(/^curvetype: error: /, "");
      problem.hidden = false;
    }
  } catch (error) {
    problem.textContent = "the server did not answer: " + error.message;
    problem.hidden = false;
  }
}

function choose(name, values) {
  effect = name;
  for (const button of $("effects").children) button.setAttribute("aria-pressed", String(button.dataset.effect === name));
  buildForm(values || PRESETS[name] || {});
  update();
}

/// The effect and values a shared link (`/#circle?text=…`) carries, if any.
function fromHash() {
  const hash = decodeURIComponent(location.hash.slice(1).split("?")[0]);
  if (!ORDER.includes(hash)) return null;
  const values = {};
  // An option by its name or an old one (`fill` for `text-color`), as the command line takes them.
  const names = Object.fromEntries(optionsOf(hash).flatMap((o) => [o.name, ...o.aliases].map((n) => [kebab(n), o])));
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
  for (const name of ORDER) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.dataset.effect = name;
    button.addEventListener("click", () => choose(name));
    nav.append(button);
  }
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const text = $(button.dataset.copy).textContent;
      try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; }
      catch { getSelection().selectAllChildren($(button.dataset.copy)); button.textContent = "Selected"; }
      setTimeout(() => { button.textContent = "Copy"; }, 1200);
    });
  }
  const shared = fromHash();
  if (shared) choose(shared.name, shared.values); else choose("circle");
}

start();
