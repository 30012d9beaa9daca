"""Raw pygame events mapped, once, to the game's input.

Scenes never see a pygame event: they receive :class:`KeyPress` (a key
*name*, keypad keys folded into the main keys), :class:`Click`, :class:`Move`,
:class:`Scroll` and :class:`TextInput`, with positions already on the logical
1280×720 stage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class KeyPress:
    """A key went down; ``key`` is a name such as ``"enter"``, ``"space"``, ``"h"``, ``"3"``."""

    key: str
    shift: bool = False
    ctrl: bool = False


@dataclass(frozen=True)
class Click:
    """A mouse button went down at a logical position."""

    pos: tuple[float, float]
    button: int = 1


@dataclass(frozen=True)
class Release:
    """A mouse button went up at a logical position (the end of a drag)."""

    pos: tuple[float, float]
    button: int = 1


@dataclass(frozen=True)
class Move:
    """The mouse moved to a logical position."""

    pos: tuple[float, float]


@dataclass(frozen=True)
class Scroll:
    """The mouse wheel turned (positive ``dy`` scrolls up)."""

    dy: int
    pos: tuple[float, float]


@dataclass(frozen=True)
class TextInput:
    """Text typed by the player (for name fields)."""

    text: str


Input = KeyPress | Click | Release | Move | Scroll | TextInput

_KEYS: dict[int, str] = {
    pygame.K_RETURN: "enter",
    pygame.K_KP_ENTER: "enter",
    pygame.K_ESCAPE: "escape",
    pygame.K_SPACE: "space",
    pygame.K_TAB: "tab",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_PAGEUP: "pageup",
    pygame.K_PAGEDOWN: "pagedown",
    pygame.K_F1: "f1",
    pygame.K_F11: "f11",
    pygame.K_PLUS: "+",
    pygame.K_EQUALS: "+",
    pygame.K_KP_PLUS: "+",
    pygame.K_MINUS: "-",
    pygame.K_KP_MINUS: "-",
}
for _n in range(10):
    _KEYS[pygame.K_0 + _n] = str(_n)
    _KEYS[getattr(pygame, f"K_KP{_n}")] = str(_n)
for _c in "abcdefghijklmnopqrstuvwxyz":
    _KEYS[getattr(pygame, f"K_{_c}")] = _c


def key_name(key: int) -> str | None:
    """The name of a pygame key code, or None for keys the game does not use."""
    return _KEYS.get(key)


def key_code(name: str) -> int:
    """A pygame key code for a key name (the inverse of :func:`key_name`, for tests and demos)."""
    for code, n in _KEYS.items():
        if n == name:
            return code
    raise KeyError(name)


def translate(event: pygame.event.Event, to_logical: Callable[[tuple[int, int]], tuple[float, float]]) -> Input | None:
    """The game input of one pygame event, or None when the game ignores it."""
    if event.type == pygame.KEYDOWN:
        name = key_name(event.key)
        if name is None:
            return None
        mods = getattr(event, "mod", 0)
        return KeyPress(name, bool(mods & pygame.KMOD_SHIFT), bool(mods & pygame.KMOD_CTRL))
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return Click(to_logical(event.pos), event.button)
    if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
        return Release(to_logical(event.pos), event.button)
    if event.type == pygame.MOUSEMOTION:
        return Move(to_logical(event.pos))
    if event.type == pygame.MOUSEWHEEL:
        return Scroll(int(event.y), to_logical(pygame.mouse.get_pos()))
    if event.type == pygame.TEXTINPUT:
        return TextInput(event.text)
    return None
