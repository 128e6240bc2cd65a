/* Compiles Python sources to bytecode with the site's own Pyodide, run in Node
 * (buildtools/stdlib.py calls it during the build):
 *
 *     node buildtools/bytecode.mjs PYODIDE_DIR IN.zip OUT.zip
 *
 * Every X.py in IN.zip becomes X.pyc in OUT.zip, except the modules frozen
 * into the interpreter (os, io, codecs...: it never reads the zip's copies,
 * which stay source): compiled by the Python that
 * will import it (the magic number must match, so the build's own Python
 * cannot do it), with optimize=2 (no docstrings, no asserts: a third less to
 * download) and as an unchecked hash-based pyc (PEP 552), which the importer
 * takes without looking for the source.  Each code object is named by its
 * path on the page, inside the standard-library zip on sys.path.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, input, output] = process.argv.slice(2);
if (!output) throw new Error("usage: node bytecode.mjs PYODIDE_DIR IN.zip OUT.zip");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.runPython(`
import _imp, os, py_compile, sys, zipfile
on_path = next(p for p in sys.path if p.endswith(".zip")) + "/"
with zipfile.ZipFile("/tmp/in.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for name in zin.namelist():
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        if not name.endswith(".py") or _imp.is_frozen(module):
            continue
        source = "/tmp/src/" + name
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as f:
            f.write(zin.read(name))
        py_compile.compile(source, cfile=source + "c", dfile=on_path + name, doraise=True, optimize=2,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        zout.write(source + "c", name + "c")
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
