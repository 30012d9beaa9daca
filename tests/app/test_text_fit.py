"""Every text fits: each scene and overlay, at 854×480 and 1280×720, with 8 seats of 24-character names.

The canvas's drawing is recorded while a scene draws: each text's ink (the
pixels its glyphs cover), the clip in force and the filled boxes drawn before
it. A text fails when its ink leaves the window's stage, is cut by the clip,
spills out of the box it sits in (the last filled box drawn under the point
it is anchored at, by the same scene), or meets the ink of another text of the same scene.
Overlays are drawn over their scene on purpose, so only texts of one scene
are compared with each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from greed_game.app.canvas import Canvas
from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene, SetupScene
from greed_game.app.scenes.overlays import PauseOverlay, ReplaceGameOverlay, RulesOverlay, SettingsOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.replay_viewer import ReplayScene
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.statistics import StatisticsScene
from greed_game.play.setup import GameSetup
from greed_game.rules import Bank, FirstPlayer, Game, Keep, Player, Roll, record_of

from .conftest import SMALL, Driver
from .scenarios import finished_game, open_setup, table_at
from .test_screens import SCENES as SCREENS

NAMES = (
    "Maximilian Wolfgang Ober", "Alexandra Konstantinova", "Bartholomew Fitzwilliam", "Wilhelmina Oppenheimer",
    "Christopher Montgomeryy", "Evangeline Rosenthaler", "Sebastian Vanderbiltson", "Georgiana Featherstone",
)
"""Eight names of 22 to 24 characters."""
assert all(22 <= len(n) <= 24 for n in NAMES)
KINDS = ("human", "master", "expert", "bold", "cautious", "human", "cautious", "bold")
EIGHT = [Player(n, k) for n, k in zip(NAMES, KINDS, strict=True)]
SIZES = {"small": SMALL, "large": (1280, 720)}
SLACK = 1
"""Pixels of ink a text may pass its box by (anti-aliasing)."""


@dataclass
class Drawn:
    """One text as drawn."""

    layer: int
    text: str
    ink: pygame.Rect
    box: pygame.Rect | None
    clip: pygame.Rect


@dataclass
class Recorder:
    """What the canvas drew, scene by scene."""

    window: pygame.Surface
    layer: int = 0
    texts: list[Drawn] = field(default_factory=list)
    boxes: list[tuple[int, pygame.Rect]] = field(default_factory=list)

    def container(self, point: tuple[int, int]) -> pygame.Rect | None:
        """The last filled box of the current scene under ``point``."""
        return next((r for layer, r in reversed(self.boxes) if layer == self.layer and r.collidepoint(point)), None)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[App], Recorder]]:
    made: list[Recorder] = []
    text, box = Canvas.text, Canvas.box

    def make(app: App) -> Recorder:
        rec = Recorder(app.canvas.surface)
        made.append(rec)
        return rec

    def recording_text(canvas: Canvas, string: str, pos: Any, size: float = 18, *args: Any, **kw: Any) -> pygame.Rect:
        r = text(canvas, string, pos, size, *args, **kw)
        for rec in made:
            if canvas.surface is rec.window:
                shown = canvas.fit(string, size, kw["max_width"], kw.get("font", "sans")) if kw.get(
                    "max_width") is not None else string
                image = canvas.render(shown, size, (255, 255, 255), kw.get("font", "sans"))
                ink = image.get_bounding_rect().move(r.topleft)
                if ink.w and ink.h:
                    rec.texts.append(Drawn(rec.layer, shown, ink, rec.container(canvas.pt(*pos)),
                                           canvas.surface.get_clip()))
        return r

    def recording_box(canvas: Canvas, r: Any, color: Any, **kw: Any) -> None:
        box(canvas, r, color, **kw)
        for rec in made:
            if canvas.surface is rec.window and color is not None:
                rec.boxes.append((rec.layer, canvas.rect(r)))

    monkeypatch.setattr(Canvas, "text", recording_text)
    monkeypatch.setattr(Canvas, "box", recording_box)
    yield make


def render(app: App, rec: Recorder) -> None:
    """Draw every visible scene as the window does, each as its own layer (toasts left out)."""
    canvas = app.canvas
    rec.window = canvas.surface  # the window, or the frame a small window shows scaled down
    canvas.clear()
    for layer, scene in enumerate(app.stack.visible()):
        rec.layer = layer
        scene.draw(canvas)


def problems(app: App, rec: Recorder) -> list[str]:
    """Every text that overflows or overlaps, in words."""
    stage = app.canvas.stage.inflate(2 * SLACK, 2 * SLACK)
    found: list[str] = []
    for d in rec.texts:
        if not stage.contains(d.ink):
            found.append(f"{d.text!r} leaves the window ({d.ink})")
        elif not d.clip.inflate(2 * SLACK, 2 * SLACK).contains(d.ink):
            found.append(f"{d.text!r} is cut by a clip ({d.ink} in {d.clip})")
        elif d.box is not None and not d.box.inflate(2 * SLACK, 2 * SLACK).contains(d.ink):
            found.append(f"{d.text!r} spills out of its box ({d.ink} in {d.box})")
    for i, a in enumerate(rec.texts):
        for b in rec.texts[i + 1 :]:
            if a.layer == b.layer and a.ink.inflate(-2 * SLACK, -2 * SLACK).colliderect(b.ink):
                found.append(f"{a.text!r} meets {b.text!r} ({a.ink} and {b.ink})")
    return found


# -- scenes with eight long names -----------------------------------------------------------------------


def _setup_eight(app: App, drive: Driver) -> None:
    setup = open_setup(app)
    setup.seats.kinds, setup.seats.names = list(KINDS), list(NAMES)
    setup._rebuild()
    drive.press("tab")


def _setup_typed_target(app: App, drive: Driver) -> None:
    _setup_eight(app, drive)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.focus.focus_on(setup.target_field)
    drive.type("99999999")
    assert setup.target_problem


def _table_eight(rules: str, events: list[Any], **extra: Any) -> Callable[[App, Driver], None]:
    def scene(app: App, drive: Driver) -> None:
        table_at(app, rules, EIGHT, events, **extra)
        drive.frames(1)

    return scene


CARRY = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
GREED = [FirstPlayer(0), Roll((6, 6, 6, 2, 3, 4)), Keep((6, 6, 6)), Bank()]


def _game_eight(seed: int = 5) -> Any:
    return finished_game(seed, "classic-five", EIGHT, target=1500)


def _scoreboard_eight(app: App, drive: Driver) -> None:
    game = _game_eight()
    app.stack.replace(ScoreboardScene(app, GameSetup("classic-five", list(EIGHT), {"target": 1500}), game))


def _stored_eight(app: App) -> None:
    for seed in (5, 6):
        app.storage.autosave.finish_game(record_of(_game_eight(seed), "classic-five", {"target": 1500}))


def _statistics_eight(app: App, drive: Driver) -> None:
    _stored_eight(app)
    app.show_menu()
    app.push(StatisticsScene(app))


def _statistics_levels(app: App, drive: Driver) -> None:
    _statistics_eight(app, drive)
    drive.press("right")


def _replays_eight(app: App, drive: Driver) -> None:
    _stored_eight(app)
    app.show_menu()
    app.push(ReplaysScene(app))


def _menu_continue_eight(app: App, drive: Driver) -> None:
    game = Game(GameSetup("official", list(EIGHT)).ruleset(), list(EIGHT))
    rng = random.Random(5)
    while len(game.events) < 30:
        game.play(game.legal_actions()[0], rng)
    assert app.storage.autosave.save_game(record_of(game, "official"), rng=rng, seed=5)
    app.show_menu()


def _replace_game_eight(app: App, drive: Driver) -> None:
    _menu_continue_eight(app, drive)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.go(menu.open_setup())
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    app.go(setup.start())
    assert isinstance(app.stack.top, ReplaceGameOverlay)


def _replays_unfinished_eight(app: App, drive: Driver) -> None:
    game = Game(GameSetup("classic-five", list(EIGHT)).ruleset(), list(EIGHT))
    rng = random.Random(3)
    while len(game.events) < 40:
        game.play(game.legal_actions()[0], rng)
    assert not game.finished
    app.storage.archive.export_record(record_of(game, "classic-five"))
    _replays_eight(app, drive)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    replays.focus.focus_on(replays.files_list)
    drive.press("home")  # the newest file, the unfinished game: its Play-on button shows
    assert replays.play_on_button.visible


def _viewer_eight(app: App, drive: Driver) -> None:
    _stored_eight(app)
    app.show_menu()
    scene = ReplaysScene(app)
    app.push(scene)
    app.go(scene.open_game(0))
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    viewer.seek(len(viewer.replay.record.events) // 2)


def _pause_eight(app: App, drive: Driver) -> None:
    _table_eight("pass-the-dice", CARRY)(app, drive)
    drive.press("escape")
    assert isinstance(app.stack.top, PauseOverlay)


def _overlay(kind: str) -> Callable[[App, Driver], None]:
    def scene(app: App, drive: Driver) -> None:
        _table_eight("dollar-greed", GREED)(app, drive)
        app.push(RulesOverlay(app, 2) if kind == "rules" else SettingsOverlay(app))

    return scene


def _rules_scoring(index: int, skin: str) -> Callable[[App, Driver], None]:
    def scene(app: App, drive: Driver) -> None:
        app.settings.skin = skin  # type: ignore[assignment]
        app.show_menu()
        app.push(RulesOverlay(app, index))
        drive.frames(1)
        for _ in range(5):
            drive.press("down")

    return scene


SCENES: dict[str, Callable[[App, Driver], None]] = {
    **SCREENS,
    "setup-eight": _setup_eight,
    "menu-continue-eight": _menu_continue_eight,
    "replace-game-eight": _replace_game_eight,
    "setup-typed-target": _setup_typed_target,
    "table-eight-carryover": _table_eight("pass-the-dice", CARRY),
    "table-eight-letters": _table_eight("dollar-greed", GREED),
    "table-eight-start": _table_eight("official", [FirstPlayer(3)]),
    "scoreboard-eight": _scoreboard_eight,
    "statistics-eight": _statistics_eight,
    "statistics-levels-eight": _statistics_levels,
    "replays-eight": _replays_eight,
    "replays-unfinished-eight": _replays_unfinished_eight,
    "replay-viewer-eight": _viewer_eight,
    "pause-eight": _pause_eight,
    "rules-over-table": _overlay("rules"),
    "rules-scoring-letters": _rules_scoring(4, "greed"),
    "rules-scoring-pips": _rules_scoring(2, "pips"),
    "settings-over-table": _overlay("settings"),
}
SKINS = ("pips", "greed")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_text_fits(make_app: Callable[..., App], recorder: Callable[[App], Recorder], scene: str,
                         size: str) -> None:
    # The tables with eight seats are drawn in both skins, the rest in the skin each scene chooses.
    skins = SKINS if "eight" in scene else ("auto",)
    for skin in skins:
        app = make_app(size=SIZES[size], skin=skin)
        random.seed(1)
        drive = Driver(app)
        SCENES[scene](app, drive)
        drive.frames(2)
        rec = recorder(app)
        render(app, rec)
        assert len(rec.texts) >= 3, "nothing was recorded: the check would pass blindly"
        found = problems(app, rec)
        assert not found, f"{scene} at {SIZES[size]} ({skin}):\n" + "\n".join(found[:20])


def test_the_check_sees_overflow_and_overlap(make_app: Callable[..., App],
                                             recorder: Callable[[App], Recorder]) -> None:
    app = make_app(size=SMALL)
    rec = recorder(app)
    canvas = app.canvas
    canvas.box(pygame.Rect(100, 100, 120, 40), (40, 40, 40))
    canvas.text("a sentence far too long for its little box", (110, 110), 16)
    canvas.text("one", (400, 400), 16)
    canvas.text("two", (405, 402), 16)
    canvas.text("cut off", (1270, 300), 16)
    canvas.box(pygame.Rect(100, 200, 120, 40), (40, 40, 40))
    canvas.text("a sentence shortened to fit", (110, 210), 16, max_width=100)
    found = problems(app, rec)
    assert any("far too long" in f and "box" in f for f in found)
    assert any("'one' meets 'two'" in f for f in found)
    assert any("'cut off' leaves" in f for f in found)
    assert not any("…" in f for f in found), found  # the shortened text is the only one with an ellipsis


def test_a_paragraph_too_long_for_its_box_ends_in_an_ellipsis(make_app: Callable[..., App],
                                                             recorder: Callable[[App], Recorder]) -> None:
    app = make_app(size=SMALL)
    rec = recorder(app)
    used = app.canvas.paragraph("word " * 200, pygame.Rect(100, 100, 300, 60), 16)
    shown = [d.text for d in rec.texts]
    assert len(shown) == 2 and used <= 60
    assert shown[-1].endswith("…") and not shown[0].endswith("…")


@pytest.mark.parametrize("scene", ["setup-eight", "table-eight-carryover"])
def test_a_window_below_the_minimum_keeps_every_text_in_place(make_app: Callable[..., App],
                                                              recorder: Callable[[App], Recorder], scene: str) -> None:
    app = make_app(size=(640, 360))
    drive = Driver(app)
    SCENES[scene](app, drive)
    drive.frames(2)
    rec = recorder(app)
    render(app, rec)
    assert rec.texts and rec.window is app.display.small_frame
    assert not problems(app, rec)
