"""The command line: ``show`` prints a deal, ``play`` plays one with the move notation; ``solve``,
``prove``, ``certify`` and ``bench`` measure the solver."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from .game import Game
from .errors import IllegalMove
from .progress import hint
from .codes import MAX_DEAL, option_tokens, read_options
from .rules import GAMES, rules_for
from .hint_bench import bench_hints
from .solver import LOSS, TECHNIQUES, UNKNOWN, WIN, prove
from .solver.hints import DEFAULT_NODES
from .winrates import (HEADER, NODES, Budget, already_solved, certified_list, compact_details, each_solved,
                       read_details, solve_deals, summarise, table_name, write_details)

SOLVER_BENCH_NODES = 20_000

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
        if game.rules.declares_loss and game.is_stuck():
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


def deal_range(text: str) -> range:
    """Read ``1-1000`` (or a single number) as a range of deal numbers."""
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal range like 1-1000") from None
    if not 1 <= low <= high <= MAX_DEAL:
        raise argparse.ArgumentTypeError(f"deal ranges run within 1-{MAX_DEAL}, not {text!r}")
    return range(low, high + 1)


def deal_list(text: str) -> list[int]:
    """Read ``100001-100040,1-10`` as a list of deal numbers."""
    return [deal for part in text.split(",") for deal in deal_range(part)]


def deal_text(deals: list[int]) -> str:
    """``[1, 2, 3, 7]`` as ``1-3,7``."""
    parts: list[str] = []
    for deal in deals:
        if parts and deal == int(parts[-1].rpartition("-")[2]) + 1:
            parts[-1] = f"{parts[-1].partition('-')[0]}-{deal}"
        else:
            parts.append(str(deal))
    return ",".join(parts)


def verdicts(text: str) -> tuple[str, ...]:
    """Read ``win,unknown`` as the verdicts it names."""
    named = tuple(part.strip().lower() for part in text.split(","))
    wrong = [each for each in named if each not in (WIN, LOSS, UNKNOWN)]
    if wrong:
        raise argparse.ArgumentTypeError(f"{', '.join(wrong)}: verdicts are {WIN}, {LOSS} and {UNKNOWN}")
    return named


def seconds(text: str) -> float:
    """Read ``10s``, ``500ms`` or ``2`` as seconds."""
    t = text.strip().lower()
    try:
        if t.endswith("ms"):
            return float(t[:-2]) / 1000
        return float(t[:-1] if t.endswith("s") else t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time like 10s or 500ms") from None


def rule_options(text: str) -> dict[str, object]:
    """Read ``D3`` (rule options as a deal code writes them) as the options it names."""
    try:
        return read_options(text.strip().upper())
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def budget(text: str) -> Budget:
    """Read ``20000nodes`` as a budget in nodes, anything else as seconds (``10s``, ``500ms``)."""
    t = text.strip().lower()
    try:
        if t.endswith(NODES):
            return Budget.from_column(t)                # written as the CSV's column writes it
        return Budget(seconds=seconds(text))
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a budget like 10s or 20000{NODES} "
                                         "(a time above zero, or a whole number of nodes above zero)") from None


def solve_command(args: argparse.Namespace, out: TextIO) -> int:
    if args.again and args.csv is None:
        raise ValueError("--again solves again deals of a --csv file: give --csv FILE")
    games = list(GAMES) if args.game == "all" else [args.game]
    where = f"the Dask cluster at {args.scheduler}" if args.scheduler else f"{args.jobs} job(s)"
    print(f"Thoughtful mode (the solver sees every card), deals {args.deals.start}-{args.deals.stop - 1}, "
          f"budget {args.budget} a deal, {where}.", file=out)
    print(HEADER, file=out)
    options = args.options
    for game_id in games:
        tokens = option_tokens(rules_for(game_id).with_options(**options))
        table = table_name(game_id, tokens)
        done = already_solved(args.csv, game_id, args.budget, tokens) if args.csv is not None else {}
        done = {deal: result for deal, result in done.items() if result.verdict not in args.again}
        results = [done[deal] for deal in args.deals if deal in done]
        if results:
            print(f"{table}: {len(results)} deal(s) already in {args.csv}, not solved again", file=out)
        for result in each_solved(game_id, [d for d in args.deals if d not in done], args.budget.seconds, args.jobs,
                                  options, max_nodes=args.budget.nodes, scheduler=args.scheduler):
            results.append(result)
            if args.csv is not None:
                write_details(args.csv, [result], args.budget)  # at once, so that a stopped run can resume
        print(summarise(table, sorted(results, key=lambda r: r.deal)).line(), file=out, flush=True)
    if args.again:
        compact_details(args.csv)
    return 0


def certify_command(args: argparse.Namespace, out: TextIO) -> int:
    """Write the list of deals proven winnable, which the build ships for "winnable deals only"."""
    games = list(GAMES) if args.game == "all" else [args.game]
    args.out.mkdir(parents=True, exist_ok=True)
    measured = read_details(args.from_csv) if args.from_csv is not None else {}
    for game_id in games:
        if args.from_csv is not None:
            if game_id not in measured:
                raise SystemExit(f"{args.from_csv} has no results for {game_id}")
            results, budget = measured[game_id]
            deals = range(results[0].deal, results[-1].deal + 1)
        else:
            results, budget, deals = solve_deals(game_id, args.deals, args.budget, args.jobs), args.budget, args.deals
        data = certified_list(game_id, deals, results, budget)
        path = args.out / f"{game_id}.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{game_id}: {len(data['winnable'])} of {len(results)} deals proven winnable -> {path}",  # type: ignore[arg-type]
              file=out, flush=True)
    return 0


def prove_command(args: argparse.Namespace, out: TextIO) -> int:
    """The proof alone (``harp.solver.prove``) on one deal, for as long as asked: for the deals
    ``solve`` leaves unknown, at budgets far beyond the table's."""
    game = _game_from(args)
    result = prove(game, max_nodes=args.budget.nodes, max_seconds=args.budget.seconds, prune=not args.every_line)
    said = {WIN: f"won, a line of {len(result.moves)} moves", LOSS: "lost (proven)",
            UNKNOWN: "unknown (the budget ran out)"}[result.verdict]
    print(f"{game.rules.id} deal {game.deal}: {said}; {result.nodes:,} positions in {result.seconds:.1f} s",
          file=out)
    if result.verdict == WIN and args.line:
        print(" ".join(result.moves), file=out)
    return 0


def bench_hints_command(args: argparse.Namespace, out: TextIO) -> int:
    """Follow every hint on the certified-winnable deals (``harp.hint_bench``); ``--nodes`` is
    a hint's budget (the page's, ``harp.solver.hints.DEFAULT_NODES``, by default)."""
    games = args.games or ([args.game] if args.game != "all" else list(GAMES))
    nodes = args.nodes if args.nodes is not None else DEFAULT_NODES
    if args.details is not None:
        with args.details.open("w") as details:
            bench_hints(games, args.deals, nodes, args.seed, args.jobs, args.winnable, out, details)
    else:
        bench_hints(games, args.deals, nodes, args.seed, args.jobs, args.winnable, out)
    return 0


def bench_command(args: argparse.Namespace, out: TextIO) -> int:
    """Fixed deals and a budget in nodes, so that the figures do not depend on the machine's load.

    Each game is solved once with none of the second-round techniques (``before``), then with
    each one added in turn, so every row shows what one more technique does.  ``--last N``
    keeps the last N rows: ``--last 2`` is the newest technique's before and after."""
    if args.what == "hints":
        return bench_hints_command(args, out)
    deals = args.deals
    args.nodes = SOLVER_BENCH_NODES if args.nodes is None else args.nodes
    budget = f"{args.nodes} nodes" + (f" or {args.budget:g}s" if args.budget is not None else "")
    print(f"Solver benchmark: {len(deals)} deals of every game ({deal_text(deals)}), {budget} a deal, "
          "thoughtful mode, one process.", file=out)
    print(f"{'game':<16} {'techniques':<24} {'nodes/s':>8} {'resolved':>9} {'won':>5} {'lost':>5} {'unknown':>7}"
          f" {'nodes':>10}", file=out)
    steps = [TECHNIQUES[:n] for n in range(len(TECHNIQUES) + 1)][-args.last if args.last else 0:]
    games = list(GAMES) if args.game == "all" else [args.game]
    for game_id in games:
        for techniques in steps:
            results = solve_deals(game_id, deals, args.budget, max_nodes=args.nodes, techniques=techniques)
            s = summarise(game_id, results)
            rate = s.nodes / s.seconds if s.seconds else 0.0
            name = "before" if not techniques else "+" + techniques[-1]
            print(f"{game_id:<16} {name:<24} {rate:>8.0f} {100 * s.resolved:>8.1f}% {s.won:>5} {s.lost:>5}"
                  f" {s.unknown:>7} {s.nodes:>10}", file=out, flush=True)
    return 0


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
    p = sub.add_parser("solve", help="measure win rates: solve many deals in thoughtful mode")
    p.add_argument("game", choices=["all", *GAMES], help="game id, or all")
    p.add_argument("--deals", type=deal_range, default=range(1, 101), help="deal range, e.g. 1-1000")
    p.add_argument("--budget", type=budget, default=Budget(seconds=10.0),
                   help="per deal: a time, e.g. 10s (the published win rates), or a number of nodes, "
                        f"e.g. 20000{NODES} (the same results on any machine); a --csv file keeps to one budget")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="solve on the workers of a Dask cluster, e.g. tcp://10.0.0.5:8786, instead of local "
                        "processes (pip install .[cluster] here and on each worker)")
    p.add_argument("--csv", type=Path, default=None,
                   help="also append every deal's result to this CSV file; deals it holds already are skipped")
    p.add_argument("--options", type=rule_options, default={}, metavar="TOKENS",
                   help="other rule options than the game's own, as a deal code writes them: D3 (draw three), "
                        "P1 (one pass), PU (unlimited passes), EA (any card in a space), T0 (no take-back); "
                        "a --csv file keeps each game's options apart, as a table of their own")
    p.add_argument("--again", type=verdicts, default=(), metavar="VERDICTS",
                   help="with --csv: solve again the deals the file holds with these verdicts, e.g. unknown or "
                        "win,unknown (after a change to the solver); their new lines replace the old")
    p = sub.add_parser("prove", help="run the proof alone on one deal, for as long as asked (thoughtful mode)")
    p.add_argument("game", nargs="?", default="easy-harp", choices=list(GAMES), help="game id")
    p.add_argument("deal", nargs="?", type=int, default=1, help="deal number 1..999999")
    p.add_argument("--code", help="a deal code such as EH1-N-AAAAAAF, instead of game and deal")
    p.add_argument("--budget", type=budget, default=Budget(seconds=60.0),
                   help=f"a time, e.g. 60s (the default), or a number of nodes, e.g. 6000000{NODES}")
    p.add_argument("--line", action="store_true", help="also print the winning line")
    p.add_argument("--every-line", action="store_true",
                   help="search every line, with none of the pruning: far slower, a second check of a loss")
    p = sub.add_parser("certify", help="write the lists of deals proven winnable (thoughtful mode)")
    p.add_argument("game", choices=["all", *GAMES], help="game id, or all")
    p.add_argument("--deals", type=deal_range, default=range(1, 101), help="deal range, e.g. 1-1000")
    p.add_argument("--budget", type=seconds, default=5.0, help="time per deal, e.g. 5s")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--out", type=Path, default=Path("static/winnable"), help="folder for the JSON lists")
    p.add_argument("--from", dest="from_csv", type=Path, default=None,
                   help="take the results of an earlier solve --csv run instead of solving again")
    p = sub.add_parser("bench", help="benchmarks")
    p.add_argument("what", choices=["solver", "hints"],
                   help="solver: resolved share with each technique; hints: a player who follows every hint")
    p.add_argument("game", nargs="?", default="all", choices=["all", *GAMES], help="game id, or all")
    p.add_argument("--deals", type=deal_list, default=deal_list("100001-100040,1-10"),
                   help="deals, e.g. 100001-100040,1-10")
    p.add_argument("--nodes", type=int, default=None,
                   help=f"solver: nodes per deal ({SOLVER_BENCH_NODES} by default); hints: nodes a hint "
                        f"({DEFAULT_NODES}, the page's, by default)")
    p.add_argument("--budget", type=seconds, default=None, help="also a time limit per deal")
    p.add_argument("--last", type=int, default=None, metavar="N",
                   help="only the last N rows (2: the newest technique, before and after)")
    p.add_argument("--games", nargs="+", choices=list(GAMES), default=None,
                   help="hints: these games (all by default)")
    p.add_argument("--seed", type=int, default=0, help="hints: the seed of the imagined deals")
    p.add_argument("--jobs", type=int, default=1, help="hints: worker processes")
    p.add_argument("--winnable", type=Path, default=Path("static/winnable"),
                   help="hints: the folder of the certified-winnable lists (certify's JSON)")
    p.add_argument("--details", type=Path, default=None, help="hints: also write a line a deal to this file")
    return parser


def main(argv: list[str] | None = None, out: TextIO = sys.stdout, inp: TextIO = sys.stdin) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "show":
            return show(args, out)
        if args.command == "solve":
            return solve_command(args, out)
        if args.command == "prove":
            return prove_command(args, out)
        if args.command == "certify":
            return certify_command(args, out)
        if args.command == "bench":
            return bench_command(args, out)
        return play(args, out, inp)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
