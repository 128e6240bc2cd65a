"""The hint a player meets (harp.solver.hint_move, HintSearch) and the way back
(last_winnable_point): fair, never in circles, and exact where it says so."""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Generator

import harp
import pytest
from harp.solver import Hint, HintSearch, hint_move, last_winnable_point, solve
from harp.solver import hints
from harp.solver.hints import candidate_moves


def played(game_id: str, deal: int, moves: int) -> harp.Game:
    """A deal after ``moves`` of the engine's simple hint (drawing when it has none)."""
    g = harp.Game.new(game_id, deal=deal)
    for _ in range(moves):
        move = harp.hint(g) or ("s" if "s" in g.legal_moves() else None)
        if move is None:
            break
        g.play(move)
    return g


def test_the_hint_is_a_legal_move_and_the_same_for_the_same_position_budget_and_seed() -> None:
    g = played("harpan", 3, 12)
    move = hint_move(g, max_nodes=1500)
    assert move in g.legal_moves()
    assert hint_move(g.copy(), max_nodes=1500) == move
    assert g.history_length == 12                       # the game is left as it was


def test_the_hint_never_uses_a_card_the_player_has_not_seen() -> None:
    # Deal the unseen cards again: everything the player sees is the same, so the hint must be.
    for game_id, deal in [("harpan", 5), ("big-harp", 2), ("gargantua", 4)]:
        g = played(game_id, deal, 15)
        assert g.unseen_cards()
        twin = g.resampled(random.Random(7))
        assert twin.view() == g.view() and twin.view(reveal=True) != g.view(reveal=True)
        assert hint_move(twin, max_nodes=1200) == hint_move(g, max_nodes=1200), (game_id, deal)


def test_no_hint_goes_back_to_a_placement_met_since_the_last_card_turned_up() -> None:
    g = harp.Game.new("harp", deal=1)
    while g.pass_number == 1:
        g.play("s")                                    # round the stock once, nothing else
    been = g.placements_since_turn_up()
    assert len(been) > 1
    for move in candidate_moves(g):
        twin = g.copy()
        twin.play(move)
        assert twin.placement() not in been, move


def test_no_hint_takes_back_the_last_move() -> None:
    g = harp.Game.new("easy-harp", deal=1)
    move = next(m for m in g.legal_moves() if m.startswith("t") and ">t" in m)
    g.play(move)
    src, count, dst = g.parse_move(move)
    back = (dst, count, src)
    assert all(m == "s" or tuple(g.parse_move(m)) != back for m in candidate_moves(g))


def test_a_move_to_avoid_is_never_hinted() -> None:
    g = played("harp", 2, 10)
    first = hint_move(g, max_nodes=800)
    assert first is not None
    assert hint_move(g, max_nodes=800, avoid={first}) != first


def test_a_hint_that_finds_a_sure_win_gives_its_line() -> None:
    g = harp.Game.new("harpan", deal=1)
    line = solve(g.copy(), thoughtful=True, max_nodes=20000).moves
    g2 = g.copy()
    for move in line[:-6]:
        g2.play(move)
    search = HintSearch(g2, max_nodes=2000)
    while (hint := search.advance(256)) is None:
        pass
    assert hint.sure and hint.move == hint.line[0]
    for move in hint.line:
        g2.play(move)
    assert g2.is_won()


def test_the_way_back_is_a_winnable_point_on_the_players_line_and_exact_when_it_says_so() -> None:
    g = harp.Game.new("harpan", deal=410)
    seen = set()
    while not g.is_won():                              # the simple hint, until it goes round
        move, key = harp.hint(g), g.placement()
        if move is None or key in seen:
            break
        seen.add(key)
        g.play(move)
    way = last_winnable_point(g, winnable_at=0, probe_nodes=20000)
    assert way.actions is not None and way.actions < g.history_length
    assert way.move == g.history[way.actions]
    assert solve(g.at(way.actions), thoughtful=True, max_nodes=20000).verdict == "win"
    assert way.exact
    assert solve(g.at(way.actions + 1), thoughtful=True, max_nodes=50000).verdict == "loss"


def test_the_line_back_keeps_the_history_up_to_the_point() -> None:
    g = played("harp", 1, 20)
    back = g.at(7)
    assert back.history == g.history[:7]
    replay = harp.Game.new("harp", deal=1)
    for move in g.history[:7]:
        replay.play(move)
    assert back.layout() == replay.layout() and back.legal_moves() == replay.legal_moves()


def test_a_hint_that_wins_no_imagined_deal_nor_comes_closer_thinks_again_on_a_larger_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Gargantua deal 3, 20 moves in: at 300 nodes no imagined deal is won, and here none has a
    # lead either (the searches' leads are hidden).  Without the second thought the hint would
    # fall back on a move that shows a card; with it, it wins one and shows its move, within
    # the largest budget (RETHINK's last, counted from the start).
    g = played("gargantua", 3, 20)
    rethink = hints.RETHINK
    solve_in_slices = HintSearch.solve_in_slices

    def without_leads(self: HintSearch, *args: object) -> Generator[None, None, list[str] | None]:
        line = yield from solve_in_slices(self, *args)
        self.last_lead = None
        return line
    monkeypatch.setattr(HintSearch, "solve_in_slices", without_leads)

    def hint(rethink: tuple[int, ...]) -> Hint:
        monkeypatch.setattr(hints, "RETHINK", rethink)
        search = HintSearch(g, max_nodes=300)
        while (answer := search.advance(256)) is None:
            pass
        return answer

    first_thought = hint(())
    assert first_thought.won_any == 0 and first_thought.nodes <= 310 and first_thought.rethought == 0
    again = hint(rethink)
    assert again.won_any > 0 and again.wins > 0 and 1 <= again.rethought <= len(rethink)
    assert again.move in candidate_moves(g)
    assert 300 < again.nodes <= 300 * rethink[-1] + 10


def test_bench_hints_follows_every_hint_and_says_what_a_player_met(tmp_path, monkeypatch) -> None:
    """``bench hints`` plays the page's hint from the start of a certified deal (here only its
    first 12 moves), and prints a line a game (and a line a deal) with the outcome, the faults a
    hint must never show, and what a player waits for: the hints that thought again and the
    longest one."""
    import io

    import harp.hint_bench
    from harp.cli import main

    monkeypatch.setattr(harp.hint_bench, "MOVE_CAP", 12)
    details = tmp_path / "deals.txt"
    out = io.StringIO()
    assert main(["bench", "hints", "--games", "harpan", "--deals", "1", "--nodes", "300",
                 "--details", str(details)], out=out) == 0
    header, row = out.getvalue().splitlines()[1:3]
    assert header.split()[-4:] == ["nodes/hint", "rethinks", "most", "nodes"]
    followed = harp.hint_bench.follow_hints("harpan", 1, 300)
    assert (followed.outcome, followed.moves) == ("cap", 12) and 0 < followed.hints <= 12
    assert followed.circles == followed.back_and_forth == 0
    assert 0 < followed.most_nodes <= 300 * hints.RETHINK[-1] + 10 and followed.nodes >= followed.most_nodes
    assert 0 <= followed.rethinks <= followed.hints
    assert row.split()[:2] == ["harpan", "1"] and row.split()[-2:] == [str(followed.rethinks),
                                                                    str(followed.most_nodes)]
    line = details.read_text(encoding="utf-8")   # the same hints, the same nodes; the seconds differ
    assert re.fullmatch(
        f"harpan 1 cap hints={followed.hints} moves=12 nodes={followed.nodes} seconds=[0-9.]+ "
        f"circles=0 back-and-forth=0 rethinks={followed.rethinks} most-nodes={followed.most_nodes}\n", line), line


def test_a_hint_that_wins_no_imagined_deal_shows_the_move_most_of_them_came_closest_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Each imagined deal's search is replaced by one that wins nothing and names a lead: the
    # hint shows the lead when it is a move it may show, and never one it may not (here the
    # last move's take-back, t4>t1).
    g = harp.Game.new("harpan", deal=5)
    for move in "t2>f4 t5>t2 t7>t3 s t1>t7 t7:2>t1 s t1>t4".split():
        g.play(move)
    candidates = candidate_moves(g)
    assert len(candidates) > 1

    def hint_with_lead(lead: str) -> Hint:
        def unsolved(self: HintSearch, game: harp.Game, nodes: int | None, seconds: float | None,
                     first_moves: Collection[str] | None = None) -> Generator[None, None, list[str] | None]:
            self.last_lead = lead
            return None
            yield                                       # (a generator, like the real one)
        monkeypatch.setattr(HintSearch, "solve_in_slices", unsolved)
        search = HintSearch(g, max_nodes=300)
        while (answer := search.advance(256)) is None:
            pass
        assert not answer.sure and not answer.lost and answer.won_any == 0 and answer.wins == 0
        return answer

    lead = "w>t4"                                       # not the move shown with no lead: that is "s"
    assert lead in candidates
    shown = hint_with_lead(lead)
    assert shown.move == lead and shown.leads == shown.samples == hints.SAMPLES
    assert shown.rethought == 0 and shown.nodes <= 310  # a lead known: no thinking again
    off_limits = "t4>t1"
    assert off_limits in g.legal_moves() and off_limits not in candidates
    fallback = hint_with_lead(off_limits)
    assert fallback.leads == 0 and fallback.move != off_limits


def test_the_hint_imagines_the_same_deals_until_a_card_is_seen() -> None:
    # A move that shows no card keeps the imagined deals (so the next hint goes on with the
    # line the last one began); a move that turns a card up draws new ones.
    def imagined(g: harp.Game) -> list[list[str]]:
        """The face-down cards of the hint's first imagined deal, column by column."""
        twin = g.resampled(HintSearch(g, max_nodes=100).rng)
        return [col[:down] for col, down in zip(twin.view(reveal=True)["tableau"], twin.down)]

    g = harp.Game.new("harpan", deal=5)
    for move in "t2>f4 t5>t2 t7>t3 s t1>t7 t7:2>t1 s".split():
        g.play(move)
    before = imagined(g)
    quiet = g.copy()
    quiet.play("t1>t4")                                 # a card moved, nothing turned up
    assert sum(quiet.down) == sum(g.down) and len(quiet.unseen_cards()) == len(g.unseen_cards())
    assert imagined(quiet) == before
    shown = g.copy()
    shown.play("s")                                     # the stock's next card seen
    assert len(shown.unseen_cards()) == len(g.unseen_cards()) - 1
    assert imagined(shown) != before


def test_a_sure_line_leaves_out_a_move_that_only_brings_back_the_last_placement() -> None:
    # A winning line with a round trip put in (a move, then the move back to where the cards
    # were) comes back without it; the line itself, with none, comes back as it was.
    g = harp.Game.new("harpan", deal=1)
    line = solve(g.copy(), thoughtful=True, max_nodes=20000).moves
    twin = g.copy()
    for at, move in enumerate(line):
        for there in twin.legal_moves():
            if there == "s" or there.startswith("f") or ">f" in there:
                continue
            (src, i), count, (dst, j) = twin.parse_move(there)
            back = f"{dst}{j + 1}{f':{count}' if count > 1 else ''}>{src}{i + 1}"
            trip = twin.copy()
            trip.play(there)
            if back in trip.legal_moves():
                trip.play(back)
                if trip.placement() == twin.placement():
                    with_trip = line[:at] + [there, back] + line[at:]
                    assert hints.without_round_trips(g, with_trip) == line
                    break
        else:
            twin.play(move)
            continue
        break
    else:
        raise AssertionError("no round trip found along the line")
    assert hints.without_round_trips(g, line) == line
