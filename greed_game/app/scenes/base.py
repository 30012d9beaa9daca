"""The scene interface and the small scene stack.

A scene has ``enter``/``resume``/``exit`` hooks, ``handle`` (one input), ``update(dt)``
(a fixed time step) and ``draw(canvas)``; ``draw`` never changes state.
``handle`` and ``update`` return where to go next (``greed_game.app.navigation``),
which the stack applies. Overlays (rules, settings, pause) are scenes that are
not ``opaque``: the scenes below them are drawn first, but only the top scene
is updated and receives input.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from greed_game.app.canvas import Canvas
from greed_game.app.input import Input
from greed_game.app.navigation import Go, Pop, Push, Target
from greed_game.app.widgets import FocusGroup

if TYPE_CHECKING:
    from greed_game.app.audio import Audio
    from greed_game.app.display import Pointer
    from greed_game.app.views import DiceViews
    from greed_game.play.autosave import Autosaver
    from greed_game.rules import Record
    from greed_game.said import Said
    from greed_game.solutions import Solutions
    from greed_game.storage import Resumed, Settings, Storage


class App(Protocol):
    """What a scene may ask of the program around it (``greed_game.app.main.App`` is the one there is).

    Scenes know the program by this description only, so no scene imports
    the module that creates the scenes. Nor do they move between screens
    through it: they return where to go next.
    """

    settings: Settings
    storage: Storage
    rng: random.Random
    audio: Audio
    views: DiceViews
    autosaver: Autosaver
    solutions: Solutions
    """Every solved table the players, hints and reviews read (the program's one solutions service)."""
    canvas: Canvas
    """The window's drawing surface (measuring text to lay out a card is done outside ``draw``, too)."""
    virtual: bool
    """Frames run on a virtual clock, back to back (tests, the smoke run): work is done in line, deterministically."""
    no_sound_device: bool
    """Sound is on but no device could be opened (the menu says so)."""
    first_start: bool
    """No settings were ever saved here: a new player (the menu offers Learn to play once)."""
    keyed: bool
    """The person last played with keys rather than the mouse (each die shows its key then)."""

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a window and the full screen."""

    def saved_game(self) -> Resumed | None:
        """The saved game to continue; None (with the reason shown) when there is none."""

    def new_seed(self) -> int:
        """The seed of a new game's dice."""

    def show_problems(self) -> list[Said]:
        """Show the storage's problems not yet shown."""

    def export_record(self, record: Record) -> Path | None:
        """Write a game's record to the exports folder; None on failure (the reason shown)."""

    def toast(self, text: str | Said, *, warning: bool = True, ttl: float = 9.0) -> None:
        """Show a message at the top of the window for a while."""

    def save_settings(self) -> None:
        """Save the settings and apply them."""

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""


class Scene:
    """One screen of the game."""

    opaque = True
    """False for overlays drawn over the scene below."""
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene was put on the stack."""

    def resume(self) -> None:
        """The scene is on top again (an overlay above it closed)."""

    def exit(self) -> None:
        """The scene left the stack (or was covered for good)."""

    def handle(self, event: Input) -> Go | None:
        """React to one input; where to go next (None: stay)."""
        return None

    def update(self, dt: float) -> Go | None:
        """Advance animations and timers by ``dt`` seconds (a fixed step); where to go next (None: stay)."""
        return None

    pointing: Callable[[], Pointer | None] | None = None
    """A part of the scene with a say in how the pointer looks (before its widgets; None: no say there)."""

    def pointer(self) -> Pointer:
        """How the mouse pointer looks over the scene now: a hand over a widget a click would press."""
        said = self.pointing() if self.pointing is not None else None
        if said is not None:
            return said
        focus = getattr(self, "focus", None)
        hover = focus.hover if isinstance(focus, FocusGroup) else None
        return "hand" if hover is not None and hover.visible and hover.enabled else "arrow"

    def idle_for(self) -> float:
        """How long the scene stays as drawn if no input comes: 0 while it moves, ``inf`` when it only waits.

        The window sleeps that long (within a bound) instead of drawing frames
        nobody could tell apart. A text field's blinking cursor is the usual
        reason a waiting screen wakes.
        """
        focus = getattr(self, "focus", None)
        return focus.idle_for() if isinstance(focus, FocusGroup) else math.inf

    def draw(self, canvas: Canvas) -> None:
        """Draw the scene; changes nothing of the game (a scene may remember what it drew)."""

    def draw_changed(self, canvas: Canvas) -> bool:
        """Draw only what changed since the last frame, which this scene drew alone; False when it cannot tell
        (the window then draws every scene whole)."""
        return False


Build = Callable[[Target], "Scene"]
"""The route table: the scene for a target (``greed_game.app.routes.build``, handed in by the window)."""


class SceneStack:
    """Push, pop and replace scenes; the top one is live and says where to go next."""

    def __init__(self, build: Build | None = None) -> None:
        self.scenes: list[Scene] = []
        self.build = build

    def handle(self, event: Input) -> None:
        """Hand one input to the live scene and go where it says."""
        top = self.top
        if top is not None:
            self.go(top.handle(event))

    def update(self, dt: float) -> None:
        """Advance the live scene by one step and go where it says."""
        top = self.top
        if top is not None:
            self.go(top.update(dt))

    def go(self, where: Go | None) -> None:
        """Apply a transition (None: stay)."""
        if where is None:
            return
        if isinstance(where, Pop):
            self.pop()
            return
        if self.build is None:
            raise RuntimeError(f"no route table to build {where.to!r}")
        scene = self.build(where.to)
        if isinstance(where, Push):
            self.push(scene)
        else:
            self.replace(scene)

    @property
    def top(self) -> Scene | None:
        """The live scene."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (an overlay or a sub-screen)."""
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below becomes live again."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Replace every scene by ``scene`` (a new main screen)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def find(self, kind: type[Scene]) -> Scene | None:
        """The topmost scene of a type."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)
