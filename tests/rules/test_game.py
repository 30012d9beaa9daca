"""The game state machine through its API: legal actions, the roll-off, live play."""

from __future__ import annotations

import random

import pytest

from greed_game.presets import preset
from greed_game.rules import (
    Bank,
    Carryover,
    FirstPlayer,
    Game,
    IllegalAction,
    Keep,
    Offer,
    Phase,
    Player,
    Roll,
    Throw,
    Void,
    apply,
    can_bank,
    counts_of,
    legal_actions,
    new_state,
    roll_off,
)

PLAYERS = [Player("Ann"), Player("Ben")]


def play(rules_id: str, *events: Roll | Keep | Bank | Carryover | Void | FirstPlayer, players: int = 2) -> Game:
    game = Game(preset(rules_id), [Player(f"P{i}") for i in range(players)])
    for event in events:
        game.apply(event)
    return game


def test_new_state() -> None:
    state = new_state(preset("official"), 3)
    assert state.scores == (0, 0, 0)
    assert state.on_board == (False, False, False)
    assert (state.current, state.phase, state.dice_left, state.turn_points) == (0, Phase.ROLL, 5, 0)
    # No entry minimum: everybody starts on the board.
    assert new_state(preset("farkel-family"), 2).on_board == (True, True)
    with pytest.raises(ValueError):
        new_state(preset("official"), 0)
    with pytest.raises(ValueError):
        new_state(preset("official"), 9)


def test_legal_actions_through_a_turn() -> None:
    rules = preset("pass-the-dice")
    state = new_state(rules, 2)
    assert legal_actions(rules, state) == (Throw(6),)
    state = apply(rules, state, Roll((1, 5, 2, 3, 3, 4)))
    # 1 2 3 4 5 + 3: the straight, the singles and their unions; no bank before a keep.
    keeps = legal_actions(rules, state)
    assert all(isinstance(a, Keep) for a in keeps)
    assert {a.dice for a in keeps if isinstance(a, Keep)} == {(1, 2, 3, 4, 5), (1,), (5,), (1, 5)}
    state = apply(rules, state, Keep((1,)))
    # 100 is below the entry minimum: throwing on is the only action.
    assert legal_actions(rules, state) == (Throw(5),)
    state = apply(rules, state, Roll((5, 5, 5, 2, 3)))
    state = apply(rules, state, Keep((5, 5, 5)))
    assert legal_actions(rules, state) == (Throw(2), Bank())
    state = apply(rules, state, Bank())
    assert state.phase is Phase.CARRYOVER
    assert state.offer == Offer(600, 2, 0)
    assert legal_actions(rules, state) == (Carryover(True), Carryover(False))
    assert not can_bank(rules, state)


def test_dollar_greed_may_bank_straight_after_a_throw() -> None:
    rules = preset("dollar-greed")
    state = apply(rules, new_state(rules, 2), Roll((6, 6, 6, 1, 5, 2)))
    actions = legal_actions(rules, state)
    assert Bank() in actions
    after = apply(rules, state, Bank())
    assert after.scores == (750, 0)
    # Not in the other presets: a keep must come first.
    other = preset("pass-the-dice")
    state = apply(other, new_state(other, 2), Roll((6, 6, 6, 1, 5, 2)))
    assert Bank() not in legal_actions(other, state)


def test_strict_carryover_filters_the_options() -> None:
    rules = preset("official").with_overrides({"entry_minimum": 0})
    game = Game(rules, PLAYERS)
    for event in (Roll((1, 2, 3, 6, 6)), Keep((1,)), Bank(), Carryover(True), Roll((2, 2, 2, 5))):
        game.apply(event)
    assert {o.dice for o in game.options()} == {(5,), (2, 2, 2, 5)}
    assert Keep((2, 2, 2)) not in game.legal_actions()
    assert not game.is_legal(Keep((2, 2, 2)))
    assert game.is_legal(Keep((2, 2, 2, 5)))
    # The same throw by a player not taking a carryover may keep the triple alone.
    fresh = Game(rules, PLAYERS)
    fresh.apply(Roll((2, 2, 2, 5, 3)))
    assert (2, 2, 2) in {o.dice for o in fresh.options()}


def test_void_after_the_final_bank_is_refused() -> None:
    rules = preset("pass-the-dice").with_overrides({"target": 1000})
    game = Game(rules, [Player("Solo")])
    for event in (Roll((1, 1, 1, 2, 3, 4)), Keep((1, 1, 1)), Bank()):
        game.apply(event)
    assert game.finished and game.winners == (0,)
    with pytest.raises(IllegalAction) as info:
        game.apply(Void("off-felt"))
    assert info.value.rule == "void-not-after-roll"
    with pytest.raises(IllegalAction) as info:
        game.apply(Roll((1, 1, 1, 1, 1, 1)))
    assert info.value.rule == "game-over"


def test_void_of_the_bust_that_ended_the_game_undoes_the_end() -> None:
    rules = preset("classic-five").with_overrides({"target": 1000})
    game = Game(rules, [Player("Solo"), Player("Duo")])
    for event in (Roll((1, 1, 1, 2, 3)), Keep((1, 1, 1)), Bank(), Roll((2, 3, 4, 6, 6))):
        game.apply(event)
    assert game.finished
    before_roll = (1000, 0), Phase.ROLL, 1
    game.apply(Void("leaning"))
    assert not game.finished
    assert (game.state.scores, game.state.phase, game.state.current) == before_roll
    assert game.state.owed == (1,)


def test_one_player_game_ends_on_reaching_the_target() -> None:
    rules = preset("official").with_overrides({"target": 1000})
    game = Game(rules, [Player("Solo")])
    for event in (Roll((1, 1, 1, 4, 6)), Keep((1, 1, 1)), Bank()):
        game.apply(event)
    assert game.finished and game.winners == (0,)
    # A single player has nobody to pass dice to.
    assert game.state.offer is None


def test_game_play_draws_dice_from_the_random_source() -> None:
    rng = random.Random(7)
    game = Game(preset("pass-the-dice"), PLAYERS)
    event = game.play(Throw(6), rng)
    assert isinstance(event, Roll) and len(event.dice) == 6 and all(1 <= d <= 6 for d in event.dice)
    assert game.events == [event]
    if game.state.phase is Phase.KEEP:
        with pytest.raises(IllegalAction) as info:
            game.play(Throw(6), rng)
        assert info.value.rule == "keep-first"
    # Same seed, same dice: games are deterministic under a seed.
    again = Game(preset("pass-the-dice"), PLAYERS)
    assert again.play(Throw(6), random.Random(7)) == event


def test_game_play_refuses_the_wrong_number_of_dice() -> None:
    game = Game(preset("official"), PLAYERS)
    with pytest.raises(IllegalAction) as info:
        game.play(Throw(6), random.Random(1))
    assert info.value.rule == "wrong-dice-count"
    assert game.events == []


def test_copy_is_independent() -> None:
    game = play("farkel-family", Roll((1, 2, 2, 3, 3, 4)))
    other = game.copy()
    other.apply(Keep((1,)))
    assert game.state.phase is Phase.KEEP and other.state.phase is Phase.ROLL
    assert len(game.events) == 1 and len(other.events) == 2


@pytest.mark.parametrize("rules_id", ["pass-the-dice", "dollar-greed"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_roll_off_picks_the_highest_and_rerolls_ties(rules_id: str, players: int) -> None:
    rules = preset(rules_id)
    for seed in range(40):
        seat, rounds = roll_off(rules, players, random.Random(seed))
        assert rounds
        contenders = list(range(players))
        for throws in rounds:
            assert sorted(throws) == contenders
            count = 1 if rules.first_player == "high-die" else rules.dice
            assert all(len(t) == count and all(1 <= d <= 6 for d in t) for t in throws.values())
            if rules.first_player == "high-die":
                marks = {s: t[0] for s, t in throws.items()}
            else:
                marks = {}
                for s, t in throws.items():
                    best = rules.table.best(counts_of(t))
                    marks[s] = 0 if best is None else best.points
            top = max(marks.values())
            contenders = [s for s in contenders if marks[s] == top]
        assert contenders == [seat]


def test_roll_off_is_recorded_as_the_first_event() -> None:
    game = Game(preset("pass-the-dice"), [Player("A"), Player("B"), Player("C")])
    game.roll_off(random.Random(3))
    assert game.events == [FirstPlayer(game.state.current)]
    seat_order = Game(preset("official"), PLAYERS)
    assert seat_order.roll_off(random.Random(3)) == []
    assert seat_order.events == [] and seat_order.state.current == 0
