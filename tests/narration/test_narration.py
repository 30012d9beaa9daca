"""The narrator: golden narration of a scripted game per preset and skin, and the words that went wrong."""

from __future__ import annotations

import pytest
from narration_golden import PRESETS, SKINS, golden_path, kinds, load, narration, required

from greed_game.narrator import Narrator, Said
from greed_game.presets import preset
from greed_game.rules import Bank, Carryover, Game, IllegalAction, Keep, Player, Roll, apply
from greed_game.rules.history import game_history
from greed_game.rules.transitions import Banked, Busted, CarryoverOffered, Kept, Step, TurnPassed


@pytest.mark.parametrize("skin", SKINS)
@pytest.mark.parametrize("preset_id", PRESETS)
def test_golden_narration_word_for_word(preset_id: str, skin: str) -> None:
    game, tries = load(preset_id)
    expected = golden_path(preset_id, skin).read_text(encoding="utf-8")  # type: ignore[arg-type]
    assert narration(game, tries, skin) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("preset_id", PRESETS)
def test_golden_games_show_every_moment_of_their_rules(preset_id: str) -> None:
    game, tries = load(preset_id)
    assert game.finished
    missing = required(game.rules) - kinds(game, tries)
    assert not missing


def _game(rules_id: str, *events: object, names: tuple[str, ...] = ("You", "Ada")) -> Game:
    game = Game(preset(rules_id), [Player(n) for n in names])
    for event in events:
        game.apply(event)  # type: ignore[arg-type]
    return game


def test_a_seat_named_you_is_spoken_to() -> None:
    game = _game("classic-five", Roll((1, 1, 1, 2, 3)), Keep((1, 1, 1)), Bank())
    n = Narrator(game.rules, ["You", "Ada"])
    step = game.last
    assert step is not None
    banked = step.first(Banked)
    passed = step.first(TurnPassed)
    assert banked is not None and passed is not None
    assert n.events.said(banked) == Said("You bank 1,000", "Total 1,000", "gold")
    assert n.events.caption(step) == "You bank 1,000, now 1,000. You are on the board."
    game.apply(Roll((1, 1, 2, 3, 4)))
    game.apply(Keep((1, 1)))
    game.apply(Roll((2, 3, 4)))
    step = game.last
    assert step is not None
    bust = step.first(Busted)
    turn = step.first(TurnPassed)
    assert bust is not None and turn is not None
    said = n.events.said(bust)
    assert said is not None and said.sub == "Ada loses 200"
    said = n.events.said(turn)
    assert said is not None and said.title == "Your turn"
    game.apply(Roll((2, 2, 3, 4, 6)))
    step = game.last
    assert step is not None
    bust = step.first(Busted)
    assert bust is not None
    assert n.events.caption(step) == "You throw 2 2 3 4 6: nothing scores, bust."
    assert n.events.winners((0,)) == "You win!"
    assert n.events.winners((1,)) == "Ada wins!"
    assert n.events.winners((0, 1)) == "You and Ada share the win!"
    # (a seat's first points: "You bank 1,000 → 1,000" had read oddly)
    assert n.events.log(game_history(game).turns)[0][1].text == "You bank 1,000"


def _banked(step: Step) -> Banked:
    banked = step.first(Banked)
    assert banked is not None
    return banked


def test_a_bank_of_a_turn_whose_every_die_scored_says_why_no_dice_are_passed_on() -> None:
    game = _game("pass-the-dice", Roll((1, 2, 3, 4, 5, 6)), Keep((1, 2, 3, 4, 5, 6)), Bank())
    step = game.last
    assert step is not None and step.first(CarryoverOffered) is None
    n = Narrator(game.rules, ["You", "Ada"])
    said = n.events.said(_banked(step), step)
    assert said is not None and said.sub == "Total 2,000\nHot dice: no dice to pass on"
    # dice left to pass on: the offer says the rest
    game = _game("pass-the-dice", Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank())
    step = game.last
    assert step is not None and step.first(CarryoverOffered) is not None
    said = n.events.said(_banked(step), step)
    assert said is not None and said.sub == "Total 1,050"
    # no dice are ever passed on under these rules: nothing to explain
    game = _game("classic-five", Roll((1, 1, 1, 5, 5)), Keep((1, 1, 1, 5, 5)), Bank())
    step = game.last
    assert step is not None
    said = Narrator(game.rules, ["You", "Ada"]).events.said(_banked(step), step)
    assert said is not None and said.sub == "Total 1,100"


def test_letter_dice_are_named_by_letter_and_colour() -> None:
    rules = preset("dollar-greed")
    letters = Narrator(rules, ["Ada", "Bo"], "greed")
    pips = Narrator(rules, ["Ada", "Bo"], "pips")
    assert letters.prompts.keep_value((1, 5), 150) == "Keep D G: 150 points"
    assert pips.prompts.keep_value((1, 5), 150) == "Keep 1 5: 150 points"
    assert letters.dice((2, 2, 2, 1)) == "D, three ebony E's"
    assert letters.dice((3, 1, 6)) == "D, emerald E, $"
    state = apply(rules, _game("dollar-greed").state, Roll((1, 4, 2, 2, 3, 6)))
    with pytest.raises(IllegalAction) as refused:
        apply(rules, state, Keep((1, 4)))
    assert letters.prompts.illegal(refused.value) == "Cannot keep D R: R does not score with the rest"
    assert pips.prompts.illegal(refused.value) == "Cannot keep 1 4: 4 does not score with the rest"
    assert letters.hints.choice((Keep((1,)), Roll(())), state) == "keep the D and throw 5 dice"


def test_rules_are_worded_from_the_fields_in_force() -> None:
    rules = preset("official").with_overrides({"carryover_faces": [1], "target": 1500, "entry_minimum": 0})
    game = Game(rules, [Player("Ada"), Player("You")])
    for event in (Roll((1, 2, 3, 4, 6)), Keep((1,)), Bank()):
        game.apply(event)
    n = Narrator(rules, ["Ada", "You"])
    step = game.last
    assert step is not None and step.first(CarryoverOffered) is not None
    words = n.hints.offer(game.state)
    assert words.take_note == "Needs a 1 in the throw and in the keep"
    assert words.decline == "Decline: start fresh with 5 dice"
    assert words.ask == "Take (T) or decline (D)?"
    assert n.hints.choice((Carryover(True),), game.state) == "take 4 dice and 100 points"
    assert n.events.opening(None, 0) == "Official to 1,500: Ada and You. Ada starts."


def test_no_slips_in_prompts() -> None:
    n = Narrator(preset("classic-five"), ["Ada"])
    assert n.prompts.keep_prompt(1, 50) == "Keep the die: click it or 1 (50)"
    assert n.prompts.keep_prompt(4, 150) == "Keep dice: click or 1–4 (best 150)"
    assert n.prompts.throw_prompt(1) == "Space: throw 1 die"
    assert n.prompts.bank_prompt(1250) == "Enter: bank 1,250"
    state = _game("classic-five", Roll((1, 2, 3, 4, 6)), Keep((1,))).state
    assert n.hints.choice((Bank(),), state) == "bank 100"
    lines = n.hints.hint(state, 0.3, [((Bank(),), 100.0, None), ((Roll(()),), 80.0, 0.3)])
    assert [line.text for line in lines][:2] == ["Bust chance if you throw 4 dice now: 30.0%", "Expert: bank 100"]
    assert lines[2].text == "Bank 100"


def _callout(rules_id: str, throw: tuple[int, ...], keep: tuple[int, ...], skin: str = "pips") -> Said | None:
    game = _game(rules_id, Roll(throw), Keep(keep))
    step = game.last
    assert step is not None
    kept = step.first(Kept)
    assert kept is not None
    return Narrator(game.rules, ["You", "Ada"], skin).events.callout(kept)  # type: ignore[arg-type]


def test_combinations_worth_a_callout_are_named_as_they_are_kept() -> None:
    assert _callout("pass-the-dice", (1, 2, 3, 4, 5, 2), (1, 2, 3, 4, 5)) == Said("Straight!", "+1,000", "gold")
    assert _callout("farkel-family", (2, 2, 3, 3, 6, 6), (2, 2, 3, 3, 6, 6)) == Said("Three pairs!", "+1,000", "gold")
    # the points are the whole keep's, so its other dice are named too
    assert _callout("official", (1, 2, 3, 4, 1), (1, 1, 2, 3, 4)) == Said("Small straight + 1!", "+850", "gold")
    assert _callout("pass-the-dice", (1, 1, 1, 1, 5, 3), (1, 1, 1, 1, 5)) == Said("Four 1s + 5!", "+2,050", "gold")
    assert _callout("pass-the-dice", (1, 1, 1, 1, 5, 3), (1, 1, 1, 1, 5), "greed") == Said("Four D's + G!",
                                                                                           "+2,050", "gold")
    assert _callout("dollar-greed", (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6), "greed") == Said("$GREED!", "+1,000",
                                                                                              "gold")
    # letter dice in a run say what they spell
    assert _callout("pass-the-dice", (1, 2, 3, 4, 5, 2), (1, 2, 3, 4, 5), "greed") == Said("GREED!", "+1,000", "gold")
    assert _callout("pass-the-dice", (6, 2, 3, 4, 5, 2), (2, 3, 4, 5, 6), "greed") == Said("$GREE!", "+1,000", "gold")
    assert _callout("official", (1, 2, 3, 4, 1), (1, 1, 2, 3, 4), "greed") == Said("REED + D!", "+850", "gold")
    six = _callout("dollar-greed", (4, 4, 4, 4, 4, 4), (4, 4, 4, 4, 4, 4), "greed")
    assert six is not None and six.title == "Six R's!"
    assert _callout("pass-the-dice", (5, 5, 5, 5, 2, 3), (5, 5, 5, 5)) == Said("Four 5s!", "+1,000", "gold")
    # the everyday keeps are not called out: singles and triples
    assert _callout("pass-the-dice", (1, 5, 2, 3, 3, 4), (1, 5)) is None
    assert _callout("pass-the-dice", (6, 6, 6, 2, 3, 4), (6, 6, 6)) is None


def test_prompts_on_a_shared_screen_name_whose_turn_it_is() -> None:
    n = Narrator(preset("classic-five"), ["Tess", "you"])
    assert n.prompts.addressed(n.person(0).subject, "Space: throw 5 dice") == "Tess — Space: throw 5 dice"
    assert n.prompts.addressed(n.person(1).subject, "Keep dice: click or 1–4 (best 150)") == (
        "You — Keep dice: click or 1–4 (best 150)")
    assert n.prompts.addressed("Maximilian W. A.", "") == "Maximilian W. A."


def test_a_hint_names_the_dice_it_keeps_and_says_what_each_figure_is() -> None:
    n = Narrator(preset("pass-the-dice"), ["Ada", "Bo"])
    state = _game("pass-the-dice", Roll((1, 5, 2, 2, 2, 4))).state
    # "keep 5" could be the face or five dice: the face is named as one.
    assert n.hints.choice((Keep((5,)), Roll(())), state) == "keep the 5 and throw 5 dice"
    assert n.hints.choice((Keep((1, 5)), Roll(())), state) == "keep the 1 and the 5, then throw 4 dice"
    assert n.hints.choice((Keep((2, 2, 2)), Bank()), state) == "keep three 2s and bank 200"
    assert n.hints.choice((Keep((1, 5, 2, 2, 2)), Roll(())), state) == "keep 1 2 2 2 5 and throw 1 die"
    lines = n.hints.hint(state, None, [((Keep((1,)), Roll(())), 284.4, 0.157), ((Keep((5,)), Bank()), 50.0, None)],
                         chances=[0.498, 0.4])
    texts = [line.text.replace("\u00a0", " ") for line in lines]
    assert texts[:3] == ["Best to win: keep the 1 and throw 5 dice", "Keep the 1 and throw 5 dice",
                         "≈ 284 points from here on average · win chance 49.8% · bust chance 15.7%"]
    assert texts[3:] == ["Keep the 5 and bank 50", "50 points, no risk · win chance 40.0%"]
    hot = _game("pass-the-dice", Roll((1, 1, 1, 5, 5, 5))).state
    assert n.hints.choice((Keep((1, 1, 1, 5, 5, 5)), Roll(())), hot) == (
        "keep three 1s and three 5s, then throw all six again (hot dice)")
    letters = Narrator(preset("dollar-greed"), ["Ada", "Bo"], "greed")
    assert letters.hints.these((2, 5)) == "the ebony E and the G"


def test_hot_dice_are_announced_while_the_player_still_decides() -> None:
    assert Narrator(preset("pass-the-dice"), ["Ada"]).prompts.hot_keep() == "All six score: throw all six again"
    assert Narrator(preset("classic-five"), ["Ada"]).prompts.hot_keep() == "All five score: throw all five again"
    # the last dice of a turn (after dice passed on were taken): not "all six"
    words = Narrator(preset("pass-the-dice"), ["Ada"]).prompts
    assert words.hot_keep(1) == "The last die scores: throw all six again"
    assert words.hot_keep(2) == "The last two dice score: throw all six again"
    assert words.hot_keep(6) == "All six score: throw all six again"


def test_a_letter_dice_roll_off_says_which_letter_is_higher() -> None:
    said = Narrator(preset("pass-the-dice"), ["You", "Penny"], "greed").events.roll_off([{0: (4,), 1: (3,)}], 0)
    sub = said.sub.replace("\u00a0", " ")
    assert sub == "Roll-off: You R (4)  ·  Penny emerald E (3)"


def test_a_roll_off_won_after_a_tie_says_so() -> None:
    n = Narrator(preset("pass-the-dice"), ["You", "Penny", "Bo"])
    said = n.events.roll_off([{0: (6,), 1: (6,), 2: (2,)}, {0: (3,), 1: (5,)}], 1)
    # each tied seat's throws, the first and the one that broke the tie
    assert said.sub.replace("\u00a0", " ") == "Roll-off, after a tie: You 6 → 3  ·  Penny 6 → 5  ·  Bo 2"
    assert n.events.roll_off([{0: (6,), 1: (2,)}], 0).sub.startswith("Roll-off: ")


def test_the_empty_tray_says_what_each_scoring_die_is_worth_in_the_dice_s_own_names() -> None:
    from greed_game.narrator.rules_text import scoring_legend
    from greed_game.narrator.words import Vocabulary

    rules = preset("pass-the-dice")
    pips, letters = scoring_legend(rules, Vocabulary("pips")), scoring_legend(rules, Vocabulary("greed"))
    assert pips == "Scoring dice: 1 = 100  ·  5 = 50  ·  combinations score more"
    assert letters == "Scoring dice: D = 100  ·  G = 50  ·  combinations score more"


def test_the_roll_off_lists_every_seat_and_a_long_name_can_be_shortened_in_a_banner() -> None:
    names = [f"Player Number {i}" for i in range(8)]
    n = Narrator(preset("pass-the-dice"), names)
    # Seats 2 and 5 tied on 6 and threw again: every seat is listed once, the tied ones with both throws.
    rounds = [{s: ((6,) if s in (2, 5) else (s % 5 + 1,)) for s in range(8)}, {2: (4,), 5: (3,)}]
    said = n.events.roll_off(rounds, 2)
    sub = said.sub.replace("\u00a0", " ")
    assert said.title == "Player Number 2 starts" and said.name == "Player Number 2"
    assert sub.startswith("Roll-off, after a tie: Player Number 0 1  ·  Player Number 1 2  ·  Player Number 2 6 → 4")
    assert all(f"Player Number {s} " in sub for s in range(8)) and "Player Number 5 6 → 3" in sub
    # A result never breaks across lines: the spaces inside it do not break.
    assert all(" " not in part for part in said.sub.split("  ·  ")[1:])


def test_a_last_turn_says_what_wins_under_one_more_turn() -> None:
    from greed_game.narrator import Narrator
    from greed_game.presets import preset
    from greed_game.rules import State

    rules = preset("classic-five")
    assert rules.end == "one-more-turn"
    behind = State(scores=(3550, 1200), on_board=(True, True), reached=(9, 4), current=1, final=True, owed=(1,))
    chips = Narrator(rules, ["Ada", "You"]).seats.chips(behind)
    assert ("Beat 3,550 to win (3,550 ties)", "bad") in chips and chips[0][0] == "FINAL ROUND"
    ahead = State(scores=(3550, 3600), on_board=(True, True), reached=(9, 4), current=1, final=True, owed=(1,))
    assert all("To win" not in text for text, _tone in Narrator(rules, ["Ada", "You"]).seats.chips(ahead))


def test_a_bank_short_of_the_leader_in_a_final_turn_is_too_few_to_win_not_no_risk() -> None:
    """A final turn's hint had called banking 200 behind a leader 2,200 ahead "no risk" (helper-31)."""
    from dataclasses import replace

    n = Narrator(preset("pass-the-dice"), ["Ada", "Bo"])
    state = _game("pass-the-dice", Roll((1, 1, 2, 3, 4, 6))).state
    choices = [((Keep((1, 1)), Roll(())), 600.0, 0.3), ((Keep((1, 1)), Bank()), 200.0, None)]

    def bank_figure(**fields: object) -> str:
        lines = n.hints.hint(replace(state, **fields), None, choices)  # type: ignore[arg-type]
        return lines[-1].text.replace("\u00a0", " ")

    final = {"final": True, "owed": (state.current,)}
    leader = 1 - state.current
    behind = tuple(10_000 if i == leader else 8_000 for i in range(2))
    assert bank_figure(scores=behind, **final) == "200 points, too few to win"
    close = tuple(10_000 if i == leader else 9_850 for i in range(2))
    assert bank_figure(scores=close, **final) == "200 points, no risk", "enough to get past the leader"
    assert bank_figure(scores=behind) == "200 points, no risk", "not a final turn: the game goes on"
    # and the status line's offer to bank says so (it had been offered in green, helper-32)
    assert n.hints.loses(replace(state, scores=behind, **final), 200)  # type: ignore[arg-type]
    assert n.prompts.bank_prompt(200, loses=True) == "Enter: bank 200, too few to win"
    assert n.prompts.bank_prompt(2200, wins=True) == "Enter: bank 2,200 and win"
