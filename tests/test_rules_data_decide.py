"""Rules data decides: no code outside the engine's rules table compares a game's id.

A behaviour that differs between games is a field of ``harp.Rules`` (or, for
words on a page, the game's prose), so a new game is one ``Rules(...)`` entry
plus its prose.  This looks for a game id compared with ``==``/``!=`` or
tested with ``in`` in the UI, the CLI, the build and the tools.
"""

from __future__ import annotations

import re
from pathlib import Path

import harp
import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = [
    *sorted((ROOT / "static").rglob("*.py")),
    ROOT / "harp" / "cli.py",
    ROOT / "build.py",
    *sorted((ROOT / "buildtools").glob("*.py")),
    *sorted((ROOT / "tools").glob("*.py")),
]
IDS = "|".join(re.escape(g) for g in harp.GAMES)
QUOTED = rf"""["'](?:{IDS})["']"""
COMPARED = re.compile(
    rf"""(?:==|!=)\s*{QUOTED}|{QUOTED}\s*(?:==|!=)|\bin\s*[(\[{{][^)\]}}]*{QUOTED}"""
)


def test_the_pattern_finds_a_comparison() -> None:
    assert COMPARED.search('if game_id == "easy-harp":')
    assert COMPARED.search("if 'harpan' != rules.id:")
    assert COMPARED.search('if g in ("harp", "gargantua"):')
    assert not COMPARED.search('default="easy-harp"')


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_id_is_compared(path: Path) -> None:
    found = COMPARED.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} compares a game id: {found}"
