"""Learn to play, without a window: the script's dice teach what they should under every preset, the flow follows
it (the newcomer's moves checked, the opponent's played for it, a void thrown), and a real game follows."""

from __future__ import annotations

import random
import re

import pytest

from greed_game.narrator import Narrator
from greed_game.play.lesson import LEARNER, OPPONENT, Lesson, NoLessonDice, build_lesson, find_throw
from greed_game.play.moments import AnswerOffer, BankTurn, Hurry, ThrowDice, ToggleDie, ToggleHint
from greed_game.play.turn import TurnController
from greed_game.presets import preset
from greed_game.rules import (
    PRESET_IDS,
    Game,
    Keep,
    Phase,
    Player,
    Roll,
    counts_of,
    keeps_of,
    parse_rules,
    record_of,
    rescues,
)
from greed_game.rules.record import replay
from tests.play.test_turn import FakeView, Saver, Settings, _run


def _lesson_table(rules_id: str, skin: str = "pips") -> tuple[TurnController, FakeView, Lesson]:
    rules = preset(rules_id)
    lesson = build_lesson(rules)
    view = FakeView()
    turn = TurnController(
        Game(rules, [Player("You"), Player("Ada", "expert")]), rng=random.Random(5), seed=5, rules_ref=rules_id,
        overrides={}, saver=Saver(), pacing=Settings, skin=lambda: skin,  # type: ignore[arg-type, return-value]
        visual_rng=random.Random(0), lesson=lesson,
    )
    view.turn = turn
    turn.start_new()
    turn.enter()
    return turn, view, lesson


def _scoring(rules_id: str, dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {o.dice for o in keeps_of(preset(rules_id), counts_of(dice))}


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_each_throw_of_the_script_teaches_one_thing(rules_id: str) -> None:
    rules = preset(rules_id)
    lesson = build_lesson(rules)
    throws = [m for m in lesson.moves if m.kind == "throw"]
    keeps = [m for m in lesson.moves if m.kind == "keep"]
    # the first throw: only a single 5 (or the rules' single) scores
    assert _scoring(rules_id, throws[0].dice) == {lesson.facts.first_keep}
    # every keep the script makes is the biggest keep its throw allows (nothing scoring is left on the felt)
    for move in keeps:
        throw = next(t for t in reversed(lesson.moves[: lesson.moves.index(move)]) if t.kind == "throw")
        biggest = max(keeps_of(rules, counts_of(throw.dice)), key=lambda o: o.size)
        assert sorted(move.dice) == list(biggest.dice)
    # the first turn reaches the entry minimum; the hot throw scores with every die; the last throw busts
    assert lesson.facts.turn_one >= rules.entry_minimum
    hot = next(m for m in lesson.moves if m.idea == "hot" and m.kind == "keep")
    assert len(hot.dice) == rules.dice - len(lesson.facts.several)
    assert not keeps_of(rules, counts_of(throws[-1].dice)) and not rescues(rules, counts_of(throws[-1].dice))
    assert [m for m in lesson.moves if m.void] == [throws[-3]]
    ideas = set(lesson.ideas)
    assert {"welcome", "keep", "bank", "void", "several", "hot", "bust", "real"} <= ideas
    assert ("pass" in ideas) == (rules.carryover != "none") and ("opponent" in ideas) == (rules.carryover == "none")


def test_no_throw_is_invented_when_the_rules_cannot_make_it() -> None:
    rules = preset("classic-five")
    with pytest.raises(NoLessonDice):
        find_throw(rules, 2, (2, 2, 2))
    only_triples = parse_rules({
        "format": 1, "id": "t", "name": "T", "dice": 5, "target": 3000,
        "scoring": {"of_a_kind": {"3": {"2": 200, "3": 300, "4": 400, "5": 500, "6": 600, "1": 1000}}},
    })
    with pytest.raises(NoLessonDice):
        build_lesson(only_triples)  # no single die scores: the first card could not be shown


def _do(turn: TurnController, view: FakeView, faces: tuple[int, ...], command: ThrowDice | BankTurn) -> None:
    turn.selection.picked = set()
    for die in turn.selection.ids_of(faces):
        turn.send(ToggleDie(die))
    turn.send(command)
    view.play()


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_the_lesson_is_played_at_the_table_and_ends_in_a_real_game(rules_id: str) -> None:
    skin = preset(rules_id).skin
    turn, view, lesson = _lesson_table(rules_id, skin)
    assert turn.game.state.current == LEARNER and turn.human_turn
    seen: list[str] = []
    words: list[str] = []

    def look() -> None:
        card = turn.snapshot.coach
        assert card is not None
        if not seen or seen[-1] != card.title:
            seen.append(card.title)
            words.append(f"{card.title} {card.body} {card.task}")

    steps = 0
    while lesson.scripted:
        steps += 1
        assert steps < 200, "the lesson did not move on"
        look()
        if not turn.human_turn:
            _run(turn, view, 0.5)
            continue
        move = lesson.next_move
        assert move is not None and move.seat == LEARNER
        if move.kind == "throw":
            _do(turn, view, (), ThrowDice())
        elif move.kind == "keep":
            nxt = lesson.moves[lesson.done_moves + 1]
            # marked on the felt as the dice to pick
            assert {d.value for d in turn.snapshot.dice if d.advised} == set(move.dice)
            _do(turn, view, move.dice, ThrowDice() if nxt.kind == "throw" else BankTurn())
        elif move.kind == "bank":
            _do(turn, view, (), BankTurn())
        _run(turn, view, 0.6)
    _run(turn, view, 3.0)
    look()
    # the bust is held for the newcomer to see: its card says so
    assert turn.snapshot.acknowledging and turn.snapshot.coach is not None
    assert turn.snapshot.coach.title == "Bust"
    assert turn.voids >= 1, "the lesson showed no void throw"
    turn.send(Hurry())
    _run(turn, view, 0.3)
    look()
    assert seen[-1] == "Now for real"
    assert len(seen) == len(lesson.ideas), seen
    # the opponent plays its own game now: its throws are the dice's, not the script's
    _run(turn, view, 40.0)
    assert turn.game.state.turn >= 3 or turn.game.finished
    if turn.human_turn:
        turn.send(ThrowDice() if turn.game.state.phase is not Phase.CARRYOVER else AnswerOffer(False))
        assert turn.snapshot.coach is None  # the newcomer's first real move takes the last card down
    # the lesson's record replays as any game's does
    record = record_of(turn.game, rules_id, {})
    assert replay(record, turn.rules).state == turn.game.state
    for text in words:
        assert "{" not in text and "None" not in text
        if skin == "greed":
            # faces are letters on the $GREED dice: "the G", "three $'s", never "the 5" or "three 6s"
            assert not re.search(r"\bthe [1-6]\b|\b[1-6]s\b", text), text


def test_a_move_the_lesson_does_not_ask_for_changes_nothing_and_the_card_asks_again() -> None:
    turn, view, _ = _lesson_table("pass-the-dice")
    before = list(turn.game.events)  # the roll-off's result only: the newcomer starts
    turn.send(BankTurn())  # before anything is thrown
    assert turn.game.events == before and turn.game.state.phase is Phase.ROLL
    card = turn.snapshot.coach
    assert card is not None and card.nudge.startswith("Not that yet") and card.task.startswith("Press Space")
    turn.send(ThrowDice())
    view.land()
    events = len(turn.game.events)
    # throwing on without keeping the 5, or keeping a die that does not score: refused, nothing changes
    turn.send(ThrowDice())
    junk = next(d for d, v in turn.selection.dice.items() if v != 5)
    turn.send(ToggleDie(junk))
    turn.send(ThrowDice())
    assert len(turn.game.events) == events and turn.mode == "ready" and turn.game.state.phase is Phase.KEEP
    card = turn.snapshot.coach
    assert card is not None and card.title == "Keep a scoring die" and card.nudge and "Click the 5" in card.task
    # the hint may be asked for at any time
    turn.send(ToggleHint())
    assert turn.advisor.open
    turn.send(ToggleDie(junk))
    _do(turn, view, (5,), ThrowDice())
    _run(turn, view, 0.5)  # the 5 glides to the tray, then the others are thrown
    assert isinstance(turn.game.events[-2], Keep) and isinstance(turn.game.events[-1], Roll)
    assert turn.snapshot.coach is not None and turn.snapshot.coach.nudge == ""


def test_the_card_is_not_changed_by_dice_in_the_air() -> None:
    turn, view, _ = _lesson_table("official")
    card = turn.snapshot.coach
    turn.send(ThrowDice())
    assert turn.mode == "rolling" and turn.snapshot.coach == card
    view.land()
    assert turn.snapshot.coach is not None and turn.snapshot.coach.title == "Keep a scoring die"


def test_an_event_off_the_script_ends_it_and_the_game_goes_on() -> None:
    lesson = build_lesson(preset("classic-five"))
    lesson.heard(Roll((1, 1, 1, 1, 1)))
    assert not lesson.scripted and lesson.dice() is None and lesson.opponent_action() is None
    assert lesson.allows(BankTurn(), ())
    assert lesson.card() is not None and lesson.card().idea == "bust"  # type: ignore[union-attr]


def test_the_opponent_takes_passed_dice_in_the_script() -> None:
    turn, view, lesson = _lesson_table("official")
    for faces, command in [((), ThrowDice()), ((5,), ThrowDice()), ((6, 6, 6), BankTurn())]:
        _do(turn, view, faces, command)  # type: ignore[arg-type]
        view.land()
        _run(turn, view, 0.8)
    assert lesson.next_move is not None and lesson.next_move.seat == OPPONENT
    _run(turn, view, 16.0)  # the opponent's scripted moves come slowly, for the card to be read
    history = turn.game.events
    assert any(type(e).__name__ == "Carryover" for e in history)
    assert turn.game.state.current == LEARNER and turn.game.state.scores == (650, 0)
    assert Narrator(turn.rules, ["You", "Ada"]).coach.card("void", lesson.facts, 5, 9).body.startswith(
        "Ada took your dice")


def test_the_newcomer_s_next_card_waits_for_the_opponent_s_turn_to_end() -> None:
    turn, view, _ = _lesson_table("classic-five")
    for faces, command in [((), ThrowDice()), ((5,), ThrowDice()), ((3, 3, 3), BankTurn())]:
        if isinstance(command, BankTurn):
            # the lesson asks for a bank: Bank is the button offered first, Roll the second
            primary = [b.label for b in turn.snapshot.buttons if b.primary]
            assert len(primary) == 1 and primary[0].startswith("Bank")
        _do(turn, view, faces, command)
        view.land()
        _run(turn, view, 0.8)
    titles = set()
    for _ in range(2000):
        view.land()
        turn.update(1 / 60)
        view.play()
        card = turn.snapshot.coach
        assert card is not None
        titles.add(card.title)
        if turn.shown.current == OPPONENT:
            assert card.title == "Ada's turn", "the newcomer's next card came while the opponent still played"
        elif turn.human_turn:
            break
    assert turn.human_turn and turn.snapshot.coach is not None and turn.snapshot.coach.title == "A void throw"
    assert "Ada's turn" in titles
    assert [b.label for b in turn.snapshot.buttons if b.primary] == ["Roll"]
