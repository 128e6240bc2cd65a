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
                    meets_need, raised, run_length, targets)


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
        expansion = _Expansion(self, state, need, onto, shared)
        expansion.from_columns()
        expansion.from_stock()
        expansion.take_backs()
        out = expansion.out
        if onto is not None or expansion.keeping:
            return out  # (after a take-back, a shuffle elsewhere would send the card home again)
        if self.settings.merges_arrangements:
            expansion.other_arrangements()
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


class _Expansion:
    """One call of ``MoveGenerator._successors``: the state expanded, where its cards can go,
    and the successors found so far (``out``), in the order its steps add them: moves from the
    columns, from the stock, take-backs, then the other arrangements' moves."""

    def __init__(self, generator: MoveGenerator, state: State, need: Need, onto: int | None,
                 shared: _Shared | None) -> None:
        self.generator, self.state, self.need, self.onto = generator, state, need, onto
        self.rules, self.settings, self.deal = generator.rules, generator.settings, generator.deal
        settings, rules = self.settings, self.rules
        self.out: list[Successor] = []
        self.every = onto is None
        # Only quick searches ask a move to use the one before.
        self.needs = settings.prune and not settings.sound and settings.needs_use
        self.keeping = need is not None and need[0] == "keeps"
        # A position can become blocked only where a way out is lost for good: a card going up
        # for good (no take-backs), or the last pass's waste growing.  Elsewhere covers only
        # lift and ways out only open, so a child of a position that is not blocked is not either.
        blocked = self.deal.thoughtful and "blocked" in settings.techniques
        self.check_foundations = blocked and not rules.takeback
        self.check_waste = blocked and rules.passes is not None
        self.always_in_reach = rules.draw == 1 and rules.passes is None  # every talon card stays in reach
        self.lost_by_easier_game = generator.proofs.lost_by_easier_game
        self.fits: tuple[int, ...] = ()
        self.tops: list[tuple[int, int, int]] = []
        self.top_at: list[int] = []
        self.receivers: set[int] = set()
        self.backs: list[tuple[int, int, int, int]] = []
        if onto is None:
            self.takers, self.spaces = targets(state.columns)
            self.up = generator.safe_moves.slots(state.foundations)
            self.runs = [run_length(column) for column in state.columns]
        else:  # only column ``onto`` takes a card, and no space does: every move below goes there
            assert shared is not None
            self.fits = FITS_ON[state.columns[onto][-1]]
            self.takers, self.spaces = {card: [onto] for card in self.fits}, []
            self.up, self.runs, self.tops, self.top_at, self.receivers, self.backs = shared

    def finish(self, moves: list[str], after: State, order: Effect, then: Need = None) -> None:
        """Add a successor, after its safe foundation moves, unless it is lost."""
        generator, state = self.generator, self.state
        after = generator.safe_moves.play(after, moves)
        if ((self.check_foundations and after.foundations != state.foundations)
                or (self.check_waste and after.pass_number >= self.rules.passes  # type: ignore[operator]
                    and after.waste_size > 1
                    and (after.waste_size, after.pass_number) != (state.waste_size, state.pass_number))):
            if generator.proofs.some_cards_never_move(after):
                return  # lost: some cards can never move
        lost_by_easier_game = self.lost_by_easier_game
        if lost_by_easier_game is not None and lost_by_easier_game(after):
            return  # lost: so is the easier game from there (harp/solver/fixed_roots.py)
        if then is not None and len(moves) > 1:
            then = None  # a safe foundation move followed: the obligation no longer fits
        self.out.append((moves, after, order, then if self.needs else None))

    def frontier(self, moves: list[str]) -> None:
        """Note a move that would turn up an unknown card (fair mode)."""
        self.generator.frontier_found = True
        self.generator.frontier_moves.append(moves)

    def from_columns(self) -> None:
        """Tableau tops to foundations, and tableau runs to other columns."""
        every, onto, runs, fits = self.every, self.onto, self.runs, self.fits
        for i, column in enumerate(self.state.columns):
            if not column or (not every and i != onto and column[-runs[i]] not in fits):
                continue
            self.column_top_home(i, column)
            for count in self.run_counts(i, column):
                self.run_to_columns(i, column, count)

    def column_top_home(self, i: int, column: tuple[int, ...]) -> None:
        """Column ``i``'s top card to the foundation that takes it next."""
        top = column[-1]
        slot = self.up.get(top, -1)
        if slot >= 0 and meets_need(self.need, i, -1, 1) and (self.every or i == self.onto):
            columns, downs, talon, waste_size, pass_number, foundations = self.state
            cols, new_downs = list(columns), list(downs)
            cols[i] = column[:-1]
            if self.deal.turn_up(cols, new_downs, i):
                self.finish([f"t{i + 1}>f{slot + 1}"],
                            State(tuple(cols), tuple(new_downs), talon, waste_size, pass_number,
                                  raised(foundations, slot, top)),
                            Effect.UNCOVERS if new_downs[i] < downs[i] else Effect.HOME)
            else:
                self.frontier([f"t{i + 1}>f{slot + 1}"])

    def run_counts(self, i: int, column: tuple[int, ...]) -> list[int]:
        """How many of column ``i``'s top cards may move to another column, each a move."""
        rules, settings, run = self.rules, self.settings, self.runs[i]
        if not self.every:
            return [run] if i != self.onto else []  # a run's root onto the bared card (others: shuffles)
        if rules.one_card and not settings.shuffles:
            return [1] + ([run] if run > 1 and rank(column[-run]) == KING else [])
        if settings.merges_arrangements and not self.spaces:
            return [run]  # (any less is a shuffle: its card's parent is of the target's level)
        return list(range(1, run + 1))

    def run_to_columns(self, i: int, column: tuple[int, ...], count: int) -> None:
        """Column ``i``'s top ``count`` cards to every other column that takes them."""
        columns, downs, talon, waste_size, pass_number, foundations = self.state
        rules, deal, need, allowed = self.rules, self.deal, self.need, meets_need
        takers, spaces, merging = self.takers, self.spaces, self.settings.merges_arrangements
        moving = column[-count]
        whole = count == len(column)
        one_by_one = rules.one_card and count > 1  # a space takes a king-led run whole
        targets = takers.get(moving, []) if self.settings.shuffles or not one_by_one else []
        if spaces and deal.space_takes(moving, count) and not (whole and not downs[i]):
            targets = targets + spaces  # (a whole column into a space would change nothing)
        for j in targets:
            target = columns[j]
            if j == i or not allowed(need, i, j, count):
                continue
            if merging and target and count < self.runs[i]:
                continue  # a shuffle: the same arrangement key
            if one_by_one and target:
                steps = shuffle_steps(deal, takers, spaces, self.up, i, j, column[-count + 1:])
                if steps is None:
                    continue  # some card over the base has nowhere to wait
            else:
                steps = [f"t{i + 1}:{count}>t{j + 1}" if count > 1 else f"t{i + 1}>t{j + 1}"]
            cols, new_downs = list(columns), list(downs)
            cols[i], cols[j] = column[:-count], target + column[-count:]
            if not deal.turn_up(cols, new_downs, i):
                self.frontier(steps)
                continue
            reveals = new_downs[i] < downs[i]
            empties = not cols[i] and not new_downs[i]
            order = Effect.UNCOVERS if reveals else Effect.EMPTIES if empties else Effect.SHIFTS
            then: Need = None if reveals or empties else ("use", i, j, count)
            self.finish(steps, State(tuple(cols), tuple(new_downs), talon, waste_size, pass_number, foundations),
                        order, then)

    def from_stock(self) -> None:
        """The stock: every reachable waste card, to a foundation or a column.  Where every talon
        card stays in reach (``always_in_reach``), putting one on a column can wait until a card
        is to go on it: the same reordering argument as a take-back."""
        if self.every:  # (after the columns' moves: a fair-mode hint is the first frontier noted)
            # (the frontiers they meet, noted once here)
            self.tops, self.top_at = self.generator.waste_tops(self.state)
            self.receivers = self.movers_could_go_on()
        talon, up, takers, spaces = self.state.talon, self.up, self.takers, self.spaces
        if spaces:
            reachable = self.tops
        else:  # only the cards that could go somewhere (most waste cards cannot)
            wanted = up.keys() | takers.keys()
            reachable = list(compress(self.tops, map(wanted.__contains__, map(talon.__getitem__, self.top_at))))
        for taps, reached, pass_now in reachable:
            self.waste_card_moves(taps, reached, pass_now)

    def movers_could_go_on(self) -> set[int]:
        """Cards that could move next, and the cards one of them could go on: a card put down
        only to receive one is worth trying (asked only in ``waste_card_moves`` and
        ``take_backs``; a shuffle keeps them: the same cards in runs)."""
        receivers: set[int] = set()
        rules, columns, talon = self.rules, self.state.columns, self.state.talon
        if self.settings.prune and (self.always_in_reach or rules.takeback):
            movable = {talon[reached - 1] for _, reached, _ in self.tops}
            if rules.takeback:  # a chain of take-backs reaches every foundation card
                for slot_suit, height in self.state.foundations:
                    movable.update(CARDS_UP[slot_suit][height])
            for column, run in zip(columns, self.runs):
                movable.update(column[-run:])
            receivers.update(*map(PARENTS.__getitem__, movable))
        return receivers

    def waste_card_moves(self, taps: int, reached: int, pass_now: int) -> None:
        """The waste card ``taps`` stock taps bring to the top, to a foundation or a column."""
        columns, downs, talon, _, _, foundations = self.state
        need, allowed, spaces = self.need, meets_need, self.spaces
        card = talon[reached - 1]
        slot = self.up.get(card, -1)
        goes_up = slot >= 0 and allowed(need, -1, -1, 1) and self.every
        if self.always_in_reach and not (not self.settings.prune or card in self.receivers):
            to_columns = []
        else:
            into_spaces = spaces if spaces and self.deal.space_takes(card, 1) else []
            to_columns = [j for j in self.takers.get(card, []) + into_spaces if allowed(need, -1, j, 1)]
        if not (goes_up or to_columns):
            return
        rest = talon[: reached - 1] + talon[reached:]
        taps_moves = ["s"] * taps
        if goes_up:
            self.finish(taps_moves + [f"w>f{slot + 1}"],
                        State(columns, downs, rest, reached - 1, pass_now, raised(foundations, slot, card)),
                        Effect.HOME)
        for j in to_columns:
            cols = list(columns)
            cols[j] = columns[j] + (card,)
            self.finish(taps_moves + [f"w>t{j + 1}"],
                        State(tuple(cols), downs, rest, reached - 1, pass_now, foundations),
                        Effect.FROM_STOCK, ("onto", j, -1) if self.always_in_reach else None)

    def take_backs(self) -> None:
        """Take-backs from the foundations."""
        columns, downs, talon, waste_size, pass_number, foundations = self.state
        deal, need, allowed, spaces = self.deal, self.need, meets_need, self.spaces
        if not self.rules.takeback:
            self.backs = []
        elif self.every:
            # Neither a foundation card nor one a chain of take-backs reaches could be built on: not taken back.
            self.backs = [(slot, slot_suit, height, slot_suit * 13 + height - 1)
                          for slot, (slot_suit, height) in enumerate(foundations)
                          if height and (not self.settings.prune
                                         or not self.receivers.isdisjoint(CARDS_UP[slot_suit][height]))]
        else:  # only those that go on column ``onto``
            self.backs = [back for back in self.backs if back[3] in self.fits]
        to_build = self.settings.takes_back_only_to_build
        for slot, slot_suit, height, card in self.backs:
            for j in self.takers.get(card, []) + (spaces if spaces and deal.space_takes(card, 1) else []):
                if allowed(need, -2 - slot, j, 1):
                    cols = list(columns)
                    cols[j] = columns[j] + (card,)
                    new_foundations = list(foundations)
                    new_foundations[slot] = (slot_suit if height > 1 else deal.slot_suits[slot], height - 1)
                    after = State(tuple(cols), downs, talon, waste_size, pass_number, tuple(new_foundations))
                    if to_build and columns[j]:
                        self.out.extend(self.generator._built_on(after, j, f"f{slot + 1}>t{j + 1}"))
                    else:
                        self.out.append(([f"f{slot + 1}>t{j + 1}"], after, Effect.TAKES_BACK,
                                         ("onto", j, slot) if self.needs else None))

    def other_arrangements(self) -> None:
        """The moves of the other arrangements of runs on equal cards (harp/solver/arrangements.py),
        each after the shuffle that makes it: only those that need the bared card."""
        generator, state, runs = self.generator, self.state, self.runs
        arrivals = {column[-run] for column, run in zip(state.columns, runs) if column}
        arrivals.update(state.talon[reached - 1] for _, reached, _ in self.tops)
        arrivals.update(back[3] for back in self.backs)
        for shuffle, bared, i, bared_runs in bared_parents(state, runs, Wanted(self.up, arrivals)):
            noted = len(generator.frontier_moves)
            shared = _Shared(self.up, bared_runs, self.tops, self.top_at, self.receivers, self.backs)
            self.out.extend(([shuffle] + moves, after, order, then)
                            for moves, after, order, then in generator._successors(bared, None, i, shared))
            generator.frontier_moves[noted:] = [[shuffle] + moves for moves in generator.frontier_moves[noted:]]
