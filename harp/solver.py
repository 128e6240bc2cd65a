"""A solver for every Harp-family game: WIN with a move list, proven LOSS, or UNKNOWN.

The search is a depth-first search on an explicit stack (Pyodide's recursion
limit is low) with a transposition table.  Techniques (sound unless said otherwise):

* **Canonical keys.**  Columns are sorted, the two copies of a card are the
  same value, and foundations are kept per suit as sorted heights.  Where
  every talon card stays in reach (draw one, no pass limit), the talon is
  kept sorted too: its order then never matters.  In fair
  mode face-down cards are only counts; in thoughtful mode a column's hidden
  cards are fixed, so (its starting column, how many are left) names them.
* **Stock macro moves.**  "Tap k times, then play the top waste card" is one
  move; the pass number is part of the key when passes are limited.  Drawing
  one card, a position that could tap its way to another one (same pass and
  not further on, or an earlier pass) makes searching the other unnecessary.
* **Put down only to pick up** (the quick searches only).  A card taken back
  from a foundation, or put on a column from a talon whose every card stays
  in reach, or a run moved without turning a card up or emptying a column,
  is only worth it if the next move builds on what it did.  Most winning
  lines can be reordered so that it does, but not all: one move can need
  two such preparations (a card taken back onto a column, and another taken
  back to lay bare the card that goes on it), and then neither can come
  just before it.
* **Safe foundation moves.**  A card goes up by itself when no card could ever
  need it as a base: an ace or a 2, or a card whose lower opposite-colour
  cards are all on the foundations already.  The sound search asks more:
  where cards can be taken back down, only an ace goes up by itself (a card
  taken back could need the others as a base); with two decks, a card waits
  for its twin to be up (else the slot it takes could be the one its twin
  needs).  Taken only from the tableau, and from the waste only when
  drawing one card (with draw 3 the waste's grouping could matter).
* **No move that undoes the previous one.**
* **Static loss proofs.**  ``is_blocked`` finds cards that can never move because each
  one's ways out lie under another of them; ``is_stuck`` works out what could ever move, go
  up or be built on, and finds a card that can never go up.  Both answer LOSS at once.
* **Face-up finish.**  Once no card is face down and the whole talon is in reach, playing
  to the foundations alone wins, so such a position is not searched (``face_up_finish``).

Two quick searches over these same moves take turns on one budget
(``Portfolio``): the depth-first one, which commits to its first choices,
and a best-first one (``BestFirst``), which always goes on from the open
position closest to a win.  Each wins deals the other misses.  A second
such pair takes turns with the first, with a distance to a win that weighs
deep columns more (technique "deep-columns"), and for their first positions
depth-first ones without "put down only to pick up" (technique "any-order").  Their wins
stand, but their pruning can miss a line, so when one of them runs out of
positions its turns go to a depth-first search with sound pruning
(``Solver.sound``), and only that one running out proves a loss.  In
thoughtful mode they are preceded by one greedy playout that follows
``harp.hint`` to the end: cheap, and it wins most two-deck deals outright.

In thoughtful mode, searches also start afresh from the best position
reached so far (technique "restarts"): a win from there is the line to it
plus theirs.
**Fair mode** (the default) knows only what the player sees: face-up cards,
the waste, and after the first pass the whole stock (every stock card has
been through the waste).  A move that would turn up an unknown card is a
*frontier*: the search does not look past it.  So fair mode answers WIN only
when a win needs no unknown card, LOSS when no sequence of moves can win or
reveal anything new, and otherwise UNKNOWN with the best move to make now.
**Thoughtful mode** knows every card; it measures winnability and certifies
deals.
"""

from __future__ import annotations

import copy
import heapq
import itertools
import time
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Callable, Iterator, NamedTuple

from .cards import KING, builds_on, is_red, rank, suit
from . import progress
from .effects import Effect
from .position import Position

UNKNOWN_CARD = -1

# Lookup tables: the hot loop reads these instead of calling the card helpers.
_RANK = [rank(c) for c in range(52)]
_RED_SUIT = {-1: None, **{each: is_red(each * 13) for each in range(4)}}  # -1: a slot no suit has started
_BUILDS = {(c, onto) for c in range(52) for onto in range(52) if builds_on(c, onto)}
_FITS_ON = [tuple(c for c in range(52) if (c, onto) in _BUILDS) for onto in range(52)]
_PARENTS = [tuple(onto for onto in range(52) if (c, onto) in _BUILDS) for c in range(52)]
_HEIGHT: Callable[[tuple[int, int]], int] = itemgetter(1)  # a foundation slot's height
_CARDS_UP = [[tuple(each * 13 + below for below in range(height)) for height in range(14)] for each in range(4)]

WIN = "win"
LOSS = "loss"
UNKNOWN = "unknown"


@dataclass
class Result:
    verdict: str  # "win", "loss" or "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line, for a win
    nodes: int = 0
    seconds: float = 0.0
    best_move: str | None = None  # first move of the win, or of the most promising line
    thoughtful: bool = False
    frontier: bool = False  # fair mode: a move that reveals an unknown card was reachable

    def __repr__(self) -> str:
        return f"<Result {self.verdict} nodes={self.nodes} moves={len(self.moves)} best={self.best_move!r}>"


class State(NamedTuple):
    """A position as the solver sees it: card values only, hashable."""

    columns: tuple[tuple[int, ...], ...]  # the face-up card values of each column, bottom -> top
    downs: tuple[int, ...]  # how many face-down cards each column holds
    talon: tuple[int, ...]  # the waste and the stock as one tuple in drawing order; talon[:position] is the waste
    position: int
    pass_number: int
    foundations: tuple[tuple[int, int], ...]  # (suit or -1, height) per foundation slot, in the engine's order

# What the next move must do, after a move that is only worth making for what follows it (in
# the quick searches only: see "Put down only to pick up" above):
#   ("use", i, j, n): n cards went from column i to column j, turning nothing up and emptying
#       nothing.  That only helps if the next move uses the card it laid bare in column i (moves
#       it, or puts something on it), or moves more than those n cards on from column j.  Most
#       winning lines can be reordered so the shuttle comes just before that use; not one where a
#       move needs two such preparations, so a search that requires it proves no loss.  It also
#       forbids moving the same cards straight back.
#   ("onto", j, slot): a card was taken back from foundation ``slot`` onto column j, or played
#       there (slot -1) from a talon whose every card stays in reach.  That only helps if the next
#       move puts a card on it (the same reordering argument), or, for a take-back, takes back the
#       card it laid bare on the foundation: taking back an 8 can be only the way to reach the 7.
Need = tuple[object, ...] | None

# A successor of a state: the engine moves it stands for, the state after them, what the move
# does (``Effect``: among children as close to a win, the better effect is tried first), and
# what the move after it needs.
Successor = tuple[list[str], State, Effect, Need]

# The positions searched: (canonical key, need) -> the best stock rank it was searched with.
Seen = dict[tuple[object, object], tuple[int, ...]]


# What one step of distance is worth in moves of depth, in the best-first searches: with
# technique "wide", and without it (as the probes still search).
WIDE_WEIGHT, NARROW_WEIGHT = 2, 8

# The techniques of the solver's second round, each one that can be turned off so that
# ``python -m harp bench solver`` can show what it does (all are on by default).
#   "blocked": a static loss proof (``Solver.is_blocked``), at the start and for every position searched.
#   "face-up": once no card is face down, try to finish by playing only to the foundations
#       (``Solver.face_up_finish``); with the whole talon in reach that always wins.
#   "stuck": a stronger static loss proof (``Solver.is_stuck``), at the start only: asked
#       wherever "blocked" is, Gargantua took 1.7 times as long a node and proved nothing more.
#   "covering": where cards move one at a time, the distance to a win (``Solver.distance``,
#       which orders both searches) also counts every face-up card lying on a face-down one,
#       since each must move on, by a move of its own, before the card under it turns up.
#       Easy Harp, deals 1-1000 at 10 s a deal: 578 won with it, 320 before (303 won that were
#       not, 45 not that were).  Where runs move whole it hurt: Endless Harp won 40 of the
#       bench's 50 deals with it against 48 without.  A face-down card weighs 8, a card on the
#       foundations 1 and a covering card 2: on 40 won and 40 unknown Easy Harp deals, at
#       100,000 positions each, 39 and 9 were won with these weights, 38 and 5 with 4, 1 and 1.
#   "deep-columns": a second pair of quick searches takes turns with the first, whose
#       distance also adds the square of each column's face-down count, so it digs into the
#       deepest columns first.  Alone, on Easy Harp, it wins other deals: 18 of those 40
#       unknown and only 27 of the 40 won.  The two pairs share one budget; together they won
#       21 and 39, and Easy Harp deals 1-1000 at 10 s went from 578 won to 750.  At 100,000
#       positions, of deals unknown in 10 s it won 8 of Double Klondike's 9, 13 of 20 Endless
#       Harp, 2 of 20 Harpan, 0 of 20 Harp, with no win or loss proof lost on samples of each.
#   "stock-drawn": where passes are limited, the distance also counts the cards drawn from the
#       stock so far, each pass before this one as the whole talon, so a line that burns
#       through the stock looks further from a win.  Without it the searches spent the passes
#       on cards they could have waited for, and stranded the rest.  At 50,000 positions, of
#       deals unknown in 10 s it won 18 of 20 Harp, 9 of 20 Gargantua and 12 of 20 Big Harp,
#       against none before; of the first 20 won deals it kept 20, 19 and 19.  (One point a
#       card: half a point won 17, 6 and 11, and kept only 17 of Big Harp's 20 won.)
#   "shuffles": where cards move one at a time (Easy Harp), a run crosses to another column as
#       one move of the search, made of single moves: every card over its base waits on another
#       column or its foundation, the base goes across, and the waiting cards follow
#       (``Solver._shuffle``).  Card by card, the quick searches' "put down only to pick up"
#       forbids most such lines, and the rest are many moves deep.  At 50,000 positions, of the
#       first 20 Easy Harp deals unknown in 10 s it won 7, against none before; of the first 20
#       won it kept 18, as many as before, in 120,000 positions against 174,000.
#   "wide": the best-first searches weigh a step of distance as 2 moves of depth, not 8, so
#       they look wider before they go deep.  At 50,000 positions a deal, of deals unknown in
#       10 s it won 19 of 40 Easy Harp (14 without it), 4 of 20 Gargantua (0), 6 of 20 Big
#       Harp (0), 2 of 15 Harp, 3 of 10 Endless Harp (0), 2 of 3 Double Klondike (0), none of
#       20 Harpan; of deals won only after more than 2 s, 4 of 19 Harpan (0), 9 of 13 Endless
#       Harp (5) and 14 of 20 Big Harp (16).  Of the first won deals it kept 36 of 40 Easy
#       Harp (36) and 19 of 20 Gargantua (18).  (Weight 4 won 8 of the second 20 Easy Harp
#       unknowns, 1 won 9, 2 won 10, 8 won 7, 16 won 6.)
#   "probes": where "shuffles" applies, the quick searches as they were without it and "wide"
#       (single moves only, best-first weight 8) take turns first, PROBE_NODES positions
#       each, then leave the turns to the others.  They win at once some deals that the
#       shuffling searches, going down a shuffle first, find late or never.  At 100,000
#       positions, of 91 Easy Harp deals unknown in 10 s (58 of them won before "shuffles")
#       four probes of 2,048 positions won 25, two depth-first ones 16, none 3.
#   "restarts" (thoughtful mode): every RESTART_EVERY positions, if some search has reached a
#       position closer to a win (by the plain distance) than the last one restarted from, a
#       depth-first and a best-first search start afresh there, RESTART_NODES positions each.
#       The best-first searches count depth, so they seldom go on from a position hundreds of
#       moves deep, and the depth-first ones are stuck below their first choices; a search that
#       starts there counts its depth from there.  Of deals unknown in 10 s, at 10 s, it won 9
#       of 40 Easy Harp, 5 of 20 Gargantua and 5 of 20 Big Harp; 38 of 40 Easy Harp deals won
#       after more than 2 s were still won (40 without it, on the same machine).  (Twice the
#       time, 20 s, without it won 0 of 18 Easy Harp and 1 of 24 Gargantua of those deals.)
#       That was every 8,192 positions for 16,384 each.  Tuned at 60,000 positions a deal, on
#       30 deals of each game still unknown in 10 s after that: 8,192/16,384 won 1 Gargantua
#       and 2 Big Harp, 2,048/4,096 won 3 and 4, and 4 and 4 once the restart position was
#       chosen by the plain distance (each search's own let the deep-columns pair's positions
#       seldom lead); 4,096/8,192 won 2 Gargantua, 1,024/2,048 3 and 4, 16,384/32,768 none.
#       No setting won any of 30 Easy Harp.  Of 20 deals of each won only after 1.5 s, it kept
#       18 Easy Harp (16 before), 19 Gargantua (19) and 17 Big Harp (18).
#       Once a search from the latest root has searched every position below it without a win,
#       the next restart goes back along that line (BACK_OFF steps, then twice as far each time)
#       rather than wait for a closer position, and a new restart takes the older ones' turns.
#       At 60,000 positions, of 30 deals of each game unknown in 10 s with the settings above,
#       it won 3 Easy Harp (0 before), 1 Big Harp (1) and 0 Gargantua (0); of the 20 won only
#       after 1.5 s it kept 18 Easy Harp (18), 17 Big Harp (17) and 18 Gargantua (19).
#   "early-proof": the proof (the depth-first search with sound pruning, ``Portfolio``) takes
#       a turn of its own from the start, for EARLY_PROOF_NODES positions, beside any it takes
#       over from a quick search that ran out.  Without "put down only to pick up" it wins deals
#       the quick searches miss: alone, at 60,000 positions, it won 3 of 30 Gargantua, 4 of 30
#       Easy Harp and 3 of 19 Big Harp deals unknown in 10 s, most in under 10,000.  Its
#       positions are cheap (most are met again and set aside at once): 60,000 take 1-2 s.
#       At 60,000 positions, of those 30 of each the portfolio won 2 Gargantua (0 without it),
#       5 Easy Harp (3) and 1 Big Harp (1); of 20 of each won only after 1.5 s it kept 19
#       Gargantua (18), 16 Easy Harp (18) and 16 Big Harp (17).  Of deals 1-1000 won only
#       after 20,000 positions or not at all, 11 it won within 20,000 were not won in 40,000
#       without it (Gargantua deal 6 in 2,632; Harp deals 145 and 429, unknown in 10 s).
#       Harpan's six losses that take a search were proven in 2% to 14% fewer positions.
#   "any-order": a depth-first quick search without "put down only to pick up" (its other
#       pruning kept), one by each distance (plain, and deep-columns where that is on), takes
#       a turn of its own from the start, for ANY_ORDER_NODES positions.
#       It can follow a line where one move needs two preparations, which the other quick
#       searches forbid, and it goes deeper than the proof, whose sound pruning lets far more
#       positions through (no card goes home by itself but an ace).  At 60,000 positions, of 30
#       deals of each game unknown in 10 s, it won 5 Gargantua (0 without it), 2 Easy Harp (1)
#       and 3 Big Harp (1); of 20 of each won only after 1.5 s it kept 18 Gargantua (19),
#       19 Easy Harp (20) and 15 Big Harp (15).  (Measured with it last in the turns, after the
#       proof; here, with the search first in the turns, the same 10 unknowns were won.)  A
#       restart from the best position it reached searches as it does, without the needs.
#       The second one, by the deep-columns distance: at 60,000 positions, of 20 deals of each
#       game still unknown in 10 s with the first alone, it won 3 Gargantua, 2 Easy Harp and
#       0 Big Harp (none without it); of 20 of each won only after 1.5 s it kept 17 Gargantua
#       (16), 18 Easy Harp (17) and 15 Big Harp (16).
TECHNIQUES: tuple[str, ...] = ("blocked", "face-up", "stuck", "covering", "deep-columns", "stock-drawn", "shuffles",
                               "wide", "probes", "restarts", "early-proof", "any-order")


def _raised(foundations: tuple[tuple[int, int], ...], slot: int, card: int) -> tuple[tuple[int, int], ...]:
    """The foundations after ``card`` goes up on ``slot``."""
    return foundations[:slot] + ((card // 13, foundations[slot][1] + 1),) + foundations[slot + 1:]


def _remembered(verdicts: dict[object, bool], key: object, work: Callable[[], bool]) -> bool:
    """A static loss proof's verdict for ``key``, worked out once (the table is emptied when full)."""
    known = verdicts.get(key)
    if known is None:
        if len(verdicts) > 200_000:
            verdicts.clear()
        known = verdicts[key] = work()
    return known


class Solver:
    """The moves, keys and pruning rules the searches share, for one game's starting position."""

    def __init__(self, game: Position, thoughtful: bool, prune: bool,
                 techniques: tuple[str, ...] = TECHNIQUES, sound: bool = True) -> None:
        self.rules = game.rules
        self.thoughtful = thoughtful
        self.prune = prune
        # sound=False: the quick search for wins (``Portfolio``).  It prunes harder than is sound
        # (the needs of "put down only to pick up", and safe moves that forget a card's twin and
        # cards that could be taken back onto it), so a win it finds stands, but its running out
        # of positions proves nothing.
        self.sound = sound
        # False: a quick search that drops "put down only to pick up" and keeps its other pruning
        # (technique "any-order", ``Portfolio``).
        self.needs_use = True
        self.techniques = frozenset(techniques)
        self.counts_covering = "covering" in self.techniques and self.rules.one_card
        self.down_weight = 8 if self.counts_covering else 4  # a face-down card, in cards up
        self.deep_columns = False  # the second pair of quick searches' distance (``Portfolio``)
        self.counts_drawn = "stock-drawn" in self.techniques and self.rules.passes is not None
        self.shuffles = "shuffles" in self.techniques and self.rules.one_card
        self.best_first_weight = WIDE_WEIGHT if "wide" in self.techniques else NARROW_WEIGHT
        self.decks = game.rules.decks
        # The suit each foundation slot is kept for, or -1 where any ace may start it (Rules.slot_suit).
        self.slot_suits = [-1 if kept is None else kept
                           for kept in map(self.rules.slot_suit, range(self.rules.foundations))]
        value = game.value_of
        # Hidden cards of each column, bottom -> top (unknown in fair mode).
        self.hidden = [
            [value(c) if thoughtful else UNKNOWN_CARD for c in col[: game.down[i]]] for i, col in enumerate(game.tableau)
        ]
        columns = tuple(tuple(value(c) for c in col[game.down[i]:]) for i, col in enumerate(game.tableau))
        stock_known = thoughtful or game.pass_number > 1
        talon = tuple(value(c) for c in game.waste) + tuple(
            value(c) if stock_known else UNKNOWN_CARD for c in reversed(game.stock)
        )
        foundations = tuple(
            (suit(value(f[0])) if f else self.slot_suits[i], len(f)) for i, f in enumerate(game.foundations)
        )
        self.start = State(columns, tuple(game.down), talon, len(game.waste), game.pass_number, foundations)
        # What names a column's hidden cards in a key, by how many are left: (column, count), or
        # nothing once none is (then the column is only its face-up cards, wherever it stands).
        self.column_tags = [[(i, left) if left else (-1, 0) for left in range(down + 1)]
                            for i, down in enumerate(game.down)]
        self.blocked_seen: dict[object, bool] = {}  # is_blocked's verdicts
        self.stuck_seen: dict[object, bool] = {}  # is_stuck's verdicts
        self.frontier_found = False
        self.frontier_moves: list[list[str]] = []  # moves from the state being expanded that reveal a card
        # (talon size, position, pass or 0 when unlimited) -> Rules.stock_cycle with passes counted from 0
        self.stock_walks: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}

    # ----- rules on solver states -------------------------------------------

    def _foundation_for(self, foundations: tuple[tuple[int, int], ...], card: int) -> int:
        """The first slot that takes ``card`` (as the engine's ``>f`` picks), or -1."""
        card_rank, card_suit = _RANK[card], card // 13
        for slot, (slot_suit, height) in enumerate(foundations):
            if height == card_rank and (slot_suit == card_suit or (height == 0 and slot_suit == -1)):
                return slot
        return -1

    @staticmethod
    def _next_slots(foundations: tuple[tuple[int, int], ...]) -> dict[int, int]:
        """Every card that could go up now -> the first slot that takes it (``_foundation_for``,
        for all cards at once: a move generator asks it for every column top and talon card)."""
        slots: dict[int, int] = {}
        for slot, (slot_suit, height) in enumerate(foundations):
            if slot_suit >= 0:
                if height < 13:
                    slots.setdefault(slot_suit * 13 + height, slot)
            else:  # an empty slot any ace may start
                for ace in (0, 13, 26, 39):
                    slots.setdefault(ace, slot)
        return slots

    def _is_safe(self, foundations: tuple[tuple[int, int], ...], card: int) -> bool:
        """True when no card could ever need ``card`` as a base (every lower card of the other colour
        is up) nor its place on the foundation.  The sound search asks more: where cards can be
        taken back down, they could need it as a base again, so only an ace goes up by itself; and
        with two decks the place is the twin's too (sending one jack home first can leave the other
        on the ten its slot waits for), so a card goes up by itself only once its twin is up."""
        card_rank = _RANK[card]
        if card_rank == 0:
            return True
        if self.sound and self.rules.takeback:
            return False  # a card taken back down from the foundations could need it as a base
        if self.sound and self.decks > 1 and not any(slot_suit == card // 13 and height > card_rank
                                                     for slot_suit, height in foundations):
            return False
        if card_rank == 1:
            return True
        red = _RED_SUIT[card // 13]
        done = 0
        for slot_suit, height in foundations:
            if height >= card_rank and _RED_SUIT[slot_suit] != red:
                done += 1
        return done == 2 * self.decks

    @staticmethod
    def _run_length(column: tuple[int, ...]) -> int:
        n = 1 if column else 0
        while n < len(column) and (column[-n], column[-n - 1]) in _BUILDS:
            n += 1
        return n

    def _targets(self, columns: tuple[tuple[int, ...], ...]) -> tuple[dict[int, list[int]], list[int]]:
        """Which columns take each card value on top, and which columns are empty."""
        takers: dict[int, list[int]] = {}
        spaces = []
        for j, column in enumerate(columns):
            if column:
                for card in _FITS_ON[column[-1]]:
                    takers.setdefault(card, []).append(j)
            else:
                spaces.append(j)
        return takers, spaces

    def _space_takes(self, card: int, count: int) -> bool:
        if _RANK[card] == KING:
            return True
        return self.rules.empty == "any" and not (self.rules.one_card and count > 1)

    def _key(self, state: State) -> tuple[tuple[object, ...], tuple[int, ...]]:
        """(canonical key, stock rank).  Two states with the same key and stock ranks r1 <= r2:
        the first can tap its way to the second, so the second need not be searched."""
        columns, downs, talon, position, pass_number, foundations = state
        cols = sorted(zip(map(list.__getitem__, self.column_tags, downs), columns))
        slots = tuple(sorted(foundations))  # the (suit, height) of every slot; which slot holds which does not matter
        if self.rules.draw == 1:
            if self.rules.passes is None:
                # Every talon card is always in reach, so only which cards it holds matters.
                return (tuple(cols), slots, tuple(sorted(talon))), ()
            if self.prune:
                return (tuple(cols), slots, talon), (pass_number, position)
        if self.rules.passes is None:
            pass_number = 0
        return (tuple(cols), slots, talon, position, pass_number), ()

    @staticmethod
    def _need_key(state: State, need: Need) -> object:
        """``need`` in terms of column contents, which stay the same when the key sorts columns."""
        if need is None:
            return None
        columns, downs = state.columns, state.downs

        def column(c: object) -> object:
            assert isinstance(c, int)
            return (downs[c], columns[c])

        if need[0] == "onto":
            slot = need[2]
            assert isinstance(slot, int)
            return ("onto", column(need[1]), state.foundations[slot] if slot >= 0 else None)
        return ("use", column(need[1]), column(need[2]), need[3])

    def is_blocked(self, state: State) -> bool:
        """True when some cards can never move, so the deal is lost (thoughtful mode only).

        A face-down card, or the lowest face-up card of a column, moves only as the base of what
        lies on it: to a foundation (its predecessor must be there), onto a face-up parent (a card
        one higher of the other colour), or into a space.  In the last pass the waste is such a
        pile too: a tap only puts more on it.  Take a set of such cards, each with a card under
        it and unable to go into a space.  If every way out of each of them needs a card that
        lies under one of them, none of them can be the first to move, so the cards under them
        never reach the foundations.  The largest such set is found by striking out, until
        nothing changes, every card that has a way out."""
        if not self.thoughtful or "blocked" not in self.techniques:
            return False
        columns, downs, talon, position, pass_number, foundations = state
        if self.rules.empty == "any":
            return False  # every card could go into a space
        last_pass = self.rules.passes is not None and pass_number >= self.rules.passes and position > 1
        # What the verdict depends on: the piles and the foundations (many positions share them).
        key = (downs, tuple(column[:1] for column in columns), foundations, talon[:position] if last_pass else ())
        return _remembered(self.blocked_seen, key, lambda: self._blocked(state, last_pass))

    def _blocked(self, state: State, last_pass: bool) -> bool:
        columns, downs, talon, position, _, foundations = state
        rules, decks = self.rules, self.decks
        piles = [self.hidden[i][:downs[i]] + list(columns[i][:1]) for i in range(len(columns)) if downs[i]]
        if last_pass:
            piles.append(list(talon[:position]))
        # The candidates, as (pile, place in it): every card with one under it, aces (which
        # always have a place to go) and kings (a space) left out.
        members = [(p, k) for p, pile in enumerate(piles) for k in range(1, len(pile))
                   if 0 < _RANK[pile[k]] < KING]
        if not members:
            return False
        up = [0] * 52  # copies of each card on the foundations
        tops: dict[int, list[int]] = {}
        for slot_suit, height in foundations:
            if height:
                base = slot_suit * 13
                for r in range(height):
                    up[base + r] += 1
                tops.setdefault(slot_suit, []).append(height)
        takeback = rules.takeback
        while True:
            highest: dict[int, int] = {}
            for p, k in members:
                if k > highest.get(p, 0):
                    highest[p] = k
            covered = [0] * 52
            for p, k in highest.items():
                for card in piles[p][:k]:
                    covered[card] += 1
            stay = []
            for p, k in members:
                card = piles[p][k]
                card_rank = _RANK[card]
                if any(h == card_rank or (takeback and h > card_rank) for h in tops.get(card // 13, ())):
                    continue  # its foundation takes it now
                if decks - covered[card - 1] - up[card - 1] > 0:
                    continue  # a copy of its predecessor can still go up
                # A copy of a parent that is not under one of them (nor up for good) is a way out.
                if any(decks - covered[q] - (0 if takeback else up[q]) > 0 for q in _PARENTS[card]):
                    continue
                stay.append((p, k))
            if not stay:
                return False
            if len(stay) == len(members):
                return True
            members = stay

    def is_stuck(self, state: State) -> bool:
        """True when some card can never reach its foundation, so the deal is lost (thoughtful
        mode only).  ``_stuck`` over-estimates what can ever happen; what it rules out cannot."""
        if not self.thoughtful or "stuck" not in self.techniques:
            return False
        last_pass = self.rules.passes is not None and state.pass_number >= self.rules.passes
        # In the last pass the waste's order matters; before it only which cards the talon holds.
        key = (state.columns, state.downs, state.foundations,
               (state.talon, state.position) if last_pass else state.talon)
        return _remembered(self.stuck_seen, key, lambda: self._stuck(state, last_pass))

    def _stuck(self, state: State, last_pass: bool) -> bool:
        """Work out, from nothing up until nothing changes, which cards could ever move, which
        could ever go up, and which could ever be built on, each time taking only what is
        necessary for the real thing to happen:

        * a card moves for the first time only from the top of its column (every card once on
          it has moved), as the bottom of a face-up run, or from the talon (the whole talon
          counts as in reach, except that in the last pass a waste card is under the ones on
          it); and it needs somewhere to go: its foundation (some copy of its predecessor could
          go up), a card to build on, or a space (a column empty now, or one whose every card
          could move) where the rules let it in;
        * a card could go up if it could be a top or move, and its predecessor could go up;
        * a card could be built on if it is a top now, could become one, or could move (with
          take-backs, a foundation card too, if it has a card or a space to come down onto).

        If some card off the foundations still cannot go up when nothing more can be added,
        the deal is lost.  Sound because each rule only leaves out what cannot happen."""
        columns, downs, talon, position, _, foundations = state
        rules = self.rules
        piles = [self.hidden[i][:downs[i]] + list(columns[i]) for i in range(len(columns))]
        can_go_up = [False] * 52  # per card value: some copy is up, or could go up
        on_foundations = set()
        for slot_suit, height in foundations:
            for below in range(height):
                can_go_up[slot_suit * 13 + below] = True
                on_foundations.add(slot_suit * 13 + below)
        builds = [False] * 52  # per card value: some copy could be built on
        for pile in piles:
            if pile:
                builds[pile[-1]] = True
        moves = [[False] * len(pile) for pile in piles]
        goes_up = [[False] * len(pile) for pile in piles]
        talon_moves = [False] * len(talon)
        talon_up = [False] * len(talon)
        space = not all(piles)
        one_card = rules.one_card

        def follows_up(card: int) -> bool:
            """Its predecessor is up or could go up (an ace needs none)."""
            return _RANK[card] == 0 or can_go_up[card - 1]

        def can_come_down(card: int) -> bool:
            return any(builds[q] for q in _PARENTS[card]) or (space and self._space_takes(card, 1))

        def has_place(card: int) -> bool:
            return follows_up(card) or can_come_down(card)

        changed = True
        while changed:
            changed = False
            for i, pile in enumerate(piles):
                top_free = True  # every card above this one could move
                for k in range(len(pile) - 1, -1, -1):
                    card = pile[k]
                    if top_free and not builds[card]:
                        builds[card] = changed = True
                    in_reach = top_free or (k >= downs[i] and (not one_card or _RANK[card] == KING))
                    if not moves[i][k] and in_reach and has_place(card):
                        moves[i][k] = builds[card] = changed = True
                    if not goes_up[i][k] and (top_free or moves[i][k]) and follows_up(card):
                        goes_up[i][k] = can_go_up[card] = changed = True
                    top_free = top_free and moves[i][k]
                if top_free and not space:
                    space = changed = True
            for n, card in enumerate(talon):
                if last_pass and n < position - 1 and not all(talon_moves[n + 1:position]):
                    continue  # under waste cards that cannot all move
                if not talon_moves[n] and has_place(card):
                    talon_moves[n] = builds[card] = changed = True
                if not talon_up[n] and follows_up(card):
                    talon_up[n] = can_go_up[card] = changed = True
            if rules.takeback:
                for card in on_foundations:
                    if not builds[card] and can_come_down(card):
                        builds[card] = changed = True
        return not (all(map(all, goes_up)) and all(talon_up))

    # ----- changing states -----------------------------------------------------

    def _turn_up(self, columns: list[tuple[int, ...]], downs: list[int], i: int) -> bool:
        """Turn up the top hidden card of an emptied column; False if it is unknown (a frontier)."""
        if columns[i] or not downs[i]:
            return True
        card = self.hidden[i][downs[i] - 1]
        if card == UNKNOWN_CARD:
            return False
        downs[i] -= 1
        columns[i] = (card,)
        return True

    def _auto(self, state: State, moves: list[str], up: dict[int, int] | None = None) -> State:
        """Apply safe foundation moves until none is left (never one that reveals an unknown card).
        ``up``: ``_next_slots`` of the state's foundations, when the caller has it already."""
        if not self.prune:
            return state
        columns_t, downs_t, talon, position, pass_number, foundations = state
        columns, downs = list(columns_t), list(downs_t)
        played = len(moves)
        slots = up if up is not None else self._next_slots(foundations)
        stale = False  # a card went up since ``slots`` was made
        changed = True
        while changed:
            changed = False
            if stale:
                slots, stale = self._next_slots(foundations), False
            for i, column in enumerate(columns):
                if column and column[-1] in slots and self._is_safe(foundations, column[-1]):
                    slot = self._foundation_for(foundations, column[-1])
                    if slot < 0:
                        continue
                    if len(column) == 1 and downs[i] and self.hidden[i][downs[i] - 1] == UNKNOWN_CARD:
                        continue  # that would reveal a card: leave it as a choice for the search
                    columns[i] = column[:-1]
                    foundations = _raised(foundations, slot, column[-1])
                    self._turn_up(columns, downs, i)
                    moves.append(f"t{i + 1}>f{slot + 1}")
                    changed = stale = True
            if stale:
                slots, stale = self._next_slots(foundations), False
            if self.rules.draw == 1 and position and talon[position - 1] in slots:
                card = talon[position - 1]
                if self._is_safe(foundations, card):
                    slot = self._foundation_for(foundations, card)
                    if slot >= 0:
                        talon = talon[: position - 1] + talon[position:]
                        position -= 1
                        foundations = _raised(foundations, slot, card)
                        moves.append(f"w>f{slot + 1}")
                        changed = stale = True
        if len(moves) == played:
            return state  # nothing went up: the same state, not a copy of it
        return State(tuple(columns), tuple(downs), talon, position, pass_number, foundations)

    def _talon_positions(self, state: State) -> Iterator[tuple[int, int, int]]:
        """(taps, position, pass) for every waste top reachable by tapping, the current one first."""
        _, _, talon, position, pass_number, _ = state
        if position:
            yield 0, position, pass_number
        # Reaching a position again on a later pass is never better, so the walk lists each once.
        key = (len(talon), position, pass_number if self.rules.passes is not None else 0)
        walk = self.stock_walks.get(key)
        if walk is None:
            walk = [(tap.taps, tap.drawn_from, tap.waste, tap.pass_number - key[2])
                    for tap in self.rules.stock_cycle(*key)]
            self.stock_walks[key] = walk
        hidden = UNKNOWN_CARD in talon
        for taps, drawn_from, reached, passes in walk:
            if hidden and UNKNOWN_CARD in talon[drawn_from:reached]:
                self.frontier_found = True
                self.frontier_moves.append(["s"] * taps)
                return
            yield taps, reached, pass_number + passes

    @staticmethod
    def _allowed(need: Need, src: int, dst: int, count: int) -> bool:
        """Whether a move from column ``src`` (-1: the waste, -2 - s: foundation slot s) to column
        ``dst`` (-1: a foundation) meets what the previous move needs."""
        if need is None:
            return True
        if need[0] == "onto":
            slot = need[2]
            return dst == need[1] or (isinstance(slot, int) and slot >= 0 and src == -2 - slot)
        _, i, j, n = need
        if src == j and dst == i and count == n:
            return False  # straight back
        return src == i or dst == i or (src == j and isinstance(n, int) and count > n)

    def successors(self, state: State, need: Need) -> list[Successor]:
        """Every move from ``state`` as (engine moves, next state, order rank, need); lower rank first."""
        columns, downs, talon, position, pass_number, foundations = state
        out: list[Successor] = []
        prune = self.prune
        needs = prune and not self.sound and self.needs_use  # only quick searches ask a move to use the one before

        # A position can become blocked only where a way out is lost for good: a card going up
        # for good (no take-backs), or the last pass's waste growing.  Elsewhere covers only
        # lift and ways out only open, so a child of a position that is not blocked is not either.
        check_foundations = self.thoughtful and "blocked" in self.techniques and not self.rules.takeback
        check_waste = (self.thoughtful and "blocked" in self.techniques and self.rules.passes is not None)

        def finish(moves: list[str], after: State, order: Effect, then: Need = None) -> None:
            after = self._auto(after, moves, up if after.foundations is foundations else None)
            if ((check_foundations and after.foundations != foundations)
                    or (check_waste and after.pass_number >= self.rules.passes  # type: ignore[operator]
                        and after.position > 1 and (after.position, after.pass_number) != (position, pass_number))):
                if self.is_blocked(after):
                    return  # lost: some cards can never move
            if then is not None and len(moves) > 1:
                then = None  # a safe foundation move followed: the obligation no longer fits
            out.append((moves, after, order, then if needs else None))

        takers, spaces = self._targets(columns)
        up = self._next_slots(foundations)
        runs = [self._run_length(column) for column in columns]
        # Tableau tops to foundations, and tableau runs to other columns.
        for i, column in enumerate(columns):
            if not column:
                continue
            top = column[-1]
            slot = up.get(top, -1)
            if slot >= 0 and self._allowed(need, i, -1, 1):
                cols, new_downs = list(columns), list(downs)
                cols[i] = column[:-1]
                if self._turn_up(cols, new_downs, i):
                    finish([f"t{i + 1}>f{slot + 1}"],
                           State(tuple(cols), tuple(new_downs), talon, position, pass_number,
                                 _raised(foundations, slot, top)),
                           Effect.UNCOVERS if new_downs[i] < downs[i] else Effect.HOME)
                else:
                    self.frontier_found = True
                    self.frontier_moves.append([f"t{i + 1}>f{slot + 1}"])
            run = runs[i]
            if self.rules.one_card and not self.shuffles:
                counts = [1] + ([run] if run > 1 and rank(column[-run]) == KING else [])
            else:
                counts = list(range(1, run + 1))
            for count in counts:
                moving = column[-count]
                whole = count == len(column)
                one_by_one = self.rules.one_card and count > 1  # a space takes a king-led run whole
                targets = takers.get(moving, []) if self.shuffles or not one_by_one else []
                if spaces and self._space_takes(moving, count) and not (whole and not downs[i]):
                    targets = targets + spaces  # (a whole column into a space would change nothing)
                for j in targets:
                    target = columns[j]
                    if j == i or not self._allowed(need, i, j, count):
                        continue
                    if one_by_one and target:
                        steps = self._shuffle(takers, spaces, up, i, j, column[-count + 1:])
                        if steps is None:
                            continue  # some card over the base has nowhere to wait
                    else:
                        steps = [f"t{i + 1}:{count}>t{j + 1}" if count > 1 else f"t{i + 1}>t{j + 1}"]
                    cols, new_downs = list(columns), list(downs)
                    cols[i], cols[j] = column[:-count], target + column[-count:]
                    if not self._turn_up(cols, new_downs, i):
                        self.frontier_found = True
                        self.frontier_moves.append(steps)
                        continue
                    reveals = new_downs[i] < downs[i]
                    empties = not cols[i] and not new_downs[i]
                    order = Effect.UNCOVERS if reveals else Effect.EMPTIES if empties else Effect.SHIFTS
                    then: Need = None if reveals or empties else ("use", i, j, count)
                    finish(steps,
                           State(tuple(cols), tuple(new_downs), talon, position, pass_number, foundations), order, then)

        # The stock: every reachable waste card, to a foundation or a column.  Drawing one card
        # with no pass limit, every talon card stays in reach, so putting one on a column can
        # wait until a card is to go on it: the same reordering argument as a take-back.
        always_in_reach = self.rules.draw == 1 and self.rules.passes is None
        positions = list(self._talon_positions(state))
        # Cards that could move next: a card put down only to receive one of these is worth trying.
        movable = {talon[reached - 1] for _, reached, _ in positions}
        if self.rules.takeback:  # a chain of take-backs reaches every foundation card
            for slot_suit, height in foundations:
                movable.update(_CARDS_UP[slot_suit][height])
        for column, run in zip(columns, runs):
            movable.update(column[-run:])

        def may_receive(card: int) -> bool:
            return not prune or not movable.isdisjoint(_FITS_ON[card])

        for taps, reached, pass_now in positions:
            card = talon[reached - 1]
            slot = up.get(card, -1)
            goes_up = slot >= 0 and self._allowed(need, -1, -1, 1)
            if always_in_reach and not may_receive(card):
                to_columns = []
            else:
                to_columns = [j for j in takers.get(card, []) + (spaces if spaces and self._space_takes(card, 1) else [])
                              if self._allowed(need, -1, j, 1)]
            if not (goes_up or to_columns):
                continue
            rest = talon[: reached - 1] + talon[reached:]
            taps_moves = ["s"] * taps
            if goes_up:
                finish(taps_moves + [f"w>f{slot + 1}"],
                       State(columns, downs, rest, reached - 1, pass_now, _raised(foundations, slot, card)),
                       Effect.HOME)
            for j in to_columns:
                cols = list(columns)
                cols[j] = columns[j] + (card,)
                finish(taps_moves + [f"w>t{j + 1}"], State(tuple(cols), downs, rest, reached - 1, pass_now, foundations),
                       Effect.FROM_STOCK, ("onto", j, -1) if always_in_reach else None)

        # Take-backs from the foundations.
        if self.rules.takeback:
            for slot, (slot_suit, height) in enumerate(foundations):
                if not height:
                    continue
                card = slot_suit * 13 + height - 1
                if not any(may_receive(card - below) for below in range(height)):
                    continue  # neither this card nor one a chain of take-backs reaches could be built on
                for j in takers.get(card, []) + (spaces if spaces and self._space_takes(card, 1) else []):
                    if self._allowed(need, -2 - slot, j, 1):
                        cols = list(columns)
                        cols[j] = columns[j] + (card,)
                        new_foundations = list(foundations)
                        new_foundations[slot] = (slot_suit if height > 1 else self.slot_suits[slot], height - 1)
                        after = State(tuple(cols), downs, talon, position, pass_number, tuple(new_foundations))
                        out.append(([f"f{slot + 1}>t{j + 1}"], after, Effect.TAKES_BACK, ("onto", j, slot) if needs else None))
        # Closest to a win first; then the better effect; then fewer stock taps.
        out.sort(key=lambda successor: (self.distance(successor[1]), successor[2], len(successor[0])))
        return out

    def _shuffle(self, takers: dict[int, list[int]], spaces: list[int], up: dict[int, int],
                 i: int, j: int, over: tuple[int, ...]) -> list[str] | None:
        """The single moves that carry a run from column i onto column j where cards move one at
        a time (technique "shuffles"), or None.  Each card ``over`` the run's base waits on a
        column top other than i and j that takes it, in a space that takes it, or (with
        take-backs) on its foundation, no two in one place; the base goes across, and the
        waiting cards follow in order.  Only i and j change."""
        options: list[list[str]] = []
        for card in over:
            places = [f"t{k + 1}" for k in takers.get(card, ()) if k != i and k != j]
            if spaces and self._space_takes(card, 1):
                places += [f"t{k + 1}" for k in spaces]
            if self.rules.takeback and card in up:
                places.append(f"f{up[card] + 1}")
            if not places:
                return None
            options.append(places)
        holder: dict[str, int] = {}  # place -> the card (index in ``over``) waiting there

        def seat(n: int, tried: set[str]) -> bool:
            """Find card n a place, moving others on where that frees one (a bipartite matching)."""
            for place in options[n]:
                if place not in tried:
                    tried.add(place)
                    if place not in holder or seat(holder[place], tried):
                        holder[place] = n
                        return True
            return False

        if not all(seat(n, set()) for n in range(len(over))):
            return None
        place_of = {n: place for place, n in holder.items()}
        park = [f"t{i + 1}>{place_of[n]}" for n in reversed(range(len(over)))]  # the top card first
        follow = [f"{place_of[n]}>t{j + 1}" for n in range(len(over))]
        return park + [f"t{i + 1}>t{j + 1}"] + follow

    def distance(self, state: State) -> int:
        """How far a state looks from a win: face-down cards weigh most, then cards not yet up,
        and (technique "covering", where cards move one at a time) every face-up card on a
        face-down one adds two.  The second pair of quick searches (``deep_columns``) also adds
        the square of each column's face-down count.  Where passes are limited (technique
        "stock-drawn"), every card drawn from the stock so far adds one, counting each earlier
        pass as the whole talon: the stock is spent for good."""
        downs = state.downs
        far = self.down_weight * sum(downs) - sum(map(_HEIGHT, state.foundations))
        if self.counts_covering:
            far += 2 * sum(len(column) for column, down in zip(state.columns, downs) if down)
        if self.deep_columns:
            far += sum(down * down for down in downs)
        if self.counts_drawn:
            far += (state.pass_number - 1) * len(state.talon) + state.position
        return far

    def opening(self) -> tuple[State, list[str], Seen]:
        """The start after its safe foundation moves, those moves, and a table that holds it."""
        first_moves: list[str] = []
        start = self._auto(self.start, first_moves)
        key, rank = self._key(start)
        return start, first_moves, {(key, None): rank}

    def first_visit(self, seen: Seen, state: State, need: Need) -> bool:
        """Record ``state`` as searched with ``need``; False if it (or better) was searched already."""
        key, rank = self._key(state)
        full_key = (key, self._need_key(state, need))
        searched = seen.get(full_key)
        if searched is not None and searched <= rank:
            return False
        if need is not None:
            # Searched with no obligation, the same position allowed every move this one allows.
            free = seen.get((key, None))
            if free is not None and free <= rank:
                return False
        seen[full_key] = rank
        return True

    def is_won(self, state: State) -> bool:
        return sum(height for _, height in state.foundations) == self.rules.cards

    def win_line(self, state: State) -> list[str] | None:
        """The moves that win from ``state`` without a search: none if it is won, the
        foundation-only finish once every card is face up (``face_up_finish``), or None."""
        if self.is_won(state):
            return []
        if "face-up" in self.techniques and not any(state.downs) and UNKNOWN_CARD not in state.talon:
            return self.face_up_finish(state)
        return None

    def face_up_finish(self, state: State) -> list[str] | None:
        """Play to the foundations only, tapping the stock for the next card, until won; the
        moves, or None if a whole round of the stock (or the last pass) brings nothing up.

        With no card face down, every column is one run, falling from its base, so the cards
        over any card are all lower than it.  When the whole talon is in reach (draw one, no
        pass limit), the lowest card not yet up can therefore always go up: this finish always
        wins, and such a position needs no search.  Otherwise it is only a try."""
        columns, _, talon, position, pass_number, foundations = state
        cols = list(columns)
        moves: list[str] = []
        still = 0  # taps since a card last went up
        while True:
            moved = False
            for i, column in enumerate(cols):
                while column:
                    slot = self._foundation_for(foundations, column[-1])
                    if slot < 0:
                        break
                    foundations = _raised(foundations, slot, column[-1])
                    column = column[:-1]
                    moves.append(f"t{i + 1}>f{slot + 1}")
                    moved = True
                cols[i] = column
            if position:
                slot = self._foundation_for(foundations, talon[position - 1])
                if slot >= 0:
                    foundations = _raised(foundations, slot, talon[position - 1])
                    talon = talon[: position - 1] + talon[position:]
                    position -= 1
                    moves.append(f"w>f{slot + 1}")
                    moved = True
            if moved:
                still = 0
                if sum(height for _, height in foundations) == self.rules.cards:
                    return moves
                continue
            after = self.rules.tap(len(talon), position, pass_number)
            still += 1
            if after is None or still > len(talon) + 1:
                return None
            position, pass_number = after
            moves.append("s")

    # ----- the search -----------------------------------------------------------

    def search(self, max_nodes: int | None, max_seconds: float | None) -> Result:
        run = Search(self, max_nodes, max_seconds)
        while run.advance(1 << 30) is None:
            pass
        assert run.result is not None
        return run.result


REVEALS = -(10**6)  # the distance given to a line that reveals an unknown card: the best a fair hint gets


class Search:
    """One search, run in slices: ``advance(n)`` explores up to n more nodes and returns the
    result once there is one.  The page calls it between frames so that it never blocks."""

    def __init__(self, solver: Solver, max_nodes: int | None, max_seconds: float | None) -> None:
        self.solver = solver
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.nodes = 0
        self.result: Result | None = None
        start, first_moves, self.seen = solver.opening()
        # The most promising line so far, for a hint when no win is found: (distance, moves).
        self.best: tuple[int, list[str]] = (solver.distance(start), first_moves)
        self.best_state: State | None = start  # where the best line leads (None: to a revealed card)
        # Each frame: (state, its successors still to try, the moves that led into it).
        self.stack: list[tuple[State, list[Successor], list[str]]] = []
        finish = solver.win_line(start)
        if finish is not None:
            self._finish(WIN, first_moves + finish, exhausted=False)
            return
        if solver.is_blocked(start) or solver.is_stuck(start):
            self._finish(LOSS, [], exhausted=False)
            return
        self.stack.append((start, self._expand(start, None, first_moves), first_moves))

    def _path(self) -> list[str]:
        return [m for frame in self.stack for m in frame[2]]

    def _expand(self, state: State, need: Need, moves: list[str]) -> list[Successor]:
        """The successors of a state; a first move that would reveal a card is remembered as a
        hint in fair mode, since the search cannot look past it."""
        successors = self.solver.successors(state, need)
        if self.solver.frontier_moves and self.best[0] > REVEALS:
            self.best = (REVEALS, self._path() + moves + self.solver.frontier_moves[0])
            self.best_state = None
        self.solver.frontier_moves = []
        return successors

    def _finish(self, verdict: str, moves: list[str], exhausted: bool) -> None:
        solver = self.solver
        if verdict != WIN and exhausted:
            # Every reachable position was seen: lost, unless a move could reveal something new.
            verdict = UNKNOWN if solver.frontier_found else LOSS
        best = moves if verdict == WIN else self.best[1]
        self.result = Result(
            verdict, moves if verdict == WIN else [], self.nodes, self.seconds,
            best[0] if best else None, solver.thoughtful, solver.frontier_found,
        )

    def advance(self, budget: int) -> Result | None:
        if self.result is not None:
            return self.result
        solver, stack, seen = self.solver, self.stack, self.seen
        started = time.perf_counter()
        for _ in range(budget):
            if not stack:
                break
            self.nodes += 1
            if self.max_nodes is not None and self.nodes > self.max_nodes or (
                self.max_seconds is not None and self.nodes % 256 == 0
                and self.seconds + time.perf_counter() - started > self.max_seconds
            ):
                self.seconds += time.perf_counter() - started
                self._finish(UNKNOWN, [], exhausted=False)
                return self.result
            todo = stack[-1][1]
            if not todo:
                stack.pop()
                continue
            moves, nxt, _, need = todo.pop(0)
            if not solver.first_visit(seen, nxt, need):
                continue
            finish = solver.win_line(nxt)
            if finish is not None:
                self.seconds += time.perf_counter() - started
                self._finish(WIN, self._path() + moves + finish, exhausted=False)
                return self.result
            distance = solver.distance(nxt)
            if distance < self.best[0]:
                self.best, self.best_state = (distance, self._path() + moves), nxt
            stack.append((nxt, self._expand(nxt, need, moves), moves))
        self.seconds += time.perf_counter() - started
        if not stack:
            self._finish(UNKNOWN, [], exhausted=True)
        return self.result


# A best-first entry: (priority, tie-break, state, what it needs next, its link back to the start).
# A link is (the previous link, the moves into this state, depth); the start's link is None.
Link = tuple[object, list[str], int] | None


class BestFirst:
    """Best-first search over the same moves and keys as ``Search``: it always expands the open
    position that looks closest to a win (the least distance, each step counting
    ``Solver.best_first_weight`` times less than a point of distance).  The depth-first
    search commits to its first choices; this one does not, so each finds wins the other misses.
    It is complete too: when nothing is left open, every reachable position has been seen."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.nodes = 0
        self.result: Result | None = None
        start, first_moves, self.seen = solver.opening()
        self.best: tuple[int, list[str]] = (solver.distance(start), first_moves)
        self.best_state: State | None = start  # where the best line leads
        self.counter = 0
        self.open: list[tuple[int, int, State, Need, Link]] = []
        finish = solver.win_line(start)
        if finish is not None:
            line = first_moves + finish
            self.result = Result(WIN, line, 0, 0.0, line[0] if line else None, solver.thoughtful)
        elif solver.is_blocked(start) or solver.is_stuck(start):
            self.result = Result(LOSS, [], 0, 0.0, None, solver.thoughtful)
        else:
            self.open.append((0, 0, start, None, (None, first_moves, 0)))

    @staticmethod
    def _moves(link: Link) -> list[str]:
        parts: list[list[str]] = []
        while link is not None:
            previous, moves, _ = link
            parts.append(moves)
            link = previous  # type: ignore[assignment]
        return [m for moves in reversed(parts) for m in moves]

    def advance(self, budget: int) -> Result | None:
        """Expand up to ``budget`` positions; the result once there is one (WIN, or LOSS/UNKNOWN
        when nothing is left open)."""
        solver, seen, heap = self.solver, self.seen, self.open
        weight = solver.best_first_weight
        for _ in range(budget):
            if self.result is not None or not heap:
                break
            _, _, state, need, link = heapq.heappop(heap)
            self.nodes += 1
            depth = link[2] if link is not None else 0
            for moves, nxt, _, then in solver.successors(state, need):
                if not solver.first_visit(seen, nxt, then):
                    continue
                child: Link = (link, moves, depth + 1)
                finish = solver.win_line(nxt)
                if finish is not None:
                    line = self._moves(child) + finish
                    self.result = Result(WIN, line, self.nodes, 0.0, line[0], solver.thoughtful)
                    break
                distance = solver.distance(nxt)
                if distance < self.best[0]:
                    self.best, self.best_state = (distance, self._moves(child)), nxt
                self.counter += 1
                heapq.heappush(heap, (weight * distance + depth + 1, self.counter, nxt, then, child))
            solver.frontier_moves = []
        if self.result is None and not heap:
            verdict = UNKNOWN if solver.frontier_found else LOSS
            self.result = Result(verdict, [], self.nodes, 0.0, None, solver.thoughtful, solver.frontier_found)
        return self.result


class Portfolio:
    """The quick searches, taking turns on one budget.  ``advance(n)`` gives n nodes to the
    search whose turn it is, so the page can run it in slices.

    The quick searches are a depth-first and a best-first search (``Solver.sound`` off), and
    (technique "deep-columns") a second such pair whose distance weighs deep columns more.
    Where "shuffles" applies, the ``probes`` (technique "probes") go first: both pairs as
    they were without it, each search for PROBE_NODES positions.  With technique "any-order"
    depth-first searches without the needs of "put down only to pick up", one by each
    distance, take turns for their first ANY_ORDER_NODES positions each.
    A win from any of them is the answer.  One of them running out of positions proves nothing
    yet, since their pruning can miss a line; its turns then go to the proof, a depth-first
    search with sound pruning, whose running out of positions is the answer: lost.  With
    technique "early-proof" the proof takes turns of its own from the start as well."""

    QUANTUM = 512  # nodes a turn
    PROBE_NODES = 2048  # positions each probe may visit (technique "probes")
    RESTART_EVERY = 2048  # nodes between looks at the best position (technique "restarts")
    RESTART_NODES = 4096  # positions each restarted search may visit
    EARLY_PROOF_NODES = 16_384  # positions the proof searches in turns of its own (technique "early-proof")
    ANY_ORDER_NODES = 16_384  # positions each search without "put down only to pick up" may visit ("any-order")
    BACK_OFF = 4  # steps back along the line to a root below which every position was searched, the first time

    def __init__(self, solver: Solver, max_nodes: int | None, max_seconds: float | None) -> None:
        self.quick_searches: list[Search | BestFirst] = []
        pairs = (False, True) if "deep-columns" in solver.techniques else (False,)
        self.probes: list[Search | BestFirst] = []
        if solver.shuffles and "probes" in solver.techniques:
            for deep in pairs:
                probe = self._quick_solver(solver, deep)
                probe.shuffles, probe.best_first_weight = False, NARROW_WEIGHT
                self.probes += [Search(probe, None, None), BestFirst(probe)]
        self.quick_searches += self.probes
        for deep in pairs:
            quick = self._quick_solver(solver, deep)
            self.quick_searches += [Search(quick, None, None), BestFirst(quick)]
        # Turns that end after so many positions (probes, "any-order", the early proof, restarts).
        self.own_nodes: dict[Search | BestFirst, int] = {probe: self.PROBE_NODES for probe in self.probes}
        if "any-order" in solver.techniques and solver.prune:  # (unpruned, no search has the needs)
            for deep in pairs:
                any_order = self._quick_solver(solver, deep)
                any_order.needs_use = False
                any_order_search = Search(any_order, None, None)
                self.quick_searches.append(any_order_search)
                self.own_nodes[any_order_search] = self.ANY_ORDER_NODES
        self.proving_solver = solver
        self.proof: Search | None = None
        self.turns: list[Search | BestFirst] = list(self.quick_searches)
        # Technique "early-proof": the proof has a turn of its own until it has searched
        # EARLY_PROOF_NODES positions.
        if "early-proof" in solver.techniques:
            self.proof = Search(solver, None, None)
            self.turns.append(self.proof)
            self.own_nodes[self.proof] = self.EARLY_PROOF_NODES
        # Technique "restarts": searches started afresh from the best position found so far,
        # each with the moves that lead there from the start.
        self.restarts: dict[Search | BestFirst, list[str]] = {}
        self.restarts_on = solver.thoughtful and "restarts" in solver.techniques
        self.next_restart = self.RESTART_EVERY
        self.restart_distance = solver.distance(solver.start)
        # The latest restart's solver and line from the start; whether a search from there has
        # searched every position below it without a win; how many steps back it went.
        self.latest_root: tuple[Solver, list[str]] | None = None
        self.latest_root_dead = False
        self.back_off = 0
        # The walk along the latest root's dead line, to go back along it, and the positions
        # walked so far (no search takes a turn meanwhile, so the latest root stays the same);
        # and how many steps all such walks took.
        self.going_back: tuple[Iterator[tuple[State, int]], list[tuple[State, int]]] | None = None
        self.walked = 0
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.turn = 0  # which of ``turns`` has the turn
        self.used = 0  # nodes spent in this turn: turns are whole quanta, however the caller slices
        self.result: Result | None = None
        for search in self.turns:
            self.result = self.result or self._answer(search, search.result)

    @staticmethod
    def _quick_solver(solver: Solver, deep: bool) -> Solver:
        """A copy of solver for quick searches: the same deal and caches, its own notes on what
        it found, and ``deep`` for the deep-columns distance."""
        quick = copy.copy(solver)
        quick.sound, quick.deep_columns, quick.frontier_found, quick.frontier_moves = False, deep, False, []
        return quick

    @property
    def nodes(self) -> int:
        return sum(search.nodes for search in self._searches()) + self.walked

    def _searches(self) -> list[Search | BestFirst]:
        return self.quick_searches + ([self.proof] if self.proof else []) + list(self.restarts)

    def _drop(self, search: Search | BestFirst) -> None:
        """Take ``search`` out of the turns; the turn stays with the search that had it."""
        index = self.turns.index(search)
        del self.turns[index]
        if index < self.turn:
            self.turn -= 1
        if self.turn >= len(self.turns):
            self.turn = 0

    def _restart(self) -> None:
        """Start a depth-first and a best-first search afresh from the best position any search
        has reached, if it is closer to a win than the last one restarted from; failing that,
        if a search from the last one searched every position below it, from earlier on its
        line.  Every search's best is judged by one measure, the plain distance: the
        deep-columns pair's own is never lower, so by their own measures their positions would
        seldom lead."""
        measure = self.proving_solver.distance
        candidates = [(measure(each.best_state), n, each) for n, each in enumerate(self.turns)
                      if each is not self.proof and each.best_state is not None]
        if not candidates:
            return
        distance, _, leader = min(candidates, key=itemgetter(0, 1))
        root = leader.best_state
        if root is not None and distance < self.restart_distance:
            self.restart_distance, self.back_off, self.going_back = distance, 0, None
            self._restart_from(leader.solver, root, self.restarts.get(leader, []) + leader.best[1])
        elif self.latest_root_dead:
            self._back_off()

    def _restart_from(self, solver: Solver, root: State, prefix: list[str]) -> None:
        """A depth-first and a best-first search from ``root``, which ``prefix`` leads to from the
        start, searching as ``solver`` does (from the any-order search's best position, without
        the needs too); they take the turns of any restarted searches still going."""
        for search in [each for each in self.turns if each in self.restarts]:
            self._drop(search)
        self.latest_root, self.latest_root_dead = (solver, prefix), False
        fresh = copy.copy(solver)
        fresh.start = root
        for search in (Search(fresh, None, None), BestFirst(fresh)):
            self.restarts[search] = prefix
            self.own_nodes[search] = self.RESTART_NODES
            self.turns.insert(self.turn, search)  # (one that has its answer already gives it on its turn)

    def _back_off(self) -> None:
        """Restart from earlier on the line to a root below which every position was searched
        without a win: BACK_OFF steps back the first time, twice as many each time after (each
        from the last), until a closer position starts the count again.
        The line is followed from the start a step at a time, each step counted as a position
        searched (``_go_back``), so that a page running the search in slices never waits on a
        whole line at once."""
        assert self.latest_root is not None
        solver, line = self.latest_root
        self.latest_root_dead = False
        self.back_off = max(self.BACK_OFF, 2 * self.back_off)
        self.going_back = (self._walk(solver, line), [])

    def _go_back(self, budget: int) -> None:
        """Follow the dead line up to ``budget`` steps on; at its end, restart back along it."""
        assert self.going_back is not None and self.latest_root is not None
        (solver, line), (walk, steps) = self.latest_root, self.going_back
        taken = len(steps)
        steps.extend(itertools.islice(walk, budget))
        self.walked += len(steps) - taken
        if len(steps) - taken == budget:
            return  # (more to follow in the next slice)
        self.going_back = None
        if len(steps) >= 2:
            root, done = steps[max(0, len(steps) - 1 - self.back_off)]
            self._restart_from(solver, root, line[:done])

    def _walk(self, solver: Solver, line: list[str]) -> Iterator[tuple[State, int]]:
        """The positions along ``line`` from the start, each with how many of its moves lead there."""
        replay = copy.copy(solver)
        replay.start = self.proving_solver.start
        state, done, _ = replay.opening()
        if line[:len(done)] != done:
            return
        yield state, len(done)
        at, need = len(done), None
        while at < len(line):
            # (A restart's start begins with no need, so a step the need rules out is tried without.)
            step = next(((moves, after, then) for each in ((need,) if need is None else (need, None))
                         for moves, after, _, then in replay.successors(state, each)
                         if line[at:at + len(moves)] == moves), None)
            replay.frontier_moves = []
            if step is None:
                return  # (a line the replay cannot follow ends there)
            moves, state, need = step
            at += len(moves)
            yield state, at

    def advance(self, budget: int) -> Result | None:
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        while budget > 0 and self.result is None:
            take = min(budget, self.QUANTUM - self.used)
            if self.max_nodes is not None:
                take = min(take, self.max_nodes + 1 - self.nodes)
            found: Result | None = None
            if self.going_back is not None:
                self._go_back(take)
                budget -= take
            else:
                search = self.turns[self.turn]
                found = search.advance(take)
                budget -= take
                self.used += take
                if self.used >= self.QUANTUM:
                    self.turn, self.used = (self.turn + 1) % len(self.turns), 0
                    if found is None and search.nodes >= self.own_nodes.get(search, search.nodes + 1):
                        del self.own_nodes[search]  # (the proof keeps any turns it took over)
                        self._drop(search)  # a probe, an any-order search, the early proof or a restart done
                    if self.restarts_on and self.nodes >= self.next_restart:
                        self.next_restart = self.nodes + self.RESTART_EVERY
                        self._restart()
                if search in self.restarts:
                    found = self._restart_answer(search, found)
                else:
                    found = self._answer(search, found)
            if found is not None:
                self.result = found
            elif (self.max_nodes is not None and self.nodes > self.max_nodes) or (
                    self.max_seconds is not None
                    and self.seconds + time.perf_counter() - started > self.max_seconds):
                self.result = self._unknown()
        self.seconds += time.perf_counter() - started
        if self.result is not None:
            self.result.nodes, self.result.seconds = self.nodes, self.seconds
        return self.result

    def _restart_answer(self, search: Search | BestFirst, found: Result | None) -> Result | None:
        """A restarted search's win, as a line from the start; anything else it finds (it ran out
        of positions) proves nothing about the deal, so it just leaves the turns, and, if it
        started from the latest root, the next restart goes back along that line."""
        if found is None:
            return None
        if found.verdict == WIN:
            line = self.restarts[search] + found.moves
            return Result(WIN, line, 0, 0.0, line[0] if line else None, self.proving_solver.thoughtful)
        if search in self.turns:  # (one that a newer restart replaced has left them already)
            self._drop(search)
            self.used = 0
        if self.latest_root is not None and self.restarts[search] is self.latest_root[1]:
            self.latest_root_dead = True  # every position below it was searched
        return None

    def _answer(self, search: Search | BestFirst, found: Result | None) -> Result | None:
        """What ``search`` found, as the answer: a quick search's loss (it ran out of positions,
        or its safe moves led to a static loss proof) hands its turns to the proof instead."""
        if found is None or found.verdict != LOSS or search.solver.sound:
            return found
        if self.proof is None:
            self.proof = Search(self.proving_solver, None, None)
        self.turns = [self.proof if each is search else each for each in self.turns]
        return self.proof.result

    def release(self, budget: int) -> bool:
        """Forget up to ``budget`` of the positions this search holds; True once it holds none.

        A search of a second or two holds hundreds of thousands of objects, and freeing them
        all at once takes tens of milliseconds (more on a phone).  A page frees them a few at a
        time between frames instead.  Call it only once the search is no longer advanced."""
        searches = self._searches()
        parts: list[list[Any]] = [each.open if isinstance(each, BestFirst) else each.stack for each in searches]
        for part in parts:
            while budget > 0 and part:
                part.pop()
                budget -= 1
        for each in searches:
            while budget > 0 and each.seen:
                each.seen.popitem()
                budget -= 1
        return not (any(parts) or any(each.seen for each in searches))

    def _unknown(self) -> Result:
        """Out of budget: the most promising first move any search has seen.  (The deep-columns
        pair's distances are never lower than the first pair's for the same position, so its
        line is taken only when it got clearly further.)"""
        searches = self._searches()
        leader = min(searches, key=lambda each: each.best[0])
        best = self.restarts.get(leader, []) + leader.best[1]
        frontier = any(each.solver.frontier_found for each in searches)
        return Result(UNKNOWN, [], 0, 0.0, best[0] if best else None, self.proving_solver.thoughtful, frontier)


def start_search(
    game: Position, *, max_nodes: int | None = None, max_seconds: float | None = None, thoughtful: bool = False
) -> Portfolio:
    """A search to run in slices with ``advance`` (for the page's hints)."""
    return Portfolio(Solver(game, thoughtful, True), max_nodes, max_seconds)


def solve(
    game: Position,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    thoughtful: bool = False,
    prune: bool = True,
    techniques: tuple[str, ...] = TECHNIQUES,
) -> Result:
    """Solve ``game`` from its current position without changing it.

    ``thoughtful=True`` lets the solver see every card; the default sees only
    what the player sees.  ``prune=False`` turns off the safe foundation moves
    (the tests compare both).  ``techniques`` names the second-round techniques to use
    (``TECHNIQUES``, all of them, by default; the bench compares with none).
    """
    if game.is_won():
        return Result(WIN, thoughtful=thoughtful)
    started = time.perf_counter()
    if thoughtful and prune:
        # First follow the engine's simple hint to the end: it wins many deals at once where
        # the search would wander.  The hint reads the stock order, so only thoughtful mode may.
        # Without a time budget there is no clock either (a budget in nodes must give the same
        # answer however busy the machine is); the playout is bounded by its moves.
        share = max_seconds / 2 if max_seconds is not None else float("inf")
        line = greedy_playout(game, max_nodes if max_nodes is not None else 5000, started + share)
        if line is not None:
            return Result(WIN, line, len(line), time.perf_counter() - started, line[0], thoughtful)
    if max_seconds is not None:
        max_seconds = max(0.0, max_seconds - (time.perf_counter() - started))
    run = Portfolio(Solver(game, thoughtful, prune, techniques), max_nodes, max_seconds)
    while run.advance(1 << 30) is None:
        pass
    assert run.result is not None
    result = run.result
    result.seconds = time.perf_counter() - started
    return result


def greedy_playout(game: Position, max_moves: int, deadline: float) -> list[str] | None:
    """The moves ``harp.hint`` plays from here, if following it wins; else None."""
    twin = game.copy()
    line: list[str] = []
    seen: set[object] = set()
    while len(line) < max_moves and time.perf_counter() < deadline:
        position = _position(twin)
        if position in seen:
            break  # the hint goes round in a circle: following it further cannot win
        seen.add(position)
        move = progress.hint(twin)
        if move is None:
            break
        twin.play(move)
        line.append(move)
    return line if twin.is_won() else None


def _position(game: Position) -> object:
    """Where every card is (the pass counts only when passes are limited)."""
    return (
        tuple(map(tuple, game.tableau)), tuple(game.down), tuple(game.stock), tuple(game.waste),
        tuple(map(tuple, game.foundations)), game.pass_number if game.rules.passes is not None else 0,
    )
