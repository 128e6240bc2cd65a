# pyscript.ffi: Pyodide's FFI (typings/pyodide/ffi.pyi) with PyScript's defaults.
from collections.abc import Callable
from typing import Any

# A JS function that calls func, kept alive until destroyed.
def create_proxy(func: Callable[..., Any]) -> Any: ...

# Pyodide's to_js, but a dict becomes a JS Object (not a Map) unless
# dict_converter says otherwise. The converters take and return JS objects.
def to_js(
    value: object,
    *,
    depth: int = -1,
    pyproxies: Any = None,
    create_pyproxies: bool = True,
    dict_converter: Callable[[Any], Any] | None = None,
    default_converter: Callable[[Any, Any, Any], Any] | None = None,
    eager_converter: Callable[[Any, Any, Any], Any] | None = None,
) -> Any: ...

# value is Python None or JS null.
def is_none(value: object) -> bool: ...

# JS Object.assign(source, to_js(arg), ...); returns source.
def assign(source: Any, *args: object) -> Any: ...
