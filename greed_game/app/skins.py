"""Die faces drawn at any pixel size: classic pips and the $GREED letters.

The $GREED skin follows RULES.md: D blue, E ebony, E emerald, R red, G orange,
$ silver. The two E's differ by more than colour: the ebony E is a solid
black letter on the ivory face, the emerald E is an ivory letter cut into an
emerald gem (light on dark against dark on light, whatever the colours).

Everything is drawn several times larger than asked and scaled down smoothly,
so rounded corners, pips and outlines have soft edges even at 20 pixels.
A letter face can be asked for a quarter turned (``quarter``): the die's view
uses that to keep a letter within 45° of upright however the die lies.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal

import pygame

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
    5: (226, 108, 10),
    6: (112, 119, 134),
}
"""The colour each letter is known by (the $'s is the middle of its steel shading)."""
LETTER_NAMES = {1: "D blue", 2: "E ebony", 3: "E emerald", 4: "R red", 5: "G orange", 6: "$ silver"}

BODY = (250, 246, 236)
BODY_EDGE = (206, 196, 176)
PIP = (30, 28, 30)

EMERALD_DARK = (6, 92, 50)
EMERALD_LIGHT = (70, 190, 128)
SILVER_TOP = (152, 160, 174)
SILVER_BOTTOM = (72, 79, 94)
SILVER_EDGE = (46, 50, 58)
SILVER_TOP_SMALL = (124, 132, 146)
SILVER_BOTTOM_SMALL = (62, 68, 82)
EDGE_FROM = 0.75
"""An outline thinner than this (pixels) is left out: drawn a whole pixel wide it would smother a small
letter."""

_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    # (as wide apart as a four's, and a little taller: a six turned 30 to 45 degrees had been read as a five,
    # helper-40)
    6: ((0.26, 0.23), (0.74, 0.23), (0.26, 0.5), (0.74, 0.5), (0.26, 0.77), (0.74, 0.77)),
}


def _supersample(px: int) -> int:
    """How many times larger than ``px`` a face is drawn before it is scaled down."""
    return 4 if px <= 48 else 3 if px <= 120 else 2


def _clear(size: tuple[int, int], rgb: tuple[int, int, int]) -> pygame.Surface:
    """A transparent surface whose hidden colour is ``rgb``.

    Smooth scaling averages colour and alpha apart, so the colour of the
    transparent pixels bleeds into soft edges: making it the edge's own colour
    keeps a dark fringe off light marks (and a light one off dark marks).
    """
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((*rgb, 0))
    return s


def _down(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


@lru_cache(maxsize=256)
def body_image(w: int, h: int) -> pygame.Surface:
    """A blank die body (rounded ivory block seen from above), ``w`` × ``h`` pixels."""
    w, h = max(2, w), max(2, h)
    k = _supersample(min(w, h))
    big = _clear((w * k, h * k), BODY_EDGE)
    full = big.get_rect()
    radius = round(min(w, h) * k * 0.2)
    pygame.draw.rect(big, BODY_EDGE, full, border_radius=radius)
    inset = round(min(w, h) * k * 0.05)
    inner = full.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, BODY, inner, border_radius=max(1, radius - inset))
    # a soft light from above: the upper half of the face a little brighter
    glow = _clear(inner.size, (255, 255, 255))
    pygame.draw.rect(glow, (255, 255, 255, 70), glow.get_rect(), border_radius=max(1, radius - inset))
    glow.fill((0, 0, 0, 0), pygame.Rect(0, inner.h // 2, inner.w, inner.h))
    big.blit(glow, inner.topleft)
    return _down(big, (w, h))


@lru_cache(maxsize=32)
def _serif(size: int) -> pygame.font.Font:
    return pygame.font.Font(str(font_path("serif")), max(6, size))


def _glyph(text: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered and cropped to its inked pixels (so it can be centred on what is seen)."""
    image = _serif(size).render(text, True, color)
    return image.subsurface(image.get_bounding_rect(min_alpha=8)).copy()


def _outlined(s: pygame.Surface, glyph: pygame.Surface, edge: pygame.Surface, center: tuple[float, float],
              width: float) -> None:
    """``glyph`` centred on ``center`` over an outline of ``edge`` ``width`` pixels thick."""
    rect = glyph.get_rect(center=(round(center[0]), round(center[1])))
    t = max(1, round(width))
    steps = 16
    for i in range(steps):
        a = 2 * math.pi * i / steps
        s.blit(edge, rect.move(round(t * math.cos(a)), round(t * math.sin(a))))
    s.blit(glyph, rect)


def _gem(size: int) -> pygame.Surface:
    """An emerald cut as an octagon, ``size`` pixels across (the emerald E's stone)."""
    s = _clear((size, size), EMERALD_DARK)
    cut = size * 0.27

    def octagon(inset: float) -> list[tuple[float, float]]:
        a, b, c = inset, cut + inset * 0.4, size - inset
        d = size - cut - inset * 0.4
        return [(b, a), (d, a), (c, b), (c, d), (d, c), (b, c), (a, d), (a, b)]

    pygame.draw.polygon(s, EMERALD_DARK, octagon(0))
    inner = octagon(size * 0.07)
    pygame.draw.polygon(s, LETTER_COLORS[3], inner)
    # the light catches the upper left facets
    pygame.draw.lines(s, EMERALD_LIGHT, False, [inner[6], inner[7], inner[0], inner[1]], max(1, round(size * 0.025)))
    return s


GLYPH_SUPERSAMPLE_FROM = 48
"""Below this size (px) letters are rendered by the font at their own size: its hinting keeps the thin
strokes of a 20 px letter crisp, where a letter scaled down from a large one turns grey."""


def _letter_ink(px: int, face: int) -> pygame.Surface:
    k = _supersample(px) if px >= GLYPH_SUPERSAMPLE_FROM else 1
    n = px * k
    s = _clear((n, n), LETTER_COLORS[face] if face not in (3, 6) else (EMERALD_DARK if face == 3 else SILVER_EDGE))
    center = (n / 2, n / 2)
    if face == 3:
        # emerald E: an ivory letter cut into an emerald (the stone always drawn large and scaled down)
        size = round(n * 0.74)
        gem = _gem(size * _supersample(px) // k)
        if gem.get_width() != size:
            gem = _down(gem, (size, size))
        s.blit(gem, gem.get_rect(center=(round(n / 2), round(n / 2))))
        glyph = _glyph("E", round(n * 0.54), BODY)
        s.blit(glyph, glyph.get_rect(center=(round(n / 2), round(n / 2))))
    elif face == 6:
        # silver: steel shaded from light to dark, with a dark edge, so it stands out from the ivory
        # (too small for an edge, the steel is darker instead)
        edged = n * 0.018 >= EDGE_FROM
        top, bottom = (SILVER_TOP, SILVER_BOTTOM) if edged else (SILVER_TOP_SMALL, SILVER_BOTTOM_SMALL)
        shape = _glyph("$", round(n * 0.7), (255, 255, 255))
        shade = pygame.Surface(shape.get_size(), pygame.SRCALPHA)
        h = shade.get_height()
        for y in range(h):
            u = y / max(1, h - 1)
            color = tuple(round(a + (b - a) * u) for a, b in zip(top, bottom, strict=True))
            pygame.draw.line(shade, (*color, 255), (0, y), (shade.get_width(), y))
        shade.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        if edged:
            _outlined(s, shade, _glyph("$", round(n * 0.7), SILVER_EDGE), center, n * 0.018)
        else:
            # the $'s strokes are a pixel wide at this size: doubled sideways so they read as ink
            rect = shade.get_rect(center=(round(center[0]), round(center[1])))
            s.blit(shade, rect)
            s.blit(shade, rect.move(1, 0))
    else:
        color = LETTER_COLORS[face]
        glyph = _glyph(LETTERS[face], round(n * 0.64), color)
        if face == 5 and n * 0.014 >= EDGE_FROM:
            # orange is light: a darker edge keeps the G crisp on ivory
            _outlined(s, glyph, _glyph("G", round(n * 0.64), (150, 62, 0)), center, n * 0.014)
        else:
            s.blit(glyph, glyph.get_rect(center=(round(center[0]), round(center[1]))))
    return s if k == 1 else _down(s, (px, px))


def _pip_ink(px: int, face: int) -> pygame.Surface:
    k = _supersample(px)
    n = px * k
    s = _clear((n, n), PIP)
    r = n * (0.11 if face == 1 else 0.092)
    for x, y in _PIPS[face]:
        cx, cy = x * n, y * n
        pygame.draw.circle(s, PIP, (cx, cy), r)
        # a drilled pip: light caught on its lower right rim
        pygame.draw.circle(s, (112, 106, 100), (cx + r * 0.16, cy + r * 0.16), r * 0.84)
        pygame.draw.circle(s, PIP, (cx - r * 0.04, cy - r * 0.04), r * 0.82)
    return _down(s, (px, px))


@lru_cache(maxsize=512)
def ink_image(skin: SkinName, face: int, px: int, quarter: int = 0) -> pygame.Surface:
    """Only the marks of a face (pips or letter) on a transparent square, turned ``quarter`` quarter turns
    anticlockwise."""
    px = max(8, px)
    if quarter % 4:
        return pygame.transform.rotate(ink_image(skin, face, px), 90 * (quarter % 4))
    return _letter_ink(px, face) if skin == "greed" else _pip_ink(px, face)


@lru_cache(maxsize=512)
def face_image(skin: SkinName, face: int, px: int, quarter: int = 0) -> pygame.Surface:
    """The top view of a die showing ``face``, ``px`` pixels square (cached); its marks turned ``quarter``
    quarter turns anticlockwise."""
    px = max(8, px)
    image = body_image(px, px).copy()
    # SDL's own blending: where the marks are transparent the body is left as it is (pygame's would copy
    # the marks' hidden colour into the body's transparent corners, and turning the die smears it in)
    image.blit(ink_image(skin, face, px, quarter), (0, 0), special_flags=pygame.BLEND_ALPHA_SDL2)
    return image


@lru_cache(maxsize=64)
def shadow_image(px: int) -> pygame.Surface:
    """A soft shadow for a die of ``px`` pixels (a little larger than the die)."""
    pad = max(2, px // 6)
    size = px + 2 * pad
    s = _clear((size, size), (0, 0, 0))
    inset = round(pad * 0.5)
    rect = s.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(s, (0, 0, 0, 104), rect, border_radius=max(2, round(px * 0.22)))
    # blurred by scaling down and back up: an edge that fades over about the padding, without steps
    f = max(1, pad // 2)
    small = pygame.transform.smoothscale(s, (max(1, size // f), max(1, size // f)))
    return pygame.transform.smoothscale(small, (size, size))
