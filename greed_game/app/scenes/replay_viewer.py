"""The replay viewer: the table at each step of a recorded game, forward and back.

It shows the table at each step of a :class:`greed_game.replay.Replay`: the
dice of the last throw, the dice kept this turn, the turn total, the scores
and the event in words. Every state and what it meant comes from the rules
core; every word from the narrator; the viewer only lays them out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, draw_die, draw_upright
from greed_game.app.input import Click, Input, KeyPress, Scroll
from greed_game.app.navigation import Go, Pop, Push, ToReview, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.table_parts import (
    ACTIONS,
    DIE,
    FELT,
    SIDE,
    TOP_BAR,
    TRAY,
    banner_title,
    draw_plates,
    draw_player_rows,
    draw_table_background,
    draw_turn_box,
    players_bottom,
    tray_places,
)
from greed_game.app.widgets import Button, FocusGroup
from greed_game.i18n import _
from greed_game.narrator import Narrator, Said, num
from greed_game.narrator.rules_text import rules_name
from greed_game.replay import Replay
from greed_game.rules import Carryover, FirstPlayer, Keep, Roll, Void
from greed_game.rules.transitions import (
    Banked,
    Busted,
    CarryoverDeclined,
    CarryoverTaken,
    FirstChosen,
    GameOver,
    HotDice,
    Rescued,
    transitions,
)

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.app.skins import SkinName

# -- the viewer --------------------------------------------------------------------------------


@dataclass
class Step:
    """What the table shows after one event of a replay."""

    seat: int
    """The seat whose event it was (its plate and row are lit)."""
    throw: list[DieView] = field(default_factory=list)
    """The dice of the last throw still on the felt."""
    void: bool = False
    groups: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    """The dice kept this turn, keep by keep, with the points each keep added."""
    points: int | None = None
    note: str | None = None
    note_color: tuple[int, int, int] = theme.TEXT_DIM
    title: str = ""
    sub: str = ""
    color: tuple[int, int, int] = theme.GOLD
    name: str = ""
    """The seat's name in the title, which a narrow band may shorten (never the rest of the title)."""


def _remove(dice: list[DieView], kept: tuple[int, ...]) -> list[DieView]:
    """The dice left on the felt once ``kept`` were taken (matching values, rightmost first)."""
    left = list(dice)
    for value in kept:
        for i in range(len(left) - 1, -1, -1):
            if left[i].value == value:
                del left[i]
                break
    return left


def _lay_out(dice: tuple[int, ...], seed: int) -> list[DieView]:
    """Dice lying on the felt in a loose row, the same way every time for the same throw."""
    rng = random.Random(seed)
    n = len(dice)
    gap = 92.0
    x0 = FELT.centerx - gap * (n - 1) / 2
    views = []
    for i, value in enumerate(dice):
        v = DieView(value, DIE, rng)
        v.x = x0 + i * gap + rng.uniform(-12, 12)
        v.y = FELT.centery + 40 + rng.uniform(-26, 26) + (14 if i % 2 else -14)
        v.angle = rng.uniform(-0.35, 0.35)
        views.append(v)
    return views


def replay_step(rep: Replay, position: int, narrator: Narrator | None = None) -> Step:
    """The table after ``position`` events of ``rep`` (0: before the first), worded by ``narrator``."""
    states, events, players = rep.states, rep.record.events, rep.record.players
    if narrator is None:
        narrator = Narrator(rep.rules, [p.name for p in players], rep.rules.skin)
    if position <= 0:
        return Step(states[0].current, title=_("Replay"), sub=narrator.names(), color=theme.GOLD)
    if isinstance(events[position - 1], Void) and position >= 2:
        return _void_step(rep, position, narrator)
    before, after = states[position - 1], states[position]
    seat, turn = before.current, before.turn
    start = position - 1
    while start > 0:
        prev = start - 1
        if isinstance(events[prev], Void):  # a throw that did not count, and its void: same turn
            if prev >= 1 and states[prev - 1].turn == turn:
                start = prev - 1
                continue
            break
        if states[prev].turn != turn or isinstance(events[prev], FirstPlayer):
            break
        start = prev
    step = Step(seat)
    for j in range(start, position):
        event = events[j]
        if isinstance(event, Roll):
            step.throw = _lay_out(event.dice, j)
            step.void = False
        elif isinstance(event, Keep):
            step.throw = _remove(step.throw, event.dice)
            step.groups.append((event.dice, states[j + 1].turn_points - states[j].turn_points))
        elif isinstance(event, Void):
            step.void = True
        elif isinstance(event, Carryover):
            step.throw, step.groups = [], []
    event = events[position - 1]
    meant = transitions(rep.rules, before, event, after)
    # The headline of the step: the most important thing the event meant.
    for kind in _HEADLINES:
        found = next((t for t in meant if isinstance(t, kind)), None)
        if found is not None:
            _headline(step, narrator.events.said(found))
            break
    bust = next((t for t in meant if isinstance(t, Busted)), None)
    banked = next((t for t in meant if isinstance(t, Banked)), None)
    if bust is not None:
        step.points, step.note, step.note_color = bust.lost, narrator.prompts.lost_note, theme.RED
    elif banked is not None:
        step.points, step.note, step.note_color = banked.points, narrator.prompts.banked_note, theme.GREEN
    elif after.turn != before.turn:
        step.points, step.note = before.turn_points, ""
    if step.void:
        for die in step.throw:
            die.alpha = 110
    return step


_HEADLINES = (GameOver, Busted, Rescued, HotDice, Banked, CarryoverTaken, CarryoverDeclined, FirstChosen)


def _headline(step: Step, said: Said | None) -> None:
    if said is not None:
        step.title, step.sub, step.color = said.title, said.sub, theme.tone_color(said.tone)
        step.name = said.name


def _void_step(rep: Replay, position: int, narrator: Narrator) -> Step:
    """The table after a void: the throw that does not count, dimmed; the turn as before it."""
    step = replay_step(rep, position - 1, narrator)
    event = rep.record.events[position - 1]
    step.void = True
    for die in step.throw:
        die.alpha = 110
    if isinstance(event, Void):
        dice = rep.states[position].dice_left
        _headline(step, narrator.events.void(event.reason, None, dice))
    step.points, step.note, step.note_color = None, None, theme.TEXT_DIM
    return step


PLAY_STEP = 0.8
"""Seconds between steps while the replay plays by itself."""
SCRUB = pygame.Rect(462, TOP_BAR.y + 16, 236, 8)


class ReplayScene(Scene):
    """A recorded game, step by step: ← → a step, PgUp PgDn a turn, Home End the ends, Space plays."""

    name = "replay"

    def __init__(self, app: App, rep: Replay) -> None:
        super().__init__(app)
        self.replay = rep
        self.players = list(rep.record.players)
        self._narrator: Narrator | None = None
        self.playing = False
        self.timer = 0.0
        self._steps: dict[tuple[str, int], Step] = {}
        self.events = EventList(len(self.players))
        x, y, h = ACTIONS.right - 460, ACTIONS.y + 8, 50
        self.first_button = Button(pygame.Rect(x, y, 84, h), _("First"), self.first, hint="Home", size=16)
        self.back_button = Button(pygame.Rect(x + 92, y, 84, h), _("◀ Back"), self.back, hint="←", size=16)
        self.play_button = Button(pygame.Rect(x + 184, y, 92, h), _("Play"), self.toggle_play, hint=_("Space"),
                                  primary=True, size=16)
        self.next_button = Button(pygame.Rect(x + 284, y, 84, h), _("Next ▶"), self.forward, hint="→", size=16)
        self.last_button = Button(pygame.Rect(x + 376, y, 84, h), _("Last"), self.last, hint="End", size=16)
        self.close_button = Button(pygame.Rect(SIDE.right - 110, SIDE.bottom - 50, 96, 40), _("Close"), self.close,
                                   hint="Esc", size=15)
        self.review_button = Button(pygame.Rect(SIDE.right - 214, SIDE.bottom - 50, 96, 40), _("Review"), self.review,
                                    hint="V", size=15, enabled=len(self.players) == 2)
        self.focus = FocusGroup([self.first_button, self.back_button, self.play_button, self.next_button,
                                 self.last_button, self.review_button, self.close_button], focus=3)
        self._sync()

    # -- stepping -----------------------------------------------------------------------

    @property
    def position(self) -> int:
        """Events applied so far."""
        return self.replay.position

    @property
    def step(self) -> Step:
        """What the table shows now."""
        key = (self.skin, self.position)
        found = self._steps.get(key)
        if found is None:
            found = replay_step(self.replay, self.position, self.narrator)
            self._steps[key] = found
        return found

    @property
    def narrator(self) -> Narrator:
        """The game's words in the vocabulary of the skin in use."""
        skin = self.skin
        if self._narrator is None or self._narrator.vocab.skin != skin:
            self._narrator = Narrator(self.replay.rules, [p.name for p in self.players], skin)
        return self._narrator

    @property
    def captions(self) -> list[str]:
        """Every position's caption, in the skin's vocabulary."""
        return self.replay.captions(self.skin)

    def _moved(self, moved: bool) -> None:
        if moved:
            self._sync()

    def _sync(self) -> None:
        self.play_button.label = _("Pause") if self.playing else _("Play")
        self.first_button.enabled = self.back_button.enabled = not self.replay.at_start
        self.next_button.enabled = self.last_button.enabled = not self.replay.at_end
        if self.replay.at_end and self.playing:
            self.playing = False
            self.play_button.label = _("Play")

    def forward(self) -> None:
        """One event on."""
        self._moved(self.replay.forward())

    def back(self) -> None:
        """One event back."""
        self._moved(self.replay.back())

    def first(self) -> None:
        """Before the first event."""
        self._moved(self.replay.seek(0))

    def last(self) -> None:
        """After the last event."""
        self._moved(self.replay.seek(len(self.replay)))

    def seek(self, position: int) -> None:
        """Go to a position (clamped)."""
        self._moved(self.replay.seek(position))

    def toggle_play(self) -> None:
        """Play the events one after the other, or pause."""
        self.playing = not self.playing
        if self.playing and self.replay.at_end:
            self.replay.seek(0)
        self.timer = PLAY_STEP
        self._sync()

    def close(self) -> Go:
        """Back to where the replay was opened from."""
        return Pop()

    def review(self) -> Go | None:
        """Each player's decisions in the recorded game against the exact chance of winning."""
        if len(self.players) != 2:
            return None
        self.playing = False
        self._sync()
        return Push(ToReview(self.replay.rules, self.players, self.replay.record.events))

    # -- input --------------------------------------------------------------------------

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            keys: dict[str, Callable[[], Go | None]] = {
                "escape": self.close,
                "left": self.back,
                "right": self.forward,
                "home": self.first,
                "end": self.last,
                "space": self.toggle_play,
                "pageup": lambda: self._moved(self.replay.previous_turn()),
                "pagedown": lambda: self._moved(self.replay.next_turn()),
                "v": self.review,
            }
            action = keys.get(event.key)
            if action is not None:
                if event.key not in ("space", "escape"):
                    self.playing = False
                where = action()
                self._sync()
                return where
            if event.key == "enter" and not self.focus.keyboard:
                self.forward()
                return None
        if isinstance(event, Scroll):
            self._moved(self.replay.forward() if event.dy < 0 else self.replay.back())
            return None
        if isinstance(event, Click) and event.button == 1:
            if SCRUB.inflate(0, 20).collidepoint(event.pos):
                share = (event.pos[0] - SCRUB.x) / SCRUB.w
                self.seek(round(share * len(self.replay)))
                return None
            line = self.events.line_at(event.pos, self.position, len(self.captions))
            if line is not None:
                self.seek(line)
                return None
        return went(self.focus.handle(event))

    def idle_for(self) -> float:
        return 0.0 if self.playing else super().idle_for()

    def update(self, dt: float) -> Go | None:
        if not self.playing:
            return None
        self.timer -= dt
        if self.timer <= 0:
            self.timer = PLAY_STEP
            self._moved(self.replay.forward())
            self._sync()
        return None

    # -- drawing ------------------------------------------------------------------------

    @property
    def skin(self) -> SkinName:
        """The die skin: the setting, or the rules' own."""
        s = self.app.settings.skin
        return self.replay.rules.skin if s == "auto" else s

    def draw(self, canvas: Canvas) -> None:
        draw_table_background(canvas)
        state = self.replay.state
        step = self.step
        self._draw_top_bar(canvas)
        self._draw_tray(canvas, step)
        for die in step.throw:
            draw_die(canvas, self.skin, die, inside=FELT)
        draw_plates(canvas, [p.name for p in self.players], state, step.seat)  # over the dice, as at the table
        if step.void and step.throw:
            canvas.text(_("void"), (FELT.centerx, FELT.centery + 110), 15, theme.WARN, font="bold", anchor="center")
        self._draw_caption_band(canvas, step)
        self._draw_actions(canvas)
        notes = [self.narrator.seats.seat_note(p.kind, state.on_board[i]) for i, p in enumerate(self.players)]
        y = draw_player_rows(canvas, self.players, notes, state, self.replay.rules.target, step.seat)
        self.events.draw(canvas, y, self.captions, self.position)
        self.close_button.draw(canvas, focused=self.focus.keyboard and self.focus.focused is self.close_button,
                               hovered=self.focus.hover is self.close_button)

    def _draw_top_bar(self, canvas: Canvas) -> None:
        r = TOP_BAR
        rules = self.replay.rules
        canvas.text(rules_name(rules), (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft",
                    max_width=SCRUB.x - r.x - 130)
        name_w = min(canvas.text_width(rules_name(rules), 18, "serif"), SCRUB.x - r.x - 130)
        canvas.text(_("to {target}").format(target=num(rules.target)), (r.x + 16 + name_w, r.centery + 1), 14,
                    theme.TEXT_DIM, anchor="midleft")
        label = _("REPLAY")
        chip_w = max(80, round(canvas.text_width(label, 13, "bold")) + 26)  # as wide as its word needs
        chip = pygame.Rect(SCRUB.x - 14 - chip_w, r.y + 7, chip_w, 26)
        canvas.box(chip, (*theme.GOLD, 46), radius=13, border=1.2, border_color=theme.GOLD)
        canvas.text(label, chip.center, 13, theme.GOLD, font="bold", anchor="center")
        n = len(self.replay)
        canvas.box(SCRUB, (255, 255, 255, 40), radius=4)
        share = self.position / n if n else 0.0
        if share > 0:
            canvas.box(pygame.Rect(SCRUB.x, SCRUB.y, max(8, round(SCRUB.w * share)), SCRUB.h), theme.GOLD, radius=4)
        canvas.circle(theme.TEXT, (SCRUB.x + SCRUB.w * share, SCRUB.centery), 7)
        canvas.text(_("Event {number} of {count}").format(number=self.position, count=n),
                    (r.right, r.centery), 14, theme.TEXT, font="bold",
                    anchor="midright")

    def _draw_caption_band(self, canvas: Canvas, step: Step) -> None:
        if not step.title:
            return
        band = pygame.Rect(FELT.x, FELT.y + 26, FELT.w, 92 if step.sub else 64)
        canvas.box(band, (10, 12, 14, 150))
        cy = band.centery - (14 if step.sub else 0)
        title = banner_title(canvas, Said(step.title, name=step.name), 34, band.w - 40)
        canvas.text(title, (band.centerx, cy), 34, step.color, font="serif", anchor="center", shadow=(0, 0, 0),
                    max_width=band.w - 40)
        if step.sub:
            canvas.text(step.sub, (band.centerx, band.centery + 26), 16, theme.TEXT, anchor="center",
                        max_width=band.w - 40)

    def _draw_tray(self, canvas: Canvas, step: Step) -> None:
        r = TRAY
        canvas.text(_("KEPT"), (r.x + 36, r.centery), 12, (200, 170, 130), font="bold", anchor="center")
        places, size = tray_places([g for g, (dice, _) in enumerate(step.groups) for _ in dice])
        at = iter(places)
        for dice, points in step.groups:
            xs = [next(at) for _ in dice]
            for face, x in zip(dice, xs, strict=True):
                draw_upright(canvas, self.skin, face, (x, r.y + 32), size)
            if xs:
                canvas.text(f"+{num(points)}", ((xs[0] + xs[-1]) / 2, r.bottom - 10), 12, theme.GOLD, font="bold",
                            anchor="center")
        note, color = step.note, step.note_color
        if note is None:
            said, tone = self.narrator.seats.turn_note(self.replay.state)
            note, color = said, theme.tone_color(tone)
        draw_turn_box(canvas, self.replay.state, points=step.points, note=note, note_color=color)

    def _draw_actions(self, canvas: Canvas) -> None:
        """The event's caption left of the buttons; one too long for two lines there goes whole into a box at
        the foot of the felt instead (the dice lie above it)."""
        r = ACTIONS
        width = self.first_button.rect.x - r.x - 20
        caption = self.captions[self.position]
        lines = canvas.wrap(caption, 15, width, "bold")
        if len(lines) <= 2:
            top = r.y + (12 if len(lines) > 1 else 22)
            for i, line in enumerate(lines):
                canvas.text(line, (r.x + 8, top + i * 22), 15, theme.TEXT, font="bold")
        else:
            self._draw_detail(canvas, caption)
        focused = self.focus.focused if self.focus.keyboard else None
        for w in self.focus.widgets:
            if w is not self.close_button:
                w.draw(canvas, focused=w is focused, hovered=w is self.focus.hover and w.enabled)

    @staticmethod
    def _draw_detail(canvas: Canvas, caption: str) -> None:
        """A long caption whole, wrapped in a box across the foot of the felt."""
        lines = canvas.wrap(caption, 15, FELT.w - 48, "bold")
        line_h = 21
        box = pygame.Rect(FELT.x + 8, 0, FELT.w - 16, 16 + line_h * len(lines))
        box.bottom = FELT.bottom - 8
        canvas.box(box, (10, 12, 14, 200), radius=10, border=1, border_color=theme.GOLD_DARK)
        for i, line in enumerate(lines):
            canvas.text(line, (box.x + 16, box.y + 8 + i * line_h), 15, theme.TEXT, font="bold")


class EventList:
    """The side panel's list of every event's caption, the current one lit and whole (wrapped onto as many
    lines as it needs), the others on a line each; a click jumps along it."""

    LINE_H = 21.0
    WRAPPED = 17.0
    """Further lines of the current event."""
    PAD = 3.0
    """Room under the current event's last line: its descenders keep clear of the lit box's edge."""

    def __init__(self, players: int) -> None:
        self.top = players_bottom(players) + 44
        """Where the first line is: under the players' rows (moved down if a note wrapped there)."""
        self.rows: list[tuple[int, float, float]] = []
        """The positions as last drawn: each with its y and height (what a click is matched against)."""

    def lines(self, position: int, total: int, extra: float = 0.0) -> list[int]:
        """The positions listed, around ``position`` where the list is longer than the panel (``extra``: the
        height the current event's further lines take)."""
        room = max(1, int((SIDE.bottom - 62 - self.top - extra) // self.LINE_H))
        first = max(0, min(position - room // 2, total - room))
        return list(range(first, min(total, first + room)))

    def line_at(self, pos: tuple[float, float], position: int, total: int) -> int | None:
        """The position whose line is at ``pos``, if any."""
        if not (SIDE.x + 10 <= pos[0] <= SIDE.right - 10) or pos[1] < self.top:
            return None
        rows = self.rows or [(k, self.top + i * self.LINE_H, self.LINE_H)
                             for i, k in enumerate(self.lines(position, total))]
        return next((k for k, y, h in rows if y - 2 <= pos[1] < y - 2 + h), None)

    def draw(self, canvas: Canvas, y: float, captions: list[str], position: int) -> None:
        """The heading under ``y`` and the lines, then the keys' help at the bottom of the panel."""
        r = SIDE
        y += 10
        self.top = y + 34
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        canvas.text(_("EVENTS"), (r.x + 18, y + 10), 13, theme.GOLD, font="bold")
        canvas.text(_("click one to go there"), (r.right - 18, y + 11), 11, theme.TEXT_DIM, anchor="topright")
        whole = canvas.wrap(captions[position], 13, r.w - 66, "bold") if captions else []
        fits = max(1, int((SIDE.bottom - 62 - self.top - self.LINE_H) // self.WRAPPED) + 1)
        if len(whole) > fits:  # longer than the panel: the felt's detail box shows it whole
            whole = [*whole[: fits - 1], canvas.fit(" ".join(whole[fits - 1 :]), 13, r.w - 66, "bold")]
        extra = self.WRAPPED * max(0, len(whole) - 1) + self.PAD
        self.rows = []
        ly = self.top
        for k in self.lines(position, len(captions), extra):
            current = k == position
            h = self.LINE_H + (extra if current else 0.0)
            self.rows.append((k, ly, h))
            if current:
                canvas.box(pygame.Rect(r.x + 10, round(ly - 2), r.w - 20, round(h)), (*theme.GOLD, 40), radius=5,
                           border=1, border_color=theme.GOLD_DARK)
            canvas.text(f"{k}", (r.x + 40, ly), 12, theme.TEXT_DIM, anchor="topright")
            if current:
                for i, part in enumerate(whole):
                    canvas.text(part, (r.x + 48, ly + i * self.WRAPPED), 13, theme.TEXT, font="bold")
            else:
                ink = theme.TEXT_DIM if k > position else (200, 198, 190)
                canvas.text(captions[k], (r.x + 48, ly), 13, ink, max_width=r.w - 66)
            ly += h
        draw_keys_help_side(canvas)


def draw_keys_help_side(canvas: Canvas) -> None:
    """The keys of the viewer, at the bottom of the side panel."""
    # Two short lines: the Review and Close buttons share the bottom row.
    canvas.text(_("PgUp PgDn:"), (SIDE.x + 18, SIDE.bottom - 38), 12, theme.TEXT_DIM, anchor="midleft")
    canvas.text(_("a turn back or on"), (SIDE.x + 18, SIDE.bottom - 22), 12, theme.TEXT_DIM, anchor="midleft")
