"""The last-pass prover: an exhaustive search of a position in the last pass through the stock.

Where passes are limited, the last pass never redeals: the talon only unwinds, so its order is
fixed and a tap only ever moves the split between waste and stock one way.  The prover is the
sound depth-first search (``Settings.sound``: pruning that keeps every winning line) with a
transposition table of its own, ``LastPassKeys``, whose dominance knows this: two positions
with the same columns, foundations and talon, the one with the smaller waste reaches the other
by tapping (drawing one, any larger waste; drawing three, a larger one by steps of three, or
the whole talon), so the other need not be searched.  Its running out of positions proves the
position lost: every move from it was tried, and none leaves the last pass.

It applies only where the stock's cards are known (thoughtful mode, or fair mode after the first
pass).  In fair mode a move that turns up an unknown face-down card is a frontier, as in every
search, and one reached makes the answer UNKNOWN, never LOSS.

Internal API of the package (the tests use it): ``LastPassProof``, ``LastPassKeys``, ``in_last_pass``,
``proof_for``.
"""

from __future__ import annotations

from ..rules import Rules
from .depth_first import DepthFirstSearch
from .moves import MoveGenerator
from .state import UNKNOWN_CARD, Deal, Keys, Need, Seen, State


def in_last_pass(rules: Rules, state: State) -> bool:
    """Whether ``state`` is in the last pass of a limited-pass game with its talon known."""
    return (rules.passes is not None and state.pass_number >= rules.passes
            and UNKNOWN_CARD not in state.talon)


def reaches(draw: int, talon_size: int, waste_size: int, later: int) -> bool:
    """Whether taps in the last pass take a waste of ``waste_size`` cards to one of ``later``."""
    return later == waste_size or (later > waste_size and ((later - waste_size) % draw == 0 or later == talon_size))


class LastPassKeys(Keys):
    """The keys of the last pass: the columns (sorted), the foundations (sorted) and the talon,
    with the waste sizes searched for each; a position whose waste size one of those reaches by
    tapping was searched already (``reaches``)."""

    def __init__(self, deal: Deal, arrangements: bool = False) -> None:
        super().__init__(deal, prune=True, arrangements=arrangements)
        self.draw = deal.rules.draw

    def key(self, state: State) -> tuple[tuple[object, ...], tuple[int, ...]]:
        columns, downs, talon, waste_size, _, foundations = state
        return (self.columns_key(columns, downs), tuple(sorted(foundations)), talon), (waste_size,)

    def first_visit(self, seen: Seen, state: State, need: Need) -> bool:
        key, (waste_size,) = self.key(state)
        full_key = (key, self.need_key(state, need))
        searched = seen.get(full_key, ())
        talon_size = len(state.talon)
        if any(reaches(self.draw, talon_size, before, waste_size) for before in searched):
            return False
        seen[full_key] = searched + (waste_size,)
        return True


class LastPassProof(DepthFirstSearch):
    """The sound depth-first search of a position in the last pass (``in_last_pass``), on the
    last pass's keys: LOSS when it runs out of positions, WIN with its line, or UNKNOWN."""

    def __init__(self, generator: MoveGenerator, start: State,
                 max_nodes: int | None = None, max_seconds: float | None = None) -> None:
        assert generator.settings.sound and generator.settings.prune
        assert in_last_pass(generator.rules, start), "the last-pass prover starts in the last pass"
        own = generator.with_settings(generator.settings)  # (its own notes and keys)
        own.keys = LastPassKeys(generator.deal, generator.settings.merges_arrangements)
        super().__init__(own, start, max_nodes, max_seconds)


def proof_for(generator: MoveGenerator, start: State,
              max_nodes: int | None = None, max_seconds: float | None = None) -> DepthFirstSearch:
    """The proof of ``start``: the last-pass prover where it applies (technique "last-pass"),
    else the sound depth-first search.  ``generator`` must be the sound search's."""
    settings = generator.settings
    assert settings.sound
    if "last-pass" in settings.techniques and settings.prune and in_last_pass(generator.rules, start):
        return LastPassProof(generator, start, max_nodes, max_seconds)
    return DepthFirstSearch(generator, start, max_nodes, max_seconds)
