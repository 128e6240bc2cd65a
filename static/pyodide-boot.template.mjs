/* The interpreter module PyScript imports (pyscript.toml's `interpreter`):
 * Pyodide's own loadPyodide, booted from a memory snapshot when the player's
 * browser holds one for this build.
 *
 * build.py renders this template into dist/static/pyodide-boot.mjs, filling
 * in the runtime's hash: the vendored Pyodide files, the engine wheel, this
 * file and static/snapshot-worker.mjs.  Edit this file, never the copy.
 *
 * PyScript 0.7.31 calls loadPyodide({indexURL, stdout, stderr}) and reads
 * `version`; both are Pyodide's, with these additions:
 *
 * - A snapshot stored under this build's hash (Cache Storage) is handed to
 *   Pyodide's private `_loadSnapshot` option: Python's heap comes back as it
 *   was, the standard library and engine modules already imported, and the
 *   start-up that builds it is skipped.  `random` is reseeded afterwards (its
 *   state is frozen in the snapshot).  A snapshot that does not restore is
 *   deleted and Pyodide boots as usual; so does one of another build, which
 *   is never read at all (Pyodide's own build-id check does not cover
 *   python_stdlib.zip or our wheel: the hash here does).
 * - The site never ships a snapshot: it is made in the player's browser, by
 *   static/snapshot-worker.mjs in a Worker, 10 s after the game is ready
 *   (unless a newer build is installing or waiting), and only on a visit that booted without one after an earlier
 *   visit got as far as ready (localStorage "harp.returning", set at ready):
 *   a first visit never pays for it, nor does a page opened once.  The
 *   worker pre-imports the standard-library and engine modules this page
 *   imported; nothing that holds JavaScript objects (PyScript, the UI) can be
 *   in a snapshot, so it is made before any such setup, in a Pyodide of its own.
 *   It also keeps the UI's modules compiled, not run (harpui/precompiled.py):
 *   <html data-harp-ui-code> says whether the page took them ("snapshot").
 * - <html data-harp-boot> says how Python started: "snapshot" or "plain";
 *   <html data-harp-snapshot> what became of making one: "skipped", "making",
 *   "made" or "failed".
 */
import { loadPyodide as loadPlainPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const RUNTIME_HASH = "__HARP_RUNTIME_HASH__";
const ENGINE_WHEEL = "__HARP_ENGINE_WHEEL__";   // relative to the site's root
const UI_ARCHIVE = "__HARP_UI_ARCHIVE__";       // the UI's modules, zipped; relative to the site's root
// Pyodide's lock file, as the build wrote it in here: the page loads no package,
// so it names none, and Pyodide need not fetch pyodide-lock.json (one request less).
const LOCK = "__HARP_LOCK__";
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SITE = new URL("../", import.meta.url);
// Caches are per origin: the name carries the site's path (GitHub Pages
// serves many sites from one origin).  One entry, this build's; the service
// worker's own caches are named "harp <path> <build>" and never match it.
const CACHE = `harp-snapshot ${SITE.pathname}`;
const ENTRY = new URL(`harp-snapshot/${RUNTIME_HASH}`, SITE).href;
const MAKE_AFTER_READY_MS = 10000;   // let the first moves have the machine first
const root = document.documentElement;
const RETURNING = "harp.returning";   // "1" once a visit was ready

// Python run after a restore: fresh randomness, and the path finders'
// directory caches forgotten (the files PyScript unpacks are new).  Not
// importlib.invalidate_caches(): it imports importlib.metadata, which the
// trimmed standard library leaves out.
const AFTER_RESTORE = `(lambda sys: (__import__("random").seed(), [
    finder.invalidate_caches() for finder in list(sys.path_importer_cache.values())
    if hasattr(finder, "invalidate_caches")]))(__import__("sys"))`;

// Python run once the game is ready: the modules a snapshot may pre-import,
// as JSON.  Only the standard library's and the engine's: everything else
// (PyScript, the UI, Pyodide's own glue) may hold JavaScript objects.
const SNAPSHOT_MODULES = `(lambda sys, json: json.dumps(sorted(
    name for name, module in list(sys.modules.items())
    if name == "harp" or name.startswith("harp.")
    or (str(getattr(module, "__file__", None) or "").startswith("/lib/python")
        and "site-packages" not in str(module.__file__)
        and not name.startswith(("pyodide", "_pyodide", "pyscript", "js", "asyncio")))
)))(__import__("sys"), __import__("json"))`;

const storedSnapshot = readSnapshot();   // starts while PyScript sets itself up

export async function loadPyodide(options) {
  const config = { ...options, indexURL: INDEX_URL, lockFileContents: LOCK };
  const returning = readFlag();
  const stopWatching = watchRuntimeDownload();
  let pyodide, make;
  try {
    pyodide = await restore(config, await storedSnapshot);
    root.setAttribute("data-harp-boot", pyodide ? "snapshot" : "plain");
    make = !pyodide && returning;
    pyodide = pyodide || await loadPlainPyodide(config);
  } finally {
    stopWatching();   // fetch is the page's own again, however the boot ended
  }
  whenReady(() => {
    writeFlag();
    if (make) setTimeout(() => idle(() => makeSnapshot(pyodide)), MAKE_AFTER_READY_MS);
    else root.setAttribute("data-harp-snapshot", "skipped");
  });
  return pyodide;
}

/**
 * Pyodide only warns when its wasm cannot be downloaded, then waits for ever.
 * Until it has started, a failed or refused download of pyodide.asm.wasm is
 * raised as an error event, on which static/boot.js says so and offers Retry
 * at once.  Returns the function that stops watching.
 */
function watchRuntimeDownload() {
  const fetchPlain = globalThis.fetch;
  const failed = (why) => dispatchEvent(new ErrorEvent("error", {
    message: `the Python runtime could not be downloaded (${why})`,
  }));
  globalThis.fetch = function (resource, options) {
    const answer = fetchPlain.call(this, resource, options);
    if (String(resource?.url || resource).endsWith("/pyodide.asm.wasm")) {
      answer.then((response) => { if (!response.ok) failed(`HTTP ${response.status}`); },
                  (error) => failed(error?.message || "no connection"));
    }
    return answer;
  };
  return () => { globalThis.fetch = fetchPlain; };
}

/** Pyodide booted from the snapshot, or null: none, or it did not restore (then it is deleted). */
async function restore(config, snapshot) {
  if (!snapshot) return null;
  try {
    const pyodide = await loadPlainPyodide({ ...config, _loadSnapshot: snapshot });
    pyodide.runPython(AFTER_RESTORE);
    return pyodide;
  } catch (error) {
    console.warn("Harp: the stored Python snapshot did not restore; starting without it.", error);
    await forgetSnapshots();
    return null;
  }
}

/** This build's snapshot as bytes, or null (none, no Cache Storage, unreadable). */
async function readSnapshot() {
  try {
    if (!globalThis.caches) return null;
    const response = await caches.match(ENTRY, { cacheName: CACHE });   // (opens no cache)
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A snapshot cut short would restore a broken heap: the length is checked here,
    // the magic number and Pyodide's build id by Pyodide.
    if (String(bytes.length) !== response.headers.get("X-Harp-Length")) {
      await forgetSnapshots();
      return null;
    }
    return bytes;
  } catch {
    return null;
  }
}

async function forgetSnapshots() {
  try { await caches.delete(CACHE); } catch { /* nothing stored, nothing lost */ }
}

function readFlag() {
  try { return localStorage.getItem(RETURNING) === "1"; } catch { return false; }
}

function writeFlag() {
  try { localStorage.setItem(RETURNING, "1"); } catch { /* storage off: never a snapshot */ }
}

function whenReady(callback) {
  if (root.hasAttribute("data-harp-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-harp-ready")) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-harp-ready"] });
}

function idle(callback) {
  if (globalThis.requestIdleCallback) requestIdleCallback(callback, { timeout: 5000 });
  else callback();
}

/** True while a newer build installs or waits: this build's snapshot would be of no use. */
async function updateComing() {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration && (registration.installing || registration.waiting));
  } catch {
    return false;
  }
}

async function makeSnapshot(pyodide) {
  if (!globalThis.caches || !globalThis.Worker || await updateComing()) {
    return root.setAttribute("data-harp-snapshot", "skipped");
  }
  root.setAttribute("data-harp-snapshot", "making");
  let worker;
  const done = (state, error) => {
    if (error) console.warn("Harp: no Python snapshot this time.", error);
    root.setAttribute("data-harp-snapshot", state);
    if (worker) worker.terminate();
  };
  try {
    const modules = JSON.parse(pyodide.runPython(SNAPSHOT_MODULES));
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    // The worker ends only once this page reads the whole snapshot back:
    // WebKit drops a write still under way when its worker is terminated,
    // though the worker's cache.put has resolved (an ephemeral profile
    // kept nothing at all).
    worker.onmessage = async (event) => {
      if (!event.data.ok) return done("failed", event.data.error);
      const stored = await readSnapshot();
      done(stored && stored.byteLength === event.data.bytes ? "made" : "failed",
           stored ? null : "the snapshot was not kept");
    };
    worker.onerror = (event) => done("failed", event.message || "the worker stopped");
    worker.postMessage({
      indexURL: INDEX_URL, lock: LOCK, cache: CACHE, entry: ENTRY, modules,
      wheel: new URL(ENGINE_WHEEL, SITE).href, ui: new URL(UI_ARCHIVE, SITE).href,
    });
  } catch (error) {
    done("failed", error);
  }
}
