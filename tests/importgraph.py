"""Import cycles in a graph of modules (module -> the modules it imports),
for the tests that keep harp/ and buildtools/ importing one way
(tests/engine/test_structure.py, tests/test_buildtools_imports.py)."""

from __future__ import annotations


def assert_no_cycle(graph: dict[str, set[str]], where: str) -> None:
    """AssertionError naming the first import cycle in graph, through any
    number of steps."""
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle in {where}: " + " -> ".join(path + (name,))
        if name not in done:
            for other in sorted(graph[name]):
                visit(other, path + (name,))
            done.add(name)

    for name in graph:
        visit(name, ())
