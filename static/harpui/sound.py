"""Sounds: short tones made by the browser's Web Audio, no files to load.

Off until the player switches them on in Options (settings["sound"]).  Each
sound played is counted on <html data-sounds> (for people and tests: a test
cannot listen, but it can see that a sound was asked for).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

# kind -> notes (frequency in Hz, start and length in seconds), a wave shape and a loudness.
TONES: dict[str, tuple[list[tuple[float, float, float]], str, float]] = {
    "move": ([(660.0, 0.0, 0.05)], "triangle", 0.06),
    "draw": ([(440.0, 0.0, 0.04)], "triangle", 0.05),
    "refuse": ([(196.0, 0.0, 0.12)], "sine", 0.08),
    "win": ([(523.3, 0.0, 0.14), (659.3, 0.12, 0.14), (784.0, 0.24, 0.14), (1046.5, 0.36, 0.3)], "triangle", 0.08),
}


class Sounds:
    """play(kind) when sound is on (is_on() asks the settings each time)."""

    def __init__(self, is_on: Callable[[], bool]) -> None:
        self.is_on = is_on
        self._context: Any = None
        self.played = 0

    def play(self, kind: str) -> None:
        if kind not in TONES or not self.is_on():
            return
        context = self._audio()
        if context is None:
            return
        notes, wave, loudness = TONES[kind]
        now = float(context.currentTime)
        for frequency, start, length in notes:
            tone = context.createOscillator()
            tone.type = wave
            tone.frequency.value = frequency
            gain = context.createGain()
            gain.gain.setValueAtTime(loudness, now + start)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
            tone.connect(gain)
            gain.connect(context.destination)
            tone.start(now + start)
            tone.stop(now + start + length + 0.02)
        self.played += 1
        document.documentElement.setAttribute("data-sounds", str(self.played))

    def _audio(self) -> Any:
        """The page's one AudioContext, made at the first sound (after a tap, as browsers ask)."""
        if self._context is None:
            maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if maker is None:
                return None
            self._context = maker.new()
        if str(self._context.state) == "suspended":
            self._context.resume()
        return self._context
