"""The browser UI of Harp, run by PyScript on the page's main thread.

    input       pointer and keyboard events -> intents
    controller  intents -> engine; the one place that saves, then renders
    render      the view dict -> DOM (card elements keyed by id, reused)
    store       versioned JSON in localStorage, memory when that throws
    dialogs     New game, Options, Statistics, Help, end-of-game windows
    cards, layout, stats   pure helpers (tested in CPython too)
"""
