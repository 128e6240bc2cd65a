"""The hint a player meets: a fair move that plays to win (``hint_move``, ``HintSearch``).

A hint may use only what the player has seen.  First the fair search looks for a line that
wins with no unseen card ("sure"), or proves that nothing can win or show anything new.
Short of that, the hint imagines deals: it deals the unseen cards again at random, so that
each deal agrees with everything the player has seen (``Position.resampled``), solves each one
briefly in thoughtful mode, and shows the first move that wins in the most of them.  That is
hindsight optimisation (Bjarnason, Fern and Tadepalli, ICAPS 2009): each imagined deal is
solved as if every card were known, and the move that most of them agree on is the one most
likely to keep the real deal winnable.  It imagines the same deals until a card is seen, so a
hint goes on with the line its last move began in them, rather than starting afresh each move.

Four rules keep the hint from going round in circles:

* it never leads back to a placement already on the game's line since a card was last turned
  up (``Position.placements_since_turn_up``): tapping round an unchanged talon, putting back
  what was just moved, and a card sent home then taken back are the common cases;
* it never undoes the game's last move;
* it solves the imagined deals only for lines that begin with a move it may show
  (``FirstMovesAllowed``): left free, a search can win one by tapping round the talon once
  more, and a hint that may not show that would give up on a deal that can be won;
* when no imagined deal is won, it shows the move that the most of their searches' most
  promising lines begin with (their "leads": the line that came closest to a win, by the
  solver's distance); with no lead either, it thinks again on a budget grown ``RETHINK``
  times, and then shows only a move that turns up a card or draws one not yet seen, else
  nothing: shifting cards that no deal even comes closer with would only wander.

``avoid`` names moves the hint must not show (the advisor passes the move that left the
winnable positions, after the player goes back to the last winnable point).

``HintSearch`` runs in slices like the solver's other searches (``advance(n)`` searches about n
more positions and returns the ``Hint`` once there is one), so the page never freezes;
``hint_move`` runs one to its end.  Both the page and ``python3 -m harp bench hints`` use it,
on a budget in nodes, so the same position gets the same hint everywhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Generator, Iterator
from dataclasses import dataclass, field

from ..effects import Effect, effect_of
from ..errors import IllegalMove
from ..position import Position
from .result import LOSS, WIN
from .stepped import Stepped, portfolio

# Imagined deals a one-deck hint solves; a two-deck hint solves half as many, since a playout
# through two decks costs about twice as much (measurements/bench-hints.txt: Harpan deals 1-60
# won 41 with 16, 37 with 8; Big Harp with 16 lost a deal that 8 won, at three times the time).
SAMPLES = 16
FAIR_SHARE = 2         # the fair search's budget: one part in FAIR_SHARE of the hint's
DEFAULT_NODES = 3000   # a hint's budget in nodes when none is given: the page's (docs/commands.md, "bench hints")
PLACEMENTS_STEP = 8    # placements of the line read between two looks at the budget
# When no imagined deal is won and none has a lead, the hint thinks again on a budget this
# many times as large (the whole hint's, counted from its start), before it gives up: a
# two-deck deal's imagined deals can need thousands of nodes each, and a give-up ends the
# player's game.  Not 16 times too: in Big Harp 1-30 that third round won no deal more and
# made the longest hint a minute on the phone profile.  Not where a lead is known: that
# thought again in 419 of Big Harp 1-30's hints, four times as long each, and won one deal
# more than without (18 of 29 against 17); in Gargantua 1-8 it won the same deals
# (measurements/bench-hints.txt).
RETHINK = (4,)


@dataclass
class Hint:
    """What the hint found.  ``move`` is None when no move helps (``lost``: the fair search
    proved that no line can win or turn up a card; else every move only goes round, or no
    imagined deal was won and no move shows a card)."""

    move: str | None
    sure: bool = False             # ``line`` wins without any unseen card
    line: list[str] = field(default_factory=list)
    samples: int = 0               # imagined deals solved
    wins: int = 0                  # of them, how many were won starting with ``move``
    leads: int = 0                 # with none won: how many came closest to a win starting with ``move``
    won_any: int = 0               # how many were won at all
    lost: bool = False
    rethought: int = 0             # times it thought again on a larger budget (``RETHINK``)
    nodes: int = 0
    seconds: float = 0.0

    def __repr__(self) -> str:
        how = "sure" if self.sure else "lost" if self.lost else f"{self.wins}/{self.samples}"
        return f"<Hint {self.move!r} {how} nodes={self.nodes}>"


def _settled(votes: Counter[str], samples_left: int) -> bool:
    """Whether the deals left could no longer change the leading move."""
    counts = sorted(votes.values(), reverse=True) + [0, 0]
    return counts[0] > counts[1] + samples_left


def candidate_moves(game: Position, avoid: Collection[str] = (),
                    been: set[tuple[object, ...]] | None = None) -> list[str]:
    """The legal moves a hint may show: none that leads back to a placement met since the
    last card was turned up (``been``, if already read), none that undoes the last move,
    none in ``avoid``."""
    if been is None:
        been = game.placements_since_turn_up()
    last = game.last_action
    back = None
    if last is not None and last != "s":
        done = game.parse_move(last)
        back = (done.dst, done.count, done.src)
    moves = []
    for move in game.legal_moves():
        if move in avoid:
            continue
        if back is not None and move != "s" and tuple(game.parse_move(move)) == back:
            continue
        twin = game.copy()
        twin.play(move)
        if twin.placement() not in been:
            moves.append(move)
    return moves


class HintSearch(Stepped[Hint]):
    """One hint, searched in slices: ``advance(n)`` returns the ``Hint`` once it is found."""

    def __init__(self, game: Position, *, max_nodes: int | None = None, max_seconds: float | None = None,
                 seed: int = 0, avoid: Collection[str] = (), samples: int | None = None) -> None:
        super().__init__()
        self.game = game.copy()
        self.max_nodes = DEFAULT_NODES if max_nodes is None and max_seconds is None else max_nodes
        self.max_seconds = max_seconds
        self.samples = max(1, SAMPLES // game.rules.decks) if samples is None else samples
        # The same imagined deals until a card is seen: the rng's seed names what the player has
        # seen (cards are only ever turned up, so along a game its count of unseen cards does),
        # and the unseen cards' places stay in the same order until one of them is seen.  A
        # deal that a hint's move won still wins a move later, so the next hint goes on with
        # its line instead of starting afresh on new deals (the same position also gets the
        # same imagined deals in CPython and in the page).
        self.rng = random.Random(f"{seed}:{game.code}:{len(game.unseen_cards())}")
        self.avoid = frozenset(avoid)

    def advance(self, budget: int) -> Hint | None:
        hint = super().advance(budget)
        if hint is not None:
            hint.nodes, hint.seconds = self.nodes, self.seconds
        return hint

    def _share(self, part: float) -> tuple[int | None, float | None]:
        nodes = None if self.max_nodes is None else max(1, int(self.max_nodes * part))
        seconds = None if self.max_seconds is None else self.max_seconds * part
        return nodes, seconds

    def _sample_budget(self, samples_left: int, scale: int = 1) -> tuple[int | None, float | None]:
        """An even share of what is left of the budget grown ``scale`` times (what the fair
        search or an earlier deal did not use goes to the later ones)."""
        nodes = None if self.max_nodes is None else max(1, (self.max_nodes * scale - self.nodes) // samples_left)
        seconds = (None if self.max_seconds is None
                   else max(0.0, self.max_seconds * scale - self.seconds) / samples_left)
        return nodes, seconds

    def _work(self) -> Iterator[None]:
        game = self.game
        been: set[tuple[object, ...]] = set()
        for placement in game.placements_back():
            been.add(placement)
            self.spend(1)
            if len(been) % PLACEMENTS_STEP == 0:
                yield
        candidates = candidate_moves(game, self.avoid, been) if not game.is_won() else []
        yield
        if not candidates:
            self.result = Hint(None)
            return
        nodes, seconds = self._share(1 / FAIR_SHARE if self.samples else 1.0)
        fair = portfolio(game, False, nodes, seconds)
        yield from self.run_search(fair)
        found = fair.result
        assert found is not None
        line = without_round_trips(game, found.moves) if found.verdict == WIN else []
        if line and line[0] in candidates:
            self.result = Hint(line[0], sure=True, line=line)
            return
        if found.verdict == LOSS:
            self.result = Hint(None, lost=True)
            return
        scales = (1, *RETHINK)
        for scale in scales:
            votes, leads, won_any, tried = yield from self._imagine(candidates, scale)
            if votes or leads:
                break
        self.result = self._choose(candidates, votes, leads, found.best_move)
        self.result.samples, self.result.won_any, self.result.rethought = tried, won_any, scales.index(scale)

    def _imagine(self, candidates: list[str], scale: int) -> Generator[
            None, None, tuple[Counter[str], Counter[str], int, int]]:
        """Solve the imagined deals, each on an even share of what is left of the budget
        grown ``scale`` times: the votes of the candidates, their leads (the first moves of
        the most promising lines of the deals neither won nor proven lost), how many deals
        were won, how many were solved."""
        votes: Counter[str] = Counter()
        leads: Counter[str] = Counter()
        won_any = tried = 0
        for done in range(self.samples):
            tried += 1
            nodes, seconds = self._sample_budget(self.samples - done, scale)
            line = yield from self.solve_in_slices(self.game.resampled(self.rng), nodes, seconds, candidates)
            if line:
                won_any += 1
                if line[0] in candidates:
                    votes[line[0]] += 1
            elif self.last_lead in candidates:
                leads[self.last_lead] += 1
            if _settled(votes, self.samples - done - 1):
                break
        return votes, leads, won_any, tried

    def _choose(self, candidates: list[str], votes: Counter[str], leads: Counter[str], best: str | None) -> Hint:
        """The move most imagined deals were won by; with no votes, the one most of them came
        closest with; with neither, a move that shows a card (the fair search's most
        promising one if it does, else the one that does most, ``harp.Effect``), else none."""
        order = {move: i for i, move in enumerate(candidates)}
        if best in order:
            order[best] = -1                            # ties go to the fair search's choice
        if votes:
            move = max(votes, key=lambda each: (votes[each], -order[each]))
            return Hint(move, wins=votes[move])
        if leads:
            move = max(leads, key=lambda each: (leads[each], -order[each]))
            return Hint(move, leads=leads[move])
        revealing = [move for move in candidates if self._reveals(move)]
        if best in revealing:
            return Hint(best)
        if revealing:
            return Hint(min(revealing, key=lambda move: effect_of(self.game, move)))
        return Hint(None)

    def _reveals(self, move: str) -> bool:
        """Whether ``move`` turns up a face-down card or draws a card not yet seen."""
        if move == "s":
            return self.game.pass_number == 1 and bool(self.game.stock)
        return effect_of(self.game, move) is Effect.UNCOVERS


def without_round_trips(game: Position, line: list[str]) -> list[str]:
    """``line`` from ``game``'s position without each move that only brings back the placement
    before the move just made, and that move (a king sent home to a space and taken back to
    it: a search's safe foundation move, then a take-back; a player shown it sees a hint
    undone).  The line as it was, if what is left does not win."""
    twin, kept = game.copy(), list[str]()
    placements = [twin.placement()]
    for move in line:
        twin.play(move)
        placement = twin.placement()
        if len(placements) > 1 and placement == placements[-2]:
            kept.pop()
            placements.pop()
        else:
            kept.append(move)
            placements.append(placement)
    check = game.copy()
    try:
        for move in kept:
            check.play(move)
    except IllegalMove:
        return list(line)
    return kept if check.is_won() else list(line)


def hint_move(game: Position, *, max_nodes: int | None = None, max_seconds: float | None = None,
              seed: int = 0, avoid: Collection[str] = ()) -> str | None:
    """The move the page's Hint shows from ``game``'s position (fair: it never uses a card the
    player has not seen), or None when no move helps.  With no budget given, the page's own
    (``DEFAULT_NODES``).  The same position, budget in nodes and seed give the same move."""
    search = HintSearch(game, max_nodes=max_nodes, max_seconds=max_seconds, seed=seed, avoid=avoid)
    while (hint := search.advance(1 << 16)) is None:
        pass
    return hint.move
