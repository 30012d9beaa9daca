"""Solving off the window's thread: computer seats wait for their players, the hint shows progress, Esc stops it."""

from __future__ import annotations

import random
import time

import pytest

from greed_game.ai.progress import TooHard
from greed_game.app.prepare import Preparation
from greed_game.app.turn import TurnController
from greed_game.presets import preset
from greed_game.rules import Game, Player, RuleSet

from .test_turn import FakeView, Saver, Settings, _run


def _fine_rules(points: int) -> RuleSet:
    """Classic five with a 5 worth ``points``: an odd value makes every turn total a level of its own."""
    return preset("classic-five").with_overrides({"scoring": {"singles": {"5": points}}, "target": 3000})


def test_a_threaded_preparation_gives_every_computer_seat_its_player() -> None:
    prep = Preparation(preset("pass-the-dice"), {1: "expert", 2: "cautious"})
    assert prep.wait(60)
    assert not prep.cancelled and prep.advice and prep.problem == ""
    assert sorted(prep.strategies) == [1, 2]
    assert [prep.strategies[s].level for s in (1, 2)] == ["expert", "cautious"]


def test_rules_too_fine_to_solve_fall_back_and_say_why() -> None:
    rules = preset("classic-five").with_overrides(
        {"scoring": {"singles": {"1": 1_000_000, "5": 999_999}}, "target": 3000}
    )
    with pytest.raises(TooHard):
        from greed_game.ai.solver import Solution

        Solution(rules)
    prep = Preparation(rules, {1: "master"}, threaded=False)
    assert not prep.advice and "turn totals" in prep.problem
    assert prep.strategies[1].level == "cautious"


def test_leaving_stops_a_long_solve() -> None:
    from greed_game.ai import solver

    rules = _fine_rules(51)
    solver._SOLUTIONS.pop(rules.content_key(), None)
    prep = Preparation(rules, {1: "master"})
    while prep.fraction == 0.0 and not prep.done:
        time.sleep(0.005)
    assert not prep.done, "the solve was expected to take a while"
    prep.cancel()
    assert prep.wait(30), "a cancelled solve must stop at its next progress report"
    assert prep.cancelled and prep.strategies == {}
    assert rules.content_key() not in solver._SOLUTIONS  # nothing half-solved is kept


class _Pending(Preparation):
    """A preparation that finishes only when the test says so."""

    def __init__(self, rules: RuleSet, kinds: dict[int, str]) -> None:
        super().__init__(rules, kinds, threaded=False)

    def _run(self) -> None:
        pass

    def finish(self) -> None:
        self._prepare()
        self._done.set()


def test_the_table_waits_for_its_computer_players_and_shows_progress() -> None:
    rules = preset("classic-five").with_overrides({"target": 1000})
    game = Game(rules, [Player("Ada", "expert"), Player("Bo", "human")])
    view = FakeView()
    prep = _Pending(rules, {0: "expert"})
    turn = TurnController(
        game, view, rng=random.Random(3), seed=3, rules_ref="classic-five", overrides={"target": 1000},
        saver=Saver(), pacing=Settings, skin=lambda: "pips", visual_rng=random.Random(0), prep=prep,
    )
    view.turn = turn
    turn.start_new()
    turn.enter()
    turn.toggle_hint()
    prep.fraction = 0.4
    _run(turn, view, 5)
    assert turn.preparing and view.throws == [] and game.state.turn == 0
    assert turn.hint[0].text == "Working out the odds of these rules… 40%"
    prep.finish()
    _run(turn, view, 5)
    assert not turn.preparing and view.throws, "the computer plays once its player is ready"
    assert turn.hint and "Working out" not in turn.hint[0].text
