"""The solver's moves and proofs are sound: every successor it lists replays through the engine
(runs crossing one card at a time included), the static loss proofs hold against a search of
every line on small positions and never fire along a found win, positions once wrongly called
lost are won, and the face-up finish plays only to the foundations and replays."""

from __future__ import annotations

import pytest

import harp
from engine_helpers import assert_full_deck, build
from harp.cards import card_name
from harp.solver import TECHNIQUES, UNKNOWN, WIN, solve
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.finish import face_up_finish
from harp.solver.moves import MoveGenerator
from positions import SMALL_POSITION_NODES, small_position
from solverkit import generator, replays_to_a_win, run_alone, without


def replayed_successors(game: harp.Game, generated: MoveGenerator) -> list[list[str]]:
    """The moves of every successor of the generator's start, each checked to replay through the
    engine to the state the generator gives it."""
    lines = []
    for moves, after, _, _ in generated.successors(generated.deal.start, None):
        twin = game.copy()
        for move in moves:
            twin.play(move)
        assert generator(twin, prune=False).deal.start == after, moves
        lines.append(moves)
    return lines


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_every_successor_replays_through_the_engine(game_id: str) -> None:
    game = harp.Game.new(game_id, deal=9)
    assert replayed_successors(game, generator(game, prune=False))


@pytest.mark.parametrize("game_id, options, left, least_blocked, least_stuck", [
    ("harpan", {"passes": 1}, 22, 3, 10), ("harpan", {"passes": 3, "takeback": False}, 22, 3, 20),
    ("harpan", {}, 20, 2, 5), ("gargantua", {}, 18, 0, 0), ("harp", {"takeback": True}, 18, 0, 0),
    ("easy-harp", {}, 14, 0, 0),
])
def test_every_blocked_or_stuck_position_is_lost_by_exhaustive_search(
        game_id: str, options: dict[str, object], left: int, least_blocked: int, least_stuck: int) -> None:
    """The static loss proofs (LossProofs.some_cards_never_move and .some_card_never_goes_up) against a search of every
    line, without pruning and without the second-round techniques, on small random positions;
    and the solver with its techniques agrees with that search wherever both finish (two decks
    are rarely blocked, but the search prunes positions that become blocked on the way)."""
    blocked = stuck = settled = 0
    for seed in range(60):
        game = small_position(game_id, seed, left, **options)
        moves = generator(game)
        proofs, start = moves.proofs, moves.deal.start
        plain = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES, prune=False, techniques=())
        if proofs.some_cards_never_move(start):
            blocked += 1
            assert plain.verdict != WIN, f"seed {seed}: blocked, but the exhaustive search wins"
        if proofs.some_card_never_goes_up(start):
            stuck += 1
            assert plain.verdict != WIN, f"seed {seed}: stuck, but the exhaustive search wins"
        full = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES)
        if UNKNOWN not in (plain.verdict, full.verdict):
            settled += 1
            assert full.verdict == plain.verdict, f"seed {seed}"
        if full.verdict == WIN:
            assert replays_to_a_win(game, full.moves)
    assert blocked >= least_blocked and stuck >= least_stuck and settled >= 40, (blocked, stuck, settled)


def end_position(game_id: str, columns: list[str], heights: list[int]) -> harp.Game:
    """Every card on the foundations but those in ``columns`` (names bottom -> top, lower case
    face down); slot s holds suit s // decks up to ``heights[s]``.  No stock, no waste."""
    from harp.cards import card_name

    decks = harp.GAMES[game_id].decks
    foundations = {s + 1: [card_name(s // decks * 13 + r) for r in range(h)] for s, h in enumerate(heights)}
    game = build(game_id, [text.split() for text in columns], stock=[], foundations=foundations)
    assert_full_deck(game)
    return game


# Easy Harp, one card at a time: the run QH JC in column 1 can cross onto the KS of column 2
# only if the JC waits somewhere first (the QD of column 3 takes it).  Without that place (the QD
# face down, and the JC's foundation waiting for the TC), it cannot.
RUN_WITH_A_PLACE = (["kd QH JC", "KS", "QD", "KH", "KC QC"], [13, 12, 13, 11, 13, 11, 13, 10])
RUN_WITHOUT_A_PLACE = (["kd QH JC", "KS", "tc qd KH", "KC QC"], [13, 12, 13, 11, 13, 11, 13, 9])


def crossings(generated: MoveGenerator) -> list[list[str]]:
    """The moves of every successor of the start that carries column 1's two-card run onto column 2."""
    start = generated.deal.start
    return [moves for moves, after, _, _ in generated.successors(start, None)
            if after.columns[1] == start.columns[1] + start.columns[0]]


def test_where_cards_move_one_at_a_time_a_run_crosses_by_waiting_cards_elsewhere() -> None:
    game = end_position("easy-harp", *RUN_WITH_A_PLACE)
    assert crossings(generator(game, prune=False)) == [["t1>t3", "t1>t2", "t3>t2"]]
    assert crossings(generator(game, prune=False, techniques=without("shuffles"))) == []
    assert crossings(generator(end_position("easy-harp", *RUN_WITHOUT_A_PLACE), prune=False)) == []


@pytest.mark.parametrize("columns, heights", [RUN_WITH_A_PLACE, RUN_WITHOUT_A_PLACE])
def test_every_successor_of_a_position_with_runs_replays_through_the_engine(
        columns: list[str], heights: list[int]) -> None:
    game = end_position("easy-harp", columns, heights)
    assert replayed_successors(game, generator(game, prune=False))


def test_every_successor_along_a_won_easy_harp_deal_replays_through_the_engine() -> None:
    """Deal 3 was first won with runs crossing one card at a time (technique "shuffles"); at
    every tenth position of its win, each successor the solver lists is a legal line.  (Won in
    60,000 positions: with the search that takes back only to build among the turns, not in
    30,000.)"""
    game = harp.Game.new("easy-harp", deal=3)
    result = solve(game, thoughtful=True, max_nodes=60_000)
    assert result.verdict == WIN
    shuffles = 0
    for step, move in enumerate(result.moves):
        if step % 10 == 0:
            for moves in replayed_successors(game, generator(game)):
                shuffles += sum(m.startswith("t") and ">t" in m for m in moves) > 1
        game.play(move)
    assert game.is_won() and shuffles > 0


# Positions the search once called lost, each won in a few moves.
FALSE_LOSSES = [
    # The one way to win needs two preparations for one move: taking a card back onto a
    # column, and taking back another to lay bare the card that goes on it.  Both wait for
    # the same move, so neither can come just before it (solver.Need).
    ("easy-harp", ["kc qh 8c KD", "KC", "", "KH", "tc 7c qc jc qs kh ks 9C"], [13, 11, 12, 11, 12, 13, 6, 12]),
    ("harpan", ["", "KC", "7c tc qc 9c 8C", "", "jc 6C"], [13, 13, 13, 5]),
    ("double-klondike", ["KC", "ts qs js 8s 9S", "", "ks QC", "KC"], [13, 7, 13, 13, 13, 13, 12, 11]),
    # Two decks: a jack sent home by itself from one column took the place the other jack,
    # lying on the ten its slot waits for, needed (SafeMoves.goes_up_by_itself).
    ("gargantua", ["kc QC", "qc JC", "", "tc jc TC", "kc 9C"], [13, 13, 13, 13, 13, 13, 8, 9]),
    ("gargantua", ["qs qd TD", "kd ks jd 9D", "kd 9d td qc KC", "JD", "QD"], [13, 11, 13, 13, 8, 8, 11, 13]),
    # Take-backs: the queen and jack of diamonds sent home by themselves, though the black
    # jack and ten had to come back down onto them.
    ("harpan", ["6h jh th kh qh 8H", "kd ks 9H", "qs 7h JD", "QD"], [11, 5, 10, 13]),
]


@pytest.mark.parametrize("game_id, columns, heights", FALSE_LOSSES)
def test_positions_once_called_lost_are_won(game_id: str, columns: list[str], heights: list[int]) -> None:
    game = end_position(game_id, columns, heights)
    plain = solve(game, thoughtful=True, max_nodes=20_000, prune=False, techniques=())
    assert plain.verdict == WIN and replays_to_a_win(game, plain.moves)
    for techniques in ((), TECHNIQUES):
        pruned = solve(game, thoughtful=True, max_nodes=20_000, techniques=techniques)
        assert pruned.verdict == WIN and replays_to_a_win(game, pruned.moves), techniques
        proof = generator(game, techniques=techniques)
        sound = run_alone(DepthFirstSearch(proof, proof.deal.start, max_nodes=20_000))
        assert sound.verdict == WIN and replays_to_a_win(game, sound.moves), techniques


@pytest.mark.parametrize("game_id, deals", [
    ("harpan", [1, 4, 5, 6]), ("easy-harp", [1, 25, 38, 43]), ("double-klondike", [1, 2, 3, 4]),
    ("harp", [1, 3, 4, 5]), ("endless-harp", [3, 4, 5, 6]),
])
def test_once_every_card_is_face_up_the_finish_needs_no_search(game_id: str, deals: list[int]) -> None:
    """With no card face down and the whole talon in reach (draw one, no pass limit), playing
    only to the foundations always wins (``finish.face_up_finish``); with a limited stock, or
    draw three, it is only a try, and whatever it finds must replay.  The positions are taken
    from real wins (deals the solver wins within a few thousand positions), at the first move
    where no card is face down."""
    always = harp.GAMES[game_id].draw == 1 and harp.GAMES[game_id].passes is None
    checked = finished = 0
    for deal in deals:
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=5_000)
        assert result.verdict == WIN, deal
        for move in result.moves:
            if not any(game.down):
                break
            game.play(move)
        checked += 1
        start = generator(game).deal.start
        line = generator(game).win_line(start)
        assert generator(game, techniques=("blocked",)).win_line(start) is None
        if always:
            assert line is not None, f"deal {deal}: every card face up and in reach, yet no finish"
        if line is not None:
            finished += 1
            assert all(move == "s" or ">f" in move for move in line)
            assert replays_to_a_win(game, line), f"deal {deal}"
    assert finished >= (checked if always else 1), (checked, finished)


def foundations_alone_win(game: harp.Game) -> bool:
    """Whether playing only to the foundations wins, through the engine, in the face-up finish's
    order: each column in turn sends up what it can, then the waste card, again while anything
    went up; when nothing did, a tap; until won, or until the last pass ends or a whole round
    of the stock brings nothing up.  (With two decks the order matters: a king sent up early
    can cover the queen its twin needs.)"""
    game = game.copy()
    columns = [f"t{i + 1}" for i in range(game.rules.columns)]
    taps = 0  # since a card last went up
    while not game.is_won():
        went_up = False
        for pile in columns:
            while (move := game.foundation_move(pile)) is not None:
                game.play(move)
                went_up = True
        if (move := game.foundation_move("w")) is not None:
            game.play(move)
            went_up = True
        if went_up:
            taps = 0
        elif "s" in game.legal_moves() and taps <= len(game.stock) + len(game.waste):
            game.play("s")
            taps += 1
        else:
            return False
    return True


@pytest.mark.parametrize("game_id", sorted(harp.GAMES))
def test_the_face_up_finish_starts_every_foundation(game_id: str) -> None:
    """Every foundation empty, each suit of each deck in a column of its own, the ace on top
    (the suits the columns cannot hold in the stock): the finish sends every ace to a slot of
    its own and wins.  (It catches a wrong next slot for an ace, which random positions seldom meet.)"""
    rules = harp.Game.new(game_id, deal=1).rules
    suits = [[card_name(suit * 13 + height) for height in reversed(range(13))]
             for suit in range(4) for _ in range(rules.decks)]
    game = build(game_id, suits[: rules.columns], stock=[name for suit in suits[rules.columns:] for name in suit])
    deal = generator(game).deal
    line = face_up_finish(deal, deal.start)
    assert line is not None and replays_to_a_win(game, line)


@pytest.mark.parametrize("game_id", sorted(harp.GAMES))
@pytest.mark.parametrize("options", [{}, {"draw": 3}, {"passes": None}])
def test_the_face_up_finish_wins_exactly_where_playing_to_the_foundations_alone_does(
        game_id: str, options: dict[str, object]) -> None:
    """On random positions with every card face up (some won by the foundations alone, most
    not), ``finish.face_up_finish`` finds a win exactly where the engine's foundation-only play
    in the same order does, and its line replays to a win."""
    wins = 0
    for seed in range(60):
        left = (6, 12, 20, 30, 45)[seed % 5]  # (with 45 off, some foundations are empty: aces too)
        game = small_position(game_id, seed, left, spread=5, face_up=True, **options)
        deal = generator(game).deal
        line = face_up_finish(deal, deal.start)
        assert (line is not None) == foundations_alone_win(game), (seed, line)
        if line is not None:
            assert replays_to_a_win(game, line), seed
            wins += 1
    assert 3 <= wins <= 57, wins  # both answers are met


@pytest.mark.parametrize("game_id, deals", [
    ("harpan", [1, 4, 5]), ("easy-harp", [1, 25]), ("gargantua", [1, 3, 4]), ("harp", [1, 3]), ("big-harp", [1, 3]),
])
def test_no_static_loss_proof_fires_along_a_winning_line(game_id: str, deals: list[int]) -> None:
    """Real positions, not made-up ones: at every position of a found win, neither
    static loss proof (``LossProofs``) may call the deal lost."""
    for deal in deals:
        game = harp.Game.new(game_id, deal=deal)
        result = solve(game, thoughtful=True, max_nodes=5_000)
        assert result.verdict == WIN, deal
        for move in result.moves:
            moves = generator(game)
            assert not moves.proofs.proves_lost(moves.deal.start), (deal, move)
            game.play(move)
