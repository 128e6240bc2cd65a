/* The early board: a returning player's game on screen before Python starts.
 *
 * After each move the page keeps a compact copy of the board it drew in
 * localStorage ("harp.board", beside the saved game "harp.game"; on the
 * embed page "embed.harp.board"), written by harpui/startup.py from
 * harpui/render.py (the record: harpui/early.py).  This script runs before
 * PyScript and draws that copy: the same pile and card elements, with the
 * same data-pile, data-card and data-id values and the same positions, as
 * the renderer's.  Python's first render then replaces them in one task, so
 * no frame shows an empty board, and <html data-harp-ready> still waits
 * until the game answers input.
 *
 * The copy is drawn only when it belongs to the saved game: the same deal
 * code, history length and move count as harp.game, and no deal code (or, on
 * the embed page, game) in the URL that would open another one.  Anything
 * unreadable is ignored and the page boots as usual.
 *
 * A first visit (no saved game, no settings, no deal code in the URL, and on
 * the embed page no other game named) has no copy, so this script draws one
 * of the deals build.py wrote into the page
 * (<script type="application/json" id="first-deals">, harpui/early.py's
 * first_deal) in the page's language (boot.js's window.harpLanguage), fans
 * its columns as harpui/layout.py does once it has measured a card, with the
 * numbers the build wrote beside the deals (layout.py's measures()), and
 * names the deal in window.harpEarly.firstDeal, which Python then starts.
 * The layout's two functions are therefore here a second time, in
 * JavaScript, since this board is drawn before Python loads: columnOffsets
 * and metrics, with no number of their own (tests/ui/test_early.py runs them
 * in Node against layout.py's; tests/browser/test_early_layout.py compares
 * this board with Python's at every screen size the browser tests use).
 *
 * The piles' words are the page's language's: each pile's name comes with
 * the board (Python's words), and the rest from the catalogues through
 * boot.js (window.harpWord, which the build gives the keys this script needs).
 *
 * The player's looks (theme, card size...) stored with the copy are set on
 * <html> first, whether or not the board is drawn, so a dark theme chosen
 * in Options does not flash light while Python starts.
 *
 * Taps on the early board are queued (window.harpEarly.take(), for
 * harpui/startup.py) and played once the game is ready if they still fit;
 * meanwhile the tapped card is marked as waiting and a toast says the game
 * is starting.  Drags only get the toast.
 */
const SPRITE = "";   // the card art is in the page (buildtools/pages.py)
const DRAG_PX = 6;
const root = document.documentElement;
const namespace = root.classList.contains("embed") ? "embed." : "";
let taps = [];

const ready = () => root.hasAttribute("data-harp-ready");

function record(name) {   // the data of a harp.<name> record, or null
  const raw = window.localStorage.getItem(`${namespace}harp.${name}`);
  if (raw === null) return null;
  const r = JSON.parse(raw);
  return r && r.v === 1 && r.data ? r.data : null;
}

function urlParam(name) {
  for (const source of [location.search, location.hash.replace(/^#/, "?")]) {
    const value = new URLSearchParams(source).get(name);
    if (value?.trim()) return value.trim();
  }
  return null;
}

function savedBoard() {   // the stored board, if it may be shown; else null
  const game = record("game");
  const board = record("board");
  if (!game || !board || typeof game.game !== "string" || board.format !== 1) return null;
  const save = JSON.parse(game.game);
  if (!save || typeof save.code !== "string" || !Array.isArray(save.actions)) return null;
  if (board.code !== save.code || board.history !== save.actions.length || board.moves !== save.moves) return null;
  const code = urlParam("code");
  if (code && code.toUpperCase() !== save.code.toUpperCase()) return null;
  const wanted = namespace ? urlParam("game") : null;
  if (wanted && wanted.toLowerCase() !== board.game) return null;
  if (!Array.isArray(board.piles) || !board.piles.length) return null;
  return board;
}

const art = (cls, name) => `<svg class="${cls}" aria-hidden="true"><use href="${SPRITE}#${name}"></use></svg>`;

function pileElement(p) {   // [name, art, suit, label, state, height, cards]
  const name = String(p[0]);
  const kind = { s: "stock", w: "waste", f: "foundation", t: "column" }[name.charAt(0)];
  const el = document.createElement("div");
  el.className = `pile ${kind}`;
  el.setAttribute("data-pile", name);
  el.setAttribute("tabindex", "-1");
  el.setAttribute("role", "button");
  el.setAttribute("aria-roledescription", say("pile.role"));   // as harpui/render.py names a pile
  if (p[1]) el.innerHTML = art("slot-art", String(p[1]));
  if (p[2]) el.setAttribute("data-suit", String(p[2]));
  el.setAttribute("aria-label", String(p[3]));
  if (p[4]) el.setAttribute("data-state", String(p[4]));
  if (kind === "column" && p[5]) el.style.height = String(p[5]);
  p[6].forEach((c, i) => {   // [id, card, top, left]
    const card = String(c[1]);
    const down = card === "??" || card.charAt(0) !== card.charAt(0).toUpperCase();
    const red = !down && (card.charAt(1) === "H" || card.charAt(1) === "D");
    const cardEl = document.createElement("div");
    cardEl.className = `card${down ? " down" : ""}${red ? " red" : ""}`;
    cardEl.setAttribute("data-id", String(c[0]));
    cardEl.setAttribute("aria-hidden", "true");   // the pile's stored name speaks for its cards
    cardEl.setAttribute("data-card", card);
    cardEl.setAttribute("data-pile", name);
    cardEl.style.top = `${Number(c[2])}px`;
    cardEl.style.left = `${Number(c[3])}px`;
    cardEl.style.zIndex = String(i + 1);
    cardEl.innerHTML = art("art", down ? "back" : `c-${card}`);
    el.appendChild(cardEl);
  });
  return el;
}

function draw(board) {
  const areas = { s: "stock-area", w: "stock-area", f: "foundations", t: "tableau" };
  const built = {};
  for (const p of board.piles) {
    const area = areas[String(p[0]).charAt(0)];
    if (!area) throw new Error("unknown pile");
    if (!built[area]) built[area] = [];
    built[area].push(pileElement(p));
  }
  const el = document.getElementById("board");
  el.setAttribute("data-columns", String(board.columns));
  el.style.setProperty("--cols", String(board.columns));
  el.style.setProperty("--found", String(board.found));
  el.setAttribute("data-found", String(board.found));
  el.setAttribute("data-draw", String(board.draw));
  el.setAttribute("data-code", String(board.code));
  for (const id in built) document.getElementById(id).replaceChildren(...built[id]);
  for (const key in board.texts || {}) {
    const text = document.getElementById(key);
    if (text) text.textContent = String(board.texts[key]);
  }
  if (board.title) document.title = String(board.title);
  if (board.relaxed) document.body.classList.add("relaxed");
  root.setAttribute("data-harp-early", "");
  measureBoard(el);
}

/* harpui/render.py's _measure_board: where the board starts (--board-top, by
 * which style.css sizes the cards of a phone held sideways and of a short
 * window) and how wide it is (--board-w), as Python's first render will. */
function measureBoard(board) {
  const box = board.getBoundingClientRect();
  board.style.setProperty("--board-top", `${Math.round(box.top + window.scrollY)}px`);
  root.style.setProperty("--board-w", `${Math.round(box.width)}px`);
}

// ---- taps before the game is ready ---------------------------------------
function say(key) {   // boot.js's words in the page's language (it runs before any tap)
  return window.harpWord ? window.harpWord(key) : key;
}

let toastTimer = null;
function toast(text) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = text;
  el.classList.add("show");
  const live = document.getElementById("announce");   // the page's one live region
  if (live) live.textContent = text;
  if (toastTimer) clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    if (!ready() && el.textContent === text) el.classList.remove("show");
  }, 3500);
}

function listen() {
  const board = document.getElementById("board");
  let down = null;
  board.addEventListener("pointerdown", (ev) => {
    down = ready() ? null : { x: ev.clientX, y: ev.clientY };
  });
  board.addEventListener("click", (ev) => {
    if (ready()) return;
    const moved = down && Math.abs(ev.clientX - down.x) + Math.abs(ev.clientY - down.y) > DRAG_PX;
    down = null;
    const card = ev.target.closest?.("[data-card]");
    const pile = ev.target.closest?.(".pile[data-pile]");
    if (moved || !pile) {
      toast(say("boot.early_starting"));
      return;
    }
    const name = pile.getAttribute("data-pile");
    const id = card ? Number(card.getAttribute("data-id")) : -1;
    if (name !== "s" && !card) return;
    taps.push([name, id, card ? card.getAttribute("data-card") : "", ev.timeStamp]);   // when tapped, not when handled
    (name === "s" ? pile : card).classList.add("waiting");
    toast(say("boot.early_queued"));
  });
  // A toolbar button pressed before the game is ready says it will answer in a moment.
  const tools = document.querySelector(".tools");
  if (tools) tools.addEventListener("pointerup", (ev) => {
    const button = ev.target.closest?.("button");
    if (ready() || !button) return;
    button.classList.add("waiting");
    toast(say("boot.button_wait"));
  });
}

window.harpEarly = {
  firstDeal: null,   // the code of the first visit's deal drawn, for harpui/startup.py
  // The queued taps, [pile, card id or -1, card, ms] each, handed over once.
  take() {
    const out = taps;
    taps = [];
    for (const marked of document.querySelectorAll("#board .waiting, .tools .waiting")) {
      marked.classList.remove("waiting");
    }
    return out;
  }
};

function showLooks() {   // the player's looks (harpui/looks.py), kept with the board's copy
  const looks = record("board")?.looks;
  if (!looks || typeof looks !== "object") return;
  for (const name in looks) {
    const value = looks[name];
    if (/^data-[a-z-]+$/.test(name) && typeof value === "string" && /^[a-z]+$/.test(value)) {
      root.setAttribute(name, value);
    }
  }
}

// ---- a first visit's deal -------------------------------------------------
function firstDeal() {   // [one of the page's first deals, layout.py's measures] on a first visit; else null
  if (urlParam("code")) return null;
  const store = window.localStorage;
  if (store.getItem(`${namespace}harp.game`) !== null || store.getItem(`${namespace}harp.settings`) !== null) return null;
  const script = document.getElementById("first-deals");
  const data = script?.textContent ? JSON.parse(script.textContent) : null;
  if (!data || !Array.isArray(data.deals) || !data.deals.length || !data.layout) return null;
  const wanted = namespace ? urlParam("game") : null;   // the embed's host may name another game
  if (wanted && wanted.toLowerCase() !== data.game) return null;
  return [data.deals[Math.floor(Math.random() * data.deals.length)], data.layout];
}

// ---- harpui/layout.py a second time ------------------------------------------
/* layout.py's column_offsets: the top offsets of a column's cards (faces[i]:
 * card i is face up), with L, layout.py's measures() from the page. */
export function columnOffsets(faces, cardH, room, L) {
  const n = faces.length;
  if (!n) return [];
  let downs = 0;
  for (let i = 0; i < n - 1; i++) if (!faces[i]) downs++;
  const ups = n - 1 - downs;
  const space = Math.max(room - cardH, 0);
  let downGap = L.DOWN_GAP * cardH;
  let upGap = L.UP_GAP * cardH;
  const total = (dg, ug) => downs * dg + ups * ug;
  if (total(downGap, upGap) > space) {   // squeeze the face-down gaps first, then the face-up ones
    if (downs) downGap = Math.max(L.MIN_DOWN_GAP * cardH, (space - ups * upGap) / downs);
    if (total(downGap, upGap) > space && ups) upGap = Math.max(L.MIN_UP_GAP * cardH, (space - downs * downGap) / ups);
  } else if (ups) {   // room to spare: face-up cards spread out, up to a finger's target
    const widest = Math.max(upGap, Math.min(L.TAP_PX, L.MAX_UP_GAP * cardH));
    upGap = Math.min(widest, (space - downs * downGap) / ups);
  }
  const out = [];
  let y = 0;
  for (const face of faces) {
    out.push(Math.round(y * 10) / 10);
    y += face ? upGap : downGap;
  }
  return out;
}

/* layout.py's metrics: [card width, card height, the height a column may use]
 * from column 1's width, the columns' top, the floor and the solver panel's dock. */
export function metrics(cardW, top, floor, dock, L) {
  const w = cardW || L.UNMEASURED_CARD_W;
  const h = w * L.CARD_RATIO;
  return [w, h, Math.max(floor - top - L.ROOM_MARGIN_PX - dock, L.MIN_ROOM * h)];
}

/* As harpui/render.py measures the page for them. */
function roomFloor() {   // render.py's _floor: the toolbar's top where it sits at the bottom (a phone held upright)
  const tools = document.querySelector(".tools");
  return tools && getComputedStyle(tools).position === "fixed" ? tools.getBoundingClientRect().top : window.innerHeight;
}

function panelDock(L) {   // the px the solver's panel takes at the bottom while it shows (messages.py, layout.dock_height)
  const panel = document.getElementById("solver-panel");
  return panel && !panel.hidden ? panel.getBoundingClientRect().height + L.PANEL_MARGIN_PX : 0;
}

const faceUp = (card) => card !== "??" && card.charAt(0) === card.charAt(0).toUpperCase();

function drawFirst(deal, L) {
  const words = deal.words[window.harpLanguage] || Object.values(deal.words)[0];
  draw({
    columns: deal.columns, found: deal.found, draw: deal.draw, code: deal.code,
    texts: words.texts, title: words.title,
    piles: deal.piles.map((p, i) =>   // [name, art, suit, state, cards]
      [p[0], p[1], p[2], words.labels[i], p[3], "", p[4].map((c) => [c[0], c[1], 0, 0])])
  });
  const tableau = document.getElementById("tableau");
  const column1 = document.querySelector('#tableau .pile[data-pile="t1"]');
  const [, cardH, room] = metrics(column1.offsetWidth, tableau.getBoundingClientRect().top, roomFloor(), panelDock(L), L);
  for (const column of tableau.querySelectorAll(".pile[data-pile]")) {
    const cards = column.querySelectorAll("[data-card]");
    const faces = Array.from(cards, (c) => faceUp(c.getAttribute("data-card")));
    const tops = columnOffsets(faces, cardH, room, L);
    cards.forEach((card, k) => { card.style.top = `${tops[k]}px`; });
    if (tops.length) column.style.height = `${Math.round(tops[tops.length - 1] + cardH)}px`;
  }
  window.harpEarly.firstDeal = deal.code;
}

function start() {
  try {
    showLooks();
    const board = savedBoard();
    if (board) draw(board);
    else {
      const first = firstDeal();
      if (first) drawFirst(...first);
    }
  } catch {
    // storage refused, or a copy or a deal that does not read: boot as usual
  }
  if (document.getElementById("board")) listen();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
