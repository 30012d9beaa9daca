"""Die faces drawn at any pixel size: classic pips and the $GREED letters.

The $GREED skin follows RULES.md: D blue, E ebony, E emerald, R red, G orange,
$ silver. The two E's differ by more than colour: the ebony E is solid, the
emerald E is hollow (an outline) with a bar under it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import pygame
import pygame.gfxdraw

from greed_game.app.canvas import font_path

SkinName = Literal["pips", "greed"]
SKINS: tuple[SkinName, ...] = ("pips", "greed")
SKIN_LABELS: dict[str, str] = {"pips": "Classic pips", "greed": "$GREED letters"}

LETTERS = {1: "D", 2: "E", 3: "E", 4: "R", 5: "G", 6: "$"}
LETTER_COLORS: dict[int, tuple[int, int, int]] = {
    1: (36, 92, 206),
    2: (24, 22, 22),
    3: (12, 140, 78),
    4: (204, 38, 38),
    5: (240, 128, 16),
    6: (176, 182, 192),
}
LETTER_NAMES = {1: "D blue", 2: "E ebony", 3: "E emerald", 4: "R red", 5: "G orange", 6: "$ silver"}

BODY = (250, 246, 236)
BODY_EDGE = (206, 196, 176)
PIP = (30, 28, 30)

_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)),
}


def _aa_circle(surface: pygame.Surface, color: tuple[int, int, int], x: float, y: float, r: float) -> None:
    ix, iy, ir = round(x), round(y), max(1, round(r))
    pygame.gfxdraw.filled_circle(surface, ix, iy, ir, color)
    pygame.gfxdraw.aacircle(surface, ix, iy, ir, color)


@lru_cache(maxsize=256)
def body_image(w: int, h: int) -> pygame.Surface:
    """A blank die body (rounded ivory block seen from above), ``w`` × ``h`` pixels."""
    w, h = max(2, w), max(2, h)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(min(w, h) * 0.2))
    pygame.draw.rect(s, BODY_EDGE, s.get_rect(), border_radius=radius)
    inset = max(1, round(h * 0.045))
    inner = s.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(s, BODY, inner, border_radius=max(1, radius - inset))
    # a soft light from above
    shine = pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h // 2))
    glow = pygame.Surface(shine.size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 255, 255, 70), glow.get_rect(), border_radius=max(1, radius - inset))
    s.blit(glow, shine.topleft)
    return s


@lru_cache(maxsize=32)
def _serif(size: int) -> pygame.font.Font:
    return pygame.font.Font(str(font_path("serif")), max(6, size))


def _letter_ink(px: int, face: int) -> pygame.Surface:
    s = pygame.Surface((px, px), pygame.SRCALPHA)
    font = _serif(round(px * (0.66 if face != 6 else 0.62)))
    color = LETTER_COLORS[face]
    glyph = LETTERS[face]
    ink = font.render(glyph, True, color)
    rect = ink.get_rect(center=(px / 2, px / 2 - (px * 0.04 if face == 3 else 0)))
    t = max(1, round(px * 0.035))
    ring = [(dx, dy) for dx in (-t, 0, t) for dy in (-t, 0, t) if dx or dy]
    if face == 3:
        # emerald E: hollow letter (outline only) and a bar under it
        for dx, dy in ring:
            s.blit(ink, rect.move(dx, dy))
        hollow = font.render(glyph, True, (0, 0, 0))
        s.blit(hollow, rect, special_flags=pygame.BLEND_RGBA_SUB)
        bar_w, bar_h = round(px * 0.36), max(2, round(px * 0.06))
        bar = pygame.Rect(0, 0, bar_w, bar_h)
        bar.midtop = (round(px / 2), min(px - round(px * 0.16), rect.bottom - round(px * 0.05)))
        pygame.draw.rect(s, color, bar, border_radius=bar_h // 2)
        return s
    if face == 6:
        # silver needs a dark edge to read on an ivory die
        edge = font.render(glyph, True, (86, 90, 98))
        for dx, dy in ring:
            s.blit(edge, rect.move(dx, dy))
    s.blit(ink, rect)
    return s


def _pip_ink(px: int, face: int) -> pygame.Surface:
    s = pygame.Surface((px, px), pygame.SRCALPHA)
    r = px * (0.11 if face == 1 else 0.092)
    for x, y in _PIPS[face]:
        _aa_circle(s, PIP, x * px, y * px, r)
        # a faint rim of light on the lower right edge of each pip
        pygame.gfxdraw.arc(s, round(x * px), round(y * px), max(1, round(r)), 20, 110, (120, 116, 112))
    return s


@lru_cache(maxsize=512)
def ink_image(skin: SkinName, face: int, px: int) -> pygame.Surface:
    """Only the marks of a face (pips or letter) on a transparent square."""
    px = max(8, px)
    return _letter_ink(px, face) if skin == "greed" else _pip_ink(px, face)


@lru_cache(maxsize=512)
def face_image(skin: SkinName, face: int, px: int) -> pygame.Surface:
    """The top view of a die showing ``face``, ``px`` pixels square (cached)."""
    px = max(8, px)
    image = body_image(px, px).copy()
    image.blit(ink_image(skin, face, px), (0, 0))
    return image


@lru_cache(maxsize=64)
def shadow_image(px: int) -> pygame.Surface:
    """A soft shadow for a die of ``px`` pixels (a little larger than the die)."""
    pad = max(2, px // 6)
    size = px + 2 * pad
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 4
    for i in range(steps):
        inset = round(pad * i / steps)
        rect = s.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(s, (0, 0, 0, 28), rect, border_radius=max(2, round(px * 0.24)))
    return s
