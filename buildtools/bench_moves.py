"""`build.py bench`'s scripted moves: the line of taps and drags whose move
latency it times (bench_chromium.py plays it), chosen with harp in CPython.
tests/crossbrowser/visitkit.py plays such a line too, in Firefox and WebKit.
"""

from __future__ import annotations

import json

from harp.notation import split_move

DEAL = "EH1-N-AAAAAAF"          # the deal the move latency is measured on
MOVES = 20                      # scripted taps and drags per run


def scripted_moves(code: str = DEAL, count: int = MOVES) -> list[tuple[str, str]]:
    """(gesture, move) pairs on the deal, legal in turn: 'tap' for a card that a
    tap sends to a foundation and for the stock, 'drag' for a move to a column.
    Drags and taps alternate where both exist; no move returns to a position
    seen before, so the line never goes round in circles."""
    import harp

    g = harp.Game.from_code(code)
    seen = {json.dumps(g.view(), sort_keys=True)}
    out: list[tuple[str, str]] = []
    while len(out) < count:
        fresh: list[str] = []
        for m in g.legal_moves():
            if m.startswith("f"):
                continue
            g.play(m)
            key = json.dumps(g.view(), sort_keys=True)
            g.undo()
            if key not in seen:
                fresh.append(m)
        taps = [m for m in fresh if ">f" in m and g.foundation_move(m.split(">")[0]) == m]
        dragged = [m for gesture, m in out if gesture == "drag"]
        back = split_move(dragged[-1]) if dragged else None  # do not just put the last card back
        drags = [m for m in fresh if ">t" in m
                 and not (back and split_move(m)[0] == back[2] and split_move(m)[2] == back[0])]
        drags.sort(key=lambda m: -split_move(m)[1])      # runs of cards first
        if "s" in fresh:
            taps.append("s")
        if not taps and not drags:
            break
        want_drag = len(out) % 2 == 1
        gesture, move = ("drag", drags[0]) if drags and (want_drag or not taps) else ("tap", taps[0])
        g.play(move)
        seen.add(json.dumps(g.view(), sort_keys=True))
        out.append((gesture, move))
    return out
