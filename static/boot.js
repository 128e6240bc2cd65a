/* Loading screen for the Harp page.
 *
 * One of the seven small JavaScript files the site ships beside PyScript's
 * own: this one, early-board.js (a returning player's board, drawn before
 * Python starts), embed-boot.js (the embed page's theme and storage checks
 * before the first paint), sw-register.js (registers the service worker and
 * offers updates), sw.js (the service worker, built from sw.template.js),
 * pyodide-boot.mjs (Pyodide, booted from the player's memory snapshot when
 * there is one; built from pyodide-boot.template.mjs) and
 * snapshot-worker.mjs (makes that snapshot).
 *
 * It shows the loading words in the player's language (window.harpWord, used
 * by early-board.js and sw-register.js too), moves the progress bar while
 * PyScript starts Pyodide, and if the
 * runtime fails (an error before the game is ready, or no progress for too
 * long) it says so in words and offers Retry.  The game itself is Python:
 * static/main.py starts it (harpui/startup.py), sets <html data-harp-ready>
 * and hides #loader.
 */
const STALL_MS = 90000;   // no progress for this long: call it failed
const root = document.documentElement;
let failed = false;
let stallTimer = null;

const $ = (id) => document.getElementById(id);
const ready = () => root.hasAttribute("data-harp-ready");

// ---- words before Python: the page's languages and their boot.* words, from
// <script type="application/json" id="boot-words"> (written by build.py from
// harpui/words.py's LANGUAGES and the catalogues: buildtools/pages.py,
// boot_words), in the language harpui/startup.py will pick: the embed's ?lang=,
// else the one chosen in Options, else the browser's first we have.
const BOOT = readBoot();
const LANGUAGES = BOOT.languages;   // the first is the fallback
const WORDS = BOOT.words;
const LANG = pageLanguage();

function readBoot() {
  try {
    const boot = JSON.parse($("boot-words").textContent);
    if (boot && Array.isArray(boot.languages) && boot.languages.length && boot.words) return boot;
  } catch { /* no words: the keys stand for them */ }
  return { languages: [""], words: {} };
}

/* harpui/words.py's known_language: value as one of languages, or null. */
export function knownLanguage(languages, value) {
  const code = typeof value === "string" ? value.trim().toLowerCase() : "";
  return languages.includes(code) ? code : null;
}

/* harpui/words.py's pick_language, the same rule a second time (this script
 * speaks before Python has started; tests/ui/test_words.py runs both on the
 * same cases): the player's choice if it names one of languages, else the
 * first of the browser's languages we have ("sv-SE" -> "sv"), else the first. */
export function pickLanguage(languages, chosen, browser) {
  const known = knownLanguage(languages, chosen);
  if (known) return known;
  for (const tag of browser) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (languages.includes(base)) return base;
  }
  return languages[0];
}

function pageLanguage() {   // as harpui/startup.py's start_page chooses it
  const namespace = root.classList.contains("embed") ? "embed." : "";
  let chosen = namespace ? knownLanguage(LANGUAGES, embedParam("lang")) : null;
  if (!chosen) {
    try {
      const record = JSON.parse(localStorage.getItem(`${namespace}harp.settings`) || "null");
      if (record && record.v === 1 && record.data) chosen = record.data.language;
    } catch { /* no storage, or a record that does not read: the browser's language */ }
  }
  const nav = window.navigator;
  return pickLanguage(LANGUAGES, chosen, nav.languages?.length ? Array.from(nav.languages) : [nav.language || ""]);
}

function embedParam(name) {   // harpui/embed.py's params: the query string, then after "#"
  for (const source of [location.search, location.hash.replace(/^#/, "?")]) {
    const params = new URLSearchParams(source);
    if (params.has(name)) return params.get(name);
  }
  return null;
}

/* The words for key in the page's language, {name}s filled from params. */
function word(key, params) {
  const text = WORDS[LANG]?.[key] || WORDS[LANGUAGES[0]]?.[key] || key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (params && name in params ? String(params[name]) : all));
}
window.harpWord = word;   // for early-board.js and sw-register.js
window.harpLanguage = LANG;   // for early-board.js: the language of a first visit's board

/* The page in its language before Python has started: every marked text and
 * attribute whose words came with the page (buildtools/pages.py BOOT_PREFIXES:
 * the loader, the title and description, the toolbar, the status line, the
 * board's names), as harpui/pagewords.py will mark them all once Python runs. */
function showWords() {
  if (LANG === LANGUAGES[0]) return;   // the build wrote the first language's words
  root.lang = LANG;
  const known = WORDS[LANG] || {};
  for (const marked of document.querySelectorAll("[data-i18n]")) {
    const key = marked.getAttribute("data-i18n");
    if (Object.hasOwn(known, key)) marked.textContent = known[key];
  }
  for (const marked of document.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of marked.getAttribute("data-i18n-attr").split(/\s+/)) {
      const [attribute, key] = pair.split(":");
      if (Object.hasOwn(known, key)) marked.setAttribute(attribute, known[key]);
    }
  }
}

function setProgress(pct, text, step) {
  if (failed || ready()) return;
  const bar = $("loader-bar");
  if (bar) {
    bar.style.width = `${pct}%`;
  }
  if (text && $("loader-text")) $("loader-text").textContent = text;
  if (step) {
    let seen = false;
    for (const li of document.querySelectorAll("#loader-steps li")) {
      if (li.getAttribute("data-step") === step) { li.className = "active"; seen = true; }
      else li.className = seen ? "" : "done";
    }
  }
  armStallTimer();
}

function fail(reason) {
  if (failed || ready()) return;
  failed = true;
  root.setAttribute("data-harp-failed", "");
  const box = $("loader-failed");
  if ($("loader-error")) {
    const why = String(reason || "").replace(/[.\s]+$/, "");
    $("loader-error").textContent = word("boot.failed_why", { why: why ? ` (${why})` : "" });
  }
  if (box) box.hidden = false;
  if ($("loader-text")) $("loader-text").textContent = word("boot.stopped");
  const retry = $("loader-retry");
  if (retry) retry.focus();
}

function armStallTimer() {
  if (stallTimer) clearTimeout(stallTimer);
  stallTimer = setTimeout(() => {
    if (!ready()) fail("loading took too long");
  }, STALL_MS);
}

const STEPS = {   // PyScript's progress -> [percent, words, step]
  "Loading Pyodide": [20, "boot.runtime_loading", "runtime"],
  "Loaded Pyodide": [70, "boot.runtime_loaded", "runtime"],
  "Loading files": [75, "boot.engine_loading", "files"],
  "Loaded files": [85, "boot.engine_loaded", "files"]
};

addEventListener("py:progress", (ev) => {
  const s = STEPS[ev.detail];
  if (!s) return;
  setProgress(s[0], word(s[1]), s[2]);
  const bar = $("loader-bar");
  if (bar) bar.classList.toggle("creep", ev.detail === "Loading Pyodide");
  if (ev.detail === "Loading Pyodide") {
    // The runtime download gives no progress of its own: creep towards 65%.
    setTimeout(() => { if (!failed && !ready() && bar.classList.contains("creep")) bar.style.width = "65%"; }, 50);
  }
});
document.addEventListener("py:ready", () => {
  setProgress(90, word("boot.dealing"), "start");
});
document.addEventListener("py:done", () => {
  // main.py has run to the end; if it did not mark the page ready, it failed.
  setTimeout(() => { if (!ready()) fail("the game did not start"); }, 0);
});
addEventListener("error", (ev) => {
  if (!ready()) fail(ev?.message ? ev.message : "a script error");
});
addEventListener("unhandledrejection", (ev) => {
  if (!ready()) {
    const r = ev?.reason;
    fail(r?.message ? r.message : String(r || "an unknown error"));
  }
});

document.addEventListener("DOMContentLoaded", () => {
  const retry = $("loader-retry");
  if (retry) retry.addEventListener("click", () => location.reload());
  showWords();
  setProgress(8, word("boot.loading"), "runtime");
});
