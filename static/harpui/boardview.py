"""What the board shows, as plain data: each pile's slot, name and state, and
the status line's texts.

Pure Python, for two users that must agree: the renderer (harpui/render.py)
draws from it, and build.py writes a first visit's deals into the pages
from it (harpui/early.py, first_deal), so the board shown before Python
starts says what Python's first render then says.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import harp

from .words import t, tn

SUITS = "SHDC"                       # the order of Rules.slot_suit's suit numbers


class Slot(NamedTuple):
    """A pile of the board: its name ("s", "w", "f1"..., "t1"...), its CSS
    class, the art its empty slot shows (none for the stock), and the suit
    letter a foundation is kept for ("" when any suit may start it)."""

    name: str
    kind: str
    art: str
    suit: str


def slots(rules: harp.Rules, columns: int, foundations: int) -> list[Slot]:
    """The board's piles in page order: stock, waste, foundations, columns.
    Slots kept for one suit (Easy Harp, Harp, Gargantua) show their suit,
    the others an A, so a foundation never looks like an empty waste."""
    out = [Slot("s", "stock", "", ""), Slot("w", "waste", "empty", "")]
    for i in range(foundations):
        number = rules.slot_suit(i)
        suit = SUITS[number] if number is not None else ""
        out.append(Slot(f"f{i + 1}", "foundation", f"f-{suit}" if suit else "f-any", suit))
    out += [Slot(f"t{i + 1}", "column", "empty", "") for i in range(columns)]
    return out


def pile_state(name: str, cards: list[str], passes_left: int | None) -> str:
    """A pile's data-state: "empty", or "spent" for a stock that cannot be
    turned over again; "" for a pile with cards."""
    if cards:
        return ""
    if name == "s" and passes_left == 0:
        return "spent"
    return "empty"


def deal_label(deal: int, daily: bool, day: tuple[int, int, int] | None = None) -> str:
    """"Deal 123456"; a daily deal by its date when day (year, month, day) is known."""
    if daily and day is not None:
        month = t("info.months").split()[day[1] - 1]
        return t("info.daily_on", day=day[2], month=month)
    return t("info.daily" if daily else "info.deal", deal=deal)


def status_texts(view: dict[str, Any], rules: harp.Rules, name: str, label: str) -> dict[str, str]:
    """The status line's texts, by element id; the clock's is clock_text, written each second."""
    passes = view.get("passes_left")
    return {
        "game-name": name,
        "deal-label": label,
        "moves": str(view["moves"]),
        "score": str(view["score"]),
        # Every game that limits its passes says so; one pass (Big Harp) is "no redeal".
        "passes": ("" if passes is None else t("label.no_redeal") if rules.passes == 1
                   else tn("label.redeals", passes)),
    }


def clock_text(seconds: int) -> str:
    m, s = divmod(max(int(seconds), 0), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
