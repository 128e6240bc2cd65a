"""`build.py bench`'s hint time: how long the page's Hint takes to show its move, on the
desktop and in the phone profile (issue 59 asks for the first hint of a position within
1.5 s on the desktop).

On each of HINT_DEALS it taps the stock, then presses Hint at once, before the page's own
thinking ahead has begun (it waits THINK_AHEAD_AFTER_S, 0.8 s, after a move): so each press
times a whole hint search, the first hint of a new position.  The time runs from the Hint
button's pointerup to the first card the page marks as the hint (class "hint"), both read in
the page (HINT_PROBE).  One deck and two: a two-deck hint costs more (measurements/bench-hints.txt).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .probes import POINT_JS

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

HINT_DEALS = ("HN1-N-AAAAAAD", "BH1-N-AAAAAAC", "GA1-N-AAAAAAE")  # Harpan, Big Harp, Gargantua
PRESSES = 3             # presses of Hint on each deal, each after a stock tap
HINT_TIMEOUT_S = 120.0  # a hint on the phone profile took up to 12 s (measurements/bench-hints.txt)

# Arms the timing of one press: the Hint button's pointerup starts it, the first card marked
# as the hint ends it (window.__hintTime, ms since the pointerup).
HINT_PROBE = """() => {
  window.__hintTime = undefined;
  let pressedAt = null;
  const button = document.querySelector('.tools [data-action="hint"]');
  button.addEventListener("pointerup", (e) => { pressedAt = e.timeStamp; }, {capture: true, once: true});
  const watch = new MutationObserver(() => {
    if (pressedAt !== null && document.querySelector("#board .hint")) {
      window.__hintTime = performance.now() - pressedAt;
      watch.disconnect();
    }
  });
  watch.observe(document.getElementById("board"), {subtree: true, attributes: true, attributeFilter: ["class"]});
}"""


def time_hints(context: BrowserContext, url: str, presses: int,
               prepare: Callable[[Page], None]) -> tuple[list[float], str]:
    """Each press's hint time (ms) over HINT_DEALS, and why it stopped early, if it did.
    prepare(page) runs before the page navigates (the phone profile's throttling)."""
    times: list[float] = []
    for code in HINT_DEALS:
        page = context.new_page()
        try:
            prepare(page)
            page.goto(f"{url}?code={code}", wait_until="commit")
            page.wait_for_selector("html[data-harp-ready]", state="attached", timeout=HINT_TIMEOUT_S * 1000)
            for _ in range(presses):
                before = page.evaluate("() => window.__bench.latencies.length")
                page.wait_for_function("() => document.getAnimations().length === 0", timeout=10_000)
                x, y = page.evaluate(POINT_JS, ["pile", "s", -1])
                page.mouse.click(x, y)
                page.wait_for_function(f"() => window.__bench.latencies.length > {before}", timeout=10_000)
                page.evaluate(HINT_PROBE)
                press_hint(page)
                try:
                    page.wait_for_function("() => window.__hintTime !== undefined", timeout=HINT_TIMEOUT_S * 1000)
                except Exception as error:
                    said = page.text_content("#solver-text") or "nothing"
                    raise RuntimeError(f"no card marked as the hint; the panel says: {said}") from error
                times.append(float(page.evaluate("() => window.__hintTime")))
                page.keyboard.press("Escape")     # close the panel, if the hint opened it
        except Exception as error:  # noqa: BLE001 - reported as n/a, the bench goes on
            return times, f"{code}: {type(error).__name__}: {str(error).splitlines()[0][:120]}"
        finally:
            page.close()
    return times, ""


def press_hint(page: Page) -> None:
    """Click Hint where it is shown; on a layout that keeps it behind the menu, open the menu first."""
    button = page.locator('.tools [data-action="hint"]')
    if not button.is_visible():
        page.click('[data-action="menu"]')
    button.click()
