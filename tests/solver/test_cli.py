"""The solver's commands and what they measure: the Wilson interval and the summary of a run,
budgets in seconds or nodes, ``solve`` with its table and its CSV (appended to, resumed,
solved again), ``bench solver`` and ``certify``."""

from __future__ import annotations

import csv
import io
import json

import pytest

import harp
from harp.cli import main
from harp.solver import LOSS, TECHNIQUES, UNKNOWN, WIN
from harp.winrates import Budget, summarise, wilson, DealResult


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


def test_other_rule_options_are_a_table_of_their_own(tmp_path) -> None:
    """``solve --options D3`` solves Harpan drawing three: its lines carry the options, resume
    apart from the game's own rules, and an old file without the column is rewritten with it."""
    import harp.winrates

    path = tmp_path / "deals.csv"
    path.write_text("game,deal,verdict,nodes,seconds,budget\nharpan,1,win,9,0.100,300nodes\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", "harpan", "--deals", "1-2", "--budget", "300nodes", "--options", "d3", "--csv",
                 str(path)], out=out) == 0
    assert "harpan D3" in out.getvalue().splitlines()[-1]
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [(r["game"], r["deal"], r["options"]) for r in rows] == [("harpan", "1", ""), ("harpan", "1", "D3"),
                                                                    ("harpan", "2", "D3")]
    assert sorted({table for table, _ in harp.winrates.latest_rows(path)}) == ["harpan", "harpan D3"]
    # The solver solved Harpan drawing three: its winning line replays only with those rules.
    assert harp.winrates.solve_deal(harp.winrates.Job("harpan", 1, None, (("draw", 3),), 300)).options == "D3"
    # The game's own options name the game's own table.
    out = io.StringIO()
    assert main(["solve", "harpan", "--deals", "1", "--budget", "300nodes", "--options", "D1", "--csv", str(path)],
                out=out) == 0
    assert "1 deal(s) already in" in out.getvalue()
    # A published table (read_details, time budgets only) keeps the two apart too.
    published = tmp_path / "published.csv"
    published.write_text("game,deal,verdict,nodes,seconds,budget,options\n"
                         "harpan,1,win,9,0.1,10,\nharpan,1,loss,9,0.1,10,D3\nharpan,2,win,9,0.1,10,D3\n",
                         encoding="utf-8")
    tables = harp.winrates.read_details(published)
    assert {name: [r.verdict for r in results] for name, (results, _) in tables.items()} == {
        "harpan": [WIN], "harpan D3": [LOSS, WIN]}
    with pytest.raises(SystemExit):
        harp.cli.build_parser().parse_args(["solve", "harpan", "--options", "D7"])


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
    out = io.StringIO()
    assert main(["bench", "solver", "harpan", "--deals", "4-5,204", "--nodes", "300", "--last", "2"], out=out) == 0
    last = [line.split() for line in out.getvalue().splitlines()[2:]]
    assert [row[1] for row in last] == [row[1] for row in rows[-2:]] == ["+" + name for name in TECHNIQUES[-2:]]
    assert [row[4:] for row in last] == [row[4:] for row in rows[-2:]], "the same searches, the same figures"


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


@pytest.mark.slow
def test_prove_command_says_lost_won_or_out_of_budget_and_prints_a_line_that_wins() -> None:
    out = io.StringIO()
    assert main(["prove", "harpan", "259", "--budget", "100000nodes"], out=out) == 0
    assert out.getvalue().startswith("harpan deal 259: lost (proven);")
    pruned = int(out.getvalue().split("; ")[1].split()[0].replace(",", ""))
    out = io.StringIO()
    assert main(["prove", "harpan", "4", "--budget", "100000nodes", "--line"], out=out) == 0
    said, line = out.getvalue().splitlines()
    assert said.startswith("harpan deal 4: won, a line of")
    game = harp.Game.new("harpan", deal=4)
    for move in line.split():
        game.play(move)
    assert game.is_won()
    out = io.StringIO()  # the search of every line agrees, in more positions
    assert main(["prove", "harpan", "259", "--budget", "1000000nodes", "--every-line"], out=out) == 0
    said = out.getvalue()
    assert said.startswith("harpan deal 259: lost (proven);")
    assert int(said.split("; ")[1].split()[0].replace(",", "")) > pruned
    out = io.StringIO()
    assert main(["prove", "--code", harp.Game.new("big-harp", deal=2).code, "--budget", "300nodes"], out=out) == 0
    assert out.getvalue().startswith("big-harp deal 2: unknown (the budget ran out); 301 positions")


def test_prove_runs_the_easier_game_first() -> None:
    """Harpan deal 631: the easier game of technique "fixed-roots" is lost, so ``prove`` answers
    in a few hundred positions (the proof alone took 6.8 million, 92 s); ``--every-line`` runs
    no pruning and no technique, so not the easier game either."""
    out = io.StringIO()
    assert main(["prove", "harpan", "631", "--budget", "100000nodes"], out=out) == 0
    said = out.getvalue()
    assert said.startswith("harpan deal 631: lost (proven);")
    assert int(said.split("; ")[1].split()[0].replace(",", "")) < 1_000
    out = io.StringIO()
    assert main(["prove", "harpan", "631", "--budget", "1000nodes", "--every-line"], out=out) == 0
    assert out.getvalue().startswith("harpan deal 631: unknown (the budget ran out); 1,001 positions")
