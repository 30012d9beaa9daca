"""The coach: a game's decisions judged against the exact chance of winning."""

from __future__ import annotations

import random
from functools import cache

import pytest

from greed_game.ai import strategy
from greed_game.ai.coach import ACCURATE, Decision, review
from greed_game.ai.optimal import Optimal, win_advice
from greed_game.ai.win import solve_win
from greed_game.presets import preset
from greed_game.rules import Bank, Carryover, Game, Keep, Player, RuleSet


@cache
def _solved(preset_id: str, target: int) -> tuple[RuleSet, Optimal]:
    rules = preset(preset_id).with_overrides({"target": target})
    return rules, Optimal(rules, solve_win(rules))


def _play(rules: RuleSet, levels: tuple[str, str], seed: int, optimal: Optimal) -> Game:
    players = [Player("Tess"), Player("Ada")]
    game = Game(rules, players)
    rng = random.Random(seed)
    game.roll_off(rng)
    bots = [optimal if level == "optimal" else strategy(level, rules) for level in levels]
    while not game.finished:
        game.play(bots[game.state.current].choose(rules, game.state), rng)
    return game


@pytest.mark.parametrize("preset_id", ["classic-five", "pass-the-dice"])
def test_the_exact_player_loses_nothing_and_a_careless_one_is_caught(preset_id: str) -> None:
    rules, optimal = _solved(preset_id, 500)
    careless: list[Decision] = []
    for seed in range(4):
        game = _play(rules, ("optimal", "bold"), seed, optimal)
        result = review(rules, game.players, game.events, optimal)
        assert result.of(0) and result.of(1)
        assert all(d.lost < 1e-9 for d in result.of(0)), "the exact player's own choices cost it something"
        assert result.accuracy(0) == 1.0
        for d in result.decisions:
            # each figure is the solution's own value of the choice made and of the best one
            values = {tuple(c.actions): c.value for c in win_advice(rules, d.state, optimal).choices}
            assert values[d.chosen] == pytest.approx(d.chosen_value, abs=1e-12)
            assert d.best_value == pytest.approx(max(values.values()), abs=1e-12)
            assert isinstance(game.events[d.event], (Keep, Bank, Carryover))  # a choice, not a throw
        careless.extend(result.of(1))
    # bold pushes on whatever the scores: over a few games some of its choices cost it
    assert any(d.lost >= ACCURATE for d in careless)


def test_the_worst_decisions_come_costliest_first_and_accuracy_counts_them() -> None:
    rules, optimal = _solved("classic-five", 500)
    game = _play(rules, ("cautious", "optimal"), 7, optimal)
    result = review(rules, game.players, game.events, optimal)
    worst = result.worst(0, 50)
    assert [d.lost for d in worst] == sorted((d.lost for d in worst), reverse=True)
    assert all(d.lost >= ACCURATE for d in worst)
    accurate = sum(d.lost < ACCURATE for d in result.of(0))
    assert result.accuracy(0) == accurate / len(result.of(0))
    assert len(worst) == len(result.of(0)) - accurate


def test_a_review_needs_two_players() -> None:
    rules, optimal = _solved("classic-five", 500)
    with pytest.raises(ValueError, match="two-player"):
        review(rules, [Player("A"), Player("B"), Player("C")], [], optimal)
