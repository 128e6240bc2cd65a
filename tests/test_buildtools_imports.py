"""The build tools' modules import each other one way: no module in
buildtools/ imports another that imports it back, through any number of
steps (as tests/engine/test_structure.py checks for harp/).  What two of them
share lives in a third (common.py, probes.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from importgraph import assert_no_cycle

BUILDTOOLS = Path(__file__).resolve().parents[1] / "buildtools"
MODULES = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(BUILDTOOLS.glob("*.py"))}


def imported(tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of known (buildtools/) a module imports, anywhere in it (inside a
    function too): `from .x import y`, `from . import x`, `from buildtools.x
    import y`, `from buildtools import x`, `import buildtools.x`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level == 1 or node.module == "buildtools"
                                                 or (node.module or "").startswith("buildtools.")):
            module = (node.module or "").removeprefix("buildtools").lstrip(".")
            found |= {module.partition(".")[0]} if module else {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[1] for alias in node.names if alias.name.startswith("buildtools.")}
    return found & known


def test_the_import_reader_sees_each_form() -> None:
    tree = ast.parse("from .a import x\nfrom . import b\ndef f():\n    from buildtools.c import y\n"
                     "import buildtools.d\nfrom buildtools import e\nimport json\nfrom os import path\n")
    assert imported(tree, {"a", "b", "c", "d", "e", "json", "os", "path"}) == {"a", "b", "c", "d", "e"}


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = {name: imported(tree, set(MODULES)) - {name} for name, tree in MODULES.items()}
    assert {"bench", "bench_serving", "bench_chromium", "bench_moves", "bench_figures", "bench_browsers",
            "probes"} <= graph.keys(), "the bench's modules are checked"
    assert_no_cycle(graph, "buildtools/")
