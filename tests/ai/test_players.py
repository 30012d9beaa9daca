"""Computer levels: always legal, visibly different, and ranked as promised."""

from __future__ import annotations

import random

import pytest

from greed_game.ai import LEVELS, advise, strategy
from greed_game.ai.master import Master
from greed_game.ai.players import Context, Expert
from greed_game.ai.simulate import simulate
from greed_game.ai.solver import solve
from greed_game.presets import preset, replay
from greed_game.rules import (
    PRESET_IDS,
    Bank,
    Game,
    Keep,
    Phase,
    Player,
    Roll,
    Throw,
    Void,
    legal_actions,
    read_record,
)
from greed_game.solutions import Solutions


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_level_only_takes_legal_actions(preset_id: str, solutions: Solutions) -> None:
    rules = preset(preset_id)
    rng = random.Random(preset_id)
    for game_no in range(4):
        seats = [LEVELS[(game_no + i) % len(LEVELS)] for i in range(2 + game_no % 3)]
        players = {name: strategy(name, rules, solutions) for name in seats}
        game = Game(rules, [Player(name, name) for name in seats])
        game.roll_off(rng)
        while not game.finished:
            action = players[seats[game.state.current]].choose(rules, game.state)
            legal = legal_actions(rules, game.state)
            assert action in legal, (action, legal)
            game.play(action, rng)
            if isinstance(action, Throw) and rng.random() < 0.05:
                game.apply(Void("off-felt"))
        assert game.winners


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        strategy("grandmaster", preset("official"))


def test_cautious_and_bold_play_differently() -> None:
    rules = preset("pass-the-dice")
    out = simulate(rules, ["cautious", "bold"], 400, seed=5)
    cautious, bold = out["levels"]["cautious"], out["levels"]["bold"]
    assert bold["bust_rate"] > cautious["bust_rate"] + 0.1


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_expert_beats_bold_and_cautious(preset_id: str) -> None:
    rules = preset(preset_id)
    for rival in ("bold", "cautious"):
        out = simulate(rules, ["expert", rival], 1200, seed=21)
        low, _ = out["levels"]["expert"]["win_rate_95"]
        assert low > 0.5, (rival, out["levels"])


def test_master_beats_expert_with_a_fixed_seed() -> None:
    out = simulate(preset("classic-five"), ["master", "expert"], 6000, seed=3)
    low, _ = out["levels"]["master"]["win_rate_95"]
    assert low > 0.5, out["levels"]


def test_master_in_a_final_turn_plays_for_the_win() -> None:
    rules = preset("classic-five")
    master, expert = Master(rules), Expert(rules)
    ctx = Context(seat=1, scores=(3200, 1500), on_board=True, final=True)
    # 1700 behind: banking 300 loses for sure, so the master throws on where the expert banks.
    assert expert.bank(ctx, 2, 300)
    assert not master.bank(ctx, 2, 300)
    assert master.bank(ctx, 2, 1750)
    reach = master.model.reach
    assert 0 < reach.value(rules.dice, 1750) < reach.value(rules.dice, 300) < 1


def test_advice_values_and_recommendation() -> None:
    rules = preset("pass-the-dice")
    record = read_record(
        '{"format": "greed-record/1", "rules": "pass-the-dice", "players": [{"name": "A"}, {"name": "B"}],'
        ' "events": [{"roll": [1, 1, 5, 2, 3, 3]}]}'
    )
    game = replay(record)
    assert game.state.phase is Phase.KEEP
    advice = advise(rules, game.state)
    values = [c.value for c in advice.choices]
    assert values == sorted(values, reverse=True)
    assert advice.recommended.value == max(values)
    # Not on the board yet (entry 500): no choice banks.
    assert not any(isinstance(a, Bank) for c in advice.choices for a in c.actions)
    expert = Expert(rules)
    chosen = expert.choose(rules, game.state)
    assert isinstance(chosen, Keep) and advice.recommended.actions[0] == chosen
    sol = solve(rules)
    for choice in advice.choices:
        assert choice.bust_probability is not None
        nxt = choice.actions[1]
        assert isinstance(nxt, Throw)
        assert choice.bust_probability == pytest.approx(sol.bust_probability(nxt.count))


def test_advice_offers_bank_with_its_exact_value() -> None:
    rules = preset("classic-five")
    game = Game(rules, [Player("A"), Player("B")])
    game.apply(Roll((1, 1, 1, 5, 2)))
    game.apply(Keep((1, 1, 1, 5)))
    advice = advise(rules, game.state)
    bank = next(c for c in advice.choices if c.actions == (Bank(),))
    throw = next(c for c in advice.choices if isinstance(c.actions[0], Throw))
    assert bank.value == 1050
    assert throw.bust_probability == pytest.approx(2 / 3)
    assert advice.recommended is bank
    assert advice.bust_probability == pytest.approx(2 / 3)


@pytest.mark.parametrize("level", ["cautious", "bold"])
def test_a_final_turn_short_of_the_leader_is_thrown_on_not_banked(level: str) -> None:
    """A cautious computer banked 200 in its final turn when it needed 1,751 to win: a certain loss (helper-29)."""
    from greed_game.ai.levels import make_strategy

    rules = preset("classic-five")
    player = make_strategy(level, rules)
    short = Context(seat=1, scores=(1750, 0), on_board=True, final=True)
    assert not player.bank(short, 3, 1000), "1,000 of the 1,751 needed"
    assert player.bank(Context(seat=1, scores=(1750, 900), on_board=True, final=True), 3, 1000), "ahead: bank"
    assert player.bank(Context(seat=1, scores=(1750, 0), on_board=True, final=False), 3, 1000), "not the final turn"
