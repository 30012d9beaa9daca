"""Messages shown at the top of the window for a while (file problems, notices); a click closes one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas

TOAST_W = 860
TOAST_LINES = 4
"""A message at the top of the window wraps onto at most this many lines."""
SHOWN_AT_ONCE = 4


@dataclass
class Toast:
    """A message shown at the top of the window for a while (file problems, notices)."""

    text: str
    ttl: float = 9.0
    warning: bool = True


class Toasts:
    """The messages on show, newest last (a sequence, so they can be read like a list)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.shown: list[Toast] = []

    def __iter__(self) -> Iterator[Toast]:
        return iter(self.shown)

    def __len__(self) -> int:
        return len(self.shown)

    def __getitem__(self, index: int) -> Toast:
        return self.shown[index]

    def add(self, text: str, *, warning: bool = True, ttl: float = 9.0) -> None:
        """Show ``text`` (unless it is on show already); the oldest go when there are too many."""
        if not any(t.text == text for t in self.shown):
            self.shown.append(Toast(text, ttl, warning))
            del self.shown[:-SHOWN_AT_ONCE]

    def tick(self, dt: float) -> None:
        """``dt`` seconds of their time passed (they are removed by :meth:`expire`)."""
        for t in self.shown:
            t.ttl -= dt

    def expire(self) -> None:
        """Remove the messages whose time is up."""
        self.shown = [t for t in self.shown if t.ttl > 0]

    def click(self, pos: tuple[float, float]) -> bool:
        """Close the message at logical ``pos``; whether there was one."""
        for t, r in self._rects():
            if r.collidepoint(pos):
                self.shown.remove(t)
                return True
        return False

    def draw(self, canvas: Canvas) -> None:
        """Draw the messages over everything else."""
        for t, r in self._rects():
            edge = theme.WARN if t.warning else theme.PANEL_EDGE
            canvas.box(r, (26, 24, 20, 235), radius=10, border=1.5, border_color=edge)
            lines = self._lines(t)
            top = r.centery - 9 * len(lines)
            for i, line in enumerate(lines):
                canvas.text(line, (r.x + 16, top + i * 18), 14, theme.WARN if t.warning else theme.TEXT)
            canvas.text("×", (r.right - 14, r.y + 4), 16, theme.TEXT_DIM, anchor="topright")

    def _lines(self, toast: Toast) -> list[str]:
        lines = self.canvas.wrap(toast.text, 14, TOAST_W - 56)
        if len(lines) > TOAST_LINES:
            lines = [*lines[: TOAST_LINES - 1], self.canvas.fit(" ".join(lines[TOAST_LINES - 1 :]), 14, TOAST_W - 56)]
        return lines

    def _rects(self) -> list[tuple[Toast, pygame.Rect]]:
        out = []
        y = 10
        for t in self.shown:
            h = 26 + 18 * max(1, len(self._lines(t)))
            out.append((t, pygame.Rect(LOGICAL_W // 2 - TOAST_W // 2, y, TOAST_W, h)))
            y += h + 6
        return out
