"""No click costs a saved game: a new game over one in progress asks first, and keeps the old one either way."""

from __future__ import annotations

import random

from greed_game.app.input import Move
from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import ReplaceGameOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.table import TableScene
from greed_game.presets import preset
from greed_game.rules import Game, Player, record_of

from .conftest import Driver
from .scenarios import open_setup


def _save_a_game_in_progress(app: App) -> Game:
    game = Game(preset("classic-five"), [Player("You"), Player("Ada", "expert")])
    rng = random.Random(3)
    while len(game.events) < 12 or game.state.current != 0:
        game.play(game.legal_actions()[0], rng)
    assert not game.finished
    assert app.storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=3)
    return game


def _press_start(app: App, drive: Driver) -> None:
    app.go(open_setup(app).start())
    drive.frames(2)


def _answer(app: App, drive: Driver, button: int) -> None:
    """Answer the game-in-progress question: 0 continue it, 1 start the new game."""
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameOverlay)
    app.go(ask.focus.widgets[button].activate())
    drive.frames(2)


def test_starting_over_a_game_in_progress_asks_first(app: App, drive: Driver) -> None:
    game = _save_a_game_in_progress(app)
    _press_start(app, drive)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameOverlay), "the saved game would have been replaced without a word"
    assert ask.rules_name == "Classic Five" and ask.standing.endswith("your turn")
    assert app.storage.autosave.load_game() is not None and app.storage.autosave.load_game().events == game.events  # type: ignore[union-attr]
    drive.press("escape")
    assert isinstance(app.stack.top, SetupScene)
    assert app.storage.autosave.load_game().events == game.events  # type: ignore[union-attr]


def test_continue_from_the_question_resumes_the_saved_game_exactly(app: App, drive: Driver) -> None:
    game = _save_a_game_in_progress(app)
    _press_start(app, drive)
    _answer(app, drive, 0)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.events == game.events


def test_starting_anyway_keeps_the_old_game_in_replays(app: App, drive: Driver) -> None:
    game = _save_a_game_in_progress(app)
    _press_start(app, drive)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameOverlay)
    app.go(ask.focus.widgets[1].activate())
    drive.frames(3)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.events != game.events
    exported = sorted(app.storage.exports_dir.glob("*.json"))
    assert len(exported) == 1
    from greed_game.rules import read_record

    assert read_record(exported[0].read_text()).events == game.events


def test_no_question_without_a_game_in_progress(app: App, drive: Driver) -> None:
    _press_start(app, drive)
    assert isinstance(app.stack.top, TableScene)


def test_the_game_set_aside_is_listed_in_replays_as_unfinished(app: App, drive: Driver) -> None:
    game = _save_a_game_in_progress(app)
    _press_start(app, drive)
    _answer(app, drive, 1)
    app.show_menu()
    replays = ReplaysScene(app)
    app.push(replays)
    (path,) = replays.files
    summary = replays.summary(path)
    assert not summary.finished and summary.problem is None
    assert summary.players == ("You", "Ada") and summary.current == game.state.current == 0
    assert summary.scores == game.state.scores
    app.go(replays.open_file(0))
    from greed_game.app.scenes.replay_viewer import ReplayScene

    assert isinstance(app.stack.top, ReplayScene)


def test_continue_says_what_it_continues(app: App, drive: Driver) -> None:
    game = _save_a_game_in_progress(app)
    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    button = menu.focus.widgets[0]
    assert getattr(button, "label", "") == "Continue"
    hint = getattr(button, "hint", "")
    assert hint.startswith("Classic Five: ") and hint.endswith("your turn")
    assert f"Ada {game.state.scores[1]:,}" in hint


def test_a_damaged_save_gives_continue_no_hint_and_is_left_for_continue_to_report(app: App, drive: Driver) -> None:
    app.storage.root.mkdir(parents=True, exist_ok=True)
    app.storage.autosave_path.write_text('{"format": "greed-record/1", "rules": "off', encoding="utf-8")
    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    button = menu.focus.widgets[0]
    assert getattr(button, "hint", None) == "" and getattr(button, "enabled", False)
    assert app.storage.autosave_path.exists()  # nothing set aside before the player asks for it


def _set_aside_and_open_replays(app: App, drive: Driver) -> tuple[Game, ReplaysScene]:
    game = _save_a_game_in_progress(app)
    _press_start(app, drive)
    _answer(app, drive, 1)  # start the new game: the old one goes to the exports
    app.show_menu()
    replays = ReplaysScene(app)
    app.push(replays)
    return game, replays


def test_an_unfinished_game_set_aside_can_be_played_on_from_replays(app: App, drive: Driver) -> None:
    game, replays = _set_aside_and_open_replays(app, drive)
    assert replays.selected_unfinished() == replays.files[0] and replays.play_on_button.visible
    assert replays.summary(replays.files[0]).current == 0  # "You" to play, as the row says
    # The new game started meanwhile is in progress: playing the old one on asks first, and keeps both.
    new_events = app.storage.autosave.load_game().events  # type: ignore[union-attr]
    app.go(replays.play_on_button.activate())
    _answer(app, drive, 1)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.events == game.events
    assert table.game.state == game.state
    from greed_game.rules import read_record

    exported = [read_record(p.read_text()).events for p in app.storage.exports_dir.glob("*.json")]
    assert game.events in exported and new_events in exported  # nothing lost either way


def test_a_finished_or_broken_record_is_not_played_on(app: App, drive: Driver) -> None:
    from .scenarios import fill_storage

    fill_storage(app.storage, games=0)
    app.show_menu()
    replays = ReplaysScene(app)
    app.push(replays)
    for path in replays.files:
        replays.files_list.select(replays.files.index(path))
        replays.handle(Move((0, 0)))  # any input: the button follows the selection
        assert not replays.play_on_button.visible
        assert not replays.play_on(path)
        assert replays.error and isinstance(app.stack.top, ReplaysScene)


def test_each_of_several_unfinished_games_resumes_exactly(app: App, drive: Driver) -> None:
    """Three games set aside, of three rule sets; each is played on from Replays in turn, exactly where it stood,
    and every one of them is still kept afterwards (the one played on before is set aside again when asked)."""
    from greed_game.rules import read_record

    games: list[Game] = []
    for n, rules_id in enumerate(("classic-five", "dollar-greed", "official")):
        game = Game(preset(rules_id), [Player("You"), Player("Ada", "expert"), Player("Bo")][: 2 + n % 2])
        rng = random.Random(10 + n)
        # played to a person's move, so that nothing moves on the table before it is looked at
        while len(game.events) < 9 + 4 * n or game.players[game.state.current].kind != "human":
            game.play(game.legal_actions()[-1 if n % 2 else 0], rng)
        assert not game.finished
        assert app.storage.archive.export_record(record_of(game, rules_id)) is not None
        games.append(game)
    for game in games:
        app.show_menu()
        replays = ReplaysScene(app)
        app.push(replays)
        path = next(p for p in replays.files if read_record(p.read_text()).events == game.events)
        where = replays.play_on(path)
        assert where
        app.go(where)
        if isinstance(app.stack.top, ReplaceGameOverlay):
            app.go(app.stack.top.focus.widgets[1].activate())  # start it: the game in progress is set aside, not lost
        drive.frames(2)
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert table.game.events == game.events and table.game.state == game.state
        assert table.rules == game.rules
    kept = [read_record(p.read_text()).events for p in app.storage.exports_dir.glob("*.json")]
    assert all(g.events in kept for g in games)
