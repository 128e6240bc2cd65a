# PyScript's main-thread names the page imports. A JS object through
# Pyodide's FFI has whatever attributes JS gives it: Any.
from typing import Any

document: Any  # the page's document
window: Any    # the page's globalThis
