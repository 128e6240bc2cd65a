"""The engine's modules keep to their own: no import cycle, no reaching into another module's privates."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from importgraph import assert_no_cycle

HARP = Path(__file__).resolve().parents[2] / "harp"


def _dotted(path: Path) -> str:
    """A module's name inside harp: "cards", "solver.moves"; a package is its __init__.py
    ("solver"), and harp's own __init__.py is ""."""
    parts = path.relative_to(HARP).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


PATHS = {_dotted(path): path for path in sorted(HARP.rglob("*.py"))}
MODULES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in PATHS.items()}
PACKAGES = {name for name, path in PATHS.items() if path.name == "__init__.py"}


def _shown(name: str) -> str:
    return str(PATHS[name].relative_to(HARP.parent))


def _imports(tree: ast.Module) -> list[ast.ImportFrom]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level >= 1]


def _imported(name: str, node: ast.ImportFrom) -> list[str]:
    """The engine's modules a relative import in module ``name`` names: ``from .game import X``,
    ``from . import game``, or from a subpackage ``from ..cards import X``."""
    package = name if name in PACKAGES else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    base = package + "." if package else ""
    if node.module:
        return [base + node.module]
    return [base + alias.name for alias in node.names]


def _optional_extras() -> set[str]:
    """The packages of pyproject.toml's optional extras (``cluster``: Dask's distributed)."""
    with open(HARP.parent / "pyproject.toml", "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    return {re.split(r"[=<>~!\[ ;]", spec, maxsplit=1)[0] for specs in extras.values() for spec in specs}


def test_every_import_is_at_module_level() -> None:
    """So that no import hides a cycle.  The one exception: an optional extra is imported
    where it is used, so that the engine runs on the standard library alone."""
    optional = _optional_extras()
    assert optional == {"distributed"}
    for name, tree in MODULES.items():
        top = {id(node) for node in tree.body}
        nested = [n.lineno for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in top
                  and not _under_type_checking(tree, n)
                  and not (isinstance(n, ast.ImportFrom) and n.level == 0 and n.module in optional)]
        assert not nested, f"{_shown(name)} imports inside a function or block at lines {nested}"


def _under_type_checking(tree: ast.Module, node: ast.AST) -> bool:
    for block in tree.body:
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING":
            if any(child is node for child in ast.walk(block)):
                return True
    return False


def test_the_modules_import_each_other_without_a_cycle() -> None:
    graph = {name: {m for node in _imports(tree) for m in _imported(name, node) if m in MODULES and m != name}
             for name, tree in MODULES.items()}
    assert {"solver", "solver.moves", "solver.portfolio"} <= set(graph), "the solver's package is checked too"
    assert_no_cycle(graph, "harp/")


def test_no_module_imports_another_modules_private_names() -> None:
    for name, tree in MODULES.items():
        private = [(node.module, alias.name) for node in _imports(tree) for alias in node.names
                   if alias.name.startswith("_") and not alias.name.startswith("__")]
        assert not private, f"{_shown(name)} imports private names {private}"


def _defined_private_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.startswith("_"):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr.startswith("_"):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id.startswith("_"):
            names.add(node.target.id)
    return names


def test_no_module_reads_another_modules_private_attributes() -> None:
    for name, tree in MODULES.items():
        own = _defined_private_names(tree)
        foreign = sorted({f"{node.attr} (line {node.lineno})" for node in ast.walk(tree)
                          if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                          and not node.attr.startswith("__") and node.attr not in own})
        assert not foreign, f"{_shown(name)} reads private attributes of another module: {foreign}"
