"""The review counts rounds as the scoreboard does: a seat's n-th turn is round n, whoever started."""

from __future__ import annotations

import random

from greed_game.play.coaching import round_of
from greed_game.play.history import score_series
from greed_game.presets import preset
from greed_game.rules import FirstPlayer, Game, Player
from greed_game.rules.history import game_history


def test_a_position_is_in_the_round_the_scoreboard_gives_its_seats_turn() -> None:
    for first in (0, 1, 2):
        game = Game(preset("pass-the-dice").with_overrides({"target": 1500}), [Player(n) for n in "ABC"])
        rng = random.Random(first)
        turns = [0, 0, 0]
        seen = 0
        game.apply(FirstPlayer(first))
        while not game.finished and len(game.events) < 400:
            state = game.state
            assert round_of(state) == turns[state.current] + 1
            game.play(rng.choice(game.legal_actions()), rng)
            if game.state.turn != state.turn:
                turns[state.current] += 1
                seen += 1
        series = score_series(game_history(game), 3)
        assert seen and [len(s) - 1 for s in series] == turns  # the scoreboard's rounds, seat by seat
