"""Scoring per preset: the worked checks of RULES.md, keeps and their options.

``oracle_points`` (tests/rules/rules_md.py) is an independent reading of the RULES.md
scoring table, checked against every entry of every preset's table.
"""

from __future__ import annotations

import pytest
from rules_md import oracle_points

from greed_game.presets import preset
from greed_game.rules import PRESET_IDS, IllegalAction, Keep, Roll, apply, counts_of, new_state
from greed_game.rules.dice import EMPTY, multisets, submultisets

# --- worked checks (RULES.md "Worked checks") --------------------------------------------

WORKED_BEST = [
    ("classic-five", [5, 1, 3, 4, 1], 250),
    ("classic-five", [1, 1, 1, 3, 1], 1100),
    ("classic-five", [2, 4, 4, 5, 4], 450),
    ("classic-five", [1, 1, 1, 1, 1], 1200),
    ("official", [2, 2, 2, 5, 6], 250),
    ("official", [1, 2, 3, 4, 1], 850),
    ("official", [6, 6, 6, 6, 6], 2400),
    ("dollar-greed", [6, 5, 4, 1, 1, 2], 250),
    ("dollar-greed", [1, 1, 1, 1, 5, 5], 1100),
    ("dollar-greed", [1, 2, 3, 4, 5, 6], 1000),
    ("dollar-greed", [2, 2, 2, 3, 3, 3], 600),
    ("pass-the-dice", [1, 2, 3, 4, 5, 2], 1000),
    ("pass-the-dice", [1, 2, 3, 4, 5, 5], 1050),
]


@pytest.mark.parametrize(("rules_id", "dice", "best"), WORKED_BEST)
def test_worked_check(rules_id: str, dice: list[int], best: int) -> None:
    table = preset(rules_id).table
    options = table.options(counts_of(dice))
    assert options[0].points == best
    top = table.best(counts_of(dice))
    assert top is not None and top.points == best
    assert not table.is_bust(counts_of(dice))


def test_dollar_greed_2_2_3_scores_nothing() -> None:
    table = preset("dollar-greed").table
    assert table.is_bust(counts_of([2, 2, 3]))
    assert table.options(counts_of([2, 2, 3])) == ()
    assert table.best(counts_of([2, 2, 3])) is None


def test_official_two_of_three_2s_is_not_a_keep() -> None:
    table = preset("official").table
    throw = counts_of([2, 2, 2, 5, 6])
    assert table.points(counts_of([2, 2])) is None
    assert table.why_not(throw, counts_of([2, 2])) == "2 2 do not score in this selection"
    keeps = {o.dice: o.points for o in table.options(throw)}
    assert keeps == {(2, 2, 2, 5): 250, (2, 2, 2): 200, (5,): 50}


def test_official_two_2s_keep_event_is_rejected_with_a_reason() -> None:
    rules = preset("official")
    state = apply(rules, new_state(rules, 2), Roll((2, 2, 2, 5, 6)))
    with pytest.raises(IllegalAction) as info:
        apply(rules, state, Keep((2, 2)))
    assert info.value.rule == "free-die"
    assert "2 2 do not score" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        apply(rules, state, Keep((2, 2, 2, 5, 6)))
    assert info.value.rule == "free-die"
    assert "6 does not score" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        apply(rules, state, Keep((1,)))
    assert info.value.rule == "not-thrown"
    assert "1 was not thrown" in str(info.value)


@pytest.mark.parametrize(
    ("rules_id", "throw", "keep", "reason"),
    [
        ("classic-five", [1, 1, 1, 3, 1], [1, 1, 1, 3], "3 does not score in this selection"),
        ("pass-the-dice", [1, 2, 3, 4, 5, 2], [1, 2, 3, 4, 5, 2], "2 does not score in this selection"),
        ("dollar-greed", [6, 5, 4, 1, 1, 2], [6, 1], "6 does not score in this selection"),
        ("farkel-family", [2, 2, 3, 3, 4, 6], [2, 2, 3, 3], "2 2 3 3 do not score in this selection"),
        ("official", [1, 2, 3, 5, 5], [5, 5, 5], "5 was not thrown"),
        ("official", [1, 2, 3, 5, 5], [], "select at least one scoring die"),
    ],
)
def test_invalid_keep_reason(rules_id: str, throw: list[int], keep: list[int], reason: str) -> None:
    assert preset(rules_id).table.why_not(counts_of(throw), counts_of(keep)) == reason


# --- the points of single keeps (RULES.md scoring table) ---------------------------------

KEEP_POINTS = [
    # "Standard triples" and doubling.
    ("pass-the-dice", [1, 1, 1], 1000),
    ("pass-the-dice", [2, 2, 2, 2], 400),
    ("pass-the-dice", [6, 6, 6, 6], 1200),
    ("pass-the-dice", [1, 1, 1, 1], 2000),
    ("pass-the-dice", [3, 3, 3, 3, 3], 1200),
    ("pass-the-dice", [4, 4, 4, 4, 4, 4], 3200),
    ("pass-the-dice", [2, 3, 4, 5, 6], 1000),
    ("pass-the-dice", [1, 2, 3, 4, 5, 6], 2000),
    ("pass-the-dice", [1, 5], 150),
    ("pass-the-dice", [2, 2, 2, 5, 5, 5], 700),
    # Five dice, no four of a kind: extra dice only as singles.
    ("classic-five", [5, 5, 5, 5], 550),
    ("classic-five", [1, 1, 1, 1, 5], 1150),
    ("classic-five", [6, 6, 6], 600),
    # $GREED: no DDD, DDDD, six of a kind, $GREED.
    ("dollar-greed", [1, 1, 1], 300),
    ("dollar-greed", [1, 1, 1, 1], 1000),
    ("dollar-greed", [1, 1, 1, 1, 1], 1100),
    ("dollar-greed", [1, 1, 1, 1, 1, 1], 5000),
    ("dollar-greed", [2, 2, 2, 2, 2, 2], 5000),
    ("dollar-greed", [6, 6, 6], 600),
    ("dollar-greed", [5, 5, 5], 500),
    ("dollar-greed", [4, 4, 4], 400),
    ("dollar-greed", [3, 3, 3], 300),
    ("dollar-greed", [2, 2, 2], 300),
    ("dollar-greed", [5, 5, 5, 5], 550),
    ("dollar-greed", [1, 1, 5, 5], 300),
    ("dollar-greed", [1, 2, 3, 4, 5, 6], 1000),
    # Farkel family: doubling to 8000, straight and all doubles 1000.
    ("farkel-family", [1, 1, 1, 1, 1, 1], 8000),
    ("farkel-family", [4, 4, 4, 4], 800),
    ("farkel-family", [4, 4, 4, 4, 4], 1600),
    ("farkel-family", [4, 4, 4, 4, 4, 4], 3200),
    ("farkel-family", [2, 2, 2, 2, 2, 2], 1600),
    ("farkel-family", [1, 2, 3, 4, 5, 6], 1000),
    ("farkel-family", [2, 2, 3, 3, 6, 6], 1000),
    ("farkel-family", [2, 2, 2, 2, 6, 6], 1000),
    ("farkel-family", [1, 1, 5, 5, 6, 6], 1000),
    ("farkel-family", [1, 1, 1, 1, 5, 5], 2100),
    ("farkel-family", [2, 3, 4, 5, 6], None),
    # Official: small straight (the fifth die may score as a single), large straight, 4K, 5K.
    ("official", [1, 2, 3, 4], 750),
    ("official", [2, 3, 4, 5], 750),
    ("official", [2, 3, 4, 5, 5], 800),
    ("official", [1, 2, 3, 4, 5], 1500),
    ("official", [2, 3, 4, 5, 6], 1500),
    ("official", [1, 1, 1, 1], 2000),
    ("official", [5, 5, 5, 5], 1000),
    ("official", [6, 6, 6, 6], 1200),
    ("official", [1, 2, 3, 4, 6], None),
    ("official", [3, 4, 5, 6], None),
    # Fragments of combinations are no keep at all.
    ("pass-the-dice", [2, 2], None),
    ("pass-the-dice", [1, 2, 3, 4], None),
    ("classic-five", [1, 2, 3, 4, 5], None),
    ("dollar-greed", [2, 2, 3], None),
    ("dollar-greed", [2, 3, 4, 6], None),
]


@pytest.mark.parametrize(("rules_id", "keep", "points"), KEEP_POINTS)
def test_keep_points(rules_id: str, keep: list[int], points: int | None) -> None:
    assert preset(rules_id).table.points(counts_of(keep)) == points


def test_farkel_family_non_scoring_pair_is_a_bust_throw_of_its_own() -> None:
    # The rescue is a turn rule, not a combination: 4 4 is no keep.
    table = preset("farkel-family").table
    assert table.is_bust(counts_of([4, 4]))


def test_breakdown_names_the_combinations() -> None:
    table = preset("official").table
    parts = table.breakdown(counts_of([1, 2, 3, 4, 1]))
    assert parts is not None
    assert sorted((c.name, c.points) for c in parts) == [("single 1", 100), ("small straight 1-2-3-4", 750)]
    assert table.breakdown(counts_of([2, 2])) is None
    assert table.breakdown(EMPTY) is None


# --- against an independent reading of the RULES.md scoring table ------------------------


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_table_matches_rules_md_for_every_keep(rules_id: str) -> None:
    table = preset(rules_id).table
    for keep in multisets(6):
        assert table.points(keep) == oracle_points(rules_id, keep), keep


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_options_list_every_distinct_valid_keep_once(rules_id: str) -> None:
    rules = preset(rules_id)
    table = rules.table
    for throw in multisets(rules.dice):
        if throw == EMPTY:
            continue
        options = table.options(throw)
        listed = [o.counts for o in options]
        assert len(listed) == len(set(listed)), throw
        expected = {k: p for k in submultisets(throw) if (p := oracle_points(rules_id, k)) is not None}
        assert {o.counts: o.points for o in options} == expected, throw
        # Best first.
        assert [o.points for o in options] == sorted((o.points for o in options), reverse=True)
        assert table.is_bust(throw) == (not options)


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_best_is_the_highest_keep_with_the_most_dice(rules_id: str) -> None:
    rules = preset(rules_id)
    table = rules.table
    for throw in multisets(rules.dice):
        if throw == EMPTY or table.is_bust(throw):
            continue
        best = table.best(throw)
        assert best is not None
        options = table.options(throw)
        top = max(o.points for o in options)
        assert best.points == top
        assert best.size == max(o.size for o in options if o.points == top)


def test_dollar_greed_best_selection_is_unique() -> None:
    """The bank rule keeps "the best selection": it must be a single, well-defined keep."""
    rules = preset("dollar-greed")
    for throw in multisets(rules.dice):
        options = rules.table.options(throw)
        if len(options) > 1:
            assert options[0].points > options[1].points, throw


def test_scoring_faces() -> None:
    table = preset("official").table
    assert table.scoring_faces(counts_of([2, 2, 2, 5, 6])) == counts_of([2, 2, 2, 5])
    assert table.scoring_faces(counts_of([1, 2, 3, 4, 6])) == counts_of([1, 2, 3, 4])
