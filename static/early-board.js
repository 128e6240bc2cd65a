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
 * its columns as harpui/layout.py does once it has measured a card, and
 * names the deal in window.harpEarly.firstDeal, which Python then starts.
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
(function () {
  "use strict";
  var SPRITE = "";   // the card art is in the page (buildtools/pages.py)
  var DRAG_PX = 6;
  var root = document.documentElement;
  var namespace = root.classList.contains("embed") ? "embed." : "";
  var taps = [];

  function ready() { return root.hasAttribute("data-harp-ready"); }

  function record(name) {   // the data of a harp.<name> record, or null
    var raw = window.localStorage.getItem(namespace + "harp." + name);
    if (raw === null) return null;
    var r = JSON.parse(raw);
    return r && r.v === 1 && r.data ? r.data : null;
  }

  function urlParam(name) {
    var sources = [location.search, location.hash.replace(/^#/, "?")];
    for (var i = 0; i < sources.length; i++) {
      var value = new URLSearchParams(sources[i]).get(name);
      if (value !== null && value.trim()) return value.trim();
    }
    return null;
  }

  function savedBoard() {   // the stored board, if it may be shown; else null
    var game = record("game"), board = record("board");
    if (!game || !board || typeof game.game !== "string" || board.format !== 1) return null;
    var save = JSON.parse(game.game);
    if (!save || typeof save.code !== "string" || !Array.isArray(save.actions)) return null;
    if (board.code !== save.code || board.history !== save.actions.length || board.moves !== save.moves) return null;
    var code = urlParam("code");
    if (code && code.toUpperCase() !== save.code.toUpperCase()) return null;
    var wanted = namespace ? urlParam("game") : null;
    if (wanted && wanted.toLowerCase() !== board.game) return null;
    if (!Array.isArray(board.piles) || !board.piles.length) return null;
    return board;
  }

  function art(cls, name) {
    return '<svg class="' + cls + '" aria-hidden="true"><use href="' + SPRITE + "#" + name + '"></use></svg>';
  }

  function pileElement(p) {   // [name, art, suit, label, state, height, cards]
    var name = String(p[0]);
    var kind = { s: "stock", w: "waste", f: "foundation", t: "column" }[name.charAt(0)];
    var el = document.createElement("div");
    el.className = "pile " + kind;
    el.setAttribute("data-pile", name);
    el.setAttribute("tabindex", "-1");
    el.setAttribute("role", "button");
    el.setAttribute("aria-roledescription", "pile");
    if (p[1]) el.innerHTML = art("slot-art", String(p[1]));
    if (p[2]) el.setAttribute("data-suit", String(p[2]));
    el.setAttribute("aria-label", String(p[3]));
    if (p[4]) el.setAttribute("data-state", String(p[4]));
    if (kind === "column" && p[5]) el.style.height = String(p[5]);
    p[6].forEach(function (c, i) {   // [id, card, top, left]
      var card = String(c[1]);
      var down = card === "??" || card.charAt(0) !== card.charAt(0).toUpperCase();
      var red = !down && (card.charAt(1) === "H" || card.charAt(1) === "D");
      var cardEl = document.createElement("div");
      cardEl.className = "card" + (down ? " down" : "") + (red ? " red" : "");
      cardEl.setAttribute("data-id", String(c[0]));
      cardEl.setAttribute("aria-hidden", "true");   // the pile's stored name speaks for its cards
      cardEl.setAttribute("data-card", card);
      cardEl.setAttribute("data-pile", name);
      cardEl.style.top = Number(c[2]) + "px";
      cardEl.style.left = Number(c[3]) + "px";
      cardEl.style.zIndex = String(i + 1);
      cardEl.innerHTML = art("art", down ? "back" : "c-" + card);
      el.appendChild(cardEl);
    });
    return el;
  }

  function draw(board) {
    var areas = { s: "stock-area", w: "stock-area", f: "foundations", t: "tableau" };
    var built = {};
    board.piles.forEach(function (p) {
      var area = areas[String(p[0]).charAt(0)];
      if (!area) throw new Error("unknown pile");
      (built[area] = built[area] || []).push(pileElement(p));
    });
    var el = document.getElementById("board");
    el.setAttribute("data-columns", String(board.columns));
    el.style.setProperty("--cols", String(board.columns));
    el.style.setProperty("--found", String(board.found));
    el.setAttribute("data-found", String(board.found));
    el.setAttribute("data-draw", String(board.draw));
    el.setAttribute("data-code", String(board.code));
    for (var id in built) document.getElementById(id).replaceChildren.apply(document.getElementById(id), built[id]);
    for (var key in board.texts || {}) {
      var text = document.getElementById(key);
      if (text) text.textContent = String(board.texts[key]);
    }
    if (board.title) document.title = String(board.title);
    if (board.relaxed) document.body.classList.add("relaxed");
    root.setAttribute("data-harp-early", "");
  }

  // ---- taps before the game is ready ---------------------------------------
  function say(key) {   // boot.js's words in the page's language (it runs before any tap)
    return window.harpWord ? window.harpWord(key) : key;
  }

  var toastTimer = null;
  function toast(text) {
    var el = document.getElementById("toast");
    if (!el) return;
    el.textContent = text;
    el.classList.add("show");
    var live = document.getElementById("announce");   // the page's one live region
    if (live) live.textContent = text;
    if (toastTimer) clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      if (!ready() && el.textContent === text) el.classList.remove("show");
    }, 3500);
  }

  function listen() {
    var board = document.getElementById("board");
    var down = null;
    board.addEventListener("pointerdown", function (ev) {
      down = ready() ? null : { x: ev.clientX, y: ev.clientY };
    });
    board.addEventListener("click", function (ev) {
      if (ready()) return;
      var moved = down && Math.abs(ev.clientX - down.x) + Math.abs(ev.clientY - down.y) > DRAG_PX;
      down = null;
      var card = ev.target.closest && ev.target.closest("[data-card]");
      var pile = ev.target.closest && ev.target.closest(".pile[data-pile]");
      if (moved || !pile) {
        toast(say("boot.early_starting"));
        return;
      }
      var name = pile.getAttribute("data-pile");
      var id = card ? Number(card.getAttribute("data-id")) : -1;
      if (name !== "s" && !card) return;
      taps.push([name, id, card ? card.getAttribute("data-card") : "", ev.timeStamp]);   // when tapped, not when handled
      (name === "s" ? pile : card).classList.add("waiting");
      toast(say("boot.early_queued"));
    });
    // A toolbar button pressed before the game is ready says it will answer in a moment.
    var tools = document.querySelector(".tools");
    if (tools) tools.addEventListener("pointerup", function (ev) {
      var button = ev.target.closest && ev.target.closest("button");
      if (ready() || !button) return;
      button.classList.add("waiting");
      toast(say("boot.button_wait"));
    });
  }

  window.harpEarly = {
    firstDeal: null,   // the code of the first visit's deal drawn, for harpui/startup.py
    // The queued taps, [pile, card id or -1, card, ms] each, handed over once.
    take: function () {
      var out = taps;
      taps = [];
      var marked = document.querySelectorAll("#board .waiting, .tools .waiting");
      for (var i = 0; i < marked.length; i++) marked[i].classList.remove("waiting");
      return out;
    }
  };

  function showLooks() {   // the player's looks (harpui/looks.py), kept with the board's copy
    var board = record("board"), looks = board && board.looks;
    if (!looks || typeof looks !== "object") return;
    for (var name in looks) {
      var value = looks[name];
      if (/^data-[a-z-]+$/.test(name) && typeof value === "string" && /^[a-z]+$/.test(value)) {
        root.setAttribute(name, value);
      }
    }
  }

  // ---- a first visit's deal -------------------------------------------------
  function firstDeal() {   // one of the page's first deals, if this is a first visit; else null
    if (urlParam("code")) return null;
    var store = window.localStorage;
    if (store.getItem(namespace + "harp.game") !== null || store.getItem(namespace + "harp.settings") !== null) return null;
    var script = document.getElementById("first-deals");
    var data = script && script.textContent ? JSON.parse(script.textContent) : null;
    if (!data || !Array.isArray(data.deals) || !data.deals.length) return null;
    var wanted = namespace ? urlParam("game") : null;   // the embed's host may name another game
    if (wanted && wanted.toLowerCase() !== data.game) return null;
    return data.deals[Math.floor(Math.random() * data.deals.length)];
  }

  /* Top offsets of a column's cards: harpui/layout.py's column_offsets, with
   * its gaps (in card heights, and a finger's target in px) from the deal's record. */
  function columnOffsets(faces, cardH, room, gaps) {
    var n = faces.length, downs = 0, ups, i;
    if (!n) return [];
    for (i = 0; i < n - 1; i++) if (!faces[i]) downs++;
    ups = n - 1 - downs;
    var space = Math.max(room - cardH, 0);
    var downGap = gaps[0] * cardH, upGap = gaps[1] * cardH;
    function total(dg, ug) { return downs * dg + ups * ug; }
    if (total(downGap, upGap) > space) {
      if (downs) downGap = Math.max(gaps[2] * cardH, (space - ups * upGap) / downs);
      if (total(downGap, upGap) > space && ups) upGap = Math.max(gaps[3] * cardH, (space - downs * downGap) / ups);
    } else if (ups) {   // room to spare: face-up cards spread out, up to a finger's target
      var widest = Math.max(upGap, Math.min(gaps[5], gaps[4] * cardH));
      upGap = Math.min(widest, (space - downs * downGap) / ups);
    }
    var out = [], y = 0;
    for (i = 0; i < n; i++) {
      out.push(Math.round(y * 10) / 10);
      y += faces[i] ? upGap : downGap;
    }
    return out;
  }

  function faceUp(card) { return card !== "??" && card.charAt(0) === card.charAt(0).toUpperCase(); }

  function drawFirst(deal) {
    var words = deal.words[window.harpLanguage] || deal.words.en;
    draw({
      columns: deal.columns, found: deal.found, draw: deal.draw, code: deal.code,
      texts: words.texts, title: words.title,
      piles: deal.piles.map(function (p, i) {   // [name, art, suit, state, cards]
        return [p[0], p[1], p[2], words.labels[i], p[3], "",
                p[4].map(function (c) { return [c[0], c[1], 0, 0]; })];
      })
    });
    // As harpui/render.py measures: the card height from column 1's width,
    // and the height a column may use down to the bottom of the window.
    var tableau = document.getElementById("tableau");
    var cardW = document.querySelector('#tableau .pile[data-pile="t1"]').offsetWidth || 60;
    var cardH = cardW * 1.4;
    // The room ends at the toolbar where it sits at the bottom (a phone held upright), as in render.py.
    var tools = document.querySelector(".tools");
    var floor = tools && getComputedStyle(tools).position === "fixed" ? tools.getBoundingClientRect().top : window.innerHeight;
    var room = Math.max(floor - tableau.getBoundingClientRect().top - 8, cardH * 2.2);
    var columns = tableau.querySelectorAll(".pile[data-pile]");
    for (var i = 0; i < columns.length; i++) {
      var cards = columns[i].querySelectorAll("[data-card]");
      var faces = Array.prototype.map.call(cards, function (c) { return faceUp(c.getAttribute("data-card")); });
      var tops = columnOffsets(faces, cardH, room, deal.gaps);
      for (var k = 0; k < cards.length; k++) cards[k].style.top = tops[k] + "px";
      if (tops.length) columns[i].style.height = Math.round(tops[tops.length - 1] + cardH) + "px";
    }
    window.harpEarly.firstDeal = deal.code;
  }

  function start() {
    var board = null;
    try {
      showLooks();
      board = savedBoard();
      if (board) draw(board);
      else {
        var deal = firstDeal();
        if (deal) drawFirst(deal);
      }
    } catch (e) {
      board = null;   // storage refused, or a copy or a deal that does not read: boot as usual
    }
    if (document.getElementById("board")) listen();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
