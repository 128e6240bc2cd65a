"""Fakes of the page's browser objects for the UI tests in CPython (not a
test module)."""

from __future__ import annotations


class FakeStorage:
    """localStorage's three methods over a dict.  broken=True makes each
    throw, as a browser's storage does when it is full or turned off."""

    def __init__(self, items: dict[str, str] | None = None, broken: bool = False) -> None:
        self.items = dict(items or {})
        self.broken = broken

    def _check(self) -> None:
        if self.broken:
            raise RuntimeError("QuotaExceededError")

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's name
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self._check()
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self._check()
        self.items.pop(key, None)
