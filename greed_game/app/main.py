"""The game window: the loop, the window itself and the scene stack.

The loop updates the live scene with a fixed time step (an accumulator with a
catch-up cap) and renders once a frame, 60 frames a second. ``run()`` is what
``greed-game`` with no arguments calls; ``run(smoke=True)`` plays a whole game
of computer players at top speed and checks every scene on the way.
"""

from __future__ import annotations

import math
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import pygame

from greed_game.app import routes, theme
from greed_game.app.audio import Audio
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W, Canvas
from greed_game.app.input import Click, KeyPress, translate
from greed_game.app.navigation import Go, Pop, Replace, ToMenu, ToNewGame, ToSavedGame
from greed_game.app.scenes.base import Scene, SceneStack
from greed_game.app.scenes.menu import MenuScene, SetupScene
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.table import TableScene
from greed_game.play.autosave import Autosaver
from greed_game.solutions import Solutions
from greed_game.storage import Settings, Storage

if TYPE_CHECKING:
    from greed_game.play.setup import GameSetup
    from greed_game.rules import Record
    from greed_game.storage import Resumed

FPS = 60
STEP = 1 / 120
"""The fixed update step, seconds."""
MAX_FRAME = 0.1
MAX_IDLE = 0.5
"""The longest the window sleeps waiting for input before it looks again (signals, finished saves)."""
"""Catch-up cap: a frame never advances the game by more than this (after a stall)."""
FIRST_FRAME_ENV = "GREED_EXIT_AFTER_FIRST_FRAME"
"""When set, the window closes right after its first frame (start-up benchmark)."""
MIN_SIZE = (640, 360)
"""The smallest window opened."""
MIN_STAGE = (854, 480)
"""The smallest size the stage is drawn at: in a smaller window the frame is drawn at this size and scaled down
whole (letterboxed), instead of every text shrinking to the font's minimum and out of its box."""
TOAST_W = 860
TOAST_LINES = 4
"""A message at the top of the window wraps onto at most this many lines."""

ClockKind = Literal["real", "virtual"]


@dataclass
class Toast:
    """A message shown at the top of the window for a while (file problems, notices)."""

    text: str
    ttl: float = 9.0
    warning: bool = True


@dataclass
class Frame:
    """What happened in one frame (for tests and the smoke run)."""

    number: int
    updates: int
    scene: str


class App:
    """The window, the loop and the scenes."""

    def __init__(
        self,
        *,
        storage: Storage | None = None,
        settings: Settings | None = None,
        size: tuple[int, int] = (LOGICAL_W, LOGICAL_H),
        clock: ClockKind = "real",
        seed: int | None = None,
        sound: bool | None = None,
        fit_desktop: bool = False,
        solutions: Solutions | None = None,
    ) -> None:
        self.storage = storage if storage is not None else Storage()
        self.solutions = solutions if solutions is not None else Solutions.for_program()
        """Every solved table the window's players, hints and reviews read: handed in where the program starts
        (None: the program's own is built here, for tests and tools)."""
        self.storage.check_folder()
        self.settings = settings if settings is not None else self.storage.load_settings()
        self.rng = random.Random(seed)
        self.seeded = seed is not None
        self.virtual = clock == "virtual"
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Greed")
        from greed_game.app.skins import face_image

        pygame.display.set_icon(face_image("pips", 5, 64))
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if fit_desktop:
            self.windowed_size = _fit_desktop(self.windowed_size)
        self.window = self._open_window(self.settings.fullscreen)
        self.small_frame: pygame.Surface | None = None
        """The frame drawn at MIN_STAGE, then scaled into a window smaller than that (None: drawn directly)."""
        self.canvas = Canvas(self.window)
        self._retarget()
        self.stack = SceneStack(partial(routes.build, self))
        self.audio = Audio(enabled=self.settings.sound if sound is None else sound)
        self.autosaver = Autosaver(self.storage)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.time = 0.0
        """Game time in seconds (advances by fixed steps)."""
        self.accumulator = 0.0
        self.last_dt = 0.0
        """Real seconds the last frame took (the next frame advances the game by that much)."""
        self.toasts: list[Toast] = []
        self.no_sound_device = False
        """Sound is on but no device could be opened (the menu says so)."""
        self.pending: list[pygame.event.Event] = []
        """An event that woke the window from an idle wait, handled with the next frame's."""
        self.last_wait = 0.0
        """Seconds the last frame spent waiting for its turn (the rest was the program's own work)."""
        self.slept = False
        """Whether the last frame was followed by an idle wait (the next one may advance time in one go)."""
        self.after_frame: list[Callable[[App, Frame], None]] = []
        """Called after every frame (the smoke run's autopilot, tests)."""
        self.exit_after_first_frame = bool(os.environ.get(FIRST_FRAME_ENV))
        self._sdl_window: Any = None
        """A handle on the window, made only if leaving the full screen needs one (see ``_leave_fullscreen``)."""
        pygame.key.start_text_input()

    # -- window -------------------------------------------------------------------

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a window and the full screen (F11), and remember it."""
        if not on and not self.settings.fullscreen:
            return
        if on and not self.settings.fullscreen:
            self.windowed_size = self.window.get_size()
        self.settings.fullscreen = on
        self.window = self._open_window(True) if on else self._leave_fullscreen()
        self._retarget()
        self.storage.save_settings(self.settings)

    def _leave_fullscreen(self) -> pygame.Surface:
        """Back to a window of the size it had.

        Some video drivers keep the full-screen size through one ``set_mode``;
        a plain window first, then a resizable one, brings the size back. Only
        if that fails is the window itself asked, through a handle that is kept
        as long as the display lives: freeing that handle would destroy the
        window under the display module.
        """
        size = self.windowed_size
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if pygame.display.get_window_size() != size:
            pygame.display.set_mode(size)
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if pygame.display.get_window_size() != size:
            try:
                from pygame._sdl2.video import Window

                if self._sdl_window is None:
                    self._sdl_window = Window.from_display_module()
                self._sdl_window.set_windowed()
                self._sdl_window.size = size
                surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            except (ImportError, AttributeError, pygame.error):
                pass
        return surface

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` (tests and screenshots at several sizes)."""
        self.windowed_size = size
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._retarget()

    def _window_changed(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
            self._retarget()
            if not self.settings.fullscreen:
                self.windowed_size = surface.get_size()

    def _retarget(self) -> None:
        """Point the canvas at the window, or at a frame of MIN_STAGE when the window is smaller than that."""
        w, h = self.window.get_size()
        if min(w / LOGICAL_W, h / LOGICAL_H) >= min(MIN_STAGE[0] / LOGICAL_W, MIN_STAGE[1] / LOGICAL_H) - 1e-9:
            self.small_frame = None
            self.canvas.set_target(self.window)
            return
        if self.small_frame is None:
            self.small_frame = pygame.Surface(MIN_STAGE).convert()
        self.canvas.set_target(self.small_frame)

    def _small_frame_rect(self) -> pygame.Rect:
        """Where the scaled-down frame goes in the window: as large as fits, same shape, centred."""
        w, h = self.window.get_size()
        k = min(w / MIN_STAGE[0], h / MIN_STAGE[1])
        r = pygame.Rect(0, 0, max(1, round(MIN_STAGE[0] * k)), max(1, round(MIN_STAGE[1] * k)))
        r.center = (w // 2, h // 2)
        return r

    def to_window(self, x: float, y: float) -> tuple[int, int]:
        """Where a logical point shows in the window (through the scaled-down frame in a small window)."""
        px, py = self.canvas.pt(x, y)
        if self.small_frame is None:
            return (px, py)
        r = self._small_frame_rect()
        return (round(r.x + px * r.w / MIN_STAGE[0]), round(r.y + py * r.h / MIN_STAGE[1]))

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A window position on the logical stage (through the scaled-down frame in a small window)."""
        if self.small_frame is not None:
            r = self._small_frame_rect()
            pos = ((pos[0] - r.x) * MIN_STAGE[0] / r.w, (pos[1] - r.y) * MIN_STAGE[1] / r.h)
        return self.canvas.to_logical(pos)

    # -- scenes -------------------------------------------------------------------

    def go(self, where: Go | None) -> None:
        """Go where a scene's action says (the scenes' input and timers go through the stack itself)."""
        self.stack.go(where)

    def show_menu(self) -> None:
        """The main menu (replaces everything)."""
        self.go(Replace(ToMenu()))

    def start_game(self, setup: GameSetup) -> None:
        """A new game at the table."""
        self.go(Replace(ToNewGame(setup)))

    def saved_game(self) -> Resumed | None:
        """The autosaved game to continue; None (with the reason shown) when there is none."""
        self.autosaver.flush()
        resumed = self.storage.resume_game()
        problems = self.show_problems()
        if resumed is None and not problems:
            self.toast("There is no unfinished game to continue.", warning=False)
        return resumed

    def continue_game(self) -> bool:
        """Resume the autosaved game; False (with the reason shown) when there is none."""
        resumed = self.saved_game()
        if resumed is None:
            return False
        self.go(Replace(ToSavedGame(resumed)))
        return True

    def push(self, scene: Scene) -> None:
        """Open an overlay or sub-screen."""
        self.stack.push(scene)

    def pop(self) -> None:
        """Close the top overlay."""
        self.go(Pop())

    def new_seed(self) -> int:
        """The seed of a new game's dice: from the app's own seed when it has one (tests), else fresh."""
        if self.seeded:
            return self.rng.getrandbits(62)
        from greed_game.storage import new_seed

        return new_seed()

    def show_problems(self) -> list[str]:
        """Show the storage's problems not yet shown (files set aside, saves refused) now; returns them."""
        problems = self.storage.take_problems()
        for problem in problems:
            self.toast(problem)
        return problems

    def export_record(self, record: Record) -> Path | None:
        """Write a game's record to the exports folder; None (with the reason shown) on failure.

        The scene that asked shows where the file went.
        """
        path = self.storage.export_record(record)
        problems = self.show_problems()
        if path is None and not problems:
            self.toast("The game's record could not be exported.")
        return path

    def toast(self, text: str, *, warning: bool = True, ttl: float = 9.0) -> None:
        """Show a message at the top of the window for a while."""
        if not any(t.text == text for t in self.toasts):
            self.toasts.append(Toast(text, ttl, warning))
            del self.toasts[:-4]

    def save_settings(self) -> None:
        """Save the settings and apply those that act at once (sound)."""
        self.audio.enabled = self.settings.sound
        self.storage.save_settings(self.settings)

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    # -- loop ---------------------------------------------------------------------

    def handle_events(self) -> None:
        """Map this frame's pygame events to game input and hand them to the live scene."""
        events, self.pending = [*self.pending, *pygame.event.get()], []
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._window_changed()
                continue
            inp = translate(event, self.to_logical)
            if inp is None:
                continue
            if isinstance(inp, KeyPress) and inp.key == "f11":
                self.set_fullscreen(not self.settings.fullscreen)
                continue
            if isinstance(inp, Click) and self._click_toast(inp.pos):
                continue
            self.stack.handle(inp)

    def update(self, dt: float) -> int:
        """Advance the game by ``dt`` seconds of real time in fixed steps; returns the steps taken."""
        # After an idle wait nothing was moving, so the time slept can pass at once (toasts, messages).
        self.accumulator += min(dt, MAX_IDLE if self.slept else MAX_FRAME)
        steps = 0
        while self.accumulator >= STEP:
            self.accumulator -= STEP
            self.time += STEP
            steps += 1
            self.stack.update(STEP)
            for t in self.toasts:
                t.ttl -= STEP
        self.toasts = [t for t in self.toasts if t.ttl > 0]
        if self.autosaver.idle:
            for problem in self.storage.take_problems() + self.autosaver.errors:
                self.toast(problem)
            self.autosaver.errors.clear()
        return steps

    def draw(self) -> None:
        """Render every visible scene, then the toasts."""
        canvas = self.canvas
        canvas.clear(theme.LETTERBOX)
        for scene in self.stack.visible():
            scene.draw(canvas)
        self._draw_toasts(canvas)
        if self.small_frame is not None:
            self.window.fill(theme.LETTERBOX)
            r = self._small_frame_rect()
            self.window.blit(pygame.transform.smoothscale(self.small_frame, r.size), r.topleft)

    def _toast_lines(self, toast: Toast) -> list[str]:
        lines = self.canvas.wrap(toast.text, 14, TOAST_W - 56)
        if len(lines) > TOAST_LINES:
            lines = [*lines[: TOAST_LINES - 1], self.canvas.fit(" ".join(lines[TOAST_LINES - 1 :]), 14, TOAST_W - 56)]
        return lines

    def _toast_rects(self) -> list[tuple[Toast, pygame.Rect]]:
        out = []
        y = 10
        for t in self.toasts:
            h = 26 + 18 * max(1, len(self._toast_lines(t)))
            out.append((t, pygame.Rect(LOGICAL_W // 2 - TOAST_W // 2, y, TOAST_W, h)))
            y += h + 6
        return out

    def _click_toast(self, pos: tuple[float, float]) -> bool:
        for t, r in self._toast_rects():
            if r.collidepoint(pos):
                self.toasts.remove(t)
                return True
        return False

    def _draw_toasts(self, canvas: Canvas) -> None:
        for t, r in self._toast_rects():
            edge = theme.WARN if t.warning else theme.PANEL_EDGE
            canvas.box(r, (26, 24, 20, 235), radius=10, border=1.5, border_color=edge)
            lines = self._toast_lines(t)
            top = r.centery - 9 * len(lines)
            for i, line in enumerate(lines):
                canvas.text(line, (r.x + 16, top + i * 18), 14, theme.WARN if t.warning else theme.TEXT)
            canvas.text("×", (r.right - 14, r.y + 4), 16, theme.TEXT_DIM, anchor="topright")

    def frame(self) -> Frame:
        """One frame: input, fixed-step updates, one render; then wait for the next frame's turn."""
        dt = 1 / FPS if self.virtual else self.last_dt
        self.handle_events()
        if self.slept and self.idle_for() <= 0:
            # Something starts moving after an idle wait (a throw, a screen): it starts now, not
            # as far along as the wait was long.
            dt = min(dt, 1 / FPS)
        steps = self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        top = self.stack.top
        info = Frame(self.frames, steps, top.name if top else "")
        for hook in list(self.after_frame):
            hook(self, info)
        if self.exit_after_first_frame:
            sys.stdout.write(f"first-frame {time.time():.6f}\n")
            sys.stdout.flush()
            self.quit()
        if not self.virtual:
            self._wait_for_next_frame()
        return info

    def idle_for(self) -> float:
        """How long what is on screen stays the same without input (0 while anything moves)."""
        wake = min((scene.idle_for() for scene in self.stack.visible()), default=math.inf)
        return min([wake, *(t.ttl for t in self.toasts)])

    def _wait_for_next_frame(self) -> None:
        """Sleep until the next frame: a 60 fps beat while anything moves, else until input or a change is due."""
        start = time.perf_counter()
        wait = min(self.idle_for(), MAX_IDLE) if self.running else 0.0
        self.slept = wait > 1 / FPS
        if self.slept:
            event = pygame.event.wait(max(1, round(wait * 1000)))
            if event.type != pygame.NOEVENT:
                self.pending.append(event)
            self.last_dt = self.clock.tick() / 1000
        else:
            self.last_dt = self.clock.tick(FPS) / 1000
        self.last_wait = time.perf_counter() - start

    def run(self, *, max_frames: int | None = None) -> None:
        """Run frames until the player quits (or ``max_frames`` have been drawn)."""
        if self.stack.top is None:
            self.show_menu()
        start = self.frames
        while self.running and (max_frames is None or self.frames - start < max_frames):
            self.frame()

    def screenshot(self, path: Path) -> None:
        """Save what the window shows now as a PNG."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.window, str(path))

    def close(self) -> None:
        """Finish writing, close the window and the audio device."""
        self.autosaver.flush()
        self.storage.release()
        self.audio.close()
        pygame.display.quit()
        self._sdl_window = None  # only now: with the display closed, freeing the handle touches nothing


# -- the smoke run -------------------------------------------------------------------


@dataclass
class Autopilot:
    """Drives the window through menu, table and scoreboard without a player."""

    shots: Path | None
    seen: list[str] = field(default_factory=list)
    taken: set[str] = field(default_factory=set)
    error: str | None = None
    throws_seen: int = 0
    voids_seen: int = 0
    done: bool = False
    forced: bool = False

    def shot(self, app: App, name: str) -> None:
        if name in self.taken:
            return
        self.taken.add(name)
        if self.shots is not None:
            app.screenshot(self.shots / f"{name}.png")

    def __call__(self, app: App, frame: Frame) -> None:
        top = app.stack.top
        if top is None:
            return
        if not self.seen or self.seen[-1] != top.name:
            self.seen.append(top.name)
        if isinstance(top, MenuScene) and frame.number >= 2:
            self.shot(app, "menu")
            app.go(top.open_setup())
        elif isinstance(top, SetupScene):
            top.configure_computers()
            self.shot(app, "setup")
            app.go(top.start())
        elif isinstance(top, TableScene):
            if not self.forced:
                # the first two throws are void, one of each kind, so every smoke run shows both
                top.turn.forced_voids.extend(["off-felt", "leaning"])
                self.forced = True
            self.voids_seen = top.turn.voids
            self.throws_seen = top.turn.throws
            if top.turn.throws >= 3 and top.dice_at_rest() and (top.snap.banner is None or top.turn.throws >= 12):
                self.shot(app, "table")
        elif isinstance(top, ScoreboardScene) and frame.number % 3 == 0:
            self.shot(app, "scoreboard")
            self.done = True
            app.quit()


def smoke_run(
    screenshots: Path | None = None, *, max_frames: int = 60_000, solutions: Solutions | None = None
) -> int:
    """Play a whole game of computer players at top speed, through every scene; 0 when all went well."""
    with tempfile.TemporaryDirectory(prefix="greed-smoke-") as folder:
        storage = Storage(Path(folder))
        settings = Settings(animation_speed="instant", void_frequency="realistic", sound=True)
        app = App(storage=storage, settings=settings, clock="virtual", seed=7, solutions=solutions)
        pilot = Autopilot(screenshots)
        app.after_frame.append(pilot)
        try:
            app.show_menu()
            app.run(max_frames=max_frames)
        finally:
            app.close()
    missing = [name for name in ("menu", "setup", "table", "scoreboard") if name not in pilot.taken]
    if not pilot.done or missing:
        sys.stderr.write(
            f"greed-game: the smoke run did not finish a game (scenes seen: {', '.join(pilot.seen)}; "
            f"missing: {', '.join(missing) or 'none'})\n"
        )
        return 1
    if pilot.voids_seen == 0:
        sys.stderr.write("greed-game: the smoke run saw no void throw\n")
        return 1
    return 0


def _fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, shrunk (same shape) to fit a smaller desktop with room for its panels; never below MIN_SIZE."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops or min(desktops[0]) <= 0:
        return size
    room_w, room_h = desktops[0][0] * 0.94, desktops[0][1] * 0.9
    scale = min(1.0, room_w / size[0], room_h / size[1])
    return (max(MIN_SIZE[0], round(size[0] * scale)), max(MIN_SIZE[1], round(size[1] * scale)))


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why no window can be shown here, in one sentence (None when a display is there, or a driver was chosen).

    Without this check SDL falls back to an invisible off-screen window and the
    game would run where nobody can see it.
    """
    if environ.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
        environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")
    ):
        return ("no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set): "
                "start the game from a desktop session")
    return None


def video_driver(environ: Mapping[str, str], platform: str) -> str | None:
    """The SDL video driver to ask for, when SDL's own order would only fail noisily (None: SDL's choice).

    On Linux without a Wayland session SDL tries Wayland after X11 fails, and Wayland's library then prints
    its own complaint ("XDG_RUNTIME_DIR is invalid") before the game can say what is wrong.
    """
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith("linux"):
        return None
    if environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return "x11"
    return None


def _end_on_signals(app: App) -> None:
    """SIGTERM (a log-out, ``kill``) and SIGHUP end the game as closing the window does: saved, then closed.

    The loop never blocks for long, so the flag is seen within a frame.
    """
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, lambda *_: app.quit())


def run(*, smoke: bool = False, screenshots: str | Path | None = None, solutions: Solutions | None = None) -> int:
    """Open the game window (the ``greed-game`` command); returns the exit status.

    ``solutions``: the program's solutions service (None: built here, where the window starts).
    """
    shots = Path(screenshots) if screenshots is not None else None
    problem = display_problem(os.environ, sys.platform)
    if problem is not None:
        sys.stderr.write(f"greed-game: {problem}\n")
        return 2
    chosen = video_driver(os.environ, sys.platform)
    if chosen is not None:
        os.environ["SDL_VIDEODRIVER"] = chosen
    try:
        if solutions is None:
            solutions = Solutions.for_program()
        if smoke:
            return smoke_run(shots, solutions=solutions)
        app = App(fit_desktop=True, solutions=solutions)  # a window larger than the screen would hide its edges
        try:
            driver = pygame.display.get_driver()
            if driver in ("offscreen", "dummy") and driver != os.environ.get("SDL_VIDEODRIVER"):
                sys.stderr.write("greed-game: no screen could be opened (only an invisible one): "
                                 "start the game from a desktop session\n")
                return 2
            # Said in the menu's footer rather than in a note, which would lie over the next screen's title.
            app.no_sound_device = not app.audio.prepare()
            _end_on_signals(app)
            app.show_menu()
            app.run()
            if shots is not None:
                app.screenshot(shots / "last.png")
        finally:
            app.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except pygame.error as exc:
        if chosen is not None:
            sys.stderr.write(f"greed-game: no screen could be opened at DISPLAY={os.environ.get('DISPLAY')} "
                             f"({exc}): start the game from a desktop session\n")
        else:
            sys.stderr.write(f"greed-game: the game window could not be opened ({exc})\n")
        return 2
    except Exception:
        sys.stderr.write("greed-game: the game stopped on an error:\n" + traceback.format_exc())
        return 1
