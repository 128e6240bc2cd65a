"""The page's scripts (static/*.js, ES modules) run in Node.js, for tests that
compare what they hold a second time with the Python it copies (not a test
module).

A script is imported with just enough of a page around it to load (no board,
no storage, no words: its start-up finds nothing to do), and each call to one
of its exports comes back as JSON.  Node.js is there wherever the site is
built (build.py runs npm); `build.py check` may run without it, and these
tests then skip.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js runs the page's scripts; the build installs it")

# A page with nothing in it: what the scripts touch as they load.
EMPTY_PAGE = """
const none = () => null;
const element = { classList: { contains: () => false }, hasAttribute: () => false, setAttribute() {},
                  style: { setProperty() {} } };
globalThis.window = globalThis;
globalThis.document = { readyState: "complete", documentElement: element, getElementById: none,
                        querySelector: none, querySelectorAll: () => [], addEventListener() {} };
globalThis.addEventListener = () => {};
globalThis.location = { search: "", hash: "" };
globalThis.localStorage = { getItem: none };
Object.defineProperty(globalThis, "navigator", { value: { languages: [], language: "" }, configurable: true });
"""


def call_script(name: str, calls: list[tuple[str, list[Any]]], folder: Path) -> list[Any]:
    """What static/<name>'s exports return for calls, [(export, arguments), ...]
    (JSON values both ways), in one run of Node.js; folder: a scratch folder."""
    assert NODE is not None, "needs_node"
    module = folder / f"{Path(name).stem}.mjs"     # Node reads a .js file as CommonJS
    module.write_text((STATIC / name).read_text(encoding="utf-8"), encoding="utf-8")
    runner = folder / "run.mjs"
    runner.write_text(EMPTY_PAGE + f"const script = await import({json.dumps(module.as_uri())});\n"
                      f"const calls = {json.dumps(calls)};\n"
                      "process.stdout.write(JSON.stringify(calls.map(([name, args]) => script[name](...args))));\n",
                      encoding="utf-8")
    done = subprocess.run([NODE, str(runner)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out: list[Any] = json.loads(done.stdout)
    return out
