"""The headless engine plays exactly the rules core's game, repeatably."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from greed_game.ai import LEVELS
from greed_game.ai.levels import make_strategy
from greed_game.ai.simulate import play_game, simulate, wilson
from greed_game.presets import preset, replay
from greed_game.rules import PRESET_IDS, Player
from greed_game.rules.record import Record
from greed_game.solutions import Solutions


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_headless_games_replay_identically_through_the_rules_core(preset_id: str, solutions: Solutions) -> None:
    rules = preset(preset_id)
    levels = {name: make_strategy(name, rules, solutions) for name in LEVELS}
    for g in range(40):
        names = [LEVELS[(g + i) % len(LEVELS)] for i in range(1 + g % 4)]
        result = play_game(rules, [levels[n] for n in names], random.Random(g), log=True)
        game = replay(Record(preset_id, [Player(n, n) for n in names], result.events))
        assert game.finished
        assert list(game.state.scores) == result.scores
        assert list(game.winners) == result.winners


def test_same_seed_same_result_and_seats_rotate() -> None:
    rules = preset("official")
    a = simulate(rules, ["expert", "bold", "cautious"], 90, seed=4)
    b = simulate(rules, ["expert", "bold", "cautious"], 90, seed=4)
    c = simulate(rules, ["expert", "bold", "cautious"], 90, seed=5)
    for run in (a, b, c):
        run.pop("seconds")
        run.pop("games_per_second")
    assert a == b
    assert a != c
    assert all(level["games"] == 90 for level in a["levels"].values())


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.502, abs=0.001) and high == pytest.approx(0.691, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_command_output_and_errors() -> None:
    cmd = [sys.executable, "-m", "greed_game", "simulate", "--rules", "classic-five", "--players", "expert,bold"]
    out = subprocess.run([*cmd, "--games", "60", "--seed", "9"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert set(data["levels"]) == {"expert", "bold"}
    for level in data["levels"].values():
        assert {"win_rate", "win_rate_95", "points_per_turn", "bust_rate", "games"} <= set(level)
        low, high = level["win_rate_95"]
        assert low <= level["win_rate"] <= high
    assert data["turns_per_game"] > 0
    assert out.stderr == ""  # no progress bar when stderr is not a terminal
    again = subprocess.run([*cmd, "--games", "60", "--seed", "9"], capture_output=True, text=True, check=True)
    assert json.loads(again.stdout)["levels"] == data["levels"]
    bad = subprocess.run([*cmd[:-1], "expert,wizard"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "wizard" in bad.stderr and bad.stdout == ""


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_logging_does_not_change_the_game(preset_id: str) -> None:
    """Tournaments skip the event log; the games they play are the logged (replay-checked) ones."""
    rules = preset(preset_id)
    levels = [make_strategy("expert", rules), make_strategy("bold", rules), make_strategy("master", rules)]
    for g in range(60):
        logged = play_game(rules, levels, random.Random(g), log=True)
        fast = play_game(rules, levels, random.Random(g))
        assert (fast.scores, fast.winners, fast.turns) == (logged.scores, logged.winners, logged.turns)
        assert fast.events == []
