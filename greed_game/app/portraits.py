"""The computer characters' portraits, drawn by the game's code: a cameo for each level.

Each face is drawn on a 100×100 grid at four times the size asked for, then scaled down smoothly (pygame's
shapes have hard edges). A small cameo must still tell the characters apart, so each has its own backdrop
colour and one big mark: Penny's grey bun and spectacles, Brutus's red bandana and black beard, Ada's dark
bob and square glasses, Hugo's hat and white moustache, Sibyl's violet hood and gold circlet.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas

Color = tuple[int, int, int]
SUPERSAMPLE = 4
SKIN_LIGHT: Color = (236, 196, 160)
SKIN_WARM: Color = (214, 160, 118)
SKIN_DARK: Color = (160, 110, 76)
INK: Color = (34, 26, 22)


class Pen:
    """Shapes on the 100×100 grid of a portrait, drawn on a surface of any size."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.k = surface.get_width() / 100

    def _r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        return pygame.Rect(round(x * k), round(y * k), max(1, round(w * k)), max(1, round(h * k)))

    def ellipse(self, color: Color, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        pygame.draw.ellipse(self.surface, color, self._r(x, y, w, h), round(width * self.k) if width else 0)

    def rect(self, color: Color, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        pygame.draw.rect(self.surface, color, self._r(x, y, w, h), border_radius=round(radius * self.k))

    def poly(self, color: Color, *points: tuple[float, float]) -> None:
        pygame.draw.polygon(self.surface, color, [(x * self.k, y * self.k) for x, y in points])

    def line(self, color: Color, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.surface, color, (a[0] * self.k, a[1] * self.k), (b[0] * self.k, b[1] * self.k),
                         max(1, round(width * self.k)))

    def arc(self, color: Color, x: float, y: float, w: float, h: float, start: float, stop: float,
            width: float) -> None:
        pygame.draw.arc(self.surface, color, self._r(x, y, w, h), start, stop, max(1, round(width * self.k)))


def _face(pen: Pen, skin: Color, *, eyes: Color = INK, smile: float = 0.0) -> None:
    """Neck, head, ears, eyes and a mouth (``smile``: 0 a flat line, 1 a broad smile)."""
    pen.rect(skin, 42, 62, 16, 20)
    pen.ellipse(skin, 27, 44, 8, 14)
    pen.ellipse(skin, 65, 44, 8, 14)
    pen.ellipse(skin, 31, 24, 38, 48)
    pen.ellipse(eyes, 39.5, 44, 6, 6)
    pen.ellipse(eyes, 54.5, 44, 6, 6)
    pen.ellipse((255, 255, 255), 41.5, 45, 2, 2)
    pen.ellipse((255, 255, 255), 56.5, 45, 2, 2)
    pen.poly(_shade(skin, 0.82), (50, 48), (46, 58), (51, 58))
    if smile > 0:
        pen.arc((120, 50, 44), 41, 55 - 4 * smile, 18, 8 + 6 * smile, 3.5, 5.9, 2.2)
    else:
        pen.line((120, 50, 44), (44, 64), (56, 64), 2.2)


def _shade(color: Color, k: float) -> Color:
    r, g, b = color
    return (min(255, round(r * k)), min(255, round(g * k)), min(255, round(b * k)))


def _shoulders(pen: Pen, cloth: Color, collar: Color | None = None) -> None:
    pen.ellipse(cloth, 12, 74, 76, 50)
    if collar is not None:
        pen.poly(collar, (40, 76), (50, 90), (60, 76), (56, 74), (50, 82), (44, 74))


def _penny(pen: Pen) -> None:
    """Cautious: a grey bun, round spectacles, a lavender cardigan with a pearl."""
    hair = (198, 196, 200)
    _shoulders(pen, (150, 120, 176), (236, 232, 240))
    pen.ellipse(hair, 38, 6, 24, 20)
    pen.ellipse(hair, 28, 20, 44, 34)
    _face(pen, SKIN_LIGHT, smile=0.5)
    pen.ellipse(hair, 30, 20, 40, 16)
    pen.ellipse((170, 168, 174), 44, 10, 12, 6)
    for x in (36.5, 51.5):
        pen.ellipse((120, 86, 40), x, 41, 12, 12, 1.8)
    pen.line((120, 86, 40), (48.5, 47), (51.5, 47), 1.6)
    pen.ellipse((250, 246, 236), 47, 88, 6, 6)


def _brutus(pen: Pen) -> None:
    """Bold: a red bandana, a black beard, a broad grin, a striped shirt."""
    _shoulders(pen, (60, 60, 70))
    for x in (22, 40, 58, 76):
        pen.rect((220, 214, 200), x, 78, 6, 30)
    _face(pen, SKIN_WARM, smile=1.0)
    beard = (36, 26, 22)
    pen.poly(beard, (30, 48), (34, 66), (42, 78), (50, 80), (58, 78), (66, 66), (70, 48), (66, 56), (58, 62),
             (42, 62), (34, 56))
    pen.rect(beard, 40, 58, 20, 4, 2)
    pen.arc((250, 240, 230), 42, 58, 16, 8, 3.3, 6.1, 2.4)
    band = (206, 44, 40)
    pen.ellipse(band, 29, 20, 42, 22)
    pen.rect(band, 29, 30, 42, 8)
    pen.poly(band, (68, 30), (82, 24), (80, 36))
    pen.poly(band, (68, 32), (84, 38), (76, 44))
    for x, y in ((38, 26), (50, 24), (60, 28)):
        pen.ellipse((250, 230, 220), x, y, 3, 3)
    pen.line(beard, (38, 40), (46, 42), 2.4)
    pen.line(beard, (54, 42), (62, 40), 2.4)


def _ada(pen: Pen) -> None:
    """Expert: a dark bob with a straight fringe, square glasses, a teal jacket."""
    hair = (30, 24, 28)
    _shoulders(pen, (30, 120, 124), (226, 230, 226))
    pen.ellipse(hair, 26, 18, 48, 52)
    pen.rect(hair, 26, 40, 48, 26, 6)
    _face(pen, SKIN_DARK, smile=0.3)
    pen.rect(hair, 31, 20, 38, 16, 8)
    for x in (36, 51):
        pen.rect((20, 20, 24), x, 42, 13, 10, 2)
        pen.rect((120, 170, 190), x + 1.6, 43.6, 9.8, 6.8, 1)
        pen.ellipse(INK, x + 4, 45, 5, 5)
    pen.line((20, 20, 24), (49, 46), (51, 46), 1.6)
    pen.ellipse(theme.GOLD, 70, 56, 4, 4)


def _hugo(pen: Pen) -> None:
    """Master: a brown hat with a gold band, a white moustache, a waistcoat and bow tie."""
    _shoulders(pen, (92, 60, 36), (236, 232, 220))
    pen.poly((30, 24, 20), (44, 78), (50, 84), (56, 78), (56, 84), (44, 84))
    _face(pen, SKIN_LIGHT, smile=0.2)
    white = (240, 238, 232)
    pen.ellipse(white, 28, 40, 8, 14)
    pen.ellipse(white, 64, 40, 8, 14)
    pen.poly(white, (50, 58), (40, 56), (33, 62), (42, 61), (50, 60), (58, 61), (67, 62), (60, 56))
    pen.line(white, (38, 40), (46, 41), 2.4)
    pen.line(white, (54, 41), (62, 40), 2.4)
    hat = (86, 58, 40)
    pen.ellipse(hat, 16, 30, 68, 12)
    pen.rect(hat, 30, 12, 40, 24, 8)
    pen.rect(theme.GOLD_DARK, 30, 28, 40, 5)
    pen.line(_shade(hat, 0.7), (50, 13), (50, 22), 2)


def _sibyl(pen: Pen) -> None:
    """Optimal: a violet hood, a gold circlet with a stone, eyes that glow."""
    hood = (92, 52, 150)
    pen.ellipse(hood, 14, 64, 72, 60)
    pen.ellipse(hood, 20, 12, 60, 70)
    pen.ellipse((40, 22, 70), 28, 22, 44, 56)
    _face(pen, (222, 200, 214), eyes=(40, 120, 150), smile=0.3)
    pen.ellipse((24, 16, 30), 31, 26, 38, 14)
    pen.rect(theme.GOLD, 32, 32, 36, 3.5)
    pen.poly((120, 220, 230), (50, 28), (46, 33.5), (50, 39), (54, 33.5))
    pen.poly(theme.GOLD, (50, 70), (46, 78), (50, 86), (54, 78))


def _unknown(pen: Pen) -> None:
    """A level without a character: a plain silhouette."""
    pen.ellipse((120, 126, 134), 14, 66, 72, 60)
    pen.ellipse((120, 126, 134), 32, 22, 36, 44)


PAINTERS: dict[str, Callable[[Pen], None]] = {
    "cautious": _penny,
    "bold": _brutus,
    "expert": _ada,
    "master": _hugo,
    "optimal": _sibyl,
}
BACKDROPS: dict[str, Color] = {
    "cautious": (72, 96, 84),
    "bold": (110, 46, 30),
    "expert": (44, 58, 92),
    "master": (46, 70, 46),
    "optimal": (28, 24, 52),
}


def paint(level: str, px: int) -> pygame.Surface:
    """The portrait of ``level``'s character, ``px`` pixels across: a round cameo with a gold rim."""
    big = max(8, px) * SUPERSAMPLE
    face = pygame.Surface((big, big), pygame.SRCALPHA)
    face.fill((*BACKDROPS.get(level, (60, 64, 70)), 255))
    pen = Pen(face)
    pen.ellipse(_shade(BACKDROPS.get(level, (60, 64, 70)), 1.35), 8, 2, 84, 70)  # light behind the head
    PAINTERS.get(level, _unknown)(pen)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (big / 2, big / 2), big / 2)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.circle(face, theme.GOLD_DARK, (big / 2, big / 2), big / 2, max(1, round(big * 0.045)))
    return pygame.transform.smoothscale(face, (max(8, px), max(8, px)))


def portrait(canvas: Canvas, level: str, size: float) -> pygame.Surface:
    """``level``'s portrait ``size`` logical pixels across, at the canvas's scale (built once a size)."""
    px = canvas.px(size)
    return canvas.cached(("portrait", level, px), lambda: paint(level, px))


def draw_portrait(canvas: Canvas, level: str, center: tuple[float, float], size: float) -> None:
    """``level``'s portrait centred on a logical point."""
    canvas.blit(portrait(canvas, level, size), center)


def draw_seat_badge(canvas: Canvas, kind: str, name: str, color: Color, center: tuple[float, float],
                    size: float) -> None:
    """A seat's face: a computer's portrait; a person's initial on their seat's colour."""
    if kind != "human":
        draw_portrait(canvas, kind, center, size)
        return
    canvas.circle(color, center, size / 2)
    canvas.circle(theme.GOLD_DARK, center, size / 2, 1.2)
    initial = (name.strip()[:1] or "?").upper()
    canvas.text(initial, center, size * 0.5, theme.TEXT_DARK, font="bold", anchor="center")


__all__ = ["PAINTERS", "draw_portrait", "draw_seat_badge", "paint", "portrait"]
