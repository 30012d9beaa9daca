"""The statistics screen: each player name's and each computer level's figures across games, and how fair the
dice have been.

Every figure comes from :meth:`greed_game.storage.Storage.statistics` (a
:class:`~greed_game.stats.StatisticsView`): the screen only lays them out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import draw_upright
from greed_game.app.input import Input, KeyPress, Scroll
from greed_game.app.navigation import Go, Pop, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import draw_backdrop, draw_heading, draw_keys_help, draw_panel
from greed_game.app.widgets import Button, FocusGroup, ListBox, Selector
from greed_game.i18n import N_, _, decimal, ngettext, percent, say
from greed_game.narrator import num, pct
from greed_game.narrator.seats import level_name
from greed_game.narrator.words import sentence
from greed_game.stats import MIN_DICE_FOR_VERDICT, Fairness, PlayerRow, StatisticsView

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.app.skins import SkinName

PLAYERS = pygame.Rect(40, 96, 744, 536)
FAIRNESS = pygame.Rect(812, 96, 428, 536)
TABLE = pygame.Rect(PLAYERS.x + 16, PLAYERS.y + 84, PLAYERS.w - 30, 392)
ROW_H = 40
COLUMNS: tuple[tuple[str, int], ...] = (
    (N_("Games"), 322),
    (N_("Wins"), 376),
    (N_("Win rate"), 456),
    (N_("Avg turn"), 540),
    (N_("Best turn"), 626),
    (N_("Busts"), 688),
)
"""Column titles and the x (from the row's left) their figures end at."""
PLOT = pygame.Rect(FAIRNESS.x + 40, FAIRNESS.y + 104, FAIRNESS.w - 70, 196)


class StatisticsScene(Scene):
    """Games, wins, average and best turn and bust rate of every player name; the dice fairness panel."""

    name = "statistics"

    def __init__(self, app: App, view: StatisticsView | None = None) -> None:
        super().__init__(app)
        self.view = view if view is not None else app.storage.statistics()
        for problem in self.view.problems:
            app.toast(problem)
        top = max(self.view.players, key=lambda q: (q.wins, q.win_rate), default=None)
        self.leader = top.name if top is not None and top.wins > 0 else None
        """The name with the most wins (starred)."""
        self.by = "names"
        """Whose figures the table shows: player names, or computer levels."""
        self.table = ListBox(TABLE, ROW_H, len(self.view.players), self._draw_row)
        self.back = Button(pygame.Rect(40, 648, 200, 52), _("Back"), self.close, hint="Esc")
        self.by_selector = Selector(pygame.Rect(PLAYERS.right - 296, PLAYERS.y + 10, 280, 36), "",
                                    [("names", _("By player name")), ("levels", _("By computer level"))], self.by,
                                    self.show_by)
        self.by_selector.visible = self.by_selector.enabled = bool(self.view.players)
        self.focus = FocusGroup([self.by_selector, self.back])
        self.focus.focus = 1

    @property
    def rows(self) -> tuple[PlayerRow, ...]:
        """The rows shown: the names', or the levels' (weakest level first)."""
        if self.by == "names":
            return self.view.players
        from greed_game.play.setup import computer_levels

        order = {level: i for i, level in enumerate(computer_levels())}
        return tuple(sorted(self.view.levels, key=lambda r: (order.get(r.name, len(order)), r.name)))

    def show_by(self, by: str) -> None:
        """Show the figures by player name (``"names"``) or by computer level (``"levels"``)."""
        self.by = by
        self.by_selector.set_value(by)
        self.table.set_count(len(self.rows))
        self.table.select(0)

    @property
    def skin(self) -> SkinName:
        """The dice skin of the settings (pips unless the player chose the letters)."""
        return "greed" if self.app.settings.skin == "greed" else "pips"

    def close(self) -> Go:
        """Back to the menu."""
        return Pop()

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            moves = {"up": -1, "down": 1, "pageup": -self.table.rows_shown, "pagedown": self.table.rows_shown,
                     "home": -10**6, "end": 10**6}
            if event.key == "escape":
                return self.close()
            if event.key in moves:
                self.table.scroll(moves[event.key])
                return None
            if event.key in ("left", "right"):
                self.by_selector.key(event)
                return None
        if isinstance(event, Scroll):
            self.table.scroll(-3 * event.dy)
            return None
        return went(self.focus.handle(event))

    # -- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        draw_heading(canvas, _("Statistics"), (40, 28), 38)
        games = self.view.games
        counted = _("No finished game counted yet") if not games else ngettext(
            "{count} finished game counted", "{count} finished games counted", games).format(count=num(games))
        x = 40 + canvas.text_width(_("Statistics"), 38, "serif") + 28
        canvas.text(counted, (x, 56), 16, theme.TEXT_DIM, anchor="midleft")
        self._draw_players(canvas)
        self._draw_fairness(canvas)
        self.focus.draw(canvas)
        scrolls = self.table.count > self.table.rows_shown
        switch = _("← → by name or by level   ·   ") if self.view.players else ""
        scroll = _("↑ ↓ or the wheel scroll   ·   ") if scrolls else ""
        draw_keys_help(canvas, scroll + switch + _("Esc back"))

    def _draw_players(self, canvas: Canvas) -> None:
        r = PLAYERS
        draw_panel(canvas, r, _("Players") if self.by == "names" else _("Computer levels"))
        if not self.view.players:
            self._draw_empty(canvas)
            return
        y = r.y + 62
        if not self.rows:
            canvas.paragraph(_("No computer player has finished a game yet. Every computer seat of a finished "
                               "game counts here for its level, whatever its name."),
                             pygame.Rect(TABLE.x + 14, y + 30, TABLE.w - 40, 80), 15, theme.TEXT_DIM)
            return
        canvas.text(_("Name") if self.by == "names" else _("Level"), (TABLE.x + 14, y), 12, theme.TEXT_DIM, font="bold",
                    anchor="midleft")
        for title, x in COLUMNS:
            canvas.text(_(title), (TABLE.x + x, y), 12, theme.TEXT_DIM, font="bold", anchor="midright")
        canvas.line(theme.PANEL_EDGE, (TABLE.x, y + 14), (TABLE.right - 14, y + 14), 1)
        self.table.draw(canvas, focused=False, hovered=False)
        if self.table.count > self.table.rows_shown:
            first = self.table.top + 1
            last = min(self.table.count, self.table.top + self.table.rows_shown)
            canvas.text(_("{first}–{last} of {count}").format(first=first, last=last, count=self.table.count),
                        (self.by_selector.rect.x - 14, r.y + 28), 12,
                        theme.TEXT_DIM, anchor="midright")
        note = _("Avg turn: points a turn, busts counted as 0   ·   Best turn: most points in one turn   ·   "
                 "Busts: share of turns that ended in a bust")
        canvas.paragraph(note, pygame.Rect(r.x + 22, r.bottom - 48, r.w - 44, 40), 12, theme.TEXT_DIM)

    def _draw_row(self, canvas: Canvas, index: int, row: pygame.Rect, selected: bool) -> None:
        p = self.rows[index]
        if index % 2 == 0:
            canvas.box(row, (255, 255, 255, 10), radius=6)
        cy = row.centery
        leader = self.by == "names" and p.name == self.leader
        name = ("★ " if leader else "") + (p.name if self.by == "names" else sentence(_("{level} computer").format(
            level=level_name(p.name))))
        canvas.text(name, (row.x + 14, cy), 16, theme.GOLD if leader else theme.TEXT, font="bold", anchor="midleft",
                    max_width=COLUMNS[0][1] - 76)
        values = [
            num(p.games),
            num(p.wins),
            percent(p.win_rate),
            num(round(p.average_turn)) if p.turns else "–",
            num(p.best_turn) if p.turns else "–",
            percent(p.bust_rate) if p.turns else "–",
        ]
        for (_title, x), text in zip(COLUMNS, values, strict=True):
            canvas.text(text, (row.x + x, cy), 16, theme.TEXT, anchor="midright")

    def _draw_empty(self, canvas: Canvas) -> None:
        r = PLAYERS
        for i, face in enumerate((1, 5, 6, 2)):
            draw_upright(canvas, self.skin, face, (r.centerx - 105 + i * 70, r.y + 170 + (i % 2) * 8), 52)
        canvas.text(_("No finished games yet"), (r.centerx, r.y + 262), 24, theme.TEXT, font="bold", anchor="center")
        text = _("Every game played to the end is counted here: games, wins, the average and best turn and how "
                 "often each player busts, for every player name, and every die thrown for the fairness panel.")
        canvas.paragraph(text, pygame.Rect(r.x + 90, r.y + 296, r.w - 180, 80), 16, theme.TEXT_DIM)
        if self.view.problems:
            said = " ".join(say(p) for p in self.view.problems)
            canvas.paragraph(said, pygame.Rect(r.x + 90, r.y + 390, r.w - 180, 110), 14, theme.WARN)

    def _draw_fairness(self, canvas: Canvas) -> None:
        r = FAIRNESS
        f = self.view.fairness
        draw_panel(canvas, r, _("Dice fairness"))
        expected = f.dice / 6
        head = ngettext("{count} die thrown", "{count} dice thrown", f.dice).format(count=num(f.dice)) if f.dice else (
            _("No dice thrown yet"))
        canvas.text(head, (r.x + 22, r.y + 46), 14, theme.TEXT_DIM, max_width=r.w - 44)
        if f.dice:
            label = _("expected {count} a face").format(count=decimal(expected))
            lx = r.right - 22 - canvas.text_width(label, 13)
            canvas.text(label, (r.right - 22, r.y + 55), 13, theme.BLUE, anchor="midright")
            for dx in (0, 12):
                canvas.line(theme.BLUE, (lx - 32 + dx, r.y + 55), (lx - 24 + dx, r.y + 55), 2)
        _draw_face_bars(canvas, f, self.skin)
        _draw_fairness_figures(canvas, f, PLOT.bottom + 80)


def _draw_face_bars(canvas: Canvas, f: Fairness, skin: SkinName) -> None:
    """Each face's count as a bar over its die and share, and the count fair dice would give as a dashed line."""
    plot = PLOT
    expected = f.dice / 6
    counts = [row.count for row in f.faces]
    top = max([*counts, expected, 1.0]) * 1.15
    canvas.line(theme.PANEL_EDGE, (plot.x - 6, plot.bottom), (plot.right + 6, plot.bottom), 1.5)
    col_w = plot.w / 6
    bar_w = 36
    for i, row in enumerate(f.faces):
        cx = plot.x + col_w * (i + 0.5)
        h = plot.h * row.count / top
        if row.count:
            bar = pygame.Rect(round(cx - bar_w / 2), round(plot.bottom - h), bar_w, max(2, round(h)))
            canvas.box(bar, theme.GOLD, radius=4)
            canvas.box(pygame.Rect(bar.x, bar.bottom - 4, bar.w, 4), theme.GOLD)
        canvas.text(num(row.count), (cx, plot.bottom - h - 6), 13, theme.TEXT, font="bold", anchor="midbottom")
        draw_upright(canvas, skin, row.face, (cx, plot.bottom + 26), 32)
        share = pct(row.share) if f.dice else "–"
        canvas.text(share, (cx, plot.bottom + 52), 12, theme.TEXT_DIM, anchor="midtop")
    if not f.dice:
        lines = canvas.wrap(_("Each face's bar grows with every die thrown in a finished game."), 14, plot.w - 60)
        for i, line in enumerate(lines):
            canvas.text(line, (plot.centerx, plot.centery + (i - (len(lines) - 1) / 2) * 20), 14,
                        theme.TEXT_DIM, anchor="center")
    if f.dice:
        ey = plot.bottom - plot.h * expected / top
        x = float(plot.x - 6)
        while x < plot.right + 6:
            canvas.line(theme.BLUE, (x, ey), (min(x + 8, plot.right + 6), ey), 2)
            x += 14


def _draw_fairness_figures(canvas: Canvas, f: Fairness, y: int) -> None:
    """The chi-square and p-value boxes from ``y`` down, the verdict under them and what p means."""
    r = FAIRNESS
    half = (r.w - 44 - 12) / 2
    figures = [
        (_("CHI-SQUARE"), "–" if f.chi_square is None else decimal(f.chi_square, 2), _("5 degrees of freedom")),
        (_("P-VALUE"), "–" if f.p_value is None else decimal(f.p_value, 3), _("under {limit}: uneven").format(
            limit=decimal(0.01, 2))),
    ]
    for i, (title, value, sub) in enumerate(figures):
        box = pygame.Rect(round(r.x + 22 + i * (half + 12)), y, round(half), 62)
        canvas.box(box, (0, 0, 0, 60), radius=8)
        canvas.text(title, (box.x + 12, box.y + 8), 11, theme.TEXT_DIM, font="bold")
        canvas.text(value, (box.right - 12, box.y + 6), 20, theme.TEXT, font="bold", anchor="topright")
        canvas.text(sub, (box.x + 12, box.bottom - 8), 11, theme.TEXT_DIM, anchor="bottomleft",
                    max_width=box.w - 24)
    y += 76
    if f.dice < MIN_DICE_FOR_VERDICT:
        color = theme.TEXT_DIM
    elif f.p_value is not None and f.p_value < 0.01:
        color = theme.WARN
    else:
        color = theme.GREEN
    canvas.paragraph(f.verdict, pygame.Rect(r.x + 22, y, r.w - 44, 60), 15, color)
    note = _("p: how often fair dice spread at least this unevenly")
    canvas.text(note, (r.x + 22, r.bottom - 20), 12, theme.TEXT_DIM, anchor="midleft", max_width=r.w - 44)
