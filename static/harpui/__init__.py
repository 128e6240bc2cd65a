"""The browser UI of Harp, run by PyScript on the page's main thread.

    startup     builds the pieces below for a page (index.html, embed.html)
    input       pointer and keyboard events -> intents
    controller  intents -> engine, the game's lifecycle and statistics;
                the one place that saves, then renders
    lifecycle   the game's start, another tab's save, Restart, New, the take-back, the daily deal
    records     the saved record's checks: the game Undo brings back, the moves it plays again
    advisor     the solver's words: hint, Show me, the stuck verdict, the way back
    advicewords a move in words, what it does (the advisor's wording)
    render      the view dict -> DOM (card elements keyed by id, reused)
    motion      the cards' slides, the deal's flight, the win's cascade
    messages    toasts, the solver's panel, the notice line, the live region
    early       the copy of the drawn board that comes back before Python
    store       versioned JSON in localStorage, memory when that throws
    dialogs     New game, Options, Statistics, Help, end-of-game windows
    embed       the embed page's URL, messages and stand-in dialogs
    ports       the Protocols the controller and the advisor are handed
    thinking    the solver run in slices, so the page never freezes
    words, pagewords   the page's words in the player's language, and the markup's
    announce    what a screen reader hears
    sound       short tones (Web Audio), when the player asks for them
    dom         small helpers over the DOM
    boardview, cascade, cards, clock, layout, looks, query, settings, stats, winnable
                pure helpers (tested in CPython too); cascade plans the win's cascade
    precompiled this package's modules as compiled in the player's Python
                snapshot, run instead of compiling them when their source is unchanged
"""

from . import precompiled

precompiled.use(__path__[0])
