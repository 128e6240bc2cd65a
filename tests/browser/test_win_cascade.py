"""The win's cascade in a real Chromium with touch, watched frame by frame:
on a win by the last card played by hand and on a win by Finish, the cards
leave the foundations one by one, top cards first, and fly and fall across
the screen; a tap ends it and the window comes.  (Without motion no cascade
plays: test_phone_fit.py.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from pagekit import HARPAN1, HARPAN1_WIN, MOTION, SIZES, Table, finish_at, mouse_move, replay

FRAMES = 45

# Each frame (by requestAnimationFrame) while the cascade plays: where each
# flying card is, and how many of the foundations' own cards still show.
WATCH_JS = """(frames) => new Promise(done => {
  const seen = [];
  const tick = () => {
    const layer = document.querySelector(".celebration");
    if (!layer) return done(seen);
    seen.push({fliers: [...layer.querySelectorAll(".flier")].map(f => {
                 const r = f.getBoundingClientRect();
                 const art = f.querySelector("use")?.getAttribute("href") || "";
                 return [Math.round(r.left), Math.round(r.top), f.textContent + art];
               }),
               home: [...document.querySelectorAll('#board [data-pile^="f"] [data-card]')]
                 .filter(c => getComputedStyle(c).opacity !== "0").length});
    if (seen.length < frames) requestAnimationFrame(tick); else done(seen);
  };
  requestAnimationFrame(tick);
})"""


@pytest.mark.parametrize(("how", "size", "language"), [("hand", "portrait", "en"), ("finish", "landscape", "sv")])
def test_a_win_cascades_until_a_tap(phones: Callable[..., Table], how: str, size: str, language: str) -> None:
    table = phones(size, language, **MOTION)
    if how == "hand":
        page = table.deal(replay(HARPAN1, HARPAN1_WIN[:-1]))
        mouse_move(page, HARPAN1_WIN[-1])
    else:
        page = table.deal(replay(HARPAN1, HARPAN1_WIN[:finish_at()]))
        page.locator("[data-action=finish]").tap()
    page.wait_for_selector(".celebration", state="attached", timeout=30_000)
    assert not page.locator("#dlg-won").is_visible(), "the window waits for the cascade"
    frames = page.evaluate(WATCH_JS, FRAMES)
    assert len(frames) == FRAMES, f"the cascade ended by itself after {len(frames)} frames"
    assert all(len(f["fliers"]) == 52 for f in frames), "a copy of every card flies"
    # The first card thrown (a king, the top of a foundation) moves at nearly every frame, sideways and down.
    first = [f["fliers"][0] for f in frames]
    assert "K" in first[0][2], f"the first card is {first[0][2]}"
    places = {(x, y) for x, y, _ in first}
    # (A third, not every frame: under the whole suite's load a frame may come before the card moves.)
    assert len(places) >= FRAMES // 3, f"the first card took {len(places)} places in {FRAMES} frames"
    assert max(abs(x - first[0][0]) for x, _, _ in first) > 40, "it flies sideways"
    # It falls: somewhere it drops 40 px below where it was before (the first frame seen may
    # already be late in its first fall, on a busy machine, and the next drop after a bounce).
    drops = [y - min(earlier for _, earlier, _ in first[:i]) for i, (_, y, _) in enumerate(first) if i]
    assert max(drops) > 40, f"it falls: {[y for _, y, _ in first]}"
    # Cards leave the foundations one by one: fewer show there as the frames go by.
    home = [f["home"] for f in frames]
    assert home == sorted(home, reverse=True) and home[0] > home[-1], home
    # A tap ends it, and the window comes.
    width, height = SIZES[size]
    page.touchscreen.tap(width / 2, height / 2)
    expect(page.locator(".celebration")).to_have_count(0)
    expect(page.locator("#dlg-won")).to_be_visible()
    assert page.evaluate("""() => [...document.querySelectorAll('#board [data-pile^="f"] [data-card]')]
      .every(c => getComputedStyle(c).opacity === "1")"""), "the foundations show all their cards again"
    page.keyboard.press("Escape")
