"""Record which standard-library modules the pages import: buildtools/stdlib-modules.txt.

The build trims Pyodide's python_stdlib.zip to those modules and everything
they import (buildtools/stdlib.py). Run this after a change that may import
something new (a new stdlib import in harp/ or static/, a new PyScript or
Pyodide):

    python3 tools/stdlib_modules.py

It builds the site with the whole standard library into a temporary folder,
serves it, and in Debian's Chromium plays a whole Harpan game with a hint
every few moves, opens every dialog, then does the same on the embed page
(a few moves and a hint); then it asks each page's Python for the modules
it loaded from the standard-library zip, and writes their union.
tests/browser/test_stdlib.py then plays a whole game with hints on the
trimmed library.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]   # run as a script: these first, then the imports

from buildtools.common import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - after sys.path
from buildtools.server import serving  # noqa: E402 - after sys.path
from buildtools.site import build  # noqa: E402 - after sys.path
from pagekit import HARPAN1, HARPAN1_WIN, mouse_move, solver_says, still  # noqa: E402 - after sys.path
from playwright.sync_api import Page, sync_playwright  # noqa: E402 - after sys.path

HINT_EVERY = 15
# Run in the page's Python (a <script type="py"> added to the page): the
# modules it loaded from the standard-library zip, on <html data-stdlib-modules>.
DUMP = """
import json, sys
from pyscript import document
document.documentElement.dataset.stdlibModules = json.dumps(sorted(
    n for n, m in list(sys.modules.items()) if ".zip/" in str(getattr(m, "__file__", None) or "")))
"""
DUMP_JS = """code => {
  const script = document.createElement('script');
  script.type = 'py';
  script.textContent = code;
  document.body.append(script);
}"""


def ready(page: Page) -> None:
    page.wait_for_selector("html[data-harp-ready]", state="attached", timeout=120_000)


def hint(page: Page) -> None:
    page.click('[data-action="hint"]')
    solver_says(page, timeout=120_000)
    page.click("#solver-close")


def loaded_modules(page: Page) -> list[str]:
    page.evaluate(DUMP_JS, DUMP)
    page.wait_for_selector("html[data-stdlib-modules]", state="attached", timeout=60_000)
    return list(json.loads(page.get_attribute("html", "data-stdlib-modules") or "[]"))


def record(url: str, page: Page) -> set[str]:
    page.goto(f"{url}?code={HARPAN1}")
    ready(page)
    for n, notation in enumerate(HARPAN1_WIN):
        if n % HINT_EVERY == 0:
            hint(page)
        mouse_move(page, notation)
        still(page)
    page.wait_for_selector("#dlg-won[open]")
    page.keyboard.press("Escape")
    for action in ("new", "stats", "settings", "help"):
        page.click(f'[data-action="{action}"]')
        page.keyboard.press("Escape")
    modules = set(loaded_modules(page))
    page.goto(f"{url}embed.html")
    ready(page)
    for notation in ("s", "s"):
        mouse_move(page, notation)
        still(page)
    page.click('[data-action="hint"]')     # the embed shows a hint on the cards alone
    page.wait_for_selector("#board .hint", state="attached", timeout=120_000)
    return modules | set(loaded_modules(page))


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="harp-stdlib-") as tmp:
        site = build(Path(tmp) / "dist", full_stdlib=True)
        with serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            modules = record(url, browser.new_context().new_page())
            browser.close()
    head = ("# Standard-library modules the pages imported after a whole game with hints, every dialog\n"
            "# and the embed page: written by tools/stdlib_modules.py, read by buildtools/stdlib.py.\n")
    ROOT.joinpath("buildtools", "stdlib-modules.txt").write_text(head + "\n".join(sorted(modules)) + "\n")
    print(f"{len(modules)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
