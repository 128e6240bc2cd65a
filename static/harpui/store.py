"""Versioned JSON storage over localStorage, falling back to memory.

Pure Python: the browser's ``window.localStorage`` is passed in (anything with
getItem/setItem/removeItem works), so CPython tests can hand in a fake.

Every record is stored as ``{"v": VERSION, "data": ...}`` under ``harp.<name>``.
Two ways saving can fail, told apart because only one of them may pass:

* storage that is not there (no localStorage, or reading it throws: private
  mode, a sandboxed iframe) stays so: the store works in memory for good;
* a write that throws (the storage is full) leaves the old record in place,
  as browsers do; the store keeps the new one in memory, says so in its
  ``notice``, and writes it at the next save that gets through.

Either way every record reads back as last saved, from memory when need be.
A record that does not parse is copied to ``harp.backup.<name>``, removed
from its key (only once the copy is written) so it is reported once, and the
caller gets ``None`` plus a problem to report.
"""

from __future__ import annotations

import json
from typing import Any

from .words import LANGUAGES, catalogue, t

VERSION = 1
PREFIX = "harp."
BACKUP_PREFIX = "harp.backup."


class Store:
    def __init__(self, backend: Any = None, namespace: str = "") -> None:
        """``namespace`` goes before every key: the embed page keeps its records
        apart from the main page's under ``embed.``."""
        self._backend = backend
        self._namespace = namespace
        self._memory: dict[str, str] = {}
        self._unsaved: set[str] = set()       # keys whose last write is only in memory
        self._waits_for: dict[str, str] = {}  # key -> the backup key it may not be written before
        self.in_memory = backend is None
        self._notice: str | None = "store.no_saving" if backend is None else None
        self.problems: list[str] = []
        self.quarantined: set[str] = set()
        if backend is not None:
            self._get(self._key("settings"))  # storage that cannot even be read is not there

    @property
    def notice(self) -> str | None:
        """Why saving does not work here, if it does not (in the page's language when asked)."""
        if self._notice:
            return t(self._notice)
        return t("store.save_failed") if self._unsaved else None

    @property
    def failing(self) -> bool:
        """Some record's last save is only in memory: the storage refused it (it is full)."""
        return bool(self._unsaved)

    # -- raw access -------------------------------------------------------
    def _fall_back(self, error: Exception) -> None:
        if not self.in_memory:
            self.in_memory = True
            self._unsaved.clear()
            self._notice = "store.memory_only"

    def _get(self, key: str) -> str | None:
        if not self.in_memory and key not in self._unsaved:
            try:
                value = self._backend.getItem(key)
            except Exception as error:  # noqa: BLE001 - any storage failure
                self._fall_back(error)
            else:
                if value is None or not isinstance(value, str):
                    return None
                return value
        return self._memory.get(key)

    def _set(self, key: str, value: str) -> bool:
        """Keep value under key and write it; once a write gets through, those
        refused before are tried again.  Whether value is stored (in memory
        only, where there is no storage)."""
        self._memory[key] = value
        if self.in_memory:
            return True
        self._unsaved.add(key)
        if not self._write(key):
            return False
        for other in sorted(self._unsaved):
            self._write(other)
        return True

    def _write(self, key: str) -> bool:
        """Write key's value from memory to the storage; False when it is refused,
        or would go over an unreadable record whose backup cannot be written first."""
        backup = self._waits_for.get(key)
        if backup in self._unsaved and not self._write(backup):
            return False
        try:
            self._backend.setItem(key, self._memory[key])
        except Exception:  # noqa: BLE001 - full, or refused for another reason: try again later
            return False
        self._unsaved.discard(key)
        return True

    def _remove(self, key: str) -> None:
        self._memory.pop(key, None)
        self._unsaved.discard(key)
        if not self.in_memory:
            try:
                self._backend.removeItem(key)
            except Exception as error:  # noqa: BLE001 - any storage failure, as in _get
                self._fall_back(error)

    # -- records ------------------------------------------------------------
    def save(self, name: str, data: Any) -> None:
        self._set(self._key(name), json.dumps({"v": VERSION, "data": data},
                                            separators=(",", ":")))

    def load(self, name: str) -> Any:
        """The stored data, or None when absent or unreadable (then backed up)."""
        raw = self._get(self._key(name))
        if raw is None:
            return None
        try:
            record = json.loads(raw)
            if not isinstance(record, dict) or record.get("v") != VERSION or "data" not in record:
                raise ValueError("unknown save format")
        except ValueError:
            self.quarantine(name, raw, "it is not in a format this version understands")
            return None
        return record["data"]

    def quarantine(self, name: str, raw: str | None = None, why: str = "") -> None:
        """Keep an unreadable record under the backup key and drop it from its own."""
        if raw is None:
            raw = self._get(self._key(name))
        backup = self._namespace + BACKUP_PREFIX + name
        if raw is None or self._set(backup, raw):
            self._remove(self._key(name))
        else:       # the storage is full: the record stays, and no save goes over it before its backup
            self._waits_for[self._key(name)] = backup
        self.quarantined.add(name)
        record = t(f"store.record.{name}") if f"store.record.{name}" in catalogue(LANGUAGES[0]) else name
        self.problems.append(t("store.unreadable", name=record, why=t("store.why", why=why) if why else "",
                               backup=backup))

    def _key(self, name: str) -> str:
        return self._namespace + PREFIX + name

    def name_of(self, key: str | None) -> str | None:
        """The record name a storage key holds in this store's namespace, or None
        (another namespace's key, a backup, or the whole storage cleared)."""
        start = self._namespace + PREFIX
        if key is None or not key.startswith(start) or key.startswith(self._namespace + BACKUP_PREFIX):
            return None
        return key[len(start):]

    def written_elsewhere(self, name: str, raw: Any) -> None:
        """Another tab stored raw under name (a storage event's newValue).  Its
        change is the later one: if this tab's save has gone over it since (a
        save waits for the frame that shows its move), it is put back."""
        key = self._key(name)
        if not self.in_memory and isinstance(raw, str) and self._get(key) != raw:
            self._set(key, raw)         # (a store in memory only has no part in the storage)

    def take_problems(self) -> list[str]:
        """Problems to report, each exactly once."""
        out, self.problems = self.problems, []
        return out
