"""Every window fits every phone: at 360 x 740, 390 x 844 and 844 x 390, with
touch, in English and Swedish, each window (New game, Options, Statistics,
Help, the win, stuck, Show me's question and the unreadable save) shows its
buttons and its x without scrolling, closes on Escape and on a tap outside it,
and breaks no word inside itself.

The toolbar's windows are opened by their buttons (behind the menu, where a
phone keeps them there), the win by winning; the stuck, Show me and
unreadable-save windows through the dialog API (showModal), with the longest
words the game puts in them, from the language's catalogue.  One page boots
per screen size and language (the phones fixture)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import harp
import pytest
from playwright.sync_api import Page, expect

from pagekit import HARPAN1, HARPAN1_WIN, LOCALES, SIZES, Table, mouse_move, replay

WINDOWS = ("new", "settings", "stats", "help", "won", "stuck", "peek", "corrupt")
TOOLBAR = ("new", "settings", "stats", "help")
# What must be in view besides the x and the window's buttons: New game's code box.
ALSO_IN_VIEW = {"new": "#code-input, #code-open"}
LANG_DIR = Path(__file__).resolve().parents[2] / "static" / "harpui" / "lang"

# Everything in the window that should be in view but is not, as sentences.
IN_VIEW_JS = """([id, also]) => {
  const dialog = document.getElementById(id), problems = [];
  const W = innerWidth, H = innerHeight;
  for (const scroller of [dialog, ...dialog.querySelectorAll(".dialog-body")]) {
    if (scroller.scrollTop !== 0) problems.push(`it is scrolled ${scroller.scrollTop} px down`);
  }
  const d = dialog.getBoundingClientRect();
  if (d.left < 0 || d.top < 0 || d.right > W || d.bottom > H) problems.push(`the window runs off the screen`);
  const shown = el => el.getClientRects().length > 0;
  const wanted = [...dialog.querySelectorAll(".dialog-x, .dialog-buttons button, .deal-buttons button"),
                  ...(also ? dialog.querySelectorAll(also) : [])].filter(shown);
  if (!dialog.querySelector(".dialog-x")) problems.push("it has no x");
  for (const el of wanted) {
    const r = el.getBoundingClientRect(), name = el.id || el.textContent.trim() || el.className;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.left < 0 || r.top < 0 || r.right > W || r.bottom > H) problems.push(`${name} is off the screen`);
    else if (!el.contains(document.elementFromPoint(x, y))) problems.push(`${name} is covered or scrolled away`);
  }
  return problems;
}"""

# The words shown in the window that are broken across lines (each word of
# each text node as a Range: its boxes must all stand on one line).  A line
# may end after a hyphen, a dash or a slash; text not drawn (display: none),
# or only for screen readers (1 px), is not looked at.
BROKEN_WORDS_JS = """(id) => {
  const dialog = document.getElementById(id), broken = [];
  const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    for (const m of node.data.matchAll(/[^\\s\\-\\u2010\\u2013\\u2014\\/]+[\\-\\u2010\\u2013\\u2014\\/]*/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      if (rects.some(r => r.top >= rects[0].bottom - 1)) broken.push(m[0]);
    }
  }
  return broken;
}"""


def words(language: str) -> dict[str, str]:
    """The language's catalogue (key -> words)."""
    catalogue: dict[str, str] = json.loads((LANG_DIR / f"{language}.json").read_text(encoding="utf-8"))
    return catalogue


def fill_in(page: Page, window: str, language: str) -> None:
    """What the game writes into the windows opened here through the dialog
    API: the stuck window at its longest (the proven loss, the four checks
    and the way back), and an unreadable save with the parser's complaint."""
    w = words(language)
    if window == "stuck":
        checks = harp.Game.new("harpan", deal=1).stuck_checks()
        questions = [w.get(f"stuck.check.{c.key}", c.question) if language != "en" else c.question
                     for c in checks]
        lines = [w["stuck.answer"].format(question=q, answer=w["stuck.no"]) for q in questions]
        page.evaluate("""([title, rewind, lines]) => {
          document.getElementById("dlg-stuck-title").textContent = title;
          const rewindButton = document.getElementById("stuck-rewind");
          rewindButton.textContent = rewind;
          rewindButton.hidden = false;
          document.getElementById("stuck-checks").replaceChildren(...lines.map(line => {
            const item = document.createElement("li"); item.textContent = line; return item; }));
        }""", [w["stuck.title_loss"], w["stuck.rewind_back.other"].format(count=12), lines])
    elif window == "corrupt":
        text = w["store.unreadable"].format(name=w["store.record.game"], backup="harp.backup.game",
                                            why=w["store.why"].format(why="Expecting value: line 1 column 1 (char 0)"))
        page.evaluate("text => { document.getElementById('corrupt-text').textContent = text; }", text)


def press_tool(page: Page, action: str) -> None:
    """Click a toolbar button, through the menu where a phone keeps it there."""
    button = page.locator(f"[data-action={action}]")
    if not button.is_visible():
        page.locator("[data-action=menu]").click()
    button.click()


def open_window(table: Table, window: str, language: str, again: bool = False) -> Page:
    """Open window as a player meets it; again: a second time, for the next check."""
    page = table.page
    if window in TOOLBAR:
        if window == "new" and not again:
            # A game under way, so New game also says that leaving it counts as a loss.
            page = table.deal(harp.Game.from_code("EH1-N-AAAAAAF"))
            page.click('#board [data-pile="s"]')
            expect(page.locator("#moves")).to_have_text("1")
        press_tool(page, window)
    elif window == "won" and not again:
        page = table.deal(replay(HARPAN1, HARPAN1_WIN[:-1]))
        mouse_move(page, HARPAN1_WIN[-1])
    else:
        fill_in(page, window, language)
        page.evaluate("id => document.getElementById(id).showModal()", f"dlg-{window}")
    expect(page.locator(f"#dlg-{window}")).to_be_visible()
    return page


def outside(page: Page, window: str) -> tuple[float, float]:
    """A point on the backdrop: in the widest margin the window leaves."""
    box = page.locator(f"#dlg-{window}").bounding_box()
    assert box is not None
    width, height = page.evaluate("[innerWidth, innerHeight]")
    margins = {"above": box["y"], "below": height - box["y"] - box["height"],
               "left": box["x"], "right": width - box["x"] - box["width"]}
    side = max(margins, key=lambda k: margins[k])
    assert margins[side] >= 4, f"the window leaves no backdrop to tap: {margins}"
    if side in ("above", "below"):
        return width / 2, margins["above"] / 2 if side == "above" else height - margins["below"] / 2
    return (margins["left"] / 2 if side == "left" else width - margins["right"] / 2), height / 2


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_the_window_fits_and_closes(phones: Callable[..., Table], language: str, size: str, window: str) -> None:
    table = phones(size, language)
    page = open_window(table, window, language)
    dialog = page.locator(f"#dlg-{window}")
    where = f"{window}, {size}, {language}"
    assert page.evaluate(IN_VIEW_JS, [f"dlg-{window}", ALSO_IN_VIEW.get(window)]) == [], where
    assert page.evaluate(BROKEN_WORDS_JS, f"dlg-{window}") == [], f"words broken inside: {where}"
    x = dialog.locator(".dialog-x")
    expect(x).to_have_accessible_name(words(language)["dialog.close"])
    box = x.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, f"the x is {box}: {where}"

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    open_window(table, window, language, again=True)
    page.touchscreen.tap(*outside(page, window))
    expect(dialog).to_be_hidden()


def test_a_press_begun_in_the_window_does_not_close_it(phones: Callable[..., Table]) -> None:
    """Only a press that begins on the backdrop closes the window: selecting
    text and letting go outside (the click lands on the dialog) does not."""
    table = phones("portrait")
    page = open_window(table, "help", "en", again=True)
    dialog = page.locator("#dlg-help")
    box = page.locator("#dlg-help h3").first.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(*outside(page, "help"), steps=4)
    page.mouse.up()
    # The click's handlers ran:
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")
    expect(dialog).to_be_visible()
    page.mouse.click(*outside(page, "help"))
    expect(dialog).to_be_hidden()
