/* Harp's service worker: the game loads and plays offline after one visit.
 *
 * build.py renders this template into dist/sw.js: it fills in the build's
 * content hash and the precache list (every file the page loads, with its
 * SHA-256), both generated from dist/.  Edit this file, never dist/sw.js.
 *
 * - install: fetch every listed file afresh (revalidating, so a file the
 *   page has just loaded costs a 304), refuse anything that is not a real
 *   200 response or not byte for byte the file this build lists, and store
 *   them all in a cache named for the build.  Any failure drops that cache,
 *   and the worker that was active goes on serving its own complete cache.
 * - the new worker then waits: pages keep their build until they reload.
 *   static/sw-register.js offers "A new version is ready" with a Reload
 *   button, which posts "skip-waiting"; the next load of the page applies
 *   the update too.  Nothing here touches localStorage, where the game in
 *   progress is saved.
 * - activate: delete this site's caches of older builds, take control.
 * - fetch: listed files come from the cache (the page at ./ for any query
 *   string), everything else goes to the network as if there were no worker.
 *
 * Every URL is relative to this file, so the site works under a sub-path.
 */
"use strict";

const BUILD = "__HARP_BUILD__";
/** [path relative to this file, sha256 hex] for every precached file; "./" is the page. */
const PRECACHE = [/* __HARP_PRECACHE__ */];

const BASE = new URL("./", self.location.href);
// Caches are per origin, not per scope: GitHub Pages serves many sites from
// one origin, so the name carries this site's path as well as the build.
const PREFIX = `harp ${BASE.pathname} `;
const CACHE = PREFIX + BUILD;
const PATHS = new Set(PRECACHE.map(([path]) => path));
const PAGE = "./";
const PARALLEL = 6;

// ---------------------------------------------------------------- install

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    const todo = PRECACHE.slice();
    const fetcher = async () => {
      for (let entry = todo.shift(); entry; entry = todo.shift()) {
        await store(cache, entry[0], entry[1]);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, fetcher));
  } catch (error) {
    await caches.delete(CACHE);  // never keep half a build
    throw error;
  }
}

async function store(cache, path, sha256) {
  const url = new URL(path, BASE);
  // "no-cache": revalidate with the server, so the HTTP cache can't hand us
  // a file from another deploy; unchanged files cost a 304.
  let response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
  if (!cacheable(response)) {
    throw new Error(`precache ${path}: HTTP ${response.status} ${response.type}`);
  }
  const body = await response.clone().arrayBuffer();
  if ((await digest(body)) !== sha256) {
    throw new Error(`precache ${path}: not the file this build lists (a deploy under way?)`);
  }
  if (response.redirected) {
    // A redirected response can't answer a navigation: keep its body and headers only.
    const { status, statusText, headers } = response;
    response = new Response(body, { status, statusText, headers });
  }
  await cache.put(url, response);  // headers kept: .wasm stays application/wasm
}

/** Only real, whole, readable answers: no 206, no error page, no opaque response. */
function cacheable(response) {
  return response.ok && response.status === 200 && response.type !== "opaque";
}

async function digest(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- activate

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// ---------------------------------------------------------------- fetch

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  let path = url.pathname.slice(BASE.pathname.length);
  if (path === "" || path === "index.html") path = PAGE;
  if (!PATHS.has(path)) return;  // not ours: the network, as without a worker
  if (path === PAGE && request.mode === "navigate" && self.registration.waiting) {
    event.respondWith(reloadIntoWaiting(path));
    return;
  }
  event.respondWith(fromCache(request, path));
});

async function fromCache(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(new URL(path, BASE));
  return hit || fetch(request);  // evicted meanwhile: the network still works
}

// A page load while a newer build waits: activate it, and have the browser
// load the page again, from the new cache, before any of the old build's
// files are asked for.  The waiting worker can only take over once this
// fetch event is over, hence a tiny page that reloads itself rather than an
// answer from the new cache.  It reloads once the waiting worker has moved
// on (to activating: the next navigation then waits for it), not at once,
// so a slow activation does not use up the tries; after 3 s it reloads
// anyway.  At most a few times in a row, in case the waiting worker does
// not take over.
const RELOAD_WHEN_ACTIVATING = `let done = false;
const again = () => { if (!done) { done = true; location.reload(); } };
setTimeout(again, 3000);
navigator.serviceWorker.getRegistration().then((registration) => {
  const waiting = registration?.waiting;
  if (waiting) waiting.addEventListener("statechange", again);
  else again();
}, again);`;
let switches = [];

async function reloadIntoWaiting(path) {
  const now = Date.now();
  switches = switches.filter((t) => now - t < 10000);
  if (switches.length >= 3) return fromCache(new Request(new URL(path, BASE)), path);
  switches.push(now);
  self.registration.waiting.postMessage("skip-waiting");
  const page = '<!doctype html><title>Harp</title><link rel="icon" href="data:,">' +
    `<script>${RELOAD_WHEN_ACTIVATING}</script>` +
    '<noscript><meta http-equiv="refresh" content="0"></noscript>';
  return new Response(page, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
