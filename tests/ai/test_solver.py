"""The exact solver against independent computations."""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from english import told

from greed_game.ai.players import Expert
from greed_game.ai.solver import Solution, solve
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS, Game, Player, RuleSet
from greed_game.rules.dice import counts_of, multisets, size
from greed_game.storage.solutions import DiskSolutionCache


def naive_expected_turn(rules: RuleSet, cap: int) -> float:
    """Plain recursion over every outcome and every valid keep; banks whenever allowed above ``cap``."""
    table = rules.table
    outcomes: dict[int, list[tuple[float, tuple[tuple[int, int], ...]]]] = {}
    for n in range(1, rules.dice + 1):
        rows = []
        for c in multisets(n):
            if size(c) != n:
                continue
            p = math.factorial(n) / math.prod(math.factorial(k) for k in c) / 6**n
            rows.append((p, tuple((o.size, o.points) for o in table.options(c)), c))
        outcomes[n] = [(p, opts) for p, opts, _ in rows]
        rescue_rows = [(p, c) for p, opts, c in rows if not opts and rules.doubles_rescue and n == 2 and max(c) == 2]
        outcomes[-n] = [(p, ()) for p, _ in rescue_rows]

    @cache
    def throw(n: int, t: int) -> float:
        total = 0.0
        for p, opts in outcomes[n]:
            if not opts:
                continue
            best_points = max(pts for _, pts in opts)
            best = 0.0
            for kept, pts in opts:
                left = n - kept
                hot = left == 0
                nxt = rules.dice if hot else left
                may_bank = not (hot and rules.hot_dice == "mandatory") and not (
                    rules.bank_keeps_best and pts != best_points
                )
                best = max(best, after(nxt, t + pts, may_bank))
            total += p * best
        for p, _ in outcomes[-n]:
            total += p * after(rules.dice, t, True)
        return total

    def after(n: int, t: int, may_bank: bool) -> float:
        if (may_bank and t > cap) or t > cap + 10_000:
            # Far past the cap a chain of forced throws is too unlikely to matter at 0.01 points.
            return float(t)
        cont = throw(n, t)
        return max(cont, float(t)) if may_bank else cont

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        return throw(rules.dice, 0)
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_solve_agrees_with_naive_recursion(preset_id: str) -> None:
    rules = preset(preset_id)
    naive = naive_expected_turn(rules, cap=9000)
    assert Solution(rules).expected_turn_points == pytest.approx(naive, abs=0.01)


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_bust_probability_matches_enumeration_of_ordered_throws(preset_id: str) -> None:
    rules = preset(preset_id)
    solution = solve(rules)
    for n in range(1, rules.dice + 1):
        busts = 0
        for throw in itertools.product(range(1, 7), repeat=n):
            c = counts_of(throw)
            rescued = rules.doubles_rescue and n == 2 and throw[0] == throw[1]
            busts += rules.table.is_bust(c) and not rescued
        assert solution.bust_probability(n) == pytest.approx(busts / 6**n, abs=1e-12)


def test_cap_does_not_change_the_value() -> None:
    rules = preset("farkel-family")
    base = Solution(rules)
    doubled = Solution(rules, cap=base.cap * 2)
    assert doubled.expected_turn_points == pytest.approx(base.expected_turn_points, abs=1e-6)


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_expert_policy_earns_the_solved_value_in_play(preset_id: str) -> None:
    """Solo turns played through the rules core average what the solver says (within 4 standard errors)."""
    base = preset(preset_id)
    # The highest target the rules allow; a game that reaches it starts afresh.
    smallest = min(c.points for c in base.table.combos)
    rules = base.with_overrides({"entry_minimum": 0, "target": 1000 * smallest})
    solution = Solution(rules)
    expert = Expert(rules, solution)
    game = Game(rules, [Player("solo", "expert")])
    rng = random.Random(11)
    turns: list[int] = []
    while len(turns) < 6000:
        before, turn = game.state.scores[0], game.state.turn
        game.play(expert.choose(rules, game.state), rng)
        if game.state.turn != turn or game.state.finished:
            turns.append(game.state.scores[0] - before)
        if game.state.finished:
            game = Game(rules, [Player("solo", "expert")])
    mean = sum(turns) / len(turns)
    sd = math.sqrt(sum((x - mean) ** 2 for x in turns) / (len(turns) - 1))
    assert abs(mean - solution.expected_turn_points) < 4 * sd / math.sqrt(len(turns))


def test_solution_is_cached_on_disk_by_content(tmp_path: Path) -> None:
    folder = tmp_path
    rules = preset("classic-five").with_overrides({"target": 4321})
    first = solve(rules, cache=DiskSolutionCache(folder))
    files = list(folder.glob("solution-*.json"))
    assert len(files) == 1 and rules.content_key() in files[0].name
    again = solve(rules, cache=DiskSolutionCache(folder))
    assert again is not first and again.cached and not first.cached
    assert again.models == first.models and again.strict_models == first.strict_models
    assert again.expected_turn_points == pytest.approx(first.expected_turn_points, abs=1e-6)
    files[0].write_text("{not json", encoding="utf-8")
    again = solve(rules, cache=DiskSolutionCache(folder))
    assert again.expected_turn_points == pytest.approx(first.expected_turn_points)


def test_solve_command_prints_the_contract(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GREED_CACHE_DIR"} | {"GREED_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "greed_game", "solve", "--rules", "classic-five"]
    runs = [subprocess.run(command, capture_output=True, text=True, check=True, env=env) for _ in range(2)]
    data, again = (json.loads(r.stdout) for r in runs)
    # A portable install (GREED_DATA_DIR) keeps the solution cache beside its data, and the second solve reads it.
    assert list((tmp_path / "cache" / "solutions").glob("solution-*.json"))
    assert not data["cached"] and again["cached"] and again["expected_turn_points"] == data["expected_turn_points"]
    assert set(data) == {"rules", "expected_turn_points", "bust_probability", "seconds", "cached"}
    assert data["rules"] == "classic-five"
    assert list(data["bust_probability"]) == ["1", "2", "3", "4", "5"]
    assert data["bust_probability"]["1"] == pytest.approx(2 / 3, abs=1e-6)
    expected = Solution(preset("classic-five")).expected_turn_points
    assert data["expected_turn_points"] == pytest.approx(expected, abs=0.01)


def _tamper(path: Path, change: str) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    if change.startswith("step"):
        data["step"] = int(change.split("=")[1])
    elif change == "huge value":
        data["values"][3][2] = 1e308
    elif change == "negative value":
        data["values"][1][0] = -1e300
    elif change == "huge tail":
        data["beta"][2] = 1e300
    else:
        data["models"][2][3][0][0] = 0.9  # one outcome's chance inflated: the chances no longer add up
    path.write_text(json.dumps(data), encoding="utf-8")


CHANGES = ["step=0", "step=-50", "step=25", "huge value", "negative value", "huge tail", "chances"]


@pytest.mark.parametrize("change", CHANGES)
def test_a_damaged_cache_is_not_believed(tmp_path: Path, change: str) -> None:
    from greed_game.ai import solver

    rules = preset("classic-five")
    cache = DiskSolutionCache(tmp_path)
    first = solve(rules, cache=cache)
    (kept,) = tmp_path.glob("solution-*.json")
    _tamper(kept, change)
    assert solver._load(rules, kept.read_text(encoding="utf-8")) is None
    again = solve(rules, cache=cache)
    assert not again.cached and again.expected_turn_points == pytest.approx(first.expected_turn_points)
    (aside,) = tmp_path.glob("solution-*.bad-*.json")
    said = f"A damaged solution in the cache was set aside as {aside} and the rules solved again."
    assert told(cache.notes) == [said]


@pytest.mark.parametrize("change", ["step=0", "huge value"])
def test_a_damaged_cache_is_set_aside_and_solved_again_with_one_note(tmp_path: Path, change: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GREED_DATA_DIR"} | {"GREED_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-m", "greed_game", "solve", "--rules", "classic-five"],
                           capture_output=True, text=True, check=True, env=env)
    (kept,) = tmp_path.glob("solution-*.json")
    _tamper(kept, change)
    for command in (["solve", "--rules", "classic-five"],
                    ["simulate", "--rules", "classic-five", "--players", "expert,cautious", "--games", "5"]):
        out = subprocess.run([sys.executable, "-m", "greed_game", *command],
                             capture_output=True, text=True, check=False, env=env)
        assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
        if command[0] == "solve":
            assert json.loads(out.stdout)["expected_turn_points"] == json.loads(first.stdout)["expected_turn_points"]
            (note,) = out.stderr.splitlines()
            assert note.startswith("greed-game: note: A damaged solution in the cache was set aside as ")
            (aside,) = tmp_path.glob("solution-*.bad-*.json")
            assert aside.is_file()
            _tamper(kept, change)  # damaged again for the next command
        else:
            assert out.stderr.count("note:") == 1
