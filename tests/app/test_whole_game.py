"""A whole game through synthetic mouse and keyboard events: a person against the computer, menu to scoreboard."""

from __future__ import annotations

from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.table import TableScene
from greed_game.app.widgets import Button, Selector, TextField
from greed_game.rules import Phase

from .conftest import Driver


def _button(scene: MenuScene | SetupScene | ScoreboardScene, label: str) -> Button:
    return next(w for w in scene.focus.widgets if isinstance(w, Button) and w.label == label)


def _left_arrow(sel: Selector) -> tuple[float, float]:
    box = sel.box
    return (box.x + box.h / 2, box.centery)


def _right_arrow(sel: Selector) -> tuple[float, float]:
    box = sel.box
    return (box.right - box.h / 2, box.centery)


def _play_human_turn(drive: Driver, table: TableScene, throw_no: int) -> None:
    """Choose like a careful person: keep the best dice, bank from 350 once allowed."""
    state = table.game.state
    if state.phase is Phase.CARRYOVER:
        drive.press("t")
        return
    if state.phase is Phase.ROLL:
        drive.press("enter" if state.turn_points >= 350 and table.turn.choice.bank is not None else "space")
        return
    best = table.game.options()[0]
    wanted = table.turn.selection.ids_of(best.dice)
    for die in [d for d in table.dice if d.ident in wanted]:
        if throw_no % 2:
            drive.press(str(die.label))
        else:
            drive.click((die.x, die.y))
    assert table.turn.selection.faces() == tuple(sorted(best.dice)), table.turn.choice.error
    assert not table.turn.choice.error
    assert table.turn.choice.text.endswith(f"{best.points:,} points")
    if state.turn_points + best.points >= 350 and table.turn.choice.bank is not None:
        drive.press("enter")
    else:
        drive.press("space")


def test_person_against_computer_from_menu_to_scoreboard(app: App, drive: Driver) -> None:
    app.show_menu()
    drive.frames(2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert not _button(menu, "Continue").enabled
    drive.click(_button(menu, "New game").rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)

    # name the person: click the field, clear it, type
    field = next(w for w in setup.focus.widgets if isinstance(w, TextField))
    drive.click(field.rect.center)
    for _ in range(4):
        drive.press("backspace")
    drive.type("Tess")
    assert setup.seats.names[0] == "Tess"
    # the second seat is a computer: keep it, but make it bold (click ▶ on its selector)
    kinds = [w for w in setup.focus.widgets if isinstance(w, Selector) and not w.label]
    drive.click(_right_arrow(kinds[1]))
    assert setup.seats.kinds[1] == "bold"
    # rules: Classic Five (one click on ▶), target down to 1,000 with the keyboard
    rules_sel = next(w for w in setup.focus.widgets if isinstance(w, Selector) and w.label == "Rules")
    drive.click(_right_arrow(rules_sel))
    assert setup.rules.id == "classic-five"
    target_sel = next(w for w in setup.focus.widgets if isinstance(w, Selector) and w.label == "Target")
    drive.click(_left_arrow(target_sel))
    for _ in range(10):
        drive.press("left")
    assert setup.target == 1000
    drive.click(_button(setup, "Start").rect.center)

    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [p.name for p in table.game.players] == ["Tess", "Brutus"]  # a default name follows the level
    assert table.rules.id == "classic-five" and table.rules.target == 1000

    human_throws = 0
    computer_seen = False
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            break
        assert isinstance(top, TableScene)
        if top.human_turn:
            _play_human_turn(drive, top, human_throws)
            human_throws += 1
        elif top.snap.acknowledging:
            assert top.turn.busted
            drive.press("space")  # the person has seen the bust
        else:
            computer_seen |= top.turn.mode != "over" and not top.turn.is_human(top.turn.shown.current)
            drive.frames(1)
    board = app.stack.top
    assert isinstance(board, ScoreboardScene), "the game did not reach the scoreboard"
    drive.press("enter")  # (meant for the table's last moment: "a key goes on to the result")
    assert app.stack.top is board, "a key carried over from the table starts no new game before the result is seen"
    assert board.game.finished and board.game.winners
    assert human_throws > 3 and computer_seen
    assert len(board.history.turns) >= 2
    drive.shot("whole-game-scoreboard")

    # the finished game is counted and nothing is left to continue
    app.autosaver.flush()
    assert not app.storage.has_saved_game()
    assert app.storage.archive.load_stats().games == 1

    drive.frames(40)
    drive.press("escape")
    assert isinstance(app.stack.top, MenuScene)
