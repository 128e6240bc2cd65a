"""What a screen reader hears: the name of each pile, and short words for a move.

A pile's name tells the game (the renderer sets it as the pile's
aria-label).  For a move, the controller hands over the view before and
after it, and this module says what happened in the page's language ("7 of
hearts to foundation", "Drew the 9 of clubs", "Column 3: turned up the queen
of spades", the score after a scoring move).  Pure Python, tested in CPython.
"""

from __future__ import annotations

from typing import Any

from .cards import is_face_down, parse_move
from .words import card_name, pile_name, t, tn


def _pile(view: dict[str, Any], pile: str) -> list[str]:
    if pile == "w":
        return list(view["waste"])
    if pile.startswith("f"):
        return list(view["foundations"][int(pile[1:]) - 1])
    return list(view["tableau"][int(pile[1:]) - 1])


def move_words(move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The sentences a screen reader hears for move, played from before to after."""
    source, count, target = parse_move(move)
    parts: list[str] = []
    if source == "s":
        if after["stock"] < before["stock"] and after["waste"]:
            parts.append(t("say.drew", card=card_name(after["waste"][-1])))
        else:
            parts.append(tn("say.redealt", after["stock"]))
    else:
        cards = _pile(before, source)
        lead = card_name(cards[-count]) if 0 < count <= len(cards) else ""
        where = target or ""
        if where.startswith("f"):
            parts.append(t("say.to_foundation", card=lead))
        elif count > 1:
            parts.append(t("say.run_to", card=lead, count=count, pile=pile_name(where).lower()))
        else:
            parts.append(t("say.card_to", card=lead, pile=pile_name(where).lower()))
    for i, (old, new) in enumerate(zip(before["tableau"], after["tableau"])):
        hidden_before = sum(1 for c in old if is_face_down(c))
        hidden_after = sum(1 for c in new if is_face_down(c))
        if hidden_after < hidden_before and new and not is_face_down(new[-1]):
            turned = new[hidden_after]
            parts.append(t("say.turned_up", pile=pile_name(f"t{i + 1}"), card=card_name(turned)))
    if after["score"] != before["score"]:
        parts.append(t("say.score", score=after["score"]))
    return " ".join(parts)


def pile_words(name: str, cards: list[str], view: dict[str, Any], suit: str = "") -> str:
    """A pile's name for screen readers: a column with its face-down count and
    every face-up card, a foundation with its suit and top card, the stock with
    its cards and redeals left, the waste with its top card."""
    pile = pile_name(name)
    if name == "s":
        passes = view.get("passes_left")
        if not cards:
            return t("label.stock_turn") if passes != 0 else t("label.stock_spent")
        left = t("label.redeals_unlimited") if passes is None else tn("label.redeals", passes)
        return f"{tn('label.stock', len(cards))}, {left}"
    if name.startswith("f") and suit:
        pile = t("label.kept_for", pile=pile, suit=t(f"suit.{suit}"))
    if not cards:
        return t("label.empty", pile=pile)
    if name.startswith("t"):
        downs = sum(1 for c in cards if is_face_down(c))
        names = [tn("label.face_down", downs)] if downs else []
        names += [card_name(c) for c in cards[downs:]]
    else:
        names = [card_name(cards[-1])]
    return t("label.list", pile=pile, cards=", ".join(names))
