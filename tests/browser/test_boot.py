"""The page boots self-hosted and shows the default game (Easy Harp) as the
page's test contract in docs/design.md describes it.

The four checks share one page, booted once for the module; the first test
and the module's teardown fail on console errors, failed loads or requests
that leave the machine (see tabkit.Watch).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

if TYPE_CHECKING:
    from tabkit import Watch


@pytest.fixture
def game_page(module_game_page: Page) -> Page:
    """One page, booted once for the module: these tests only read it."""
    return module_game_page


EASY_HARP_PILES = ["s", "w"] + [f"f{i}" for i in range(1, 9)] + [f"t{i}" for i in range(1, 10)]
ALL_PILES = set(EASY_HARP_PILES) | {"t10"}
CARD = re.compile(r"(\?\?|[A23456789TJQK][SHDC])")


def pile_element_count(page: Page, pile: str) -> int:
    """How many pile elements (not cards) carry data-pile=pile."""
    return page.locator(f'[data-pile="{pile}"]:not([data-card])').count()


def cards(page: Page) -> list[dict[str, str]]:
    """Every card element's data-card and data-pile, in document order."""
    return page.eval_on_selector_all(
        "[data-card]", "els => els.map(e => ({card: e.dataset.card, pile: e.dataset.pile}))"
    )


def test_page_boots_without_errors_or_outside_requests(game_page: Page, module_watch: Watch) -> None:
    assert game_page.get_attribute("html", "data-harp-ready") is not None
    module_watch.check()


def test_every_pile_of_easy_harp_is_an_element(game_page: Page) -> None:
    missing = [p for p in EASY_HARP_PILES if pile_element_count(game_page, p) != 1]
    assert missing == [], "piles without exactly one element"


def test_every_card_is_an_element(game_page: Page) -> None:
    found = cards(game_page)
    assert len(found) == 104
    assert all(CARD.fullmatch(c["card"]) for c in found), found
    assert {c["pile"] for c in found} <= ALL_PILES


def test_the_deal_is_laid_out_as_easy_harp(game_page: Page) -> None:
    found = cards(game_page)
    in_pile = {p: [c["card"] for c in found if c["pile"] == p] for p in EASY_HARP_PILES}
    assert in_pile["s"] == ["??"] * 59
    assert in_pile["w"] == []
    for i in range(1, 10):
        column = in_pile[f"t{i}"]
        assert len(column) == i
        assert column.count("??") == i - 1, f"t{i}: only its top card is face up"
    assert all(in_pile[f"f{i}"] == [] for i in range(1, 9))
