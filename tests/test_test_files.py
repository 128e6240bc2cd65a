"""Test files have names unique across tests/: pytest imports them by basename
(there are no __init__.py files), so two files of one name fail to collect.
No file imports a conftest (only pytest's loading of conftest files makes that
work): what tests share beside fixtures is in kit modules (tabkit, pagekit, ...).
And the files schedule.py starts first are still there."""

from __future__ import annotations

import re
from collections import Counter

from schedule import LONGEST_FIRST, TESTS


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


def test_no_file_imports_a_conftest() -> None:
    importing = [str(path.relative_to(TESTS)) for path in sorted(TESTS.rglob("*.py"))
                 if re.search(r"^\s*(from conftest import|import conftest\b)", path.read_text(encoding="utf-8"), re.M)]
    assert importing == []


def test_the_files_started_first_exist() -> None:
    assert [name for name in LONGEST_FIRST if not (TESTS / name).is_file()] == []
