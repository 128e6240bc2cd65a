"""The engine's modules keep to their own: no import cycle, no reaching into another module's privates."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

HARP = Path(__file__).resolve().parents[2] / "harp"
MODULES = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(HARP.glob("*.py"))}


def _imports(tree: ast.Module) -> list[ast.ImportFrom]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1]


def _sibling(node: ast.ImportFrom) -> list[str]:
    """The sibling modules a relative import names: ``from .game import X`` or ``from . import game``."""
    return [node.module] if node.module else [alias.name for alias in node.names]


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
        assert not nested, f"harp/{name}.py imports inside a function or block at lines {nested}"


def _under_type_checking(tree: ast.Module, node: ast.AST) -> bool:
    for block in tree.body:
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING":
            if any(child is node for child in ast.walk(block)):
                return True
    return False


def test_the_modules_import_each_other_without_a_cycle() -> None:
    graph = {name: {m for node in _imports(tree) for m in _sibling(node) if m in MODULES} for name, tree in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, "import cycle: " + " -> ".join(path + (name,))
        if name not in done:
            for other in sorted(graph[name]):
                visit(other, path + (name,))
            done.add(name)

    for name in MODULES:
        visit(name, ())


def test_no_module_imports_another_modules_private_names() -> None:
    for name, tree in MODULES.items():
        private = [(node.module, alias.name) for node in _imports(tree) for alias in node.names
                   if alias.name.startswith("_") and not alias.name.startswith("__")]
        assert not private, f"harp/{name}.py imports private names {private}"


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
        assert not foreign, f"harp/{name}.py reads private attributes of another module: {foreign}"
