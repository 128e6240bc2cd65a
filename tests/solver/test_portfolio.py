"""The portfolio's techniques, each shown to win what the searches without it do not, or to
take its turns as it should: deep columns, probes, the early proof, the any-order searches,
restarts from the best position and their back-offs, and the best-first search's weighing of
distance against depth ("wide")."""

from __future__ import annotations

import pytest

import harp
from harp.solver import LOSS, TECHNIQUES, UNKNOWN, WIN, Portfolio, solve, start_search
from harp.solver.best_first import BestFirstSearch
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.lines import walk_line
from harp.solver.state import State
from solverkit import generator, replays_to_a_win, without


NO_PROBES = without("probes")
NO_RESTARTS = without("restarts")
NO_EARLY_PROOF = without("early-proof")
# Without "arrangements" too: with it, the searches win at once the deals these tests need unwon.
WITHOUT_ARRANGEMENTS = without("arrangements")
NO_ANY_ORDER = tuple(t for t in TECHNIQUES if t not in ("any-order", "arrangements", "beam"))
NO_BEAM_NOR_ARRANGEMENTS = tuple(t for t in WITHOUT_ARRANGEMENTS if t != "beam")
ADDED_SEARCHES = ("restarts", "early-proof", "any-order", "take-back-to-build", "fixed-roots",
                  "beam")  # techniques that add a search of their own
QUICK_ONLY = tuple(t for t in TECHNIQUES if t not in ADDED_SEARCHES + ("arrangements",))


@pytest.mark.parametrize("game_id, techniques, pairs", [
    ("easy-harp", NO_PROBES, 2),
    ("easy-harp", tuple(t for t in NO_PROBES if t != "deep-columns"), 1),
    ("gargantua", TECHNIQUES, 2),
])
def test_the_deep_columns_technique_adds_a_second_pair_of_quick_searches(
        game_id: str, techniques: tuple[str, ...], pairs: int) -> None:
    """The searches of the portfolio share its budget in turns, the second pair ordered by the
    deep-columns distance.  (Without restarts and the early proof, which add searches of their own.)"""
    game = harp.Game.new(game_id, deal=4 if game_id == "easy-harp" else 3)
    techniques = tuple(t for t in techniques if t in QUICK_ONLY)
    run = start_search(game, max_nodes=6000, thoughtful=True, techniques=techniques)
    assert len(run.quick_searches) == 2 * pairs
    assert [each.settings.deep_columns for each in run.quick_searches] == [False] * 2 + [True] * (2 * pairs - 2)
    assert all(not each.settings.sound for each in run.quick_searches)
    while run.advance(500) is None:
        pass
    assert run.result.verdict == UNKNOWN  # the deal is not won in 6,000 positions
    # Turns of 512 positions go round every search.
    assert all(abs(each.nodes - 6000 / (2 * pairs)) <= Portfolio.QUANTUM for each in run.quick_searches)
    assert run.result.nodes == sum(each.nodes for each in run.quick_searches) == 6001


def test_probes_take_their_positions_first_then_leave_the_turns_to_the_others() -> None:
    """Technique "probes": where cards move one at a time, the quick searches as they were
    before "shuffles" and "wide" take turns first, each for PROBE_NODES positions; then the
    two pairs share the rest."""
    game = harp.Game.new("easy-harp", deal=4)
    run = start_search(game, max_nodes=20_000, thoughtful=True, techniques=QUICK_ONLY)  # (restarts win it in 9,000)
    probes, pairs = run.quick_searches[:4], run.quick_searches[4:]
    assert probes == run.probes
    assert [type(each) for each in run.quick_searches] == [DepthFirstSearch, BestFirstSearch] * 4
    assert [each.settings.shuffles for each in run.quick_searches] == [False] * 4 + [True] * 4
    assert [each.settings.best_first_weight for each in probes] == [8] * 4
    assert [each.settings.deep_columns for each in run.quick_searches] == [False, False, True, True] * 2
    while run.advance(300) is None:  # slices that do not match the turns
        pass
    assert run.result.verdict == UNKNOWN  # the deal is not won in 20,000 positions
    assert all(each.nodes == Portfolio.PROBE_NODES for each in probes)
    assert run.turns == pairs
    left = 20_000 - 4 * Portfolio.PROBE_NODES
    assert all(abs(each.nodes - left / 4) <= Portfolio.QUANTUM for each in pairs)
    assert run.result.nodes == sum(each.nodes for each in run.quick_searches) == 20_001
    assert len(start_search(harp.Game.new("gargantua", deal=3), max_nodes=100, thoughtful=True,
                            techniques=QUICK_ONLY).quick_searches) == 4, "no probes where runs move whole"


def test_a_probe_wins_what_the_shuffling_searches_find_late() -> None:
    """Easy Harp deal 131: the probe without shuffles wins it in a few hundred positions; the
    searches with them have not in 5,000 (in 10 s they did not).  (The search that takes back
    only to build wins it within 5,000 too, so that one is left out of the second run.)"""
    game = harp.Game.new("easy-harp", deal=131)
    found = solve(game, thoughtful=True, max_nodes=1000)
    assert found.verdict == WIN
    for move in found.moves:
        game.play(move)
    assert game.is_won()
    assert solve(harp.Game.new("easy-harp", deal=131), thoughtful=True, max_nodes=5000,
                 techniques=tuple(t for t in NO_PROBES if t != "take-back-to-build")).verdict == UNKNOWN


def test_the_proof_takes_turns_from_the_start_and_wins_what_the_quick_searches_miss() -> None:
    """Technique "early-proof": the proof, whose sound pruning has no "put down only to pick
    up", takes a turn of its own from the start.  It wins Gargantua deal 6 within the
    portfolio's first 4,000 positions; without it (nor the beam search, which wins it too) the
    portfolio has not won it in 10,000."""
    game = harp.Game.new("gargantua", deal=6)
    run = start_search(game, max_nodes=4_000, thoughtful=True)
    assert run.proof is not None and run.proof.settings.sound and run.proof in run.turns
    while run.advance(300) is None:
        pass
    assert run.result.verdict == WIN and replays_to_a_win(game, run.result.moves)
    assert run.result is run.proof.result, "won by the proof"
    neither = tuple(t for t in NO_EARLY_PROOF if t != "beam")
    assert solve(game, thoughtful=True, max_nodes=10_000, techniques=neither).verdict == UNKNOWN


@pytest.mark.slow
@pytest.mark.parametrize("game_id, deal, techniques, positions", [
    ("gargantua", 51, TECHNIQUES, 70_000),
    ("gargantua", 51, WITHOUT_ARRANGEMENTS, 70_000),
    ("easy-harp", 51, TECHNIQUES, 70_000),
    ("harpan", 2, TECHNIQUES, 150_000),
])
def test_the_proof_keeps_its_own_turns_all_along_each_of_so_many_quanta_of_positions_it_expands(
        game_id: str, deal: int, techniques: tuple[str, ...], positions: int) -> None:
    """Technique "early-proof": the proof keeps turns of its own all along, against one quantum
    for each quick search.  Its turn is PROOF_QUANTA quanta of positions it expands, with one
    deck ONE_DECK_PROOF_QUANTA, and where the beam search runs PROOF_QUANTA_BESIDE_BEAM times
    PROOF_QUANTA: most of the positions it meets it has met already, so each turn
    meets as many more as it has met per position expanded so far (these deals are left
    unknown; stepped a node at a time to see where each turn begins and ends; 70,000
    positions, so that with the search that takes back only to build among the turns the
    proof still has three whole turns in Easy Harp deal 51, two of its longer ones beside the
    beam; with one deck 150,000, for two of its longer turns)."""
    run = start_search(harp.Game.new(game_id, deal=deal), max_nodes=positions, thoughtful=True, techniques=techniques)
    proof = run.proof
    assert proof is not None and proof in run.turns
    one_deck = harp.GAMES[game_id].decks == 1
    beside_beam = Portfolio.PROOF_QUANTA_BESIDE_BEAM if run.beam is not None else 1  # (technique "beam")
    assert (run.beam is not None) == (not one_deck)
    assert run.proof_quanta == (Portfolio.ONE_DECK_PROOF_QUANTA if one_deck else Portfolio.PROOF_QUANTA * beside_beam)
    proof_turn = run.proof_quanta * Portfolio.QUANTUM
    turns: list[tuple[int, int, int]] = []  # each whole turn of the proof: nodes, expanded before it; nodes in it
    before = (proof.nodes, proof.expanded)
    while run.advance(1) is None:
        if proof.nodes > before[0] and run.turns[run.turn] is not proof:  # (its turn just ended)
            turns.append((*before, proof.nodes - before[0]))
        if run.turns[run.turn] is not proof:
            before = (proof.nodes, proof.expanded)
    assert run.result.verdict == UNKNOWN and len(turns) >= (2 if one_deck or run.beam else 3)
    assert all(length == proof_turn * nodes // expanded if nodes > expanded else proof_turn
               for nodes, expanded, length in turns)
    assert turns[-1][2] > 2 * proof_turn  # (deep in, it meets positions again more than it expands new ones)
    steady = [each for each in run.quick_searches  # (probes and any-order ones leave; the beam has turns of its own)
              if each in run.turns and each is not run.beam]
    assert steady and all(each.nodes <= len(turns) * Portfolio.QUANTUM + Portfolio.QUANTUM for each in steady)


def test_a_quick_search_that_runs_out_hands_its_turns_to_the_proof() -> None:
    """Harpan deal 259 is lost: quick searches run out of positions, and the proof, with their
    turns, proves it."""
    lost = harp.Game.new("harpan", deal=259)
    run = start_search(lost, max_nodes=20_000, thoughtful=True, techniques=NO_RESTARTS)
    while run.advance(300) is None:
        pass
    assert run.result.verdict == LOSS and run.result is run.proof.result
    ran_out = [each for each in run.quick_searches if each.result is not None]
    assert ran_out and run.proof in run.turns and not any(each in run.turns for each in ran_out)


def test_the_any_order_searches_win_a_line_that_needs_two_preparations_for_one_move() -> None:
    """Technique "any-order": depth-first quick searches without "put down only to pick up"
    (one by each distance) win Gargantua deal 846 within 5,000 positions of the portfolio (one
    of them, or a restart from the best position one reached, which searches as it does);
    without them the portfolio has not won it in 20,000.  (All without "arrangements", with
    which the searches win it at once, nor the beam search, which wins it too.)"""
    game = harp.Game.new("gargantua", deal=846)
    run = start_search(game, max_nodes=5_000, thoughtful=True, techniques=NO_BEAM_NOR_ARRANGEMENTS)
    any_order = [each for each in run.quick_searches if not each.settings.needs_use]
    assert all(isinstance(each, DepthFirstSearch) and not each.settings.sound for each in any_order)
    assert [each.settings.deep_columns for each in any_order] == [False, True], "one by each distance"
    assert run.quick_searches[-2:] == any_order
    while run.advance(300) is None:
        pass
    assert run.result.verdict == WIN and replays_to_a_win(game, run.result.moves)
    winner = next(each for each in run.all_searches() if each.result is not None and each.result.verdict == WIN)
    assert not winner.settings.needs_use, "won by one, or by a restart from the best position one reached"
    assert solve(game, thoughtful=True, max_nodes=20_000, techniques=NO_ANY_ORDER).verdict == UNKNOWN


def test_the_any_order_searches_leave_the_turns_after_their_positions(monkeypatch) -> None:
    """After ANY_ORDER_NODES positions the any-order searches leave the turns to the others."""
    monkeypatch.setattr(Portfolio, "ANY_ORDER_NODES", 1024)
    game = harp.Game.new("gargantua", deal=1)
    run = start_search(game, max_nodes=8_000, thoughtful=True, techniques=QUICK_ONLY + ("any-order",))
    any_order = run.quick_searches[-2:]
    assert not any(each.settings.needs_use for each in any_order) and run.turns == run.quick_searches
    while run.advance(300) is None:
        pass
    assert run.result.verdict == UNKNOWN
    assert all(each.nodes == 1024 and each not in run.turns for each in any_order)
    assert all(abs(each.nodes - (8_000 - 2 * 1024) / 4) <= Portfolio.QUANTUM for each in run.turns)
    assert run.result.nodes == sum(each.nodes for each in run.quick_searches) == 8_001


def restart_pairs(run: Portfolio) -> list[tuple[list[str], int]]:
    """Each restart's line from the start, and how far its root is from a win (plain distance)."""
    searches = list(run.restarts)
    assert [type(each) for each in searches] == [DepthFirstSearch, BestFirstSearch] * (len(searches) // 2)
    return [(run.restarts[each], run.proof_generator.distance(each.start)) for each in searches[::2]]


def leads_to(game: harp.Game, prefix: list[str], state: State) -> bool:
    there = game.copy()
    for move in prefix:
        there.play(move)
    return generator(there).deal.start == state


def test_a_restart_from_the_best_position_wins_what_the_searches_from_the_start_do_not() -> None:
    """Technique "restarts": Big Harp deal 12 is not won in 12,000 positions from the start, but
    the depth-first and best-first searches started afresh, every 2,048, from the best position
    reached so far win it; the line to that position plus theirs replays to a win.  (All
    without "arrangements", with which the searches win it at once.)"""
    game = harp.Game.new("big-harp", deal=12)
    techniques = WITHOUT_ARRANGEMENTS
    run = start_search(game, max_nodes=10_000, thoughtful=True, techniques=techniques)
    while run.advance(300) is None:
        pass
    assert run.result.verdict == WIN and replays_to_a_win(game, run.result.moves)
    pairs = len(run.restarts) // 2
    assert pairs >= 1 and [type(each) for each in run.restarts] == [DepthFirstSearch, BestFirstSearch] * pairs
    for search, prefix in run.restarts.items():
        assert leads_to(game, prefix, search.start), "the prefix leads to where it restarted"
    assert any(run.result.moves[:len(prefix)] == prefix for prefix in run.restarts.values()), "won by a restart"
    easier_game = run.fixed_roots.nodes if run.fixed_roots else 0  # (technique "fixed-roots")
    assert run.result.nodes == sum(each.nodes for each in run.all_searches()) + easier_game <= 10_001
    no_restarts = tuple(t for t in techniques if t != "restarts")
    assert solve(game, thoughtful=True, max_nodes=12_000, techniques=no_restarts).verdict == UNKNOWN


def test_restarts_go_from_ever_better_positions_or_back_along_a_dead_line(monkeypatch) -> None:
    """Each restart starts from a position closer to a win than any before, or, once the
    last one's searches are done without a win, from earlier on its line; a new restart
    takes the turns of the one before."""
    monkeypatch.setattr(Portfolio, "RESTART_EVERY", 700)
    monkeypatch.setattr(Portfolio, "RESTART_NODES", 1024)
    game = harp.Game.new("gargantua", deal=6)
    run = start_search(game, max_nodes=8_000, thoughtful=True, techniques=NO_EARLY_PROOF)  # (the early proof wins it)
    while run.advance(300) is None:
        pass
    assert run.result.verdict == UNKNOWN
    pairs = restart_pairs(run)
    closest, back_offs = pairs[0][1], 0
    for (before, _), (line, distance) in zip(pairs, pairs[1:]):
        if distance < closest:
            closest = distance
        else:
            assert len(line) < len(before) and before[:len(line)] == line, "a back-off goes back along the line"
            back_offs += 1
    assert len(pairs) >= 3 and back_offs >= 1
    for search, prefix in run.restarts.items():
        assert leads_to(game, prefix, search.start), "the prefix leads to where it restarted"
        assert (search in run.turns) == (prefix is pairs[-1][0] and search.nodes < 1024 and search.result is None)
    assert run.walked > 0, "going back follows the line, step by step, on the budget"
    easier_game = run.fixed_roots.nodes if run.fixed_roots else 0  # (technique "fixed-roots")
    assert run.result.nodes == sum(each.nodes for each in run.all_searches()) + run.walked + easier_game == 8_001
    # Fair mode does not restart: the best line there can stop at a card it cannot see.
    assert not start_search(game, max_nodes=100).restarts_on


def back_offs(run: Portfolio) -> list[tuple[list[str], list[str]]]:
    """(the dead line, the line restarted from) of each restart that went back along the line
    of the one before: a restart from a closer position never does (every position on the way
    to it was further from a win)."""
    lines = [run.restarts[each] for each in list(run.restarts)[::2]]
    return [(dead, line) for dead, line in zip(lines, lines[1:]) if len(line) < len(dead) and dead[:len(line)] == line]


def test_each_back_off_goes_twice_as_far_back_as_the_last(monkeypatch) -> None:
    monkeypatch.setattr(Portfolio, "RESTART_EVERY", 700)
    monkeypatch.setattr(Portfolio, "RESTART_NODES", 1024)
    game = harp.Game.new("gargantua", deal=5)
    run = start_search(game, max_nodes=20_000, thoughtful=True, techniques=WITHOUT_ARRANGEMENTS)  # (else won at once)
    while run.advance(300) is None and len(back_offs(run)) < 2:
        pass
    taken = back_offs(run)
    moves, start = run.quick_searches[-1].generator, run.proof_generator.deal.start
    steps_back = [len(list(walk_line(moves, start, dead))) - len(list(walk_line(moves, start, line)))
                  for dead, line in taken]
    assert steps_back[:2] == [Portfolio.BACK_OFF, 2 * Portfolio.BACK_OFF]
    assert taken[1][0] is taken[0][1], "the second goes back from the first"


def test_the_best_first_search_weighs_distance_against_depth() -> None:
    """Technique "wide": a step of distance is worth 2 moves of depth, not 8."""
    game = harp.Game.new("gargantua", deal=3)
    for techniques, weight in ((TECHNIQUES, 2), (without("wide"), 8)):
        moves = generator(game, techniques=techniques)
        search = BestFirstSearch(moves, moves.deal.start)
        assert search.advance(200) is None and search.open
        for priority, _, state, _, link in search.open:
            assert priority == weight * search.generator.distance(state) + link[2]
