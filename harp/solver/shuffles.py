"""Runs crossing one card at a time (technique "shuffles"): where cards move one at a time, a
run crosses to another column as one move made of single moves, each card over its base waiting
somewhere on the way.

Internal API of the package (the tests use it): ``shuffle_steps``.
"""

from __future__ import annotations

from .state import Deal


def shuffle_steps(deal: Deal, takers: dict[int, list[int]], spaces: list[int], up: dict[int, int],
                  i: int, j: int, over: tuple[int, ...]) -> list[str] | None:
    """The single moves that carry a run from column i onto column j where cards move one at
    a time (technique "shuffles"), or None.  Each card ``over`` the run's base waits on a
    column top other than i and j that takes it, in a space that takes it, or (with
    take-backs) on its foundation, no two in one place; the base goes across, and the
    waiting cards follow in order.  Only i and j change."""
    options: list[list[str]] = []
    for card in over:
        places = [f"t{k + 1}" for k in takers.get(card, ()) if k != i and k != j]
        if spaces and deal.space_takes(card, 1):
            places += [f"t{k + 1}" for k in spaces]
        if deal.rules.takeback and card in up:
            places.append(f"f{up[card] + 1}")
        if not places:
            return None
        options.append(places)
    holder: dict[str, int] = {}  # place -> the card (index in ``over``) waiting there

    def seat(n: int, tried: set[str]) -> bool:
        """Find card n a place, moving others on where that frees one (a bipartite matching)."""
        for place in options[n]:
            if place not in tried:
                tried.add(place)
                if place not in holder or seat(holder[place], tried):
                    holder[place] = n
                    return True
        return False

    if not all(seat(n, set()) for n in range(len(over))):
        return None
    place_of = {n: place for place, n in holder.items()}
    park = [f"t{i + 1}>{place_of[n]}" for n in reversed(range(len(over)))]  # the top card first
    follow = [f"{place_of[n]}>t{j + 1}" for n in range(len(over))]
    return park + [f"t{i + 1}>t{j + 1}"] + follow
