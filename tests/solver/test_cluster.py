"""``solve --scheduler``: the same per-deal results on a Dask cluster as in local processes.

The cluster here is Dask's LocalCluster on this machine, reached over TCP by its
address, as a remote one would be.  Its workers are threads of this process, so
they see this checkout's ``harp`` as a remote worker sees its installed one."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from harp.cli import main
from harp.solver import WIN
from harp.winrates import DealResult, solve_deals


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def outcome(results: list[DealResult]) -> list[tuple[str, int, str, int]]:
    """What must not depend on where a deal was solved (its seconds may)."""
    return [(r.game, r.deal, r.verdict, r.nodes) for r in results]


@pytest.mark.parametrize("game_id,deals", [("harpan", range(1, 7)), ("gargantua", range(3, 7))])
def test_a_cluster_solves_every_deal_as_local_processes_do(scheduler: str, game_id: str, deals: range) -> None:
    """A budget in nodes makes each deal's search the same wherever it runs."""
    local = solve_deals(game_id, deals, None, jobs=2, max_nodes=1500)
    remote = solve_deals(game_id, deals, None, max_nodes=1500, scheduler=scheduler)
    assert scheduler.startswith("tcp://")
    assert outcome(remote) == outcome(local)
    assert [r.deal for r in remote] == list(deals)
    assert len({r.verdict for r in local}) > 1, "a win and a deal left open, so a mix-up would show"


def test_the_solve_command_runs_on_the_cluster_and_writes_the_same_csv(scheduler: str, tmp_path) -> None:
    """A budget in nodes: the verdicts and node counts do not depend on the machine's speed."""
    rows = {}
    for where, extra in (("local", ["--jobs", "2"]), ("cluster", ["--scheduler", scheduler])):
        path = tmp_path / f"{where}.csv"
        out = io.StringIO()
        assert main(["solve", "harpan", "--deals", "4-5", "--budget", "300nodes", "--csv", str(path), *extra],
                    out=out) == 0
        rows[where] = [(r["deal"], r["verdict"], r["nodes"]) for r in csv.DictReader(path.open(encoding="utf-8"))]
    assert f"the Dask cluster at {scheduler}" in out.getvalue()
    assert rows["cluster"] == rows["local"]
    assert [verdict for _, verdict, _ in rows["cluster"]] == [WIN, WIN]


def test_without_the_cluster_extra_the_command_says_what_to_install(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)   # as if not installed: importing it fails
    assert main(["solve", "harpan", "--deals", "4-4", "--scheduler", "tcp://127.0.0.1:1"], out=io.StringIO()) == 2
    assert "pip install .[cluster]" in capsys.readouterr().err
