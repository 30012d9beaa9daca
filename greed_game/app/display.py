"""The game window: its size, the full screen, and the frame drawn into it.

In a window smaller than MIN_STAGE the frame is drawn at MIN_STAGE and scaled
down whole (letterboxed), instead of every text shrinking to the font's
minimum and out of its box.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any, Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W, Canvas

MIN_SIZE = (640, 360)
"""The smallest window opened."""
MIN_STAGE = (854, 480)
"""The smallest size the stage is drawn at (a smaller window shows the frame scaled down)."""


if sys.platform.startswith("linux"):
    # X11 draws the window's surface itself rather than through an OpenGL texture: the 3D view's own context
    # (current on this thread) would otherwise take the place of SDL's and leave the window black.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


Pointer = Literal["arrow", "hand", "hold"]
"""How the mouse pointer looks: the plain arrow; a hand over what a click picks or presses (a button, a die, the
felt the dice may be thrown from); the four-way arrows while dice are held to be thrown."""
_SYSTEM_POINTERS = {"arrow": pygame.SYSTEM_CURSOR_ARROW, "hand": pygame.SYSTEM_CURSOR_HAND,
                    "hold": pygame.SYSTEM_CURSOR_SIZEALL}


class Display:
    """The window, the canvas that draws into it, and the mapping between the two."""

    def __init__(self, size: tuple[int, int], *, fullscreen: bool, fit_desktop: bool) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Greed")
        from greed_game.app.skins import face_image

        pygame.display.set_icon(face_image("pips", 5, 64))
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if fit_desktop:
            self.windowed_size = _fit_desktop(self.windowed_size)
        self.window = self._open_window(fullscreen)
        self.small_frame: pygame.Surface | None = None
        """The frame drawn at MIN_STAGE, then scaled into a window smaller than that (None: drawn directly)."""
        self.canvas = Canvas(self.window)
        self.targets = 0
        """How many times the canvas was pointed at a new or resized window (what was on it may be gone)."""
        self.retarget()
        self._sdl_window: Any = None
        """A handle on the window, made only if leaving the full screen needs one (see ``_leave_fullscreen``)."""
        self.pointer: Pointer = "arrow"

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool, *, from_window: bool) -> None:
        """Switch to the full screen (remembering the window's size when ``from_window``) or back to a window."""
        if on and from_window:
            self.windowed_size = self.window.get_size()
        self.window = self._open_window(True) if on else self._leave_fullscreen()
        self.retarget()

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
        self.retarget()

    def window_changed(self, *, fullscreen: bool) -> None:
        """The player resized the window (or the system did): draw into it at its new size."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
            self.retarget()
            if not fullscreen:
                self.windowed_size = surface.get_size()

    def retarget(self) -> None:
        """Point the canvas at the window, or at a frame of MIN_STAGE when the window is smaller than that."""
        self.targets += 1
        w, h = self.window.get_size()
        if min(w / LOGICAL_W, h / LOGICAL_H) >= min(MIN_STAGE[0] / LOGICAL_W, MIN_STAGE[1] / LOGICAL_H) - 1e-9:
            self.small_frame = None
            self.canvas.set_target(self.window)
            return
        if self.small_frame is None:
            self.small_frame = pygame.Surface(MIN_STAGE).convert()
        self.canvas.set_target(self.small_frame)

    def small_frame_rect(self) -> pygame.Rect:
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
        r = self.small_frame_rect()
        return (round(r.x + px * r.w / MIN_STAGE[0]), round(r.y + py * r.h / MIN_STAGE[1]))

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A window position on the logical stage (through the scaled-down frame in a small window)."""
        if self.small_frame is not None:
            r = self.small_frame_rect()
            pos = ((pos[0] - r.x) * MIN_STAGE[0] / r.w, (pos[1] - r.y) * MIN_STAGE[1] / r.h)
        return self.canvas.to_logical(pos)

    def present(self) -> None:
        """Scale the frame drawn at MIN_STAGE into a smaller window (nothing to do otherwise)."""
        if self.small_frame is not None:
            self.window.fill(theme.LETTERBOX)
            r = self.small_frame_rect()
            self.window.blit(pygame.transform.smoothscale(self.small_frame, r.size), r.topleft)

    def point(self, pointer: Pointer) -> None:
        """Show the mouse pointer as ``pointer`` (set only when it changes: the system redraws it)."""
        if pointer == self.pointer:
            return
        self.pointer = pointer
        with contextlib.suppress(pygame.error):  # (no mouse to point with: the dummy driver, some remote desktops)
            pygame.mouse.set_cursor(_SYSTEM_POINTERS[pointer])

    def screenshot(self, path: Path) -> None:
        """Save what the window shows now as a PNG."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.window, str(path))

    def close(self) -> None:
        """Close the window."""
        pygame.display.quit()
        self._sdl_window = None  # only now: with the display closed, freeing the handle touches nothing


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
