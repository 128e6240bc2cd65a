"""Move generation: every move from a ``State``, as the searches make them, pruned.

* **Stock macro moves.**  "Tap k times, then play the top waste card" is one move; the pass
  number is part of the key when passes are limited.
* **Put down only to pick up** (the quick searches only).  A card taken back from a
  foundation, or put on a column from a talon whose every card stays in reach, or a run moved
  without turning a card up or emptying a column, is only worth it if the next move builds on
  what it did (``Need``, harp/solver/state.py).  Most winning lines can be reordered so that it
  does, but not all: one move can need two such preparations (a card taken back onto a column,
  and another taken back to lay bare the card that goes on it), and then neither can come just
  before it.
* **Safe foundation moves** (harp/solver/safe_moves.py) are made at once, not searched.
* **Take back only to build** (the search of technique "take-back-to-build"): a card taken back
  onto a card is one move with the moves that build on it (or send its twin up in its place),
  since sent home and back it would go straight up again; other take-backs are not made.
* **No move that undoes the previous one.**
* **Shuffles** (technique "shuffles", where cards move one at a time): a run crosses to
  another column as one move made of single moves (``shuffles.shuffle_steps``).
* **Frontiers** (fair mode): a move that would turn up an unknown card is not made; it is
  noted (``frontier_found``, ``frontier_moves``) for the search to give as a hint.

Internal API of the package (the tests use it): ``MoveGenerator``.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from ..cards import KING, rank
from ..effects import Effect
from ..position import Position
from .arrangements import Wanted, bared_parents
from .distance import distance_for
from .finish import win_line
from .proofs import LossProofs
from .safe_moves import SafeMoves
from .settings import TECHNIQUES, Settings
from .shuffles import shuffle_steps
from .state import (CARDS_UP, FITS_ON, PARENTS, UNKNOWN_CARD, Deal, Keys, Need, Seen, State, Successor,
                    raised, run_length)


class _Shared(NamedTuple):
    """What a state's move list shares with those of the states its shuffles make."""
    up: dict[int, int]  # next_slots of the foundations
    runs: list[int]  # each column's run length (the shuffled state's own)
    tops: list[tuple[int, int, int]]  # waste_tops
    top_at: list[int]  # waste_tops: the talon index of each top
    receivers: set[int]  # cards that one that could move next could go on (where put-down-to-pick-up asks)
    takebacks: list[tuple[int, int, int, int]]  # (slot, suit, height, card) of each worth taking back


class MoveGenerator:
    """The moves of one search: its deal, its ``Settings``, and what it shares with the others
    (the loss proofs' remembered verdicts).  Also what the searches ask of a position beside its
    moves: its key (``keys``), its ``distance`` to a win, and a win without a search
    (``win_line``).  Its notes on frontiers are its own: the searches that share a generator
    share them."""

    def __init__(self, deal: Deal, settings: Settings, proofs: LossProofs) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.settings = settings
        self.proofs = proofs
        self.safe_moves = SafeMoves(deal, settings)
        self.keys = Keys(deal, settings.prune, settings.merges_arrangements)
        self.distance = distance_for(settings)
        self.frontier_found = False
        self.frontier_moves: list[list[str]] = []  # moves from the state being expanded that reveal a card

    @classmethod
    def for_game(cls, game: Position, thoughtful: bool, prune: bool = True,
                 techniques: tuple[str, ...] = TECHNIQUES) -> MoveGenerator:
        """The sound search's moves from ``game``'s position."""
        settings = Settings.for_rules(game.rules, prune, techniques)
        deal = Deal(game, thoughtful)
        return cls(deal, settings, LossProofs(deal, settings.techniques))

    def with_settings(self, settings: Settings) -> MoveGenerator:
        """Moves of the same deal by other settings, sharing the proofs' verdicts, with notes of its own."""
        return MoveGenerator(self.deal, settings, self.proofs)

    def win_line(self, state: State) -> list[str] | None:
        """The moves that win from ``state`` without a search, or None (``finish.win_line``)."""
        return win_line(self.deal, self.settings.techniques, state)

    def opening(self, start: State) -> tuple[State, list[str], Seen]:
        """``start`` after its safe foundation moves, those moves, and a table that holds it."""
        first_moves: list[str] = []
        opened = self.safe_moves.play(start, first_moves)
        key, stock_rank = self.keys.key(opened)
        return opened, first_moves, {(key, None): stock_rank}

    # ----- the move lists -----------------------------------------------------

    @staticmethod
    def targets(columns: tuple[tuple[int, ...], ...]) -> tuple[dict[int, list[int]], list[int]]:
        """Which columns take each card value on top, and which columns are empty."""
        takers: dict[int, list[int]] = {}
        spaces = []
        for j, column in enumerate(columns):
            if column:
                for card in FITS_ON[column[-1]]:
                    takers.setdefault(card, []).append(j)
            else:
                spaces.append(j)
        return takers, spaces

    def waste_tops(self, state: State) -> tuple[list[tuple[int, int, int]], list[int]]:
        """(taps, waste size, pass) for every waste top reachable by tapping, the current one first,
        and the talon index of each top (``Deal.reachable_tops``: with the talon known, shared and
        not to be changed).  In fair mode the walk stops at the first tap that would draw an
        unknown card, a frontier."""
        _, _, talon, waste_size, pass_number, _ = state
        tops, top_at = self.deal.reachable_tops(len(talon), waste_size, pass_number)
        if UNKNOWN_CARD not in talon:
            return tops, top_at
        first = 1 if waste_size else 0  # (the current waste top, before the walk's)
        for k, (taps, drawn_from, reached, _) in enumerate(self.deal.stock_walk(len(talon), waste_size, pass_number)):
            if UNKNOWN_CARD in talon[drawn_from:reached]:
                self.frontier_found = True
                self.frontier_moves.append(["s"] * taps)
                return tops[:first + k], top_at[:first + k]
        return tops, top_at

    @staticmethod
    def meets_need(need: Need, src: int, dst: int, count: int) -> bool:
        """Whether a move from column ``src`` (-1: the waste, -2 - s: foundation slot s) to column
        ``dst`` (-1: a foundation) meets what the previous move needs."""
        if need is None:
            return True
        if need[0] == "keeps":
            return dst == need[1] or dst == -1
        if need[0] == "onto":
            slot = need[2]
            return dst == need[1] or (isinstance(slot, int) and slot >= 0 and src == -2 - slot)
        _, i, j, n = need
        if src == j and dst == i and count == n:
            return False  # straight back
        return src == i or dst == i or (src == j and isinstance(n, int) and count > n)

    def successors(self, state: State, need: Need, ordered: bool = True) -> list[Successor]:
        """Every move from ``state`` as (engine moves, next state, order rank, need); lower rank first
        (``ordered=False``: in no order, for a search that orders them itself).  Merging
        arrangements (``Settings.merges_arrangements``), shuffles are left out, and the moves of
        the other arrangements are added (harp/solver/arrangements.py)."""
        return self._successors(state, need, None, None, ordered)

    def _successors(self, state: State, need: Need, onto: int | None,
                    shared: _Shared | None, ordered: bool = True) -> list[Successor]:
        """``successors``; with ``onto``, only the moves that need column ``onto``'s top card bare
        (from it to a foundation, or onto it), unsorted, of a state a shuffle made from one whose
        ``_Shared`` is ``shared`` (a shuffle changes neither foundations nor talon).  With the
        need "keeps", ``state`` has just had a card taken back onto a column (``_built_on``): only
        the moves onto it and to the foundations, unsorted."""
        columns, downs, talon, waste_size, pass_number, foundations = state
        out: list[Successor] = []
        rules, settings, deal = self.rules, self.settings, self.deal
        prune = settings.prune
        merging, every = settings.merges_arrangements, onto is None
        # Only quick searches ask a move to use the one before.
        needs = prune and not settings.sound and settings.needs_use
        keeping = need is not None and need[0] == "keeps"
        allowed, space_takes = self.meets_need, deal.space_takes

        # A position can become blocked only where a way out is lost for good: a card going up
        # for good (no take-backs), or the last pass's waste growing.  Elsewhere covers only
        # lift and ways out only open, so a child of a position that is not blocked is not either.
        check_foundations = deal.thoughtful and "blocked" in settings.techniques and not rules.takeback
        check_waste = (deal.thoughtful and "blocked" in settings.techniques and rules.passes is not None)

        lost_by_easier_game = self.proofs.lost_by_easier_game

        def finish(moves: list[str], after: State, order: Effect, then: Need = None) -> None:
            after = self.safe_moves.play(after, moves)
            if ((check_foundations and after.foundations != foundations)
                    or (check_waste and after.pass_number >= rules.passes  # type: ignore[operator]
                        and after.waste_size > 1
                        and (after.waste_size, after.pass_number) != (waste_size, pass_number))):
                if self.proofs.some_cards_never_move(after):
                    return  # lost: some cards can never move
            if lost_by_easier_game is not None and lost_by_easier_game(after):
                return  # lost: so is the easier game from there (harp/solver/fixed_roots.py)
            if then is not None and len(moves) > 1:
                then = None  # a safe foundation move followed: the obligation no longer fits
            out.append((moves, after, order, then if needs else None))

        if every:
            takers, spaces = self.targets(columns)
            up = self.safe_moves.slots(foundations)
            runs = [run_length(column) for column in columns]
        else:  # only column ``onto`` takes a card, and no space does: every move below goes there
            assert onto is not None and shared is not None
            fits = FITS_ON[columns[onto][-1]]
            takers, spaces = {card: [onto] for card in fits}, []
            up, runs, tops, top_at, receivers, backs = shared
        # Tableau tops to foundations, and tableau runs to other columns.
        for i, column in enumerate(columns):
            if not column or (not every and i != onto and column[-runs[i]] not in fits):
                continue
            top = column[-1]
            slot = up.get(top, -1)
            if slot >= 0 and allowed(need, i, -1, 1) and (every or i == onto):
                cols, new_downs = list(columns), list(downs)
                cols[i] = column[:-1]
                if deal.turn_up(cols, new_downs, i):
                    finish([f"t{i + 1}>f{slot + 1}"],
                           State(tuple(cols), tuple(new_downs), talon, waste_size, pass_number,
                                 raised(foundations, slot, top)),
                           Effect.UNCOVERS if new_downs[i] < downs[i] else Effect.HOME)
                else:
                    self.frontier_found = True
                    self.frontier_moves.append([f"t{i + 1}>f{slot + 1}"])
            run = runs[i]
            if not every:
                counts = [run] if i != onto else []  # a run's root onto the bared card (others: shuffles)
            elif rules.one_card and not settings.shuffles:
                counts = [1] + ([run] if run > 1 and rank(column[-run]) == KING else [])
            elif merging and not spaces:
                counts = [run]  # (any less is a shuffle: its card's parent is of the target's level)
            else:
                counts = list(range(1, run + 1))
            for count in counts:
                moving = column[-count]
                whole = count == len(column)
                one_by_one = rules.one_card and count > 1  # a space takes a king-led run whole
                targets = takers.get(moving, []) if settings.shuffles or not one_by_one else []
                if spaces and space_takes(moving, count) and not (whole and not downs[i]):
                    targets = targets + spaces  # (a whole column into a space would change nothing)
                for j in targets:
                    target = columns[j]
                    if j == i or not allowed(need, i, j, count):
                        continue
                    if merging and target and count < run:
                        continue  # a shuffle: the same arrangement key
                    if one_by_one and target:
                        steps = shuffle_steps(deal, takers, spaces, up, i, j, column[-count + 1:])
                        if steps is None:
                            continue  # some card over the base has nowhere to wait
                    else:
                        steps = [f"t{i + 1}:{count}>t{j + 1}" if count > 1 else f"t{i + 1}>t{j + 1}"]
                    cols, new_downs = list(columns), list(downs)
                    cols[i], cols[j] = column[:-count], target + column[-count:]
                    if not deal.turn_up(cols, new_downs, i):
                        self.frontier_found = True
                        self.frontier_moves.append(steps)
                        continue
                    reveals = new_downs[i] < downs[i]
                    empties = not cols[i] and not new_downs[i]
                    order = Effect.UNCOVERS if reveals else Effect.EMPTIES if empties else Effect.SHIFTS
                    then: Need = None if reveals or empties else ("use", i, j, count)
                    finish(steps,
                           State(tuple(cols), tuple(new_downs), talon, waste_size, pass_number, foundations),
                           order, then)

        # The stock: every reachable waste card, to a foundation or a column.  Drawing one card
        # with no pass limit, every talon card stays in reach, so putting one on a column can
        # wait until a card is to go on it: the same reordering argument as a take-back.
        always_in_reach = rules.draw == 1 and rules.passes is None
        if every:  # (after the columns' moves: a fair-mode hint is the first frontier noted)
            tops, top_at = self.waste_tops(state)  # (the frontiers they meet, noted once here)
            # Cards that could move next, and the cards one of them could go on: a card put down
            # only to receive one is worth trying (asked only below; a shuffle keeps them: the
            # same cards in runs).
            receivers = set()
            if prune and (always_in_reach or rules.takeback):
                movable = {talon[reached - 1] for _, reached, _ in tops}
                if rules.takeback:  # a chain of take-backs reaches every foundation card
                    for slot_suit, height in foundations:
                        movable.update(CARDS_UP[slot_suit][height])
                for column, run in zip(columns, runs):
                    movable.update(column[-run:])
                receivers.update(*map(PARENTS.__getitem__, movable))

        def may_receive(card: int) -> bool:
            return not prune or card in receivers

        if spaces:
            reachable = tops
        else:  # only the cards that could go somewhere (most waste cards cannot)
            wanted = up.keys() | takers.keys()
            reachable = list(compress(tops, map(wanted.__contains__, map(talon.__getitem__, top_at))))
        for taps, reached, pass_now in reachable:
            card = talon[reached - 1]
            slot = up.get(card, -1)
            goes_up = slot >= 0 and allowed(need, -1, -1, 1) and every
            if always_in_reach and not may_receive(card):
                to_columns = []
            else:
                to_columns = [j for j in takers.get(card, []) + (spaces if spaces and space_takes(card, 1) else [])
                              if allowed(need, -1, j, 1)]
            if not (goes_up or to_columns):
                continue
            rest = talon[: reached - 1] + talon[reached:]
            taps_moves = ["s"] * taps
            if goes_up:
                finish(taps_moves + [f"w>f{slot + 1}"],
                       State(columns, downs, rest, reached - 1, pass_now, raised(foundations, slot, card)),
                       Effect.HOME)
            for j in to_columns:
                cols = list(columns)
                cols[j] = columns[j] + (card,)
                finish(taps_moves + [f"w>t{j + 1}"],
                       State(tuple(cols), downs, rest, reached - 1, pass_now, foundations),
                       Effect.FROM_STOCK, ("onto", j, -1) if always_in_reach else None)

        # Take-backs from the foundations.
        if not rules.takeback:
            backs = []
        elif every:
            # Neither a foundation card nor one a chain of take-backs reaches could be built on: not taken back.
            backs = [(slot, slot_suit, height, slot_suit * 13 + height - 1)
                     for slot, (slot_suit, height) in enumerate(foundations)
                     if height and (not prune or not receivers.isdisjoint(CARDS_UP[slot_suit][height]))]
        else:  # only those that go on column ``onto``
            backs = [back for back in backs if back[3] in fits]
        to_build = settings.takes_back_only_to_build
        for slot, slot_suit, height, card in backs:
            for j in takers.get(card, []) + (spaces if spaces and space_takes(card, 1) else []):
                if allowed(need, -2 - slot, j, 1):
                    cols = list(columns)
                    cols[j] = columns[j] + (card,)
                    new_foundations = list(foundations)
                    new_foundations[slot] = (slot_suit if height > 1 else deal.slot_suits[slot], height - 1)
                    after = State(tuple(cols), downs, talon, waste_size, pass_number, tuple(new_foundations))
                    if to_build and columns[j]:
                        out.extend(self._built_on(after, j, f"f{slot + 1}>t{j + 1}"))
                    else:
                        out.append(([f"f{slot + 1}>t{j + 1}"], after, Effect.TAKES_BACK,
                                    ("onto", j, slot) if needs else None))
        if not every or keeping:
            return out  # (after a take-back, a shuffle elsewhere would send the card home again)
        if merging:
            arrivals = {column[-run] for column, run in zip(columns, runs) if column}
            arrivals.update(talon[reached - 1] for _, reached, _ in tops)
            arrivals.update(back[3] for back in backs)
            for shuffle, bared, i, bared_runs in bared_parents(state, runs, Wanted(up, arrivals)):
                noted = len(self.frontier_moves)
                out.extend(([shuffle] + moves, after, order, then)
                           for moves, after, order, then
                           in self._successors(bared, None, i, _Shared(up, bared_runs, tops, top_at, receivers, backs)))
                self.frontier_moves[noted:] = [[shuffle] + moves for moves in self.frontier_moves[noted:]]
        if not ordered:
            return out
        # Closest to a win first; then the better effect; then fewer stock taps.
        distance = self.distance
        out.sort(key=lambda successor: (distance(successor[1]), successor[2], len(successor[0])))
        return out

    def _built_on(self, taken_back: State, j: int, take_back: str) -> list[Successor]:
        """The moves from ``taken_back``, where ``take_back`` has just put a foundation card on a
        card it builds on in column ``j`` ("take back only to build"), that keep it there: those
        that build on it (after more take-backs onto it, if need be), or send its twin up in its
        place.  After any other move it would go straight home again (harp/solver/safe_moves.py),
        so only moves onto column ``j`` and to the foundations are made (``Need`` "keeps"); when
        every move was made and these kept, nine in ten were made for nothing (Easy Harp deal 18,
        Big Harp deal 7).  Not made either: a move or a shuffle elsewhere after which its twin
        goes up by itself, the same position as the twin's move up and then that move."""
        height = len(taken_back.columns[j])
        noted = len(self.frontier_moves)
        kept = [([take_back] + moves, after, order, then)
                for moves, after, order, then in self._successors(taken_back, ("keeps", j), None, None)
                if len(after.columns[j]) >= height]
        self.frontier_moves[noted:] = [[take_back] + moves for moves in self.frontier_moves[noted:]]
        return kept
