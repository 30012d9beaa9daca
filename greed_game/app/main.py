"""The game window: the loop, the window itself and the scene stack.

The loop updates the live scene with a fixed time step (an accumulator with a
catch-up cap) and renders once a frame, 60 frames a second. ``run()`` is what
``greed-game`` with no arguments calls; ``run(smoke=smoke_run)`` plays a whole
game of computer players at top speed and checks every scene on the way
(:mod:`greed_game.app.smoke`).
"""

from __future__ import annotations

import math
import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygame

from greed_game import i18n
from greed_game.app import routes, theme
from greed_game.app.audio import Audio
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W
from greed_game.app.display import Display
from greed_game.app.frame_clock import FPS, STEP, FrameClock
from greed_game.app.input import Click, KeyPress, translate
from greed_game.app.navigation import Go, Pop, Replace, ToMenu, ToNewGame, ToSavedGame
from greed_game.app.scenes.base import Scene, SceneStack
from greed_game.app.toasts import Toasts
from greed_game.app.views import DiceViews
from greed_game.play.autosave import Autosaver
from greed_game.solutions import Solutions
from greed_game.storage import Settings, Storage

if TYPE_CHECKING:
    from greed_game.play.setup import GameSetup
    from greed_game.rules import Record
    from greed_game.said import Said
    from greed_game.storage import Resumed

FIRST_FRAME_ENV = "GREED_EXIT_AFTER_FIRST_FRAME"
"""When set, the window closes right after its first frame (start-up benchmark)."""

ClockKind = Literal["real", "virtual"]


@dataclass
class Frame:
    """What happened in one frame (for tests and the smoke run)."""

    number: int
    updates: int
    scene: str


class App:
    """The program around the scenes: the stack, the game's services, and the loop over frames.

    The window itself is ``display``, the loop's timing ``pacer`` and the
    messages at the top ``toasts``.
    """

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
        self.first_start = settings is None and not self.storage.settings_path.exists()
        """No settings were ever saved here: a new player (the menu offers Learn to play once)."""
        self.settings = settings if settings is not None else self.storage.load_settings()
        i18n.use(i18n.choose(self.settings.language))
        self.rng = random.Random(seed)
        self.seeded = seed is not None
        self.virtual = clock == "virtual"
        self.display = Display(size, fullscreen=self.settings.fullscreen, fit_desktop=fit_desktop)
        self.canvas = self.display.canvas
        self.stack = SceneStack(partial(routes.build, self))
        self.audio = Audio(enabled=self.settings.sound if sound is None else sound)
        self.autosaver = Autosaver(self.storage)
        self.pacer = FrameClock(virtual=self.virtual)
        self.running = True
        self.frames = 0
        self._alone: tuple[Scene, int] | None = None
        """The scene the last frame was drawn by, when it was drawn whole and alone (nothing over it), and the
        display's target count then (a window made again since may have lost the frame)."""
        self.toasts = Toasts(self.canvas)
        self.no_sound_device = False
        self.views = DiceViews(lambda: self.settings.view)
        """The 3D view of the dice where OpenGL 3.3 can be had, else the flat one."""
        """Sound is on but no device could be opened (the menu says so)."""
        self.keyed = False
        """Whether the person last played with keys rather than the mouse (a die's key is shown on it then)."""
        self.after_frame: list[Callable[[App, Frame], None]] = []
        """Called after every frame (the smoke run's autopilot, tests)."""
        self.exit_after_first_frame = bool(os.environ.get(FIRST_FRAME_ENV))
        pygame.key.start_text_input()

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a window and the full screen (F11), and remember it."""
        if not on and not self.settings.fullscreen:
            return
        from_window = not self.settings.fullscreen
        self.settings.fullscreen = on
        self.display.set_fullscreen(on, from_window=from_window)
        self.storage.save_settings(self.settings)

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
        resumed = self.storage.autosave.resume_game()
        problems = self.show_problems()
        if resumed is None and not problems:
            self.toast(i18n._("There is no unfinished game to continue."), warning=False)
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

    # -- services the scenes ask for ---------------------------------------------------

    def new_seed(self) -> int:
        """The seed of a new game's dice: from the app's own seed when it has one (tests), else fresh."""
        if self.seeded:
            return self.rng.getrandbits(62)
        from greed_game.storage import new_seed

        return new_seed()

    def show_problems(self) -> list[Said]:
        """Show the storage's problems not yet shown (files set aside, saves refused) now; returns them."""
        problems = self.storage.take_problems()
        for problem in problems:
            self.toast(problem)
        return problems

    def export_record(self, record: Record) -> Path | None:
        """Write a game's record to the exports folder; None (with the reason shown) on failure.

        The scene that asked shows where the file went.
        """
        path = self.storage.archive.export_record(record)
        problems = self.show_problems()
        if path is None and not problems:
            self.toast(i18n._("The game's record could not be exported."))
        return path

    def toast(self, text: str | Said, *, warning: bool = True, ttl: float = 9.0) -> None:
        """Show a message at the top of the window for a while (what went wrong is said in the player's language)."""
        self.toasts.add(i18n.say(text), warning=warning, ttl=ttl)

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
        for event in self.pacer.events():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.display.window_changed(fullscreen=self.settings.fullscreen)  # the next frame is drawn whole
                continue
            if event.type == pygame.WINDOWEXPOSED:
                self._alone = None  # what the window showed may be gone: the next frame is drawn whole
                continue
            inp = translate(event, self.display.to_logical)
            if inp is None:
                continue
            if isinstance(inp, (KeyPress, Click)):
                self.keyed = isinstance(inp, KeyPress)
            if isinstance(inp, KeyPress) and inp.key == "f11":
                self.set_fullscreen(not self.settings.fullscreen)
                continue
            if isinstance(inp, Click) and self.toasts.click(inp.pos):
                continue
            self.stack.handle(inp)

    def update(self, dt: float) -> int:
        """Advance the game by ``dt`` seconds of real time in fixed steps; returns the steps taken."""
        steps = self.pacer.steps(dt)
        for _ in range(steps):
            self.stack.update(STEP)
            self.toasts.tick(STEP)
        self.toasts.expire()
        if self.autosaver.idle:
            for problem in self.storage.take_problems() + self.autosaver.errors:
                self.toast(problem)
            self.autosaver.errors.clear()
        for note in self.solutions.take_notes():
            self.toast(note)
        return steps

    def draw(self) -> None:
        """Render every visible scene, then the toasts (or only what changed, where the one scene can tell)."""
        canvas = self.canvas
        scenes = self.stack.visible()
        alone = scenes[0] if len(scenes) == 1 and not len(self.toasts) else None
        if alone is not None and self._alone == (alone, self.display.targets) and alone.draw_changed(canvas):
            self.display.present()
            return
        canvas.clear(theme.LETTERBOX)
        for scene in scenes:
            scene.draw(canvas)
        self.toasts.draw(canvas)
        self.display.present()
        self._alone = (alone, self.display.targets) if alone is not None else None

    def frame(self) -> Frame:
        """One frame: input, fixed-step updates, one render; then wait for the next frame's turn."""
        dt = self.pacer.frame_time()
        self.handle_events()
        if self.pacer.slept and self.idle_for() <= 0:
            # Something starts moving after an idle wait (a throw, a screen): it starts now, not
            # as far along as the wait was long.
            dt = min(dt, 1 / FPS)
        steps = self.update(dt)
        top = self.stack.top
        if top is not None:
            self.display.point(top.pointer())
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
            self.pacer.wait(self.idle_for() if self.running else 0.0)
        return info

    def idle_for(self) -> float:
        """How long what is on screen stays the same without input (0 while anything moves)."""
        wake = min((scene.idle_for() for scene in self.stack.visible()), default=math.inf)
        return min([wake, *(t.ttl for t in self.toasts)])

    def run(self, *, max_frames: int | None = None) -> None:
        """Run frames until the player quits (or ``max_frames`` have been drawn)."""
        if self.stack.top is None:
            self.show_menu()
        start = self.frames
        while self.running and (max_frames is None or self.frames - start < max_frames):
            self.frame()

    def close(self) -> None:
        """Finish writing, close the window and the audio device."""
        self.autosaver.flush()
        self.storage.release()
        self.audio.close()
        self.views.release()
        self.display.close()


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


def run(
    *,
    smoke: Callable[[Path | None, Solutions], int] | None = None,
    screenshots: str | Path | None = None,
    solutions: Solutions | None = None,
) -> int:
    """Open the game window (the ``greed-game`` command); returns the exit status.

    ``solutions``: the program's solutions service (None: built here, where the window starts). ``smoke``:
    instead of a player's window, the smoke run (:func:`greed_game.app.smoke.smoke_run`) once the display is
    checked.
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
        if smoke is not None:
            return smoke(shots, solutions)
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
                app.display.screenshot(shots / "last.png")
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
