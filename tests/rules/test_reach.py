"""What one turn can make: the most points, and the chance of a total when played for it."""

from __future__ import annotations

import itertools
import math

import pytest

from greed_game.presets import preset
from greed_game.rules import PRESET_IDS, RuleSet
from greed_game.rules.reach import GRID, Turn, chances, entry_within_reach, most_points
from greed_game.rules.ruleset import parse_rules
from greed_game.rules.rulings import throw_bust_chance


def _turn(rules: RuleSet) -> Turn:
    return Turn(rules.scoring, rules.dice, rules.doubles_rescue)


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_the_smallest_total_is_made_by_any_first_throw_that_scores(preset_id: str) -> None:
    rules = preset(preset_id)
    smallest = min(c.points for c in rules.table.combos if c.points > 0)
    _, made = chances(_turn(rules), smallest)
    # A rescued pair scores nothing, so it counts only through the throws that follow it.
    assert made[-1] >= 1 - throw_bust_chance(rules, rules.dice) - 1e-12
    assert made[-1] <= 1 - throw_bust_chance(rules, rules.dice) + (1 / 36 if rules.doubles_rescue else 0) + 1e-12


def test_the_chance_falls_as_the_total_grows_and_every_preset_can_make_any_total() -> None:
    for preset_id in PRESET_IDS:
        turn = _turn(preset(preset_id))
        assert most_points(turn) == math.inf, "hot dice bring the dice back with points on the way"
        _, made = chances(turn, 5000)
        assert all(a >= b for a, b in itertools.pairwise(made)) and made[0] == 1.0


def test_a_coarser_grid_only_raises_the_chance() -> None:
    rules = preset("classic-five").with_overrides({"scoring": {"singles": {"1": 1000, "5": 999}}})
    turn = _turn(rules)
    need = 40 * GRID
    unit, coarse = chances(turn, need)
    assert unit > 1 and len(coarse) - 1 == -(-need // unit)
    fine_unit, fine = chances(turn, need // 8)
    assert fine_unit < unit and coarse[-1] <= 1.0
    # The same total counted on the finer grid is no more likely than on the coarse one.
    assert fine[-1] <= coarse[-(-(need // 8) // unit)] + 1e-12


def test_triples_alone_on_five_dice_make_at_most_one_triple_a_turn() -> None:
    rules = preset("classic-five")
    no_singles = rules.to_dict()
    no_singles["scoring"]["singles"] = {}
    no_singles["target"], no_singles["entry_minimum"] = 1000, 0
    turn = _turn(parse_rules(no_singles))
    assert most_points(turn) == 1000
    assert entry_within_reach(turn, 1000) is None and entry_within_reach(turn, 1001) == 1000
