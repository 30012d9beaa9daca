"""Every scene rendered to PNG at 1280×720 and in a small window; the pictures are saved to be looked at."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from greed_game.ai import strategy
from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import PauseOverlay, RulesOverlay, SettingsOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.replay_viewer import ReplayScene
from greed_game.app.scenes.review import ReviewOverlay
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.statistics import StatisticsScene
from greed_game.app.scenes.table import TableScene
from greed_game.i18n import _
from greed_game.play.setup import GameSetup
from greed_game.rules import Bank, FirstPlayer, Game, Keep, Player, Roll

from .conftest import SMALL, Driver
from .scenarios import ADA, BRUTUS, TESS, fill_storage, finished_game, pick, table_at

SIZES = {"large": (1280, 720), "small": SMALL}


def _colours(path: Path) -> int:
    """How many distinct colours a sample of the picture has (a blank picture has one)."""
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    return len({tuple(image.get_at((x, y))) for x in range(0, w, 17) for y in range(0, h, 13)})


def _finished_game(seed: int = 11) -> Game:
    rules = GameSetup("pass-the-dice", [], {"target": 3000}).ruleset()
    players = [Player("Tess", "cautious"), Player("Ada", "bold"), Player("Brutus", "cautious")]
    game = Game(rules, players)
    rng = random.Random(seed)
    game.roll_off(rng)
    bots = [strategy(p.kind, rules) for p in players]
    while not game.finished:
        game.play(bots[game.state.current].choose(rules, game.state), rng)
    return game


def _menu(app: App, drive: Driver) -> None:
    app.show_menu()


def _setup(app: App, drive: Driver) -> None:
    app.show_menu()
    assert isinstance(app.stack.top, MenuScene)
    app.go(app.stack.top.open_setup())
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.seats.add("human")
    setup.seats.add()
    setup._rebuild()
    drive.press("tab")


def _rules(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(RulesOverlay(app, 4))
    drive.press("pagedown")


def _settings(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(SettingsOverlay(app))


def _table_keep(app: App, drive: Driver) -> None:
    table = table_at(app, "pass-the-dice", [TESS, ADA, BRUTUS], [FirstPlayer(0)], seed=3)
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.dice_at_rest() and table.human_turn)
    best = table.game.options()[0]
    pick(table, best.dice)


def _table_invalid(app: App, drive: Driver) -> None:
    table = table_at(app, "official", [TESS, ADA], [Roll((2, 2, 2, 5, 6))], seed=3)
    drive.frames(1)
    # a 2 and the 6: nothing keeps a 6 (a click on it is refused; picked as a pick not yet whole can be)
    table.turn.selection.choose([2, 6])
    table.turn.refresh()
    assert table.turn.choice.error


def _table_flying(app: App, drive: Driver) -> None:
    app.settings.animation_speed = "normal"
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=8)
    drive.frames(1)
    drive.press("space")
    drive.frames(14)
    assert table.turn.mode == "rolling"


def _table_hint(app: App, drive: Driver) -> None:
    _table_keep(app, drive)
    drive.press("h")


def _table_carryover(app: App, drive: Driver) -> None:
    table_at(app, "pass-the-dice", [ADA, TESS], [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()])


def _table_letters(app: App, drive: Driver) -> None:
    events = [FirstPlayer(0), Roll((6, 5, 4, 2, 3, 1)), Keep((1, 2, 3, 4, 5, 6)), Roll((1, 5, 2, 3, 3, 4))]
    table = table_at(app, "dollar-greed", [TESS, ADA], events)
    table.toggle(next(d for d in table.dice if d.value == 1))


def _table_final(app: App, drive: Driver) -> None:
    players = [Player("Tess", "human"), Player("Ada", "master"), Player("Brutus", "cautious"), Player("Cleo", "bold"),
               Player("Dmitri", "expert"), Player("Edda", "human")]
    table = table_at(app, "dollar-greed", players, [], overrides={"target": 500})
    game = table.game
    for event in [FirstPlayer(0), Roll((6, 6, 6, 2, 3, 4)), Keep((6, 6, 6)), Bank()]:
        game.apply(event)
    table.restore()
    table.turn.ready()


def _table_void(app: App, drive: Driver) -> None:
    app.settings.animation_speed = "normal"
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=4)
    table.turn.forced_voids.append("leaning")
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.turn.voids == 1)
    drive.frames(30)


def _pause(app: App, drive: Driver) -> None:
    table_at(app, "classic-five", [TESS, ADA], [Roll((1, 5, 3, 3, 4))])
    drive.frames(1)
    drive.press("escape")
    assert isinstance(app.stack.top, PauseOverlay)


def _scoreboard(app: App, drive: Driver) -> None:
    game = _finished_game()
    app.stack.replace(ScoreboardScene(app, GameSetup("pass-the-dice", list(game.players), {"target": 3000}), game))


def _table_hint_win(app: App, drive: Driver) -> None:
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=3)
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.dice_at_rest() and table.human_turn)
    drive.press("h")
    lines = table.turn.advisor.lines
    chance = _("win chance {chance}").split("{")[0].strip().replace(" ", "\u00a0")
    assert any(chance in line.text for line in lines), "two players: each choice's win chance"


def _reviewed(
    app: App, drive: Driver, rules: str, players: tuple[Player, ...], target: int, seed: int
) -> ReviewOverlay:
    """A finished two-player game's scoreboard, and its review opened with V (worked out in line)."""
    game = finished_game(seed=seed, rules=rules, players=players, target=target)
    app.stack.replace(ScoreboardScene(app, GameSetup(rules, list(game.players), {"target": target}), game))
    drive.frames(40)  # (keys are its own once it has been seen)
    drive.press("v")
    review = app.stack.top
    assert isinstance(review, ReviewOverlay) and review.job.done and review.job.result, review.job
    return review


def _review(app: App, drive: Driver) -> None:
    _reviewed(app, drive, "classic-five", (Player("Tess", "cautious"), Player("Ada", "expert")), 3000, 5)


def _review_letters(app: App, drive: Driver) -> None:
    players = (Player("Tess", "bold"), Player("Maximilian Wolfgang A.", "master"))
    result = _reviewed(app, drive, "dollar-greed", players, 5000, 9).job.result or []
    keep = _("keep {dice} and throw {count}").split("{")[0]
    keeps = [t for seat in result for c in seat.worst for t in (c.chosen, c.best) if t.startswith(keep)]
    first = [t[len(keep):].split(" ")[0] for t in keeps]  # the first word of the dice a keep names
    assert keeps and not any(ch.isdigit() for t in first for ch in t), "the letters' own words"


def _pause_exported(app: App, drive: Driver) -> None:
    _pause(app, drive)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    pause.export()
    assert pause.exported is not None


def _scoreboard_exported(app: App, drive: Driver) -> None:
    _scoreboard(app, drive)
    board = app.stack.top
    assert isinstance(board, ScoreboardScene)
    board.export()
    assert board.exported is not None


def _statistics(app: App, drive: Driver) -> None:
    fill_storage(app.storage)
    app.show_menu()
    app.push(StatisticsScene(app))


def _statistics_empty(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(StatisticsScene(app))


def _replays(app: App, drive: Driver) -> None:
    fill_storage(app.storage)
    app.show_menu()
    scene = ReplaysScene(app)
    app.push(scene)
    app.go(scene.open(app.storage.exports_dir / "broken.json"))
    drive.press("tab")


def _replays_empty(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(ReplaysScene(app))


def _viewer_at(kind: type, nth: int) -> Callable[[App, Driver], None]:
    def setup(app: App, drive: Driver) -> None:
        fill_storage(app.storage, games=1)
        app.show_menu()
        scene = ReplaysScene(app)
        app.push(scene)
        app.go(scene.open_game(0))
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        positions = [i + 1 for i, e in enumerate(viewer.replay.record.events) if isinstance(e, kind)]
        viewer.seek(positions[min(nth, len(positions) - 1)])

    return setup


def _viewer_end(app: App, drive: Driver) -> None:
    _viewer_at(Roll, 0)(app, drive)
    drive.press("end")


def _setup_own_rules(app: App, drive: Driver) -> None:
    fill_storage(app.storage, games=0)
    _setup(app, drive)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.set_preset(len(setup.choices) - 1)


def _setup_bad_rules(app: App, drive: Driver) -> None:
    fill_storage(app.storage, games=0)
    app.show_menu()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_preset(next(i for i, c in enumerate(setup.choices) if not c.usable))


SCENES: dict[str, Callable[[App, Driver], None]] = {
    "menu": _menu,
    "setup": _setup,
    "rules": _rules,
    "settings": _settings,
    "table-keep": _table_keep,
    "table-invalid": _table_invalid,
    "table-flying": _table_flying,
    "table-hint": _table_hint,
    "table-hint-win": _table_hint_win,
    "table-carryover": _table_carryover,
    "table-letters": _table_letters,
    "table-final-round": _table_final,
    "table-void": _table_void,
    "pause": _pause,
    "scoreboard": _scoreboard,
    "pause-exported": _pause_exported,
    "scoreboard-exported": _scoreboard_exported,
    "review": _review,
    "review-letters": _review_letters,
    "statistics": _statistics,
    "statistics-empty": _statistics_empty,
    "replays": _replays,
    "replays-empty": _replays_empty,
    "replay-keep": _viewer_at(Keep, 4),
    "replay-bank": _viewer_at(Bank, 2),
    "replay-end": _viewer_end,
    "setup-own-rules": _setup_own_rules,
    "setup-bad-rules": _setup_bad_rules,
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_scene_renders(make_app: Callable[..., App], scene: str, size: str) -> None:
    app = make_app(size=SIZES[size])
    drive = Driver(app)
    SCENES[scene](app, drive)
    drive.frames(2)
    path = drive.shot(f"{scene}-{size}")
    assert pygame.image.load(str(path)).get_size() == SIZES[size]
    assert _colours(path) > 20


def test_table_scene_names_its_state(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    _table_final(app, drive)
    drive.frames(2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    chips = [text for text, _ in table.snap.chips]
    assert "FINAL ROUND" in chips
    assert any(c.startswith("Must top") for c in chips)
