"""Drawing in logical coordinates on a window of any size.

Every scene lays itself out on a logical 1280×720 stage. The :class:`Canvas`
maps that stage onto the real window (scaled to fit, centred, letterboxed)
and draws directly at the window's resolution, so text is rendered from the
font at its final pixel size and stays crisp at every window size.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

import pygame

from greed_game.app import theme
from greed_game.resources import asset_path

_T = TypeVar("_T")

LOGICAL_W = 1280
LOGICAL_H = 720
STAGE = pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H)
"""The whole logical stage."""

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]
Anchor = Literal[
    "topleft", "midtop", "topright", "midleft", "center", "midright", "bottomleft", "midbottom", "bottomright"
]
FontName = Literal["sans", "bold", "serif"]

_FONT_FILES: dict[FontName, str] = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}


@cache
def font_path(name: FontName) -> Path:
    """The file of one of the game's fonts."""
    return asset_path("fonts", _FONT_FILES[name])


SEPARATORS = frozenset({"·", "•", "|"})
"""Words that only separate the words around them: a wrapped line neither begins nor ends with one."""


def _unseparated(line: str) -> str:
    """``line`` without a separator left hanging at its end."""
    head, _, last = line.rpartition(" ")
    return head if head and last in SEPARATORS else line


class Fonts:
    """Fonts by name and pixel size, loaded on first use."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[FontName, int], pygame.font.Font] = {}

    def get(self, name: FontName, px: int) -> pygame.font.Font:
        """The font ``name`` at ``px`` pixels."""
        key = (name, max(6, px))
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(font_path(name)), key[1])
            self._fonts[key] = font
        return font


def drawable(text: str) -> str:
    """``text`` as the font can draw it: characters no font can encode (a file name's stray bytes, NUL) become
    visible replacements instead of an error."""
    if text.isascii() and "\x00" not in text:
        return text
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")


class StageMap:
    """Where the logical stage lies on a window: its scale and offset, and lengths, points and rectangles
    converted from logical units to physical pixels and back.

    Kept apart from the drawing in :class:`Canvas` (which is one) because it is plain arithmetic on three
    numbers.
    """

    def __init__(self) -> None:
        self.scale = 1.0
        self.ox = 0
        self.oy = 0

    @property
    def stage(self) -> pygame.Rect:
        """The physical rectangle the logical stage occupies."""
        return pygame.Rect(self.ox, self.oy, round(LOGICAL_W * self.scale), round(LOGICAL_H * self.scale))

    def px(self, v: float) -> int:
        """A logical length in physical pixels (at least 1 for a positive length)."""
        n = round(v * self.scale)
        return max(1, n) if v > 0 else n

    def pt(self, x: float, y: float) -> tuple[int, int]:
        """A logical point in physical pixels."""
        return (self.ox + round(x * self.scale), self.oy + round(y * self.scale))

    def rect(self, r: pygame.Rect | Sequence[float]) -> pygame.Rect:
        """A logical rectangle in physical pixels (edges rounded, so neighbours meet exactly)."""
        x, y, w, h = (r.x, r.y, r.w, r.h) if isinstance(r, pygame.Rect) else r
        left, top = self.pt(x, y)
        right, bottom = self.pt(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def to_logical(self, pos: Sequence[float]) -> tuple[float, float]:
        """A physical window position on the logical stage."""
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)


class Canvas(StageMap):
    """A window surface seen as the logical stage; all arguments are logical units."""

    TEXT_CACHE = 800
    LAYOUT_CACHE = 4000
    IMAGE_CACHE = 400
    MIN_TEXT_PX = 10
    """Text is never drawn smaller than this many pixels (small windows stay readable)."""

    def __init__(self, surface: pygame.Surface, fonts: Fonts | None = None) -> None:
        self.fonts = fonts or Fonts()
        self._text: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._layouts: OrderedDict[Hashable, Any] = OrderedDict()
        self._surface = surface
        self._pending: tuple[pygame.Surface, Color] | None = None
        """A stage still to be cleared (see :meth:`clear`): the surface and the colour."""
        super().__init__()
        self.set_target(surface)

    # -- the surface drawn on ------------------------------------------------------

    @property
    def surface(self) -> pygame.Surface:
        """The surface drawn on (a stage cleared with :meth:`clear` is filled before anything touches it)."""
        if self._pending is not None:
            self._flush_clear()
        return self._surface

    @surface.setter
    def surface(self, surface: pygame.Surface) -> None:
        if self._pending is not None:
            self._flush_clear()
        self._surface = surface

    def set_target(self, surface: pygame.Surface) -> None:
        """Draw on ``surface`` from now on (after a resize or for an off-screen render)."""
        self.surface = surface
        w, h = surface.get_size()
        scale = max(0.05, min(w / LOGICAL_W, h / LOGICAL_H))
        if abs(scale - self.scale) > 1e-9:
            self._text.clear()
            self._images.clear()
            self._layouts.clear()
        self.scale = scale
        self.ox = (w - round(LOGICAL_W * scale)) // 2
        self.oy = (h - round(LOGICAL_H * scale)) // 2

    # -- caches -------------------------------------------------------------------

    def cached(self, key: Hashable, build: Callable[[], pygame.Surface], *,
               size: tuple[int, int] | None = None) -> pygame.Surface:
        """A physical-size image built once per scale (least recently used ones are dropped); with ``size``, built
        again when the one kept has another size (one a key, where a key with the size would keep one a size)."""
        image = self._images.get(key)
        if image is None or (size is not None and image.get_size() != size):
            image = build()
            self._images[key] = image
            if len(self._images) > self.IMAGE_CACHE:
                self._images.popitem(last=False)
        else:
            self._images.move_to_end(key)
        return image

    # -- shapes -------------------------------------------------------------------

    def clear(self, color: Color = theme.LETTERBOX) -> None:
        """Fill the whole window (letterbox included).

        The letterbox is filled at once; the stage only when something is
        drawn or the surface is touched, so that a :meth:`backdrop` that
        covers the stage saves a fill of the whole window every frame.
        """
        surface = self._surface
        stage = self.stage
        w, h = surface.get_size()
        for bar in (pygame.Rect(0, 0, w, stage.y), pygame.Rect(0, stage.bottom, w, h - stage.bottom),
                    pygame.Rect(0, stage.y, stage.x, stage.h), pygame.Rect(stage.right, stage.y, w - stage.right,
                                                                          stage.h)):
            if bar.w > 0 and bar.h > 0:
                surface.fill(color, bar)
        self._pending = (surface, color)

    def _flush_clear(self) -> None:
        assert self._pending is not None
        surface, color = self._pending
        self._pending = None
        surface.fill(color, self.stage)

    def backdrop(self, image: pygame.Surface) -> None:
        """An opaque image of the stage's physical size drawn over the whole stage (a scene's background).

        It hides everything under it, so a :meth:`clear` not yet carried out is
        dropped instead of filling the stage for nothing.
        """
        stage = self.stage
        covers = (image.get_size() == stage.size and not image.get_flags() & pygame.SRCALPHA
                  and image.get_alpha() is None and image.get_colorkey() is None)
        if covers and self._pending is not None and self._pending[0] is self._surface:
            self._pending = None
        self.surface.blit(image, stage.topleft)

    def box(
        self,
        r: pygame.Rect | Sequence[float],
        color: Color | None,
        *,
        radius: float = 0,
        border: float = 0,
        border_color: Color | None = None,
    ) -> None:
        """A filled rectangle, optionally rounded and outlined; colours with alpha are blended."""
        pr = self.rect(r)
        rad = self.px(radius) if radius else 0
        if color is not None:
            if len(color) == 4 and color[3] < 255:
                self.surface.blit(self._alpha_box(pr.size, color, rad), pr.topleft)
            else:
                pygame.draw.rect(self.surface, color, pr, border_radius=rad)
        if border and border_color is not None:
            pygame.draw.rect(self.surface, border_color, pr, max(1, self.px(border)), border_radius=rad)

    def _alpha_box(self, size: tuple[int, int], color: Color, radius: int) -> pygame.Surface:
        def build() -> pygame.Surface:
            s = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(s, color, s.get_rect(), border_radius=radius)
            return s

        return self.cached(("alpha-box", size, color, radius), build)

    def line(self, color: Color, a: Point, b: Point, width: float = 1) -> None:
        """A straight line."""
        pygame.draw.line(self.surface, color, self.pt(*a), self.pt(*b), max(1, self.px(width)))

    def lines(self, color: Color, points: Sequence[Point], width: float = 1) -> None:
        """A polyline through ``points``."""
        if len(points) >= 2:
            pygame.draw.lines(self.surface, color, False, [self.pt(*p) for p in points], max(1, self.px(width)))

    def circle(self, color: Color, center: Point, radius: float, width: float = 0) -> None:
        """A circle (filled when ``width`` is 0)."""
        pygame.draw.circle(self.surface, color, self.pt(*center), self.px(radius), self.px(width) if width else 0)

    def polygon(self, color: Color, points: Sequence[Point], width: float = 0) -> None:
        """A polygon (filled when ``width`` is 0)."""
        pygame.draw.polygon(self.surface, color, [self.pt(*p) for p in points], self.px(width) if width else 0)

    def blit(self, image: pygame.Surface, center: Point) -> None:
        """A physical-size image centred on a logical point."""
        cx, cy = self.pt(*center)
        self.surface.blit(image, (cx - image.get_width() // 2, cy - image.get_height() // 2))

    # -- text ---------------------------------------------------------------------

    def font(self, size: float, font: FontName = "sans") -> pygame.font.Font:
        """The font for ``size`` logical pixels at the current scale."""
        return self.fonts.get(font, max(round(size * self.scale), min(self.MIN_TEXT_PX, round(size))))

    def render(self, text: str, size: float, color: Color, font: FontName = "sans") -> pygame.Surface:
        """Rendered text at the current scale (cached)."""
        text = drawable(text)
        key = (text, size, color, font)
        image = self._text.get(key)
        if image is not None:
            self._text.move_to_end(key)
            return image
        image = self.font(size, font).render(text, True, color)
        self._text[key] = image
        if len(self._text) > self.TEXT_CACHE:
            self._text.popitem(last=False)
        return image

    def _remembered(self, key: Hashable, work: Callable[[], _T]) -> _T:
        """``work()``, remembered by ``key`` (until the scale changes): every frame lays out the same words
        again, and measuring them is a good part of a frame's cost."""
        try:
            self._layouts.move_to_end(key)
            return self._layouts[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._layouts[key] = work()
            if len(self._layouts) > self.LAYOUT_CACHE:
                self._layouts.popitem(last=False)
            return value

    def text_width(self, text: str, size: float, font: FontName = "sans") -> float:
        """The logical width of ``text``."""
        return self._remembered(("width", text, size, font),
                                lambda: self.font(size, font).size(drawable(text))[0] / self.scale)

    def text(
        self,
        text: str,
        pos: Point,
        size: float = 18,
        color: Color = theme.TEXT,
        *,
        font: FontName = "sans",
        anchor: Anchor = "topleft",
        shadow: Color | None = None,
        max_width: float | None = None,
        alpha: int = 255,
    ) -> pygame.Rect:
        """Draw one line of text anchored at ``pos``; returns its physical rectangle.

        With ``max_width`` the text is shortened with an ellipsis to fit; ``alpha`` below 255 draws it faded.
        """
        if max_width is not None:
            text = self.fit(text, size, max_width, font)
        image = self.render(text, size, color, font)
        r = image.get_rect()
        setattr(r, anchor, self.pt(*pos))
        if alpha <= 0:
            return r
        if shadow is not None:
            under = self.render(text, size, shadow, font)
            off = max(1, self.px(1.5))
            self.surface.blit(_faded(under, alpha), (r.x + off, r.y + off))
        self.surface.blit(_faded(image, alpha), r)
        return r

    def fit(self, text: str, size: float, width: float, font: FontName = "sans") -> str:
        """``text`` shortened with an ellipsis so that it fits in ``width``."""
        return self._remembered(("fit", text, size, width, font), lambda: self._fit(text, size, width, font))

    def _fit(self, text: str, size: float, width: float, font: FontName) -> str:
        f = self.font(size, font)
        limit = width * self.scale
        text = drawable(text)
        if f.size(text)[0] <= limit:
            return text
        # The longest prefix that fits, by bisection: a name of thousands of characters costs a few measures.
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if f.size(text[:mid] + "…")[0] <= limit:
                low = mid
            else:
                high = mid - 1
        return text[:low].rstrip() + "…"

    def wrap(self, text: str, size: float, width: float, font: FontName = "sans") -> list[str]:
        """Split ``text`` into lines no wider than ``width`` (words kept whole where possible)."""
        return list(self._remembered(("wrap", text, size, width, font),
                                     lambda: tuple(self._wrap(text, size, width, font))))

    def _wrap(self, text: str, size: float, width: float, font: FontName) -> list[str]:
        f = self.font(size, font)
        limit = width * self.scale
        lines: list[str] = []
        for paragraph in drawable(text).split("\n"):
            words = paragraph.split(" ")
            line = ""
            for word in words:
                candidate = word if not line else f"{line} {word}"
                if f.size(candidate)[0] <= limit or not line:
                    line = candidate
                else:
                    lines.append(_unseparated(line))
                    # (a separator is where the line breaks: one starting a line had read "· win chance 52.7% ·",
                    # helper-35)
                    line = "" if word in SEPARATORS else word
            lines.append(_unseparated(line))
        return lines

    def paragraph(
        self, text: str, r: pygame.Rect | Sequence[float], size: float = 16, color: Color = theme.TEXT,
        *, font: FontName = "sans", spacing: float = 1.3,
    ) -> float:
        """Wrapped text inside a logical rectangle; returns the logical height used.

        Text that needs more lines than the rectangle holds ends its last line with an ellipsis.
        """
        x, y, w, h = (r.x, r.y, r.w, r.h) if isinstance(r, pygame.Rect) else r
        line_h = size * spacing
        lines = self.wrap(text, size, w, font)
        room = max(0, int((h + 0.5) // line_h))
        if 0 < room < len(lines):
            lines = [*lines[: room - 1], self.fit(" ".join(lines[room - 1 :]), size, w, font)]
        used = 0.0
        for line in lines[:room]:
            self.text(line, (x, y + used), size, color, font=font)
            used += line_h
        return used


@contextmanager
def clipped(canvas: Canvas, r: pygame.Rect | Sequence[float]) -> Iterator[None]:
    """Drawing on ``canvas`` touches only the logical rectangle ``r`` (within what it may touch already) while
    inside."""
    surface = canvas.surface
    clip = surface.get_clip()
    surface.set_clip(clip.clip(canvas.rect(r)))
    try:
        yield
    finally:
        surface.set_clip(clip)


def _faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """``image`` drawn at ``alpha`` (a copy: rendered text is cached and shared)."""
    if alpha >= 255:
        return image
    faded = image.copy()
    faded.set_alpha(alpha)
    return faded
