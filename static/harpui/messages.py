"""The page's messages outside the cards: toasts, the solver's panel, the
notice line under the header, the screen reader's live region, and the
attributes tests read (think_stats, show_me_running).

Messages is the Renderer's base class (render.py): the messages are part of
ports.Screen, and two of them take room from the board, which the Renderer
gives (dock_panel, refit).
"""

from __future__ import annotations

from pyscript import document

from . import layout
from .dom import by_id, later, nil


class Messages:
    """The page's messages (part of ports.Screen)."""

    def __init__(self) -> None:
        self._toast_seq = 0
        self._notice_seq = 0

    def dock_panel(self, height: float) -> bool:
        """Make room at the bottom of the board for the solver's panel (height px;
        0 once hidden); False when nothing changed.  The Renderer's."""
        return False

    def refit(self) -> None:
        """Lay the board out again if its room changed (the notice line takes room
        from it).  The Renderer's."""

    def announce(self, text: str) -> None:
        """Say text through the page's one polite live region (#announce), which
        screen readers read out; the same words twice are still said twice."""
        el = by_id("announce")
        if nil(el) or not text:
            return
        if str(el.textContent) == text:
            text += "\u00a0"
        el.textContent = text

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """A short non-blocking message, also said to screen readers (announce)."""
        self.announce(text)
        el = by_id("toast")
        el.textContent = text
        el.classList.add("show")
        self._toast_seq += 1
        seq = self._toast_seq

        def hide() -> None:
            if self._toast_seq == seq:
                el.classList.remove("show")
        later(seconds, hide)

    def solver_panel(self, text: str, buttons: set[str]) -> bool:
        """The solver's lasting message with its buttons ('showme', 'rewind',
        'stop'; Close is always there).  False on a page without the panel."""
        panel = by_id("solver-panel")
        if nil(panel):
            return False
        by_id("solver-text").textContent = text
        self.announce(text)
        for name in ("showme", "rewind", "stop"):
            by_id(f"solver-{name}").hidden = name not in buttons
        panel.hidden = False
        for _ in range(3):      # smaller cards make the board narrower, and the panel (as wide) taller
            if not self.dock_panel(layout.dock_height(float(panel.getBoundingClientRect().height))):
                break
        return True

    def hide_solver_panel(self) -> None:
        panel = by_id("solver-panel")
        if not nil(panel) and not panel.hidden:
            panel.hidden = True
        self.dock_panel(0.0)

    def solver_panel_shown(self) -> bool:
        panel = by_id("solver-panel")
        return not nil(panel) and not panel.hidden

    def show_me_running(self, running: bool) -> None:
        """<html data-show-running> while a Show me play-out runs."""
        document.documentElement.toggleAttribute("data-show-running", running)

    def think_stats(self, nodes: int, longest_s: float, slices: int) -> None:
        """The last search's slices, on <html> for people and tests: the most
        nodes one slice explored, the longest slice in milliseconds, and how
        many slices there were."""
        root = document.documentElement
        root.setAttribute("data-think-slice", str(nodes))
        root.setAttribute("data-think-max-ms", f"{longest_s * 1000:.1f}")
        root.setAttribute("data-think-slices", str(slices))

    def notice(self, text: str, seconds: float | None = None) -> None:
        """A quiet line under the header (storage is unavailable, a save failed):
        lasting, or gone after seconds; an empty text takes it away.  It takes
        its room from the board (style.css), so the cards are laid out again."""
        el = by_id("notice")
        el.textContent = text
        el.hidden = not text
        self._notice_seq += 1
        seq = self._notice_seq

        def hide() -> None:
            if self._notice_seq == seq:
                self.notice("")
        if text and seconds:
            later(seconds, hide)
        self.refit()
