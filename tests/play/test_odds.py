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


def test_a_final_turn_s_hint_with_three_seats_ranks_its_choices_by_the_chance_of_reaching_the_leader() -> None:
    """With more than two seats the hint had ranked a final turn's choices by points, as if the turn could be
    banked short of the leader (helper-36)."""
    import re

    from greed_game.ai.master import ReachTable
    from greed_game.rules import Bank, Keep

    rules = preset("classic-five").with_overrides({"target": 1000})
    game = Game(rules, [Player("Tess"), Player("Ada"), Player("Bo")])
    game.apply(FirstPlayer(1))
    game.apply(Roll((1, 1, 1, 5, 2)))
    game.apply(Keep((1, 1, 1, 5)))
    game.apply(Bank())
    game.apply(Roll((1, 5, 2, 3, 4)))
    state = game.state
    assert state.final and state.current == 2
    lines, keep = hint_lines(rules, state, Narrator(rules, "pips"))
    texts = [line.text for line in lines]
    need = 1050 - state.scores[2]  # (one more turn: a tie shares the win)
    reach = ReachTable(rules, need)
    chances = {(1,): reach.value(4, need - 100), (5,): reach.value(4, need - 50), (1, 5): reach.value(3, need - 150)}
    best = max(chances, key=lambda k: chances[k])
    assert texts[0].startswith("Best to reach 1,050: keep ") and keep == best, texts
    shown = [float(m) / 100 for t in texts for m in re.findall(r"([0-9.]+)%\u00a0to\u00a0reach\u00a01,050", t)]
    assert len(shown) >= 2 and shown == sorted(shown, reverse=True), texts
    assert f"{shown[0]:.1%}" == f"{chances[best]:.1%}", texts
