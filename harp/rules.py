"""Every game's rules as data, and the rule options a player may change.

Like Aisleriot's games, a game here is only a set of answers: how many decks,
how the columns are dealt, what an empty column takes.  ``Game`` asks these
questions and never tests a game's name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, NamedTuple

Empty = Literal["king", "any"]

#: Marks an option the caller left out, since ``passes=None`` means unlimited.
DEFAULT: object = object()
OptionValue = int | str | bool | None | object


class StockTap(NamedTuple):
    """A tap of the stock that brings a new card to the top of the waste (see ``Rules.stock_cycle``)."""

    taps: int  # taps from the starting point, this one included
    drawn_from: int  # the waste size before this tap: it turned talon[drawn_from:waste]
    waste: int  # the waste size after it
    pass_number: int


@dataclass(frozen=True, kw_only=True)   # an entry names every choice it makes
class Rules:
    id: str
    name: str
    prefix: str  # two letters that start a deal code
    decks: int
    columns: int
    descending: bool  # True: leftmost column is the tallest (10..1)
    draw: int
    passes: int | None  # total passes through the stock; None = unlimited
    empty: Empty
    takeback: bool
    one_card: bool = False  # Easy Harp: one card at a time, except king-led runs to a space
    reserved_slots: bool = False  # foundation pairs f1-f2 spades, f3-f4 hearts, ...
    undo_limit: int | None = None
    declares_loss: bool = True  # False: the game never calls a deal lost (the Easy Harp app's rule)

    @property
    def foundations(self) -> int:
        return 4 * self.decks

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def dealt(self) -> int:
        return self.columns * (self.columns + 1) // 2

    def slot_suit(self, slot: int) -> int | None:
        """The suit (0..3, in the order S H D C) foundation ``slot`` (from 0) is kept for,
        or None where any ace may start it."""
        return slot // self.decks if self.reserved_slots else None

    # The stock and the waste together are the talon: the waste bottom -> top, then the stock in
    # drawing order.  A redeal keeps that order, so a tap only moves the split between the two.

    def tap(self, talon: int, waste: int, pass_number: int) -> tuple[int, int] | None:
        """One tap of the stock with ``waste`` of the ``talon`` cards turned: the waste size and
        pass number after it (draw ``draw`` cards, or redeal when the stock is empty and passes
        remain), or None when the tap is refused."""
        if waste < talon:
            return min(waste + self.draw, talon), pass_number
        if talon and (self.passes is None or pass_number < self.passes):
            return 0, pass_number + 1
        return None

    def stock_cycle(self, talon: int, waste: int, pass_number: int) -> list[StockTap]:
        """Every tap, in order, that brings a waste size not seen before (an empty waste left out),
        from here until the stock comes back round or no tap is left."""
        out: list[StockTap] = []
        seen = {waste}
        taps, position = 0, waste
        while True:
            after = self.tap(talon, position, pass_number)
            if after is None:
                return out
            before, (position, pass_number) = position, after
            taps += 1
            if position in seen:
                if position == 0:
                    return out  # redealt a second time: the passes from here repeat the last one
                continue
            seen.add(position)
            if position:
                out.append(StockTap(taps, before, position, pass_number))
            if len(seen) > talon:
                return out  # every waste size has been seen

    def options(self) -> dict[str, object]:
        """The four rule options as plain values."""
        return {"draw": self.draw, "passes": self.passes, "empty": self.empty, "takeback": self.takeback}

    def with_options(
        self,
        draw: OptionValue = DEFAULT,
        passes: OptionValue = DEFAULT,
        empty: OptionValue = DEFAULT,
        takeback: OptionValue = DEFAULT,
    ) -> Rules:
        """These rules with some options changed; a bad value raises ``ValueError``."""
        changes: dict[str, object] = {}
        if draw is not DEFAULT:
            changes["draw"] = check_draw(draw)
        if passes is not DEFAULT:
            changes["passes"] = check_passes(passes)
        if empty is not DEFAULT:
            changes["empty"] = check_empty(empty)
        if takeback is not DEFAULT:
            changes["takeback"] = check_takeback(takeback)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def non_default_options(self) -> dict[str, object]:
        """The options that differ from this game's own defaults."""
        base = GAMES[self.id].options()
        return {k: v for k, v in self.options().items() if base[k] != v}


def valid_options(saved: object) -> dict[str, object]:
    """The rule options in ``saved`` (a mapping, e.g. read back from storage) whose
    values are valid, checked as ``Rules.with_options`` checks them; unknown keys,
    bad values and a non-mapping are dropped, so the result can always be passed on."""
    if not isinstance(saved, dict):
        return {}
    checks = {"draw": check_draw, "passes": check_passes, "empty": check_empty, "takeback": check_takeback}
    out: dict[str, object] = {}
    for key, check in checks.items():
        if key in saved:
            try:
                out[key] = check(saved[key])
            except ValueError:
                pass
    return out


def check_draw(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {value!r}")
    return value


def check_passes(value: object) -> int | None:
    if value is None or value == "unlimited":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"passes must be a whole number of 1 or more, or None for unlimited, not {value!r}")
    return value


def check_empty(value: object) -> Empty:
    if value == "king":
        return "king"
    if value == "any":
        return "any"
    raise ValueError(f'empty must be "king" or "any", not {value!r}')


def check_takeback(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"takeback must be True or False, not {value!r}")
    return value


GAMES: dict[str, Rules] = {
    r.id: r
    for r in (
        Rules(id="easy-harp", name="Easy Harp", prefix="EH", decks=2, columns=9, descending=False, draw=1,
              passes=None, empty="king", takeback=True, one_card=True, reserved_slots=True, undo_limit=100,
              declares_loss=False),
        Rules(id="harp", name="Harp", prefix="HA", decks=2, columns=9, descending=False, draw=1,
              passes=4, empty="king", takeback=False, reserved_slots=True),
        Rules(id="gargantua", name="Gargantua", prefix="GA", decks=2, columns=9, descending=False, draw=1,
              passes=2, empty="king", takeback=False, reserved_slots=True),
        Rules(id="harpan", name="Harpan", prefix="HN", decks=1, columns=7, descending=False, draw=1,
              passes=None, empty="king", takeback=True),
        Rules(id="endless-harp", name="Endless Harp", prefix="EN", decks=2, columns=10, descending=False, draw=3,
              passes=None, empty="king", takeback=True),
        Rules(id="big-harp", name="Big Harp", prefix="BH", decks=2, columns=10, descending=True, draw=1,
              passes=1, empty="any", takeback=True),
        Rules(id="double-klondike", name="Double Klondike", prefix="DK", decks=2, columns=9, descending=False,
              draw=1, passes=None, empty="king", takeback=True),
    )
}


def rules_for(game: str) -> Rules:
    """The rules of a game id; an unknown id raises ``ValueError`` naming the known ones."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    return GAMES[game]
