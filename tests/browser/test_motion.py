"""Cards in motion on a phone (390 x 844, touch, motion allowed): a new deal
flies out of the stock, a card uncovered turns over, and a refused drag
slides home over the other cards, never under them.  Each is watched frame
by frame in the page (requestAnimationFrame), not by waiting a fixed time."""

from __future__ import annotations

from collections.abc import Callable

import harp

from pagekit import MOTION, Table, card_point, mouse_move, pile_point, still, touch_drag, wait_shows

# Each frame, for every card in flight: is it the card a finger would hit at
# its own middle, i.e. drawn over whatever it passes?  (A card in flight takes
# no taps, so it is made hittable for the one synchronous look, then not.)
WATCH_FLIGHTS_JS = """() => {
  window.__flights = {looked: 0, under: []};
  const tick = () => {
    for (const card of document.querySelectorAll("#board .card.flying")) {
      const r = card.getBoundingClientRect();
      card.style.pointerEvents = "auto";
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      card.style.pointerEvents = "";
      window.__flights.looked += 1;
      if (hit && !card.contains(hit)) {
        const over = hit.closest("[data-card]");
        window.__flights.under.push(`${card.dataset.card} under ${over ? over.dataset.card : hit.className}`);
      }
    }
    if (window.__flights.watching) requestAnimationFrame(tick);
  };
  window.__flights.watching = true;
  requestAnimationFrame(tick);
}"""

# Each frame: how many of the columns' cards sit on the stock (dealt from it, not yet flown).
WATCH_DEAL_JS = """() => {
  window.__deal = {most: 0, frames: 0};
  const tick = () => {
    const s = document.querySelector('#board .pile[data-pile="s"]').getBoundingClientRect();
    const onStock = [...document.querySelectorAll('#board .pile[data-pile^="t"] [data-card]')].filter(c => {
      const r = c.getBoundingClientRect();
      return Math.abs(r.left - s.left) < 2 && Math.abs(r.top - s.top) < 2;
    }).length;
    window.__deal.most = Math.max(window.__deal.most, onStock);
    window.__deal.frames += 1;
    if (window.__deal.watching !== false) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

# Every card whose turn-over animation (style.css, .turning) starts, and every one whose ends.
WATCH_TURNS_JS = """() => {
  window.__turns = {began: [], ended: []};
  const board = document.querySelector("#board");
  board.addEventListener("animationstart",
                         e => e.animationName === "turn-over" && window.__turns.began.push(e.target.dataset.card));
  board.addEventListener("animationend",
                         e => e.animationName === "turn-over" && window.__turns.ended.push(e.target.dataset.card));
}"""


def moving(phones: Callable[..., Table]) -> Table:
    return phones("portrait", "en", **MOTION)


def test_a_new_deal_flies_out_of_the_stock(phones: Callable[..., Table]) -> None:
    table = moving(phones)
    page = table.deal(harp.Game.new("harpan", deal=11))
    still(page)
    page.evaluate(WATCH_DEAL_JS)
    g = harp.Game.new("harpan", deal=12)
    table.deal(g)
    still(page)
    page.evaluate("window.__deal.watching = false")
    dealt = page.evaluate("window.__deal")
    columns = sum(len(c) for c in g.view()["tableau"])
    assert dealt["most"] >= columns // 2, f"at most {dealt['most']} of {columns} cards were seen on the stock: {dealt}"
    at_rest = page.evaluate("""() => [...document.querySelectorAll('#board .card')]
      .filter(c => c.classList.contains('flying') || c.style.transform).length""")
    assert at_rest == 0, f"{at_rest} cards still in flight after the deal"


def test_a_card_uncovered_turns_over(phones: Callable[..., Table]) -> None:
    g = harp.Game.new("harpan", deal=5)
    tableau = g.view()["tableau"]
    uncovering = next(m for m in g.legal_moves()
                      if m.startswith("t") and tableau[int(m[1:m.index(">")].split(":")[0]) - 1][-2:-1] == ["??"])
    page = moving(phones).deal(g)
    still(page)
    page.evaluate(WATCH_TURNS_JS)
    column = int(uncovering[1:uncovering.index(">")].split(":")[0]) - 1
    mouse_move(page, uncovering)
    g.play(uncovering)
    wait_shows(page, g)
    turned = g.view()["tableau"][column][-1]
    still(page)
    turns = page.evaluate("window.__turns")
    assert turns == {"began": [turned], "ended": [turned]}, f"{turned} was uncovered: {turns}"


def test_a_refused_drag_slides_home_over_the_other_cards(phones: Callable[..., Table]) -> None:
    g = harp.Game.new("harpan", deal=3)
    legal = set(g.legal_moves())
    source, target = next((f"t{a}", f"t{b}") for a in range(1, 4) for b in range(7, 4, -1)
                          if f"t{a}>t{b}" not in legal)
    page = moving(phones).deal(g)
    still(page)
    page.evaluate(WATCH_FLIGHTS_JS)
    touch_drag(page, card_point(page, source), pile_point(page, target))
    page.wait_for_function("() => window.__flights.looked > 0 && !document.querySelector('#board .card.flying')")
    page.evaluate("window.__flights.watching = false")
    flights = page.evaluate("window.__flights")
    assert flights["under"] == [], f"the refused card slid under others: {flights['under'][:5]}"
    wait_shows(page, g)                     # refused: nothing changed
