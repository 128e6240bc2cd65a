"""How a search prunes and measures: the techniques and one frozen ``Settings`` per search.

Every search of a portfolio shares one deal; what differs between them (sound pruning or
not, the deep-columns distance, shuffles, the best-first weight) is a ``Settings``, made with
``dataclasses.replace`` from the one the caller asked for.  Being frozen, a change made for
one search can never leak into another.

Internal API of the package (the tests use it): ``Settings``, ``TECHNIQUES``,
``WIDE_WEIGHT``, ``NARROW_WEIGHT``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Rules

# The techniques of the solver's second round, each one that can be turned off so that
# ``python -m harp bench solver`` can show what it does (all are on by default).  What each
# one does is said where it is used; measurements/solver-experiments.md has why, in figures.
#   "blocked": a static loss proof (``LossProofs.some_cards_never_move``) at the start and on the way.
#   "face-up": once no card is face down, finish by playing only to the foundations (``finish``).
#   "stuck": a stronger static loss proof (``LossProofs.some_card_never_goes_up``), at the start only.
#   "covering": the distance counts every face-up card on a face-down one (cards move one at a time).
#   "deep-columns": a second pair of quick searches whose distance digs into the deepest columns.
#   "stock-drawn": where passes are limited, the distance counts the cards drawn from the stock.
#   "shuffles": where cards move one at a time, a run crosses to another column as one move.
#   "wide": the best-first searches weigh a step of distance as 2 moves of depth, not 8.
#   "probes": where "shuffles" applies, the quick searches as they were without it go first.
#   "restarts": in thoughtful mode, searches start afresh from the best position reached.
#   "early-proof": the proof takes turns of its own from the start, and keeps them all along
#       (each, like any turn of the proof, 4 quanta of positions it expands).
#   "any-order": depth-first quick searches without "put down only to pick up" take turns.
#   "last-pass": in the last pass of a limited-pass game, the proof is the last-pass prover.
#   "arrangements": where runs move whole, the searches take the arrangements of runs on equal
#       cards as one position (harp/solver/arrangements.py).
#   "take-back-to-build": with two decks and take-backs, in thoughtful mode, a depth-first and
#       a best-first quick search more, and a depth-first one by the deep-columns distance
#       (the first with half turns): the proof's pruning, but they send home at once each bare
#       card that lies on the card it was built on and could go up (it could come straight back:
#       harp/solver/safe_moves.py), and take a card back only together with the moves that build
#       on it or send its twin up (harp/solver/moves.py).
#   "fixed-roots": in thoughtful mode, the fixed-roots proof takes turns too: an easier game
#       searched whole, whose loss proves the deal lost (harp/solver/fixed_roots.py).
#   "beam": with two decks, in thoughtful mode, a beam search takes long turns too: a layer
#       at a time, only the children closest to a win (harp/solver/beam.py).
TECHNIQUES: tuple[str, ...] = ("blocked", "face-up", "stuck", "covering", "deep-columns", "stock-drawn", "shuffles",
                               "wide", "probes", "restarts", "early-proof", "any-order", "last-pass",
                               "arrangements", "take-back-to-build", "fixed-roots", "beam")

# What one step of distance is worth in moves of depth, in the best-first searches: with
# technique "wide", and without it (as the probes still search).
WIDE_WEIGHT, NARROW_WEIGHT = 2, 8


@dataclass(frozen=True)
class Settings:
    """How one search prunes, which moves it makes, and how it measures a position."""

    prune: bool  # safe foundation moves and the other pruning; False only to test them
    techniques: frozenset[str]
    # False: a quick search for wins (``Portfolio``).  It prunes harder than is sound (the needs
    # of "put down only to pick up", and safe moves that forget a card's twin and cards that
    # could be taken back onto it), so a win it finds stands, but its running out of positions
    # proves nothing.
    sound: bool
    # False: a quick search that drops "put down only to pick up" and keeps its other pruning
    # (technique "any-order").
    needs_use: bool
    deep_columns: bool  # the second pair of quick searches' distance (technique "deep-columns")
    shuffles: bool  # a run crosses to another column as one move (technique "shuffles")
    best_first_weight: int  # a step of distance, in moves of depth (technique "wide")
    counts_covering: bool  # technique "covering" applies
    down_weight: int  # a face-down card in the distance, in cards up
    counts_drawn: bool  # technique "stock-drawn" applies
    merges_arrangements: bool  # technique "arrangements" applies
    # The search of technique "take-back-to-build": the sound search's pruning, but cards sent
    # home and back, and a card taken back onto a card only with a move that builds on it.  That
    # misses lines where a card is taken back only to lay bare the one under it, so its running
    # out of positions proves nothing.
    takes_back_only_to_build: bool

    @classmethod
    def for_rules(cls, rules: Rules, prune: bool = True, techniques: tuple[str, ...] = TECHNIQUES) -> Settings:
        """The sound search's settings for a game, with ``techniques`` on."""
        chosen = frozenset(techniques)
        counts_covering = "covering" in chosen and rules.one_card
        return cls(
            prune=prune,
            techniques=chosen,
            sound=True,
            needs_use=True,
            deep_columns=False,
            shuffles="shuffles" in chosen and rules.one_card,
            best_first_weight=WIDE_WEIGHT if "wide" in chosen else NARROW_WEIGHT,
            counts_covering=counts_covering,
            down_weight=8 if counts_covering else 4,
            counts_drawn="stock-drawn" in chosen and rules.passes is not None,
            merges_arrangements="arrangements" in chosen and prune and not rules.one_card,
            takes_back_only_to_build=False,
        )

    @property
    def proves_losses(self) -> bool:
        """Whether this search running out of positions proves the position lost."""
        return self.sound and not self.takes_back_only_to_build
