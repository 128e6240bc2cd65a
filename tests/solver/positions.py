"""Small random positions for the solver's soundness tests (not a test module)."""

from __future__ import annotations

import random

import harp
from engine_helpers import build
from harp.cards import card_name

# The budget of a search of every line on a small_position: it settles most
# of them (each test counts how many, and asks for enough), and a budget of
# 20,000 settled only a few more at twice the time.
SMALL_POSITION_NODES = 8_000


def small_position(game_id: str, seed: int, left: int, *, spread: int = 3, least_talon: float = 0.0,
                   face_up: bool = False, **options: object) -> harp.Game:
    """A random position of ``game_id`` with ``left`` cards off the foundations, some face down
    (none with ``face_up``), some in the talon (at least ``least_talon`` of the loose cards, at
    most half), the rest dealt into the first ``spread`` columns, in the last pass: small enough
    for a search of every line to settle.  The same arguments give the same position."""
    rng = random.Random(seed)
    rules = harp.Game.new(game_id, deal=1, **options).rules  # type: ignore[arg-type]
    foundations, loose = _cards_taken_off(rng, rules, left)
    talon = loose[: rng.randint(int(len(loose) * least_talon), len(loose) // 2)]
    columns: list[list[str]] = [[] for _ in range(rules.columns)]
    for card in loose[len(talon):]:
        columns[rng.randrange(spread)].append(card)
    down = [max(0, len(col) - rng.randint(1, 2)) for col in columns]
    if face_up:
        down = [0] * len(columns)
    tableau = [[card.lower() for card in col[:n]] + col[n:] for col, n in zip(columns, down)]
    return _in_last_pass(game_id, rng, rules, tableau, talon, foundations, options)


def _cards_taken_off(rng: random.Random, rules: harp.Rules, left: int) -> tuple[list[list[str]], list[str]]:
    """Full foundations with ``left`` cards taken off the tops of random ones: what stays on
    each, and the cards taken off, shuffled."""
    decks = rules.decks
    heights = [13] * (4 * decks)
    for _ in range(left):
        slot = rng.choice([s for s, h in enumerate(heights) if h])
        heights[slot] -= 1
    slot_suits = [rules.slot_suit(s) for s in range(len(heights))]
    suits = [kept if kept is not None else s // decks for s, kept in enumerate(slot_suits)]
    foundations = [[card_name(suits[s] * 13 + r) for r in range(h)] for s, h in enumerate(heights)]
    loose = [card_name(suits[s] * 13 + r) for s, h in enumerate(heights) for r in range(h, 13)]
    rng.shuffle(loose)
    return foundations, loose


def _in_last_pass(game_id: str, rng: random.Random, rules: harp.Rules, tableau: list[list[str]],
                  talon: list[str], foundations: list[list[str]], options: dict[str, object]) -> harp.Game:
    """The position, its talon split at random between waste and stock, in the last pass."""
    split = rng.randint(0, len(talon))
    return build(game_id, tableau, waste=talon[:split], stock=talon[split:][::-1],
                 foundations=dict(enumerate(foundations, 1)),
                 passes_used=rules.passes if rules.passes is not None else 1, **options)


def run_position(game_id: str, seed: int, left: int, *, spread: int = 5, **options: object) -> harp.Game:
    """Like ``small_position``, but the columns' face-up cards are runs, as in play: a third of
    the loose cards lie face down under them, a quarter to a half wait in the talon, and the
    rest, highest first, each go on a random column top that takes them (or start a column of
    their own, or join the talon where neither can be).  With two decks, equal cards then often
    offer a run more than one place: the positions the technique "arrangements" is about."""
    from harp.cards import KING, builds_on, parse_card, rank

    rng = random.Random(seed)
    rules = harp.Game.new(game_id, deal=1, **options).rules  # type: ignore[arg-type]
    foundations, loose = _cards_taken_off(rng, rules, left)
    talon = loose[: rng.randint(len(loose) // 4, len(loose) // 2)]
    rest = loose[len(talon):]
    hidden, shown = rest[: len(rest) // 3], rest[len(rest) // 3:]
    downs: list[list[str]] = [[] for _ in range(spread)]
    for card in hidden:
        downs[rng.randrange(spread)].append(card.lower())
    ups: list[list[str]] = [[] for _ in range(spread)]

    for card in sorted(shown, key=lambda name: -rank(parse_card(name))):
        places = [c for c in range(spread) if ups[c] and builds_on(parse_card(card), parse_card(ups[c][-1]))]
        places = places or [c for c in range(spread) if not ups[c] and (downs[c] or rules.empty == "any"
                                                                        or rank(parse_card(card)) == KING)]
        if places:
            ups[rng.choice(places)].append(card)
        else:
            talon.append(card)
    tableau = [d[:-1] + [d[-1].upper()] if d and not u else d + u for d, u in zip(downs, ups)]
    return _in_last_pass(game_id, rng, rules, tableau, talon, foundations, options)
