"""The hint's figures and words, from the solver (``greed_game.play.odds``)."""

from __future__ import annotations

from greed_game.narrator import Narrator
from greed_game.play.odds import hint_lines
from greed_game.presets import preset
from greed_game.rules import FirstPlayer, Game, Player, Roll


def test_the_hint_never_offers_one_choice_twice() -> None:
    """Under $GREED a bank keeps the scoring dice itself: "bank 600, keeping three 4s and the 1" and "keep three
    4s and the 1, then bank 600" are one choice, and were two of the hint's three lines."""
    rules = preset("dollar-greed")
    game = Game(rules, [Player("Tess"), Player("Ada", "expert")])
    game.apply(FirstPlayer(0))
    game.apply(Roll((4, 4, 6, 4, 2, 1)))
    lines, keep = hint_lines(rules, game.state, Narrator(rules, "pips"))
    texts = [line.text for line in lines]
    assert "Bank 500, keeping the 1 and three 4s" in texts
    assert not any("then bank" in t for t in texts), texts
    assert sum(t.startswith("Keep") for t in texts) == 2, "a third choice takes the line freed"
    assert keep == (1, 4, 4, 4)


def test_a_carryover_offered_in_a_final_turn_shows_each_answer_s_chance_of_reaching_the_total_needed() -> None:
    """In a three-seat final round the box had shown bust odds, a fresh start looking safe, when starting fresh
    seldom reaches the leader (helper-36)."""
    from greed_game.ai.master import ReachTable
    from greed_game.play.odds import final_offer_odds
    from greed_game.rules import Bank, Keep, Phase

    rules = preset("pass-the-dice").with_overrides({"target": 1000})
    game = Game(rules, [Player("Tess"), Player("Ada"), Player("Bo")])
    assert final_offer_odds(rules, game.state) is None
    game.apply(FirstPlayer(0))
    game.apply(Roll((1, 1, 1, 5, 2, 3)))
    game.apply(Keep((1, 1, 1, 5)))
    game.apply(Bank())
    state = game.state
    assert state.phase is Phase.CARRYOVER and state.final and state.current == 1
    found = final_offer_odds(rules, state)
    assert found is not None
    (take, fresh), total = found
    need = total - state.scores[1]
    assert total in (1050, 1051)
    reach = ReachTable(rules, need)
    assert take == f"{reach.carry_value(2, 1050, need):.1%}" and fresh == f"{reach.value(6, need):.1%}"
    # (two dice bust four times in nine, six one time in forty: by bust odds the fresh start had looked the better)
    assert reach.carry_value(2, 1050, need) > 1.5 * reach.value(6, need), "taking is likelier to get there"
