"""Which moves make progress: the shallow "stuck" verdict, a simple hint, the finishing moves.

docs/rules.md calls a game stuck when nothing useful can happen: no foundation
move, no move that turns a card up, no column that can be emptied, no
reachable waste card that can be played, and no single tableau move or
take-back that would make one of those possible next.  Moving cards between
equivalent places is not progress, so the look-ahead ignores moves of the
cards that were just moved.

``finishing_moves`` answers when foundation moves alone win (the page's Finish).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import KING, builds_on, rank
from .effects import PROGRESS, Effect, effect_of
from .position import Pile, Position


#: Harpan's four questions before giving up, by a key that stays put (a page words them
#: in its language by these keys), in the order they are asked, in English.
STUCK_QUESTIONS: dict[str, str] = {
    "waste_playable": "Is the top card of the waste playable?",
    "run_uncovers": "Can a run move whole to uncover a face-down card?",
    "takeback_opens": "Can a card come back down from a foundation and open a move?",
    "king_to_space": "Can a king go to an empty column?",
}


class StuckCheck(NamedTuple):
    """One of the questions of ``STUCK_QUESTIONS``, by its key, and whether the answer is yes."""

    key: str
    found: bool

    @property
    def question(self) -> str:
        """The question in English."""
        return STUCK_QUESTIONS[self.key]


def reachable_stock_cards(game: Position) -> set[int]:
    """Card values that stock taps can bring to the top of the waste (the current top included)."""
    talon = [game.value_of(c) for c in game.waste] + [game.value_of(c) for c in reversed(game.stock)]
    tops = [tap.waste for tap in game.rules.stock_cycle(len(talon), len(game.waste), game.pass_number)]
    if game.waste:
        tops.append(len(game.waste))
    return {talon[top - 1] for top in tops}


def _card_fits_somewhere(game: Position, card: int) -> bool:
    for i in range(len(game.foundations)):
        if game.foundation_accepts(i, card):
            return True
    for i in range(len(game.tableau)):
        top = game.card_at(("t", i))
        if top is not None:
            if builds_on(card, top):
                return True
        elif game.rules.empty == "any" or rank(card) == KING:
            return True
    return False


def progress_moves(game: Position, ignore: tuple[Pile, int] | None = None) -> list[tuple[str, Effect]]:
    """Legal moves that make progress now (``effects.PROGRESS``), as (move, effect).

    ``ignore`` = (pile, count): moves of at most that many cards from that pile
    don't count; they would only carry on the move just made.
    """
    out: list[tuple[str, Effect]] = []
    for move in game.legal_moves():
        if move == "s":
            continue
        parsed = game.parse_move(move)
        if ignore and parsed.src == ignore[0] and parsed.count <= ignore[1]:
            continue
        effect = effect_of(game, parsed)
        if effect in PROGRESS:
            out.append((move, effect))
    return out


def _stock_can_help(game: Position) -> bool:
    return any(_card_fits_somewhere(game, card) for card in reachable_stock_cards(game))


def enabling_moves(game: Position) -> list[str]:
    """Tableau moves and take-backs that make progress possible on the next move."""
    out = []
    for move in game.legal_moves():
        if move == "s" or move.startswith("w"):
            continue
        src, count, dst = game.parse_move(move)
        if dst[0] == "f":
            continue
        after = game.copy()
        after.play(move)
        if progress_moves(after, ignore=(dst, count)) or _stock_can_help(after):
            out.append(move)
    return out


def is_stuck(game: Position) -> bool:
    """Nothing useful can happen (the module's docstring).  Fair: a stock with cards the player
    has not seen yet (before the first redeal) is never called useless, since drawing shows them."""
    if game.is_won():
        return False
    if game.pass_number == 1 and game.stock:
        return False
    if progress_moves(game) or _stock_can_help(game):
        return False
    return not enabling_moves(game)


def stuck_checks(game: Position) -> list[StuckCheck]:
    """Harpan's four questions before giving up (``STUCK_QUESTIONS``), each answered for this position."""
    top = game.card_at(("w", 0))
    waste_playable = top is not None and _card_fits_somewhere(game, top)
    progress = progress_moves(game)
    uncovering_runs = [m for m, effect in progress if effect is Effect.UNCOVERS and game.parse_move(m).dst[0] == "t"]
    enabling = enabling_moves(game)
    takebacks = [m for m in enabling if m.startswith("f")]
    king_to_space = any(_is_king_to_space(game, move) for move in [m for m, _ in progress] + enabling)
    answers = {
        "waste_playable": waste_playable,
        "run_uncovers": bool(uncovering_runs),
        "takeback_opens": bool(takebacks),
        "king_to_space": king_to_space,
    }
    return [StuckCheck(key, answers[key]) for key in STUCK_QUESTIONS]


def _is_king_to_space(game: Position, move: str) -> bool:
    src, count, dst = game.parse_move(move)
    card = game.card_at(src, count - 1)
    return dst[0] == "t" and not game.tableau[dst[1]] and card is not None and rank(card) == KING


def hint(game: Position) -> str | None:
    """A simple heuristic best move: progress first, the best ``Effect`` first (from the column
    with most face-down cards), then the stock when a card in it can be played, then a move
    that makes progress possible (never straight back)."""
    moves = progress_moves(game)
    if moves:

        def key(item: tuple[str, Effect]) -> tuple[int, int]:
            move, effect = item
            src = game.parse_move(move).src
            depth = game.down[src[1]] if src[0] == "t" else 0
            return (effect, -depth)

        return min(moves, key=key)[0]
    if "s" in game.legal_moves() and _stock_can_help(game):
        return "s"
    last = game.last_action
    back = game.parse_move(last) if last is not None and last != "s" else None
    for move in enabling_moves(game):
        src, count, dst = game.parse_move(move)
        if back is not None and (back.src, back.dst, back.count) == (dst, src, count):
            continue  # that would only put back the move just made
        return move
    return None


def finishing_moves(game: Position) -> list[str] | None:
    """The foundation moves alone that win from here, in order, or None when there are none.

    Asked only of what the player can see: with the stock holding cards or a
    card still face down it answers None, whatever those cards are.  Then it
    sends cards home greedily, lowest rank first (the waste top before the
    columns, columns from the left): a card sent home only ever frees others,
    so when this does not win, no line of foundation moves does.  A won game
    answers ``[]``.
    """
    if game.stock or any(game.down):
        return None
    probe = game.copy()
    sources = ["w"] + [f"t{i + 1}" for i in range(game.rules.columns)]
    line: list[str] = []
    while not probe.is_won():
        best: tuple[int, str] | None = None
        for pile in sources:
            move = probe.foundation_move(pile)
            if move is not None:
                card = probe.card_at(probe.parse_move(move).src)
                assert card is not None
                if best is None or rank(card) < best[0]:
                    best = (rank(card), move)
        if best is None:
            return None
        probe.play(best[1])
        line.append(best[1])
    return line
