"""The window under test: dummy video and audio drivers, a fresh data folder per test, synthetic input.

Screenshots go to ``GREED_SHOTS`` (default ``/tmp/greed-shots``) to be looked at.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from greed_game.app.input import key_code
from greed_game.app.main import App
from greed_game.storage import Settings, Storage

SHOTS = Path(os.environ.get("GREED_SHOTS", "/tmp/greed-shots"))
SMALL = (854, 480)


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data")


@pytest.fixture
def make_app(storage: Storage) -> Iterator[Callable[..., App]]:
    apps: list[App] = []

    def make(*, size: tuple[int, int] = (1280, 720), seed: int = 1, **settings: object) -> App:
        base = {"animation_speed": "instant", "void_frequency": "off", "sound": True}
        base.update(settings)
        app = App(storage=storage, settings=Settings(**base), size=size, clock="virtual", seed=seed)  # type: ignore[arg-type]
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app()


@pytest.fixture
def view_3d(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows made in the test draw the table in 3D (skipped where no OpenGL 3.3 context can be had)."""
    from greed_game.app.gl_dice import GLDice

    probe = GLDice.create()
    if probe is None:
        pytest.skip("GLDice.create() found no OpenGL 3.3 context here (neither the platform's nor EGL): the table "
                    "can only be drawn flat")
    probe.release()
    monkeypatch.setenv("GREED_VIEW", "3d")


class Driver:
    """Synthetic mouse and keyboard for an app, in logical coordinates."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame()

    def until(self, predicate: Callable[[], bool], limit: int = 5000) -> int:
        for n in range(limit):
            if predicate():
                return n
            self.app.frame()
        raise AssertionError(f"condition not met after {limit} frames (scene: {self.app.stack.top})")

    def click(self, pos: tuple[float, float], *, frames: int = 1) -> None:
        physical = self.app.display.to_window(*pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=physical, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=physical, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=physical, button=1))
        self.frames(frames)

    def drag(self, start: tuple[float, float], end: tuple[float, float], seconds: float, *, frames: int = 1) -> None:
        """Press the left button at ``start``, move in a straight line to ``end`` over ``seconds`` (a move a
        frame, at the virtual clock's 60 frames a second) and release it there."""
        to_window = self.app.display.to_window
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(*start), rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
        self.frames(1)
        self.hold_move(start, end, max(1, round(seconds * 60)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*end), button=1))
        self.frames(frames)

    def hold_move(self, start: tuple[float, float], end: tuple[float, float], frames: int) -> None:
        """With the left button held, move in a straight line from ``start`` to ``end``, a move a frame."""
        to_window = self.app.display.to_window
        for k in range(1, frames + 1):
            f = k / frames
            pos = to_window(start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            self.frames(1)

    def press(self, name: str, *, shift: bool = False, frames: int = 1) -> None:
        mod = pygame.KMOD_SHIFT if shift else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code(name), mod=mod, unicode="", scancode=0))
        self.frames(frames)

    def type(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.frames(1)

    def shot(self, name: str) -> Path:
        path = SHOTS / f"{name}.png"
        self.app.draw()
        self.app.display.screenshot(path)
        return path


@pytest.fixture
def drive(app: App) -> Driver:
    return Driver(app)


@pytest.fixture
def solves_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every exact solve started in this (the window's) process, by name: work the window must leave to a process
    of its own. A test that asserts the list empty proves that no frame waited on one, whatever the machine's load."""
    from greed_game.ai import master, solver

    started: list[str] = []

    def watch(cls: type, name: str) -> None:
        original = cls.__init__

        def init(self: object, *args: object, **kwargs: object) -> None:
            started.append(name)
            original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", init)

    watch(solver.Solution, "turn solution")
    watch(master.ReachTable, "master's reach table")
    watch(master.WinModel, "master's win model")
    try:
        from greed_game.ai import win
    except ImportError:  # no numpy: there is no win solver to start
        pass
    else:
        watch(win.WinSolution, "win solution")
    return started
