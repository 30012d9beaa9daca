"""The scoreboard: the winner(s), a chart of the scores, each player's figures and every round's totals."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.input import Input, KeyPress, Move, Scroll
from greed_game.app.navigation import Go, Push, Replace, ToMenu, ToNewGame, ToReplay, ToReview, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import draw_backdrop, draw_heading, draw_panel
from greed_game.app.scenes.table_parts import short_name
from greed_game.app.widgets import Button, FocusGroup, fit_middle
from greed_game.i18n import _, ngettext, percent
from greed_game.narrator import Narrator, num
from greed_game.narrator.rules_text import rules_name
from greed_game.play.history import score_series, seat_figures
from greed_game.play.setup import GameSetup
from greed_game.play.user_rules import display_path
from greed_game.rules import Game, Record, record_of
from greed_game.rules.history import game_history

if TYPE_CHECKING:
    from pathlib import Path

    from greed_game.app.scenes.base import App

CHART = pygame.Rect(30, 96, 760, 340)
FIGURES = pygame.Rect(810, 96, 440, 340)
ROUNDS = pygame.Rect(30, 452, 1220, 180)
SETTLE = 0.6
"""Seconds after the result opens in which keys and clicks are not yet its own: one meant for the table's last
moment (a key goes on to the result) had started a new game before the result was seen."""


class ScoreboardScene(Scene):
    """The end of a game."""

    name = "scoreboard"

    def __init__(self, app: App, setup: GameSetup, game: Game) -> None:
        super().__init__(app)
        self.setup = setup
        self.game = game
        self.history = game_history(game)
        n = len(game.players)
        self.series = score_series(self.history, n)
        self.figures = [seat_figures(self.history, seat) for seat in range(n)]
        self.rounds = max(len(s) - 1 for s in self.series)
        self.title = Narrator(game.rules, [p.name for p in game.players]).events.winners(game.winners)
        self.column = 0
        """First round shown in the table of totals (scrolls with ← →)."""
        self.play_again = Button(pygame.Rect(1070, 648, 180, 52), _("Play again"), self.again, hint="Enter",
                                 primary=True)
        self.menu = Button(pygame.Rect(878, 648, 180, 52), _("Menu"), self.to_menu, hint="Esc")
        self.watch = Button(pygame.Rect(686, 648, 180, 52), _("Watch replay"), self.watch_replay, hint="R", size=17)
        self.export_button = Button(pygame.Rect(494, 648, 180, 52), _("Export record"), self.export, hint="X", size=17)
        # (greyed with no word why in a game of three, helper-28)
        self.review_button = Button(pygame.Rect(302, 648, 180, 52), _("Review"), self.review,
                                    hint="V" if n == 2 else _("two players only"), size=17, enabled=n == 2)
        self.exported: Path | None = None
        self.focus = FocusGroup([self.review_button, self.export_button, self.watch, self.menu, self.play_again],
                                focus=4)
        self.column = max(0, self.rounds - self.visible_columns)
        self.shown_for = 0.0
        """Seconds the result has been on the screen."""

    visible_columns = 14

    def update(self, dt: float) -> Go | None:
        self.shown_for += dt
        return None

    def idle_for(self) -> float:
        left = SETTLE - self.shown_for
        return min(left, super().idle_for()) if left > 0 else super().idle_for()

    def again(self) -> Go:
        """A new game with the same seats and rules."""
        return Replace(ToNewGame(self.setup))

    def to_menu(self) -> Go:
        """Back to the main menu."""
        return Replace(ToMenu())

    def record(self) -> Record:
        """The finished game's record."""
        return record_of(self.game, self.setup.rules_ref, self.setup.overrides)

    def export(self) -> None:
        """Write the game's record to the exports folder and show where."""
        self.exported = self.app.export_record(self.record()) or self.exported

    def review(self) -> Go | None:
        """Each player's decisions against the exact chance of winning (two-player games)."""
        if len(self.game.players) != 2:
            return None
        return Push(ToReview(self.game.rules, self.game.players, self.game.events))

    def watch_replay(self) -> Go | None:
        """Watch the game again, step by step."""
        loaded = self.app.storage.archive.open_replay(self.record())
        if loaded is None:
            self.app.show_problems()
            return None
        return Push(ToReplay(loaded))

    def handle(self, event: Input) -> Go | None:
        if self.shown_for < SETTLE and not isinstance(event, Move):
            return None
        if isinstance(event, KeyPress):
            if event.key == "escape":
                return self.to_menu()
            if event.key in ("left", "right"):
                self._scroll(-1 if event.key == "left" else 1)
                return None
            if event.key == "enter" and not self.focus.keyboard:
                return self.again()
            if event.key == "x":
                self.export()
                return None
            if event.key == "r":
                return self.watch_replay()
            if event.key == "v":
                return self.review()
        if isinstance(event, Scroll):
            self._scroll(-event.dy)
            return None
        return went(self.focus.handle(event))

    def _scroll(self, delta: int) -> None:
        self.column = max(0, min(self.rounds - self.visible_columns, self.column + delta))
        self.column = max(0, self.column)

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        game = self.game
        draw_heading(canvas, self.title, (LOGICAL_W / 2, 44), 40, anchor="center")
        rules = game.rules
        turns = len(self.history.turns)
        counted = ngettext("{count} turn", "{count} turns", turns).format(count=num(turns))
        line = _("{rules}  ·  target {target}  ·  {turns}").format(rules=rules_name(rules), target=num(rules.target),
                                                                   turns=counted)
        canvas.text(line, (LOGICAL_W / 2, 80), 15, theme.TEXT_DIM, anchor="center")
        self._draw_chart(canvas)
        self._draw_figures(canvas)
        self._draw_rounds(canvas)
        self.focus.draw(canvas)
        if self.exported is not None:
            where = _("Record exported to {folder}").format(folder=display_path(self.exported.parent) + os.sep)
            canvas.text(fit_middle(canvas, where, 13, 256), (32, 662), 13, theme.GREEN, anchor="midleft")
            canvas.text(fit_middle(canvas, self.exported.name, 13, 256), (32, 684), 13, theme.TEXT, anchor="midleft")
        else:
            canvas.text(_("Enter play again  ·  Esc menu"), (32, 664), 13, theme.TEXT_DIM, anchor="midleft",
                        max_width=256)
            canvas.text(_("← → scroll the rounds"), (32, 684), 13, theme.TEXT_DIM, anchor="midleft", max_width=256)

    def _draw_chart(self, canvas: Canvas) -> None:
        draw_panel(canvas, CHART, _("Score over the game"))
        plot = pygame.Rect(CHART.x + 70, CHART.y + 50, CHART.w - 170, CHART.h - 90)
        top = max([self.game.rules.target, *(max(s) for s in self.series)])
        top = max(500, -(-top // 1000) * 1000) if top > 1000 else max(500, -(-top // 100) * 100)
        rounds = max(1, self.rounds)
        for i in range(5):
            value = top * i / 4
            y = plot.bottom - plot.h * i / 4
            canvas.line((52, 58, 66) if i else theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
            canvas.text(num(int(value)), (plot.x - 8, y), 12, theme.TEXT_DIM, anchor="midright")
        ticks = sorted({0, rounds, *range(0, rounds + 1, max(1, rounds // 8))})
        for r in ticks:
            x = plot.x + plot.w * r / rounds
            canvas.text(str(r), (x, plot.bottom + 8), 12, theme.TEXT_DIM, anchor="midtop")
        canvas.text(_("round"), (plot.right, plot.bottom + 24), 11, theme.TEXT_DIM, anchor="topright")
        ty = plot.bottom - plot.h * self.game.rules.target / top
        for x0 in range(plot.x, plot.right, 14):
            canvas.line(theme.GOLD_DARK, (x0, ty), (min(x0 + 7, plot.right), ty), 1.5)
        canvas.text(_("target"), (plot.x + 4, ty - 3), 11, theme.GOLD_DARK, anchor="bottomleft")
        ends: list[tuple[float, int]] = []
        for seat, series in enumerate(self.series):
            pts = [(plot.x + plot.w * i / rounds, plot.bottom - plot.h * v / top) for i, v in enumerate(series)]
            color = theme.seat_color(seat)
            canvas.lines(color, pts, 3 if seat in self.game.winners else 2)
            canvas.circle(color, pts[-1], 5)
            # a seat whose last turn came before the last round's end: dashed on to its name at the right (its
            # name had stood by another seat's line, helper-42)
            x, y = pts[-1]
            for x0 in range(round(x) + 8, plot.right, 10):
                canvas.line(color, (x0, y), (min(x0 + 5, plot.right), y), 1.5)
            ends.append((pts[-1][1], seat))
        last_y = -1e9
        for y, seat in sorted(ends):
            y = max(y, last_y + 16)
            last_y = y
            room = CHART.right - plot.right - 24
            canvas.text(short_name(canvas, self.game.players[seat].name, 13, room), (plot.right + 14, y), 13,
                        theme.seat_color(seat), font="bold", anchor="midleft", max_width=room)

    def _draw_figures(self, canvas: Canvas) -> None:
        r = FIGURES
        draw_panel(canvas, r, _("Players"))
        # (the totals stand further from the turns: at 854×480 their heads read as one, "Total Turns")
        # (a four-figure average stands clear of the bust rate: "0%1,575" had read as one, helper-29)
        cols = [("", r.x + 20, "midleft"), (_("Total"), r.x + 202, "midright"),
                (_("Turns"), r.x + 262, "midright"), (_("Bust"), r.x + 314, "midright"),
                (_("Avg"), r.x + 374, "midright"), (_("Best"), r.x + 428, "midright")]
        y: float = r.y + 56
        for label, x, anchor in cols:
            canvas.text(label, (x, y), 12, theme.TEXT_DIM, font="bold", anchor=anchor)  # type: ignore[arg-type]
        n = len(self.game.players)
        top, bottom = r.y + 66, r.bottom - 34  # between the column heads and the key under the table
        row_h = min(40.0, (bottom - top) / max(1, n))
        order = sorted(range(n), key=lambda s: -self.game.state.scores[s])
        for i, seat in enumerate(order):
            y = top + (i + 0.5) * row_h
            f = self.figures[seat]
            won = seat in self.game.winners
            if won:
                canvas.box(pygame.Rect(r.x + 10, y - row_h / 2 + 2, r.w - 20, row_h - 4), (*theme.GOLD, 30), radius=6)
            canvas.circle(theme.seat_color(seat), (r.x + 26, y), 6)
            name = ("★ " if won else "") + short_name(canvas, self.game.players[seat].name, 15, 112 - 18 * won)
            canvas.text(name, (r.x + 40, y), 15, theme.GOLD if won else theme.TEXT, font="bold", anchor="midleft",
                        max_width=112)
            values = [num(self.game.state.scores[seat]), num(f.turns), percent(f.bust_rate),
                      num(round(f.average_turn)), num(f.best_turn)]
            for (_label, x, _a), text in zip(cols[1:], values, strict=True):
                canvas.text(text, (x, y), 15, theme.TEXT, anchor="midright")
        canvas.text(_("Bust: turns lost · Avg: points/turn · Best: top turn"),
                    (r.x + 20, r.bottom - 18), 11, theme.TEXT_DIM, anchor="midleft", max_width=r.w - 40)

    def _draw_rounds(self, canvas: Canvas) -> None:
        r = ROUNDS
        draw_panel(canvas, r, _("Totals after each round"))
        n = len(self.game.players)
        name_w = 150
        col_w = (r.w - name_w - 40) / self.visible_columns
        y0 = r.y + 50
        row_h = min(24, (r.bottom - 8 - (y0 + 10)) / max(1, n))  # 8 seats fit above the panel's bottom
        first = self.column
        last = min(self.rounds, first + self.visible_columns)
        for c, rnd in enumerate(range(first, last)):
            x = r.x + 20 + name_w + col_w * (c + 0.5)
            canvas.text(str(rnd + 1), (x, y0), 12, theme.TEXT_DIM, font="bold", anchor="center")
        turns = [self.history.turns_of(seat) for seat in range(n)]
        for seat in range(n):
            y = y0 + 10 + (seat + 0.5) * row_h
            name = short_name(canvas, self.game.players[seat].name, 13, name_w - 10)
            canvas.text(name, (r.x + 24, y), 13, theme.seat_color(seat), font="bold", anchor="midleft",
                        max_width=name_w - 10)
            for c, rnd in enumerate(range(first, last)):
                if rnd >= len(turns[seat]):
                    continue
                x = r.x + 20 + name_w + col_w * (c + 0.5)
                turn = turns[seat][rnd]
                total = self.series[seat][rnd + 1]
                text = num(total) if not turn.bust else f"✗ {num(total)}"
                canvas.text(text, (x, y), 13, theme.RED if turn.bust else theme.TEXT, anchor="center",
                            max_width=col_w - 4)
        if self.rounds > self.visible_columns:
            shown = _("rounds {first}–{last} of {count}   ← →").format(first=first + 1, last=last, count=self.rounds)
            canvas.text(shown, (r.right - 20, r.y + 16), 12,
                        theme.TEXT_DIM, anchor="topright")
