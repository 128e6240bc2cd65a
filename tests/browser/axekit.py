"""axe-core in the browser tests (not a test module): the pinned package's
axe.min.js (package.json, so node_modules/axe-core) injected into a page,
run with the WCAG 2.2 AA and best-practice rules, and its serious and
critical violations listed in words a failing test can show."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from buildtools.common import ROOT

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]
SERIOUS = ("serious", "critical")

RUN = """async ([tags, context]) => {
  const results = await axe.run(context || document,
                                {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return results.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary.split('\\n').slice(1, 3).join(' '))}));
}"""


def inject(page: Page) -> None:
    """Put axe on the page (once).  Evaluated through the DevTools protocol,
    so the site's Content Security Policy, which allows no inline script,
    stays as it is."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        source = AXE_JS.read_text(encoding="utf-8")
        page.evaluate("() => {\n" + source + "\n}")
        assert page.evaluate("() => typeof window.axe === 'object'"), "axe-core did not load"


def serious_violations(page: Page, context: str | None = None) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page (or within the
    element that context selects)."""
    inject(page)
    found: list[dict[str, Any]] = page.evaluate(RUN, [TAGS, context])
    return [v for v in found if v["impact"] in SERIOUS]


def report(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
                     for v in violations)
