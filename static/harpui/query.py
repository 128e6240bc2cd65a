"""URL query strings ('a=1&b=x%20y'), read as urllib.parse.parse_qs reads them.

Not urllib.parse itself: in Pyodide it imports ipaddress, and the standard
library there is compiled from source at import.  Timed in the page on a
plain boot, the two took 120-180 ms of the imports with a profiler on, and
without it the page was ready 25-100 ms sooner from main.py's start once
they were gone.  tests/ui/test_query.py checks this module against
urllib.parse.parse_qs over random strings.
"""

from __future__ import annotations

import re

_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote_plus(text: str) -> str:
    """'+' as a space and %XX escapes as UTF-8 (bytes that do not decode become U+FFFD)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda run: bytes.fromhex(run.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def parse_query(query: str, keep_blank_values: bool = False) -> dict[str, list[str]]:
    """Each name's values in order, split on '&'; a field without '=' or with an
    empty value is kept (as '') only with keep_blank_values."""
    values: dict[str, list[str]] = {}
    for field in query.split("&"):
        if not field:
            continue
        name, equals, value = field.partition("=")
        if not equals and not keep_blank_values:
            continue
        if value or keep_blank_values:
            values.setdefault(unquote_plus(name), []).append(unquote_plus(value))
    return values


_CODE_IN_LINK = re.compile(r"[?#&]code=([^&#\s]*)")


def code_in(text: str) -> str:
    """The deal code in what a player typed or pasted: the text itself, or the
    code a shared link names ('https://.../?code=EH1-N-AAAAAAF')."""
    text = text.strip()
    found = _CODE_IN_LINK.search(text)
    return unquote_plus(found.group(1)).strip() if found else text
