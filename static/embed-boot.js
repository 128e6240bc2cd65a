/* embed.html, before the first paint and before PyScript starts.
 *
 * 1. Theme and language from the URL.  ?theme=green|blue|dark sets
 *    <html data-theme> (static/embed.css draws it); anything else keeps the
 *    default green.  ?lang= sets <html lang> when it names a language the
 *    page has (this script's data-languages, which the build writes from
 *    harpui/words.py LANGUAGES), and the game then speaks it (harpui/startup.py);
 *    anything else is ignored, and the browser's language is used.  As with the
 *    other parameters, each may also come after "#" (the query string wins).
 *    Values are only compared with these lists, never written into the page.
 *
 * 2. Blocked storage.  In a third-party iframe a browser may refuse this
 *    page any storage (measured in headless Chromium 156: localStorage
 *    throws SecurityError and indexedDB.open fails with "The user denied
 *    permission").  PyScript 0.7.31 opens IndexedDB as it starts (its
 *    package cache and pyscript.fs), and without it the game never starts.
 *    So when touching localStorage throws, give the page an IndexedDB that
 *    lives in memory, with just what PyScript's IDBMap uses: open with an
 *    upgrade, one object store, get, getKey, getAllKeys, put, delete,
 *    clear, count.  The game itself then keeps its save in memory too
 *    (harpui/store.py), and says so.
 */
(function () {
  "use strict";
  var THEMES = ["green", "blue", "dark"];
  var LANGS = (document.currentScript.getAttribute("data-languages") || "").split(" ").filter(Boolean);

  function param(name) {
    var sources = [location.search, location.hash.replace(/^#/, "?")];
    for (var i = 0; i < sources.length; i++) {
      var value = new URLSearchParams(sources[i]).get(name);
      if (value !== null) return value.trim().toLowerCase();
    }
    return null;
  }

  var root = document.documentElement;
  var theme = param("theme");
  root.setAttribute("data-theme", THEMES.indexOf(theme) >= 0 ? theme : "green");
  var lang = param("lang");
  if (LANGS.indexOf(lang) >= 0) root.lang = lang;

  function storageBlocked() {
    try {
      window.localStorage.length;  // eslint-disable-line no-unused-expressions
      return !window.indexedDB;
    } catch (e) {
      return true;
    }
  }
  if (!storageBlocked()) return;

  // ---- an IndexedDB in memory ------------------------------------------------
  function later(fn) { setTimeout(fn, 0); }
  function fire(request, type) {
    var handler = request["on" + type];
    if (typeof handler === "function") handler.call(request, { type: type, target: request });
  }
  function answer(fn) {   // a request that succeeds with fn()'s value, later
    var request = { result: undefined, error: null, onsuccess: null, onerror: null };
    later(function () { request.result = fn(); fire(request, "success"); });
    return request;
  }

  function Store(records) {
    this.get = function (key) { return answer(function () { return records.get(key); }); };
    this.getKey = function (key) { return answer(function () { return records.has(key) ? key : undefined; }); };
    this.getAllKeys = function () { return answer(function () { return Array.from(records.keys()); }); };
    this.count = function () { return answer(function () { return records.size; }); };
    this.put = function (value, key) { return answer(function () { records.set(key, value); return key; }); };
    this.delete = function (key) { return answer(function () { records.delete(key); }); };
    this.clear = function () { return answer(function () { records.clear(); }); };
  }

  function Database(name) {
    var stores = new Map();
    this.name = name;
    this.version = 1;
    this.objectStoreNames = { get length() { return stores.size; },
                              contains: function (n) { return stores.has(n); } };
    this.createObjectStore = function (n) {
      if (!stores.has(n)) stores.set(n, new Map());
      return new Store(stores.get(n));
    };
    this.transaction = function (n) {
      var records = stores.get(n);
      var tx = { oncomplete: null, onerror: null, onabort: null,
                 objectStore: function () { return new Store(records); } };
      later(function () { fire(tx, "complete"); });
      return tx;
    };
    this.close = function () {};
  }

  var databases = new Map();
  var memoryIndexedDB = {
    open: function (name) {
      var request = { result: undefined, error: null, transaction: null,
                      onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      later(function () {
        var fresh = !databases.has(name);
        if (fresh) databases.set(name, new Database(name));
        request.result = databases.get(name);
        if (fresh) {
          var upgrade = { oncomplete: null };
          request.transaction = upgrade;
          fire(request, "upgradeneeded");
          request.transaction = null;
          fire(upgrade, "complete");
        }
        fire(request, "success");
      });
      return request;
    },
    deleteDatabase: function (name) { return answer(function () { databases.delete(name); }); }
  };
  try {
    Object.defineProperty(window, "indexedDB", { configurable: true, enumerable: true,
                                                 get: function () { return memoryIndexedDB; } });
    root.setAttribute("data-harp-memory-idb", "");
  } catch (e) {
    // Could not replace it: PyScript will say why it did not start.
  }
})();
