"""The window's parts: the scene stack, the canvas scaling, input mapping, widgets, assets, the loop."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from greed_game.app.canvas import Canvas
from greed_game.app.frame_clock import MAX_FRAME, STEP
from greed_game.app.input import Click, Input, KeyPress, TextInput, translate
from greed_game.app.main import App
from greed_game.app.navigation import Go, Pop, Push, Replace, Target, ToMenu, ToSettings
from greed_game.app.scenes.base import Scene, SceneStack
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import RulesOverlay, SettingsOverlay
from greed_game.app.widgets import Button, FocusGroup, Selector, TextField
from greed_game.cli_args import build_parser
from greed_game.resources import asset_path
from greed_game.storage import Settings, Storage

from .conftest import Driver
from .scenarios import table_at

ROOT = Path(__file__).resolve().parents[2]


class Probe(Scene):
    def __init__(self, name: str, *, opaque: bool = True) -> None:
        self.name = name
        self.opaque = opaque
        self.log: list[str] = []
        self.updates = 0

    def enter(self) -> None:
        self.log.append("enter")

    def resume(self) -> None:
        self.log.append("resume")

    def exit(self) -> None:
        self.log.append("exit")

    def update(self, dt: float) -> None:
        self.updates += 1


def test_scene_stack_push_pop_replace_and_overlays() -> None:
    stack = SceneStack()
    base, overlay, other = Probe("base"), Probe("overlay", opaque=False), Probe("other")
    stack.push(base)
    stack.push(overlay)
    assert stack.top is overlay
    assert stack.visible() == [base, overlay]
    stack.pop()
    assert base.log == ["enter", "resume"] and overlay.log == ["enter", "exit"]
    stack.push(overlay)
    stack.replace(other)
    assert stack.scenes == [other] and base.log[-1] == "exit"


class Leaver(Probe):
    """A scene that says where to go: on a key, and when its timer runs out."""

    def __init__(self, name: str, key: Go, timer: Go) -> None:
        super().__init__(name)
        self.key, self.timer = key, timer

    def handle(self, event: Input) -> Go | None:
        return self.key if isinstance(event, KeyPress) else None

    def update(self, dt: float) -> Go | None:
        self.updates += 1
        return self.timer if self.updates == 2 else None


def test_the_scene_stack_goes_where_the_live_scene_says() -> None:
    built: list[Target] = []
    settings = Probe("settings", opaque=False)

    def build(target: Target) -> Scene:
        built.append(target)
        return settings if isinstance(target, ToSettings) else Probe("menu")

    stack = SceneStack(build)
    base = Leaver("base", Push(ToSettings()), Replace(ToMenu()))
    stack.push(base)
    stack.handle(Click((1, 1)))
    assert stack.scenes == [base], "None: the scene stays"
    stack.handle(KeyPress("s"))
    assert stack.top is settings and built == [ToSettings()]
    stack.go(Pop())
    assert stack.top is base and base.log == ["enter", "resume"]
    stack.update(STEP)
    assert stack.top is base
    stack.update(STEP)
    assert built[-1] == ToMenu() and stack.top is not None and stack.top.name == "menu"
    assert base.log[-1] == "exit"
    with pytest.raises(RuntimeError):
        SceneStack().go(Push(ToSettings()))


def test_canvas_maps_the_logical_stage_onto_any_window() -> None:
    for size, scale in (((1280, 720), 1.0), ((640, 360), 0.5), ((1000, 720), 1000 / 1280)):
        canvas = Canvas(pygame.Surface(size))
        assert canvas.scale == pytest.approx(scale)
        x, y = canvas.to_logical(canvas.pt(640, 360))
        assert abs(x - 640) <= 1 / scale and abs(y - 360) <= 1 / scale
    letterboxed = Canvas(pygame.Surface((1280, 1000)))
    assert letterboxed.stage.y > 0 and letterboxed.stage.height == 720


def test_text_is_rendered_at_the_window_resolution() -> None:
    pygame.font.init()
    big = Canvas(pygame.Surface((2560, 1440)))
    small = Canvas(pygame.Surface((1280, 720)))
    assert big.font(20).get_height() > 1.8 * small.font(20).get_height()
    tiny = Canvas(pygame.Surface((640, 360)))
    assert tiny.font(12).size("Xy")[1] >= Canvas.MIN_TEXT_PX


def test_a_wrapped_line_neither_begins_nor_ends_with_a_separator() -> None:
    """A hint wrapped at 854×480 had read "· win chance 52.7% ·" (helper-35)."""
    pygame.font.init()
    canvas = Canvas(pygame.Surface((1280, 720)))
    text = "≈977 points from here on average · win chance 52.7% · bust chance 31.2% · hold 350"
    for width in range(60, 400, 7):
        lines = canvas.wrap(text, 12, width)
        assert all(not line.startswith("·") and not line.endswith("·") for line in lines), (width, lines)
        assert " ".join(lines).replace(" · ", " ").split() == text.replace(" · ", " ").split(), "no word lost"


def test_text_laid_out_again_follows_the_window_size() -> None:
    pygame.font.init()
    canvas = Canvas(pygame.Surface((1280, 720)))
    words = "A sentence long enough to wrap onto a second line at this width"
    width, lines, cut = canvas.text_width(words, 18), canvas.wrap(words, 18, 300), canvas.fit(words, 18, 200)
    lines.append("changed by the caller")
    assert canvas.wrap(words, 18, 300) == lines[:-1], "what was laid out before comes back unchanged"
    assert len(lines) > 2 and cut.endswith("…") and canvas.text_width(cut, 18) <= 200
    canvas.set_target(pygame.Surface((640, 360)))
    # a smaller window draws with a font of its own size, whose widths differ from the bigger one's scaled
    assert canvas.text_width(words, 18) == canvas.font(18).size(words)[0] / canvas.scale != width
    assert canvas.text_width(canvas.fit(words, 18, 200), 18) <= 200


def test_raw_events_are_mapped_once_to_game_input() -> None:
    def half(pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] * 2.0, pos[1] * 2.0)

    def key(code: int, mod: int = 0) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)

    assert translate(key(pygame.K_KP_ENTER), half) == KeyPress("enter")
    assert translate(key(pygame.K_KP3), half) == KeyPress("3")
    assert translate(key(pygame.K_TAB, pygame.KMOD_LSHIFT), half) == KeyPress("tab", shift=True)
    assert translate(key(pygame.K_F13), half) is None
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)
    assert translate(click, half) == Click((20.0, 40.0), 1)
    assert translate(pygame.event.Event(pygame.TEXTINPUT, text="é"), half) == TextInput("é")


def test_widgets_work_with_keyboard_and_mouse() -> None:
    pressed: list[str] = []
    chosen: list[int] = []
    names: list[str] = []
    button = Button(pygame.Rect(0, 0, 100, 40), "Go", lambda: pressed.append("go"))
    selector = Selector(pygame.Rect(0, 50, 200, 40), "", [(1, "one"), (2, "two"), (3, "three")], 1, chosen.append)
    field = TextField(pygame.Rect(0, 100, 200, 40), "Al", names.append)
    group = FocusGroup([button, selector, field])
    group.handle(KeyPress("enter"))
    group.handle(KeyPress("tab"))
    group.handle(KeyPress("right"))
    group.handle(KeyPress("left"))
    group.handle(KeyPress("left"))
    group.handle(KeyPress("tab"))
    group.handle(TextInput("ex"))
    group.handle(KeyPress("backspace"))
    group.handle(KeyPress("tab", shift=True))
    assert group.focused is selector
    group.handle(Click((190, 70)))
    group.handle(Click((50, 20)))
    assert pressed == ["go", "go"]
    assert chosen == [2, 1, 3, 1]
    assert names == ["Alex", "Ale"]


def test_assets_ship_with_their_licences() -> None:
    for name in ("hit", "thud", "throw", "keep", "bank", "bust", "hot", "void", "ui"):
        assert asset_path("sounds", f"{name}.wav").is_file()
    assert "MIT" in asset_path("sounds", "LICENSE.txt").read_text()
    assert "Bitstream" in asset_path("fonts", "LICENSE.txt").read_text()
    assert asset_path("LICENSES.md").is_file()


def test_sounds_play_for_impacts_louder_for_harder_hits(make_app: Callable[..., App]) -> None:
    from greed_game.rules import FirstPlayer

    from .scenarios import ADA, TESS, table_at

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)])
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.turn.mode != "rolling")
    played = [name for name, _ in app.audio.played]
    assert "throw" in played and ("hit" in played or "thud" in played)
    volumes = [volume for name, volume in app.audio.played if name in ("hit", "thud")]
    assert len(set(volumes)) > 1, "every impact sounded alike: the physics' strengths were lost"


def test_the_loop_steps_at_a_fixed_rate_and_caps_catch_up(app: App) -> None:
    app.show_menu()
    assert app.update(1 / 60) == 2
    assert app.update(5.0) == round(MAX_FRAME / STEP)
    assert app.update(STEP / 3) == 0


def test_f11_switches_to_full_screen_and_back(app: App, drive: Driver) -> None:
    app.show_menu()
    drive.press("f11")
    assert app.settings.fullscreen
    assert app.storage.load_settings().fullscreen
    drive.press("f11")
    assert not app.settings.fullscreen
    assert app.display.window.get_size() == app.display.windowed_size
    # the window lives on: input and frames after the switch back (this once crashed the next frame)
    drive.click((640, 360))
    drive.press("f11", frames=3)
    drive.press("f11", frames=3)
    assert app.display.window.get_size() == app.display.windowed_size


def test_a_resized_window_still_takes_clicks_where_they_land(make_app: Callable[..., App]) -> None:
    app = make_app(size=(854, 480))
    drive = Driver(app)
    app.show_menu()
    drive.frames(1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    settings = next(w for w in menu.focus.widgets if isinstance(w, Button) and w.label == "Settings")
    drive.click(settings.rect.center)
    assert isinstance(app.stack.top, SettingsOverlay)
    drive.press("escape")
    app.display.resize((1600, 900))
    drive.click(next(w for w in menu.focus.widgets if isinstance(w, Button) and w.label == "Rules").rect.center)
    assert isinstance(app.stack.top, RulesOverlay)


def test_page_down_in_the_rules_turns_a_whole_page(app: App, drive: Driver) -> None:
    app.show_menu()
    overlay = RulesOverlay(app, 0)
    app.push(overlay)
    drive.frames(1)
    rows, room = overlay._rows, overlay.body.h

    def shown(first: int) -> int:
        """How many rows from ``first`` fit wholly."""
        used, k = 0.0, first
        while k < len(rows) and used + rows[k].height <= room:
            used, k = used + rows[k].height, k + 1
        return k - first

    page = shown(0)
    drive.press("pagedown")
    assert overlay.first == min(page, overlay._last_first()), "the next page starts at the first row not shown"
    drive.press("pageup")
    assert overlay.first == 0
    drive.press("end")
    end = overlay.first
    drive.press("pagedown")
    assert overlay.first == end


def test_settings_change_and_are_saved_at_once(app: App, drive: Driver) -> None:
    app.show_menu()
    app.push(SettingsOverlay(app))
    drive.frames(1)
    drive.press("right")  # animation speed: instant -> slow (wraps)
    drive.press("down")
    drive.press("left")  # void throws: off -> realistic
    drive.press("down")
    drive.press("enter")  # sound: on -> off
    saved = app.storage.load_settings()
    assert (saved.animation_speed, saved.void_frequency, saved.sound) == ("slow", "realistic", False)
    assert not app.audio.enabled


def test_storage_problems_are_shown_in_the_window(storage: Storage) -> None:
    storage.root.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text("{ not json", encoding="utf-8")
    app = App(storage=storage, clock="virtual", seed=1)
    try:
        app.show_menu()
        app.frame()
        assert app.toasts and "settings" in app.toasts[0].text.lower()
        app.draw()
    finally:
        app.close()
    assert isinstance(app.settings, Settings)


def test_cli_takes_smoke_and_screenshots_options() -> None:
    args = build_parser().parse_args(["--smoke", "--screenshots", "shots"])
    assert args.smoke and args.screenshots == "shots"
    assert getattr(args, "command", None) is None


def test_smoke_run_from_the_command_line(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    # its own cache: tests running beside it never share the user's
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "GREED_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-m", "greed_game", "--smoke", "--screenshots", str(shots)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    names = {p.name for p in shots.iterdir()}
    assert {"menu.png", "scoreboard.png", "setup.png", "table.png"} <= names
    # Learn to play, played first: the choice, then every card of the lesson (its first rules pass the dice on)
    ideas = ("welcome", "keep", "bank", "pass", "void", "several", "hot", "bust", "real")
    assert {"tutorial-00-choice.png", *(f"tutorial-{i:02d}-{idea}.png" for i, idea in enumerate(ideas, 1))} <= names
    assert all(n.startswith("tutorial-") for n in names - {"menu.png", "scoreboard.png", "setup.png", "table.png"})


def test_a_smoke_run_that_does_not_finish_says_where_the_table_stood(capsys: pytest.CaptureFixture[str]) -> None:
    from greed_game.app.smoke import smoke_run

    assert smoke_run(None, max_frames=40) == 1
    said = capsys.readouterr().err
    assert "did not finish a game" in said
    assert "missing: scoreboard" in said
    assert "the table stood at: mode " in said and "last events: " in said


def test_the_rails_inner_walls_stand_as_high_as_the_physics_rails_seen_from_the_camera() -> None:
    from greed_game.app.scenes.felt import CAMERA
    from greed_game.app.scenes.table_parts import FELT, draw_table_background, rail_walls
    from greed_game.physics import TABLE

    left, top, right, bottom = rail_walls()
    # each wall's top edge is where the camera sees the rail's top, its foot the felt's edge
    for (x, y), corner in ((right[2], (1, -1)), (top[1], (-1, 1)), (bottom[2], (1, -1))):
        sx, sy = CAMERA.to_screen(corner[0] * TABLE.half_width, corner[1] * TABLE.half_depth, TABLE.rail_height)
        assert (x, y) == pytest.approx((sx, sy), abs=0.01)
    assert right[0] == FELT.topright and left[3] == FELT.bottomleft
    window = pygame.Surface((1280, 720))
    canvas = Canvas(window)
    draw_table_background(canvas)
    lum = [sum(window.get_at((round(x), round(y)))[:3]) for x, y in
           ((FELT.left - 3, FELT.centery), (FELT.centerx, FELT.top - 2), (FELT.right + 3, FELT.centery),
            (FELT.centerx, FELT.bottom + 2), (FELT.right + 20, FELT.centery))]
    wall_left, wall_top, wall_right, wall_bottom, rail_top = lum
    # lit from the upper left: the walls facing away from the light are darker, and every wall is below the top
    assert wall_left < wall_right and wall_top < wall_bottom
    assert max(wall_left, wall_top, wall_right, wall_bottom) < rail_top


def test_the_rails_show_a_wood_grain_and_the_backdrop_past_their_rounded_corners_is_left_alone() -> None:
    from greed_game.app.scenes.table_parts import RAILS, draw_table_background

    window = pygame.Surface((1280, 720))
    draw_table_background(Canvas(window))
    # along the middle of the right rail's top and across the top rail's: streaks, not one flat brown
    x = RAILS.right - 4
    down = [window.get_at((x, y))[0] for y in range(RAILS.centery - 100, RAILS.centery + 100)]
    y = RAILS.top + 3
    across = [window.get_at((x, y))[0] for x in range(RAILS.centerx - 100, RAILS.centerx + 100)]
    for shades in (down, across):
        assert max(shades) - min(shades) >= 12, shades
    # (a corner's outside is the backdrop's felt, not darkened into a square)
    corner = window.get_at((RAILS.left + 1, RAILS.top + 1))[:3]
    assert corner[1] > corner[0], f"the backdrop's green is brown at the rails' rounded corner: {corner}"


def test_kept_dice_never_lie_one_over_another_in_the_tray_however_many_hot_dice_came() -> None:
    from greed_game.app.scenes.table_parts import TRAY, TRAY_DIE, tray_places

    assert tray_places([0, 0, 0, 1])[1] == TRAY_DIE  # an everyday turn: full size
    for groups in ([0, 0, 0, 1, 1, 2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7, 8],  # 17 dice after two hot dice
                   list(range(24)),  # a long turn of single dice
                   [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6):
        places, size = tray_places(groups)
        assert size >= (18 if len(groups) < 24 else 16), "too small to read"
        assert all(b - a >= size + 2 for a, b in pairwise(places)), groups
        assert places[-1] + size / 2 < TRAY.right - 200, "under the turn box"


def test_in_a_menu_the_gold_goes_with_the_keyboard_focus(app: App) -> None:
    from greed_game.app.widgets import Button, FocusGroup

    seen: list[tuple[str, bool]] = []

    class Seen(Button):
        def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
            seen.append((self.label, self.primary))

    buttons = [Seen(pygame.Rect(0, 40 * i, 100, 36), label, lambda: None, primary=i == 0)
               for i, label in enumerate(("Resume", "Rules", "Settings"))]
    group = FocusGroup(buttons, menu=True)
    group.draw(app.canvas)
    assert [p for _, p in seen] == [True, False, False]  # the mouse's menu: the first is the one to take
    group.handle(KeyPress("down"))
    group.handle(KeyPress("down"))
    seen.clear()
    group.draw(app.canvas)
    assert seen == [("Resume", False), ("Rules", False), ("Settings", True)], "two buttons looked chosen"
    assert buttons[0].primary, "the button keeps its own look for the mouse"


def test_esc_on_the_main_menu_goes_to_quit_before_it_quits(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from greed_game.app.scenes import menu as menu_module
    from greed_game.app.scenes.menu import MenuScene

    said: list[str] = []
    monkeypatch.setattr(menu_module, "draw_keys_help", lambda canvas, text: said.append(text))
    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.handle(KeyPress("escape"))
    focused = menu.focus.focused
    assert app.running and focused is not None and getattr(focused, "label", "") == "Quit", "a stray Esc quit"
    menu.draw(app.canvas)
    assert said[-1].startswith("Esc again or Enter: quit"), "nothing said a second Esc quits"
    menu.handle(KeyPress("escape"))
    assert not app.running


def test_a_long_line_under_a_button_is_made_smaller_before_it_is_cut(app: App) -> None:
    from greed_game.app.widgets import Button

    canvas = app.canvas
    hint = "Pass the Dice: Annabel 11,700  ·  Penny 16,750 — your turn"
    button = Button(pygame.Rect(0, 0, 340, 48), "Continue", lambda: None, hint=hint, primary=True)
    sizes: list[float] = []
    real = canvas.text

    def text(words: str, at: tuple[float, float], size: float, *args: object, **kw: object) -> object:
        if words == hint:
            sizes.append(size)
        return real(words, at, size, *args, **kw)  # type: ignore[arg-type]

    canvas.text = text  # type: ignore[method-assign]
    button.draw(canvas, focused=False, hovered=False)
    assert canvas.text_width(hint, 12) > 340 - 12, "the line is long enough to need it"
    assert sizes and sizes[0] < 12 and canvas.text_width(hint, sizes[0]) <= 340 - 12


def test_continue_s_line_fits_under_its_button_in_a_small_window(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.menu import CONTINUE_W, MenuScene
    from greed_game.app.widgets import Button
    from greed_game.rules import Bank, FirstPlayer, Keep, Player, Roll

    app = make_app(size=(854, 480))  # (a small window draws text relatively larger)
    table = table_at(app, "pass-the-dice", [Player("You"), Player("Penny", "cautious")],
                     [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()])
    table.turn.recorder.save()
    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    line = next(w.hint for w in menu.focus.widgets if isinstance(w, Button) and w.label == "Continue")
    assert line and "1,050" in line
    assert app.canvas.text_width(line, 11) <= CONTINUE_W - 12, "the line is cut with an ellipsis"


def test_continue_s_line_is_fitted_again_when_the_window_shrinks(make_app: Callable[..., App]) -> None:
    """Made for a larger window, the line was cut in the small one: "— your t…" (helper-29)."""
    from greed_game.app.scenes.menu import CONTINUE_W, MenuScene
    from greed_game.app.widgets import Button
    from greed_game.rules import Bank, FirstPlayer, Keep, Player, Roll

    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [Player("You"), Player("Penny", "cautious")],
                     [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()])
    table.turn.recorder.save()
    app.show_menu()
    drive.frames(1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    button = next(w for w in menu.focus.widgets if isinstance(w, Button) and w.label == "Continue")
    assert button.hint.startswith("Pass the Dice"), "the rules' name fits in a large window"
    app.display.resize((854, 480))
    drive.frames(2)
    assert app.canvas.text_width(button.hint, 11) <= CONTINUE_W - 12, "the line is cut with an ellipsis"
    assert "1,050" in button.hint


def test_a_banner_card_hides_a_die_passing_under_it() -> None:
    """A die under a card had shown through it, across its words (helper-28)."""
    from greed_game.app.scenes.table_parts import banner_card, draw_banner
    from greed_game.narrator import Said as Words

    pygame.font.init()
    canvas = Canvas(pygame.Surface((1280, 720)))
    said = Words("Bust!", "No scoring dice", "bad")
    card = banner_card(canvas, said)
    canvas.surface.fill((250, 250, 245))  # an ivory die filling the card
    draw_banner(canvas, said, 5.0, card)
    inside = canvas.surface.get_at((card.x + 12, card.centery))
    assert max(inside.r, inside.g, inside.b) < 40, "the card is all but opaque"
