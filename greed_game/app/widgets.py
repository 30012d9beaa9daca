"""Buttons, selectors and text fields, usable with the mouse and the keyboard.

Widgets live in logical coordinates. A :class:`FocusGroup` owns a list of
them: the mouse hovers and clicks, Tab/arrows move the keyboard focus, Enter
activates, Left/Right change a selector, typing edits a text field. A button's
action may return where to go next; the group hands it to its scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas, FontName
from greed_game.app.input import Click, Input, KeyPress, Move, Release, Scroll, TextInput
from greed_game.app.navigation import Go

T = TypeVar("T")


class Widget:
    """Something on screen the player can point at or focus."""

    focusable = True
    captures_vertical = False
    """Whether ↑ ↓ go to the widget first (a list moving its selection) before moving the focus."""

    def __init__(self, rect: pygame.Rect, *, enabled: bool = True) -> None:
        self.rect = rect
        self.enabled = enabled
        self.visible = True

    def contains(self, pos: tuple[float, float]) -> bool:
        """Whether the logical point is on the widget."""
        return self.visible and self.rect.collidepoint(pos)

    def activate(self) -> Go | None:
        """Enter pressed while focused; where to go next (None: stay)."""
        return None

    def point(self, pos: tuple[float, float] | None) -> None:
        """The mouse is over the widget at a logical point (None: it left)."""

    def click(self, pos: tuple[float, float]) -> Go | None:
        """Clicked at a logical point; where to go next (None: stay)."""
        return self.activate()

    def key(self, press: KeyPress) -> bool:
        """A key other than focus movement; True when used."""
        return False

    def text(self, typed: str) -> bool:
        """Typed text; True when used."""
        return False

    def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
        """Draw the widget."""


def draw_focus(canvas: Canvas, rect: pygame.Rect, radius: float = 10) -> None:
    """The keyboard-focus ring around a widget."""
    canvas.box(rect.inflate(8, 8), None, radius=radius + 4, border=2.5, border_color=theme.FOCUS)


class Button(Widget):
    """A labelled button; ``hint`` names its key (drawn under the label)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], Go | None],
        *,
        hint: str = "",
        primary: bool = False,
        enabled: bool = True,
        size: float = 18,
    ) -> None:
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.action = action
        self.hint = hint
        self.primary = primary
        self.size = size

    def activate(self) -> Go | None:
        return self.action() if self.enabled else None

    def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        if not self.enabled:
            fill, ink = theme.BUTTON_DISABLED, theme.TEXT_DIM
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if hovered or focused else theme.BUTTON_PRIMARY
            ink = theme.TEXT_DARK
        else:
            fill = theme.BUTTON_HOVER if hovered or focused else theme.BUTTON
            ink = theme.TEXT
        canvas.box(r.move(0, 3), (0, 0, 0, 70), radius=10)
        canvas.box(r, fill, radius=10)
        edge = theme.PANEL_EDGE
        if self.enabled:
            edge = (236, 206, 130) if self.primary else (92, 100, 112)
        canvas.box(r, None, radius=10, border=1, border_color=edge)
        if focused and self.enabled:
            draw_focus(canvas, r)
        cx, cy = r.centerx, r.centery
        # A label too long for the button (a longer language) gets a smaller size before it is cut.
        size = self.size
        while size > 12 and canvas.text_width(self.label, size, "bold") > r.w - 12:
            size -= 1
        if self.hint and r.h >= 40:
            canvas.text(self.label, (cx, cy - 7), size, ink, font="bold", anchor="center", max_width=r.w - 12)
            hint_ink = (70, 52, 20) if self.primary and self.enabled else theme.TEXT_DIM
            hint_size = 12  # (a long line, Continue's game, gets a smaller size before it is cut)
            while hint_size > 10 and canvas.text_width(self.hint, hint_size) > r.w - 12:
                hint_size -= 1
            canvas.text(self.hint, (cx, cy + 12), hint_size, hint_ink, anchor="center", max_width=r.w - 12)
        else:
            label = f"{self.label}  [{self.hint}]" if self.hint else self.label
            canvas.text(label, (cx, cy), self.size, ink, font="bold", anchor="center", max_width=r.w - 12)


class Selector(Widget, Generic[T]):
    """A choice among options, changed with ◀ ▶ (click) or Left/Right (keys)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        options: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], None],
        *,
        label_width: float = 0,
        wrap: bool = True,
    ) -> None:
        super().__init__(rect)
        self.wrap = wrap
        """Whether stepping past the last option comes back to the first (not for numbers)."""
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.label_width = label_width

    @property
    def value(self) -> T:
        """The chosen option."""
        return self.options[self.index][0]

    def set_value(self, value: T) -> None:
        """Choose ``value`` without calling ``on_change``."""
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), self.index)

    def step(self, delta: int) -> None:
        """Move to the next (``+1``) or previous (``-1``) option."""
        if not self.enabled or not self.options:
            return
        index = self.index + delta
        if self.wrap:
            index %= len(self.options)
        elif not 0 <= index < len(self.options):
            return
        self.index = index
        self.on_change(self.value)

    @property
    def box(self) -> pygame.Rect:
        """The value box (right of the label)."""
        return pygame.Rect(self.rect.x + self.label_width, self.rect.y, self.rect.w - self.label_width, self.rect.h)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos: tuple[float, float]) -> None:
        box = self.box
        self.step(-1 if pos[0] < box.x + box.h else 1)

    def key(self, press: KeyPress) -> bool:
        if press.key in ("left", "-"):
            self.step(-1)
            return True
        if press.key in ("right", "+"):
            self.step(1)
            return True
        return False

    def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        if self.label_width:
            canvas.text(self.label, (r.x, r.centery), 17, theme.TEXT_DIM, anchor="midleft",
                        max_width=self.label_width - 8)
        box = self.box
        fill = theme.BUTTON_HOVER if hovered or focused else theme.BUTTON
        canvas.box(box, fill if self.enabled else theme.BUTTON_DISABLED, radius=8)
        if focused:
            draw_focus(canvas, box, 8)
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        arrow = theme.GOLD if self.enabled else theme.TEXT_DIM
        cy = box.centery
        h = box.h
        _triangle(canvas, (box.x + h * 0.5, cy), h * 0.18, -1, arrow)
        _triangle(canvas, (box.right - h * 0.5, cy), h * 0.18, 1, arrow)
        canvas.text(self.options[self.index][1], (box.centerx, cy), 16, ink, font="bold", anchor="center",
                    max_width=box.w - 1.6 * h)


def _triangle(
    canvas: Canvas, center: tuple[float, float], size: float, direction: int, color: tuple[int, int, int]
) -> None:
    x, y = center
    d = direction * size
    canvas.polygon(color, [(x + d, y), (x - d, y - size), (x - d, y + size)])


BLINK_MS = 530
"""The text cursor shows and hides for this long each."""


class TextField(Widget):
    """A one-line text field (names); type to edit, Backspace to delete."""

    def __init__(
        self,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        *,
        placeholder: str = "",
        max_len: int = 16,
        show_end: bool = False,
        size: float = 17,
    ) -> None:
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len
        self.show_end = show_end
        """When the text is too long to show, show its end (a path) rather than its start (a name)."""
        self.size = size

    def key(self, press: KeyPress) -> bool:
        if press.key == "backspace" and self.value:
            self.value = "" if press.ctrl else self.value[:-1]
            self.on_change(self.value)
            return True
        return press.key in ("left", "right", "space", "delete", "home", "end") or len(press.key) == 1

    def text(self, typed: str) -> bool:
        clean = "".join(ch for ch in typed if ch.isprintable())
        if clean and len(self.value) < self.max_len:
            self.value = (self.value + clean)[: self.max_len]
            self.on_change(self.value)
        return True

    def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        canvas.box(r, (22, 25, 30), radius=8, border=1.5, border_color=theme.GOLD if focused else theme.PANEL_EDGE)
        x = r.x + 12
        size = self.size
        if self.value:
            # While typing, the end (where the caret is) shows; otherwise a name shows from its start.
            value = fit_end(canvas, self.value, size, r.w - 28) if self.show_end or focused else self.value
            shown = canvas.text(value, (x, r.centery), size, theme.TEXT, anchor="midleft", max_width=r.w - 28)
            caret_x = canvas.to_logical(shown.topright)[0] + 2
        else:
            canvas.text(self.placeholder, (x, r.centery), size, theme.TEXT_DIM, anchor="midleft", max_width=r.w - 24)
            caret_x = x
        if focused and (pygame.time.get_ticks() // BLINK_MS) % 2 == 0:
            canvas.line(theme.GOLD, (caret_x, r.y + 9), (caret_x, r.bottom - 9), 2)


def fit_end(canvas: Canvas, text: str, size: float, width: float) -> str:
    """``text`` shortened from the start with an ellipsis so that its end fits in ``width``."""
    if canvas.text_width(text, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest tail that fits after "…"
        mid = (lo + hi) // 2
        if canvas.text_width("…" + text[mid:], size) <= width:
            hi = mid
        else:
            lo = mid + 1
    return "…" + text[lo:]


def fit_middle(canvas: Canvas, text: str, size: float, width: float, font: FontName = "sans") -> str:
    """``text`` with its middle replaced by an ellipsis so that it fits in ``width`` (paths keep both ends)."""
    if canvas.text_width(text, size, font) <= width:
        return text
    keep = len(text)
    while keep > 2:
        keep -= 1
        head = keep // 2
        candidate = text[:head] + "…" + text[len(text) - (keep - head) :]
        if canvas.text_width(candidate, size, font) <= width:
            return candidate
    return "…"


RowDrawer = Callable[[Canvas, int, pygame.Rect, bool], None]
"""Draws row ``index`` in a rectangle; the flag says whether it is the selected row."""


class ListBox(Widget):
    """A scrolling list of rows: ↑ ↓ PgUp PgDn Home End move the selection, Enter or a click picks a row.

    The rows are drawn by the owner (``draw_row``), so a list of games and a
    table of figures share the scrolling, the selection and the scroll bar.
    """

    captures_vertical = True

    def __init__(
        self,
        rect: pygame.Rect,
        row_h: float,
        count: int,
        draw_row: RowDrawer,
        on_pick: Callable[[int], Go | None] | None = None,
        *,
        empty: str = "",
    ) -> None:
        super().__init__(rect)
        self.row_h = row_h
        self.count = count
        self.draw_row = draw_row
        self.on_pick = on_pick
        self.empty = empty
        self.selected = 0
        self.top = 0
        """The first row shown."""
        self.hover_row: int | None = None

    @property
    def rows_shown(self) -> int:
        """How many rows fit."""
        return max(1, int(self.rect.h // self.row_h))

    def set_count(self, count: int) -> None:
        """The number of rows changed (a list read again)."""
        self.count = count
        self.selected = max(0, min(self.selected, count - 1))
        self.scroll(0)

    def scroll(self, rows: int) -> None:
        """Scroll by ``rows`` (positive: down), keeping within the list."""
        self.top = max(0, min(self.top + rows, self.count - self.rows_shown))

    def select(self, index: int) -> None:
        """Select row ``index`` (clamped) and scroll it into view."""
        if self.count <= 0:
            self.selected = 0
            return
        self.selected = max(0, min(index, self.count - 1))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows_shown:
            self.top = self.selected - self.rows_shown + 1
        self.scroll(0)

    def row_at(self, pos: tuple[float, float]) -> int | None:
        """The row under a logical point, if any."""
        if not self.contains(pos):
            return None
        index = self.top + int((pos[1] - self.rect.y) // self.row_h)
        return index if 0 <= index < self.count and index < self.top + self.rows_shown else None

    def point(self, pos: tuple[float, float] | None) -> None:
        self.hover_row = None if pos is None else self.row_at(pos)

    def activate(self) -> Go | None:
        if self.enabled and self.on_pick is not None and 0 <= self.selected < self.count:
            return self.on_pick(self.selected)
        return None

    def click(self, pos: tuple[float, float]) -> Go | None:
        index = self.row_at(pos)
        if index is None:
            return None
        self.select(index)
        return self.activate()

    def key(self, press: KeyPress) -> bool:
        if self.count <= 0:
            return False
        page = self.rows_shown
        moves = {"up": -1, "down": 1, "pageup": -page, "pagedown": page}
        if press.key in moves:
            target = self.selected + moves[press.key]
            if press.key in ("up", "down") and not 0 <= target < self.count:
                return False  # at the end of the list: the focus moves on
            self.select(target)
            return True
        if press.key == "home":
            self.select(0)
            return True
        if press.key == "end":
            self.select(self.count - 1)
            return True
        return False

    def draw(self, canvas: Canvas, *, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        if self.count <= 0:
            if self.empty:
                canvas.paragraph(self.empty, pygame.Rect(r.x + 12, r.y + 10, r.w - 24, r.h - 20), 15, theme.TEXT_DIM)
            return
        clip = canvas.surface.get_clip()
        canvas.surface.set_clip(canvas.rect(r).clip(clip))
        for i in range(self.top, min(self.count, self.top + self.rows_shown)):
            row = pygame.Rect(r.x, round(r.y + (i - self.top) * self.row_h), r.w - 14, round(self.row_h) - 4)
            chosen = i == self.selected and self.on_pick is not None and focused
            if chosen:
                canvas.box(row, (255, 255, 255, 26), radius=8, border=1.5, border_color=theme.GOLD)
            elif hovered and i == self.hover_row and self.on_pick is not None:
                canvas.box(row, (255, 255, 255, 18), radius=8, border=1, border_color=theme.PANEL_EDGE)
            self.draw_row(canvas, i, row, chosen)
        canvas.surface.set_clip(clip)
        if self.count > self.rows_shown:
            track = pygame.Rect(r.right - 6, r.y, 5, r.h - 4)
            canvas.box(track, (255, 255, 255, 25), radius=3)
            thumb_h = max(24.0, track.h * self.rows_shown / self.count)
            span = self.count - self.rows_shown
            thumb_y = track.y + (track.h - thumb_h) * (self.top / span if span else 0)
            canvas.box(pygame.Rect(track.x, round(thumb_y), 5, round(thumb_h)), theme.GOLD_DARK, radius=3)


class FocusGroup:
    """Keyboard focus and mouse hover over a list of widgets."""

    def __init__(self, widgets: Sequence[Widget] = (), *, focus: int = 0, menu: bool = False) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = focus
        self.hover: Widget | None = None
        self.keyboard = False
        """The focus ring is shown once the keyboard has been used."""
        self.menu = menu
        """A list of choices: once the keyboard moves, the gold goes with the focus (one button looks chosen,
        the one Enter presses), not left on the first."""

    def set(self, widgets: Sequence[Widget], *, keep_focus: bool = True) -> None:
        """Replace the widgets (after a layout change), keeping the focus index if possible."""
        self.widgets = list(widgets)
        if not keep_focus:
            self.focus = 0
        self._fix_focus(1)

    @property
    def focused(self) -> Widget | None:
        """The widget with keyboard focus."""
        if not self.widgets:
            return None
        return self.widgets[self.focus % len(self.widgets)]

    def idle_for(self) -> float:
        """Seconds until the widgets look different on their own: the next blink of a focused text cursor."""
        if isinstance(self.focused, TextField):
            return (BLINK_MS - pygame.time.get_ticks() % BLINK_MS) / 1000
        return math.inf

    def focus_on(self, widget: Widget) -> None:
        """Move the focus to ``widget``."""
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def _usable(self, w: Widget) -> bool:
        return w.visible and w.enabled and w.focusable

    def _fix_focus(self, direction: int) -> None:
        n = len(self.widgets)
        if not n:
            self.focus = 0
            return
        self.focus %= n
        for _ in range(n):
            if self._usable(self.widgets[self.focus]):
                return
            self.focus = (self.focus + direction) % n

    def move(self, direction: int) -> None:
        """Focus the next (``+1``) or previous (``-1``) usable widget."""
        if not self.widgets:
            return
        self.focus = (self.focus + direction) % len(self.widgets)
        self._fix_focus(direction)

    def at(self, pos: tuple[float, float]) -> Widget | None:
        """The widget under a logical point."""
        return next((w for w in reversed(self.widgets) if w.contains(pos)), None)

    def handle(self, event: Input) -> Go | bool:
        """Route an input to the widgets; True when one of them used it, where to go next when it says so."""
        if isinstance(event, Move):
            hover = self.at(event.pos)
            if self.hover is not None and self.hover is not hover:
                self.hover.point(None)
            self.hover = hover
            if hover is not None:
                hover.point(event.pos)
            return False
        if isinstance(event, Click):
            w = self.at(event.pos)
            self.hover = w
            if w is None or not w.enabled or event.button != 1:
                return False
            self.keyboard = False
            if w.focusable:
                self.focus_on(w)
            return w.click(event.pos) or True
        if isinstance(event, TextInput):
            w = self.focused
            return w is not None and w.text(event.text)
        if isinstance(event, (Scroll, Release)):
            return False
        focused = self.focused
        if event.key in ("down", "up") and focused is not None and focused.captures_vertical and focused.key(event):
            self.keyboard = True
            return True
        if event.key in ("tab", "down", "up"):
            self.keyboard = True
            self.move(-1 if event.key == "up" or (event.key == "tab" and event.shift) else 1)
            return True
        if focused is None:
            return False
        if event.key == "enter":
            self.keyboard = True
            return focused.activate() or True
        if focused.key(event):
            self.keyboard = True
            return True
        return False

    def draw(self, canvas: Canvas) -> None:
        """Draw every widget, the focused one with its ring."""
        focused = self.focused if self.keyboard else None
        lead = self.menu and isinstance(focused, Button)
        for w in self.widgets:
            primary = isinstance(w, Button) and w.primary
            if lead and isinstance(w, Button):
                w.primary = w is focused
            w.draw(canvas, focused=w is focused or (isinstance(w, TextField) and w is self.focused),
                   hovered=w is self.hover and w.enabled)
            if isinstance(w, Button):
                w.primary = primary
