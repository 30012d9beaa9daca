"""The table screen's layers in their order, drawn whole, or during a throw only where the dice move.

A frame of a throw changes nothing but the dice: the window keeps the last
frame, and the table draws again only the region where the dice were and are
now, every layer in its order and clipped to that region (what lies under the
dice is drawn once, off screen, and copied). Anything else that changes
(input, a notice counting down, kept dice on their way) draws the whole
screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Protocol

import pygame

from greed_game.app.canvas import Canvas
from greed_game.app.scenes.felt import FeltSection, resting
from greed_game.app.scenes.table_parts import ACTIONS, SIDE, TOP_BAR, draw_table_background
from greed_game.app.scenes.table_sections import ActionsSection, NoticeLayer, SideSection, TopBarSection, TraySection
from greed_game.app.skins import SkinName
from greed_game.play.snapshot import TableSnapshot
from greed_game.play.turn import TurnController

_SHOWN = tuple(f.name for f in fields(TableSnapshot) if f.compare and f.name != "dice")
"""What of a snapshot the screen shows beside the dice on the felt."""


@contextmanager
def _clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Drawing on ``surface`` touches only ``rect`` while inside."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    try:
        yield
    finally:
        surface.set_clip(clip)


class Table(Protocol):
    """The table scene as its picture sees it: its flow and its sections."""

    turn: TurnController
    felt: FeltSection
    top: TopBarSection
    tray: TraySection
    notices: NoticeLayer
    actions: ActionsSection
    side: SideSection

    @property
    def skin(self) -> SkinName:
        """The die skin in use."""
        ...


class TablePicture:
    """Draws a table scene's sections: under the dice, the felt, over the dice."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.touched = False
        """Input came since the screen was last drawn whole (a hover, a press: the next frame is drawn whole)."""
        self._drawn: tuple[tuple[object, ...], pygame.Rect] | None = None
        """During a throw: how the screen looked beside the dice when last drawn, and where the dice were drawn
        (window pixels)."""
        self._under: pygame.Surface | None = None
        """What lies under the dice, on a surface the canvas keeps (one a window: a window's size of it takes 17 ms
        to make at 3840×2160)."""
        self._under_drawn = False
        """Whether :attr:`_under` shows this screen as it was last drawn whole (only the screen last drawn whole
        draws in part, so another table screen's use of the surface always comes before this one's reset)."""

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """The whole screen (nothing past the stage: a die thrown high stays off the letterbox's bars)."""
        with _clipped(canvas.surface, canvas.stage):
            self._layers(canvas, snap)
        self.touched = False
        self._under_drawn = False
        look = self._look(snap)
        layer = self.table.felt.layer_rect(canvas, snap) if look is not None else None
        self._drawn = (look, layer) if look is not None and layer is not None else None

    def draw_changed(self, canvas: Canvas, snap: TableSnapshot) -> bool:
        """During a throw, only where the dice were and are now (False, drawing nothing: draw the whole)."""
        drawn = self._drawn
        if drawn is None or self.touched or self._look(snap) != drawn[0]:
            return False
        now = self.table.felt.layer_rect(canvas, snap)
        if now is None:
            return False
        region = drawn[1].union(now).clip(canvas.stage)
        under = self._under_dice(canvas, snap)
        with _clipped(canvas.surface, region):
            canvas.surface.blit(under, region, region)
            self.table.felt.draw(canvas, snap)
            self._above(canvas, snap, region)
        self._drawn = (drawn[0], now)
        return True

    def _under_dice(self, canvas: Canvas, snap: TableSnapshot) -> pygame.Surface:
        """What lies under the dice, drawn off screen for the first frame of a throw drawn in part: the frames
        after it copy their region of it (a tenth of the cost of drawing those layers again)."""
        window = canvas.surface
        size = window.get_size()
        under = canvas.cached(("under the dice",), lambda: pygame.Surface(size, 0, window), size=size)
        if under is not self._under:
            self._under, self._under_drawn = under, False
        if not self._under_drawn:
            canvas.surface = under
            try:
                with _clipped(under, canvas.stage):
                    self._below(canvas, snap)
            finally:
                canvas.surface = window
            self._under_drawn = True
        return under

    def _layers(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """Every layer in its order."""
        self._below(canvas, snap)
        self.table.felt.draw(canvas, snap)
        self._above(canvas, snap, None)

    def _below(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """What lies under the dice: the table and the tray (and the plates while a throw flies)."""
        draw_table_background(canvas)
        self.table.tray.draw(canvas, snap)
        if self._plates_under():
            self.table.top.draw_plates(canvas, snap)
            # (kept dice on their way to the tray keep under the plates, and under the dice in the air: drawn over
            # them, they had crossed "You" in one throw and not the next, and lain over the dice flying, helper-48)
            self.table.tray.draw_moving(canvas, rising=False)

    def _above(self, canvas: Canvas, snap: TableSnapshot, region: pygame.Rect | None) -> None:
        """What lies over the dice: the top bar (a die flung over the far rail passed over its chips' words), kept
        dice on their way, the seats' plates on the rails (but under a throw in flight), the banners, the buttons
        and the side panel (the first and the last two, which keep to their own rectangles, only where they meet
        ``region``)."""
        table = self.table
        if region is None or region.colliderect(canvas.rect(TOP_BAR)):
            table.top.draw(canvas, snap)
        # (kept dice carried to the tray pass under the seats' plates: one had crossed "You", helper-28)
        if not self._plates_under():
            table.tray.draw_moving(canvas)
            table.top.draw_plates(canvas, snap, resting(table.felt))
        else:
            table.tray.draw_moving(canvas, rising=True)  # (fading in over its die as it is lifted)
        table.tray.draw_lifted(canvas)
        table.notices.draw(canvas, snap)
        if region is None or region.colliderect(canvas.rect(ACTIONS)):
            table.actions.draw(canvas, snap)
        if region is None or region.colliderect(canvas.rect(SIDE)):
            table.side.draw(canvas, snap)

    def _plates_under(self) -> bool:
        """Whether the seats' plates lie under the dice: while a throw flies (in the air, its dice pass over the
        rails' plates) and while dice are held in the hand (up over the rail, the thrower's plate had been drawn
        over a held die, helper-40), not at rest (a die lying against a rail never hides a name), nor while dice
        are brought in or taken off over a rail (faint there, they had read as ghosts over the name, helper-28)."""
        felt = self.table.felt
        return felt.playing is not None or (felt.drag is not None and bool(felt.hold.lying))

    def _look(self, snap: TableSnapshot) -> tuple[object, ...] | None:
        """All that the screen shows but the dice of a throw in flight (None when not in a throw, or when the
        screen may change in ways this does not capture: kept dice move, a widget animates)."""
        table = self.table
        if (table.turn.mode != "rolling" or table.tray.moving() or table.felt.sweep.dice
                or table.actions.focus.idle_for() <= 0 or table.side.counting(snap)):
            return None
        # (a new window or scale is the window's to see: it draws whole after one)
        return (table.skin, len(table.felt.exits), *(getattr(snap, f) for f in _SHOWN))


__all__ = ["TablePicture"]
