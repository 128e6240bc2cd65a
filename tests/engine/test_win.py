"""Winning: a real Easy Harp deal played to the end, and what a won game allows.

The win proof uses a small solver of its own (below), written from docs/rules.md
and not from the engine: it plans on a simplified model of Easy Harp
(tableau, foundations, and the stock as the set of cards the taps can
reach, which in draw-1 with unlimited passes is all of them), then the plan
is played on the real engine move by move, stock taps included. The
engine decides what is legal and keeps the score; the model only proposes.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator

import pytest

import harp
from harp.game import Game
from engine_helpers import assert_full_deck, build
from game_facts import GAME_IDS, facts

# ----- a model of Easy Harp without take-backs ----------------------------------------

# state: (tableau, stock, foundations)
#   tableau: tuple of (face-down values, face-up values), bottom -> top; value = suit * 13 + rank
#   stock: sorted tuple of the values in stock + waste
#   foundations: 8 counts; foundation i holds suit i // 2 (f1-f2 spades, f3-f4 hearts, ...)
State = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...], tuple[int, ...]]
Move = tuple[str, int, int, str, int]  # (t|s, column or card, count, t|f, index)


def _rank(c: int) -> int:
    return c % 13


def _red(c: int) -> bool:
    return c // 13 in (1, 2)


def _builds(c: int, onto: int) -> bool:
    return _rank(c) + 1 == _rank(onto) and _red(c) != _red(onto)


def model_of(g: Game) -> State:
    v = g.view(reveal=True)
    names = "A23456789TJQK"

    def val(name: str) -> int:
        return "SHDC".index(name[1].upper()) * 13 + names.index(name[0].upper())

    tab = tuple(
        (tuple(val(c) for c in col if c.islower()), tuple(val(c) for c in col if c.isupper())) for col in v["tableau"]
    )
    stock = tuple(sorted(val(c) for c in v["stock_cards"] + v["waste"]))
    return tab, stock, tuple(len(f) for f in v["foundations"])


def _slot(found: tuple[int, ...], c: int) -> int | None:
    for i in (2 * (c // 13), 2 * (c // 13) + 1):
        if found[i] == _rank(c):
            return i
    return None


def _safe(found: tuple[int, ...], c: int) -> bool:
    """No card could still want to sit on ``c``: both copies of each lower opposite-colour card are home."""
    if _rank(c) <= 1:
        return True
    other = (0, 3) if _red(c) else (1, 2)
    return all(found[2 * s + k] >= _rank(c) - 1 for s in other for k in (0, 1))


def _moves(state: State) -> Iterator[Move]:
    tab, stock, found = state
    for i, (down, up) in enumerate(tab):
        if not up:
            continue
        c = up[-1]
        f = _slot(found, c)
        if f is not None:
            yield ("t", i, 1, "f", f)
        for j, (d2, u2) in enumerate(tab):
            if j == i:
                continue
            if u2 and _builds(c, u2[-1]):
                yield ("t", i, 1, "t", j)
            elif not u2 and not d2 and _rank(up[0]) == 12 and down:
                yield ("t", i, len(up), "t", j)  # a king-led run into a space (one card rule's exception)
    for c in sorted(set(stock)):
        f = _slot(found, c)
        if f is not None:
            yield ("s", c, 1, "f", f)
        for j, (d2, u2) in enumerate(tab):
            if (u2 and _builds(c, u2[-1])) or (not u2 and not d2 and _rank(c) == 12):
                yield ("s", c, 1, "t", j)


def _apply(state: State, m: Move) -> State:
    tab, stock, found = state
    cols = list(tab)
    kind, a, n, dk, b = m
    if kind == "t":
        down, up = cols[a]
        cards, up = up[-n:], up[:-n]
        if not up and down:
            down, up = down[:-1], (down[-1],)
        cols[a] = (down, up)
    else:
        cards = (a,)
        rest = list(stock)
        rest.remove(a)
        stock = tuple(rest)
    if dk == "f":
        found = found[:b] + (found[b] + 1,) + found[b + 1 :]
    else:
        cols[b] = (cols[b][0], cols[b][1] + cards)
    return tuple(cols), stock, found


def _autoplay(state: State, path: list[Move]) -> State:
    """Play safe foundation moves, as a careful player would (the engine never does this itself)."""
    while True:
        for m in _moves(state):
            if m[3] == "f" and _safe(state[2], m[1] if m[0] == "s" else state[0][m[1]][1][-1]):
                state = _apply(state, m)
                path.append(m)
                break
        else:
            return state


def _distance(state: State) -> int:
    tab, _, found = state
    return 4 * sum(len(down) for down, _ in tab) + 104 - sum(found)


def plan_win(state: State, budget: int) -> list[Move] | None:
    """Best-first search towards fewer hidden cards and more cards home; None if the budget runs out."""
    first: list[Move] = []
    state = _autoplay(state, first)
    parent: dict[State, tuple[State | None, list[Move]]] = {state: (None, first)}
    heap = [(_distance(state), 0, state)]
    pushed = 0
    for _ in range(budget):
        if not heap:
            return None
        _, _, st = heapq.heappop(heap)
        if sum(st[2]) == 104:
            path: list[Move] = []
            node: State | None = st
            while node is not None:
                prev, seg = parent[node]
                path = seg + path
                node = prev
            return path
        for m in _moves(st):
            seg = [m]
            child = _autoplay(_apply(st, m), seg)
            if child not in parent:
                parent[child] = (st, seg)
                pushed += 1
                heapq.heappush(heap, (_distance(child), pushed, child))
    return None


def play_plan(g: Game, plan: list[Move]) -> list[str]:
    """Play the model's plan on the engine; stock cards are fetched with real taps."""
    line: list[str] = []
    for kind, a, n, dk, b in plan:
        dst = f"{dk}{b + 1}"
        if kind == "t":
            move = f"t{a + 1}" + (f":{n}" if n > 1 else "") + ">" + dst
        else:
            wanted = "A23456789TJQK"[a % 13] + "SHDC"[a // 13]
            for _ in range(200):
                if g.view()["waste"][-1:] == [wanted]:
                    break
                g.play("s")
                line.append("s")
            else:
                raise AssertionError(f"{wanted} never came up from the stock")
            move = "w>" + dst
        assert move in g.legal_moves(), f"the model proposed {move}, which the engine does not list"
        g.play(move)
        line.append(move)
    return line


# ----- the win proof ---------------------------------------------------------------------


@pytest.mark.parametrize("deal", [5, 16, 40])
def test_easy_harp_real_deal_won_without_take_backs(deal: int) -> None:
    g = harp.Game.new("easy-harp", deal=deal)
    plan = plan_win(model_of(g), budget=20_000)
    assert plan is not None, f"the planner found no win for deal {deal} within its budget"
    line = play_plan(g, plan)

    assert g.is_won()
    assert not [m for m in line if m.startswith("f")], "no take-backs"
    kinds = Counter("to foundation" if ">f" in m else "waste to tableau" if m.startswith("w>t") else m[:1]
                    for m in line)
    assert kinds["to foundation"] == 104
    waste_to_tableau = kinds["waste to tableau"]
    # docs/rules.md: 10 a card to a foundation, 5 a card turned face up, 5 a waste-to-tableau move
    assert facts("easy-harp").face_down == 36
    assert g.score == 104 * 10 + 36 * 5 + 5 * waste_to_tableau
    assert g.moves == len(line)
    assert_full_deck(g)
    check_after_win(g)


def test_win_proof_survives_a_save() -> None:
    g = harp.Game.new("easy-harp", deal=16)
    plan = plan_win(model_of(g), budget=20_000)
    assert plan is not None
    line = play_plan(g, plan)
    back = harp.Game.from_json(g.to_json())
    assert back.is_won() and back.score == g.score and back.moves == len(line)
    assert back.view(reveal=True) == g.view(reveal=True)
    check_after_win(back)


def check_after_win(g: Game) -> None:
    assert g.legal_moves() == []
    assert g.is_won() is True
    assert g.is_stuck() is False
    view = g.view()
    assert view["won"] is True
    assert all(len(f) == 13 for f in view["foundations"])
    assert view["stock"] == 0 and view["waste"] == [] and not any(view["tableau"])
    for move in ("s", "w>t1", "t1>t2", "f1>t1", "f1>t", "t1>f", "nonsense"):
        with pytest.raises(harp.IllegalMove) as info:
            g.play(move)
        assert "won" in str(info.value).lower()
    assert "WON" in str(g)
    # undo still works after a win, and un-wins the game
    twin = g.copy()
    assert twin.undo()
    assert not twin.is_won() and twin.legal_moves()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_last_card_home_wins_every_game(game_id: str) -> None:
    decks = facts(game_id).decks
    suits = "SHDC"
    foundations: dict[int, list[str]] = {}
    for s_index, s in enumerate(suits):
        for copy in range(decks):
            slot = (2 * s_index + copy + 1) if facts(game_id).reserved_slots else (s_index * decks + copy + 1)
            foundations[slot] = [r + s for r in "A23456789TJQK"]
    last = decks  # the last spade foundation in either numbering
    foundations[last] = foundations[last][:-1]
    g = build(game_id, [["KS"]], foundations=foundations, stock=[])
    assert_full_deck(g)
    assert not g.is_won() and g.legal_moves()
    g.play("t1>f")
    check_after_win(g)
