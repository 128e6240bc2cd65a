"""Per-game statistics, as plain JSON-able dicts (the settings: settings.py).

Pure Python.  A game counts as played once its first move is made; starting
another game before winning an unfinished, counted one ends the streak (and
Undo, bringing that game back, brings the statistics from before back too).
"""

from __future__ import annotations

from typing import Any

EMPTY_RECORD = {"played": 0, "won": 0, "streak": 0, "best_streak": 0,
                "best_score": 0, "best_time": None}
DAILY = "daily"      # the daily deals' record among the games': not a game id
EMPTY_DAILY = {"last": 0, "streak": 0, "best": 0}   # last: the day (date.toordinal()) a daily deal was last won


class Stats:
    def __init__(self, data: Any = None) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.daily = dict(EMPTY_DAILY)
        if isinstance(data, dict):
            for game_id, rec in data.items():
                if game_id == DAILY and isinstance(rec, dict):
                    self.daily.update({k: v for k, v in rec.items() if k in EMPTY_DAILY and type(v) is int})
                elif isinstance(rec, dict):
                    clean = dict(EMPTY_RECORD)
                    clean.update({k: v for k, v in rec.items()
                                  if k in EMPTY_RECORD and (isinstance(v, int) or v is None)})
                    self.games[str(game_id)] = clean

    def record(self, game_id: str) -> dict[str, Any]:
        return self.games.setdefault(game_id, dict(EMPTY_RECORD))

    def started(self, game_id: str) -> None:
        self.record(game_id)["played"] += 1

    def abandoned(self, game_id: str) -> None:
        self.record(game_id)["streak"] = 0

    def won(self, game_id: str, score: int, seconds: int) -> list[tuple[str, int]]:
        """Count a win; return what the win can boast of, as (key, number) pairs:
        ("best_time", seconds) and ("best_score", score) when it beats an earlier
        win's, ("streak", n) from two wins in a row on."""
        rec = self.record(game_id)
        feats: list[tuple[str, int]] = []
        if rec["won"] and rec["best_time"] is not None and seconds < rec["best_time"]:
            feats.append(("best_time", seconds))
        if rec["won"] and score > rec["best_score"]:
            feats.append(("best_score", score))
        rec["won"] += 1
        rec["streak"] += 1
        if rec["streak"] >= 2:
            feats.append(("streak", rec["streak"]))
        rec["best_streak"] = max(rec["best_streak"], rec["streak"])
        rec["best_score"] = max(rec["best_score"], score)
        if rec["best_time"] is None or seconds < rec["best_time"]:
            rec["best_time"] = seconds
        return feats

    @staticmethod
    def win_rate(rec: dict[str, Any], in_play: int = 0) -> str:
        """Won out of the games finished: in_play games (the one on the table,
        counted once moved in) are neither won nor lost yet."""
        finished = rec["played"] - in_play
        if finished <= 0:
            return "\u2013"
        return f"{round(100 * rec['won'] / finished)}%"

    def won_daily(self, day: int) -> int:
        """Count today's daily deal won (day: date.toordinal()); return the
        daily streak: days in a row, up to today, with the daily deal won."""
        rec = self.daily
        if rec["last"] != day:
            rec["streak"] = rec["streak"] + 1 if rec["last"] == day - 1 else 1
            rec["last"] = day
            rec["best"] = max(rec["best"], rec["streak"])
        return int(rec["streak"])

    def daily_streak(self, day: int) -> tuple[bool, int]:
        """(today's daily deal won, the daily streak as it stands today)."""
        last, streak = self.daily["last"], self.daily["streak"]
        return last == day, streak if last in (day, day - 1) else 0

    def to_data(self) -> dict[str, Any]:
        if self.daily["last"]:
            return {**self.games, DAILY: self.daily}
        return self.games
