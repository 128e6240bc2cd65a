"""What the controller and the advisor ask of the pieces around them, as Protocols.

The page plugs in harpui.render.Renderer, harpui.store.Store,
harpui.dialogs.Dialogs (or the embed's harpui.embed.EmbedDialogs) and
harpui.thinking.SlicedSolver; CPython tests plug in fakes that do the same.
Pure Python: nothing here touches the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import harp


class Notices(Protocol):
    """Short messages for the player."""

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """A passing message."""

    def notice(self, text: str, seconds: float | None = None) -> None:
        """A quiet line (storage is unavailable, a save failed or was unreadable):
        lasting, or gone after seconds; an empty text takes it away."""


class Piles(Protocol):
    """The cards of the board as last drawn."""

    def pile_cards(self, pile: str) -> list[str]:
        """A pile's cards bottom to top, '??' for a face-down one."""
        ...


class Screen(Notices, Piles, Protocol):
    """The renderer, as the controller and the advisor use it."""

    def render(self, view: dict[str, Any], rules: harp.Rules, info: dict[str, Any]) -> None:
        """Draw the game's view; info carries the header texts and settings, and whether
        Undo can bring back a game left ("take_back") and Finish is offered ("finish")."""

    def show_clock(self, seconds: int) -> None: ...

    def announce(self, text: str) -> None:
        """Words for screen readers only, through the page's one live region
        (a toast and the solver's panel are said there too)."""

    def show_hint(self, source: str, count: int, target: str | None) -> None:
        """Mark a move on the board for a moment."""

    def clear_hint(self) -> None: ...

    def solver_panel(self, text: str, buttons: set[str]) -> bool:
        """The solver's lasting message with its buttons ('showme', 'rewind', 'stop');
        False on a page without the panel (then the advisor toasts instead)."""
        ...

    def hide_solver_panel(self) -> None: ...

    def think_stats(self, nodes: int, longest_s: float, slices: int) -> None:
        """The last search's slices, for people and tests."""

    def show_me_running(self, running: bool) -> None:
        """Whether a Show me play-out is still running (it may be waiting to
        notice a Stop), for tests that check nothing moves after Stop."""


class Storage(Protocol):
    """Versioned records that survive a reload (harpui.store.Store)."""

    quarantined: set[str]       # records found unreadable and kept under a backup key

    @property
    def notice(self) -> str | None:
        """Why saving does not work here now, if it does not."""
        ...

    @property
    def failing(self) -> bool:
        """A save was refused (the storage is full): it is kept in memory for now."""
        ...

    def load(self, name: str) -> Any: ...

    def save(self, name: str, data: Any) -> None: ...

    def quarantine(self, name: str, raw: str | None = None, why: str = "") -> None: ...

    def take_problems(self) -> list[str]: ...


class DialogWindows(Protocol):
    """The windows the controller, the advisor and input open."""

    def open(self, name: str) -> None:
        """'new', 'settings', 'stats' or 'help'."""

    def close_game_end(self) -> None:
        """Close a won or stuck window: another game is in play."""

    def show_won(self, view: dict[str, Any], seconds: int, assisted: bool = False,
                 feats: Sequence[str] = ()) -> None:
        """The game is won (assisted: Show me finished it, so it does not count);
        feats: what the win boasts of ("New best time: 3:12"), in words."""

    def show_stuck(self, checks: list[harp.StuckCheck]) -> bool:
        """Nothing useful is left to play: show the four checks.  True when the
        window waits for the solver's verdict (then stuck_verdict follows)."""
        ...

    def stuck_verdict(self, kind: str, text: str, back: int | None) -> None:
        """The solver's word on a stuck game: kind 'loss', 'win', 'move' or 'unknown';
        back: how many moves ago a win was known."""

    def confirm_peek(self) -> None:
        """Ask before Show me lets the solver see every card (then the advisor's peek_and_show)."""

    def show_corrupt(self, problems: list[str]) -> None:
        """Saved records could not be read (they were kept under backup keys)."""


class Search(Protocol):
    """A solver search that advances a little at a time (harp.solver.start_search, and the
    searches made of several, harp.solver.HintSearch and WayBackSearch)."""

    def advance(self, budget: int) -> Any: ...

    def release(self, budget: int) -> bool:
        """Forget up to budget positions; True once none is left (a finished search)."""
        ...


class Thinker(Protocol):
    """Runs the solver without freezing the page (harpui.thinking.SlicedSolver)."""

    def start(self, game: harp.Game, thoughtful: bool, seconds: float) -> Search | None:
        """A search of a copy of game, or None where the solver is not available."""
        ...

    def start_hint(self, game: harp.Game, avoid: frozenset[str]) -> Search | None:
        """The search for the hint of game's position (its answer a harp.solver.Hint), leaving
        out the moves in avoid; None where the solver is not available."""
        ...

    def start_way_back(self, game: harp.Game, winnable_at: int | None) -> Search | None:
        """The search for the last winnable point of game's line (its answer a
        harp.solver.WayBack), from a point known winnable if any."""
        ...

    async def run(self, search: Search, still_wanted: Callable[[], bool],
                  on_slice: Callable[[int], None] | None = None) -> Any:
        """Think until search has its answer; None as soon as still_wanted() turns false."""
        ...

    def last_run(self) -> tuple[int, float, int]:
        """The last run's most nodes in a slice, its longest slice in seconds, its slices."""
        ...


class Table(Protocol):
    """The controller, as the advisor uses it: the game in play, and the two
    ways the solver changes it (each saved and drawn by the controller)."""

    @property
    def game(self) -> harp.Game: ...

    @property
    def version(self) -> int:
        """Bumped by every change: a search started at another version is stale."""
        ...

    @property
    def dialogs(self) -> DialogWindows | None: ...

    def play_for_solver(self, move: str) -> bool:
        """Show me plays move (the game then counts as assisted)."""
        ...

    def undo_back(self, count: int) -> int:
        """Undo up to count actions as one change; how many were undone."""
        ...
