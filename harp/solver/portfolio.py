"""The portfolio: quick searches, the proof and restarts taking turns on one budget.

Two quick searches take turns (``Portfolio``): the depth-first one, which commits to its first
choices, and the best-first one, which always goes on from the open position closest to a
win.  Each wins deals the other misses.  A second such pair takes turns with the first, with
a distance that weighs deep columns more (technique "deep-columns"), and for their first
positions depth-first ones without "put down only to pick up" (technique "any-order"); with
two decks and take-backs, depth-first and best-first ones that take a card back only to build
on it (technique "take-back-to-build").  Their wins stand, but their pruning can miss a line,
so when one of them runs out of positions its turns go to the proof, a depth-first search with
sound pruning (``Settings.sound``), and only that one running out proves a loss
(``Settings.proves_losses``).

In thoughtful mode, searches also start afresh from the best position reached so far
(technique "restarts"): a win from there is the line to it plus theirs.

Internal API of the package (the tests use it): ``Portfolio``.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import replace
from operator import itemgetter
from typing import Any

from . import lineup
from .beam import BeamSearch
from .best_first import BestFirstSearch
from .depth_first import DepthFirstSearch
from .fixed_roots import FixedRootsProof
from .last_pass import proof_for
from .lineup import AnySearch
from .lines import walk_line
from .moves import MoveGenerator
from .result import LOSS, UNKNOWN, WIN, Result
from .state import State


class Portfolio:
    """The quick searches, taking turns on one budget.  ``advance(n)`` gives n nodes to the
    search whose turn it is, so the page can run it in slices.

    The quick searches are a depth-first and a best-first search (``Settings.sound`` off), and
    (technique "deep-columns") a second such pair whose distance weighs deep columns more.
    Where "shuffles" applies, the ``probes`` (technique "probes") go first: both pairs as
    they were without it, each search for PROBE_NODES positions.  With technique "any-order"
    depth-first searches without the needs of "put down only to pick up", one by each
    distance, take turns for their first ANY_ORDER_NODES positions each.  With two decks and
    take-backs (technique "take-back-to-build"), a depth-first and a best-first search more,
    by the proof's pruning, that take a card back only with the moves that build on it (the
    depth-first one with turns of half a quantum), and with "deep-columns" a depth-first one
    more by that distance; they run out of positions where a card is needed down only to lay
    bare the one under it, so they too are quick searches.  A win from any of them is the
    answer.  One of them running out of positions proves nothing yet, since their pruning
    can miss a line; its turns then go to the proof, a depth-first search with sound pruning,
    whose running out of positions is the answer: lost.  With technique "early-proof" the
    proof takes turns of its own from the start as well, all along, and it is often the one
    that wins a hard deal.  The proof's turn is PROOF_QUANTA quanta of positions it expands
    (``_turn_length``), not of positions it meets: most of those it has met already, and
    they cost it little.  With one deck, ONE_DECK_PROOF_QUANTA: there the deals left late
    are the proof's (its losses, and wins the quick searches miss), and its longer turns
    cost their slow wins nothing measured (measurements/solver-experiments.md); with two
    decks they did.  With two decks, in thoughtful mode, a beam search (technique "beam") takes
    turns too, and the longest: BEAM_QUANTA quanta of positions it expands (about half the
    time), after a first turn of one quantum and a second of four, so that a deal the others win
    soon waits little.  It wins about half the deals the others leave unknown there, and it
    pays only with a large share of the time.  With one deck (Harpan) it is left out: the
    deals left late there are as often the proof's losses, and it took their time.  Beside it
    the proof's turns are PROOF_QUANTA_BESIDE_BEAM times as long: there the proof wins a third
    of the deals won late, and the beam's time would otherwise come mostly out of its."""

    QUANTUM = 512  # nodes a turn
    PROBE_NODES = 2048  # positions each probe may visit (technique "probes")
    RESTART_EVERY = 2048  # nodes between looks at the best position (technique "restarts")
    RESTART_NODES = 4096  # positions each restarted search may visit
    ANY_ORDER_NODES = 16_384  # positions each search without "put down only to pick up" may visit ("any-order")
    BEAM_QUANTA = 5  # the beam search's longest turn, in quanta of positions it expands
    PROOF_QUANTA_BESIDE_BEAM = 2  # the proof's turns are so many times longer where the beam runs
    PROOF_QUANTA = 4  # a turn of the proof, in quanta of positions it expands
    ONE_DECK_PROOF_QUANTA = 24  # the same, with one deck
    STEP = 4 * QUANTUM  # the most nodes a search is given at once, between looks at the clock
    BEAM_STEP = QUANTUM // 8  # the same for the beam search, whose nodes are positions expanded
    BACK_OFF = 4  # steps back along the line to a root below which every position was searched, the first time

    def __init__(self, generator: MoveGenerator, max_nodes: int | None, max_seconds: float | None) -> None:
        settings, techniques, start = generator.settings, generator.settings.techniques, generator.deal.start
        quick = replace(settings, sound=False)  # (the searches of a pair share one generator, as their notes)
        deep_columns = (False, True) if "deep-columns" in techniques else (False,)
        self.probes = lineup.probes(generator, quick, deep_columns)
        self.quick_searches: list[AnySearch] = self.probes + lineup.pairs(generator, quick, deep_columns)
        # Turns that end after so many positions (probes, "any-order", the early proof, restarts).
        self.own_nodes: dict[AnySearch | FixedRootsProof, int] = {probe: self.PROBE_NODES for probe in self.probes}
        for any_order_search in lineup.any_order(generator, quick, deep_columns):
            self.quick_searches.append(any_order_search)
            self.own_nodes[any_order_search] = self.ANY_ORDER_NODES
        rules = generator.rules
        self.proof_quanta = self.ONE_DECK_PROOF_QUANTA if rules.decks == 1 else self.PROOF_QUANTA
        self.to_build = lineup.to_build(generator)
        self.half_turns: list[AnySearch] = self.to_build[:1]  # searches whose turns are half a quantum
        self.quick_searches += self.to_build
        self.beam: BeamSearch | None = None
        self.beam_turn = self.QUANTUM // 4  # its last turn's length: the first is a quantum
        if "beam" in techniques and settings.prune and rules.decks > 1 and generator.deal.thoughtful:
            self.beam = BeamSearch(generator.with_settings(quick), start)
            self.quick_searches.append(self.beam)
            self.proof_quanta *= self.PROOF_QUANTA_BESIDE_BEAM
        self.proof_generator = generator
        self.proof: DepthFirstSearch | None = None
        self.turns: list[AnySearch | FixedRootsProof] = list(self.quick_searches)
        if "early-proof" in techniques:  # the proof's own turns, from the start
            self.proof = proof_for(generator, start)  # (the last-pass prover where it applies)
            self.turns.append(self.proof)
        self.fixed_roots = lineup.fixed_roots(generator)
        if self.fixed_roots is not None:
            self.turns.append(self.fixed_roots)
        self._start_restarts(generator)
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.turn = 0  # which of ``turns`` has the turn
        self.used = 0  # nodes spent in this turn: turns are whole, however the caller slices
        self.quantum = self.QUANTUM  # nodes in this turn
        self.result: Result | None = None
        for search in self.turns:
            if not isinstance(search, FixedRootsProof):  # (it has no answer before its first turn)
                self.result = self.result or self._answer(search, search.result)

    def _start_restarts(self, generator: MoveGenerator) -> None:
        """Technique "restarts": searches started afresh from the best position found so far,
        each with the moves that lead there from the start."""
        self.restarts: dict[AnySearch, list[str]] = {}
        self.restarts_on = generator.deal.thoughtful and "restarts" in generator.settings.techniques
        self.next_restart = self.RESTART_EVERY
        self.restart_distance = generator.distance(generator.deal.start)
        # The latest restart's moves and line from the start; whether a search from there has
        # searched every position below it without a win; how many steps back it went.
        self.latest_root: tuple[MoveGenerator, list[str]] | None = None
        self.latest_root_dead = False
        self.back_off = 0
        # The walk along the latest root's dead line, to go back along it, and the positions
        # walked so far (no search takes a turn meanwhile, so the latest root stays the same);
        # and how many steps all such walks took.
        self.going_back: tuple[Iterator[tuple[State, int]], list[tuple[State, int]]] | None = None
        self.walked = 0

    @property
    def nodes(self) -> int:
        fixed_roots = self.fixed_roots.nodes if self.fixed_roots else 0
        return sum(search.nodes for search in self.all_searches()) + self.walked + fixed_roots

    def all_searches(self) -> list[AnySearch]:
        """Every search the portfolio has started: the quick ones, the proof, and the restarted ones."""
        return self.quick_searches + ([self.proof] if self.proof else []) + list(self.restarts)

    def _drop(self, search: AnySearch | FixedRootsProof) -> None:
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
        measure = self.proof_generator.distance
        # (Not from the searches by the proof's pruning: restarted as the search that takes back
        # only to build, searches lost deals that quick searches restarted won, Easy Harp 106.)
        candidates = [(measure(each.best_state), n, each) for n, each in enumerate(self.turns)
                      if not isinstance(each, FixedRootsProof) and not each.settings.sound
                      and each.best_state is not None]
        if not candidates:
            return
        distance, _, leader = min(candidates, key=itemgetter(0, 1))
        root = leader.best_state
        if root is not None and distance < self.restart_distance:
            self.restart_distance, self.back_off, self.going_back = distance, 0, None
            self._restart_from(leader.generator, root, self.restarts.get(leader, []) + leader.best[1])
        elif self.latest_root_dead:
            self._back_off()

    def _restart_from(self, generator: MoveGenerator, root: State, prefix: list[str]) -> None:
        """A depth-first and a best-first search from ``root``, which ``prefix`` leads to from the
        start, searching as ``generator`` does (from the any-order search's best position, without
        the needs too); they take the turns of any restarted searches still going."""
        for search in [each for each in self.turns if each in self.restarts]:
            self._drop(search)
        self.latest_root, self.latest_root_dead = (generator, prefix), False
        fresh = generator.with_settings(generator.settings)  # (frontier notes of their own)
        for search in (DepthFirstSearch(fresh, root), BestFirstSearch(fresh, root)):
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
        generator, line = self.latest_root
        self.latest_root_dead = False
        self.back_off = max(self.BACK_OFF, 2 * self.back_off)
        self.going_back = (walk_line(generator, self.proof_generator.deal.start, line), [])

    def _go_back(self, budget: int) -> None:
        """Follow the dead line up to ``budget`` steps on; at its end, restart back along it."""
        assert self.going_back is not None and self.latest_root is not None
        (generator, line), (walk, steps) = self.latest_root, self.going_back
        taken = len(steps)
        steps.extend(itertools.islice(walk, budget))
        self.walked += len(steps) - taken
        if len(steps) - taken == budget:
            return  # (more to follow in the next slice)
        self.going_back = None
        if len(steps) >= 2:
            root, done = steps[max(0, len(steps) - 1 - self.back_off)]
            self._restart_from(generator, root, line[:done])

    def _turn_length(self) -> int:
        """Nodes in the turn about to start: one quantum; half a quantum for the depth-first
        search that takes back only to build (``half_turns``); the proof's, ``proof_quanta``
        quanta of positions it expands.  Most positions the proof meets it has met already and
        only looks up, so a turn counted in positions met would give it less and less work as
        it goes deeper; its turn is scaled by its own positions met per position expanded so
        far."""
        if self.going_back is not None:
            return self.QUANTUM
        search, proof = self.turns[self.turn], self.proof
        if search in self.half_turns:
            return self.QUANTUM // 2
        if search is self.beam:  # (its turns grow, so that a deal the others win soon waits less)
            self.beam_turn = min(4 * self.beam_turn, self.QUANTUM * self.BEAM_QUANTA)
            return self.beam_turn
        if isinstance(search, FixedRootsProof):
            return self.QUANTUM * self.proof_quanta
        if proof is None or search is not proof:
            return self.QUANTUM
        return self.QUANTUM * self.proof_quanta * max(proof.nodes, proof.expanded) // max(1, proof.expanded)

    def advance(self, budget: int) -> Result | None:
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        while budget > 0 and self.result is None:
            if self.used == 0:
                self.quantum = self._turn_length()
            quantum = self.quantum
            step = self.BEAM_STEP if self.going_back is None and self.turns[self.turn] is self.beam else self.STEP
            take = min(budget, quantum - self.used, step)  # (the clock is read after each step)
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
                if self.used >= quantum:
                    self.turn, self.used = (self.turn + 1) % len(self.turns), 0
                    if found is None and search.nodes >= self.own_nodes.get(search, search.nodes + 1):
                        del self.own_nodes[search]
                        self._drop(search)  # a probe, an any-order search or a restart done
                    if self.restarts_on and self.nodes >= self.next_restart:
                        self.next_restart = self.nodes + self.RESTART_EVERY
                        self._restart()
                if isinstance(search, FixedRootsProof):
                    found = self._fixed_roots_answer(search, found)
                elif search in self.restarts:
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

    def _fixed_roots_answer(self, search: FixedRootsProof, found: Result | None) -> Result | None:
        """The fixed-roots proof's loss is the answer; once it has won the easier game, which
        proves nothing, it leaves the turns, and every search leaves out the positions it
        found lost (``FixedRootsProof.lost``, which it gives the searches' ``LossProofs``)."""
        if found is None and search.gave_up and search in self.turns:
            self._drop(search)
            self.used = 0
        return found

    def _restart_answer(self, search: AnySearch, found: Result | None) -> Result | None:
        """A restarted search's win, as a line from the start; anything else it finds (it ran out
        of positions) proves nothing about the deal, so it just leaves the turns, and, if it
        started from the latest root, the next restart goes back along that line."""
        if found is None:
            return None
        if found.verdict == WIN:
            line = self.restarts[search] + found.moves
            return Result(WIN, line, 0, 0.0, line[0] if line else None, self.proof_generator.deal.thoughtful)
        if search in self.turns:  # (one that a newer restart replaced has left them already)
            self._drop(search)
            self.used = 0
        if self.latest_root is not None and self.restarts[search] is self.latest_root[1]:
            self.latest_root_dead = True  # every position below it was searched
        return None

    def _answer(self, search: AnySearch, found: Result | None) -> Result | None:
        """What ``search`` found, as the answer: a quick search's loss (it ran out of positions,
        or its safe moves led to a static loss proof) hands its turns to the proof instead."""
        if found is None or found.verdict != LOSS or search.settings.proves_losses:
            return found
        if self.proof is None:
            self.proof = proof_for(self.proof_generator, self.proof_generator.deal.start)
        self.turns = [self.proof if each is search else each for each in self.turns]
        return self.proof.result

    def release(self, budget: int) -> bool:
        """Forget up to ``budget`` of the positions this search holds; True once it holds none.

        A search of a second or two holds hundreds of thousands of objects, and freeing them
        all at once takes tens of milliseconds (more on a phone).  A page frees them a few at a
        time between frames instead.  Call it only once the search is no longer advanced."""
        searches = self.all_searches()
        parts: list[list[Any]] = [part for each in searches for part in (
            [each.stack] if isinstance(each, DepthFirstSearch) else
            [each.open] if isinstance(each, BestFirstSearch) else each.release_parts())]
        tables: list[dict[Any, Any]] = [each.seen for each in searches]
        if self.fixed_roots is not None:
            parts.append(self.fixed_roots.stack)
            tables += self.fixed_roots.tables()
        for part in parts:
            while budget > 0 and part:
                part.pop()
                budget -= 1
        for table in tables:
            while budget > 0 and table:
                table.popitem()
                budget -= 1
        return not (any(parts) or any(tables))

    def _unknown(self) -> Result:
        """Out of budget: the most promising first move any search has seen.  (The deep-columns
        pair's distances are never lower than the first pair's for the same position, so its
        line is taken only when it got clearly further.)"""
        searches = self.all_searches()
        leader = min(searches, key=lambda each: each.best[0])
        best = self.restarts.get(leader, []) + leader.best[1]
        frontier = any(each.generator.frontier_found for each in searches)
        return Result(UNKNOWN, [], 0, 0.0, best[0] if best else None, self.proof_generator.deal.thoughtful, frontier)
