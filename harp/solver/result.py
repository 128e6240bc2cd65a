"""The solver's answer: ``Result``, with its verdict ``WIN``, ``LOSS`` or ``UNKNOWN``."""

from __future__ import annotations

from dataclasses import dataclass, field

WIN = "win"
LOSS = "loss"
UNKNOWN = "unknown"


@dataclass
class Result:
    verdict: str  # "win", "loss" or "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line, for a win
    nodes: int = 0
    seconds: float = 0.0
    best_move: str | None = None  # first move of the win, or of the most promising line
    thoughtful: bool = False
    frontier: bool = False  # fair mode: a move that reveals an unknown card was reachable

    def __repr__(self) -> str:
        return f"<Result {self.verdict} nodes={self.nodes} moves={len(self.moves)} best={self.best_move!r}>"
