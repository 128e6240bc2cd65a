"""The fixed-roots proof (technique "fixed-roots"): a loss proof by an easier game.

The easier game (harp/solver/easier_game.py) keeps of a position only which face-down cards
are left and the foundations, and lets the face-up cards lie in any arrangement the columns
allow, each column's lowest face-up card over face-down ones staying where it is.  Every real
move is one of its moves, so if the easier game, searched whole, cannot be won, nor can the
real one.  Where the real game is lost, the easier one often is too, and it is far smaller: it
does not tell apart the arrangements of the same cards, nor where the stock's cards are.

With one deck the search goes on once the easier game is won, up to ``MAP_LIMIT`` positions,
and finds every position of it from which no won one can be reached (``lost``): a real
position that maps to one of them is lost too, and the searches leave it out
(``maps_to_a_lost_position``, which it sets on the deal's ``LossProofs``).

It works in thoughtful mode only (every card known), from a position whose columns' face-up
cards are runs, as play from a deal makes them (``EasierGame.applies``).

Internal API of the package (the tests use it): ``FixedRootsProof``.
"""

from __future__ import annotations

import time
from typing import Any

from .easier_game import EasierGame, EasierPosition, Slots
from .proofs import LossProofs, remembered
from .result import LOSS, Result
from .state import Deal, State


class FixedRootsProof:
    """The easier game searched depth-first from ``start`` (a thoughtful-mode position), in
    slices like the other searches: ``advance(n)`` expands up to n easier positions and returns
    LOSS once none is left without a win.  Reaching a win in the easier game proves nothing:
    then ``gave_up`` is set, and the result stays None."""

    MAP_LIMIT = 60_000  # easier positions searched at most once the easier game is won

    def __init__(self, deal: Deal, start: State, proofs: LossProofs | None = None) -> None:
        self.game = game = EasierGame(deal, start)
        self.proofs = proofs  # told of the positions found lost (``LossProofs.lost_by_easier_game``)
        first = game.start
        self.seen: dict[object, EasierPosition] = {game.key(first): first}  # by key: every position searched
        self.stack: list[EasierPosition] = [first]
        self.nodes = 0
        self.expanded = 0
        self.seconds = 0.0
        self.gave_up = False
        self.result: Result | None = None
        # With one deck, the whole easier game is searched even once won (up to MAP_LIMIT
        # positions), for ``lost``: its positions that cannot be won.
        self.wins: list[object] = []
        self.edges: dict[object, list[object]] | None = {} if game.decks == 1 else None
        self.lost: frozenset[object] = frozenset()
        self.settled_seen: dict[Slots, Slots] = {}  # real foundations -> the easier game's
        if not game.fits(first, -1):  # (a position ``applies`` allows always fits: a bug, not a loss)
            raise AssertionError("the easier game does not allow the position it starts from")

    applies = staticmethod(EasierGame.applies)

    def tables(self) -> list[dict[Any, Any]]:
        """Every table it fills (for ``Portfolio.release``)."""
        own: list[dict[Any, Any]] = [self.seen, self.settled_seen]
        return own + self.game.tables()

    def advance(self, budget: int) -> Result | None:
        if self.result is not None or self.gave_up:
            return self.result
        started = time.perf_counter()
        game, stack, seen, edges = self.game, self.stack, self.seen, self.edges
        for _ in range(budget):
            if not stack:
                break
            position = stack.pop()
            self.nodes += 1
            here = game.key(position)
            if game.won(position):
                self.wins.append(here)
                if edges is None or len(seen) > self.MAP_LIMIT:
                    self.gave_up = True  # the easier game is won: no proof
                    self.edges = None
                    break
                continue
            self.expanded += 1
            for after in game.moves(position):
                key = game.key(after)
                if key not in seen:
                    if not game.fits(after, -1):
                        continue
                    seen[key] = after
                    stack.append(after)
                if edges is not None:
                    edges.setdefault(key, []).append(here)  # (backwards: from where it is reached)
        self.seconds += time.perf_counter() - started
        if not stack and not self.gave_up:
            if not self.wins:
                self.result = Result(LOSS, [], self.nodes, self.seconds, None, True)
            else:
                self.lost = self._lost_positions()
                self.gave_up = True
                if self.lost and self.proofs is not None:
                    self.proofs.lost_by_easier_game = self.maps_to_a_lost_position
        return self.result

    def _lost_positions(self) -> frozenset[object]:
        """Every easier position searched from which no won one can be reached: the real
        positions that map to one of them are lost too."""
        assert self.edges is not None
        live, todo = set(self.wins), list(self.wins)
        while todo:
            for before in self.edges.get(todo.pop(), ()):
                if before not in live:
                    live.add(before)
                    todo.append(before)
        self.edges = None
        return frozenset(key for key in self.seen if key not in live)

    def maps_to_a_lost_position(self, state: State) -> bool:
        """Whether ``state`` (a real position of the deal) is lost because the easier position
        it maps to is (once ``lost`` is known)."""
        game = self.game
        foundations = remembered(self.settled_seen, state.foundations, lambda: game.settled(state.foundations))
        return game.key(EasierPosition(state.downs, foundations)) in self.lost
