/* Makes this build's Python memory snapshot, in a Worker, in the player's browser.
 *
 * static/pyodide-boot.mjs (from pyodide-boot.template.mjs, which says when
 * and why) starts it once the game is ready and posts what to make: the
 * Pyodide folder, the engine wheel, the modules to pre-import and where to
 * keep the result.  Here a Pyodide of its own boots with the private
 * `_makeSnapshot` option, unpacks the engine and the UI where PyScript unpacks
 * them (the working directory), imports the modules, compiles the UI's
 * modules without running them (harpui/precompiled.py), and the heap
 * (`makeMemorySnapshot()`, about 30 MiB) goes into Cache Storage, replacing
 * any other build's.  Nothing in it holds a JavaScript object: no PyScript,
 * no page.  It answers {ok: true} or {ok: false, error}.
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// The runtime's files come straight from the service worker's cache when it
// holds them, as no request: nothing to download, nothing for a reload of
// the page to cut off half way.
const fetchFromNetwork = self.fetch.bind(self);
self.fetch = async (resource, options) =>
  (await caches.match(resource).catch(() => undefined)) || fetchFromNetwork(resource, options);

self.onmessage = async ({ data: job }) => {
  try {
    const pyodide = await loadPyodide({ indexURL: job.indexURL, lockFileContents: job.lock, _makeSnapshot: true });
    for (const archive of [job.wheel, job.ui]) {
      const response = await fetch(archive);
      if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
      pyodide.unpackArchive(await response.arrayBuffer(), "zip");
    }
    // A module that no longer imports is left out, not fatal; no name stays behind.
    pyodide.runPython(`
def _harp_preimport(names):
    import importlib
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:
            pass
_harp_preimport(${JSON.stringify(job.modules)})
del _harp_preimport
`);
    // The UI's code, compiled only: importing harpui.precompiled alone runs
    // no page code, and it leaves sys.modules as it found it but for the store.
    pyodide.runPython(`
def _harp_precompile():
    import os, sys
    before = set(sys.modules)
    from harpui.precompiled import compile_package
    compile_package(os.path.abspath("harpui"))
    for name in set(sys.modules) - before:
        if name == "harpui" or name.startswith("harpui."):
            del sys.modules[name]
_harp_precompile()
del _harp_precompile
`);
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(job.cache);
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(job.entry, new Response(snapshot, {
      headers: { "Content-Type": "application/octet-stream", "X-Harp-Length": String(snapshot.length) },
    }));
    self.postMessage({ ok: true, bytes: snapshot.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error?.stack || error) });
  }
};
