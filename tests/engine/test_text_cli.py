"""``str(game)`` and the command line (``python -m harp``)."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

import harp
from harp import cli
from game_facts import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_str_shows_code_and_every_column(game_id: str) -> None:
    g = harp.Game.new(game_id, deal=5)
    text = str(g)
    view = g.view()
    assert g.code in text
    lines = text.splitlines()
    for i, col in enumerate(view["tableau"], 1):
        row = [line for line in lines if line.split()[:1] == [f"t{i}"]]
        assert len(row) == 1, f"one line for t{i}"
        assert row[0].split()[1:] == col
    assert f"t{len(view['tableau']) + 1}" not in text.split()
    assert repr(g).startswith("<harp.Game ") and g.code in repr(g)


def test_str_follows_play() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    g.play("t2>f5")  # the AD home, the 3D under it turns up
    text = str(g)
    assert "f5:AD" in text
    assert any(line.split() == ["t2", "3D"] for line in text.splitlines())
    assert "score 15" in text and "moves 1" in text


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = StringIO()
    code = cli.main(argv, out=out, inp=StringIO(stdin))
    return code, out.getvalue()


def test_show_prints_the_board() -> None:
    code, text = run(["show", "easy-harp", "5"])
    assert code == 0
    assert "EH1-N-AAAAAAF" in text
    assert text.strip() == str(harp.Game.new("easy-harp", deal=5)).strip()
    lines = text.splitlines()
    assert ["t1", "3H"] in [line.split() for line in lines]
    assert ["t9"] + ["??"] * 8 + ["6S"] in [line.split() for line in lines]


def test_show_by_code_and_reveal() -> None:
    code, text = run(["show", "--code", "hn1-d3-n-aaaaaab", "--reveal"])
    assert code == 0
    assert "HN1-D3-N-AAAAAAB" in text
    view = harp.Game.from_code("HN1-D3-N-AAAAAAB").view(reveal=True)
    assert " ".join(view["stock_cards"]) in text
    assert "t7  " + " ".join(view["tableau"][6]) in text


def test_play_a_move_refuse_one_and_quit() -> None:
    code, text = run(["play", "easy-harp", "5"], "t2>f5\nt1>t9\nquit\n")
    assert code == 0
    assert "Refused:" in text
    g = harp.Game.new("easy-harp", deal=5)
    g.play("t2>f5")
    with pytest.raises(harp.IllegalMove) as info:
        g.play("t1>t9")
    assert str(info.value) in text, "the refusal names the rule"
    assert str(g) in text, "the board after the move is shown"
    assert text.count("score 15") >= 2, "the refused move changed nothing"


def test_play_commands() -> None:
    commands = "moves\nhint\ncode\ns\nundo\nundo\nsave\nhelp\n\nq\n"
    code, text = run(["play", "harp", "3"], commands)
    assert code == 0
    g = harp.Game.new("harp", deal=3)
    assert " ".join(g.legal_moves()) in text
    assert "HA1-N-AAAAAAD" in text
    assert "undone" in text and "nothing to undo" in text
    save_line = next(line[line.index("{"):] for line in text.splitlines() if '{"format"' in line)
    assert harp.Game.from_json(save_line).moves == 1
    assert json.loads(save_line)["actions"] == []


def test_play_ends_at_end_of_input() -> None:
    code, text = run(["play", "harpan", "1"], "s\n")
    assert code == 0
    assert "moves 1" in text


def test_bad_code_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(["show", "--code", "XX1-N-AAAAAAB"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "XX" in err
    code, _ = run(["play", "--code", "EH1-N-AAAAAAA"], "quit\n")
    assert code == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["show", "easy-harp", "0"], ["show", "harp", "1000000"]])
def test_bad_deal_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(argv)
    assert code == 2
    assert "deal" in capsys.readouterr().err


def test_bad_game_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run(["show", "klondike", "3"])
    assert info.value.code == 2


def test_python_dash_m_harp() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "harp", "show", "big-harp", "999999"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0
    assert "BH1-N-AACEXHN" in done.stdout
    assert any(line.split()[:1] == ["t10"] for line in done.stdout.splitlines())
