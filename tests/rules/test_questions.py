"""The core answers questions about a position without anyone dry-running ``apply``."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from greed_game.presets import preset
from greed_game.rules import (
    Bank,
    Game,
    IllegalAction,
    Keep,
    Player,
    Roll,
    RuleSet,
    Termination,
    after_turn,
    apply,
    bank_keep,
    bank_minimum,
    bank_total,
    bank_wins,
    bust_chance,
    can_bank,
    carry_keeps,
    counts_of,
    dice_after,
    entry_need,
    final_need,
    has_carry_face,
    high_to_top,
    hot_dice,
    keep_points,
    keeps_of,
    new_state,
    next_seat,
    outcome,
    passes_dice,
    rescues,
    roll_off_mark,
    seat_refusal,
    strict_carry,
    throw_bust_chance,
    turn_refusal,
    turn_tables,
    winners_of,
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


# -- the rulings: each rule once, over plain values ------------------------------------------------------


def _with(rules_id: str, **overrides: object) -> RuleSet:
    return preset(rules_id).with_overrides(overrides) if overrides else preset(rules_id)


def test_strict_carryover_keeps_need_a_carryover_face() -> None:
    official, free = preset("official"), preset("pass-the-dice")
    assert strict_carry(official) and not strict_carry(free)
    throw = counts_of((1, 2, 2, 2, 3))
    assert [o.dice for o in keeps_of(official, throw)] == [o.dice for o in official.table.options(throw)]
    strict = keeps_of(official, throw, strict=True)
    assert strict and all(has_carry_face(official, o.counts) for o in strict)
    assert (2, 2, 2) not in [o.dice for o in strict]
    assert not keeps_of(official, counts_of((2, 2, 2, 3, 4)), strict=True)
    assert not has_carry_face(official, counts_of((2, 2, 2)))


def test_only_a_pair_of_two_dice_is_rescued_and_only_where_the_rules_say() -> None:
    farkel, classic = preset("farkel-family"), preset("classic-five")
    assert rescues(farkel, counts_of((3, 3)))
    assert not rescues(farkel, counts_of((3, 4)))
    assert not rescues(farkel, counts_of((3, 3, 4)))
    assert not rescues(classic, counts_of((3, 3)))


def test_the_dice_after_a_keep_are_all_of_them_after_hot_dice() -> None:
    rules = preset("classic-five")
    assert dice_after(rules, 5, 2) == 3
    assert dice_after(rules, 3, 3) == rules.dice
    assert dice_after(rules, 1, 1) == rules.dice


def test_turn_refusal_names_each_turn_rule() -> None:
    optional, dollar = preset("classic-five"), preset("dollar-greed")
    assert turn_refusal(optional, False, 3, True) == "nothing-kept"
    assert turn_refusal(optional, True, optional.dice, False) is None
    assert turn_refusal(dollar, True, dollar.dice, True) == "hot-dice-mandatory"
    assert turn_refusal(dollar, True, 2, False) == "scoring-dice-left"
    assert turn_refusal(dollar, True, 2, True) is None


def test_entry_need_counts_carried_points_as_the_rules_say() -> None:
    counted, own = preset("pass-the-dice"), preset("official")
    assert counted.entry_counts_carried and not own.entry_counts_carried
    assert entry_need(counted, False, 400) == counted.entry_minimum
    assert entry_need(own, False, 400) == own.entry_minimum + 400
    assert entry_need(own, True, 400) == 0


def test_only_a_must_top_final_turn_has_a_score_to_top() -> None:
    must, once = preset("dollar-greed"), preset("classic-five")
    scores = (5200, 4000, 4800)
    assert high_to_top(must, 1, scores, True) == 5200
    assert high_to_top(must, 1, scores, False) is None
    assert high_to_top(once, 1, scores, True) is None


@pytest.mark.parametrize("need", [0, 300, 600])
@pytest.mark.parametrize("high", [None, 1000, 5000])
def test_bank_minimum_is_the_least_total_seat_refusal_allows(need: int, high: int | None) -> None:
    score = 900
    floor = bank_minimum(need, score, high)
    allowed = [total for total in range(6000) if seat_refusal(total, need, score, high) is None]
    assert allowed == list(range(floor, 6000))


def test_seat_refusal_names_the_entry_before_the_score_to_top() -> None:
    assert seat_refusal(200, 300, 0, 1000) == "entry-minimum"
    assert seat_refusal(400, 300, 0, 1000) == "must-top"
    assert seat_refusal(1001, 300, 0, 1000) is None


def test_dice_are_passed_on_only_after_a_bank_with_dice_unthrown() -> None:
    free, none = preset("pass-the-dice"), preset("classic-five")
    assert passes_dice(free, True, 2, 2)
    assert not passes_dice(free, False, 2, 2)
    assert not passes_dice(free, True, free.dice, 2)
    assert not passes_dice(free, True, 2, 1)
    assert not passes_dice(none, True, 2, 2)


def test_reaching_the_target_owes_every_other_seat_a_final_turn() -> None:
    rules = _with("classic-five", target=1000)
    assert after_turn(rules, 1, (500, 999, 0), True, False, (), None) == (False, (), None)
    final, owed, mark = after_turn(rules, 1, (500, 1000, 0), True, False, (), None)
    assert (final, owed, mark) == (True, (2, 0), None)
    assert next_seat(1, 3, final, owed) == 2
    # A second player past the target owes nothing new; its own final turn is struck off.
    assert after_turn(rules, 2, (500, 1000, 1200), True, True, (2, 0), None) == (True, (0,), None)
    assert next_seat(0, 3, True, ()) is None
    assert next_seat(2, 3, False, ()) == 0


def test_each_new_score_to_beat_owes_the_others_a_turn_again() -> None:
    rules = _with("official", target=1000)
    final, owed, mark = after_turn(rules, 0, (1000, 300), True, False, (), None)
    assert (final, owed, mark) == (True, (1,), 1000)
    assert after_turn(rules, 1, (1000, 1000), True, True, (1,), 1000) == (True, (), 1000)
    assert after_turn(rules, 1, (1000, 1100), True, True, (1,), 1000) == (True, (0,), 1100)


def test_ties_share_the_win_except_at_score_to_beat() -> None:
    shared, beat = preset("classic-five"), preset("official")
    assert winners_of(shared, (900, 1200, 1200), (3, 9, 5)) == (1, 2)
    assert winners_of(beat, (900, 1200, 1200), (3, 9, 5)) == (2,)
    assert winners_of(beat, (900, 1300, 1200), (3, 9, 5)) == (1,)


def test_a_final_turn_must_tie_or_top_as_the_end_rule_says() -> None:
    assert final_need(preset("classic-five"), 800, 1200) == 400
    assert final_need(preset("dollar-greed"), 800, 1200) == 401
    assert final_need(preset("official"), 800, 1200) == 401


def test_only_the_last_final_turn_banked_over_every_other_score_wins_outright() -> None:
    classic = preset("classic-five")  # (one more turn each)
    assert bank_wins(classic, 2, (4000, 3500, 3000), 1200, True, (2,))
    assert not bank_wins(classic, 2, (4000, 3500, 3000), 1000, True, (2,)), "a tie shares the win, it is no win"
    assert not bank_wins(classic, 1, (4000, 3500, 3000), 600, True, (1, 2)), "a seat still owed a turn to play"
    assert not bank_wins(classic, 1, (4000, 3500), 600, False, ()), "not the final round"
    assert bank_wins(preset("dollar-greed"), 1, (4000, 3500), 600, True, (1,)), "must top: topped"
    assert not bank_wins(preset("official"), 1, (4000, 3500), 600, True, (1,)), "a new mark owes a turn again"


@pytest.mark.parametrize("rules_id", ["farkel-family", "official", "dollar-greed"])
def test_throw_bust_chance_counts_every_ordered_throw(rules_id: str) -> None:
    rules = preset(rules_id)
    for n in range(1, rules.dice + 1):
        for strict in (False, True):
            busts = sum(
                1
                for dice in itertools.product(range(1, 7), repeat=n)
                if not keeps_of(rules, counts_of(dice), strict=strict) and not rescues(rules, counts_of(dice))
            )
            assert throw_bust_chance(rules, n, strict) == busts / 6**n
    # farkel-family rescues a pair of two dice: only the mixed pairs without a 1 or a 5 bust.
    if rules.doubles_rescue:
        assert throw_bust_chance(rules, 2) == 12 / 36


def test_turn_tables_are_the_rulings_tabulated() -> None:
    for rules in (preset("dollar-greed"), preset("classic-five")):
        tables = turn_tables(rules)
        for n in range(1, rules.dice + 1):
            for k in range(1, n + 1):
                assert tables.dice_after[n][k] == dice_after(rules, n, k)
            for best in (False, True):
                for kept in (False, True):
                    assert tables.bankable[kept][n][best] == (turn_refusal(rules, kept, n, best) is None)


# -- the questions about a state --------------------------------------------------------------------------


def test_bust_chance_is_the_next_throws_and_none_when_no_throw_is_next() -> None:
    game = _after("classic-five")
    rules = game.rules
    assert bust_chance(rules, game.state) == throw_bust_chance(rules, rules.dice)
    game.apply(Roll((1, 5, 2, 3, 4)))
    assert bust_chance(rules, game.state) is None
    game.apply(Keep((1,)))
    assert bust_chance(rules, game.state) == throw_bust_chance(rules, 4)


def test_bust_chance_of_a_strict_carryover_throw_counts_its_faces() -> None:
    rules = preset("official")
    state = replace(new_state(rules, 2), carry_throw=True, dice_left=3)
    assert bust_chance(rules, state) == throw_bust_chance(rules, 3, True)
    assert bust_chance(rules, state) != throw_bust_chance(rules, 3)


def test_a_bank_straight_from_the_throw_keeps_its_best_dice() -> None:
    dollar = _after("dollar-greed", Roll((1, 1, 1, 5, 2, 3)))
    assert bank_keep(dollar.rules, dollar.state) == (1, 1, 1, 5)
    classic = _after("classic-five", Roll((1, 1, 1, 5, 2)))
    assert bank_keep(classic.rules, classic.state) == ()
    assert bank_keep(dollar.rules, _after("dollar-greed").state) == ()


@pytest.mark.parametrize("rules_id", ["classic-five", "dollar-greed", "official", "pass-the-dice"])
def test_outcome_is_none_until_the_game_ends_then_names_its_end_and_winners(rules_id: str) -> None:
    rules = preset(rules_id).with_overrides({"target": 1500})
    game = Game(rules, [Player("a"), Player("b"), Player("c")])
    rng = random.Random(3)
    while not game.finished:
        assert outcome(rules, game.state) is None
        actions = game.legal_actions()
        # Bank whenever allowed, else the first choice (throw, the best keep, take the dice).
        game.play(Bank() if Bank() in actions else actions[0], rng)
    result = outcome(rules, game.state)
    assert result is not None
    assert result.termination is Termination(rules.end)
    assert result.winners == game.winners == winners_of(rules, game.state.scores, game.state.reached)
    assert result.shared == (len(result.winners) > 1)


def test_a_roll_off_throw_counts_its_die_or_its_best_points() -> None:
    high, best = _with("classic-five", first_player="high-die"), _with("classic-five", first_player="best-roll")
    assert roll_off_mark(high, (4,)) == 4
    assert roll_off_mark(best, (1, 1, 1, 2, 3)) == best.table.points(counts_of((1, 1, 1)))
    assert roll_off_mark(best, (2, 3, 4, 6, 6)) == 0


def test_carry_keeps_are_the_options_with_a_carryover_face() -> None:
    rules = preset("official")
    throw = counts_of((1, 2, 2, 2, 5))
    kept = carry_keeps(rules, rules.table.options(throw))
    assert kept == keeps_of(rules, throw, strict=True)
    assert {o.dice for o in kept} == {o.dice for o in rules.table.options(throw) if 1 in o.dice or 5 in o.dice}
