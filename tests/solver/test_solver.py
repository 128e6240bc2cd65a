"""The solver: its wins replay, its pruning is sound, and fair mode never peeks."""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import json

import pytest

import harp
from engine_helpers import assert_full_deck, build
from positions import small_position
from harp.cli import main
from harp.progress import progress_moves
from harp.solver import LOSS, TECHNIQUES, UNKNOWN, WIN, Portfolio, Result, solve, start_search
from harp.solver.best_first import BestFirstSearch
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.distance import distance_for
from harp.solver.moves import MoveGenerator
from harp.solver.portfolio import walk_line
from harp.solver.state import State
from harp.winrates import Budget, summarise, wilson, DealResult

BUDGET_NODES = 4000


def generator(game: harp.Game, prune: bool = True, techniques: tuple[str, ...] = TECHNIQUES,
              **settings: object) -> MoveGenerator:
    """The moves a search of ``game``'s position makes, seeing every card (thoughtful mode),
    by the sound search's settings with ``settings`` changed (``sound=False``: a quick search's)."""
    made = MoveGenerator.for_game(game, True, prune, techniques)
    if not settings:
        return made
    return made.with_settings(dataclasses.replace(made.settings, **settings))  # type: ignore[arg-type]


def replays_to_a_win(game: harp.Game, moves: list[str]) -> bool:
    twin = game.copy()
    for move in moves:
        twin.play(move)
    return twin.is_won()


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_every_win_replays_through_the_engine(game_id: str) -> None:
    wins = 0
    for deal in range(1, 13):
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=BUDGET_NODES)
        if result.verdict == WIN:
            wins += 1
            assert result.moves and result.best_move == result.moves[0]
            assert replays_to_a_win(game, result.moves)
        assert game.moves == 0, "solving must not change the game"
    if game_id in ("harpan", "endless-harp"):
        assert wins > 0, "these friendly games are won on some of the first deals"


def near_win(game_id: str, deal: int, left: int) -> harp.Game:
    """A real deal played along a found win until ``left`` actions remain."""
    game = harp.Game.new(game_id, deal=deal)
    result = solve(game, thoughtful=True, max_nodes=50_000)
    assert result.verdict == WIN
    for move in result.moves[: max(0, len(result.moves) - left)]:
        game.play(move)
    return game


def test_fair_mode_wins_when_nothing_is_hidden() -> None:
    game = near_win("harpan", 4, left=6)
    assert not any(c == "??" for col in game.view()["tableau"] for c in col) and not game.stock
    result = solve(game)
    assert result.verdict == WIN and replays_to_a_win(game, result.moves)


def test_fair_mode_does_not_peek_at_face_down_cards() -> None:
    game = harp.Game.new("harpan", deal=4)
    thoughtful = solve(game, thoughtful=True, max_nodes=BUDGET_NODES)
    fair = solve(game, max_nodes=BUDGET_NODES)
    assert thoughtful.verdict == WIN
    assert fair.verdict == UNKNOWN and fair.frontier
    # The fair answer is the same whatever the hidden cards are: lay the position out again with
    # its hidden cards in reverse order and ask again.  Both positions are laid out, so their
    # cards are numbered alike: a player sees the same game, only the cards underneath differ.
    laid = harp.Game.from_layout(game.layout())
    scrambled = harp.Game.from_layout(with_hidden_cards_reversed(game.layout()))
    assert scrambled.view() == laid.view() and scrambled.layout() != laid.layout()
    for position in (laid, scrambled):
        again = solve(position, max_nodes=BUDGET_NODES)
        assert (again.verdict, again.nodes, again.best_move) == (fair.verdict, fair.nodes, fair.best_move)


def with_hidden_cards_reversed(layout: str) -> str:
    """A layout (``harp.layout``) with its hidden cards, the face-down cards of its columns and
    its stock, dealt back in reverse order: the piles keep their sizes and their face-up cards."""
    code, *lines = layout.splitlines()
    piles = [(name, cards.split()) for name, cards in (line.split(":", 1) for line in lines)]

    def hidden(name: str, card: str) -> bool:
        return (name == "stock" and card != "--") or (name.startswith("t") and card.islower())

    underneath = [card.lower() for name, cards in piles for card in cards if hidden(name, card)][::-1]
    dealt = iter(underneath)
    piles = [(name, [next(dealt) if hidden(name, card) else card for card in cards]) for name, cards in piles]
    return "\n".join([code] + [f"{name}: {' '.join(cards)}" for name, cards in piles])


def stuck_position() -> harp.Game:
    """Harp with passes used up and nothing playable: a proven loss."""
    for deal in range(1, 400):
        game = harp.Game.new("big-harp", deal=deal)
        while "s" in game.legal_moves():
            game.play("s")
        if not [m for m in game.legal_moves() if m != "s"]:
            return game
    raise AssertionError("no dead deal found")  # pragma: no cover


def test_a_position_with_no_moves_is_a_proven_loss_in_both_modes() -> None:
    game = stuck_position()
    assert solve(game, thoughtful=True).verdict == LOSS
    fair = solve(game)
    assert fair.verdict == LOSS or fair.frontier


def late_position(game_id: str, deal: int, takeback: bool) -> harp.Game:
    """A real position after one pass through the stock, where exhaustive search is small
    (a copy of one worked out once: two tests use the same positions)."""
    return _late_position(game_id, deal, takeback).copy()


@functools.cache
def _late_position(game_id: str, deal: int, takeback: bool) -> harp.Game:
    game = harp.Game.new(game_id, deal=deal, passes=1, takeback=takeback)
    for _ in range(600):
        progress = progress_moves(game)
        if progress:
            game.play(progress[0][0])
        elif "s" in game.legal_moves():
            game.play("s")
        else:
            break
    return game


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_pruning_is_sound(game_id: str) -> None:
    """Where both searches finish, pruned and unpruned search agree on win or loss."""
    verdicts = []
    for deal in range(1, 7):
        for takeback in (False, True):
            game = late_position(game_id, deal, takeback)
            plain = solve(game, thoughtful=True, max_nodes=2000, prune=False)
            if plain.verdict == UNKNOWN:
                continue                # nothing to hold the pruned search against
            # A loss takes the quick searches running out, then the sound proof: more nodes.
            pruned = solve(game, thoughtful=True, max_nodes=8000, prune=True)
            if pruned.verdict == UNKNOWN:
                continue
            assert pruned.verdict == plain.verdict, f"{game.code} after {game.moves} moves"
            verdicts.append(pruned.verdict)
    assert len(verdicts) >= 3, verdicts


def run_alone(search: BestFirstSearch | DepthFirstSearch) -> Result:
    while search.advance(1000) is None:
        pass
    assert search.result is not None
    return search.result


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_depth_first_and_best_first_agree_and_their_wins_replay(game_id: str) -> None:
    """The two searches the solver runs side by side explore the same moves: where both
    finish they agree, and a win from the best-first one replays like any other."""
    verdicts = []
    for deal in range(1, 7):
        for takeback in (False, True):
            game = late_position(game_id, deal, takeback)
            quick = generator(game, sound=False)  # as Portfolio runs them
            depth = run_alone(DepthFirstSearch(quick, quick.deal.start, max_nodes=3000))
            if depth.verdict == UNKNOWN:
                continue                # nothing to hold the best-first search against
            quick = generator(game, sound=False)
            best = BestFirstSearch(quick, quick.deal.start)
            while best.result is None and best.nodes < 3000:
                best.advance(500)
            if best.result is None or best.result.verdict == UNKNOWN:
                continue
            assert depth.verdict == best.result.verdict, f"{game.code} after {game.moves} moves"
            if best.result.verdict == WIN:
                assert replays_to_a_win(game, best.result.moves)
            verdicts.append(depth.verdict)
    assert len(verdicts) >= 3, verdicts


def test_best_first_wins_a_deal_from_the_start_and_the_win_replays() -> None:
    game = harp.Game.new("easy-harp", deal=1)
    moves = generator(game)
    result = run_alone(BestFirstSearch(moves, moves.deal.start))
    assert result.verdict == WIN and result.best_move == result.moves[0]
    assert replays_to_a_win(game, result.moves)


def test_a_finished_search_forgets_its_positions_a_budget_at_a_time() -> None:
    """release(n) drops at most n of what a search holds, so a page can free it between frames."""
    run = start_search(harp.Game.new("easy-harp", deal=3), max_nodes=3000, thoughtful=True)
    while run.advance(500) is None:
        pass
    searches = run.all_searches()  # the quick searches and any restarted ones
    assert run.restarts

    def held_now() -> int:
        return sum(len(each.open if isinstance(each, BestFirstSearch) else each.stack) + len(each.seen)
                   for each in searches)

    held = held_now()
    assert held > 2000, "a search of 3,000 nodes keeps thousands of positions"
    calls = 1
    while not run.release(100):
        calls += 1
        assert calls <= held // 100 + 1, "each call forgets a full budget until none is left"
    assert calls >= held // 100, "no call forgets more than its budget"
    assert held_now() == 0


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.70 < low < 0.80 < high < 0.88
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_summary_counts_unknowns_both_ways() -> None:
    results = [DealResult("harp", d, v, 10, 0.1 * d) for d, v in enumerate([WIN] * 6 + [LOSS] * 2 + [UNKNOWN] * 2, 1)]
    s = summarise("harp", results)
    assert (s.won, s.lost, s.unknown) == (6, 2, 2)
    assert s.low < 0.6 < 0.8 < s.high
    assert s.resolved == 0.8


def test_solve_command_prints_a_table() -> None:
    out = io.StringIO()
    assert main(["solve", "harpan", "--deals", "4-5", "--budget", "300nodes"], out=out) == 0
    text = out.getvalue()
    assert "Thoughtful mode" in text and "budget 300 nodes a deal" in text
    assert text.splitlines()[-1].split()[:5] == ["harpan", "2", "2", "0", "0"], "deals 4 and 5 are easy wins"


def test_a_budget_is_seconds_or_nodes_and_its_csv_column_says_which() -> None:
    assert Budget.from_column("10") == Budget(seconds=10.0) and str(Budget(seconds=10.0)) == "10s"
    assert Budget.from_column("20000nodes") == Budget(nodes=20000) and str(Budget(nodes=20000)) == "20000 nodes"
    assert [each.column for each in (Budget(seconds=0.5), Budget(nodes=300))] == ["0.5", "300nodes"]
    parser = harp.cli.build_parser()
    assert parser.parse_args(["solve", "harp"]).budget == Budget(seconds=10.0)
    assert parser.parse_args(["solve", "harp", "--budget", "500ms"]).budget == Budget(seconds=0.5)
    assert parser.parse_args(["solve", "harp", "--budget", "20000nodes"]).budget == Budget(nodes=20000)
    for wrong in ("20000n", "2.5nodes", "0nodes", "0s", "nodes"):
        with pytest.raises(SystemExit):
            parser.parse_args(["solve", "harp", "--budget", wrong])
    with pytest.raises(ValueError, match="exactly one"):
        Budget(seconds=1.0, nodes=100)


def test_solve_command_appends_every_deal_to_a_csv(tmp_path) -> None:
    path = tmp_path / "deals.csv"
    for deals in ("4-5", "6-6"):
        assert main(["solve", "harpan", "--deals", deals, "--budget", "300nodes", "--csv", str(path)],
                    out=io.StringIO()) == 0
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [(r["game"], int(r["deal"]), r["budget"]) for r in rows] == [("harpan", d, "300nodes") for d in (4, 5, 6)]
    assert all(r["verdict"] == WIN and 0 < int(r["nodes"]) <= 300 for r in rows), rows
    # How long each deal took is recorded, and not bounded: no test asserts a time.
    assert all(float(r["seconds"]) >= 0 for r in rows)


def test_a_node_budget_gives_the_same_csv_on_every_run(tmp_path) -> None:
    """The point of a budget in nodes: deal 3 runs out of it, and does so the same way every time."""
    lines = []
    for run in ("first.csv", "second.csv"):
        path = tmp_path / run
        assert main(["solve", "harpan", "--deals", "3-4", "--budget", "300nodes", "--csv", str(path)],
                    out=io.StringIO()) == 0
        lines.append([(r["deal"], r["verdict"], r["nodes"]) for r in csv.DictReader(path.open(encoding="utf-8"))])
    assert lines[0] == lines[1]
    assert lines[0][0] == ("3", UNKNOWN, "301"), "deal 3 is not settled in 300 nodes: it stops just past them"


def test_a_seconds_budget_is_still_accepted_and_recorded(tmp_path, monkeypatch) -> None:
    """Published win rates are measured in seconds: the job gets the time and no node limit, and
    the CSV keeps the bare number the older files have.  (The solve is a stand-in: no test times one.)"""
    import harp.winrates

    jobs: list[harp.winrates.Job] = []
    monkeypatch.setattr(harp.winrates, "solve_deal", lambda job: jobs.append(job)
                        or harp.winrates.DealResult(job.game, job.deal, WIN, 7, 0.5))
    path = tmp_path / "deals.csv"
    out = io.StringIO()
    assert main(["solve", "harpan", "--deals", "4-5", "--budget", "2s", "--csv", str(path)], out=out) == 0
    assert "budget 2s a deal" in out.getvalue()
    assert [(job.deal, job.budget, job.max_nodes) for job in jobs] == [(4, 2.0, None), (5, 2.0, None)]
    assert [r["budget"] for r in csv.DictReader(path.open(encoding="utf-8"))] == ["2", "2"]
    results, budget = harp.winrates.read_details(path)["harpan"]
    assert [r.deal for r in results] == [4, 5] and budget == 2.0


def test_solve_command_resumes_from_its_csv(tmp_path, monkeypatch, capsys) -> None:
    """A run that stops part way goes on where it stopped: the deals in the file are not solved again."""
    import harp.winrates

    path = tmp_path / "deals.csv"
    assert main(["solve", "harpan", "--deals", "4-5", "--budget", "300nodes", "--csv", str(path)],
                out=io.StringIO()) == 0
    solved: list[int] = []
    real = harp.winrates.solve_deal
    monkeypatch.setattr(harp.winrates, "solve_deal", lambda job: solved.append(job.deal) or real(job))
    out = io.StringIO()
    assert main(["solve", "harpan", "--deals", "3-6", "--budget", "300nodes", "--csv", str(path)], out=out) == 0
    assert solved == [3, 6]
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert sorted(int(r["deal"]) for r in rows) == [3, 4, 5, 6]
    assert "2 deal(s) already in" in out.getvalue()
    assert "harpan" in out.getvalue().splitlines()[-1] and "     4 " in out.getvalue().splitlines()[-1]
    # Another budget would mix two measurements in one table: refused, and the file is left alone,
    # whether it is another number of nodes or a time.
    before = path.read_text(encoding="utf-8")
    for other, told in (("600nodes", "solved with a budget of 300 nodes, not 600 nodes"),
                        ("1s", "solved with a budget of 300 nodes, not 1s")):
        assert main(["solve", "harpan", "--deals", "3-7", "--budget", other, "--csv", str(path)],
                    out=io.StringIO()) == 2
        assert told in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == before and solved == [3, 6]


def test_solve_command_can_solve_its_unknown_deals_again(tmp_path, monkeypatch, capsys) -> None:
    """After a change to the solver, ``--again unknown`` solves only the file's unknown deals, and
    each new line replaces the old one: one line a deal, in the file's order, its budget kept."""
    import harp.winrates

    path = tmp_path / "deals.csv"
    path.write_text("game,deal,verdict,nodes,seconds,budget\n"
                    "harpan,3,unknown,9,1.000,300nodes\nharpan,4,win,9,0.100,300nodes\n"
                    "harp,3,unknown,9,1.000,300nodes\nharpan,5,unknown,9,1.000,300nodes\n", encoding="utf-8")
    solved: list[int] = []
    monkeypatch.setattr(harp.winrates, "solve_deal", lambda job: solved.append(job.deal)
                        or harp.winrates.DealResult(job.game, job.deal, WIN, 7, 0.5))
    assert main(["solve", "harpan", "--deals", "3-6", "--budget", "300nodes", "--csv", str(path),
                 "--again", "unknown"], out=io.StringIO()) == 0
    assert solved == [3, 5, 6]
    rows = [(r["game"], int(r["deal"]), r["verdict"], r["nodes"], r["budget"])
            for r in csv.DictReader(path.open(encoding="utf-8"))]
    assert rows == [("harpan", 3, WIN, "7", "300nodes"), ("harpan", 4, WIN, "9", "300nodes"),
                    ("harp", 3, UNKNOWN, "9", "300nodes"), ("harpan", 5, WIN, "7", "300nodes"),
                    ("harpan", 6, WIN, "7", "300nodes")]
    assert [each.name for each in tmp_path.iterdir()] == ["deals.csv"]  # the rewrite left nothing beside it
    with pytest.raises(ValueError, match="give --csv FILE"):
        harp.cli.solve_command(harp.cli.build_parser().parse_args(["solve", "harp", "--again", "unknown"]),
                               io.StringIO())
    with pytest.raises(SystemExit):
        harp.cli.build_parser().parse_args(["solve", "harp", "--csv", str(path), "--again", "won"])
    assert "verdicts are win, loss and unknown" in capsys.readouterr().err


def test_a_deal_solved_again_counts_by_its_last_line(tmp_path) -> None:
    """A run with ``--again`` stopped part way leaves a deal on two lines: the later one counts."""
    import harp.winrates

    path = tmp_path / "deals.csv"
    path.write_text("game,deal,verdict,nodes,seconds,budget\n"
                    "harp,3,unknown,9,1.000,1\nharp,4,win,9,0.100,1\nharp,3,win,5,0.200,1\n", encoding="utf-8")
    results, budget = harp.winrates.read_details(path)["harp"]
    assert [(r.deal, r.verdict) for r in results] == [(3, WIN), (4, WIN)] and budget == 1.0


def test_bench_shows_the_solver_before_and_after_each_technique() -> None:
    out = io.StringIO()
    assert main(["bench", "solver", "harpan", "--deals", "4-5,204", "--nodes", "300"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert "3 deals of every game (4-5,204), 300 nodes a deal" in lines[0]
    rows = [line.split() for line in lines[2:]]
    assert [row[1] for row in rows] == ["before"] + ["+" + name for name in TECHNIQUES]
    # Deal 204 is lost by a blocked pattern: only the rows with "blocked" prove it at once.
    assert all(int(row[6]) + int(row[5]) + int(row[4]) == 3 for row in rows)
    assert int(rows[-1][5]) >= 1


def test_certify_can_reuse_a_measured_run(tmp_path) -> None:
    measured = tmp_path / "deals.csv"
    measured.write_text("game,deal,verdict,nodes,seconds,budget\n"
                        "harp,3,win,9,0.1,10\nharp,4,unknown,9,10.0,10\nharp,5,win,9,0.2,10\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["certify", "harp", "--from", str(measured), "--out", str(tmp_path)], out=out) == 0
    data = json.loads((tmp_path / "harp.json").read_text(encoding="utf-8"))
    assert (data["winnable"], data["checked"], data["budget_seconds"]) == ([3, 5], [3, 5], 10.0)
    assert "2 of 3 deals proven winnable" in out.getvalue()
    with pytest.raises(SystemExit, match="no results for harpan"):
        main(["certify", "harpan", "--from", str(measured), "--out", str(tmp_path)], out=io.StringIO())


def hinted(game_id: str, deal: int, moves: int) -> harp.Game:
    """A deal after ``moves`` moves of the engine's hint."""
    game = harp.Game.new(game_id, deal=deal)
    for _ in range(moves):
        game.play(harp.hint(game))
    return game


# (game, deal, hint moves first, thoughtful, options) -> (verdict, nodes, moves in the line, best move)
UNCHANGED = [
    (("harpan", 259, 0, True, {"max_nodes": 45_000}), (LOSS, 3046, 0, "t5>f1")),
    (("easy-harp", 4, 0, True, {"max_nodes": 3000}), (WIN, 2105, 658, "t3>t2")),
    (("harp", 2, 0, True, {"max_nodes": 3000}), (WIN, 1459, 380, "t8>t4")),
    (("double-klondike", 2, 0, True, {"max_nodes": 1000, "prune": False}), (WIN, 797, 593, "t2>t4")),
    (("easy-harp", 3, 0, True, {"max_nodes": 3000, "techniques": ()}), (UNKNOWN, 3001, 0, "t2>t1")),
    (("harpan", 1, 60, False, {"max_nodes": 3000}), (UNKNOWN, 224, 0, "s")),
]


@pytest.mark.parametrize("asked, answer", UNCHANGED)
def test_a_change_meant_to_keep_the_search_as_it_is_keeps_these_verdicts_and_node_counts(
        asked: tuple[str, int, int, bool, dict[str, object]], answer: tuple[str, int, int, str]) -> None:
    """A change detector, on purpose: exact node counts, so that a refactor that should search
    exactly as before (the split of harp/solver.py into a package did) can show it did.  A
    change that means to search otherwise updates these figures and says so."""
    game_id, deal, moves, thoughtful, options = asked
    result = solve(hinted(game_id, deal, moves), thoughtful=thoughtful, **options)  # type: ignore[arg-type]
    assert (result.verdict, result.nodes, len(result.moves), result.best_move) == answer


def test_the_greedy_playout_stops_when_the_hint_goes_round_in_a_circle(monkeypatch) -> None:
    """Double Klondike deal 122: following the hint repeats a position; the playout must stop
    there rather than spend the solver's budget going round."""
    import harp.progress
    from harp.solver import greedy_playout

    calls = []
    real_hint = harp.progress.hint
    monkeypatch.setattr(harp.progress, "hint", lambda g: calls.append(1) or real_hint(g))
    game = harp.Game.new("double-klondike", deal=122)
    assert greedy_playout(game, 5000, float("inf")) is None
    assert 0 < len(calls) < 1000


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_the_solvers_state_names_what_the_game_shows(game_id: str) -> None:
    game = harp.Game.new(game_id, deal=6)
    for _ in range(5):
        game.play("s")
    moves = generator(game)
    state = moves.deal.start
    view = game.view(reveal=True)
    assert [len(c) for c in state.columns] == [sum(1 for n in col if n.isupper()) for col in view["tableau"]]
    assert state.downs == tuple(game.down)
    assert len(state.talon) == len(view["waste"]) + view["stock"] and state.waste_size == len(view["waste"])
    assert state.pass_number == game.pass_number
    reserved = game.rules.reserved_slots
    assert state.foundations == tuple((i // game.rules.decks if reserved else -1, 0) for i in range(game.rules.foundations))
    # One face-up card lies on each column that hides cards; where cards move one at a time it
    # counts two, and a face-down card eight.  Where passes are limited, the 5 cards drawn count.
    drawn = 5 if game.rules.passes is not None else 0
    if game.rules.one_card:
        assert moves.distance(state) == 8 * sum(game.down) + 2 * sum(1 for down in game.down if down) + drawn
    else:
        assert moves.distance(state) == 4 * sum(game.down) + drawn
    assert generator(game, techniques=()).distance(state) == 4 * sum(game.down)


@pytest.mark.parametrize("game_id, counts", [("easy-harp", 2), ("harp", 0)])
def test_a_card_on_a_face_down_one_counts_in_the_distance_where_cards_move_one_at_a_time(
        game_id: str, counts: int) -> None:
    """Where cards move one at a time, each on a face-down card is a move more before it turns
    up; where runs move whole, one move clears the lot."""
    moves = generator(harp.Game.new(game_id, deal=1))
    state = moves.deal.start
    bare, hiding = state.downs.index(0), state.downs.index(max(state.downs))
    card = state.columns[bare][-1]

    def with_card_on(column: int) -> State:
        columns = list(state.columns)
        columns[column] = columns[column] + (card,)
        return state._replace(columns=tuple(columns))

    assert moves.distance(with_card_on(hiding)) == moves.distance(state) + counts
    assert moves.distance(with_card_on(bare)) == moves.distance(state)


def test_the_deep_columns_distance_adds_the_square_of_each_columns_face_down_cards() -> None:
    moves = generator(harp.Game.new("easy-harp", deal=1))
    state = moves.deal.start
    plain = moves.distance(state)
    deep = distance_for(dataclasses.replace(moves.settings, deep_columns=True))
    assert deep(state) == plain + sum(down * down for down in state.downs)
    # Two columns of 4 and 2 face-down cards look further from a win than 3 and 3.
    uneven = state._replace(downs=(4, 2) + state.downs[2:])
    even = state._replace(downs=(3, 3) + state.downs[2:])
    assert deep(uneven) == deep(even) + 2


@pytest.mark.parametrize("game_id, counted", [("gargantua", True), ("big-harp", True), ("harp", True),
                                              ("double-klondike", False), ("easy-harp", False)])
def test_where_passes_are_limited_every_card_drawn_from_the_stock_counts_in_the_distance(
        game_id: str, counted: bool) -> None:
    """The stock is spent for good where passes are limited: a card drawn adds one, and a pass
    gone by adds the whole talon."""
    moves = generator(harp.Game.new(game_id, deal=1))
    state = moves.deal.start
    assert state.waste_size == 0 and state.pass_number == 1
    drawn = state._replace(waste_size=5)
    next_pass = state._replace(pass_number=2)
    assert moves.distance(drawn) - moves.distance(state) == (5 if counted else 0)
    assert moves.distance(next_pass) - moves.distance(state) == (len(state.talon) if counted else 0)
    without = generator(harp.Game.new(game_id, deal=1),
                        techniques=tuple(t for t in TECHNIQUES if t != "stock-drawn"))
    assert without.distance(drawn) == without.distance(next_pass) == without.distance(state)


NO_PROBES = tuple(t for t in TECHNIQUES if t != "probes")
NO_RESTARTS = tuple(t for t in TECHNIQUES if t != "restarts")
NO_EARLY_PROOF = tuple(t for t in TECHNIQUES if t != "early-proof")
NO_ANY_ORDER = tuple(t for t in TECHNIQUES if t != "any-order")
ADDED_SEARCHES = ("restarts", "early-proof", "any-order")  # techniques that add a search of their own
QUICK_ONLY = tuple(t for t in TECHNIQUES if t not in ADDED_SEARCHES)


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
    searches with them have not in 5,000 (in 10 s they did not)."""
    game = harp.Game.new("easy-harp", deal=131)
    found = solve(game, thoughtful=True, max_nodes=1000)
    assert found.verdict == WIN
    for move in found.moves:
        game.play(move)
    assert game.is_won()
    assert solve(harp.Game.new("easy-harp", deal=131), thoughtful=True, max_nodes=5000,
                 techniques=NO_PROBES).verdict == UNKNOWN


def test_the_proof_takes_turns_from_the_start_and_wins_what_the_quick_searches_miss() -> None:
    """Technique "early-proof": the proof, whose sound pruning has no "put down only to pick
    up", takes a turn of its own from the start.  It wins Gargantua deal 6 within the
    portfolio's first 4,000 positions; without it the portfolio has not won it in 10,000."""
    game = harp.Game.new("gargantua", deal=6)
    run = start_search(game, max_nodes=4_000, thoughtful=True)
    assert run.proof is not None and run.proof.settings.sound and run.turns[-1] is run.proof
    while run.advance(300) is None:
        pass
    assert run.result.verdict == WIN and replays_to_a_win(game, run.result.moves)
    assert run.result is run.proof.result, "won by the proof"
    assert solve(game, thoughtful=True, max_nodes=10_000, techniques=NO_EARLY_PROOF).verdict == UNKNOWN


def test_the_proofs_own_turn_ends_after_its_positions_but_it_takes_over_a_search_that_ran_out(monkeypatch) -> None:
    """After EARLY_PROOF_NODES positions the proof leaves its own turn to the quick searches;
    a quick search that runs out of positions still hands its turns to it.  Harpan deal 259
    is lost: quick searches run out, and the proof, with their turns, proves it."""
    monkeypatch.setattr(Portfolio, "EARLY_PROOF_NODES", 1024)
    game = harp.Game.new("gargantua", deal=1)
    run = start_search(game, max_nodes=6_000, thoughtful=True, techniques=QUICK_ONLY + ("early-proof",))
    while run.advance(300) is None:
        pass
    assert run.result.verdict == UNKNOWN
    assert run.proof is not None and run.proof.nodes == 1024 and run.proof not in run.turns
    assert run.turns == run.quick_searches
    assert all(abs(each.nodes - (6_000 - 1024) / 4) <= Portfolio.QUANTUM for each in run.quick_searches)
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
    without them the portfolio has not won it in 20,000."""
    game = harp.Game.new("gargantua", deal=846)
    run = start_search(game, max_nodes=5_000, thoughtful=True)
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
    """Technique "restarts": Big Harp deal 61 is not won in 12,000 positions from the start, but
    the depth-first and best-first searches started afresh, every 2,048, from the best position
    reached so far win it; the line to that position plus theirs replays to a win."""
    game = harp.Game.new("big-harp", deal=61)
    run = start_search(game, max_nodes=10_000, thoughtful=True)
    while run.advance(300) is None:
        pass
    assert run.result.verdict == WIN and replays_to_a_win(game, run.result.moves)
    pairs = len(run.restarts) // 2
    assert pairs >= 1 and [type(each) for each in run.restarts] == [DepthFirstSearch, BestFirstSearch] * pairs
    for search, prefix in run.restarts.items():
        assert leads_to(game, prefix, search.start), "the prefix leads to where it restarted"
    assert any(run.result.moves[:len(prefix)] == prefix for prefix in run.restarts.values()), "won by a restart"
    assert run.result.nodes == sum(each.nodes for each in run.all_searches()) <= 10_001
    assert solve(game, thoughtful=True, max_nodes=12_000, techniques=NO_RESTARTS).verdict == UNKNOWN


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
    assert run.result.nodes == sum(each.nodes for each in run.all_searches()) + run.walked == 8_001
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
    run = start_search(game, max_nodes=20_000, thoughtful=True)
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
    without = tuple(t for t in TECHNIQUES if t != "wide")
    for techniques, weight in ((TECHNIQUES, 2), (without, 8)):
        moves = generator(game, techniques=techniques)
        search = BestFirstSearch(moves, moves.deal.start)
        assert search.advance(200) is None and search.open
        for priority, _, state, _, link in search.open:
            assert priority == weight * search.generator.distance(state) + link[2]


@pytest.mark.parametrize("game_id, kept_in_order", [("easy-harp", False), ("double-klondike", False),
                                                    ("harp", True), ("endless-harp", True)])
def test_the_talon_is_a_set_in_the_key_only_where_every_card_stays_in_reach(
        game_id: str, kept_in_order: bool) -> None:
    """Drawing one card with no pass limit, any talon card can be played at any time, so two
    talons with the same cards in another order are the same position."""
    moves = generator(harp.Game.new(game_id, deal=2))
    state = moves.deal.start
    swapped = state._replace(talon=state.talon[::-1])
    assert sorted(swapped.talon) == sorted(state.talon) and swapped.talon != state.talon
    assert (moves.keys.key(swapped) != moves.keys.key(state)) == kept_in_order


def replayed_successors(game: harp.Game, generated: MoveGenerator) -> list[list[str]]:
    """The moves of every successor of the generator's start, each checked to replay through the
    engine to the state the generator gives it."""
    lines = []
    for moves, after, _, _ in generated.successors(generated.deal.start, None):
        twin = game.copy()
        for move in moves:
            twin.play(move)
        assert generator(twin, prune=False).deal.start == after, moves
        lines.append(moves)
    return lines


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_every_successor_replays_through_the_engine(game_id: str) -> None:
    game = harp.Game.new(game_id, deal=9)
    assert replayed_successors(game, generator(game, prune=False))


@pytest.mark.parametrize("game_id, options, left, least_blocked, least_stuck", [
    ("harpan", {"passes": 1}, 22, 3, 10), ("harpan", {"passes": 3, "takeback": False}, 22, 3, 20),
    ("harpan", {}, 20, 2, 5), ("gargantua", {}, 18, 0, 0), ("harp", {"takeback": True}, 18, 0, 0),
    ("easy-harp", {}, 14, 0, 0),
])
def test_every_blocked_or_stuck_position_is_lost_by_exhaustive_search(
        game_id: str, options: dict[str, object], left: int, least_blocked: int, least_stuck: int) -> None:
    """The static loss proofs (LossProofs.some_cards_never_move and .some_card_never_goes_up) against a search of every
    line, without pruning and without the second-round techniques, on small random positions;
    and the solver with its techniques agrees with that search wherever both finish (two decks
    are rarely blocked, but the search prunes positions that become blocked on the way)."""
    blocked = stuck = settled = 0
    for seed in range(60):
        game = small_position(game_id, seed, left, **options)
        moves = generator(game)
        proofs, start = moves.proofs, moves.deal.start
        plain = solve(game, thoughtful=True, max_nodes=20_000, prune=False, techniques=())
        if proofs.some_cards_never_move(start):
            blocked += 1
            assert plain.verdict != WIN, f"seed {seed}: blocked, but the exhaustive search wins"
        if proofs.some_card_never_goes_up(start):
            stuck += 1
            assert plain.verdict != WIN, f"seed {seed}: stuck, but the exhaustive search wins"
        full = solve(game, thoughtful=True, max_nodes=20_000)
        if UNKNOWN not in (plain.verdict, full.verdict):
            settled += 1
            assert full.verdict == plain.verdict, f"seed {seed}"
        if full.verdict == WIN:
            assert replays_to_a_win(game, full.moves)
    assert blocked >= least_blocked and stuck >= least_stuck and settled >= 40, (blocked, stuck, settled)


def end_position(game_id: str, columns: list[str], heights: list[int]) -> harp.Game:
    """Every card on the foundations but those in ``columns`` (names bottom -> top, lower case
    face down); slot s holds suit s // decks up to ``heights[s]``.  No stock, no waste."""
    from harp.cards import card_name

    decks = harp.GAMES[game_id].decks
    foundations = {s + 1: [card_name(s // decks * 13 + r) for r in range(h)] for s, h in enumerate(heights)}
    game = build(game_id, [text.split() for text in columns], stock=[], foundations=foundations)
    assert_full_deck(game)
    return game


# Easy Harp, one card at a time: the run QH JC in column 1 can cross onto the KS of column 2
# only if the JC waits somewhere first (the QD of column 3 takes it).  Without that place (the QD
# face down, and the JC's foundation waiting for the TC), it cannot.
RUN_WITH_A_PLACE = (["kd QH JC", "KS", "QD", "KH", "KC QC"], [13, 12, 13, 11, 13, 11, 13, 10])
RUN_WITHOUT_A_PLACE = (["kd QH JC", "KS", "tc qd KH", "KC QC"], [13, 12, 13, 11, 13, 11, 13, 9])


def crossings(generated: MoveGenerator) -> list[list[str]]:
    """The moves of every successor of the start that carries column 1's two-card run onto column 2."""
    start = generated.deal.start
    return [moves for moves, after, _, _ in generated.successors(start, None)
            if after.columns[1] == start.columns[1] + start.columns[0]]


def test_where_cards_move_one_at_a_time_a_run_crosses_by_waiting_cards_elsewhere() -> None:
    game = end_position("easy-harp", *RUN_WITH_A_PLACE)
    assert crossings(generator(game, prune=False)) == [["t1>t3", "t1>t2", "t3>t2"]]
    without = tuple(t for t in TECHNIQUES if t != "shuffles")
    assert crossings(generator(game, prune=False, techniques=without)) == []
    assert crossings(generator(end_position("easy-harp", *RUN_WITHOUT_A_PLACE), prune=False)) == []


@pytest.mark.parametrize("columns, heights", [RUN_WITH_A_PLACE, RUN_WITHOUT_A_PLACE])
def test_every_successor_of_a_position_with_runs_replays_through_the_engine(
        columns: list[str], heights: list[int]) -> None:
    game = end_position("easy-harp", columns, heights)
    assert replayed_successors(game, generator(game, prune=False))


def test_every_successor_along_a_won_easy_harp_deal_replays_through_the_engine() -> None:
    """Deal 3 was first won with runs crossing one card at a time (technique "shuffles"); at
    every tenth position of its win, each successor the solver lists is a legal line."""
    game = harp.Game.new("easy-harp", deal=3)
    result = solve(game, thoughtful=True, max_nodes=20_000)
    assert result.verdict == WIN
    shuffles = 0
    for step, move in enumerate(result.moves):
        if step % 10 == 0:
            for moves in replayed_successors(game, generator(game)):
                shuffles += sum(m.startswith("t") and ">t" in m for m in moves) > 1
        game.play(move)
    assert game.is_won() and shuffles > 0


# Positions the search once called lost, each won in a few moves.
FALSE_LOSSES = [
    # The one way to win needs two preparations for one move: taking a card back onto a
    # column, and taking back another to lay bare the card that goes on it.  Both wait for
    # the same move, so neither can come just before it (solver.Need).
    ("easy-harp", ["kc qh 8c KD", "KC", "", "KH", "tc 7c qc jc qs kh ks 9C"], [13, 11, 12, 11, 12, 13, 6, 12]),
    ("harpan", ["", "KC", "7c tc qc 9c 8C", "", "jc 6C"], [13, 13, 13, 5]),
    ("double-klondike", ["KC", "ts qs js 8s 9S", "", "ks QC", "KC"], [13, 7, 13, 13, 13, 13, 12, 11]),
    # Two decks: a jack sent home by itself from one column took the place the other jack,
    # lying on the ten its slot waits for, needed (MoveGenerator.goes_up_by_itself).
    ("gargantua", ["kc QC", "qc JC", "", "tc jc TC", "kc 9C"], [13, 13, 13, 13, 13, 13, 8, 9]),
    ("gargantua", ["qs qd TD", "kd ks jd 9D", "kd 9d td qc KC", "JD", "QD"], [13, 11, 13, 13, 8, 8, 11, 13]),
    # Take-backs: the queen and jack of diamonds sent home by themselves, though the black
    # jack and ten had to come back down onto them.
    ("harpan", ["6h jh th kh qh 8H", "kd ks 9H", "qs 7h JD", "QD"], [11, 5, 10, 13]),
]


@pytest.mark.parametrize("game_id, columns, heights", FALSE_LOSSES)
def test_positions_once_called_lost_are_won(game_id: str, columns: list[str], heights: list[int]) -> None:
    game = end_position(game_id, columns, heights)
    plain = solve(game, thoughtful=True, max_nodes=20_000, prune=False, techniques=())
    assert plain.verdict == WIN and replays_to_a_win(game, plain.moves)
    for techniques in ((), TECHNIQUES):
        pruned = solve(game, thoughtful=True, max_nodes=20_000, techniques=techniques)
        assert pruned.verdict == WIN and replays_to_a_win(game, pruned.moves), techniques
        proof = generator(game, techniques=techniques)
        sound = run_alone(DepthFirstSearch(proof, proof.deal.start, max_nodes=20_000))
        assert sound.verdict == WIN and replays_to_a_win(game, sound.moves), techniques


@pytest.mark.parametrize("game_id, deals", [
    ("harpan", [1, 4, 5, 6]), ("easy-harp", [1, 25, 38, 43]), ("double-klondike", [1, 2, 3, 4]),
    ("harp", [1, 3, 4, 5]), ("endless-harp", [3, 4, 5, 6]),
])
def test_once_every_card_is_face_up_the_finish_needs_no_search(game_id: str, deals: list[int]) -> None:
    """With no card face down and the whole talon in reach (draw one, no pass limit), playing
    only to the foundations always wins (``finish.face_up_finish``); with a limited stock, or
    draw three, it is only a try, and whatever it finds must replay.  The positions are taken
    from real wins (deals the solver wins within a few thousand positions), at the first move
    where no card is face down."""
    always = harp.GAMES[game_id].draw == 1 and harp.GAMES[game_id].passes is None
    checked = finished = 0
    for deal in deals:
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=5_000)
        assert result.verdict == WIN, deal
        for move in result.moves:
            if not any(game.down):
                break
            game.play(move)
        checked += 1
        start = generator(game).deal.start
        line = generator(game).win_line(start)
        assert generator(game, techniques=("blocked",)).win_line(start) is None
        if always:
            assert line is not None, f"deal {deal}: every card face up and in reach, yet no finish"
        if line is not None:
            finished += 1
            assert all(move == "s" or ">f" in move for move in line)
            assert replays_to_a_win(game, line), f"deal {deal}"
    assert finished >= (checked if always else 1), (checked, finished)


@pytest.mark.parametrize("game_id, deals", [
    ("harpan", [1, 4, 5]), ("easy-harp", [1, 25]), ("gargantua", [1, 3, 4]), ("harp", [1, 3]), ("big-harp", [1, 3]),
])
def test_no_static_loss_proof_fires_along_a_winning_line(game_id: str, deals: list[int]) -> None:
    """Real positions, not made-up ones: at every position of a found win, neither
    static loss proof (``LossProofs``) may call the deal lost."""
    for deal in deals:
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=5_000)
        assert result.verdict == WIN, deal
        for move in result.moves:
            moves = generator(game)
            assert not moves.proofs.proves_lost(moves.deal.start), (deal, move)
            game.play(move)
