"""harpui.precompiled in CPython: the UI's code kept in a snapshot is used only for
unchanged sources (the browser side: tests/browser/test_snapshot.py)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from harpui.precompiled import STORE, KeptCodeLoader, compile_package, use


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throwaway package `keptpkg` (modules `answer` and `word`) on sys.path,
    which the tests import by name (it exists only at run time); whatever the
    test imports or keeps is forgotten afterwards."""
    root = tmp_path / "keptpkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "answer.py").write_text("VALUE = 42\n")
    (root / "word.py").write_text("WORD = 'kept'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(KeptCodeLoader, "codes", {})
    monkeypatch.setattr(KeptCodeLoader, "taken", [])
    yield root
    for name in [n for n in sys.modules if n == "keptpkg" or n.startswith("keptpkg.")] + [STORE]:
        sys.modules.pop(name, None)
    for folder in [p for p in sys.path_importer_cache if p.startswith(str(tmp_path))]:
        del sys.path_importer_cache[folder]


def test_every_module_of_the_folder_is_compiled_with_its_source(package: Path) -> None:
    assert compile_package(str(package)) == 3
    codes = sys.modules[STORE].codes
    word = str(package / "word.py")
    assert set(codes) == {str(package / n) for n in ("__init__.py", "answer.py", "word.py")}
    source, code = codes[word]
    assert source == b"WORD = 'kept'\n" and code.co_filename == word
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["WORD"] == "kept"


def test_without_kept_code_imports_are_left_alone(package: Path) -> None:
    assert use(str(package)) is False
    assert str(package) not in sys.path_importer_cache
    answer = importlib.import_module("keptpkg.answer")
    assert answer.VALUE == 42 and KeptCodeLoader.taken == []


def test_an_unchanged_module_runs_the_kept_code(package: Path) -> None:
    compile_package(str(package))
    path = str(package / "answer.py")
    source, _ = sys.modules[STORE].codes[path]
    # The kept code says something else than the file: only the kept code can answer 7.
    sys.modules[STORE].codes[path] = (source, compile("VALUE = 7\n", path, "exec"))
    keptpkg = importlib.import_module("keptpkg")
    assert use(keptpkg.__path__[0]) is True
    answer = importlib.import_module("keptpkg.answer")
    assert answer.VALUE == 7
    assert KeptCodeLoader.taken == ["keptpkg.answer"]


def test_a_changed_module_is_compiled_from_its_new_source(package: Path) -> None:
    compile_package(str(package))
    (package / "answer.py").write_text("VALUE = 43\n")
    keptpkg = importlib.import_module("keptpkg")
    use(keptpkg.__path__[0])
    answer = importlib.import_module("keptpkg.answer")
    assert answer.VALUE == 43
    assert KeptCodeLoader.taken == []

