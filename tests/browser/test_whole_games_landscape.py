"""Every game played whole on a phone held in landscape, with touch: no pile and
no toolbar button moves at any frame from the deal to the win, Finish
included (wholegames.py says how the languages are shared out)."""

from wholegames import whole_games_test

test_no_pile_moves_in_a_whole_game = whole_games_test("landscape")
