"""solve() and start_search() end to end: every win replays through the engine, fair mode never
peeks at a face-down card, a position with no moves is a proven loss, a finished search forgets
its positions a budget at a time, the greedy playout stops going round, and a change detector
holds exact verdicts and node counts for a refactor that means to search as before."""

from __future__ import annotations

import pytest

import harp
from harp.solver import LOSS, UNKNOWN, WIN, solve, start_search
from harp.solver.best_first import BestFirstSearch
from harp.winrates import read_details
from game_facts import ROOT
from solverkit import replays_to_a_win


BUDGET_NODES = 4000
MEASUREMENTS = ROOT / "measurements" / "win-rates.csv"


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_every_win_replays_through_the_engine(game_id: str) -> None:
    """Every game is won on some of its first deals within the budget, so each game has lines
    replayed here; and no verdict contradicts the published measurement of the same deal
    (measurements/win-rates.csv, solved for 10 s): a win there is never a loss here, nor the
    other way round."""
    details = read_details(MEASUREMENTS)
    assert game_id in details, f"{game_id} has no rows in {MEASUREMENTS.name} (docs/README.md, How to add a game)"
    measured = {result.deal: result.verdict for result in details[game_id][0]}
    wins = []
    for deal in range(1, 9):
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=BUDGET_NODES)
        if result.verdict == WIN:
            wins.append(deal)
            assert result.moves and result.best_move == result.moves[0]
            assert replays_to_a_win(game, result.moves)
        assert {result.verdict, measured[deal]} != {WIN, LOSS}, \
            f"{game_id} deal {deal}: {result.verdict} here, {measured[deal]} in {MEASUREMENTS.name}"
        assert game.moves == 0, "solving must not change the game"
    assert wins, f"{game_id}: no win among deals 1-8 within {BUDGET_NODES} nodes, so no line was replayed"


def near_win(game_id: str, deal: int, left: int) -> harp.Game:
    """A real deal played along a found win until ``left`` actions remain."""
    game = harp.Game.new(game_id, deal=deal)
    result = solve(game, thoughtful=True, max_nodes=50_000)
    assert result.verdict == WIN
    for move in result.moves[: max(0, len(result.moves) - left)]:
        game.play(move)
    return game


def test_fair_mode_wins_when_nothing_is_hidden() -> None:
    game = near_win("harpan", 4, left=2)
    assert not any(c == "??" for col in game.view()["tableau"] for c in col) and not game.stock
    result = solve(game)
    assert result.verdict == WIN and replays_to_a_win(game, result.moves)


def test_fair_mode_does_not_peek_at_face_down_cards() -> None:
    game = harp.Game.new("harpan", deal=4)
    thoughtful = solve(game, thoughtful=True, max_nodes=BUDGET_NODES)
    fair = solve(game, max_nodes=BUDGET_NODES)
    assert thoughtful.verdict == WIN
    assert fair.verdict == UNKNOWN and fair.frontier
    # The fair answer is the same whatever the hidden cards are: lay the position out again with
    # its hidden cards in reverse order and ask again.  Both positions are laid out, so their
    # cards are numbered alike: a player sees the same game, only the cards underneath differ.
    laid = harp.Game.from_layout(game.layout())
    scrambled = harp.Game.from_layout(with_hidden_cards_reversed(game.layout()))
    assert scrambled.view() == laid.view() and scrambled.layout() != laid.layout()
    for position in (laid, scrambled):
        again = solve(position, max_nodes=BUDGET_NODES)
        assert (again.verdict, again.nodes, again.best_move) == (fair.verdict, fair.nodes, fair.best_move)


@pytest.mark.parametrize("game_id", sorted(harp.GAMES))
def test_a_fair_hint_turns_up_a_column_card_before_it_draws_from_the_stock(game_id: str) -> None:
    """At the start of a deal in fair mode, every move that turns up a card is a frontier, and
    the hint is the first one noted.  Where a column's move turns up a card, that is the hint,
    not a tap on the stock: the columns' moves are listed before the stock's."""
    checked = 0
    for deal in range(1, 11):
        game = harp.Game.new(game_id, deal=deal)
        uncovers = [move for move in game.legal_moves()
                    if move != "s" and harp.effect_of(game, move) == harp.Effect.UNCOVERS]
        result = solve(game, max_nodes=BUDGET_NODES)
        if result.verdict == UNKNOWN and uncovers:
            checked += 1
            assert result.best_move != "s", (deal, uncovers)
    assert checked >= 3, checked


def with_hidden_cards_reversed(layout: str) -> str:
    """A layout (``harp.layout``) with its hidden cards, the face-down cards of its columns and
    its stock, dealt back in reverse order: the piles keep their sizes and their face-up cards."""
    code, *lines = layout.splitlines()
    piles = [(name, cards.split()) for name, cards in (line.split(":", 1) for line in lines)]

    def hidden(name: str, card: str) -> bool:
        return (name == "stock" and card != "--") or (name.startswith("t") and card.islower())

    underneath = [card.lower() for name, cards in piles for card in cards if hidden(name, card)][::-1]
    dealt = iter(underneath)
    piles = [(name, [next(dealt) if hidden(name, card) else card for card in cards]) for name, cards in piles]
    return "\n".join([code] + [f"{name}: {' '.join(cards)}" for name, cards in piles])


def stuck_position() -> harp.Game:
    """Harp with passes used up and nothing playable: a proven loss."""
    for deal in range(1, 400):
        game = harp.Game.new("big-harp", deal=deal)
        while "s" in game.legal_moves():
            game.play("s")
        if not [m for m in game.legal_moves() if m != "s"]:
            return game
    raise AssertionError("no dead deal found")  # pragma: no cover


def test_a_position_with_no_moves_is_a_proven_loss_in_both_modes() -> None:
    game = stuck_position()
    assert solve(game, thoughtful=True).verdict == LOSS
    fair = solve(game)
    assert fair.verdict == LOSS or fair.frontier


def test_a_finished_search_forgets_its_positions_a_budget_at_a_time() -> None:
    """release(n) drops at most n of what a search holds, so a page can free it between frames."""
    run = start_search(harp.Game.new("easy-harp", deal=3), max_nodes=8000, thoughtful=True)
    while run.advance(500) is None:
        pass
    searches = run.all_searches()  # the quick searches and any restarted ones
    assert run.restarts

    easier_game = run.fixed_roots  # (technique "fixed-roots": its positions and tables too)
    assert easier_game is not None and easier_game.seen

    beam = run.beam  # (technique "beam", where cards move one at a time)
    assert beam is not None and beam.seen

    def held_now() -> int:
        return sum(len(each.seen) + (sum(map(len, each.release_parts())) if each is beam else
                                     len(each.open if isinstance(each, BestFirstSearch) else each.stack))
                   for each in searches) + len(easier_game.stack) + sum(map(len, easier_game.tables()))

    held = held_now()
    assert held > 2000, "a search of 8,000 nodes keeps thousands of positions"
    calls = 1
    while not run.release(100):
        calls += 1
        assert calls <= held // 100 + 1, "each call forgets a full budget until none is left"
    assert calls >= held // 100, "no call forgets more than its budget"
    assert held_now() == 0


def hinted(game_id: str, deal: int, moves: int) -> harp.Game:
    """A deal after ``moves`` moves of the engine's hint."""
    game = harp.Game.new(game_id, deal=deal)
    for _ in range(moves):
        game.play(harp.hint(game))
    return game


# (game, deal, hint moves first, thoughtful, options) -> (verdict, nodes, moves in the line, best move)
UNCHANGED = [
    # Technique "arrangements" (runs' arrangements on equal cards searched as one position)
    # changed three: Harpan 259 was lost in 3046 positions, Harp 2 won in 1459 (380 moves, first
    # "t8>t4"), and fair Harpan 1 left unknown after 224.
    # (Technique "fixed-roots" takes its turns after all the others: none of these got to it.)
    (("harpan", 259, 0, True, {"max_nodes": 45_000}), (LOSS, 2838, 0, "t5>f1")),
    (("easy-harp", 4, 0, True, {"max_nodes": 3000}), (WIN, 2105, 658, "t3>t2")),
    (("harp", 2, 0, True, {"max_nodes": 3000}), (WIN, 1008, 276, "t2>t4")),
    (("double-klondike", 2, 0, True, {"max_nodes": 1000, "prune": False}), (WIN, 797, 593, "t2>t4")),
    (("easy-harp", 3, 0, True, {"max_nodes": 3000, "techniques": ()}), (UNKNOWN, 3001, 0, "t2>t1")),
    (("harpan", 1, 60, False, {"max_nodes": 3000}), (UNKNOWN, 74, 0, "s")),
]


@pytest.mark.parametrize("asked, answer", UNCHANGED)
def test_a_change_meant_to_keep_the_search_as_it_is_keeps_these_verdicts_and_node_counts(
        asked: tuple[str, int, int, bool, dict[str, object]], answer: tuple[str, int, int, str]) -> None:
    """A change detector, on purpose: exact node counts, so that a refactor that should search
    exactly as before (the split of harp/solver.py into a package did) can show it did.  A
    change that means to search otherwise updates these figures and says so."""
    game_id, deal, moves, thoughtful, options = asked
    result = solve(hinted(game_id, deal, moves), thoughtful=thoughtful, **options)  # type: ignore[arg-type]
    assert (result.verdict, result.nodes, len(result.moves), result.best_move) == answer


def test_the_greedy_playout_stops_when_the_hint_goes_round_in_a_circle(monkeypatch) -> None:
    """Double Klondike deal 122: following the hint repeats a position; the playout must stop
    there rather than spend the solver's budget going round."""
    import harp.progress
    from harp.solver import greedy_playout

    calls = []
    real_hint = harp.progress.hint
    monkeypatch.setattr(harp.progress, "hint", lambda g: calls.append(1) or real_hint(g))
    game = harp.Game.new("double-klondike", deal=122)
    assert greedy_playout(game, 5000, float("inf")) is None
    assert 0 < len(calls) < 1000


def test_the_greedy_playout_stops_at_the_face_up_finish() -> None:
    """Once no card is face down, the playout tries the foundation-only finish and, when it wins,
    stops following the hint: the rest of its line only sends cards home and taps the stock."""
    from harp.solver import greedy_playout

    finished = 0
    for deal in range(1, 9):
        game = harp.Game.new("harpan", deal=deal)
        line = greedy_playout(game, 5000, float("inf"))
        if line is None:
            continue
        assert replays_to_a_win(game, line)
        twin, rest = game.copy(), []
        for done, move in enumerate(line):
            if not any(twin.down):
                rest = line[done:]
                break
            twin.play(move)
        assert all(move == "s" or ">f" in move for move in rest), (deal, rest)
        finished += bool(rest)
    assert finished >= 4, "most of Harpan deals 1-8 end by the finish"
