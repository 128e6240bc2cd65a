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
* **Safe foundation moves.**  A card goes up by itself when no card could ever need it as a
  base: an ace or a 2, or a card whose lower opposite-colour cards are all on the foundations
  already.  The sound search asks more: where cards can be taken back down, only an ace goes up
  by itself (a card taken back could need the others as a base); with two decks, a card waits
  for its twin to be up (else the slot it takes could be the one its twin needs).  Taken only
  from the tableau, and from the waste only when drawing one card (with draw 3 the waste's
  grouping could matter).
* **No move that undoes the previous one.**
* **Shuffles** (technique "shuffles", where cards move one at a time): a run crosses to
  another column as one move made of single moves (``shuffles.shuffle_steps``).
* **Frontiers** (fair mode): a move that would turn up an unknown card is not made; it is
  noted (``frontier_found``, ``frontier_moves``) for the search to give as a hint.

Internal API of the package (the tests use it): ``MoveGenerator``.
"""

from __future__ import annotations

from typing import Iterator

from ..cards import KING, rank
from ..effects import Effect
from ..position import Position
from .arrangements import bared_parents
from .distance import distance_for
from .finish import win_line
from .proofs import LossProofs
from .settings import TECHNIQUES, Settings
from .shuffles import shuffle_steps
from .state import (CARDS_UP, FITS_ON, RANK, RED_SUIT, UNKNOWN_CARD, Deal, Keys, Need, Seen, State,
                    Successor, run_length, foundation_for, next_slots, raised)


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
        return win_line(self.rules, self.settings.techniques, state)

    def opening(self, start: State) -> tuple[State, list[str], Seen]:
        """``start`` after its safe foundation moves, those moves, and a table that holds it."""
        first_moves: list[str] = []
        opened = self.play_safe_moves(start, first_moves)
        key, stock_rank = self.keys.key(opened)
        return opened, first_moves, {(key, None): stock_rank}

    # ----- rules on solver states -------------------------------------------

    def goes_up_by_itself(self, foundations: tuple[tuple[int, int], ...], card: int) -> bool:
        """True when no card could ever need ``card`` as a base (every lower card of the other colour
        is up) nor its place on the foundation.  The sound search asks more: where cards can be
        taken back down, they could need it as a base again, so only an ace goes up by itself; and
        with two decks the place is the twin's too (sending one jack home first can leave the other
        on the ten its slot waits for), so a card goes up by itself only once its twin is up."""
        card_rank = RANK[card]
        if card_rank == 0:
            return True
        sound, decks = self.settings.sound, self.deal.decks
        if sound and self.rules.takeback:
            return False  # a card taken back down from the foundations could need it as a base
        if sound and decks > 1 and not any(slot_suit == card // 13 and height > card_rank
                                           for slot_suit, height in foundations):
            return False
        if card_rank == 1:
            return True
        red = RED_SUIT[card // 13]
        done = 0
        for slot_suit, height in foundations:
            if height >= card_rank and RED_SUIT[slot_suit] != red:
                done += 1
        return done == 2 * decks

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

    # ----- changing states -----------------------------------------------------

    def turn_up(self, columns: list[tuple[int, ...]], downs: list[int], i: int) -> bool:
        """Turn up the top hidden card of an emptied column; False if it is unknown (a frontier)."""
        if columns[i] or not downs[i]:
            return True
        card = self.deal.hidden[i][downs[i] - 1]
        if card == UNKNOWN_CARD:
            return False
        downs[i] -= 1
        columns[i] = (card,)
        return True

    def play_safe_moves(self, state: State, moves: list[str], up: dict[int, int] | None = None) -> State:
        """Apply safe foundation moves until none is left (never one that reveals an unknown card).
        ``up``: ``next_slots`` of the state's foundations, when the caller has it already."""
        if not self.settings.prune:
            return state
        columns_t, downs_t, talon, waste_size, pass_number, foundations = state
        slots = up if up is not None else next_slots(foundations)
        if not (any(column and column[-1] in slots for column in columns_t)
                or (self.rules.draw == 1 and waste_size and talon[waste_size - 1] in slots)):
            return state  # no card could go up: most states, so this is the first question
        columns, downs = list(columns_t), list(downs_t)
        hidden = self.deal.hidden
        played = len(moves)
        stale = False  # a card went up since ``slots`` was made
        changed = True
        while changed:
            changed = False
            if stale:
                slots, stale = next_slots(foundations), False
            for i, column in enumerate(columns):
                if column and column[-1] in slots and self.goes_up_by_itself(foundations, column[-1]):
                    slot = foundation_for(foundations, column[-1])
                    if slot < 0:
                        continue
                    if len(column) == 1 and downs[i] and hidden[i][downs[i] - 1] == UNKNOWN_CARD:
                        continue  # that would reveal a card: leave it as a choice for the search
                    columns[i] = column[:-1]
                    foundations = raised(foundations, slot, column[-1])
                    self.turn_up(columns, downs, i)
                    moves.append(f"t{i + 1}>f{slot + 1}")
                    changed = stale = True
            if stale:
                slots, stale = next_slots(foundations), False
            if self.rules.draw == 1 and waste_size and talon[waste_size - 1] in slots:
                card = talon[waste_size - 1]
                if self.goes_up_by_itself(foundations, card):
                    slot = foundation_for(foundations, card)
                    if slot >= 0:
                        talon = talon[: waste_size - 1] + talon[waste_size:]
                        waste_size -= 1
                        foundations = raised(foundations, slot, card)
                        moves.append(f"w>f{slot + 1}")
                        changed = stale = True
        if len(moves) == played:
            return state  # nothing went up: the same state, not a copy of it
        return State(tuple(columns), tuple(downs), talon, waste_size, pass_number, foundations)

    def waste_tops(self, state: State) -> Iterator[tuple[int, int, int]]:
        """(taps, waste size, pass) for every waste top reachable by tapping, the current one first."""
        _, _, talon, waste_size, pass_number, _ = state
        if waste_size:
            yield 0, waste_size, pass_number
        # Reaching a waste size again on a later pass is never better, so the walk lists each once.
        walk = self.deal.stock_walk(len(talon), waste_size, pass_number if self.rules.passes is not None else 0)
        hidden = UNKNOWN_CARD in talon
        for taps, drawn_from, reached, passes in walk:
            if hidden and UNKNOWN_CARD in talon[drawn_from:reached]:
                self.frontier_found = True
                self.frontier_moves.append(["s"] * taps)
                return
            yield taps, reached, pass_number + passes

    @staticmethod
    def meets_need(need: Need, src: int, dst: int, count: int) -> bool:
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

    def successors(self, state: State, need: Need, onto: int | None = None) -> list[Successor]:
        """Every move from ``state`` as (engine moves, next state, order rank, need); lower rank first.
        Merging arrangements (``Settings.merges_arrangements``), shuffles are left out, and the
        moves of the other arrangements are added (harp/solver/arrangements.py); ``onto``: only
        the moves that need column ``onto``'s top card bare (from it to a foundation, or onto
        it), unsorted."""
        columns, downs, talon, waste_size, pass_number, foundations = state
        out: list[Successor] = []
        rules, settings, deal = self.rules, self.settings, self.deal
        prune = settings.prune
        merging, every = settings.merges_arrangements, onto is None
        # Only quick searches ask a move to use the one before.
        needs = prune and not settings.sound and settings.needs_use
        allowed, space_takes = self.meets_need, deal.space_takes

        # A position can become blocked only where a way out is lost for good: a card going up
        # for good (no take-backs), or the last pass's waste growing.  Elsewhere covers only
        # lift and ways out only open, so a child of a position that is not blocked is not either.
        check_foundations = deal.thoughtful and "blocked" in settings.techniques and not rules.takeback
        check_waste = (deal.thoughtful and "blocked" in settings.techniques and rules.passes is not None)

        def finish(moves: list[str], after: State, order: Effect, then: Need = None) -> None:
            after = self.play_safe_moves(after, moves, up if after.foundations is foundations else None)
            if ((check_foundations and after.foundations != foundations)
                    or (check_waste and after.pass_number >= rules.passes  # type: ignore[operator]
                        and after.waste_size > 1
                        and (after.waste_size, after.pass_number) != (waste_size, pass_number))):
                if self.proofs.some_cards_never_move(after):
                    return  # lost: some cards can never move
            if then is not None and len(moves) > 1:
                then = None  # a safe foundation move followed: the obligation no longer fits
            out.append((moves, after, order, then if needs else None))

        if every:
            takers, spaces = self.targets(columns)
        else:  # only column ``onto`` takes a card, and no space does: every move below goes there
            assert onto is not None
            takers, spaces = {card: [onto] for card in FITS_ON[columns[onto][-1]]}, []
        up = next_slots(foundations)
        runs = [run_length(column) for column in columns]
        # Tableau tops to foundations, and tableau runs to other columns.
        for i, column in enumerate(columns):
            if not column:
                continue
            top = column[-1]
            slot = up.get(top, -1)
            if slot >= 0 and allowed(need, i, -1, 1) and (every or i == onto):
                cols, new_downs = list(columns), list(downs)
                cols[i] = column[:-1]
                if self.turn_up(cols, new_downs, i):
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
                    if not self.turn_up(cols, new_downs, i):
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
        tops = list(self.waste_tops(state))
        # Cards that could move next: a card put down only to receive one of these is worth trying.
        movable = {talon[reached - 1] for _, reached, _ in tops}
        if rules.takeback:  # a chain of take-backs reaches every foundation card
            for slot_suit, height in foundations:
                movable.update(CARDS_UP[slot_suit][height])
        for column, run in zip(columns, runs):
            movable.update(column[-run:])

        def may_receive(card: int) -> bool:
            return not prune or not movable.isdisjoint(FITS_ON[card])

        for taps, reached, pass_now in tops:
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
        if rules.takeback:
            for slot, (slot_suit, height) in enumerate(foundations):
                if not height:
                    continue
                card = slot_suit * 13 + height - 1
                if not every and card not in takers:
                    continue  # it would not go on column ``onto``
                if not any(may_receive(card - below) for below in range(height)):
                    continue  # neither this card nor one a chain of take-backs reaches could be built on
                for j in takers.get(card, []) + (spaces if spaces and space_takes(card, 1) else []):
                    if allowed(need, -2 - slot, j, 1):
                        cols = list(columns)
                        cols[j] = columns[j] + (card,)
                        new_foundations = list(foundations)
                        new_foundations[slot] = (slot_suit if height > 1 else deal.slot_suits[slot], height - 1)
                        after = State(tuple(cols), downs, talon, waste_size, pass_number, tuple(new_foundations))
                        out.append(([f"f{slot + 1}>t{j + 1}"], after, Effect.TAKES_BACK,
                                    ("onto", j, slot) if needs else None))
        if not every:
            return out
        if merging:
            for shuffle, bared, i in bared_parents(state, runs):
                noted = len(self.frontier_moves)
                out.extend(([shuffle] + moves, after, order, then)
                           for moves, after, order, then in self.successors(bared, None, i))
                self.frontier_moves[noted:] = [[shuffle] + moves for moves in self.frontier_moves[noted:]]
        # Closest to a win first; then the better effect; then fewer stock taps.
        distance = self.distance
        out.sort(key=lambda successor: (distance(successor[1]), successor[2], len(successor[0])))
        return out
