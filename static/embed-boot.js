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
(() => {
  // A classic script, not a module: it must run before the first paint (a
  // module would wait for the page to be parsed), and it reads
  // document.currentScript, which a module has not.  The arrow function keeps
  // its names off window, and lets it stop early where storage works.
  "use strict";
  const THEMES = ["green", "blue", "dark"];
  const LANGS = (document.currentScript.getAttribute("data-languages") || "").split(" ").filter(Boolean);

  function param(name) {
    for (const source of [location.search, location.hash.replace(/^#/, "?")]) {
      const value = new URLSearchParams(source).get(name);
      if (value !== null) return value.trim().toLowerCase();
    }
    return null;
  }

  const root = document.documentElement;
  const theme = param("theme");
  root.setAttribute("data-theme", THEMES.includes(theme) ? theme : "green");
  const lang = param("lang");
  if (LANGS.includes(lang)) root.lang = lang;

  function storageBlocked() {
    try {
      // biome-ignore lint/suspicious/noUnusedExpressions: the read is the test, it throws where the browser refuses this page storage
      window.localStorage.length;
      return !window.indexedDB;
    } catch {
      return true;
    }
  }
  if (!storageBlocked()) return;

  // ---- an IndexedDB in memory ------------------------------------------------
  const later = (fn) => setTimeout(fn, 0);
  function fire(request, type) {
    const handler = request[`on${type}`];
    if (typeof handler === "function") handler.call(request, { type, target: request });
  }
  function answer(fn) {   // a request that succeeds with fn()'s value, later
    const request = { result: undefined, error: null, onsuccess: null, onerror: null };
    later(() => { request.result = fn(); fire(request, "success"); });
    return request;
  }

  const store = (records) => ({
    get: (key) => answer(() => records.get(key)),
    getKey: (key) => answer(() => (records.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => Array.from(records.keys())),
    count: () => answer(() => records.size),
    put: (value, key) => answer(() => { records.set(key, value); return key; }),
    delete: (key) => answer(() => { records.delete(key); }),
    clear: () => answer(() => { records.clear(); })
  });

  function database(name) {
    const stores = new Map();
    return {
      name,
      version: 1,
      objectStoreNames: { get length() { return stores.size; }, contains: (n) => stores.has(n) },
      createObjectStore(n) {
        if (!stores.has(n)) stores.set(n, new Map());
        return store(stores.get(n));
      },
      transaction(n) {
        const records = stores.get(n);
        const tx = { oncomplete: null, onerror: null, onabort: null, objectStore: () => store(records) };
        later(() => fire(tx, "complete"));
        return tx;
      },
      close() {}
    };
  }

  const databases = new Map();
  const memoryIndexedDB = {
    open(name) {
      const request = { result: undefined, error: null, transaction: null,
                        onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      later(() => {
        const fresh = !databases.has(name);
        if (fresh) databases.set(name, database(name));
        request.result = databases.get(name);
        if (fresh) {
          const upgrade = { oncomplete: null };
          request.transaction = upgrade;
          fire(request, "upgradeneeded");
          request.transaction = null;
          fire(upgrade, "complete");
        }
        fire(request, "success");
      });
      return request;
    },
    deleteDatabase: (name) => answer(() => { databases.delete(name); })
  };
  try {
    Object.defineProperty(window, "indexedDB", { configurable: true, enumerable: true,
                                                 get: () => memoryIndexedDB });
    root.setAttribute("data-harp-memory-idb", "");
  } catch {
    // Could not replace it: PyScript will say why it did not start.
  }
})();
