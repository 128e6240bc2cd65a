"""Deal codes: ``EH1-N-AAAAAAF`` is Easy Harp, rules version 1, numbered deal 5.

A code is ``<prefix><version>[-<options>]-<N|D>-<number>``.  The number is
written in base 26 with A = 0, padded to seven letters.  Options appear only
when they differ from the game's defaults, in a fixed order: ``D3`` (draw),
``P3``/``PU`` (passes, U = unlimited), ``EA``/``EK`` (empty column takes any
card / a king), ``T1``/``T0`` (take-back allowed or not).
"""

from __future__ import annotations

import datetime
import re

from .rng import mix
from .rules import GAMES, Rules

RULES_VERSION = 1
MAX_DEAL = 999_999
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_CODE_LENGTH = 64  # "EH1-D3P3EAT1-N-AAAAAAF" is 22; the rest is room for pass counts up to 10**40
_OPTION = re.compile(r"D(\d+)|P(\d+|U)|E([AK])|T([01])")


def check_deal(deal: object) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"deal must be a whole number from 1 to {MAX_DEAL}, not {deal!r}")
    return deal


def daily_deal(date: datetime.date) -> int:
    """The deal number everyone gets on ``date``: the same on every machine."""
    if not isinstance(date, datetime.date):
        raise ValueError(f"daily_deal takes a calendar date (datetime.date), not {type(date).__name__}")
    # One integer per date: ``mix`` only XORs and adds its arguments into the
    # generator's state, so mix(year, month, day) collided for most dates
    # (64 distinct deals in two years).  Each ordinal is a distinct seed.
    return mix(date.toordinal()) % MAX_DEAL + 1


def number_to_letters(n: int) -> str:
    letters = ""
    for _ in range(7):
        n, r = divmod(n, 26)
        letters = _LETTERS[r] + letters
    return letters


def encode(rules: Rules, deal: int, daily: bool) -> str:
    options = rules.non_default_options()
    parts = [f"{rules.prefix}{RULES_VERSION}"]
    tokens = ""
    if "draw" in options:
        tokens += f"D{rules.draw}"
    if "passes" in options:
        tokens += "PU" if rules.passes is None else f"P{rules.passes}"
    if "empty" in options:
        tokens += "EA" if rules.empty == "any" else "EK"
    if "takeback" in options:
        tokens += "T1" if rules.takeback else "T0"
    if tokens:
        parts.append(tokens)
    parts += ["D" if daily else "N", number_to_letters(deal)]
    return "-".join(parts)


def decode(code: object) -> tuple[Rules, int, bool]:
    """Read a code into (rules, deal, daily); anything wrong raises ``ValueError``."""
    if not isinstance(code, str):
        raise ValueError(f"a deal code is text like EH1-N-AAAAAAF, not {type(code).__name__}")
    text = code.strip().upper()
    shown = text if len(text) <= 40 else text[:40] + "…"
    if not code.strip().isascii():
        # Checked on the raw text: upper() turns "ß" into "SS", and isdigit() accepts "²".
        raise ValueError(f"{shown!r} is not a deal code: a code uses only the letters A-Z, digits and dashes")
    if len(text) > MAX_CODE_LENGTH:
        # Also keeps int() below its 4300-digit limit and the messages short.
        raise ValueError(f"{shown!r} is not a deal code: it is {len(text)} characters long, a code is at most {MAX_CODE_LENGTH}")
    parts = text.split("-")
    if len(parts) not in (3, 4):
        raise ValueError(f"{shown!r} is not a deal code: it should look like EH1-N-AAAAAAF")
    head, kind, number = parts[0], parts[-2], parts[-1]
    rules = _rules_for_head(head, shown)
    if len(parts) == 4:
        rules = _apply_options(rules, parts[1], shown)
    if kind not in ("N", "D"):
        raise ValueError(f"deal code {shown!r}: the kind of deal must be N (numbered) or D (daily), not {kind!r}")
    if len(number) != 7 or any(c not in _LETTERS for c in number):
        raise ValueError(f"deal code {shown!r}: the deal number must be 7 letters A-Z, not {number!r}")
    deal = 0
    for c in number:
        deal = deal * 26 + _LETTERS.index(c)
    if not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"deal code {shown!r}: deal numbers run from 1 to {MAX_DEAL}, this one is {deal}")
    return rules, deal, kind == "D"


def _rules_for_head(head: str, shown: str) -> Rules:
    prefix, version = head[:2], head[2:]
    by_prefix = {r.prefix: r for r in GAMES.values()}
    if prefix not in by_prefix:
        known = ", ".join(f"{r.prefix} ({r.name})" for r in GAMES.values())
        raise ValueError(f"deal code {shown!r}: unknown game {prefix!r}; known games are {known}")
    if not version.isdigit():
        raise ValueError(f"deal code {shown!r}: the game letters must be followed by the rules version, like EH1")
    if int(version) != RULES_VERSION:
        raise ValueError(f"deal code {shown!r} uses rules version {version}; this version of Harp plays version {RULES_VERSION}")
    return by_prefix[prefix]


def _apply_options(rules: Rules, tokens: str, shown: str) -> Rules:
    pos = 0
    changes: dict[str, object] = {}
    while pos < len(tokens):
        m = _OPTION.match(tokens, pos)
        if not m:
            raise ValueError(f"deal code {shown!r}: cannot read the options {tokens!r} (expected D, P, E or T options, like D3P3)")
        draw, passes, empty, takeback = m.groups()
        if draw is not None:
            changes["draw"] = int(draw)
        elif passes is not None:
            changes["passes"] = None if passes == "U" else int(passes)
        elif empty is not None:
            changes["empty"] = "any" if empty == "A" else "king"
        else:
            changes["takeback"] = takeback == "1"
        pos = m.end()
    try:
        return rules.with_options(**changes)
    except ValueError as e:
        raise ValueError(f"deal code {shown!r}: {e}") from None
