"""The review panel: each player's decisions against the exact chance of winning (two-player games)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.scenes.overlays import Overlay
from greed_game.app.scenes.table_parts import short_name
from greed_game.app.widgets import Button, FocusGroup
from greed_game.i18n import _, ngettext
from greed_game.narrator import num, pct
from greed_game.play.coaching import ReviewJob, SeatReview
from greed_game.play.setup import kind_label

if TYPE_CHECKING:
    from collections.abc import Sequence

    from greed_game.app.scenes.base import App
    from greed_game.rules import Event, Player, RuleSet


def points(lost: float) -> str:
    """Win chance given away, as a share of a whole game (``4.2%``; ``<0.1%`` for a sliver)."""
    return pct(lost) if lost >= 0.0005 else _("<{share}").format(share=pct(0.001))


class ReviewOverlay(Overlay):
    """Worked out in the background on opening; Esc closes it (and stops the work)."""

    name = "review"
    PANEL = pygame.Rect(LOGICAL_W // 2 - 470, 44, 940, 632)

    def __init__(self, app: App, rules: RuleSet, players: Sequence[Player], events: Sequence[Event]) -> None:
        super().__init__(app)
        skin = app.settings.skin
        self.job = ReviewJob(rules, players, events, skin=rules.skin if skin == "auto" else skin,
                             background=not app.virtual, solutions=app.solutions)
        p = self.PANEL
        self.close_button = Button(pygame.Rect(p.right - 150, p.bottom - 62, 126, 44), _("Close"), self.close,
                                   hint="Esc", size=17)
        self.focus = FocusGroup([self.close_button])

    def exit(self) -> None:
        self.job.cancel()

    def idle_for(self) -> float:
        return 0.2 if not self.job.done else super().idle_for()

    def draw(self, canvas: Canvas) -> None:
        p = self.draw_card(canvas, _("Game review"), 30)
        canvas.text(_("Every decision against the exact chance of winning, both players at their best"),
                    (p.centerx, p.y + 78), 14, theme.TEXT_DIM, anchor="center", max_width=p.w - 60)
        job = self.job
        if not job.done:
            self._draw_progress(canvas, p, job.stage, job.fraction)
        elif job.result is None:
            canvas.text(_("No review for this game:"), (p.centerx, p.centery - 16), 18, theme.WARN, anchor="center")
            canvas.text(job.problem, (p.centerx, p.centery + 14), 15, theme.TEXT_DIM, anchor="center",
                        max_width=p.w - 80)
        else:
            width = (p.w - 80) // 2
            for i, seat in enumerate(job.result):
                self._draw_seat(canvas, seat, pygame.Rect(p.x + 30 + i * (width + 20), p.y + 108, width, 440))
        self.focus.draw(canvas)

    @staticmethod
    def _draw_progress(canvas: Canvas, p: pygame.Rect, stage: str, fraction: float) -> None:
        if stage == "start":  # the process is still starting: no stage to name, no share to give yet
            line = _("Getting the review ready…")
        else:
            what = _("Reviewing every decision") if stage == "review" else _("Solving the win tables of these rules")
            line = _("{stage}… {percent}%").format(stage=what, percent=round(100 * min(1.0, fraction)))
        canvas.text(line, (p.centerx, p.centery - 24), 18, theme.TEXT, anchor="center")
        bar = pygame.Rect(p.centerx - 200, p.centery + 4, 400, 10)
        canvas.box(bar, theme.PANEL_LIGHT, radius=5)
        filled = bar.copy()
        filled.w = max(10, round(bar.w * min(1.0, fraction)))
        canvas.box(filled, theme.GOLD, radius=5)

    @staticmethod
    def _draw_seat(canvas: Canvas, seat: SeatReview, box: pygame.Rect) -> None:
        x, y, w = box.x, box.y, box.w
        canvas.text(short_name(canvas, seat.name, 22, w), (x, y), 22, theme.GOLD, max_width=w)
        canvas.text(kind_label(seat.kind), (x, y + 30), 14, theme.TEXT_DIM, max_width=w)
        if not seat.decisions or seat.accuracy is None:
            canvas.text(_("No decisions to review"), (x, y + 62), 16, theme.TEXT, max_width=w)
            return
        decisions = ngettext("{count} decision", "{count} decisions", seat.decisions).format(count=num(seat.decisions))
        canvas.text(_("{decisions}  ·  {share} best or as good").format(decisions=decisions, share=pct(seat.accuracy)),
                    (x, y + 60), 16, theme.TEXT,
                    max_width=w)
        canvas.text(_("Win chance given away in all: {share}").format(share=points(seat.lost)), (x, y + 84), 16,
                    theme.RED if seat.lost >= 0.01 else theme.TEXT, max_width=w)
        top = y + 124
        if not seat.worst:
            canvas.text(_("No decision cost a win chance worth telling."), (x, top), 16, theme.GREEN, max_width=w)
            return
        canvas.text(_("Costliest decisions"), (x, top), 15, theme.TEXT_DIM, max_width=w)
        top += 28
        for item in seat.worst:
            # A long choice (letter dice name their colours) wraps rather than lose its end.
            chose = canvas.wrap(_("chose: {choice}").format(choice=item.chosen), 15, w - 12)
            best = canvas.wrap(_("best: {choice}").format(choice=item.best), 15, w - 12)
            if top + 21 + 20 * (len(chose) + len(best)) > box.bottom:
                return
            cost = _("Round {round}  ·  cost {share} of the win chance").format(round=num(item.round),
                                                                              share=points(item.lost))
            canvas.text(cost, (x, top), 15, theme.RED, max_width=w)
            top += 21
            for lines, ink in ((chose, theme.TEXT), (best, theme.GREEN)):
                for line in lines:
                    canvas.text(line, (x + 12, top), 15, ink)
                    top += 20
            top += 9


__all__ = ["ReviewOverlay", "points"]
