"""Two games played whole on a small phone held upright (360 x 740), with
touch: no pile and no button of the bottom row moves at any frame from the
deal to the win, Finish included.  Big Harp is the widest game (ten columns,
two decks), Harpan the one with passes; every game is played whole at
390 x 844 (test_whole_games_portrait.py)."""

from wholegames import whole_games_test

test_no_pile_moves_in_a_whole_game = whole_games_test("narrow", games=("big-harp", "harpan"))
