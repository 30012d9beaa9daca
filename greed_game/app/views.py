"""Which view draws the dice: 3D (OpenGL 3.3 through moderngl) where a context can be had, else the flat view.

Both draw the same physics from the same camera; the flat view is sprites
seen from above. The dummy video driver (tests, the smoke run by default)
gets the flat view unless ``GREED_VIEW=3d`` asks for the 3D one; ``GREED_VIEW=flat``
forces the flat view anywhere, as the Settings choice does.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from greed_game.i18n import _

if TYPE_CHECKING:
    from greed_game.app.gl_dice import GLDice


class DiceViews:
    """The 3D renderer, made the first time a table is drawn (a context takes a moment to make)."""

    def __init__(self, setting: Callable[[], str]) -> None:
        self.setting = setting
        self._gl: GLDice | None = None
        self._tried = False
        self.why_flat = ""
        """Why the flat view is in use, for Settings ("" while the 3D view is)."""

    def wanted(self) -> bool:
        """Whether the 3D view is asked for: the setting, the environment, and the video driver."""
        forced = os.environ.get("GREED_VIEW", "").strip().lower()
        choice = forced if forced in ("3d", "flat") else self.setting()
        if choice == "flat":
            self.why_flat = _("chosen")
            return False
        if choice != "3d" and pygame.display.get_init() and pygame.display.get_driver() == "dummy":
            self.why_flat = _("no display")
            return False
        return True

    def gl(self) -> GLDice | None:
        """The 3D renderer when the 3D view is in use, else None (the flat view draws)."""
        if not self.wanted():
            return None
        if not self._tried:
            self._tried = True
            from greed_game.app.gl_dice import GLDice

            made = GLDice.create()
            if made is not None and made.software:
                # A software renderer pays for multisampling by the pixel: the dice's edges are drawn plain.
                made.release()
                made = GLDice.create(samples=0)
            self._gl = made
            self.why_flat = "" if made is not None else _("no OpenGL 3.3")
        return self._gl

    def describe(self) -> str:
        """Which view is in use, in a few words for Settings."""
        gl = self._gl if self.wanted() else None
        if gl is not None:
            renderer = gl.renderer.split(" (")[0]
            return (_("3D ({renderer}, software)") if gl.software else _("3D ({renderer})")).format(renderer=renderer)
        if self._tried or not self.wanted():
            return _("flat ({why})").format(why=self.why_flat) if self.why_flat else _("flat")
        return _("3D where OpenGL 3.3 can be had")

    def release(self) -> None:
        """Free the 3D renderer's context."""
        if self._gl is not None:
            self._gl.release()
            self._gl = None
        self._tried = False
