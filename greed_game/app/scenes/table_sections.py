"""The table screen in sections, each with its own rectangle, drawing and input (as Arcade's ``Section``).

The felt (the dice and their physics), the tray with the turn box, the
buttons with the status lines, the side panel (players, log, hint) and the
top bar. Banners and callouts are a layer of their own above the dice. Every
section draws the flow's :class:`~greed_game.play.snapshot.TableSnapshot`
and turns its clicks and keys into the flow's commands; none decides a rule
or writes a sentence about the game.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas, FontName
from greed_game.app.dice_view import PICKED_LIFT, DieView, Tumble, draw_die, draw_upright
from greed_game.app.input import Input, KeyPress
from greed_game.app.navigation import Go
from greed_game.app.scenes.confetti import Confetti
from greed_game.app.scenes.felt import (
    ROW_LINES,
    FeltSection,
    flight_path,
    hand_room,
    passing_on,
    row_passed,
    row_way,
)
from greed_game.app.scenes.table_parts import (
    ACTIONS,
    CALLOUT_H,
    CALLOUT_RISE,
    DIE,
    FELT,
    SIDE,
    TOP_BAR,
    TRAY,
    TRAY_DICE,
    Spoken,
    banner_card,
    callout_spot,
    draw_banner,
    draw_chips,
    draw_plates,
    draw_player_rows,
    draw_turn_box,
    players_bottom,
    short_name,
    tray_places,
)
from greed_game.app.skins import SkinName
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.i18n import _, ngettext
from greed_game.narrator import CardWords, Line, Said, num
from greed_game.narrator.rules_text import rules_name
from greed_game.play.moments import (
    CARRY,
    CARRY_STAGGER,
    AnswerOffer,
    BankTurn,
    Command,
    ThrowDice,
    ToggleHint,
)
from greed_game.play.snapshot import OfferBox, TableSnapshot, Waiting

ASIDE_DIE = 28.0
"""How big (logical px) the dice set aside in the tray are drawn: smaller than the turn's keeps, and dimmed."""
ASIDE_STEP = 32.0
"""Logical px from one die set aside to the next, at the tray's far end."""
ASIDE_ROOM = 96.0
"""The least room (logical px) the dice set aside take, for the words under them."""
KEEP_LIFT = 64.0
"""How high (logical pixels) a kept die is lifted half way to the tray: it grows and its shadow falls away, so
it is seen carried over the dice still on the felt."""
PASS_CARRY = 0.45
"""Seconds (at normal speed) dice take to be carried from the tray to the thrower's row (further than from the
felt to the tray, a little slower)."""
PASS_STAGGER = 0.012
"""Seconds (at normal speed) between one die and the next leaving the tray for the row: they go along side by side
and their ways never cross, so they go nearly as one (a queue of six in the air had read as dice marching)."""
TRAY_WORDS = (184, 158, 124)
"""The colour of the tray's own words (its legend, "set aside"): brighter than the wood's, dim beside the dice's
points (at 854×480 they had been hard to read, helper-45)."""
SET_DOWN_FADE = 0.12
"""Seconds a die carried from the tray to the felt takes to turn from its flat likeness into the die drawn there."""
LIFT_FADE = 0.1
"""Seconds (at normal speed) a kept die's flat likeness takes to fade in over the die drawn in 3D where it lies,
before it is lifted off to the tray."""
PLATE_EASE = 10.0
"""How quickly a seat's plate slides along its rail to where it goes (a share of e a second)."""
PLATE_SPEED = 600.0
"""How fast (logical px a second) a seat's plate slides at most."""
HAND_SPEED = 700.0
"""How fast (logical px a second, on average) a die is carried between the felt and the tray at most."""
HOT_REST = 0.35
"""Seconds (at normal speed) the dice that made hot dice lie in the tray, once there, before they are taken up
again to be thrown on."""
PATH_STEP = 8.0
"""The most (logical px) between two points of a carried die's way that a banner keeps clear of."""
SPENT_W = 170.0
"""The room (logical px) the sets hot dice finished take at the tray's start once the six are thrown on: a chip
with their points, in place of their dice."""
SPENT_SLIDE = 0.3
"""Seconds the dice after those sets take to slide up to make room for the chip."""


class Section:
    """A region of the table screen: it draws the snapshot there and turns input there into commands."""

    rect: pygame.Rect = FELT

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """Draw this section of ``snap``."""

    def handle(self, event: Input, snap: TableSnapshot) -> Command | Go | None:
        """The command an event means here (or where to go next), if any."""
        return None


# -- the tray and the turn box ------------------------------------------------------------------------------


@dataclass
class TrayDie:
    """A kept die in the tray."""

    view: DieView
    group: int


def _by_hand(least: float, start: tuple[float, float], end: tuple[float, float]) -> float:
    """Seconds (at normal speed) a die takes carried from ``start`` to ``end`` (logical px): ``least``, longer
    where a hand going at :data:`HAND_SPEED` would take longer."""
    return max(least, math.dist(start, end) / HAND_SPEED)


class TraySection(Section):
    """The tray: the turn's kept dice in groups with their points, and the turn box."""

    rect = TRAY

    def __init__(self, vrng: random.Random, skin: Callable[[], SkinName]) -> None:
        self.vrng = vrng
        self.skin = skin
        self.dice: list[TrayDie] = []
        self.groups = 0
        self.aside: list[DieView] = []
        """The dice set aside, out of play: those kept in earlier turns (and, at a new table, the dice not yet
        thrown). They lie, smaller and dimmed, at the tray's far end until a thrower's row takes them
        (:meth:`hand_over`): the six dice are always on the table, never faded out or in."""
        self.passing: list[DieView] = []
        """The dice carried from the tray to the thrower's row (see :meth:`hand_over`)."""
        self.lending: tuple[int, float] | None = None
        """The sets hot dice finished, taken up again to be thrown on: the last set, and the seconds before its
        dice leave the tray (then shown as the chip: :attr:`spent`)."""
        self.lent = -1
        """The last of those sets whose dice have left the tray."""
        self.taken_up: set[int] = set()
        """The likenesses (by ``id``) among :attr:`passing` of the dice of those sets."""
        self.turning: dict[int, float] = {}
        """The likenesses (by ``id``) among :attr:`passing` turning over on their way to a row, and how fast."""
        self.following: dict[int, DieView] = {}
        """The likenesses (by ``id``) among :attr:`passing` carried into a hand, and the die there each goes to."""
        self.fading: list[tuple[DieView, float]] = []
        """Likenesses come to where their die is set down on the felt, fading, and the seconds each has left."""
        self.rising: dict[int, float] = {}
        """The kept dice (by ``id``) whose likeness fades in over the die drawn in 3D before it is lifted, and
        over how many seconds."""
        self.spent = -1
        """The last group of the sets hot dice finished, once the six are thrown on (-1: none): they are shown as
        one chip with their points, not as dice (after two hot dice, twenty dice shrank to 14 px)."""

    def add(self, views: list[DieView], pace: float, *, animate: bool = True, fade_in: bool = False) -> None:
        """Dice arrive as one group (gliding from the felt unless ``animate`` is off, each one's likeness first
        fading in where it lies when ``fade_in``), in order: pips upwards, letters downwards (a straight of letters
        spells $GREED)."""
        group = self.groups
        self.groups += 1
        way = -1 if self.skin() == "greed" else 1
        # (dice of one face in the order they lie across the felt: their ways to the tray need not cross, and had
        # passed through each other for a frame, helper-45)
        for v in sorted(views, key=lambda v: (way * v.value, v.x)):
            # (carried, a kept die keeps its gold ring until it is in the tray: without it, one lifted past the
            # dice in the hand read as one of them: helper-27)
            v.selected = animate and pace > 0
            v.place = "tray"
            v.lean = None
            v.tumble.finish()
            self.dice.append(TrayDie(v, group))
        picked = 0
        slots, size = self._slots()
        for t, (x, y) in zip(self.dice, slots, strict=True):
            if t.group <= self.spent:  # (shown as the chip: moved, they were drawn over it on their way)
                continue
            if animate and pace > 0 and t.group == group:
                # The dice just kept are picked up one after another and carried over the others, each a little
                # higher than the one before: a queue in the air, not a clump passing through itself.
                fade = LIFT_FADE * pace if fade_in else 0.0
                if fade_in:  # (its likeness lying on the die drawn in 3D, where a picked die is drawn no higher)
                    t.view.y += PICKED_LIFT
                    t.view.alpha = 0
                    self.rising[id(t.view)] = fade
                t.view.move_to(x, y, 0.0, size, CARRY * pace, lift=KEEP_LIFT * (1 + 0.25 * picked),
                               after=fade + CARRY_STAGGER * pace * picked)
                picked += 1
            elif animate and pace > 0:
                t.view.move_to(x, y, 0.0, size, 0.3 * pace)  # those already in the tray slide up (smaller)
            else:
                t.view.x, t.view.y, t.view.angle, t.view.size = x, y, 0.0, size

    def sync(self, snap: TableSnapshot) -> None:
        """Match the snapshot: an empty tray empties; keeps the screen never saw (a resumed game) appear; the
        sets hot dice finished make way once the six are thrown on."""
        if not snap.tray:
            if self.dice:
                self.set_aside(self._shown())
            self.dice, self.groups, self.spent, self.lent, self.lending = [], 0, -1, -1, None
            self.rising = {}
            return
        while self.groups < len(snap.tray):
            faces = snap.tray[self.groups].dice
            self.add([DieView(face, DIE, self.vrng) for face in faces], 0.0, animate=False)
        # (or taken up by hand to be thrown on: the six in the hand and the six in the tray were twelve, helper-29;
        # or in flight, which the state on show does not know of yet: the six came back to the tray, helper-30)
        thrown_on = snap.state.throw is not None or snap.in_hand or snap.rolling
        spent = max((g for g, kept in enumerate(snap.tray) if kept.hot and (g + 1 < self.groups or thrown_on)),
                    default=self.lent)
        self._spend(max(spent, self.lent))

    def _spend(self, spent: int) -> None:
        """The sets up to ``spent`` are shown as the chip; the dice after them slide up to make room."""
        if spent != self.spent:
            self.spent = spent
            slots, size = self._slots()
            for t, (x, y) in zip(self.dice, slots, strict=True):
                if t.group > spent and t.view.tween is None:
                    t.view.move_to(x, y, 0.0, size, SPENT_SLIDE)

    def set_aside(self, views: Sequence[DieView], pace: float = 1.0, *, lifted: bool = False) -> None:
        """``views`` (kept in the turn just over; the dice not yet thrown; a tied roll-off's dice, ``lifted`` off
        the felt) are set aside at the tray's far end, sliding there (carried over the felt from it)."""
        for v in views:
            if v.tween is not None:  # (still on its way in: from where it was going)
                v.x, v.y, v.angle, v.size = v.tween.end
                v.tween = None
            v.selected, v.place, v.z, v.alpha = False, "tray", 0.0, 255
            self.rising.pop(id(v), None)
        fresh = [id(v) for v in views]
        self.aside += views
        xs = self._aside_places()
        for v, x in zip(self.aside, xs, strict=True):
            lift = KEEP_LIFT if lifted and id(v) in fresh else 0.0
            # (carried off the felt no quicker than a hand goes: three dice from its middle had reached the tray
            # in a quarter of a second, helper-44)
            carry = _by_hand(CARRY, (v.x, v.y), (x, TRAY.y + 36)) if lift else SPENT_SLIDE
            v.move_to(x, TRAY.y + 36, 0.0, ASIDE_DIE, carry * pace, lift=lift)

    def recall(self, pace: float) -> None:
        """The dice on their way from the tray to a row no longer wanted there (a roll-off's throw began) go back
        to it, from where they are."""
        views, self.passing = self.passing, []
        for v in views:
            v.tween, v.z = None, 0.0
        self.set_aside(views, pace, lifted=True)

    def _shown(self) -> list[DieView]:
        """The dice kept this turn and shown as dice (not in the spent sets' chip)."""
        return [t.view for t in self.dice if t.group > self.spent]

    def lying(self) -> list[DieView]:
        """The dice seen lying in the tray: set aside, and kept this turn (the next row's may come from them)."""
        return self.aside + self._shown()

    def _likeness(self, face: int, x: float, y: float, size: float) -> DieView:
        """A die showing ``face`` at ``(x, y)`` in the tray, to be carried out of it."""
        view = DieView(face, DIE, self.vrng)
        view.x, view.y, view.size, view.place = x, y, size, "tray"
        return view

    def _aside_places(self) -> list[float]:
        """Where each die set aside lies along the tray: side by side, the last at the far end."""
        return [TRAY_DICE[1] - (len(self.aside) - n - 0.5) * ASIDE_STEP for n in range(len(self.aside))]

    def _aside_room(self) -> float:
        """How much of the tray's far end the dice set aside take (the turn's keeps are laid before it)."""
        return max(len(self.aside) * ASIDE_STEP, ASIDE_ROOM) + 10.0 if self.aside else 0.0

    def hand_over(self, places: Sequence[tuple[float, float, float, float]], pace: float, snap: TableSnapshot,
                  seconds: float | None = None) -> list[tuple[int, float] | None]:
        """Dice lying in the tray and not in this turn's score (those set aside; the sets hot dice finished, once
        in) are carried to ``places`` (``(x, y, angle, size)`` each, where a die of the thrower's row is to lie):
        for each place, the face of the die carried there and the seconds until it is there; None for a place
        no die of the tray goes to (fewer lie there). Given ``seconds``, all are there by then (a throw's hand)."""
        wait = 0.0
        hot = max((g for g, kept in enumerate(snap.tray) if kept.hot), default=-1)
        sets = [t.view for t in self.dice if self.spent < t.group <= hot]
        if sets:
            # (those still on their way in are let lie a moment: put down and taken up again at once, they had
            # seemed to bounce off the tray)
            wait = max((v.tween.duration - v.tween.t for v in sets if v.tween is not None), default=0.0)
            wait += HOT_REST * pace
            self.lending = (hot, wait)
        aside = self.aside[: max(0, len(places) - len(sets))]
        self.aside = self.aside[len(aside):]
        # (the sets from where they are going, once there; the dice set aside from where they are, at once)
        lying = [(*v.tween.end[:2], v.value, v.tween.end[3], wait) if v.tween is not None
                 else (v.x, v.y, v.value, v.size, wait) for v in sets] + [
                    (v.x, v.y + 4, v.value, v.size, 0.0) for v in aside]
        lying.sort(key=lambda d: d[0])
        order = sorted(range(len(places)), key=lambda n: places[n][0])
        # each die to a place in the same order across, so that no two ways cross
        chosen = min(itertools.combinations(order, min(len(lying), len(order))),
                     key=lambda c: sum(abs(places[n][0] - d[0]) for n, d in zip(c, lying, strict=False)))
        out: list[tuple[int, float] | None] = [None] * len(places)
        for k, (n, (x, y, face, size, rest)) in enumerate(zip(chosen, lying, strict=False)):
            view = self._likeness(face, x, y - 4, size)
            after = rest + PASS_STAGGER * pace * k
            tx, ty, angle, to_size = places[n]
            # (no quicker than a hand goes: six had crossed the whole felt to the far row in a quarter of a second,
            # helper-45)
            carry = _by_hand(PASS_CARRY, (x, y), (tx, ty)) * pace if seconds is None else max(0.0, seconds - after)
            view.move_to(tx, ty, angle, to_size, carry, lift=KEEP_LIFT, after=after)
            if view.tween is not None:
                self.passing.append(view)
                if rest:
                    self.taken_up.add(id(view))
                else:  # (a set hot dice finished is thrown on at once, as the faces it was kept for)
                    face = self._turn_over(view, carry)
            out[n] = (face, after + carry)
        return out

    def _turn_over(self, view: DieView, carry: float) -> int:
        """The die carried to a row turns over in the hand on its way to a face of its own, the face it is set down
        showing (set down showing the tray's faces, a row of kept 1s and 5s had read as a scoring throw not yet
        made, helper-44)."""
        tumble = Tumble(self.vrng.randint(1, 6), self.vrng)
        tumble.top = view.showing
        tumble.next = tumble.top
        tumble.settle()
        view.tumble = tumble
        self.turning[id(view)] = 2.5 / max(carry, 1e-3)  # (quarter turns a second: done before it is set down)
        return tumble.target

    def lend(self, dice: Sequence[DieView], pace: float) -> list[tuple[int, float]]:
        """Hot dice taken up by hand: the dice kept before them, in the tray (the last before the hot set, then
        those set aside: a turn taken over from the last player's), are carried to ``dice`` in the hand, following
        them as they move; for each, its face and the seconds until it is there."""
        newest = self.groups - 1
        lying = [t.view for t in self.dice if t.group != newest][-len(dice):] if dice else []
        # (the last player's keeps, set aside, come back too: left there, they lay in the tray beside the six
        # thrown on, and the next keeps piled up to seven dice, helper-49)
        aside = self.aside[: max(0, len(dice) - len(lying))]
        self.aside = self.aside[len(aside):]
        lying += aside
        out: list[tuple[int, float]] = []
        for k, (source, target) in enumerate(zip(lying, dice, strict=False)):
            view = self._likeness(source.value, source.x, source.y, source.size)
            after = PASS_STAGGER * pace * k
            view.move_to(target.x, target.y, target.angle, target.size, PASS_CARRY * pace, lift=KEEP_LIFT,
                         after=after)
            if view.tween is not None:
                self.passing.append(view)
                self.following[id(view)] = target
            out.append((source.value, after + PASS_CARRY * pace))
        return out

    def update(self, dt: float) -> None:
        """Glide the dice on their way in or to a row; the sets hot dice finished taken up again."""
        for v in self.passing:
            target = self.following.get(id(v))
            if target is not None and v.tween is not None:  # (into a hand that moves: to where its die is now)
                v.tween.end = (target.x, target.y, target.angle, target.size)
            rate = self.turning.get(id(v))
            if rate is not None and v.tween is not None and v.tween.t > 0:
                v.tumble.advance(rate * dt)
        if self.lending is not None:
            group, left = self.lending
            self.lending = (group, left - dt) if left > dt else None
            if self.lending is None:
                self.lent = group
                self._spend(max(self.spent, group))
        for v in self.passing + self.aside:
            v.update(dt)
        self.fading = [(v, left - dt) for v, left in self.fading if left > dt]
        # (the die set down there is drawn in 3D under its likeness, which fades: swapped in a frame, the flat
        # likeness had turned into a die with sides, helper-46)
        self.fading += [(v, SET_DOWN_FADE) for v in self.passing if v.tween is None and dt < SET_DOWN_FADE]
        for v, left in self.fading:
            v.alpha = round(255 * left / SET_DOWN_FADE)
        self.passing = [v for v in self.passing if v.tween is not None]
        self.taken_up &= {id(v) for v in self.passing}
        on_way = {id(v) for v in self.passing}
        self.following = {k: d for k, d in self.following.items() if k in on_way}
        self.turning = {k: r for k, r in self.turning.items() if k in on_way}
        for t in self.dice:
            t.view.update(dt)
            if t.view.tween is None:
                t.view.selected = False
            fade = self.rising.get(id(t.view))
            if fade is not None:
                waiting = -t.view.tween.t if t.view.tween is not None else 0.0
                t.view.alpha = round(255 * min(1.0, max(0.0, 1.0 - waiting / fade)))
                if waiting <= 0:
                    del self.rising[id(t.view)]

    def quicken(self, left: float) -> None:
        """The dice on their way in there within ``left`` seconds."""
        for t in self.dice:
            if t.view.tween is not None:
                t.view.tween.quicken(left)

    def hurry(self) -> None:
        """Every die in its place at once."""
        self.passing = []
        for v in self.aside:
            if v.tween is not None:
                v.tween.t = v.tween.duration
        if self.lending is not None:
            self.update(self.lending[1])
        for t in self.dice:
            if t.view.tween is not None:
                t.view.tween.t = t.view.tween.duration
            if self.rising.pop(id(t.view), None) is not None:
                t.view.alpha = 255

    def moving(self) -> bool:
        """Whether a die is still on its way in, to a row or to its place set aside."""
        return (bool(self.passing) or bool(self.fading) or self.lending is not None
                or any(v.tween is not None for v in [t.view for t in self.dice] + self.aside))

    def carried(self) -> list[tuple[float, float]]:
        """Points along the way of the dice still being carried from the felt (a banner keeps off their path)."""
        points: list[tuple[float, float]] = []
        for view in [t.view for t in self.dice] + self.passing:
            tween = view.tween
            if tween is None or tween.lift <= 0:
                continue
            path = [tween.at(k / 20)[:2] for k in range(21)]
            # (eased, the way runs fast in its middle: points a die's width apart let a card slip between two)
            for (x0, y0), (x1, y1) in itertools.pairwise(path):
                steps = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / PATH_STEP))
                points += [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(steps)]
        return [p for p in points if FELT.collidepoint(p)]

    def _slots(self) -> tuple[list[tuple[float, float]], float]:
        """Each die's place in the tray, and the size the dice are drawn at there (the spent sets' dice, not
        drawn, keep theirs)."""
        live = [t for t in self.dice if t.group > self.spent]  # (as :meth:`_shown`, with their groups)
        xs, size = tray_places([t.group for t in live], SPENT_W if self.spent >= 0 else 0.0, self._aside_room())
        places = dict(zip((id(t) for t in live), xs, strict=True))
        return [(places.get(id(t), t.view.x), TRAY.y + 36) for t in self.dice], size

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = TRAY
        skin = self.skin()
        kept = canvas.render(_("KEPT"), 12, (200, 170, 130), "bold")
        if kept.get_width() > canvas.px(50):  # ("ABLAGE" at 854×480 ran past the tray's edge: read up its side)
            kept = pygame.transform.rotate(kept, 90)
        canvas.surface.blit(kept, kept.get_rect(center=canvas.pt(r.x + 33, r.centery)))
        placed: dict[int, list[float]] = {}
        for t, (sx, _sy) in zip(self.dice, self._slots()[0], strict=True):
            if t.group > self.spent:
                placed.setdefault(t.group, []).append(sx)
        # a group's points show once its dice are in (before, the label would wait under an empty place)
        arriving = {t.group for t in self.dice if t.view.tween is not None and t.view.tween.lift > 0}
        if self.spent >= 0:
            self._draw_spent(canvas, snap)
        for g, xs in placed.items():
            if g < len(snap.tray) and snap.tray[g].hot and g + 1 in placed:
                # a set finished by hot dice: a line between it and the next set's dice
                x = (max(xs) + min(placed[g + 1])) / 2
                canvas.line(theme.GOLD_DARK, (x, r.y + 12), (x, r.bottom - 12), 2)
        shown_to = -math.inf
        for g, xs in placed.items():
            if g < len(snap.tray) and g not in arriving:
                label, mid = f"+{num(snap.tray[g].points)}", (min(xs) + max(xs)) / 2
                half = canvas.text_width(label, 12, "bold") / 2
                if mid - half < shown_to + 4:  # (many small groups: one label in two, never run together)
                    continue
                canvas.text(label, (mid, r.bottom - 15), 12, theme.GOLD, font="bold", anchor="center")
                shown_to = mid + half
        for v in self.aside:
            if v.tween is None or v.tween.lift <= 0:
                draw_upright(canvas, skin, v.value, (v.x, v.y - 4), v.size, alpha=150)
        if self.aside and all(v.tween is None for v in self.aside) and snap.state.turn > 0:
            # (dimmed at the far end they had read as this turn's keeps, helper-43; the game's dice waiting for its
            # first throw are not set aside from anything, helper-49)
            xs = [v.x for v in self.aside]
            label = _("set aside")
            half = min(canvas.text_width(label, 11), ASIDE_ROOM) / 2
            canvas.text(label, (min((min(xs) + max(xs)) / 2, TRAY_DICE[1] - half), r.bottom - 15), 11, TRAY_WORDS,
                        anchor="center", max_width=ASIDE_ROOM)
        for t in self.dice:
            v = t.view
            if v.tween is None and t.group > self.spent:
                draw_upright(canvas, skin, v.value, (v.x, v.y - 4), v.size)
        # (not while dice slide along the tray: set aside, they had crossed its words, helper-43)
        if not self.dice and not self.passing and snap.legend and all(v.tween is None for v in self.aside):
            # (letter dice do not say what they are worth: the tray says it while it has room)
            room = TRAY_DICE[1] - TRAY_DICE[0] - self._aside_room()
            legend = snap.legend
            while canvas.text_width(legend, 12) > room - 8 and "  ·  " in legend:
                legend = legend.rsplit("  ·  ", 1)[0]  # (the singles' worth before the note on combinations)
            canvas.text(legend, (TRAY_DICE[0] + room / 2, TRAY.centery), 12, TRAY_WORDS, anchor="center",
                        max_width=room - 8)
        note, tone = snap.turn_note
        points = snap.choice.points if snap.human_turn else None
        lost = snap.busted and snap.state.turn_points > 0
        if lost:
            note, tone = snap.words.prompts.lost_note, "bad"
        draw_turn_box(canvas, snap.state, note=note, note_color=theme.tone_color(tone),
                      adding=None if points is None else (points, snap.words.prompts.selected_note), lost=lost)

    def _draw_spent(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """The sets hot dice finished, as one chip: how many times, and their points (six in the tray and six on
        the felt read as twelve dice in play)."""
        sets = snap.tray[: self.spent + 1]
        hot = sum(kept.hot for kept in sets)
        # (its room holds "¡Dados calientes!" at 854×480: 150 px; the count is in words: "+1,050 ×2" under it had
        # read as the points doubled, helper-36)
        title = _("Hot dice!") if hot < 2 else _("Hot dice twice!") if hot == 2 else ngettext(
            "Hot dice {count} time!", "Hot dice {count} times!", hot).format(count=hot)
        chip = pygame.Rect(TRAY_DICE[0], TRAY.y + 14, round(SPENT_W - 12), TRAY.h - 28)
        canvas.box(chip, (60, 44, 30), radius=8, border=1.2, border_color=theme.GOLD_DARK)
        canvas.text(title, (chip.centerx, chip.y + 16), 12, (200, 170, 130), font="bold", anchor="center",
                    max_width=chip.w - 4)
        points = f"+{num(sum(kept.points for kept in sets))}"
        canvas.text(points, (chip.centerx, chip.bottom - 15), 15, theme.GOLD, font="bold", anchor="center")
        if any(t.group > self.spent for t in self.dice):
            x = chip.right + 6
            canvas.line(theme.GOLD_DARK, (x, TRAY.y + 12), (x, TRAY.bottom - 12), 2)

    def draw_moving(self, canvas: Canvas, rising: bool | None = None) -> None:
        """Kept dice on their way to the tray, drawn over the felt's words: only those still fading in over the
        die they are a likeness of (``rising``), or only the others (not ``rising``), or all."""
        skin = self.skin()
        for t in self.dice:
            if t.view.tween is not None and t.group > self.spent and rising in (None, id(t.view) in self.rising):
                draw_die(canvas, skin, t.view)

    def draw_lifted(self, canvas: Canvas) -> None:
        """Dice carried up out of the tray to a row, or back to it over the felt: over the seats' plates, which they
        pass high above (under them, "You" had hidden a die as it crossed, helper-42 and helper-43)."""
        skin = self.skin()
        for view in self.passing:
            # (a set hot dice finished lies in the tray till it is taken up: its likenesses wait unseen)
            if self.lending is None or id(view) not in self.taken_up:
                draw_die(canvas, skin, view)
        for view in self.aside:
            if view.tween is not None and view.tween.lift > 0:
                draw_die(canvas, skin, view)
        for view, _left in self.fading:
            draw_die(canvas, skin, view)


# -- the buttons and the status lines ----------------------------------------------------------------------


class ActionsSection(Section):
    """Below the tray: the status lines (or a refusal in red) and the buttons of the flow, then Menu."""

    rect = ACTIONS

    def __init__(self, open_menu: Callable[[], Go]) -> None:
        self.open_menu = open_menu
        self.focus = FocusGroup()
        self._for: tuple[tuple[object, ...], bool] | None = None
        self._sent: list[Command] = []

    def sync(self, snap: TableSnapshot, passing: bool = False) -> None:
        """Build the buttons again when what they do has changed; Take and Decline wait (dimmed) while the dice
        passed on are on their way (``passing``), as the offer's box does."""
        if self._for == (snap.buttons, passing):
            return
        self._for = (snap.buttons, passing)
        x, y, h = ACTIONS.right - 454, ACTIONS.y + 8, 50
        widths = (110, 140, 90)
        widgets: list[Widget] = []
        for state, w in zip(snap.buttons, widths, strict=True):
            size = 17 if isinstance(state.command, BankTurn) else 18
            enabled = state.enabled and not (passing and isinstance(state.command, AnswerOffer))
            widgets.append(Button(pygame.Rect(x, y, w, h), state.label, self._sender(state.command),
                                  hint=state.key, enabled=enabled, primary=state.primary, size=size))
            x += w + 8
        widgets.append(Button(pygame.Rect(ACTIONS.right - 90, y, 90, h), _("Menu"), self.open_menu, hint="Esc"))
        self.focus.set(widgets)

    def _sender(self, command: Command) -> Callable[[], Go | None]:
        def send() -> None:
            self._sent.append(command)

        return send

    def pressed(self) -> Command | None:
        """The command of the button just clicked or activated (None for Menu, which opens by itself)."""
        return self._sent.pop() if self._sent else None

    def handle(self, event: Input, snap: TableSnapshot) -> Command | Go | None:
        """A person's keys: Space throws, Enter banks (or presses the focused button: Menu goes), H, T and D."""
        if not isinstance(event, KeyPress):
            return None
        key = event.key
        if key == "enter":
            focused = self.focus.focused if self.focus.keyboard else None
            if isinstance(focused, Button) and focused.enabled and focused.label != _("Roll"):
                where = focused.activate()
                return where if where is not None else self.pressed()
            return BankTurn()
        if key in ("tab", "left", "right"):
            self.focus.handle(KeyPress("tab", shift=key == "left" or event.shift))
            return None
        keys: dict[str, Command] = {"space": ThrowDice(), "h": ToggleHint(), "t": AnswerOffer(True),
                                    "y": AnswerOffer(True), "d": AnswerOffer(False), "n": AnswerOffer(False)}
        return keys.get(key)

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = ACTIONS
        x = r.x + 8
        width = ACTIONS.right - 454 - x - 12
        (first, first_tone), second = snap.status
        if snap.error:
            lines = canvas.wrap(snap.error, 14, width, "bold")
            if len(lines) > 2:
                lines = [lines[0], canvas.fit(" ".join(lines[1:]), 14, width, "bold")]
            for i, line in enumerate(lines):
                canvas.text(line, (x, r.y + 12 + i * 22), 14, theme.RED, font="bold")
            if len(lines) == 1:
                # An error of one line leaves the keys' line under it ("Enter: bank 1,350 and win" had gone for a
                # die clicked that could not score, helper-36).
                self._draw_status(canvas, ("", "plain"), second, x, width)
        else:
            if snap.addressee is not None:  # a shared screen: the prompt names whose turn it is, shortened
                words = snap.words
                rest = canvas.text_width(words.prompts.addressed("", first), 15, "bold")
                name = short_name(canvas, words.person(snap.addressee).subject, 15, min(width * 0.4, width - rest))
                first = words.prompts.addressed(name, first)
            self._draw_status(canvas, (first, first_tone), second, x, width)
        self.focus.draw(canvas)

    @staticmethod
    def _draw_status(
        canvas: Canvas, first: tuple[str, str], second: tuple[str, str], x: float, width: float
    ) -> None:
        """The two status lines, never more: the first is whole once a name in it is shortened, the second is
        the narrator's short form; a line still too wide gets a smaller size before it is cut."""
        lines: list[tuple[tuple[str, str], float, int, FontName]] = [
            (first, ACTIONS.y + 12, 15, "bold"), (second, ACTIONS.y + 37, 13, "sans")]
        for (text, tone), y, size, font in lines:
            while size > 11 and canvas.text_width(text, size, font) > width:
                size -= 1
            canvas.text(text, (x, y), size, theme.tone_color(tone), font=font, max_width=width)


# -- the side panel and the top bar ---------------------------------------------------------------------------


class SideSection(Section):
    """The side panel: the players with their scores and notes, then the hint while it is open, and the log.

    The hint goes above the log, never in its place; when both would not fit under the players' rows, the
    rows drop their notes while the hint is open.
    """

    rect = SIDE
    LOG_LINE = 21
    """A log entry's first line; its further lines (a long one wraps) are :attr:`WRAPPED` apart."""
    WRAPPED = 17
    LOG_MIN_PX = 11.5
    """The smallest the log's words are drawn, in the window's pixels."""
    HINT_MIN_PX = 10.75
    """The smallest the hint's words are drawn, in the window's pixels (its figures run long, kept whole)."""
    LOG_ROOM = 24 + 4 * LOG_LINE
    """The log keeps its heading and four lines under an open hint."""
    FADE = 0.5
    """Seconds a character's line takes to fade at the end."""
    COUNT = 10.0
    """How quickly a score on show counts up to a new total (most of the way in a tenth of a second: at a sixth, a
    bank of 1,150 took over a second to be counted in whole, under a banner saying it already, helper-39)."""

    def __init__(self) -> None:
        self.counted: list[float] = []
        """The scores on show, counting up to the state's."""

    def tick(self, snap: TableSnapshot, dt: float) -> None:
        """Count the scores on show on towards the state's (a bank's points are seen added, not swapped in)."""
        scores = snap.state.scores
        if len(self.counted) != len(scores):
            self.counted = [float(v) for v in scores]
            return
        k = 1.0 - math.exp(-dt * self.COUNT)
        self.counted = [float(t) if abs(t - v) < 1.0 else v + (t - v) * k for v, t in zip(self.counted, scores,
                                                                                            strict=True)]

    def counting(self, snap: TableSnapshot) -> bool:
        """Whether a score on show is still counting up."""
        return len(self.counted) == len(snap.state.scores) and any(
            v != t for v, t in zip(self.counted, snap.state.scores, strict=True))

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = SIDE
        s = snap.state
        if self.counting(snap):
            s = replace(s, scores=tuple(round(v) for v in self.counted))
        hint = self.hint_lines(canvas, snap)
        hint_h = self.hint_height(hint, self.hint_size(canvas))
        full = players_bottom(s.players) + 20 + hint_h + self.LOG_ROOM > r.bottom
        speech = snap.speech
        spoken = None if speech is None else Spoken(speech.seat, speech.text, min(1.0, speech.ttl / self.FADE))
        y = draw_player_rows(canvas, snap.players, snap.seat_notes, s, snap.rules.target, s.current,
                             compact=bool(hint) and full, spoken=spoken)
        y += 10
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        y += 10
        if snap.coach is not None:
            y = self._draw_coach(canvas, snap.coach, y) + 12
        if hint:
            box = pygame.Rect(r.x + 10, round(y), r.w - 20, round(min(hint_h, r.bottom - self.LOG_ROOM - y)))
            self._draw_hint(canvas, hint, box, self.hint_size(canvas))
            y = box.bottom + 12
        self._draw_log(canvas, snap, y)

    COACH_TEXT = 15
    COACH_LINE = 19

    def coach_lines(self, canvas: Canvas, card: CardWords) -> tuple[list[str], list[str], list[str], list[str]]:
        """The lesson card's title, body, nudge and task, each wrapped to the card's width."""
        w = SIDE.w - 48
        text = self.COACH_TEXT
        return (canvas.wrap(card.title, 18, w, "bold"), canvas.wrap(card.body, text, w),
                canvas.wrap(card.nudge, text, w, "bold") if card.nudge else [],
                canvas.wrap(card.task, text, w, "bold") if card.task else [])

    def _draw_coach(self, canvas: Canvas, card: CardWords, y: float) -> float:
        """Learn to play's card above the log: the step, the idea, what it means here, what to do now."""
        r = SIDE
        title, body, nudge, task = self.coach_lines(canvas, card)
        line = self.COACH_LINE
        h = 34 + 24 * len(title) + 6 + line * len(body) + (8 + line * (len(task) + len(nudge)) if task else 0) + 30
        box = pygame.Rect(r.x + 10, round(y), r.w - 20, round(h))
        # A move the lesson did not ask for turns the card's edge red for a moment's notice; nothing else changes.
        edge = theme.RED if nudge else theme.BLUE
        canvas.box(box, (14, 22, 30, 235), radius=10, border=2.5 if nudge else 1.5, border_color=edge)
        canvas.text(_("LEARN TO PLAY"), (box.x + 14, box.y + 10), 12, theme.BLUE, font="bold")
        canvas.text(card.step, (box.right - 14, box.y + 10), 12, theme.TEXT_DIM, anchor="topright")
        ty = box.y + 32
        for part in title:
            canvas.text(part, (box.x + 14, ty), 18, theme.GOLD, font="bold")
            ty += 24
        ty += 6
        for part in body:
            canvas.text(part, (box.x + 14, ty), self.COACH_TEXT, theme.TEXT)
            ty += line
        if task:
            ty += 8
            for part, color in [(p, theme.RED) for p in nudge] + [(p, theme.GOLD) for p in task]:
                canvas.text(part, (box.x + 14, ty), self.COACH_TEXT, color, font="bold")
                ty += line
        canvas.text(card.leave, (box.x + 14, box.bottom - 22), 12, theme.TEXT_DIM)
        return box.bottom

    def _draw_log(self, canvas: Canvas, snap: TableSnapshot, y: float) -> None:
        """The log's newest entries that fit, each wrapped whole onto as many lines as it needs."""
        r = SIDE
        canvas.text(_("LOG"), (r.x + 18, y), 13, theme.GOLD, font="bold")
        y += 24
        if not snap.log:
            canvas.text(snap.words.prompts.empty_log, (r.x + 18, y), 13, theme.TEXT_DIM)
            return
        shown: list[tuple[int, Line, list[str]]] = []
        room = r.bottom - 12 - y
        # (in a small window the log's words grow to stay readable: fewer lines fit, each wrapped whole)
        size = max(13.0, self.LOG_MIN_PX / canvas.scale)
        first, wrapped = self.LOG_LINE * size / 13, self.WRAPPED * size / 13
        for seat, line in reversed(snap.log):
            parts = canvas.wrap(line.text, size, r.w - 48)
            need = first + wrapped * (len(parts) - 1)
            if need > room:
                break
            room -= need
            shown.append((seat, line, parts))
        for seat, line, parts in reversed(shown):
            canvas.circle(theme.seat_color(seat), (r.x + 22, y + 8 * size / 13), 4)
            for i, part in enumerate(parts):
                # (a word wider than the log, a name of 24 W's, is cut short rather than leave the window)
                canvas.text(part, (r.x + 32, y + i * wrapped), size, theme.tone_color(line.tone), max_width=r.w - 48)
            y += first + wrapped * (len(parts) - 1)

    @classmethod
    def hint_lines(cls, canvas: Canvas, snap: TableSnapshot) -> list[tuple[str, Line, bool]]:
        """The open hint's lines wrapped to the box (each part, its line, and whether it starts the line);
        empty while the hint is closed."""
        out: list[tuple[str, Line, bool]] = []
        for line in snap.hint or ():
            width = SIDE.w - (64 if line.indent else 54)  # (an indented line starts 10 further in)
            for i, part in enumerate(canvas.wrap(line.text, cls.hint_size(canvas), width)):
                out.append((part, line, i == 0))
        return out

    @classmethod
    def hint_size(cls, canvas: Canvas) -> float:
        """The hint's words' size: in a small window they grow, as the log's do, to stay readable."""
        return max(14.0, cls.HINT_MIN_PX / canvas.scale)

    @staticmethod
    def hint_height(lines: list[tuple[str, Line, bool]], size: float = 14.0) -> float:
        """The hint box's height for ``lines`` (0 without a hint) at ``size``."""
        if not lines:
            return 0.0
        return 36 + sum(19 * size / 14 + (4 if first else 0) for _, _, first in lines) + 6

    @staticmethod
    def _draw_hint(canvas: Canvas, lines: list[tuple[str, Line, bool]], box: pygame.Rect, size: float) -> None:
        canvas.box(box, (12, 16, 20, 200), radius=10, border=1, border_color=theme.GOLD_DARK)
        canvas.text(_("HINT"), (box.x + 12, box.y + 10), 13, theme.GOLD, font="bold")
        canvas.text(_("H closes"), (box.right - 12, box.y + 10), 12, theme.TEXT_DIM, anchor="topright")
        y = box.y + 32.0
        step = 19 * size / 14
        for part, line, first in lines:
            y += 4 if first else 0
            if y + step > box.bottom - 4:
                return
            indent = 22 if line.indent else 12
            # (a figure and its words are kept together: grown in a small window, such a run can be wider than
            # the box, and is made a little smaller, not cut)
            room = box.w - indent - 10
            fits = min(size, size * room / max(1.0, canvas.text_width(part, size)))
            canvas.text(part, (box.x + indent, y), fits, theme.tone_color(line.tone))
            y += step


class TopBarSection(Section):
    """Above the felt: the rules' name and target, the chips; the players' name plates on the rails (drawn over
    the dice: a die bouncing on a rail or cocked against it never hides a name)."""

    rect = TOP_BAR

    def __init__(self) -> None:
        self._plates: dict[int, tuple[float, int]] = {}
        """Each seat's plate: where along its rail it is drawn (its left edge, logical px), and where it goes."""

    def slide(self, dt: float) -> bool:
        """Slide the plates a step on their way clear of a die (they had jumped aside and back, helper-44);
        whether one is still on its way."""
        moving = False
        for seat, (shown, goal) in self._plates.items():
            if shown != goal:
                step = (goal - shown) * (1.0 - math.exp(-dt * PLATE_EASE))
                step = math.copysign(min(abs(step), PLATE_SPEED * dt), step)
                shown = float(goal) if abs(goal - shown - step) < 0.5 else shown + step
                self._plates[seat] = (shown, goal)
                moving = True
        return moving

    def sliding(self) -> bool:
        """Whether a plate is on its way along its rail."""
        return any(shown != goal for shown, goal in self._plates.values())

    def _slid(self, seat: int, goal: int) -> int:
        """Where seat ``seat``'s plate, going to ``goal``, is drawn (at once there, the first time)."""
        shown = self._plates.get(seat, (float(goal), goal))[0]
        self._plates[seat] = (shown, goal)
        return round(shown)

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = TOP_BAR
        rules = snap.rules
        canvas.text(rules_name(rules), (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft")
        name_w = canvas.text_width(rules_name(rules), 18, "serif")
        canvas.text(_("to {target}").format(target=num(rules.target)), (r.x + 16 + name_w, r.centery + 1), 14,
                    theme.TEXT_DIM, anchor="midleft")
        draw_chips(canvas, [(text, theme.tone_color(tone)) for text, tone in snap.chips], r.right, r.y + 7)

    def draw_plates(self, canvas: Canvas, snap: TableSnapshot, avoid: Sequence[pygame.Rect] = ()) -> None:
        """The players' name plates on the rails (clear of the dice lying against them: ``avoid``)."""
        draw_plates(canvas, [p.name for p in snap.players], snap.state, snap.state.current, avoid, self._slid)


# -- above the dice ----------------------------------------------------------------------------------------------


HELD_UNDER = 0.25
"""How much of a callout shows while dice held in the hand are under it (it is drawn above every die)."""


def held_under(felt: FeltSection, card: pygame.Rect) -> bool:
    """Whether a die held in the hand (a drag under way) is under ``card``."""
    if felt.drag is None:
        return False
    held = [d for d in felt.dice + felt.hold.fresh if d.ident in felt.hold.lying and d.alpha > 0]
    return any(card.colliderect(pygame.Rect(d.x - d.size / 2, d.y - d.size / 2, d.size, d.size)) for d in held)


class NoticeLayer(Section):
    """Banners, callouts, the carryover box and the waiting card: drawn above the dice, never under them."""

    rect = FELT

    def __init__(self, felt: FeltSection, tray: TraySection | None = None) -> None:
        self.felt = felt
        self.tray = tray
        self.confetti = Confetti()
        """A game's end celebrated over the table (under the banner that says who won)."""
        self.card: tuple[int, pygame.Rect] = (-1, FELT)
        """The banner on show (its serial) and the card it was given: a banner stays where it first appeared."""
        self.callout_card: pygame.Rect | None = None
        """Where the callout was last drawn."""
        self.callout_spot: tuple[int, pygame.Rect] = (-1, FELT)
        """The callout on show (its serial) and the room it rises in: given once, like a banner's card."""

    def place(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """A new callout, then a new banner, gets its place once, clear of the dice lying there then (it never
        jumps about); the banner clear of the callout too (a bank straight after a keep shows both at once);
        the game's end is said clear of its last dice too."""
        callout = snap.callout
        if callout is not None and self.callout_spot[0] != callout.serial:
            w = self._callout_width(canvas, callout.said)
            # (a keep thrown on with Space: clear of the throw's whole flight too, it stays its time; dice set
            # aside as a hand takes up the others: clear of where that hand may go, it sat on the dice held)
            carried = (self.tray.carried() if self.tray is not None else []) + flight_path(self.felt)
            carried += hand_room(self.felt)
            self.callout_spot = (callout.serial, callout_spot(w, self.felt.callout_at, self.felt.lying(),
                                                              carried, ROW_LINES))
        banner = snap.banner
        if banner is not None and self.card[0] != banner.serial:
            # (at the game's end nothing more moves, and no row is laid: only the last dice lying count)
            finished = snap.state.finished
            carried = self.tray.carried() if self.tray is not None and not finished else []
            passing = [] if finished else carried + self.felt.sweep.path()
            if self.tray is not None and not finished:  # (the dice lying there, to be carried to the next row)
                passing += row_way([(v.x, v.y) for v in self.tray.lying()], snap.state.current, snap.state.players)
            lying = self.felt.lying()
            if not finished and self.felt.drag is None:
                # (and a row passed across the felt to the next thrower: laid for another, its dice had crossed the
                # banner of the next one's turn)
                ways, ends = row_passed(self.felt.hold, snap.state.current, snap.state.players)
                passing, lying = passing + ways, lying + ends
            if callout is not None:
                # (the banner kept clear of the callout still rising, as of a die)
                spot = self.callout_spot[1]
                lying += [(x, y) for x in range(spot.left, spot.right + 1, 16)
                          for y in range(spot.top, spot.bottom + 1, 16)]
            self.card = (banner.serial, banner_card(canvas, banner.said, lying, passing,
                                                    [] if finished else ROW_LINES))
        self.felt.covered = self.card[1] if banner is not None else None

    @staticmethod
    def _callout_width(canvas: Canvas, said: Said) -> int:
        return round(canvas.text_width(f"{said.title}  {said.sub}", 22, "bold") + 28)

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        self.confetti.draw(canvas)
        banner = snap.banner
        shown: pygame.Rect | None = None
        offer = snap.offer is not None and not passing_on(self.felt)
        # (the offer's box is the decision on show: a banner showed through it)
        if banner is not None and self.card[0] == banner.serial and snap.waiting is None and not offer:
            draw_banner(canvas, banner.said, banner.ttl, self.card[1])
            shown = self.card[1]
        if snap.callout is not None:
            spot = self.callout_spot[1] if self.callout_spot[0] == snap.callout.serial else None
            self._draw_callout(canvas, snap.callout.said, snap.callout.ttl, shown, spot)
        if offer and snap.offer is not None:
            self._draw_offer(canvas, snap.offer)
        if snap.waiting is not None:
            self._draw_waiting(canvas, snap.waiting)

    def _draw_callout(self, canvas: Canvas, said: Said, ttl: float, banner: pygame.Rect | None = None,
                      spot: pygame.Rect | None = None) -> None:
        """A combination just kept, rising in its ``spot`` (see :func:`callout_spot`: near where its dice lay,
        clear of the dice) and fading; clear of the ``banner`` on show (hot dice after a straight): just above
        it, or below where there is no room above."""
        alpha = max(0.0, min(1.0, ttl / 0.4))
        text = f"{said.title}  {said.sub}"
        w = self._callout_width(canvas, said)
        if spot is None:
            spot = callout_spot(w, self.felt.callout_at)
        rise = (1.0 - min(1.0, ttl / 1.8)) * CALLOUT_RISE
        x, y = spot.centerx, spot.bottom - CALLOUT_H / 2 - rise
        card = pygame.Rect(round(x - w / 2), round(y - CALLOUT_H / 2), w, CALLOUT_H)
        if banner is not None and card.colliderect(banner.inflate(8, 8)):
            above = banner.top - 8 - 19
            y = above if above >= FELT.top + 22 else banner.bottom + 8 + 19
            card.centery = round(y)
        self.callout_card = card
        if held_under(self.felt, card):
            alpha *= HELD_UNDER  # (the dice in the hand went up under it, and vanished, helper-38)
        canvas.box(card, (12, 14, 10, int(240 * alpha)), radius=19, border=1.5 if alpha > 0.5 else 0,
                   border_color=theme.GOLD)  # (all but opaque: a die passing under it showed across its words)
        # the words fade with the card (dice thrown on come to land where they were)
        canvas.text(text, (x, y), 22, theme.GOLD, font="bold", anchor="center", shadow=(0, 0, 0),
                    alpha=round(255 * alpha))

    @staticmethod
    def _draw_waiting(canvas: Canvas, waiting: Waiting) -> None:
        box = pygame.Rect(0, 0, 520, 150)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 235), radius=14, border=1.5, border_color=theme.GOLD_DARK)
        canvas.text(_("GETTING THE COMPUTER PLAYERS READY"), (box.centerx, box.y + 24), 13, theme.GOLD, font="bold",
                    anchor="center")
        canvas.text(waiting.text, (box.centerx, box.y + 58), 17, theme.TEXT, anchor="center", max_width=box.w - 40)
        bar = pygame.Rect(box.x + 40, box.y + 82, box.w - 80, 10)
        canvas.box(bar, (40, 44, 48, 255), radius=5)
        filled = bar.copy()
        filled.w = max(10, round(bar.w * min(1.0, waiting.fraction)))
        canvas.box(filled, theme.GOLD, radius=5)
        canvas.text(_("Esc: back to the menu (the game is kept for Continue)"), (box.centerx, box.bottom - 24), 13,
                    theme.TEXT_DIM, anchor="center")

    @staticmethod
    def _draw_offer(canvas: Canvas, offer: OfferBox) -> None:
        words = offer.words
        # A headline with long names takes two lines rather than lose its end.
        heads = canvas.wrap(words.headline, 20, 530, "bold")
        if len(heads) > 2:
            heads = [heads[0], canvas.fit(" ".join(heads[1:]), 20, 530, "bold")]
        extra = 26 * (len(heads) - 1)
        # (the chance of reaching a total is a longer figure than a bust chance: the answers keep their room)
        odds_w = 170 if offer.reach is None else 250
        box = pygame.Rect(0, 0, 540 + odds_w - 150, 190 + extra)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 225), radius=14, border=1.5, border_color=theme.BLUE)
        canvas.text(_("DICE PASSED ON"), (box.centerx, box.y + 22), 13, theme.BLUE, font="bold", anchor="center")
        for i, head in enumerate(heads):
            canvas.text(head, (box.centerx, box.y + 52 + 26 * i), 20, theme.TEXT, font="bold", anchor="center")
        take, fresh = offer.odds
        for i, (text, pct) in enumerate([(words.take, take), (words.decline, fresh)]):
            y = box.y + 88 + extra + i * 30 + (18 if i and words.take_note else 0)
            canvas.text(text, (box.x + 26, y), 16, theme.TEXT, anchor="midleft", max_width=box.w - odds_w - 20)
            odds = (_("bust {chance}").format(chance=pct) if offer.reach is None
                    else _("{chance} to reach {total}").format(chance=pct, total=num(offer.reach)))
            canvas.text(odds, (box.right - 26, y), 16, theme.WARN if offer.reach is None else theme.GOLD,
                        font="bold", anchor="midright", max_width=odds_w - 20)
            if i == 0 and words.take_note:
                canvas.text(words.take_note, (box.x + 40, y + 22), 12, theme.TEXT_DIM, anchor="midleft",
                            max_width=box.w - 66)
        canvas.text(offer.ask, (box.centerx, box.bottom - 22), 14, theme.TEXT_DIM, anchor="center")
