"""The page probes: JavaScript that reads the game's page, and what the
engine says the page should show.  One home for them: the bench
(bench_chromium.py, bench_browsers.py) and the tests (tests/browser/pagekit.py,
snapshotkit.py, tests/crossbrowser/visitkit.py) all take them from here.
"""

from __future__ import annotations

from typing import Any

# Resolves once the page's service worker is activated (its precache is then
# complete: install only succeeds with every file cached), to its scope and
# script.
WORKER_ACTIVATED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== 'activated') {
    await new Promise(done => worker.addEventListener('statechange',
      () => worker.state === 'activated' && done()));
  }
  return {scope: registration.scope, script: worker.scriptURL};
}"""

# True once the visit's snapshot making has settled: <html data-harp-snapshot>
# is "made", "failed" or "skipped" (static/pyodide-boot.template.mjs; each is
# final for the visit, and only "making" is not).
SNAPSHOT_SETTLED = "() => ['made', 'failed', 'skipped'].includes(document.documentElement.dataset.harpSnapshot)"

# pile -> its cards bottom to top, as the page shows them; a card element in a
# pile it does not belong to reads 'WRONG-PILE:<card>'.
LAYOUT_JS = """() => {
  const out = {};
  for (const pile of document.querySelectorAll('#board .pile[data-pile]')) {
    out[pile.dataset.pile] = [...pile.querySelectorAll('[data-card]')].map(c => {
      if (c.dataset.pile !== pile.dataset.pile) return 'WRONG-PILE:' + c.dataset.card;
      return c.dataset.card;
    });
  }
  return out;
}"""

# Where on the page (CSS pixels of its viewport) to point at: `what` is
# "card" (the card at `index` of `pile`, -1 the top one; its visible strip
# unless it is the top card), "pile" (its top card, or the middle of the
# empty pile) or "foundations" (the middle of the foundation row).  null
# while something moves; {error} where there is nothing to point at.  One
# script, so one round trip a point: Playwright's locators took about 14 for
# a card (measured here: 29 against 2 ms of CPU).
POINT_JS = """([what, pile, index]) => {
  if (document.getAnimations().some(a => a.playState === "running")) return null;
  const middle = (r, height) => [r.x + r.width / 2, r.y + height / 2];
  if (what === "foundations") {
    const r = document.querySelector("#foundations").getBoundingClientRect();
    return middle(r, r.height);
  }
  const pileEl = document.querySelector(`#board .pile[data-pile="${pile}"]`);
  if (!pileEl) return {error: `no pile ${pile}`};
  const cards = [...pileEl.querySelectorAll("[data-card]")];
  if (!cards.length) {
    if (what === "card") return {error: `${pile} has no card`};
    const r = pileEl.getBoundingClientRect();
    return middle(r, Math.min(r.height, r.width * 1.4));
  }
  const i = what === "pile" ? cards.length - 1 : ((index % cards.length) + cards.length) % cards.length;
  if (!cards[i].getClientRects().length) return {error: `card ${i} of ${pile} is not shown`};
  const r = cards[i].getBoundingClientRect();
  return i === cards.length - 1 ? middle(r, r.height) : [r.x + r.width / 2, r.y + 4];
}"""


def expected_layout(g: Any) -> dict[str, list[str]]:
    """pile -> cards bottom to top, from the engine's view of the game g (as
    LAYOUT_JS reads the page)."""
    v = g.view()
    out = {"s": ["??"] * v["stock"], "w": list(v["waste"])}
    out.update({f"f{i + 1}": list(f) for i, f in enumerate(v["foundations"])})
    out.update({f"t{i + 1}": list(t) for i, t in enumerate(v["tableau"])})
    return out
