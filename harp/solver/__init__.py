"""A solver for every Harp-family game: WIN with a move list, proven LOSS, or UNKNOWN.

``solve`` answers at once; ``start_search`` gives a search to run in slices (the page's
hints), whose ``advance(n)`` returns the ``Result`` once there is one.  ``prove`` runs the
proof alone, for budgets far beyond the win-rate table's (measurements/solver-experiments.md).

**Fair mode** (the default) knows only what the player sees: face-up cards, the waste, and
after the first pass the whole stock (every stock card has been through the waste).  A move
that would turn up an unknown card is a *frontier*: the search does not look past it.  So
fair mode answers WIN only when a win needs no unknown card, LOSS when no sequence of moves
can win or reveal anything new, and otherwise UNKNOWN with the best move to make now.
**Thoughtful mode** knows every card; it measures winnability and certifies deals.  There
``solve`` first follows the engine's hint to the end, or until every card is face up and the
foundation-only finish wins (``playout``): cheap, and it wins most two-deck deals outright.

The modules, one job each (imports run down the list):

    result       the answer: ``Result``, ``WIN``, ``LOSS``, ``UNKNOWN``
    settings     the techniques and a search's frozen ``Settings``
    state        the card tables, ``State``, ``Deal`` and the ``Keys`` of searched positions
    proofs       the static loss proofs (``LossProofs``)
    distance     how far a position looks from a win
    finish       wins found without a search (the face-up finish)
    safe_moves   the foundation moves made at once, not searched (``SafeMoves``)
    shuffles     runs crossing one card at a time, as one move (technique "shuffles")
    arrangements the moves of every arrangement of runs on equal cards (technique "arrangements")
    moves        move generation and its pruning (``MoveGenerator``)
    first_moves  a search held to lines that begin with moves a hint may show (``FirstMovesAllowed``)
    search       what the three searches share (``SearchInSlices``)
    depth_first  the depth-first search (``DepthFirstSearch``)
    last_pass    the last-pass prover, an exhaustive search of the last pass (``LastPassProof``)
    best_first   the best-first search (``BestFirstSearch``)
    beam         the beam search (``BeamSearch``, technique "beam")
    easier_game  the easier game whose loss proves a loss (``EasierGame``)
    fixed_roots  the search of the easier game (``FixedRootsProof``, technique "fixed-roots")
    lines        the positions along a line of moves, for the restarts (``walk_line``)
    lineup       the searches a portfolio starts, by technique (``probes``, ``pairs``, ``to_build``...)
    portfolio    the searches taking turns on one budget, the proof and restarts (``Portfolio``)
    playout      the greedy playout
    stepped      work made of several searches, run in slices like one (``Stepped``)
    hints        the hint a player meets: fair, by imagined deals (``hint_move``, ``HintSearch``)
    way_back     the last winnable point of the player's line (``WayBackSearch``)

Why each technique is there, in figures: measurements/solver-experiments.md.
"""

from __future__ import annotations

import time

from ..position import Position
from .fixed_roots import FixedRootsProof
from .hints import Hint, HintSearch, hint_move
from .way_back import WayBack, WayBackSearch, last_winnable_point
from .last_pass import proof_for
from .moves import MoveGenerator
from .playout import greedy_playout
from .portfolio import Portfolio
from .result import LOSS, UNKNOWN, WIN, Result
from .stepped import portfolio
from .settings import TECHNIQUES

__all__ = ["LOSS", "TECHNIQUES", "UNKNOWN", "WIN", "Hint", "HintSearch", "Portfolio", "Result", "greedy_playout",
           "WayBack", "WayBackSearch", "hint_move", "last_winnable_point", "prove", "solve", "start_search"]


def start_search(game: Position, *, max_nodes: int | None = None, max_seconds: float | None = None,
                 thoughtful: bool = False, prune: bool = True, techniques: tuple[str, ...] = TECHNIQUES) -> Portfolio:
    """A search to run in slices with ``advance`` (for the page's hints); the options as for ``solve``."""
    return portfolio(game, thoughtful, max_nodes, max_seconds, prune, techniques)


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
    run = start_search(game, max_nodes=max_nodes, max_seconds=max_seconds, thoughtful=thoughtful,
                       prune=prune, techniques=techniques)
    while run.advance(1 << 30) is None:
        pass
    assert run.result is not None
    result = run.result
    result.seconds = time.perf_counter() - started
    return result


def prove(game: Position, *, max_nodes: int | None = None, max_seconds: float | None = None,
          prune: bool = True) -> Result:
    """The proof alone, in thoughtful mode, from ``game``'s position: the sound depth-first
    search (the last-pass prover in the last pass of a limited-pass game), with no quick search
    taking turns, after the fixed-roots proof (technique "fixed-roots": its easier game first,
    whose loss is the answer and whose lost positions the search then leaves out).  LOSS is a
    proof; WIN comes with its line; UNKNOWN once the budget is spent.

    ``solve`` gives the proof only some of its turns; this is for the long runs (millions of
    positions) that settle deals ``solve`` leaves unknown.  ``prune=False`` searches every line,
    with none of the pruning nor the techniques: far slower, a second check of a loss."""
    if game.is_won():
        return Result(WIN, thoughtful=True)
    started = time.perf_counter()
    generator = MoveGenerator.for_game(game, thoughtful=True, prune=prune, techniques=TECHNIQUES if prune else ())
    deal, easier_nodes = generator.deal, 0
    if prune and FixedRootsProof.applies(deal, deal.start):
        # First the easier game (technique "fixed-roots"): its loss is the answer; with one deck
        # the proof then leaves out the positions it found lost.
        easier = FixedRootsProof(deal, deal.start, generator.proofs)
        while easier.advance(1 << 12 if max_nodes is None else min(1 << 12, max_nodes + 1 - easier.nodes)) is None \
                and not easier.gave_up:
            if (max_nodes is not None and easier.nodes > max_nodes) or (
                    max_seconds is not None and time.perf_counter() - started > max_seconds):
                return Result(UNKNOWN, [], easier.nodes, time.perf_counter() - started, None, True)
        if easier.result is not None:
            easier.result.seconds = time.perf_counter() - started
            return easier.result
        easier_nodes = easier.nodes
    spent = time.perf_counter() - started
    search = proof_for(generator, deal.start, None if max_nodes is None else max(0, max_nodes - easier_nodes),
                       None if max_seconds is None else max(0.0, max_seconds - spent))
    while search.advance(1 << 16) is None:
        pass
    result = search.result
    assert result is not None
    result.nodes += easier_nodes
    result.seconds = time.perf_counter() - started
    return result
