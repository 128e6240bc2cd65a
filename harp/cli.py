"""The command line: ``show`` prints a deal, ``play`` plays one with the move notation."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from .game import Game
from .errors import IllegalMove
from .progress import hint
from .rules import GAMES

PLAY_HELP = """Moves: s (tap the stock), w>t3, w>f, t3>t7, t3:4>t7 (a run of 4), t3>f2, f2>t4.
Also: moves (list legal moves), hint, undo, code, save, help, quit."""


def _game_from(args: argparse.Namespace) -> Game:
    if args.code:
        return Game.from_code(args.code)
    return Game.new(args.game, deal=args.deal)


def show(args: argparse.Namespace, out: TextIO) -> int:
    game = _game_from(args)
    print(game, file=out)
    if args.reveal:
        view = game.view(reveal=True)
        print("hidden, bottom to top:", file=out)
        for i, col in enumerate(view["tableau"]):
            print(f"t{i + 1}  {' '.join(col)}", file=out)
        print("stock, bottom to top (last drawn next):", " ".join(view["stock_cards"]), file=out)
    return 0


def play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    game = _game_from(args)
    print(PLAY_HELP, file=out)
    while True:
        print(f"\n{game}", file=out)
        if game.is_won():
            print(f"Won in {game.moves} moves with {game.score} points.", file=out)
            return 0
        if game.rules.id != "easy-harp" and game.is_stuck():
            print("Stuck: nothing useful is left to play. Undo, or quit.", file=out)
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            return 0
        command = line.strip()
        if command in ("quit", "q", "exit"):
            return 0
        if command == "help":
            print(PLAY_HELP, file=out)
        elif command == "moves":
            print(" ".join(game.legal_moves()) or "(none)", file=out)
        elif command == "hint":
            print(hint(game) or "no useful move found", file=out)
        elif command == "undo":
            print("undone" if game.undo() else "nothing to undo", file=out)
        elif command == "code":
            print(game.code, file=out)
        elif command == "save":
            print(game.to_json(), file=out)
        elif command:
            try:
                game.play(command)
            except IllegalMove as e:
                print(f"Refused: {e}", file=out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m harp", description="The Harp family of solitaire games.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("show", "print a deal"), ("play", "play a deal in the terminal")):
        p = sub.add_parser(name, help=text)
        p.add_argument("game", nargs="?", default="easy-harp", choices=list(GAMES), help="game id")
        p.add_argument("deal", nargs="?", type=int, default=None, help="deal number 1..999999 (random if left out)")
        p.add_argument("--code", help="a deal code such as EH1-N-AAAAAAF, instead of game and deal")
        if name == "show":
            p.add_argument("--reveal", action="store_true", help="also list the face-down cards and the stock")
    return parser


def main(argv: list[str] | None = None, out: TextIO = sys.stdout, inp: TextIO = sys.stdin) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "show":
            return show(args, out)
        return play(args, out, inp)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
