"""The core answers questions about a position without anyone dry-running ``apply``."""

from __future__ import annotations

import pytest

from greed_game.presets import preset
from greed_game.rules import (
    Game,
    IllegalAction,
    Keep,
    Player,
    Roll,
    apply,
    bank_total,
    can_bank,
    hot_dice,
    keep_points,
)


def _after(rules_id: str, *events: Roll | Keep) -> Game:
    game = Game(preset(rules_id), [Player("a"), Player("b")])
    for event in events:
        game.apply(event)
    return game


def test_keep_points_is_what_the_keep_adds_to_the_turn() -> None:
    game = _after("classic-five", Roll((1, 5, 5, 2, 3)))
    for keep in ((1,), (5,), (1, 5), (1, 5, 5)):
        after = apply(game.rules, game.state, Keep(keep))
        assert keep_points(game.rules, game.state, keep) == after.turn_points - game.state.turn_points


@pytest.mark.parametrize(("keep", "rule"), [((2,), "free-die"), ((6,), "not-thrown"), ((1, 1), "not-thrown")])
def test_a_keep_that_is_not_allowed_is_refused_with_its_rule(keep: tuple[int, ...], rule: str) -> None:
    game = _after("classic-five", Roll((1, 5, 5, 2, 3)))
    with pytest.raises(IllegalAction) as refused:
        keep_points(game.rules, game.state, keep)
    assert refused.value.rule == rule


def test_no_keep_before_a_throw() -> None:
    game = _after("classic-five")
    with pytest.raises(IllegalAction) as refused:
        keep_points(game.rules, game.state, (5,))
    assert refused.value.rule == "nothing-to-keep"


def test_hot_dice_when_the_keep_takes_every_die_left() -> None:
    game = _after("classic-five", Roll((1, 1, 1, 5, 5)))
    assert hot_dice(game.rules, game.state, (1, 1, 1, 5, 5))
    assert not hot_dice(game.rules, game.state, (1, 1, 1))


def test_bank_total_after_a_keep_is_the_bank_of_the_state_after_it() -> None:
    game = _after("classic-five", Roll((1, 1, 1, 5, 2)))
    rules, state = game.rules, game.state
    for keep in ((1, 1, 1), (1, 1, 1, 5)):
        after = apply(rules, state, Keep(keep))
        assert bank_total(rules, state, keep) == bank_total(rules, after)
        assert can_bank(rules, state, keep)
    # classic-five needs 300 to get on the board: a lone 5 is not enough.
    assert not can_bank(rules, state, (5,))
    with pytest.raises(IllegalAction) as refused:
        bank_total(rules, state, (2,))
    assert refused.value.rule == "free-die"
