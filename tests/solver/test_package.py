"""The solver package keeps one job per module: none grows past 400 lines (split it by job
first), and the package's docstring names every module with its job."""

from __future__ import annotations

from pathlib import Path

import harp.solver

PACKAGE = Path(harp.solver.__file__).parent
MODULES = sorted(path for path in PACKAGE.glob("*.py") if path.name != "__init__.py")


def test_no_module_of_the_solver_is_over_400_lines() -> None:
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in MODULES}
    assert len(lengths) >= 15 and all(lengths.values())
    assert {name: n for name, n in lengths.items() if n > 400} == {}


def test_the_package_docstring_names_every_module_and_its_job() -> None:
    doc = harp.solver.__doc__ or ""
    listed = {line.split()[0] for line in doc.split("The modules, one job each")[1].splitlines()
              if line.startswith("    ") and len(line.split()) > 1}
    assert listed == {path.stem for path in MODULES}
