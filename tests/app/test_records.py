"""Statistics, replays, exports and the player's own rules files, in the window."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from english import told

from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import PauseOverlay, RulesOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.replay_viewer import ReplayScene, replay_step
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.statistics import StatisticsScene
from greed_game.app.scenes.table import TableScene
from greed_game.app.widgets import Button, Selector
from greed_game.play.setup import GameSetup
from greed_game.presets import preset, replay
from greed_game.rules import PRESET_IDS, Bank, FirstPlayer, Keep, Roll, Void, read_record
from greed_game.storage import Storage

from .conftest import Driver
from .scenarios import ADA, TESS, fill_storage, finished_game, finished_record, table_at


def _button(widgets: list[object], label: str) -> Button:
    return next(w for w in widgets if isinstance(w, Button) and w.label == label)


def _menu(app: App, drive: Driver) -> MenuScene:
    app.show_menu()
    drive.frames(1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return menu


# -- statistics ---------------------------------------------------------------------------------


def test_statistics_screen_shows_each_player_and_the_dice(app: App, drive: Driver, storage: Storage) -> None:
    records = [finished_record(seed) for seed in (1, 2, 3)]
    for record in records:
        storage.autosave.finish_game(record)
    menu = _menu(app, drive)
    drive.click(_button(menu.focus.widgets, "Statistics").rect.center)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    view = scene.view
    assert view.games == 3
    assert sorted(p.name for p in view.players) == ["Ada", "Brutus", "Tess"]
    assert all(p.games == 3 for p in view.players)
    assert sum(p.wins for p in view.players) >= 3
    thrown = sum(len(e.dice) for r in records for e in r.events if isinstance(e, Roll))
    assert view.fairness.dice == thrown
    assert sum(row.count for row in view.fairness.faces) == thrown
    assert view.fairness.chi_square is not None and 0.0 <= (view.fairness.p_value or 0.0) <= 1.0
    drive.press("down")
    drive.press("pagedown")
    drive.shot("test-statistics")
    drive.press("escape")
    assert isinstance(app.stack.top, MenuScene)


def test_statistics_start_empty(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(StatisticsScene(app))
    drive.frames(2)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert scene.view.games == 0 and not scene.view.players
    assert scene.view.fairness.dice == 0
    drive.click(scene.back.rect.center)
    assert isinstance(app.stack.top, MenuScene)


def test_a_damaged_statistics_file_is_reported_and_kept_aside(app: App, drive: Driver, storage: Storage) -> None:
    storage.root.mkdir(parents=True, exist_ok=True)
    storage.stats_path.write_text('{"format": "greed-stats/1", "games": 3, "players": {"Tess": {"wins": 9', "utf-8")
    app.show_menu()
    app.push(StatisticsScene(app))
    drive.frames(2)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert told(scene.view.problems) and "statistics" in told(scene.view.problems)[0].lower()
    assert any("cut short" in t.text for t in app.toasts)
    assert not storage.stats_path.exists()
    assert list(storage.root.glob("stats.bad-*.json")), "the bad file was not kept aside"
    drive.shot("test-statistics-damaged")


# -- replays --------------------------------------------------------------------------------


def _viewer_from_menu(app: App, drive: Driver) -> ReplayScene:
    menu = _menu(app, drive)
    drive.click(_button(menu.focus.widgets, "Replays").rect.center)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    row = replays.games_list.rect
    drive.click((row.x + 100, row.y + 20))
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    return viewer


def test_the_replay_viewer_steps_forward_and_back_like_the_core(app: App, drive: Driver, storage: Storage) -> None:
    record = finished_record(5)
    storage.autosave.finish_game(record)
    viewer = _viewer_from_menu(app, drive)
    n = len(record.events)
    assert len(viewer.replay) == n and viewer.position == 0

    def check(k: int) -> None:
        assert viewer.position == k
        assert viewer.replay.state == replay(record, upto=k).state

    for k in range(1, 12):
        drive.press("right")
        check(k)
    drive.click(viewer.back_button.rect.center)
    check(10)
    drive.press("left")
    check(9)
    drive.click(viewer.next_button.rect.center)
    check(10)
    drive.press("end")
    check(n)
    assert viewer.replay.state.finished
    drive.press("right")
    check(n)
    drive.press("home")
    check(0)
    drive.press("left")
    check(0)
    drive.click(viewer.last_button.rect.center)
    check(n)
    drive.click(viewer.first_button.rect.center)
    check(0)
    drive.press("pagedown")  # to the end of the first turn
    turn_end = viewer.position
    assert turn_end > 0 and replay(record, upto=turn_end).state.turn != replay(record, upto=turn_end - 1).state.turn
    drive.press("pagedown")
    assert viewer.position > turn_end
    drive.press("pageup")
    assert viewer.position <= turn_end + 1
    # the wheel steps too
    viewer.seek(20)
    drive.frames(1)
    from greed_game.app.input import Scroll

    viewer.handle(Scroll(-1, (400, 300)))
    check(21)
    drive.shot("test-replay-viewer")
    drive.press("escape")
    assert isinstance(app.stack.top, ReplaysScene)


def test_the_viewer_shows_the_throw_the_kept_dice_and_the_turn(storage: Storage) -> None:
    record = finished_record(7)
    storage.autosave.finish_game(record)
    loaded = storage.archive.open_replay(record)
    assert loaded is not None
    events = record.events
    for k in range(1, len(events) + 1):
        step = replay_step(loaded, k)
        event = events[k - 1]
        before = replay(record, upto=k - 1).state
        assert step.seat == before.current or isinstance(event, Void)
        if isinstance(event, Roll):
            assert sorted(d.value for d in step.throw) == sorted(event.dice)
        if isinstance(event, Keep):
            assert step.groups and step.groups[-1][0] == event.dice
            after = replay(record, upto=k).state
            assert step.groups[-1][1] == after.turn_points - before.turn_points
        if isinstance(event, Bank):
            after = replay(record, upto=k).state
            assert step.points == after.scores[before.current] - before.scores[before.current]
            assert step.note == "banked"
        if isinstance(event, FirstPlayer):
            assert "starts" in step.title
    last = replay_step(loaded, len(events))
    assert "win" in last.title


def test_a_voided_throw_is_shown_dimmed_and_the_turn_goes_on(storage: Storage) -> None:
    from greed_game.rules import Game, Player, record_of

    game = Game(preset("pass-the-dice"), [Player("Tess", "human"), Player("Ada", "human")])
    for event in [FirstPlayer(0), Roll((1, 5, 2, 3, 4, 6)), Keep((1,)), Roll((2, 2, 3, 3, 4)), Void("leaning"),
                  Roll((5, 2, 3, 3, 4))]:
        game.apply(event)
    loaded = storage.archive.open_replay(record_of(game, "pass-the-dice"))
    assert loaded is not None
    void = replay_step(loaded, 5)
    assert void.void and void.title == "Void throw" and all(d.alpha < 255 for d in void.throw)
    assert void.groups == [((1,), 100)]
    after = replay_step(loaded, 6)
    assert not after.void and after.groups == [((1,), 100)] and sorted(d.value for d in after.throw) == [2, 3, 3, 4, 5]


def test_a_bad_record_file_is_reported_in_plain_words(app: App, drive: Driver, storage: Storage) -> None:
    storage.exports_dir.mkdir(parents=True, exist_ok=True)
    broken = storage.exports_dir / "broken.json"
    broken.write_text('{"format": "greed-record/1", "rules": "pass', encoding="utf-8")
    app.show_menu()
    scene = ReplaysScene(app)
    app.push(scene)
    drive.frames(1)
    assert [p.name for p in scene.files] == ["broken.json"]
    row = scene.files_list.rect
    drive.click((row.x + 60, row.y + 16))
    assert app.stack.top is scene
    assert "broken.json" in scene.error and "cut short" in scene.error
    assert broken.exists(), "a record file is the player's: it is never moved"
    drive.shot("test-replays-bad-file")
    # a path typed by hand: no such file
    drive.click(scene.path_field.rect.center)
    drive.type(str(storage.root / "nowhere.json"))
    drive.press("enter")
    assert "no such file" in scene.error
    # a future version of the format
    future = storage.root / "future.json"
    future.write_text(json.dumps({"format": "greed-record/9", "rules": "official", "players": [], "events": []}))
    assert not scene.open(future)
    assert "future.json" in scene.error


def test_a_typed_path_opens_the_record(app: App, drive: Driver, storage: Storage) -> None:
    path = storage.archive.export_record(finished_record(3))
    assert path is not None
    app.show_menu()
    scene = ReplaysScene(app)
    app.push(scene)
    drive.frames(1)
    assert path in scene.files
    drive.click(scene.path_field.rect.center)
    drive.type(str(path))
    drive.click(scene.open_button.rect.center)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    assert viewer.replay.record.events == read_record(path.read_text()).events


# -- export -----------------------------------------------------------------------------------


def test_export_from_the_pause_menu(app: App, drive: Driver, storage: Storage) -> None:
    table = table_at(app, "classic-five", [TESS, ADA], [Roll((1, 5, 3, 3, 4)), Keep((1, 5))])
    drive.frames(1)
    drive.press("escape")
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    drive.click(_button(pause.focus.widgets, "Export record").rect.center)
    assert pause.exported is not None and pause.exported.parent == storage.exports_dir
    exported = read_record(pause.exported.read_text())
    assert exported.events == table.game.events and exported.rules == "classic-five"
    drive.shot("test-pause-exported")
    assert app.stack.top is pause


def test_export_and_replay_from_the_scoreboard(app: App, drive: Driver, storage: Storage) -> None:
    game = finished_game(4)
    board = ScoreboardScene(app, GameSetup("pass-the-dice", list(game.players), {"target": 3000}), game)
    app.stack.replace(board)
    drive.frames(40)  # (clicks are its own once it has been seen)
    drive.click(board.export_button.rect.center)
    assert board.exported is not None and board.exported.is_file()
    assert read_record(board.exported.read_text()).events == game.events
    drive.press("r")
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.position == 0
    drive.press("end")
    assert viewer.replay.state == game.state
    drive.press("escape")
    assert app.stack.top is board


# -- the player's own rules files ------------------------------------------------------------------


def test_own_rules_files_are_listed_after_the_presets(make_app: Callable[..., App], storage: Storage) -> None:
    fill_storage(storage, games=0)
    bad = storage.root / "rules" / "broken.toml"
    app = make_app()
    drive = Driver(app)
    menu = _menu(app, drive)
    app.go(menu.open_setup())
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    labels = [c.label for c in setup.choices]
    assert labels[:5] == [preset(i).name for i in PRESET_IDS]
    assert labels[5:] == ["broken.toml (unavailable)", "Our House Rules"]
    assert setup.rules_folder == storage.root / "rules"
    rules_sel = next(w for w in setup.focus.widgets if isinstance(w, Selector) and w.label == "Rules")
    for _ in range(5):
        rules_sel.step(1)
    assert setup.choice.path == bad and not setup.choice.usable
    assert setup.choice.problem == "Field 'dice': must be at most 6, not 9"
    assert not setup.start_button.enabled
    drive.shot("test-setup-bad-rules")
    app.go(setup.start())
    assert app.stack.top is setup, "a game cannot start with rules that cannot be played"
    assert bad.exists() and bad.read_text().startswith('id = "broken"'), "the player's file is never moved"
    rules_sel.step(1)
    assert setup.rules.name == "Our House Rules" and setup.target == 2000
    drive.click(_button(setup.focus.widgets, "Read the rules").rect.center)
    overlay = app.stack.top
    assert isinstance(overlay, RulesOverlay) and overlay.presets[overlay.index].name == "Our House Rules"
    drive.press("escape")
    drive.shot("test-setup-house-rules")
    drive.click(setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.rules.name == "Our House Rules" and table.rules.dice == 5
    assert isinstance(table.setup.rules_ref, dict), "the record carries the player's rules"


def test_a_bad_rules_file_found_later_never_crashes(app: App, drive: Driver, storage: Storage) -> None:
    folder = storage.root / "rules"
    folder.mkdir(parents=True)
    (folder / "empty.toml").write_text("", encoding="utf-8")
    (folder / "binary.toml").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "future.toml").write_text('format = 7\nid = "x"\nname = "X"\ndice = 6\ntarget = 10\n', "utf-8")
    app.show_menu()
    setup = SetupScene(app)
    app.push(setup)
    drive.frames(1)
    problems = {c.path.name: c.problem for c in setup.choices if c.path is not None}
    assert set(problems) == {"binary.toml", "empty.toml", "future.toml"}
    assert all(problems.values())
    assert "newer" in (problems["future.toml"] or "")
    for index in range(len(setup.choices)):
        setup.set_preset(index)
        drive.frames(1)


# -- problems shown where they arise ----------------------------------------------------------------


def test_continue_with_a_damaged_save_says_so(app: App, drive: Driver, storage: Storage) -> None:
    storage.root.mkdir(parents=True, exist_ok=True)
    storage.autosave_path.write_text('{"format": "greed-record/1", "rules": "official", "play', encoding="utf-8")
    menu = _menu(app, drive)
    continue_button = _button(menu.focus.widgets, "Continue")
    assert continue_button.enabled
    drive.click(continue_button.rect.center)
    assert isinstance(app.stack.top, MenuScene)
    assert any("saved game" in t.text.lower() and "cut short" in t.text for t in app.toasts)
    assert not any("no unfinished game" in t.text for t in app.toasts)
    assert not _button(app.stack.top.focus.widgets, "Continue").enabled
    assert list(storage.root.glob("autosave.bad-*.json"))
    drive.shot("test-continue-damaged")


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '{"format": "greed-settings/99"}', '{"sound": "loud"}'])
def test_a_bad_settings_file_is_reported_at_start_up(storage: Storage, text: str) -> None:
    storage.root.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text(text, encoding="utf-8")
    app = App(storage=storage, clock="virtual", seed=1)
    try:
        app.show_menu()
        app.frame()
        assert app.toasts and "settings" in app.toasts[0].text.lower()
        assert list(Path(storage.root).glob("settings.bad-*.json"))
    finally:
        app.close()
