# pyodide.ffi: the one name the page imports from it.
from typing import Any

# A JS function (a JsDoubleProxy) that calls obj, kept alive until destroyed.
def create_proxy(obj: object, /, *, capture_this: bool = False, roundtrip: bool = True) -> Any: ...
