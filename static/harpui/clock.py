"""The game's clock: seconds played, from the first move to the win.

Pure Python.  It runs only while the game is played (the first move after a
load or a new deal starts it) and a win stops it; a save keeps the seconds so
far, and a reload goes on from them.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self.elapsed = 0.0                  # seconds played before _since
        self._since: float | None = None    # when it last started running; None: stopped

    def reset(self, elapsed: float = 0.0) -> None:
        """Stopped, at elapsed seconds (another game, or a saved one)."""
        self.elapsed = elapsed
        self._since = None

    def run(self) -> None:
        """A move was made: run, if not running already."""
        if self._since is None:
            self._since = self._now()

    def stop(self) -> float:
        """Stop (the game is won) and return the seconds played."""
        self.elapsed, self._since = self.seconds(), None
        return self.elapsed

    def seconds(self) -> float:
        if self._since is None:
            return self.elapsed
        return self.elapsed + self._now() - self._since
