"""The engine wheel installs with micropip in a bare Pyodide page, the way
JupyterLite or another PyScript site would install it (docs/design.md: the
engine is a real py3-none-any wheel).

The page here is not the game's: buildtools.testrun.micropip_test_site writes a throwaway
site with the built site's Pyodide, micropip's wheel (fetched once with pip
into .cache/) and the engine wheel; this test adds a page that loads Pyodide
with no PyScript, loads micropip and installs the wheel by its URL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import harp
from playwright.sync_api import Page

from buildtools.common import project_metadata
from buildtools.server import serving
from buildtools.testrun import micropip_test_site, micropip_wheels

if TYPE_CHECKING:
    from tabkit import Watch

WHEEL = f"harp-{project_metadata()['version']}-py3-none-any.whl"
BOOT_TIMEOUT_MS = 90_000  # Pyodide boots in 4-7 s here, micropip adds about 1 s

PAGE = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>micropip installs harp</title>
<link rel="icon" href="data:,">
<script type="module" src="./main.js"></script>
"""

# Run in the page by main.js once harp is installed; its value comes back as JSON.
PYTHON = """
import importlib.metadata, json
import harp
g = harp.Game.new("easy-harp", deal=5)
json.dumps({
    "code": g.code,
    "legal_moves": g.legal_moves(),
    "version": importlib.metadata.version("harp"),
    "file": harp.__file__,
})
"""

# window.installed: a promise of PYTHON's result, set as the module runs (no
# top-level await), so it exists by the load event. The URL is absolute, as
# another site would write it.
MAIN_JS = """import { loadPyodide } from "./pyodide/pyodide.mjs";

async function install() {
  const pyodide = await loadPyodide();
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(__WHEEL__, location.href).href);
  return pyodide.runPython(__PYTHON__);
}

window.installed = install();
"""


def test_micropip_installs_the_wheel_in_bare_pyodide(
    site_dir: Path, tmp_path: Path, page: Page, watch: Watch
) -> None:
    site = micropip_test_site(tmp_path / "micropip-site", site_dir)
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    main_js = MAIN_JS.replace("__WHEEL__", json.dumps(f"./wheels/{WHEEL}")).replace("__PYTHON__", json.dumps(PYTHON))
    (site / "main.js").write_text(main_js, encoding="utf-8")
    log: list[tuple[str, int]] = []
    with serving(site, request_log=log) as url:
        watch.attach(page)
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        response = page.goto(url)
        assert response is not None and response.ok
        result = json.loads(page.evaluate("window.installed"))

    g = harp.Game.new("easy-harp", deal=5)  # the same deal in CPython
    assert result["code"] == g.code == "EH1-N-AAAAAAF"
    assert result["legal_moves"] == g.legal_moves()
    assert result["version"] == project_metadata()["version"]
    assert "site-packages" in result["file"], "imported from where micropip installed it"
    served = {path for path, status in log if status == 200}
    wanted = {f"/wheels/{WHEEL}", *(f"/pyodide/{p.name}" for p in micropip_wheels())}
    assert wanted <= served, "micropip's wheel and the engine's came from this server"
    watch.check()  # no console errors, failed loads or requests off 127.0.0.1
