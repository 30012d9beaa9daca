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
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import PauseOverlay, ReplaceGameOverlay, RulesOverlay, SettingsOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.replay_viewer import ReplayScene
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.statistics import StatisticsScene
from greed_game.app.scenes.table import TableScene
from greed_game.app.scenes.table_parts import ACTIONS, FELT, SIDE
from greed_game.i18n import _, available, current
from greed_game.narrator import CHARACTERS
from greed_game.play.setup import GameSetup
from greed_game.rules import Bank, Event, FirstPlayer, Game, Keep, Player, Roll, record_of

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
"""Pixels of ink a text may pass a clip or the window by (anti-aliasing)."""
MARGIN = 1
"""Pixels of its box a text's ink must keep clear of: ink touching a box's edge reads as cut."""


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
        elif d.box is not None and not d.box.inflate(-2 * MARGIN, -2 * MARGIN).contains(d.ink):
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


def _speech_eight(seat: int) -> Callable[[App, Driver], None]:
    """The table of eight with a computer seat saying the longest line any character has (a bank of 12,350)."""

    def scene(app: App, drive: Driver) -> None:
        table = table_at(app, "pass-the-dice", EIGHT, CARRY)
        drive.frames(1)
        longest = max((line.format(points="12,350") for c in CHARACTERS.values() for lines in c.lines.values()
                       for line in lines), key=len)
        table.turn.notices.speak(seat, longest, 2.0)
        table.turn.refresh()

    return scene


CARRY: list[Event] = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
GREED: list[Event] = [FirstPlayer(0), Roll((6, 6, 6, 2, 3, 4)), Keep((6, 6, 6)), Bank()]


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
        for _k in range(5):
            drive.press("down")

    return scene


def _roll_off_eight(app: App, drive: Driver) -> None:
    app.settings.animation_speed = "normal"  # the banner stays up while the table is drawn
    scene = TableScene.new(app, GameSetup("pass-the-dice", list(EIGHT)))
    app.stack.replace(scene)
    # the roll-off's dice are thrown first (the person's with Space); once they rest, the banner says who starts
    drive.until(lambda: scene.turn.mode == "roll-off")
    drive.press("space")
    drive.until(lambda: scene.snap.banner is not None)
    drive.frames(2)
    assert scene.snap.banner is not None and scene.snap.banner.said.sub.startswith(_("Roll-off: {results}")[:6])


LONGEST = "W" * 24
"""A name of 24 characters as wide as any: nothing shortens it but an ellipsis."""


def _take_banner_eight(app: App, drive: Driver) -> None:
    players = [EIGHT[0], Player(LONGEST, "human"), *EIGHT[2:]]
    app.settings.animation_speed = "normal"
    table_at(app, "pass-the-dice", players, CARRY)
    drive.frames(1)
    drive.press("t")
    drive.frames(2)


def _hint_eight(app: App, drive: Driver) -> None:
    _menu_continue_eight(app, drive)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.go(menu._continue())
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _k in range(40):  # a person throws (and moves on from a bust) until there are dice to keep
        drive.until(lambda: table.human_turn or table.snap.acknowledging, 20000)
        if table.snap.may_select:
            break
        drive.press("space")
        drive.frames(2)
    assert table.snap.may_select
    drive.press("h")
    drive.frames(2)
    assert table.snap.hint and table.snap.log


def _status_eight(app: App, drive: Driver) -> None:
    # A shared screen (seats 0 and 5 are people): the prompt names the long name, the second line a refusal.
    table = table_at(app, "official", EIGHT, [FirstPlayer(0), Roll((5, 2, 3, 3, 4))])
    drive.frames(1)
    table.toggle(next(d for d in table.dice if d.value == 5))
    drive.frames(1)
    refusal = _("No bank under {need} own points: you have {have}").split("{")[0]
    assert table.snap.addressee == 0 and table.snap.status[1][0].startswith(refusal)


def _viewer_long_event(app: App, drive: Driver) -> None:
    _viewer_eight(app, drive)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    viewer.seek(max(range(len(viewer.captions)), key=lambda k: len(viewer.captions[k])))


def _learn(offer: bool) -> Callable[[App, Driver], None]:
    def scene(app: App, drive: Driver) -> None:
        from greed_game.app.scenes.learn import LearnScene
        from greed_game.narrator.rules_text import description

        app.show_menu()
        learn = LearnScene(app, offer=offer)
        app.push(learn)
        learn.choose(max(range(len(learn.rules)), key=lambda i: len(description(learn.rules[i]))))

    return scene


def _lesson(rules: str, keeps: int) -> Callable[[App, Driver], None]:
    """Learn to play at the table, ``keeps`` of the newcomer's keeps made: the card of that step on show."""
    def scene(app: App, drive: Driver) -> None:
        from greed_game.play.moments import ThrowDice, ToggleDie

        table = TableScene.new(app, GameSetup(rules, [Player(_("You")), Player("Ada", "expert")]), lesson=True)
        app.stack.replace(table)
        drive.frames(1)
        lesson = table.turn.lesson
        assert lesson is not None
        table.send(ThrowDice())
        drive.until(lambda: table.human_turn)
        for _k in range(keeps):
            move = lesson.next_move
            assert move is not None and move.kind == "keep"
            for die in table.turn.selection.ids_of(move.dice):
                table.send(ToggleDie(die))
            table.send(ThrowDice())
            drive.until(lambda: table.human_turn)
        drive.press("h")  # the hint open beside the card and the log: the side panel at its fullest

    return scene


def _final_round_behind(app: App, drive: Driver) -> None:
    # One more turn each: the seat to play is behind, and the top bar says what wins.
    players = [Player(NAMES[0], "human"), Player(NAMES[1], "human")]
    table = table_at(app, "classic-five", players, [Roll((1, 1, 1, 2, 3)), Keep((1, 1, 1)), Bank()],
                     overrides={"target": 400})
    beat = _("Beat {score} to win ({score} ties)").split("{")[0]
    assert any(text.startswith(beat) for text, _tone in table.snap.chips)


SCENES: dict[str, Callable[[App, Driver], None]] = {
    "learn": _learn(False),
    "table-final-round-behind": _final_round_behind,
    "lesson-keep": _lesson("official", 0),
    "lesson-bank-letters": _lesson("dollar-greed", 1),
    "learn-offer": _learn(True),
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
    "replay-viewer-eight-long-event": _viewer_long_event,
    "table-eight-roll-off": _roll_off_eight,
    "table-eight-take-banner": _take_banner_eight,
    "table-eight-hint": _hint_eight,
    "table-eight-status": _status_eight,
    "table-eight-speech": _speech_eight(1),
    "table-eight-speech-last": _speech_eight(7),
    "pause-eight": _pause_eight,
    "rules-over-table": _overlay("rules"),
    "rules-scoring-letters": _rules_scoring(4, "greed"),
    "rules-scoring-pips": _rules_scoring(2, "pips"),
    "settings-over-table": _overlay("settings"),
}
SKINS = ("pips", "greed")


def _fits(make_app: Callable[..., App], recorder: Callable[[App], Recorder], scene: str, size: tuple[int, int],
          where: str, language: str = "en") -> None:
    """Draw ``scene`` and assert every text fits; the tables with eight seats in both skins, the rest in the skin
    each scene chooses."""
    for skin in SKINS if "eight" in scene else ("auto",):
        app = make_app(size=size, skin=skin)
        assert current().code == language
        random.seed(1)
        drive = Driver(app)
        SCENES[scene](app, drive)
        drive.frames(2)
        rec = recorder(app)
        render(app, rec)
        assert len(rec.texts) >= 3, "nothing was recorded: the check would pass blindly"
        found = problems(app, rec)
        assert not found, f"{scene} {where} ({skin}):\n" + "\n".join(found[:20])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_text_fits(make_app: Callable[..., App], recorder: Callable[[App], Recorder], scene: str,
                         size: str) -> None:
    _fits(make_app, recorder, scene, SIZES[size], f"at {SIZES[size]}")


LANGUAGES = [code for code in available() if code != "en"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_text_fits_in_each_language(make_app: Callable[..., App], recorder: Callable[[App], Recorder],
                                          monkeypatch: pytest.MonkeyPatch, scene: str, language: str) -> None:
    # At the smallest window: German is usually the longest, French and Dutch not far behind.
    monkeypatch.setenv("GREED_LANG", language)
    _fits(make_app, recorder, scene, SMALL, f"in {language}", language)


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


# -- words whole: shortened names are the only thing an ellipsis may take --------------------------------


def _drawn(app: App, scene: str, size: str, recorder: Callable[[App], Recorder]) -> tuple[App, Recorder]:
    drive = Driver(app)
    SCENES[scene](app, drive)
    drive.frames(1)
    rec = recorder(app)
    render(app, rec)
    assert not problems(app, rec), f"{scene} at {size}:\n" + "\n".join(problems(app, rec)[:10])
    return app, rec


def _words(app: App, rec: Recorder, region: pygame.Rect) -> list[Drawn]:
    """The texts drawn in a logical region of the top scene, in the order drawn."""
    area = app.canvas.rect(region)
    return [d for d in rec.texts if d.layer == rec.layer and area.collidepoint(d.ink.center)]


def _plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _whole(text: str, drawn: list[Drawn]) -> bool:
    """Whether ``text`` was drawn word for word, perhaps wrapped over several lines."""
    return _plain(text) in _plain(" ".join(d.text for d in drawn))


def _table(app: App) -> TableScene:
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize("size", list(SIZES))
def test_the_roll_off_lists_every_seat_and_a_banner_keeps_its_verb(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str) -> None:
    app, rec = _drawn(make_app(size=SIZES[size]), "table-eight-roll-off", size, recorder)
    banner = _table(app).snap.banner
    assert banner is not None
    felt = _words(app, rec, FELT)
    assert _whole(banner.said.sub, felt) and all(_whole(f"{name} ", felt) for name in NAMES)
    assert not any("…" in d.text for d in felt)
    app, rec = _drawn(make_app(size=SIZES[size]), "table-eight-take-banner", size, recorder)
    banner = _table(app).snap.banner
    assert banner is not None and banner.said.title == f"{LONGEST} takes the dice"
    title = next(d.text for d in _words(app, rec, FELT) if d.text.endswith("takes the dice"))
    assert title.startswith("WWW") and "…" in title  # the name is shortened, never the action


@pytest.mark.parametrize("size", list(SIZES))
def test_the_hint_opens_beside_the_log_and_log_lines_wrap_whole(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str) -> None:
    app, rec = _drawn(make_app(size=SIZES[size]), "table-eight-hint", size, recorder)
    snap = _table(app).snap
    side = _words(app, rec, SIDE)
    texts = [d.text for d in side]
    assert "HINT" in texts and "LOG" in texts and texts.index("HINT") < texts.index("LOG")
    below = [d for d in side if d.ink.top >= next(d.ink.bottom for d in side if d.text == "LOG")]
    assert below and _whole(snap.log[-1][1].text, below)
    assert not any("…" in d.text for d in below), "a log line wraps rather than end in an ellipsis"
    assert snap.hint is not None and _whole(snap.hint[0].text, side)


@pytest.mark.parametrize("size", list(SIZES))
def test_seat_notes_wrap_whole(make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str) -> None:
    import dataclasses

    from greed_game.app.scenes.table_sections import SideSection

    app, rec = _drawn(make_app(size=SIZES[size]), "table-eight-carryover", size, recorder)
    snap = _table(app).snap
    # The longest note a seat can have: master standing in for an optimal seat that is not on the board yet.
    long = snap.words.seats.seat_note("optimal", False, standin=0.45)
    rec.texts.clear()
    SideSection().draw(app.canvas, dataclasses.replace(snap, seat_notes=(long,) * len(EIGHT)))
    assert not problems(app, rec)
    notes = [d for d in rec.texts if not any(d.text.rstrip("…").rstrip(".") in name for name in NAMES)]
    # (a separator where a note wraps is the line break)
    unseparated = _plain(" ".join(d.text for d in notes).replace("·", " "))
    assert unseparated.count(_plain(long.replace("·", " "))) == len(EIGHT)
    assert not any("…" in d.text for d in notes)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_status_stays_within_two_lines_and_keeps_its_words(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str) -> None:
    app, rec = _drawn(make_app(size=SIZES[size]), "table-eight-status", size, recorder)
    snap = _table(app).snap
    status = [d for d in _words(app, rec, ACTIONS) if d.ink.right <= app.canvas.pt(ACTIONS.right - 454, 0)[0]]
    assert len({d.ink.top for d in status}) <= 2
    assert _whole(snap.status[0][0], status) and _whole(snap.status[1][0], status)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_replay_lists_the_current_event_whole(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str) -> None:
    app, rec = _drawn(make_app(size=SIZES[size]), "replay-viewer-eight-long-event", size, recorder)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    caption = viewer.captions[viewer.position]
    # Whole in the list where the panel holds it, else in the detail box across the foot of the felt.
    assert len(caption) > 60 and (_whole(caption, _words(app, rec, SIDE)) or _whole(caption, _words(app, rec, FELT)))
    line = viewer.events.rows[[k for k, _, _ in viewer.events.rows].index(viewer.position)]
    assert viewer.events.line_at((SIDE.centerx, line[1] + line[2] - 4), viewer.position,
                                 len(viewer.captions)) == viewer.position  # a click on its last line goes there


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("skin", SKINS)
def test_a_character_s_line_is_drawn_whole_beside_its_row(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], size: str, skin: str) -> None:
    for scene in ("table-eight-speech", "table-eight-speech-last"):
        app, rec = _drawn(make_app(size=SIZES[size], skin=skin), scene, size, recorder)
        speech = _table(app).snap.speech
        assert speech is not None and EIGHT[speech.seat].kind != "human"
        side = _words(app, rec, SIDE)
        assert _whole(speech.text, side) and not any("…" in d.text for d in side if d.text in speech.text)
        assert not _words(app, rec, FELT) or all(speech.text not in d.text for d in _words(app, rec, FELT))
        texts = [d.text for d in side]
        assert "LOG" in texts, "the log keeps its place under the rows"
        # the speaker's note still shows, over the bubble (in its place, it had hidden "cautious computer · not on
        # board", helper-40)
        note = _table(app).snap.seat_notes[speech.seat]
        assert _whole(note, side)


def _labels(scene: str) -> list[str]:
    """The labels of ``scene`` that must never lose a letter, in the language in force."""
    from greed_game.narrator.seats import level_name

    return {
        "setup-eight": [_("+ Add player"), _("Computer: {level}").format(level=level_name("cautious"))],
        "replay-viewer-eight": [_("◀ Back"), _("Play"), _("Next ▶")],
        "scoreboard-eight": [_("Bust: turns lost · Avg: points/turn · Best: top turn")],
        "table-carryover": [_("Take")],
    }[scene]


@pytest.mark.parametrize("language", available())
@pytest.mark.parametrize("scene", ["setup-eight", "replay-viewer-eight", "scoreboard-eight", "table-carryover"])
def test_buttons_selectors_and_legends_keep_every_letter_in_each_language(
        make_app: Callable[..., App], recorder: Callable[[App], Recorder], monkeypatch: pytest.MonkeyPatch,
        scene: str, language: str) -> None:
    # An ellipsis may shorten a name or a path; a button's word or a legend cut short says nothing.
    monkeypatch.setenv("GREED_LANG", language)
    _app, rec = _drawn(make_app(size=SMALL), scene, "854x480", recorder)
    drawn = [d.text for d in rec.texts]
    missing = [label for label in _labels(scene) if _plain(label) not in map(_plain, drawn)]
    assert not missing, f"cut in {language}: {missing}; drawn: {[t for t in drawn if '…' in t]}"


def test_a_void_throw_s_status_line_keeps_its_reason_whole_in_a_small_window(make_app: Callable[..., App]) -> None:
    """"Space: throw 6 dice · A die is cocked against the rail" had been cut after "agains" at 854×480
    (helper-46): the line says why shortly, the banner said it whole."""
    app = make_app(size=SMALL)
    table = table_at(app, "pass-the-dice", [Player("Tess"), Player("Bo")], [FirstPlayer(0)])
    words = table.snap.words
    x = ACTIONS.x + 8
    width = ACTIONS.right - 454 - x - 12
    keys = words.prompts.throw_prompt(6)
    for reason, against, count in (("leaning", "rail", 1), ("leaning", "die", 1), ("leaning", None, 2),
                                   ("off-felt", "rail", 1), ("off-felt", "rail", 2), ("off-felt", "over", 2),
                                   ("off-felt", "floor", 1)):
        line = f"{keys}  ·  {words.events.void_reason(reason, against, count, short=True)}"
        assert app.canvas.text_width(line, 15, "bold") <= width, line
