"""The searches a portfolio starts, by technique (``Portfolio`` takes them in turns).

Each function answers the searches of one technique, none where it does not apply
(``deep_columns``: False, and True too with technique "deep-columns"):
``probes``, ``pairs`` (the quick pairs), ``any_order``, ``to_build``
("take-back-to-build") and ``fixed_roots``.  Why each is there: ``Portfolio``'s
docstring and measurements/solver-experiments.md.
"""

from __future__ import annotations

from dataclasses import replace

from .beam import BeamSearch
from .best_first import BestFirstSearch
from .depth_first import DepthFirstSearch
from .fixed_roots import FixedRootsProof
from .moves import MoveGenerator
from .settings import NARROW_WEIGHT, Settings

AnySearch = DepthFirstSearch | BestFirstSearch | BeamSearch


def probes(generator: MoveGenerator, quick: Settings, deep_columns: tuple[bool, ...]) -> list[AnySearch]:
    """Where "shuffles" applies (technique "probes"), both pairs as they were without it."""
    searches: list[AnySearch] = []
    if generator.settings.shuffles and "probes" in quick.techniques:
        for deep in deep_columns:
            probe = generator.with_settings(
                replace(quick, deep_columns=deep, shuffles=False, best_first_weight=NARROW_WEIGHT))
            searches += [DepthFirstSearch(probe, generator.deal.start), BestFirstSearch(probe, generator.deal.start)]
    return searches


def pairs(generator: MoveGenerator, quick: Settings, deep_columns: tuple[bool, ...]) -> list[AnySearch]:
    """The quick pairs: a depth-first and a best-first search, by each distance."""
    searches: list[AnySearch] = []
    for deep in deep_columns:
        pair = generator.with_settings(replace(quick, deep_columns=deep))
        searches += [DepthFirstSearch(pair, generator.deal.start), BestFirstSearch(pair, generator.deal.start)]
    return searches


def any_order(generator: MoveGenerator, quick: Settings, deep_columns: tuple[bool, ...]) -> list[AnySearch]:
    """Technique "any-order": depth-first searches without the needs, one by each distance."""
    if "any-order" not in quick.techniques or not quick.prune:  # (unpruned, no search has the needs)
        return []
    return [DepthFirstSearch(generator.with_settings(replace(quick, deep_columns=deep, needs_use=False)),
                             generator.deal.start)
            for deep in deep_columns]


def to_build(generator: MoveGenerator) -> list[AnySearch]:
    """Technique "take-back-to-build": the searches that take a card back only to build on it."""
    settings, rules, start = generator.settings, generator.rules, generator.deal.start
    if not ("take-back-to-build" in settings.techniques and settings.prune and rules.takeback
            and rules.decks > 1 and generator.deal.thoughtful):
        return []
    # With two decks, positions right after take-backs are most of the proof's (ten to one
    # in Big Harp deal 7 and Easy Harp deal 18; one in seventy in Harpan deal 736).  In
    # thoughtful mode only, as restarts: each take-back's moves are a search of their own,
    # and in the page's hints (fair mode) one position could take longer than a slice.
    # A depth-first and a best-first one: the best-first one wins other deals.  The
    # depth-first one wins few, so its turns are half a quantum, which the others' slow
    # wins need; with technique "deep-columns", a depth-first one by that distance too,
    # which wins others again (measurements/solver-experiments.md).
    building = replace(settings, takes_back_only_to_build=True)
    plain = generator.with_settings(building)
    searches: list[AnySearch] = [DepthFirstSearch(plain, start), BestFirstSearch(plain, start)]
    if "deep-columns" in settings.techniques:
        by_deep_columns = generator.with_settings(replace(building, deep_columns=True))
        searches.append(DepthFirstSearch(by_deep_columns, start))
    return searches


def fixed_roots(generator: MoveGenerator) -> FixedRootsProof | None:
    """Technique "fixed-roots": a proof by an easier game, in thoughtful mode (it needs every
    card known).  Where the easier game is won it proves nothing, and leaves the turns;
    with one deck, first it searches the whole easier game, and then every search leaves
    out the real positions whose easier one is lost (``Portfolio._fixed_roots_answer``).
    Its turns come after the others' first ones (a deal they win at once waits for
    nothing), as long as the proof's: where the easier game is lost, it is the quickest proof."""
    settings, deal = generator.settings, generator.deal
    if "fixed-roots" in settings.techniques and settings.prune and FixedRootsProof.applies(deal, deal.start):
        return FixedRootsProof(deal, deal.start, generator.proofs)
    return None
