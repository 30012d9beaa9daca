"""Learn to play in the window: offered once to a new player, chosen on the menu, played with the mouse and keys
at the real table, left at any moment, and every card whole at 854×480 in both skins."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from greed_game.app.main import App
from greed_game.app.scenes.learn import LearnScene
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import ReplaceGameOverlay
from greed_game.app.scenes.table import TableScene
from greed_game.app.widgets import Button
from greed_game.play.lesson import LEARNER
from greed_game.storage import Storage

from .conftest import SMALL, Driver
from .test_text_fit import Recorder, _plain, _whole, problems, recorder, render

__all__ = ["recorder"]  # the text-fit recorder fixture, used here too


def _button(scene: MenuScene | LearnScene, label: str) -> Button:
    return next(w for w in scene.focus.widgets if isinstance(w, Button) and w.label == label)


def _learn_from_menu(app: App, drive: Driver, family: str) -> TableScene:
    app.show_menu()
    drive.frames(2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    drive.click(_button(menu, "Learn to play").rect.center, frames=2)
    learn = app.stack.top
    assert isinstance(learn, LearnScene) and not learn.offer
    drive.click(_button(learn, family).rect.center, frames=2)
    drive.press("enter", frames=3)
    if isinstance(app.stack.top, ReplaceGameOverlay):  # a lesson left earlier is in progress: start anew
        app.go(app.stack.top.replace())
        drive.frames(2)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.turn.lesson is not None
    return table


def _play_lesson(app: App, drive: Driver, table: TableScene, *, until: str | None = None) -> list[str]:
    """Play the script as a newcomer does: click the dice the card names, then Space or Enter; a key after the bust.
    Returns the cards' titles in the order they were shown."""
    lesson = table.turn.lesson
    assert lesson is not None
    titles: list[str] = []
    for _ in range(400):
        card = table.snap.coach
        if card is not None and (not titles or titles[-1] != card.title):
            titles.append(card.title)
        idea = lesson.card()
        if until is not None and idea is not None and idea.idea == until and (
                table.human_turn or table.snap.acknowledging or not table.turn.is_human(table.turn.shown.current)):
            return titles
        if idea is None or (idea.idea == "real" and table.human_turn):
            return titles
        if table.snap.acknowledging:
            drive.press("space", frames=2)
            continue
        move = lesson.next_move
        if not table.human_turn or move is None or table.turn.mode != "ready":
            drive.frames(5)
            continue
        if move.kind == "keep":
            wanted = sorted(move.dice)
            for die in list(table.dice):
                picked = sorted(d.value for d in table.dice if d.selected)
                if picked == wanted:
                    break
                if not die.selected and wanted.count(die.value) > picked.count(die.value):
                    drive.click((die.x, die.y), frames=1)
            nxt = lesson.moves[lesson.done_moves + 1]
            drive.press("space" if nxt.kind == "throw" else "enter", frames=2)
        elif move.kind == "throw":
            drive.press("space", frames=2)
        else:
            drive.press("enter", frames=2)
    raise AssertionError(f"the lesson did not end (cards seen: {titles})")


def test_a_new_player_is_offered_the_lesson_once(storage: Storage) -> None:
    app = App(storage=storage, clock="virtual", seed=1, sound=False)
    try:
        app.show_menu()
        Driver(app).frames(3)
        offer = app.stack.top
        assert isinstance(offer, LearnScene) and offer.offer
        Driver(app).press("escape", frames=2)  # Not now
        assert isinstance(app.stack.top, MenuScene)
        Driver(app).frames(3)
        assert isinstance(app.stack.top, MenuScene), "offered once, not again"
    finally:
        app.close()
    again = App(storage=storage, clock="virtual", seed=1, sound=False)
    try:
        assert again.settings.lesson_offered and not again.first_start
        again.show_menu()
        Driver(again).frames(3)
        assert isinstance(again.stack.top, MenuScene)
    finally:
        again.close()


def test_a_player_with_settings_from_before_is_not_offered_it(storage: Storage) -> None:
    from greed_game.storage import Settings

    storage.save_settings(Settings(sound=False))
    app = App(storage=storage, clock="virtual", seed=1, sound=False)
    try:
        app.show_menu()
        Driver(app).frames(3)
        assert isinstance(app.stack.top, MenuScene)
    finally:
        app.close()


@pytest.mark.parametrize("family", ["Official", "$GREED"])
def test_the_lesson_is_played_with_mouse_and_keys_and_ends_in_a_real_game(
        make_app: Callable[..., App], family: str) -> None:
    app = make_app(animation_speed="fast", void_frequency="off")
    drive = Driver(app)
    table = _learn_from_menu(app, drive, family)
    titles = _play_lesson(app, drive, table)
    lesson = table.turn.lesson
    assert lesson is not None and not lesson.scripted and table.turn.voids >= 1
    assert len(titles) == len(lesson.ideas) and titles[-1] == "Now for real"
    # The real game: the newcomer's throw takes the last card down, and the dice are the game's own from now on.
    drive.until(lambda: table.human_turn, 20000)
    drive.press("space" if table.snap.offer is None else "d", frames=2)
    assert table.snap.coach is None
    assert table.turn.game.state.current == LEARNER or table.turn.mode == "rolling"


def test_a_wrong_move_is_refused_gently_and_changes_nothing(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = _learn_from_menu(app, drive, "Pass the Dice")
    drive.press("space", frames=3)
    events = len(table.turn.game.events)
    drive.press("space", frames=2)  # throwing on without keeping the 5
    drive.press("enter", frames=2)  # banking: not yet
    assert len(table.turn.game.events) == events and table.human_turn
    card = table.snap.coach
    assert card is not None and card.nudge and card.title == "Keep a scoring die"
    assert {d.value for d in table.snap.dice if d.advised} == {5}, "the die to pick is marked on the felt"


def test_the_lesson_can_be_left_at_any_moment_and_taken_again(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = _learn_from_menu(app, drive, "Classic Five")
    _play_lesson(app, drive, table, until="bank")
    drive.press("escape", frames=2)
    pause = app.stack.top
    leave = next(w for w in pause.focus.widgets if isinstance(w, Button) and "menu" in w.label.lower())  # type: ignore[attr-defined]
    app.go(leave.activate())
    drive.frames(2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert app.storage.game_in_progress() is not None  # what was played is kept, as any game is
    # Taken again: the game in progress is offered first, never replaced unasked.
    drive.click(_button(menu, "Learn to play").rect.center, frames=2)
    drive.press("enter", frames=2)
    assert isinstance(app.stack.top, ReplaceGameOverlay)
    app.go(app.stack.top.replace())
    drive.frames(2)
    again = app.stack.top
    assert isinstance(again, TableScene) and again.turn.lesson is not None and again.turn.lesson.done_moves == 0


def _lesson_at(app: App, drive: Driver, family: str, idea: str, *, hint: bool = False) -> TableScene:
    table = _learn_from_menu(app, drive, family)
    _play_lesson(app, drive, table, until=idea)
    if hint and table.human_turn:
        drive.press("h", frames=2)
    drive.frames(2)
    return table


@pytest.mark.parametrize("family", ["Pass the Dice", "Classic Five", "$GREED", "Farkel Family", "Official"])
def test_every_card_is_whole_at_the_smallest_window_in_both_skins(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], family: str) -> None:
    import dataclasses

    from greed_game.app.scenes.table_sections import SideSection

    for skin in ("pips", "greed"):
        app = make_app(size=SMALL, skin=skin)
        drive = Driver(app)
        table = _learn_from_menu(app, drive, family)
        drive.press("space", frames=3)
        rec = recorder(app)
        render(app, rec)  # the table as drawn, the first card up
        assert not problems(app, rec)
        lesson = table.turn.lesson
        assert lesson is not None
        words = table.snap.words.coach
        for hint in (False, True):  # the worst case: the card, the hint and the log share the panel
            if hint:
                drive.press("h", frames=2)
                assert table.snap.hint
            for number, idea in enumerate(lesson.ideas, 1):
                for nudged in (False, True):
                    card = words.card(idea, lesson.facts, number, len(lesson.ideas), nudged=nudged)  # type: ignore[arg-type]
                    rec.texts.clear()
                    rec.boxes.clear()
                    SideSection().draw(app.canvas, dataclasses.replace(table.snap, coach=card))
                    found = problems(app, rec)
                    assert not found, f"{family} ({skin}), {card.title}:\n" + "\n".join(found[:10])
                    for text in (card.title, card.body, card.task, card.nudge, card.step, card.leave):
                        assert _whole(text, rec.texts), f"{family} ({skin}): {text!r} is not drawn whole"
                    assert not any("…" in d.text for d in rec.texts if d.text in _plain(card.body + card.task))
                    texts = [d.text for d in rec.texts]
                    assert "LOG" in texts and (not hint or "HINT" in texts), "the log and the hint keep their places"
