"""``str(game)``: a plain-text board for debugging and bug reports."""

from __future__ import annotations

from .position import Position


def board_text(game: Position) -> str:
    view = game.view()
    passes = "unlimited" if view["passes_left"] is None else str(view["passes_left"])
    lines = [
        f"{game.rules.name}  {view['code']}  score {view['score']}  moves {view['moves']}"
        + ("  WON" if view["won"] else ""),
        f"stock {view['stock']:>3}  redeals left: {passes}  draw {view['draw']}",
        "waste  " + (" ".join(view["waste"][-6:]) or "--"),
        "  ".join(f"f{i + 1}:{f[-1] if f else '--'}" for i, f in enumerate(view["foundations"])),
    ]
    width = len(str(len(view["tableau"])))
    for i, col in enumerate(view["tableau"]):
        lines.append(f"t{i + 1:<{width}}  " + (" ".join(col) or "--"))
    return "\n".join(lines)
