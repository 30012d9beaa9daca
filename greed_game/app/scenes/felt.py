"""The felt: each throw's film played back, every die drawn from its true pose, and a throw by hand.

The flow simulates a throw to rest before the first frame (see
:mod:`greed_game.physics`); the felt plays that film, sounds its impacts as
they come, and reports :class:`~greed_game.play.moments.Settled` when it has
played to its end. A press on the felt, a drag and a release throw the dice
by hand: the gesture's last tenth of a second sets the throw's speed and
direction.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pygame

from greed_game.app import theme
from greed_game.app.camera import Camera
from greed_game.app.canvas import Canvas, clipped
from greed_game.app.dice_view import (
    BADGE_R,
    COCKED_TAG,
    DieView,
    adjacent,
    badge_radius,
    badge_spot,
    cocked_tag_center,
    draw_badge,
    draw_cocked,
    draw_die,
)
from greed_game.app.display import Pointer
from greed_game.app.gl_dice import (
    EDGE_FADE,
    FALLS,
    PASSES,
    PASSING_FADE,
    GLDice,
    Highlight,
    rotations,
    top_quarters,
    top_turns,
)
from greed_game.app.input import Click, Input, KeyPress, Move, Release
from greed_game.app.scenes.table_parts import DIE, FELT, RAILS, SIDE, TRAY
from greed_game.app.skins import SkinName
from greed_game.physics import FACE_NORMALS, TABLE, Film, Flick, Layout
from greed_game.physics.faces import LAYOUTS, label
from greed_game.physics.throw import FILM_RATE, HAND_CLEAR, REACH_GIVE, REACH_MIN, held_reach, lying
from greed_game.play.moments import (
    AnswerOffer,
    Command,
    HoldDice,
    KeptDice,
    RollOffThrown,
    Settled,
    ThrowDice,
    Thrown,
    ToggleDie,
)
from greed_game.play.snapshot import TableSnapshot
from greed_game.play.voids import Toss, seat_spot
from greed_game.rules import Phase

CAMERA = Camera((float(FELT.centerx), float(FELT.centery)), DIE)
"""The one projection of the table onto the stage, shared by the flat view and the 3D view."""
VIEW_AREA = RAILS.inflate(2 * DIE, 2 * DIE)
"""The part of the stage the 3D view draws into: the table and a die's width around it (a die falling off)."""
FALL_AREA = pygame.Rect(VIEW_AREA.x, VIEW_AREA.y, SIDE.left - 4 - VIEW_AREA.x, TRAY.top - VIEW_AREA.y)
"""Where a die falling off the table is seen: over the room around the table, not over the tray below it or the
side panel beside it (it falls behind them)."""

FLICK_SPEED = (1.2, 13.5)
"""The slowest and the fastest throw by hand, die units a second (a faster gesture is held to the top): the
slowest, a drop, lets the dice hop where they fall (at 2, dropped at the rail they hopped two dice up the felt,
helper-37), a slow drag rolls them out of the hand (at 4.5 a slow drag still carried six to the felt's middle
and one die past it); the fastest, from the rail, sends most of them to the far third (their median 2 dice past
the middle, as the hardest let go at the middle line: 60% in the far third, 1,000 throws). At 14 from the middle
line, five in six went there and a quarter of such throws left the dice in a row along the far rail; at 10.5 from
the rail a hard flick left them short of it (helper-34)."""
HARDEST_NEAR = 0.8
"""How much of the hardest throw a hand let go at the middle line keeps at least (the gentler throws keep less:
the room before the hand, :func:`gesture_flick`). A fling past the middle line is let go there: at 0.7 it threw no
harder than Space's hardest, and hard flings seemed to fall short (helper-46); at 0.8 its dice rest about as far up
the felt as the hardest throw from the rail (the median 2.2 dice past the middle against 2.1), 60% of them in the
far third, with three or more against the far rail in one throw in five (one in fourteen at 0.7)."""
FLICK_LIFT = 10.0
"""How fast a throw by hand tosses the dice up, die units a second: an arc like a gentle throw's. A throw slower
than :data:`FLICK_LOFTED` tosses them up less, in proportion: a hand setting the dice down does not toss them."""
FLICK_LOFTED = 6.0
"""The gentlest throw by hand (die units a second) that tosses the dice up by the whole :data:`FLICK_LIFT`."""
FLICK_FULL = 27.0
"""How fast a gesture throws as hard as a hand can (die units a second, over its fastest tenth of a second; about
1,500 px a second at 1280×720)."""
FLICK_CURVE = 0.8
"""How a gesture's speed gives the throw's, as a share of :data:`FLICK_FULL` to this power: the middling gestures
throw a little harder than in proportion (in proportion, a drag of 450 px a second had rolled the dice out
gently, helper-36). A drag of 300 px in 0.4 s still lands about where Space does, let go nearer the middle."""
FLICK_SWING = 2.5
"""How far (die units) the hand must have swung in the last third of a second to throw as hard as can be; a
shorter swing throws in proportion to its length (a quick nudge of 30 px had thrown as hard as a long flick)."""
HAND_BACK = 2.5
"""About where Space's hand throws from, die units from the felt's middle: a throw by hand let go nearer the
middle throws gentler (:func:`gesture_flick`)."""
FLICK_MIN = 40.0
"""A drag shorter than this (logical px) is a click, not a throw."""
FLICK_WINDOW = 0.1
"""The stretch of the gesture its speed is measured over, seconds."""
LET_GO_PAST = 0.5
"""How far past the felt's middle line (die units) a pointer flung on with the dice in the hand takes them before
the hand lets them go, as an arm stretched out does (:func:`_flung_past`)."""
LET_GO_SPEED = 15.0
"""How fast (die units a second, towards the far rail) a pointer must be going there for the hand to let go: a
slower drag past the line keeps the dice in the hand, at its reach."""
FLICK_RECENT = 0.25
"""How long before letting go (seconds) the gesture's fastest stretch still sets the throw: a hand that paused
an instant before letting go had thrown a weak lob."""
GATHER = 0.32
"""Seconds of film the dice left on the felt take to be gathered into the thrower's hand before a throw of six:
they are seen picked up, not gone from the felt and back in the air in the same frame (in 0.24, each die in an
eighth of a second, they had seemed to jump to the hand, helper-40). A hand picks up fewer dice quicker
(:func:`gather_time`)."""
SWEEP_FIRST = 0.2
"""Seconds of film a roll-off's tie waits, its old dice being taken back, before the new come in."""
ROLL_OFF_CLEAR = 0.45
"""Seconds of film a roll-off's tie thrown again by Space or a computer waits while the tied dice are carried to
the tray (at :data:`SWEEP_FIRST` the new dice flew out of the tray through the old coming in, helper-46): in four
three-seat ties the new dice now set off 42 frames after the tie, as the last old die reaches the tray (37 to 46
frames), where they had set off at 18."""
KEPT_FIRST = 0.16
"""Seconds of film (about a quarter of a second at normal speed) the dice left on the felt wait before they
are gathered, when a throw comes with a keep: the kept dice are lifted clear by then (those after the first are
carried higher still, over the dice being gathered)."""
KEPT_EACH = 0.04
"""Seconds of film more the dice left wait for each die kept after the first (carried one after another)."""
GATHER_BY_HAND = 0.12
"""The gathering before a throw by hand: the drag was the picking up, the dice leave at once."""
PACE_FAST = 1.3
"""How much faster than the speed setting's rate a film plays while a die moves at :data:`PACE_QUICK` or more
(as the last come to rest, at the rate itself: at 0.85 of it a die toppling off an edge took up to a second, in
slow motion, helper-33)."""
PACE_QUICK = 12.0
"""Die units a second: a die this fast or faster is a throw in flight or striking (between, in proportion)."""
PACE_AHEAD = 6
"""Frames of film the pace looks ahead for the quickest die (a die stopped between two bounces is not at rest)."""
CATCH_SPEED = 25.0
"""Die units a second of film the dice a quick flick let go of before they reached the hand are carried into it
at most: the further they still are, the later the throw leaves (at :data:`GATHER_BY_HAND` at once, dice let go
from across the felt had crossed it in a frame or two, into the throw, helper-31; at 40 still "the dice
teleport", helper-36)."""
BUNCHED = 1.8
"""How far (die units) from their middle the dice a hand let go may lie and still fly on from where they are at
once, as from the hand (gathered all but into it, they had stopped mid-felt for 0.2 s first, helper-48)."""
CATCH_MAX = 0.35
"""Seconds of film that carrying takes at most."""
GATHER_CARRY = 15.0
"""Die units a second of film a hand gathering the dice left on the felt carries the furthest of them at most, over
the whole gathering (in :data:`GATHER` however far, dice across the felt had been pulled into the hand in about
150 ms, helper-44)."""
GATHER_MAX = 0.55
"""Seconds of film that gathering takes at most."""
GATHER_LIFT = 0.8
"""How high the gathered dice rise on their way to the hand, die units."""
ADJACENT = {face: tuple(f for f in range(6) if f // 2 != face // 2) for face in range(6)}
"""The four faces that share an edge with each face (faces in :mod:`greed_game.physics.faces` order)."""


_ADJACENT_MASK = np.array([[f in ADJACENT[top] for f in range(6)] for top in range(6)])
_FACE_NORMALS_T = np.array(FACE_NORMALS, dtype=np.float64).T


def pose_dice(views: Sequence[DieView], rows: npt.NDArray[np.float32], layouts: Sequence[Layout],
              camera: Camera = CAMERA) -> None:
    """Set flat-view dice from their physics poses (one row each): where each is, how high, which face is up
    and how far it has rolled towards the next one.

    The flat view shows a roll between two faces: the face most nearly up and
    the neighbour rising next, turned as far as the true pose is (a die cocked
    at 35° shows both faces, as it does on the table). The 3D view draws the
    pose itself, and a click finds a die by what is set here.
    """
    # every die at once: numpy's cost is in the call, not the size, and this runs every frame of a throw
    rows = rows[: len(views)]
    normals = rotations(rows[:, 3:7]) @ _FACE_NORMALS_T  # [die, :, f]: face f's normal in the world
    heights = normals[:, 2, :]
    tops = np.argmax(heights, axis=1)
    nexts = np.argmax(np.where(_ADJACENT_MASK[tops], heights, -np.inf), axis=1)
    tilts = np.degrees(np.arccos(np.minimum(1.0, heights[np.arange(len(views)), tops])))
    for n, view in enumerate(views):
        row, layout, top, nxt = rows[n], layouts[n], int(tops[n]), int(nexts[n])
        pose = tuple(float(c) for c in row)
        x, y, z = pose[:3]
        view.pose = pose
        view.layout = layout
        lift = z - 0.5
        # Placed where the camera sees the middle of its top face (what is drawn, and what a click aims at),
        # sized as a die lying on the felt is at its own height.
        seen = max(z + 0.5, -2.5)
        view.x, view.y = camera.to_screen(x, y, seen)
        view.size = view.base * camera.depth_scale(seen) / camera.depth_scale(1.0)
        view.z = max(0.0, lift) * view.base * 0.5
        # How far from flat: the top face's tilt, as a share of the quarter turn that would bring the next face
        # up.
        phase = float(tilts[n]) / 90.0
        # The next face lies on the side of the die it is rising from; the sprite rolls its next face in from
        # the image's left, so the image's right points away from that side.
        hx, hy = float(normals[n, 0, nxt]), float(normals[n, 1, nxt])
        view.angle = math.atan2(hy, -hx) if abs(hx) + abs(hy) > 1e-6 else view.angle
        view.axis = 0
        t = view.tumble
        t.top, t.next = layout[top], layout[nxt]
        if not adjacent(t.top, t.next):  # never: neighbours on a shop die always share an edge
            t.next = next(f for f in range(1, 7) if adjacent(t.top, f))
        t.phase = phase if phase > 0.02 else 0.0
        t.done = t.phase == 0.0
        view.alpha = 255 if lift > -0.6 else max(0, int(255 * (1 + (lift + 0.6) / 1.6)))


@dataclass
class Playing:
    """A film on the felt: the time into it, and which impacts have sounded; led in, when the dice come from the
    felt, by their gathering from where they lay (``start``, showing ``start_layouts``) into the hand."""

    film: Film
    layouts: tuple[Layout, ...]
    t: float = 0.0
    sounded: int = 0
    start: npt.NDArray[np.float32] | None = None
    start_layouts: tuple[Layout, ...] = ()
    lead: float = 0.0
    hold: float = 0.0
    """The first part of the lead the dice lie still (dice just kept are carried off first: the two never
    cross)."""
    by_hand: bool = False
    """Whether a person's hand let the dice go (the lead carries them on from the hand, not up off the felt)."""
    blend: float = 0.0
    """Seconds of film over which dice let go in the hand go on from where it held them onto the film's ways,
    the film running from the first (led into the film's first pose instead, they had stopped and hung a moment
    in the air before they flew, helper-47)."""
    ends: float = field(init=False)
    brought: npt.NDArray[np.bool_] = field(init=False, repr=False)
    """Each die that comes in from beyond a rail on its way to the hand (a new turn's, hot dice, a roll-off's)."""
    marks: list[tuple[float, tuple[float, float]]] = field(init=False, repr=False)
    """The film's dice that fall off the table: when each goes over the rail, and where its mark goes."""
    unseen: set[int] = field(default_factory=set)
    """The film's dice carried in from the tray: not seen until the throw leaves the hand (till then the tray's
    likeness of each is in the air, on its way to its place in the hand)."""
    _hand: npt.NDArray[np.float32] = field(init=False, repr=False)
    _delays: npt.NDArray[np.float32] = field(init=False, repr=False)
    _spans: npt.NDArray[np.float32] = field(init=False, repr=False)
    _tops: tuple[list[tuple[int, int]], list[tuple[int, int]]] = field(init=False, repr=False)
    _quickest: npt.NDArray[np.float32] = field(init=False, repr=False)
    """For each frame of the film, how fast its quickest die moves then (die units a second, the next few frames'
    quickest: the pace eases down as the dice come to rest, not as one bounces)."""

    def __post_init__(self) -> None:
        self.ends = self.lead + self.film.seconds
        poses = self.film.poses
        moved = np.linalg.norm(np.diff(poses[:, :, :3], axis=0), axis=2) * FILM_RATE
        quickest = np.max(np.where(np.asarray(self.film.fell)[None, :], 0.0, moved), axis=1, initial=0.0)
        ahead = quickest.copy()
        for n in range(1, min(PACE_AHEAD, len(quickest))):
            ahead[:-n] = np.maximum(ahead[:-n], quickest[n:])
        self._quickest = ahead.astype(np.float32) if len(ahead) else np.zeros(1, dtype=np.float32)
        self.marks = over_marks(self.film)
        self._hand = self.film.pose(0.0)
        # picked up one after another, the nearest to the hand first, the last starting halfway through
        lying_at = self._hand if self.start is None else self.start
        self.brought = ((np.abs(lying_at[:, 0]) > TABLE.half_width + TABLE.rail)
                        | (np.abs(lying_at[:, 1]) > TABLE.half_depth + TABLE.rail))
        far = np.hypot(self._hand[:, 0] - lying_at[:, 0], self._hand[:, 1] - lying_at[:, 1])
        if self.start is not None and not self.by_hand and not self.brought.any():
            # dice lying on the felt are swept into the hand together, each at the hand's pace, the furthest over
            # the whole gathering (fetched one after another, one had waited by the rail while another was still
            # on the far side, helper-45)
            self._delays = np.zeros(len(far), dtype=np.float32)
            self._spans = np.clip(far / max(float(np.max(far, initial=0.0)), 1e-6), 0.4, 1.0).astype(np.float32)
        else:  # (one after another, the nearest first, each over half the gathering)
            self._delays = (0.5 * np.argsort(np.argsort(far)) / max(1, len(far) - 1)).astype(np.float32)
            self._spans = np.full(len(far), 0.5, dtype=np.float32)
        final = top_quarters(rotations(self.film.final()[:, 3:7]))
        # dice picked up show their old faces until half way; dice brought in already show the new ones
        old = self.start is not None and self.start_layouts != self.layouts
        self._tops = (top_quarters(rotations(lying_at[:, 3:7])) if old else final, final)

    def carried_in(self, dice: Sequence[int]) -> None:
        """The film's ``dice`` (brought in over the rail) come from the tray instead: they wait in the hand,
        unseen, for the tray's likenesses of them to reach it."""
        assert self.start is not None, "a film led in from the hand has no dice to bring"
        for n in dice:
            self.start[n] = self._hand[n]
            self.brought[n] = False
            self.unseen.add(n)

    def places(self) -> list[tuple[int, tuple[float, float, float, float]]]:
        """Each die brought in over the rail, and where it is to be in the hand: ``(x, y, angle, size)`` on the
        stage, as the flat view draws it there."""
        return [(n, _drawn_at(self._hand[n])) for n in np.flatnonzero(self.brought).tolist()]

    def pace(self) -> float:
        """How fast the film plays now, as a share of the speed setting's rate: quicker while the dice fly and
        strike than as they roll out (at one pace, a hard throw had looked gentle and every throw had stopped
        dead, "as if on sand", helper-31 and helper-32)."""
        if self.t < self.lead:
            return 1.0
        v = float(self._quickest[min(int((self.t - self.lead) * FILM_RATE), len(self._quickest) - 1)])
        return 1.0 + (PACE_FAST - 1.0) * min(1.0, v / PACE_QUICK)

    def pose(self) -> tuple[npt.NDArray[np.float32], tuple[Layout, ...]]:
        """Every die's pose now, and the layouts of its faces."""
        if self.start is None or self.t >= self.lead:
            into = self.t - self.lead
            if self.start is not None and into < self.blend:
                return (_let_go(self.start, self._hand, self.film.pose(into), into / self.blend),
                        self.start_layouts if into < self.blend / 2 else self.layouts)
            return self.film.pose(into), self.layouts
        u = max(0.0, self.t - self.hold) / (self.lead - self.hold)
        # the faces change while the dice turn in the air, not as they leave the felt
        # (dice a hand let go are up in the air already: no arc over to it, in which they had hung, growing, for a
        # quarter of a second after a flick, helper-33)
        moved = gathered(self.start, self._hand, self._delays, u, 0.0 if self.by_hand else GATHER_LIFT,
                         arriving=self.brought, spans=self._spans)
        return moved, (self.start_layouts if u < 0.5 else self.layouts)

    def tops(self) -> list[tuple[int, int]]:
        """For letter dice, the face whose letter is turned and how (see :func:`~greed_game.app.gl_dice.top_quarters`):
        as the dice will rest once thrown, as they lay while they are picked up with their old faces."""
        return self._tops[0] if self.t < (self.lead + self.hold + self.blend) / 2 else self._tops[1]

    def sounding(self) -> float:
        """The film's time now (its impacts come after the gathering)."""
        return self.t - self.lead


def _let_go(held: npt.NDArray[np.float32], hand: npt.NDArray[np.float32], now: npt.NDArray[np.float32],
            u: float) -> npt.NDArray[np.float32]:
    """Dice ``u`` (0 to 1) of the way from going on from where the hand ``held`` them to being where the film has
    them ``now``: the gap between the hand and the film's first pose (``hand``) closes as they fly, eased."""
    w = 1.0 - u * u * (3.0 - 2.0 * u)
    out = now.copy()
    out[:, :3] += (held[:, :3] - hand[:, :3]) * w
    q0, q1 = held[:, 3:], now[:, 3:]
    q0 = np.where(np.sum(q0 * q1, axis=1, keepdims=True) < 0, -q0, q0)
    q = q0 * w + q1 * (1.0 - w)
    out[:, 3:] = q / np.linalg.norm(q, axis=1, keepdims=True)
    return out


def _drawn_at(pose: Sequence[float] | npt.NDArray[np.float32]) -> tuple[float, float, float, float]:
    """Where the flat view draws a die posed so: ``(x, y, angle, size)`` on the stage."""
    spot = DieView(1, DIE, random.Random(0))  # (a stand-in: the felt's own random draws stay as they were)
    pose_dice([spot], np.array([pose], dtype=np.float32).reshape(1, 7), [LAYOUTS[0]])
    return spot.x, spot.y, spot.angle, spot.size


def _tag_box(die: DieView, badge: tuple[float, float], r: float) -> pygame.Rect:
    """What a roll-off mark covers: the ring round ``die`` and its badge at ``badge``, of radius ``r``."""
    ring = pygame.Rect(0, 0, die.size * 1.18 * math.sqrt(2), die.size * 1.18 * math.sqrt(2))
    ring.center = (round(die.x), round(die.y))
    return ring.union(pygame.Rect(round(badge[0] - r), round(badge[1] - r), round(2 * r), round(2 * r)))


def _draw_drag(canvas: Canvas, drag: Sequence[tuple[float, float, float]] | None, hold: Hold) -> None:
    """A throw by hand under way with no dice in the hand (they are in the tray or not yet thrown): a line
    from the press to the pointer."""
    if drag is not None and len(drag) > 1 and not hold.lying:
        (x0, y0, _), (x1, y1, _) = drag[0], drag[-1]
        canvas.line((255, 255, 255), (x0, y0), (x1, y1), 2)


def _draw_exits(canvas: Canvas, exits: Sequence[tuple[float, float]]) -> None:
    """A mark where each die that fell off the table went over the rail."""
    for x, y in exits:
        canvas.circle((60, 20, 16), (x, y), 17)
        canvas.circle(theme.WARN, (x, y), 17, 2.5)
        canvas.line(theme.WARN, (x - 7, y - 7), (x + 7, y + 7), 3)
        canvas.line(theme.WARN, (x - 7, y + 7), (x + 7, y - 7), 3)


def _just_flung(clock: float, flung_at: float) -> bool:
    """Whether the throw now coming is the one a drag on the felt let go at ``flung_at`` (``clock`` now)."""
    return clock - flung_at < 0.5


def _brought_in(film: Film, sides: Sequence[float] | None = None) -> npt.NDArray[np.float32]:
    """Where dice not lying on the felt (a new turn's, hot dice from the tray, a roll-off's) come from on their way
    to the hand: over the thrower's rail, from the thrower's side, so that a throw never starts with dice out of
    thin air."""
    hand = film.pose(0.0)
    start = hand.copy()
    if sides is None:  # one thrower: every die over their rail, whichever side of the middle it leaves from
        sides = [_thrower_side(film)] * len(hand)
    by_seat = np.array(sides)
    for side in (-1.0, 1.0):  # (a roll-off's throwers sit at both rails: ``sides``, each die's)
        mine = by_seat == side
        if mine.any():
            start[mine, 1] = side * OFF_TABLE + (hand[mine, 1] - float(np.mean(hand[mine, 1]))) * 0.5
    start[:, 2] = hand[:, 2] + 0.8
    return start


def _thrower_side(film: Film) -> float:
    """The rail a one-thrower film's hand is at (-1 the bottom one)."""
    return 1.0 if float(np.mean(film.pose(0.0)[:, 1])) > 0 else -1.0


def _first_out(film: Film, n: int) -> int:
    """The film's first frame with die ``n`` past the felt's edge (its last frame if none)."""
    track = film.poses[:, n, :2]
    out = np.nonzero((np.abs(track[:, 0]) > TABLE.half_width) | (np.abs(track[:, 1]) > TABLE.half_depth))[0]
    return int(out[0]) if out.size else len(track) - 1


def went_over(film: Film, n: int) -> tuple[float, float]:
    """Where die ``n`` of ``film`` first left the felt (table units): its mark goes there, not to the felt's
    corner nearest where it came to lie on the floor."""
    x, y = film.poses[_first_out(film, n), n, :2]
    return float(x), float(y)


def over_marks(film: Film) -> list[tuple[float, tuple[float, float]]]:
    """For each die of ``film`` that falls off the table: the film's second it goes over the rail, and where its
    mark goes (it shows as its die goes, not when the last die comes to rest)."""
    return [(_first_out(film, n) / FILM_RATE, exit_mark(*went_over(film, n)))
            for n, fell in enumerate(film.fell) if fell]


def exit_mark(x: float, y: float) -> tuple[float, float]:
    """Where the mark of a die that went over the rail at ``(x, y)`` (table units, past the felt's edge) is
    drawn: on the rail's top there, not on the felt, where it looked like it marked a die lying by the rail."""
    hx, hy, mid = TABLE.half_width, TABLE.half_depth, TABLE.rail / 2
    if abs(x) - hx >= abs(y) - hy:
        x, y = math.copysign(hx + mid, x), min(max(y, -hy - mid), hy + mid)
    else:
        x, y = min(max(x, -hx - mid), hx + mid), math.copysign(hy + mid, y)
    return CAMERA.to_screen(x, y, TABLE.rail_height)


def gather_time(count: int) -> float:
    """Seconds of film a hand takes to gather ``count`` dice before a throw: a lone die is picked up in two
    thirds of the time six take (a throw of one die should not wait on a hand filling up)."""
    return GATHER * (0.6 + 0.4 * min(count, 6) / 6)


def _catch_time(poses: npt.NDArray[np.float32], film: Film, least: float = GATHER_BY_HAND,
                speed: float = CATCH_SPEED, most: float = CATCH_MAX) -> float:
    """The lead of a throw by hand: :data:`GATHER_BY_HAND`, longer when a die is still far from where the film
    has it leave the hand (at :data:`CATCH_SPEED`, up to :data:`CATCH_MAX`); or of another throw, given those."""
    far = float(np.max(np.linalg.norm(poses[:, :3] - film.pose(0.0)[: len(poses), :3], axis=1), initial=0.0))
    # (each die moves over half the lead: see :func:`gathered`)
    return min(max(least, 2.0 * far / speed), max(least, most))


def gathered(lying_at: npt.NDArray[np.float32], hand: npt.NDArray[np.float32], delays: npt.NDArray[np.float32],
             u: float, lift: float = GATHER_LIFT, *, arriving: npt.NDArray[np.bool_] | None = None,
             leaving: bool = False, spans: npt.NDArray[np.float32] | float = 0.5) -> npt.NDArray[np.float32]:
    """Dice ``u`` (0 to 1) of the way from where they lay to the thrower's hand, each picked up after its delay
    (a share of the gathering) and taking its span of it (half, unless given): eased along an arc, turning the
    shorter way.

    Dice ``arriving`` from beyond a rail set off at speed and slow into the hand; dice ``leaving`` over one
    speed up on their way out: either way they cross the rail, where they fade, quickly (eased at both ends,
    they had lingered faint over the rail and the plates there, and read as ghosts, helper-40).
    """
    own = np.clip((u - delays) / spans, 0.0, 1.0).astype(np.float32)
    e = own * own * (3.0 - 2.0 * own)
    # (at most twice the mean pace at either end: eased by the cube, a die jumped a die's width in a frame)
    if leaving:
        e = own * own
    if arriving is not None:
        e = np.where(arriving, 1.0 - (1.0 - own) ** 2, e).astype(np.float32)
    e = e[:, None]
    out = lying_at + (hand - lying_at) * e
    out[:, 2] += np.float32(lift) * np.sin(np.pi * own).astype(np.float32)
    a, b = lying_at[:, 3:], hand[:, 3:].copy()
    b[np.sum(a * b, axis=1) < 0] *= -1
    q = a + (b - a) * e
    out[:, 3:] = q / np.linalg.norm(q, axis=1, keepdims=True)
    return np.asarray(out, dtype=np.float32)


ROW_GAP = 1.35
"""Die units between the middles of the dice waiting in a row for their thrower."""
ROW_YAW = 0.25
"""How far (radians) a die in the row is turned off square at most: dice laid at 45° in a row 1.25 dice apart had
met corner to corner (helper-31)."""
ROW_INSET = 1.15
"""How far in from the rail's inner wall the row lies (die units, to the dice's middles)."""
OFF_TABLE = TABLE.half_depth + TABLE.rail + 0.9
"""How far up or down the screen from the felt's middle (die units) a die beyond a rail is out of sight: dice
come in from there and go out to there."""
ROW_LINES = tuple(CAMERA.to_screen(float(x), side * (TABLE.half_depth - ROW_INSET))
                  for side in (-1, 1) for x in range(-int(TABLE.half_width) + 1, int(TABLE.half_width)))
"""Points (stage pixels) along both rows, where the next thrower's dice come to lie: a banner keeps off them
where it can, so that dice laid in after it appeared do not slide under its words."""
def row_way(starts: Sequence[tuple[float, float]], seat: int, players: int,
            step: float = 8.0) -> list[tuple[float, float]]:
    """Points (stage pixels, on the felt, ``step`` apart) along the ways from ``starts`` (the dice lying in the
    tray) to where ``seat``'s row is laid, its middle and both ends: laid after a banner appeared, the dice
    carried there had passed under it (helper-44)."""
    x, side = seat_spot(seat, players)
    points: list[tuple[float, float]] = []
    for start, dx in itertools.product(starts, (-2.5, 0.0, 2.5)):
        points += _way(start, CAMERA.to_screen(x + dx, side * (TABLE.half_depth - ROW_INSET)), step)
    return [p for p in points if FELT.collidepoint(p)]


def _way(start: tuple[float, float], end: tuple[float, float], step: float) -> list[tuple[float, float]]:
    """Points from ``start`` to ``end`` (stage pixels), both included, at most ``step`` apart."""
    (sx, sy), (ex, ey) = start, end
    steps = max(1, math.ceil(math.dist(start, end) / step))
    return [(sx + (ex - sx) * i / steps, sy + (ey - sy) * i / steps) for i in range(steps + 1)]


def row_passed(hold: Hold, seat: int, players: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """A row passed across the felt to ``seat``'s thrower, or about to be (stage pixels): points along its dice's
    ways (each to its place once laid, else to the new row) and where they come to lie."""
    passed_on = hold.place not in (None, seat_spot(seat, players))
    ways: list[tuple[float, float]] = []
    ends: list[tuple[float, float]] = []
    for d in hold.fresh:
        home = hold.lying.get(d.ident)
        if home is not None:
            end = CAMERA.to_screen(home[0], home[1], 1.0)
            ways += _way((d.x, d.y), end, 8.0)
            ends += [(d.x, d.y), end]
        elif passed_on:
            ways += row_way([(d.x, d.y)], seat, players)
            ends.append((d.x, d.y))
    return [p for p in ways if FELT.collidepoint(p)], ends


HEAP_CLEAR = 2.5
"""How far (die units) the middle of a handful keeps from a die lying on the felt."""
PLACE_EASE = 9.0
"""How quickly dice slide to where they are to lie (the row, or back where a drag found them)."""
PLACE_SPEED = 14.0
"""How fast (die units a second, about 750 px) a die slides to its place at most (the row, or back where a drag
found it): eased all the way at the old pace, a row passed on to the next thrower had covered 200 px in an eighth of
a second as one block (helper-44); with the ease a little quicker, it takes as long in all."""
ROW_WAIT = 0.35
"""Seconds (at normal speed) the dice coming into the row wait for dice just kept to be carried to the tray
(hot dice: the six new crossed the kept on their way in)."""
SET_DOWN = 1.2
"""How high (die units) over its place a die being set in a row is carried while still far from it: over the rail,
the rail's top (0.85) under its bottom."""
CAUGHT = 2.2
"""How far (die units) from the middle of the heap in the hand a die may still be when the hand lets go for the
throw to leave from the hand (the heap's own dice reach 1.5 from it)."""
GATHER_SPEED = 16.0
"""How fast (die units a second, about 900 px) a die the hand is taking up crosses the felt to it at most, while
still further than :data:`CAUGHT` from its place in the hand (eased all the way, dice pressed away from zipped 300
px into the hand in a frame or two, and hot dice from the tray appeared in it at once, helper-38)."""
HOLD_EASE = 15.0
"""How quickly held dice close on the pointer: about four fifths of the way in a tenth of a second (slower, a
quick flick let go before they were in the hand)."""
PICK_UP = 10.0
"""How far (logical px) a press on the felt must move before it picks up the dice lying there: further is a
throw's start, nearer may still be a click on a die."""
HOLD_STILL = 0.25
"""How long (seconds) a press on the felt off the dice is held still before it takes the dice up."""
HOLD_STILL_ON_DIE = 0.45
"""As :data:`HOLD_STILL`, for a press on a die: longer than a slow click. Held so long, it is a press to take the
dice up, as off them (it had taken nothing up until it moved, helper-48)."""
HOLD_SPREAD = 1.3
"""How much looser than :data:`HOLD_HEAP` as written the heap is held: about as loose as the dice leave the hand
(:data:`~greed_game.physics.throw.HELD_CUP`, nearly: held a third as wide, the dice burst apart two dice as they
were let go, and a drop read as a hop, helper-37 and helper-38; held as wide, the heap near the rail was held far
up the felt and hid the pointer's every move)."""
HOLD_HEAP = tuple((x * HOLD_SPREAD, y * HOLD_SPREAD, z) for x, y, z in (
    (0.0, 0.0, 1.9), (-1.05, 0.45, 1.5), (1.05, 0.45, 1.6), (-0.55, -0.85, 1.7), (0.6, -0.8, 1.5), (0.05, 1.0, 1.8)))
"""Where held dice sit around the pointer (die units across, up the screen, and above the felt)."""
HOLD_TILT = ((20.0, 18.0), (140.0, 24.0), (250.0, 14.0), (75.0, 26.0), (310.0, 20.0), (200.0, 16.0))
"""How each held die is turned in the hand: about which level axis (degrees round from across the felt) and how
far (degrees): a heap of dice jumbled every way, not a rosette of dice all flat as they lay (helper-31)."""
HOLD_HEAP_NEAREST = max(-dy for _, dy, _ in HOLD_HEAP)
"""How far the heap's die nearest the bottom rail sits from its middle."""
HOLD_MARGIN = HAND_CLEAR[1] + HOLD_HEAP_NEAREST
"""How near the thrower's rail (die units, from its inner wall) the middle of a heap of six in the hand comes at
most: its nearest die as far off the wall as it leaves the hand there (:data:`~greed_game.physics.throw.HAND_CLEAR`;
0.4 off, the nearest dice were drawn over the rail and under the thrower's plate, helper-39, and jumped up the
felt as they were let go); fewer dice, nearer."""
HOLD_MARGIN_LEAST = 0.8
"""How near the rail's inner wall (die units) the middle of a heap of a die or two comes at most."""
HOLD_SOFT = 0.45
"""How gradually (die units) the heap stops short of :data:`HOLD_MARGIN`: it still follows a pointer moved nearer
the rail, less and less (held at 1.6 dice off the rail, it had stood still while the pointer moved 30 px,
helper-31)."""


@dataclass
class Hold:
    """The dice waiting for their thrower, in a row on the felt before the thrower's rail, and the dice a drag
    picked up: they follow the pointer in a heap, rattling, and go back where they lay when no throw comes of
    it."""

    side: int = -1
    """The thrower's rail (-1 the bottom one): the heap keeps to that half of the felt."""
    lying: dict[int, tuple[float, ...]] = field(default_factory=dict)
    """Each moving die's pose where it lies (or is to lie, coming into the row), by id; empty when none moves."""
    t: float = 0.0
    fresh: list[DieView] = field(default_factory=list)
    """The dice waiting in the row (their faces are the row's: the throw's values are drawn when it leaves)."""
    wait: float = 0.0
    """Seconds before dice coming into the row set off (dice just kept are carried to the tray first)."""
    on_row: bool = False
    """Whether the drag under way began on a die of the row (let go there, it throws them)."""
    brings: int = 0
    """How many dice the drag under way brings into the hand over the rail, with those it takes up from the felt
    (:func:`_brought`)."""
    pressed: int | None = None
    """The die the drag under way began on (let go there, it is picked or put back)."""
    jostle: float = 0.0
    """How hard the dice in the hand were last knocked together by a shake (1 at the knock, dying away)."""
    strayed: bool = False
    """Whether the drag under way has been :data:`FLICK_MIN` from where it began: brought back there, it puts the
    dice down; never gone that far, it drops them (a gentle throw)."""
    place: tuple[float, int] | None = None
    """Where the row was laid for: the thrower's place along the rail (die units) and their rail."""
    caught: set[int] = field(default_factory=set)
    """The dice the drag under way has brought into the hand (by id): the others are still on their way to it."""
    coming: list[DieView] = field(default_factory=list)
    """The dice the last :meth:`lay` brings in over the rail, for want of dice on the felt (:meth:`carried_in`
    may bring them from the tray instead)."""
    hidden: dict[int, float] = field(default_factory=dict)
    """Seconds before each die carried in from the tray is set down in its place in the row, by id (till then the
    tray's likeness of it is in the air)."""
    kept_before: list[DieView] = field(default_factory=list)
    """The dice the last :meth:`bring` brings into the hand for those kept before hot dice were taken up by hand:
    the tray's dice are carried to them (:meth:`handed_in`)."""

    def lay(self, dice: Sequence[DieView], count: int, x: float, side: int, rng: random.Random) -> list[DieView]:
        """Lay ``count`` dice in a row before the rail on ``side`` near ``x`` (die units): ``dice`` (passed on,
        or there already) slide into it, any more come in over that rail. Returns those of ``dice`` left over,
        to be swept off."""
        shown = [(d, d.pose, d.layout) for d in dice if d.pose is not None and d.layout is not None and d.alpha > 0]
        row_y = side * (TABLE.half_depth - ROW_INSET)
        # a row set down by hand, not ruled
        slots = [(sx + rng.uniform(-0.06, 0.06), sy + rng.uniform(-0.15, 0.15)) for sx, sy in row_slots(count, x, side)]
        # the dice nearest the row stay in it; each keeps its order across, so that no two paths cross
        shown.sort(key=lambda s: abs(s[1][1] - row_y))
        kept, left = sorted(shown[:count], key=lambda s: s[1][0]), [d for d, _, _ in shown[count:]]
        places = min(itertools.combinations(range(count), len(kept)),
                     key=lambda c: sum(math.dist(slots[n], k[1][:2]) for n, k in zip(c, kept, strict=True)))
        # (a row passed on to another thrower is turned over on its way: laid for hot dice to be thrown on, it had
        # reached the next player still showing the straight just banked, helper-47)
        old = self.place if self.place != (x, side) else None
        passed = {id(d) for d, now, _ in shown if old is not None and _in_row(now, len(shown), *old)}
        self.fresh, self.lying, rows, layouts = [], {}, [], []
        coming: list[DieView] = []
        self.hidden = {}
        for n, (sx, sy) in enumerate(slots):
            if n in places:
                view, now, layout = kept[places.index(n)]
                turn: Sequence[float] = now[3:]
                if id(view) in passed:
                    half = rng.choice((1, -1, 2)) * math.pi / 4
                    across = rng.random() < 0.5
                    turn = _then(turn, (math.sin(half) * across, math.sin(half) * (not across), 0.0, math.cos(half)))
                home = (sx, sy, 0.5, *_squared(turn, rng))
            else:
                view = DieView(1, DIE, rng)
                yaw = rng.uniform(-ROW_YAW, ROW_YAW)
                quat = (0.0, 0.0, math.sin(yaw / 2), math.cos(yaw / 2))
                now, home = (sx, side * OFF_TABLE, 0.5 + SET_DOWN, *quat), (sx, sy, 0.5, *quat)
                layout = rng.choice(LAYOUTS)
                coming.append(view)
            view.ident, view.selected, view.lean, view.label = -1 - n, False, None, 0
            self.fresh.append(view)
            self.lying[view.ident] = home
            rows.append(now)
            layouts.append(layout)
        pose_dice(self.fresh, np.array(rows, dtype=np.float32).reshape(-1, 7), layouts)
        self.side = side
        self.place = (x, side)
        self.coming = coming
        return left

    def places(self, dice: Sequence[DieView]) -> list[tuple[float, float, float, float]]:
        """Where each of ``dice``, on its way into the row, is to lie there: ``(x, y, angle, size)`` on the stage,
        as the flat view draws a die lying so (one carried in from the tray is drawn so until it is set down)."""
        return [_drawn_at(self.lying[view.ident]) for view in dice]

    def carried_in(self, dice: Sequence[tuple[DieView, int, float]], rng: random.Random) -> None:
        """Each of ``dice`` (of :attr:`coming`) is carried in from the tray, showing the face given, and set down
        in its place in the row the seconds given from now, instead of coming in over the rail: the turn's dice
        are the same six, passed on (new dice from beyond the rail had faded in over it, helper-41)."""
        for view, face, after in dice:
            home = self.lying.pop(view.ident)
            pose_dice([view], np.array([home], dtype=np.float32), [label(4, face, rng)])
            self.hidden[view.ident] = after
            view.alpha = 0

    def handed_in(self, dice: Sequence[tuple[DieView, int, float]], rng: random.Random) -> None:
        """Each of ``dice`` (of :attr:`kept_before`) shows the face given and is unseen in the hand for the seconds
        given, while the tray's die is carried to it (they had come in over the rail, from nowhere)."""
        handed = {view.ident for view, _, _ in dice}
        heap = [p for ident, p in self.lying.items() if ident not in handed]
        for view, face, after in dice:
            if view.pose is None:
                continue
            pose = list(view.pose)
            if heap:  # (unseen, it joins the heap at once: the die carried from the tray goes where it is)
                pose[0] = sum(p[0] for p in heap) / len(heap) + rng.uniform(-0.3, 0.3)
                pose[1] = sum(p[1] for p in heap) / len(heap) + rng.uniform(-0.3, 0.3)
                self.caught.add(view.ident)
            pose_dice([view], np.array([pose], dtype=np.float32), [label(4, face, rng)])
            self.hidden[view.ident] = after
            view.alpha = 0

    def set_down(self, dt: float | None) -> None:
        """The dice carried in from the tray are set down in the row once their time is up (at once with
        ``dt`` None: the hand takes them up, or a throw leaves before they are in)."""
        for ident in list(self.hidden):
            self.hidden[ident] = -1.0 if dt is None else self.hidden[ident] - dt
            if self.hidden[ident] <= 0:
                del self.hidden[ident]
                for view in self.fresh:
                    if view.ident == ident:
                        view.alpha = 255

    def bring(self, count: int, x: float, side: int, rng: random.Random) -> None:
        """``count`` dice more come into the hand over the rail on ``side`` near ``x`` (die units), with the dice
        picked up from the felt: those a void throw lost off the table (they had popped up at the throw)."""
        rows, layouts, views = [], [], []
        for n in range(count):
            view = DieView(1, DIE, rng)
            view.ident = -101 - n
            yaw = rng.uniform(-0.35, 0.35)
            pose = (x + (n - (count - 1) / 2) * 1.1, side * OFF_TABLE, 0.5 + SET_DOWN, 0.0, 0.0,
                    math.sin(yaw / 2), math.cos(yaw / 2))
            views.append(view)
            self.lying[view.ident] = pose
            rows.append(pose)
            layouts.append(rng.choice(LAYOUTS))
        self.fresh += views
        pose_dice(views, np.array(rows, dtype=np.float32).reshape(-1, 7), layouts)

    def step(self, dice: Sequence[DieView], at: tuple[float, float] | None, dt: float,
             clear_of: Sequence[tuple[float, float]] = ()) -> None:
        """Move the held dice a step: to the heap at ``at`` (a stage point) while the drag lasts, kept
        ``clear_of`` dice lying on the felt (die units), else back where they lay (and let go of them once
        there)."""
        self.t += dt
        self.jostle *= math.exp(-dt * JOSTLE_EASE)
        if at is None:
            self.caught.clear()
        if at is None and self.wait > 0:
            self.wait -= dt
            return
        self.wait = 0.0
        held = [d for d in dice if d.ident in self.lying and d.pose is not None and d.layout is not None]
        if not held:
            self.lying = {}
            return
        x, y = _heap_middle(at, len(held), self.side, clear_of) if at is not None else (0.0, 0.0)
        # (dice going to their places slide there more gently than they close on the pointer)
        # (by the time passed, not by the frame: on a slow frame they jumped to the pointer at once)
        k = 1.0 - math.exp(-dt * (HOLD_EASE if at is not None else PLACE_EASE))
        rows = np.zeros((len(held), 7), dtype=np.float32)
        home = 0.0
        for n, d in enumerate(held):
            pose, lay = np.array(d.pose, dtype=np.float32), np.array(self.lying[d.ident], dtype=np.float32)
            target, turn = (lay[:3], lay[3:]) if at is None else self._in_hand(n, x, y, lay)
            move = (target - pose[:3]) * k
            if at is None or d.ident not in self.caught:
                # (on its way to the hand from across the felt, or to its place: carried, not pulled in; once in
                # the hand, it follows the pointer as quick as it goes)
                speed = GATHER_SPEED if at is not None else PLACE_SPEED
                move *= min(1.0, speed * dt / max(float(np.linalg.norm(move)), 1e-9))
                if at is not None and float(np.linalg.norm(target[:2] - pose[:2])) < 1.0:
                    self.caught.add(d.ident)
            pose[:3] += move
            if float(np.dot(pose[3:], turn)) < 0:  # (the shorter way round)
                turn = -turn
            pose[3:] += (turn - pose[3:]) * k
            pose[3:] /= np.linalg.norm(pose[3:])
            if at is None:
                # set down over the rail, not slid through it: high while still far from its place
                pose[2] = lay[2] + SET_DOWN * min(1.0, abs(float(pose[1] - lay[1])) / 1.5)
            home = max(home, float(np.max(np.abs(pose[:3] - lay[:3]))))
            rows[n] = pose
        if at is None and home < 0.02:
            rows = np.array([self.lying[d.ident] for d in held], dtype=np.float32)
            self.lying = {}
        pose_dice(held, rows, [d.layout for d in held if d.layout is not None])
        for d in held:  # (unseen while its likeness is still on its way from the tray)
            d.alpha = 0 if d.ident in self.hidden else d.alpha

    def _in_hand(self, n: int, x: float, y: float,
                 lay: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Where the ``n``-th held die goes in the heap whose middle is at ``x``, ``y`` (die units), and how it
        turns there: the dice rattle in the hand, and knock about in it when it is shaken (a shake had moved none
        of them, helper-33)."""
        ox, oy, oz = HOLD_HEAP[n % len(HOLD_HEAP)]
        shake = (0.06 + JOSTLE * self.jostle) * math.sin(self.t * 31.0 + 1.7 * n)
        way = 2.1 * n  # (each die its own way: together they had moved as one block)
        target = np.array((x + ox + shake * math.cos(way), y + oy + shake * math.sin(way), oz + abs(shake)),
                          dtype=np.float32)
        axis, tilt = HOLD_TILT[n % len(HOLD_TILT)]
        return target, _tilted(lay[3:], axis, tilt + 100.0 * shake)


def _heap_middle(at: tuple[float, float], count: int, side: int,
                 clear_of: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Where the middle of a heap of ``count`` held dice goes for the pointer at ``at`` (a stage point): in the
    thrower's half (the ``side`` rail's), its nearest die kept off that rail, and clear of the dice lying on the
    felt (die units)."""
    x, y = CAMERA.to_world(*at)
    # (fewer dice come nearer the rail: a lone die had stopped a die and a half off it, under the pointer held by
    # it, helper-32)
    reach_rail = max(0.0, *(side * HOLD_HEAP[n % len(HOLD_HEAP)][1] for n in range(count)))
    near = TABLE.half_depth - max(HOLD_MARGIN_LEAST, HOLD_MARGIN - HOLD_HEAP_NEAREST + reach_rail)
    y = side * _short_of(held_reach(side * y), near)
    for _ in range(2):  # the handful keeps off a die lying there (it was heaped on a kept one)
        for lx, ly in clear_of:
            gap = math.dist((x, y), (lx, ly))
            if gap < HEAP_CLEAR:
                ux, uy = ((x - lx) / gap, (y - ly) / gap) if gap > 1e-6 else (0.0, -float(side))
                x, y = lx + ux * HEAP_CLEAR, ly + uy * HEAP_CLEAR
        x = min(max(x, -TABLE.half_width + 2.0), TABLE.half_width - 2.0)
        y = side * min(max(side * y, REACH_MIN - REACH_GIVE), near)
    return x, y


def _short_of(v: float, limit: float) -> float:
    """``v``, stopping short of ``limit`` gradually (over :data:`HOLD_SOFT`) rather than at once: a smooth
    minimum, which never reaches past ``limit``."""
    over = (limit - v) / HOLD_SOFT
    return v if over > 20 else limit - HOLD_SOFT * math.log1p(math.exp(over))


def _tilted(q: npt.NDArray[np.float32], axis: float, degrees: float) -> npt.NDArray[np.float32]:
    """The turn ``q`` (i, j, k, w), then tipped ``degrees`` about the level axis ``axis`` degrees round from
    across the felt."""
    a, h = math.radians(axis), math.radians(degrees) / 2
    tip = (math.cos(a) * math.sin(h), math.sin(a) * math.sin(h), 0.0, math.cos(h))
    return np.array(_then(q, tip), dtype=np.float32)


def _then(q: Sequence[float] | npt.NDArray[np.float32], turn: Sequence[float]) -> tuple[float, float, float, float]:
    """The turn ``q`` followed by ``turn`` about the world's axes (both (i, j, k, w))."""
    x2, y2, z2, w2 = (float(c) for c in q)
    x1, y1, z1, w1 = (float(c) for c in turn)
    return (w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2, w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2, w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2)


SWEEP = 0.45
"""Seconds (at normal speed) a turn's last dice take to be swept off the felt to the next thrower."""


@dataclass
class Sweep:
    """The dice on the felt at a turn's end, swept over the next thrower's rail (whose throw brings dice in from
    there) rather than gone in a frame: passed dice are seen passed on."""

    dice: list[DieView] = field(default_factory=list)
    t: float = 0.0
    duration: float = 0.0
    _start: npt.NDArray[np.float32] = field(default_factory=lambda: np.zeros((0, 7), dtype=np.float32))
    _end: npt.NDArray[np.float32] = field(default_factory=lambda: np.zeros((0, 7), dtype=np.float32))
    _delays: npt.NDArray[np.float32] = field(default_factory=lambda: np.zeros(0, dtype=np.float32))

    def take(self, dice: Sequence[DieView], x: float | None, side: int | None, duration: float) -> None:
        """Sweep ``dice`` toward the rail on ``side`` (-1 the bottom one; None: each die to its nearest) at ``x``
        (None: each straight across), over ``duration`` seconds (0: they are gone at once)."""
        shown = [d for d in dice if d.pose is not None and d.layout is not None and d.alpha > 0]
        self.dice = shown if duration > 0 else []
        if not self.dice:
            return
        self.t, self.duration = 0.0, duration
        self._start = np.array([d.pose for d in shown], dtype=np.float32)
        self._end = self._start.copy()
        if x is not None:
            self._end[:, 0] = x + (self._start[:, 0] - float(np.mean(self._start[:, 0]))) * 0.4
        sides = np.where(self._start[:, 1] < 0, -1.0, 1.0) if side is None else np.full(len(shown), float(side))
        self._end[:, 1] = sides * OFF_TABLE
        self._end[:, 2] = 1.3
        # the dice nearest their rail go first
        far = self._end[:, 1] - self._start[:, 1]
        self._delays = (0.4 * np.argsort(np.argsort(np.abs(far))) / max(1, len(shown) - 1)).astype(np.float32)

    def path(self) -> list[tuple[float, float]]:
        """Points (stage pixels) along the way of the dice being swept, while they go."""
        points = []
        for d, (x, y) in zip(self.dice, self._end[:, :2], strict=False):
            ex, ey = CAMERA.to_screen(float(x), float(y))
            points += [(d.x + (ex - d.x) * u, d.y + (ey - d.y) * u) for u in (0.0, 0.35, 0.7)]
        return points

    def step(self, dt: float) -> None:
        """Move the swept dice on; once over the rail they are gone."""
        if not self.dice:
            return
        self.t += dt
        u = min(1.0, self.t / self.duration)
        pose_dice(self.dice, gathered(self._start, self._end, self._delays, u, leaving=True),
                  [d.layout for d in self.dice if d.layout is not None])
        for d, delay in zip(self.dice, self._delays, strict=True):
            own = min(1.0, max(0.0, (u - float(delay)) / 0.5))
            # fading as it passes under the rail's edge, which it reaches late, speeding up (see :func:`gathered`)
            d.alpha = int(255 * min(1.0, (1.0 - own) / 0.15))
        if u >= 1.0:
            self.dice = []


@contextmanager
def edge_faded(dice: Sequence[DieView], falling: Sequence[DieView] = (),
               passing: Sequence[DieView] = ()) -> Iterator[None]:
    """While inside, each die going over the table's outer edge is drawn fainter, gone with its middle on the
    edge (a die against a rail is whole); the flat view's part of the 3D view's fade there (over its wider band
    for the dice ``passing``, brought in or taken off by the hand). A die ``falling`` from the table is seen
    falling instead: hidden only under the table, fading on its way to the floor."""
    alphas = [d.alpha for d in dice]
    for d in dice:
        if any(d is f for f in falling) and d.pose is not None:
            d.alpha = round(d.alpha * fall_seen(*d.pose[:3]))
            continue
        half = d.size * (1 + d.z / 320) / 2
        inside = min(d.x - RAILS.left, RAILS.right - d.x, d.y - RAILS.top, RAILS.bottom - d.y)
        band = EDGE_FADE * (PASSING_FADE if any(d is p for p in passing) else 1.0) * DIE
        d.alpha = round(d.alpha * min(1.0, max(0.0, inside / (half + band))))
    try:
        yield
    finally:
        for d, alpha in zip(dice, alphas, strict=True):
            d.alpha = alpha


def edge_marks(playing: Playing | None, thrown: Sequence[DieView], dice: Sequence[DieView]) -> list[float]:
    """For each of ``dice``, as the 3D view's ``falls`` marks it: :data:`FALLS` when it is one of the ``thrown``
    dice (the film's, in its order) that falls from the table in the film ``playing``, out of the hand;
    :data:`PASSES` when it is one of them still on its way in from beyond a rail; else 0. A falling die is seen
    falling past the table's edge; a die brought in over a rail or swept off over one fades into the edge there
    (past it is the window's edge), over a wider band when the hand brings it."""
    if playing is None or len(thrown) != playing.film.count:
        return [0.0] * len(dice)
    if playing.t < playing.lead:
        coming = {id(d) for n, d in enumerate(thrown) if playing.brought[n]}
        return [PASSES if id(d) in coming else 0.0 for d in dice]
    fell = {id(d) for n, d in enumerate(thrown) if playing.film.fell[n]}
    return [FALLS if id(d) in fell else 0.0 for d in dice]


def fall_seen(x: float, y: float, z: float) -> float:
    """How much of a die falling from the table at ``(x, y, z)`` (die units) is seen, 0 to 1, as the 3D view's
    shader has it: none past the table's edge where the table is between it and the eye (its fading on the way
    down is its own alpha's, as :func:`pose_dice` sets it)."""
    edge_x, edge_y = TABLE.half_width + TABLE.rail, TABLE.half_depth + TABLE.rail
    if max(abs(x) - edge_x, abs(y) - edge_y) <= 0:
        return 1.0
    k = (CAMERA.height - TABLE.rail_height) / max(CAMERA.height - z, 1e-3)
    top = max(abs(x) * k - edge_x, abs(y) * k - edge_y)
    return min(1.0, max(0.0, 1.0 + top / EDGE_FADE))  # (the shader's smoothstep, straightened)


class FeltSection:
    """The felt: the thrown dice, played from their film and drawn where they are; a click picks a die."""

    rect = FELT

    def __init__(self, vrng: random.Random, skin: Callable[[], SkinName], pace: Callable[[], float],
                 gl: Callable[[], GLDice | None] = lambda: None,
                 keyed: Callable[[], bool] = lambda: True) -> None:
        self.vrng = vrng
        self.keyed = keyed
        """Whether the person plays with keys: each die then shows its key (with the mouse, the keys cluttered
        the dice, and a key's number beside a die's pips was read as its value)."""
        self.gl = gl
        """The 3D view's renderer, or None for the flat view."""
        self.drawn: tuple[object, pygame.Surface | None, tuple[int, int]] | None = None
        """The 3D view's last picture, kept while nothing in it changes: what it showed, it, and where."""
        self.skin = skin
        self.pace = pace
        self._dice: list[DieView] = []
        self._due: Playing | None = None
        """The film's pose the dice are still to be set to (the film is played at every step, and posed when
        the dice are looked at: once a frame, not once a step)."""
        self.playing: Playing | None = None
        self.exits: list[tuple[float, float]] = []
        """Where dice of the last throw left the table (a void throw), marked until the next throw."""
        self.hover: DieView | None = None
        self.pointed: tuple[float, float] | None = None
        """Where the pointer was last seen (stage pixels)."""
        self.callout_at: tuple[float, float] = FELT.center
        """Where the last kept dice lay (a combination's callout rises from there)."""
        self.tags: list[tuple[int, str]] = []
        """A roll-off's dice: each die's thrower (seat and name), marked beside it at rest."""
        self.impacts: list[tuple[str, float]] = []
        """Impacts the film reached since the screen last took them: (``die``/``rail``/``felt``, 0..1)."""
        self.drag: list[tuple[float, float, float]] | None = None
        """A throw by hand under way: the pointer's (x, y, time) since the press."""
        self.told: HoldDice | None = None
        """What the flow was last told of the dice a drag holds (its prompt says what letting go does)."""
        self.clock = 0.0
        self.rattled_at = -1.0
        """When the dice shaken in the hand last clicked (:func:`_rattle`)."""
        self.flung_at = -1.0
        """When the last throw by hand left the pointer."""
        self.flung_held = False
        """Whether its dice were all in the hand as it let go (they fly on from it at once)."""
        self.hold = Hold()
        """The dice a drag picked up."""
        self.sweep = Sweep()
        """The last turn's dice on their way off the felt."""
        self.covered: pygame.Rect | None = None
        """Where a banner's card lies over the felt now (the roll-off's marks keep off it)."""
        self.kept_at = -1.0
        """When dice were last kept (a throw that comes with them waits for them to be carried off)."""
        self.kept = 0
        """How many."""
        self.lifting: list[DieView] = []
        """Kept dice still drawn where they lay in 3D while their flat likeness in the tray fades in over them,
        until it is lifted off (see :meth:`TraySection.add`)."""

    @property
    def dice(self) -> list[DieView]:
        """The dice on the felt, where the film has them now."""
        if self._due is not None:
            due, self._due = self._due, None
            poses, layouts = due.pose()
            pose_dice(self._dice, poses, layouts)
            if due.t < due.lead:
                for n in due.unseen:
                    self._dice[n].alpha = 0
        return self._dice

    @dice.setter
    def dice(self, views: list[DieView]) -> None:
        self._due = None
        self._dice = views

    # -- moments -----------------------------------------------------------------------------------

    def throw(self, moment: Thrown) -> None:
        """Start the film of a throw (the dice lying on the felt gathered into the hand first)."""
        toss = moment.toss
        self.hold.set_down(None)  # (thrown before they were in: from where they were to lie)
        lying_at = self._lying_poses(len(moment.dice), toss)
        if lying_at is None and self.dice:
            # dice that are not these (a roll-off's): the thrower clears them off to their side, not gone at once
            x = float(np.mean(toss.film.pose(0.0)[:, 0]))
            self.sweep.take(self.dice, x, int(_thrower_side(toss.film)), SWEEP * self.pace())
        clearing = bool(self.sweep.dice)
        self.clear()
        self.dice = []
        for ident, value in moment.dice:
            view = DieView(value, DIE, self.vrng)
            view.ident = ident
            view.moving = True
            self.dice.append(view)
        poses, layouts = lying_at if lying_at is not None else (_brought_in(toss.film), toss.layouts)
        by_hand = _just_flung(self.clock, self.flung_at)
        lead, blend = gather_time(len(moment.dice)), 0.0
        if by_hand:
            lead = _catch_time(poses, toss.film)
        elif lying_at is not None:  # (dice lying on the felt; brought in over the rail, they come at the usual pace)
            lead = _catch_time(poses, toss.film, lead, 2.0 * GATHER_CARRY, GATHER_MAX)  # (over the whole lead)
        # the kept dice get away before the dice left are gathered (their ways crossed); a hand lets go at once
        # (the kept dice, lifted off at once, pass over where the thrown dice land: waiting, they lay in the way)
        # (each die kept after the first leaves the felt a little later: the gathering waits for it too)
        hold = KEPT_FIRST + KEPT_EACH * max(0, self.kept - 1) if self.kept_at == self.clock and not by_hand else 0.0
        if clearing:  # (dice being cleared off went out through the new ones)
            hold = max(hold, SWEEP_FIRST)
        middle = poses[:, :2].mean(axis=0)
        bunched = float(np.max(np.linalg.norm(poses[:, :2] - middle, axis=1), initial=0.0)) <= BUNCHED
        if by_hand and hold == 0.0 and (self.flung_held or bunched):
            # (in the hand, or all but: they fly on from it at once; dice still across the felt are scooped up first)
            lead, blend = 0.0, lead
        self.playing = Playing(toss.film, toss.layouts, start=poses, start_layouts=layouts, lead=lead + hold,
                               hold=hold, by_hand=by_hand, blend=blend)
        self._pose()

    def _lying_poses(self, count: int, toss: Toss) -> tuple[npt.NDArray[np.float32], tuple[Layout, ...]] | None:
        """Where the dice to be thrown lie now, each matched to a die of the hand, with their faces; any not
        lying on the felt (one that fell off in a void throw) come in over the thrower's rail. None when none
        of them lies there (hot dice come from the tray), or the dice lying are not the thrower's."""
        film = toss.film
        lying_now: list[tuple[tuple[float, ...], Layout]] = []
        # (the hand's: those picked up from the felt and any brought in over the rail to join them)
        held = [d for d in self.dice if d.ident in self.hold.lying] if self.hold.fresh and self.hold.lying else []
        for d in self.hold.fresh + held or self.dice:
            if d.pose is not None and d.layout is not None and d.alpha > 0:
                lying_now.append((d.pose, d.layout))
        if not lying_now or len(lying_now) > count or self.playing is not None or self.tags:
            return None
        hand = film.pose(0.0)
        # each die to the place in the hand that makes the shortest paths in all (six dice: 720 ways to try)
        far = [[math.dist(pose[:2], (float(hand[n, 0]), float(hand[n, 1]))) for n in range(count)]
               for pose, _ in lying_now]
        best = min(itertools.permutations(range(count), len(lying_now)),
                   key=lambda to: sum(far[i][n] for i, n in enumerate(to)))
        poses = _brought_in(film)
        layouts = list(toss.layouts)
        for (pose, layout), n in zip(lying_now, best, strict=True):
            poses[n] = pose
            layouts[n] = layout
        return poses, tuple(layouts)

    def roll_off(self, moment: RollOffThrown, names: list[str]) -> list[DieView]:
        """Start the film of a roll-off throw: each die tagged with its thrower's name once it rests. Returns the
        dice lying on the felt (a tie's, or an earlier seat's), taken up off it (they go back to the tray)."""
        taken_up = [d for d in self.dice if d.pose is not None and d.alpha > 0]
        # the new dice come in once the old are off the felt (a hand throws its own at once)
        by_hand = _just_flung(self.clock, self.flung_at)
        hold = (SWEEP_FIRST if by_hand else ROLL_OFF_CLEAR) if taken_up else 0.0
        # (a die of the row still being carried in from the tray is not there: it comes from the tray again)
        row, row_place = [d for d in self.hold.fresh if d.ident not in self.hold.hidden], self.hold.place
        self.clear()
        self.dice = []
        for value in moment.dice:
            view = DieView(value, DIE, self.vrng)
            view.moving = True
            self.dice.append(view)
        self.tags = [(seat, names[seat]) for seat in moment.seats]
        film = moment.toss.film
        spots = [seat_spot(seat, len(names)) for seat in moment.seats]
        start, layouts = _brought_in(film, [float(side) for _, side in spots]), list(moment.toss.layouts)
        # the person's dice leave from their row (or from under the pointer, thrown by hand), not over the rail
        mine = [n for n, spot in enumerate(spots) if spot == row_place]
        for n, d in zip(mine, row, strict=False):
            if d.pose is not None and d.layout is not None:
                start[n], layouts[n] = d.pose, d.layout
        lead = GATHER_BY_HAND if mine and by_hand else GATHER
        self.playing = Playing(film, moment.toss.layouts, start=start, start_layouts=tuple(layouts),
                               lead=lead + hold, hold=hold)
        self._pose()
        return taken_up

    def take(self, moment: KeptDice) -> tuple[list[DieView], bool]:
        """The kept dice leave the felt for the tray (the callout rises where they lay); and whether they are
        carried there. Hot dice the hand has taken up to throw again stay in the hand: the tray is given their
        likeness, at once."""
        kept = [d for d in self.dice if d.ident in moment.dice]
        self.kept_at, self.kept = self.clock, len(kept)
        if kept:
            # its card's foot clear of the highest kept die's top (its middle just over it sat on that die)
            # (dice the hand took up count where they lay)
            lay = [self.hold.lying.get(d.ident) for d in kept]
            spots = [CAMERA.to_screen(p[0], p[1]) if p is not None else (d.x, d.y)
                     for d, p in zip(kept, lay, strict=True)]
            self.callout_at = (sum(x for x, _ in spots) / len(spots), min(y for _, y in spots) - DIE * 0.75 - 20)
        self.dice = [d for d in self.dice if d.ident not in moment.dice]
        in_hand = [d for d in kept if d.ident in self.hold.lying]
        if not in_hand:
            # (swapped in a frame, a die with sides had turned into a flat tile as it was lifted, helper-46)
            self.lifting = kept if self.gl() is not None else []
            _likened(self.lifting)
            return kept, True
        for d in in_hand:
            d.selected = False
        self.hold.fresh += in_hand
        return [DieView(d.value, DIE, self.vrng) for d in kept], False

    def clear(self, *, keep_row: bool = False) -> None:
        """Take every die off the felt (``keep_row``: all but the row waiting before the thrower)."""
        if not keep_row:
            self.hold.lying = {}
            self.hold.fresh = []
            self.hold.hidden = {}
        self.tags = []
        self.dice = []
        self.exits = []
        self.hover = None
        self.playing = None

    def sync(self, snap: TableSnapshot) -> None:
        """Match the snapshot: dice no longer on the felt go, a resumed game's dice are laid out, picks shown."""
        # which dice, not where: the film's pose waits until the dice are looked at (this runs at every step)
        if not snap.dice:
            self._wait_for_thrower(snap)
            return
        wanted = {d.id: d for d in snap.dice}
        if not any(d.ident in wanted for d in self._dice) and not self.exits:
            # Dice the screen never saw thrown (a resumed game): lying at rest.
            self.tags = []
            film = lying(len(snap.dice), self.vrng)
            layouts = film.layouts(tuple(d.value for d in snap.dice), self.vrng)
            self.dice = []
            for die in snap.dice:
                view = DieView(die.value, DIE, self.vrng)
                view.ident = die.id
                self.dice.append(view)
            pose_dice(self.dice, film.final(), layouts)
            self.label()
        if any(d.ident not in wanted for d in self._dice):
            self.dice = [d for d in self.dice if d.ident in wanted]
        for d in self._dice:
            d.selected = wanted[d.ident].selected

    def _wait_for_thrower(self, snap: TableSnapshot) -> None:
        """With no dice of a throw on the felt: the dice the thrower is to throw lie in a row before them (the
        last turn's dice passed on to them, any more brought in over their rail, any over swept off); with
        nobody to throw, the last dice are swept off (a roll-off's stay, tagged, until its first turn)."""
        x, side = seat_spot(_thrower(snap), len(snap.players))
        count = snap.to_throw or snap.roll_off_dice
        if count == 0:
            # a row waits through a pause (a bank after hot dice: it is passed on next), not past the game's end
            row = [] if snap.state.finished else self.hold.fresh
            # at the game's end the last dice stay where they lie (the win's banner keeps clear of them; swept
            # off, they went through it)
            if snap.state.finished and not self.hold.fresh:
                return
            if (self._dice or self.exits or len(row) < len(self.hold.fresh)) and not self.tags:
                self.sweep.take([d for d in self.dice + self.hold.fresh if d not in row], x, side,
                                SWEEP * self.pace())
                self.clear(keep_row=bool(row))
            return
        if snap.roll_off_dice:
            # the roll-off's dice thrown so far stay on show beside the person's, to compare (a throw sweeps them),
            # unless one lies where the person's row goes
            if len(self.hold.fresh) != count or self.hold.place != (x, side):
                in_row = [n for n, d in enumerate(self.dice) if d.pose is not None and _in_row(d.pose, count, x, side)]
                if in_row:  # (those go back to their throwers' sides; the rest stay, with their tags)
                    self.sweep.take([self.dice[n] for n in in_row], None, None, SWEEP * self.pace())
                    self.dice = [d for n, d in enumerate(self.dice) if n not in in_row]
                    self.tags = [t for n, t in enumerate(self.tags) if n not in in_row]
                self.hold.lay([], count, x, side, self.vrng)
            return
        if len(self.hold.fresh) == count and self.hold.place == (x, side) and not self._dice:
            return
        # (the roll-off's dice are gathered into the first thrower's row with the rest: swept back to their
        # throwers, all six of the first turn had come in over the rail)
        lying = self.hold.fresh + [d for d in self.dice if not d.selected]
        kept_just_now = self.clock - self.kept_at < 0.1
        self.clear()
        # (as long as the last of the kept dice takes to be carried off)
        self.hold.wait = (ROW_WAIT + 0.06 * (self.kept - 1)) * self.pace() if kept_just_now else 0.0
        left = self.hold.lay(lying, count, x, side, self.vrng)
        if left:
            self.sweep.take(left, None, None, SWEEP * self.pace())

    # -- the film --------------------------------------------------------------------------------------

    def _pose(self) -> None:
        playing = self.playing
        if playing is None:
            return
        self._due = playing
        if playing.marks:
            self.exits = [mark for at, mark in playing.marks if at <= playing.sounding()]
        impacts = playing.film.impacts
        while playing.sounded < len(impacts) and impacts[playing.sounded].time <= playing.sounding():
            hit = impacts[playing.sounded]
            self.impacts.append((hit.kind, hit.strength))
            playing.sounded += 1

    def run(self, dt: float, rate: float) -> Settled | None:
        """Play the film on by ``dt`` at ``rate`` (0: straight to its end); once at its end, the report."""
        playing = self.playing
        if playing is None:
            return None
        if rate == 0:
            return self.finish()
        playing.t = min(playing.ends, playing.t + dt * rate * playing.pace())
        self._pose()
        if playing.t >= playing.ends:
            return self.settle()
        return None

    def finish(self) -> Settled:
        """The film to its end at once (instant speed, or a skip)."""
        if self.playing is not None:
            self.playing.t = self.playing.ends
            self._pose()
            self.impacts = []
        return self.settle()

    def settle(self) -> Settled:
        """The dice are at rest: dice fallen from the table are marked where they went over, the rest labelled."""
        playing, self.playing = self.playing, None
        if playing is None:
            return Settled()
        film = playing.film
        gone = [view for n, view in enumerate(self.dice) if film.fell[n]]
        self.exits = [mark for _, mark in playing.marks]
        for n, view in enumerate(self.dice):
            view.moving = False
            if film.fell[n]:
                continue
            if film.cocked[n] or film.off_felt[n]:
                # The die that makes the throw void is ringed, with a tag saying so.
                view.lean = (math.cos(view.angle + math.pi), math.sin(view.angle + math.pi))
                view.lean_amount = 1.0
            else:
                # A die that counts lies flat (a tilt under the cocked limit is the felt's give, not a lean).
                view.tumble.phase, view.tumble.done = 0.0, True
        self.dice = [d for d in self.dice if d not in gone]
        self.label()
        return Settled()

    def label(self) -> None:
        """Number the dice left to right (the keys 1–6 pick them)."""
        for n, d in enumerate(sorted(self.dice, key=lambda d: (d.x, d.y)), start=1):
            d.label = n

    def hurry(self) -> None:
        """Finish every gliding die at once."""
        self.hold.set_down(None)
        for d in self.dice:
            if d.tween is not None:
                d.tween.t = d.tween.duration

    def moving(self) -> bool:
        """Whether a film is playing or a die is gliding."""
        return self.playing is not None or any(not d.at_rest for d in self.dice)

    # -- input ---------------------------------------------------------------------------------------

    def handle(self, event: Input, snap: TableSnapshot) -> Command | None:
        if isinstance(event, Move):
            self.pointed = event.pos
            # (no die lights up under a drag: the dice are being thrown, not picked)
            self.hover = None if self.drag is not None else next((d for d in self.dice if d.contains(event.pos)), None)
            if self.drag is not None:
                self.drag.append((*event.pos, self.clock))
                self.hold.strayed = self.hold.strayed or math.dist(self.drag[0][:2], event.pos) >= FLICK_MIN
                _rattle(self)
                if _flung_past(self):
                    return self._release(event.pos, snap)
                return take_up(self)
            return None
        if isinstance(event, Release):
            return self._release(event.pos, snap)
        die: DieView | None = None
        if isinstance(event, Click):
            die = next((d for d in self.dice if d.contains(event.pos)), None)
            if event.button == 1 and snap.offer is not None and snap.human_turn and not passing_on(self) and any(
                    d.contains(event.pos) for d in self.dice + self.hold.fresh):
                return AnswerOffer(True)  # a click on the dice passed on takes them (only T had, helper-44)
            if event.button == 1 and _may_try(snap) and FELT.collidepoint(event.pos):
                # a press on a die may begin a throw by hand too: it is picked on the release, if no throw came
                self.drag = [(*event.pos, self.clock)]
                self.hold.side = seat_spot(_thrower(snap), len(snap.players))[1]
                self.hold.on_row = any(d.contains(event.pos) for d in self.hold.fresh)
                self.hold.pressed = die.ident if die is not None and snap.may_select else None
                self.hold.strayed = False
                self.hold.brings = _brought(self, snap)
                if self.dice and all(d.selected for d in self.dice):
                    # (hot dice: the six in the hand are the row waiting, none is laid over them)
                    self.hold.place = seat_spot(_thrower(snap), len(snap.players))
                return None
        elif isinstance(event, KeyPress) and event.key.isdigit() and event.key != "0":
            die = next((d for d in self.dice if d.label == int(event.key)), None)
        if die is None or not snap.may_select:
            return None
        return ToggleDie(die.ident)

    def _release(self, pos: tuple[float, float], snap: TableSnapshot) -> Command | None:
        """The end of a drag: a throw by hand when it was long enough and the dice may be thrown."""
        drops = _drops(self)
        drag, self.drag = self.drag, None
        told, self.told = self.told, None
        if drag is None:
            return None
        x0, y0, _ = drag[0]
        command: Command | None = None
        near = math.dist((x0, y0), pos) < FLICK_MIN
        if near and self.hold.pressed is not None:  # a click on a die: picked (or put back)
            command = ToggleDie(self.hold.pressed) if snap.may_select else None
        elif near and self.hold.on_row and not drops and _may_throw(snap):
            command = ThrowDice()  # a click on the dice waiting for you throws them (held a while, it drops them)
        elif (not near or drops) and _may_try(snap):
            drag.append((*pos, self.clock))
            self.flung_at = self.clock
            # Let go before the dice were in the hand, the hand scoops them up where they lie (within the
            # thrower's half) and throws them from there the way it went: carried to the pointer from across the
            # felt, they had crossed it in a frame or two (helper-36); gathered to the thrower's rail first, the
            # first thing seen went against the gesture (helper-37).
            hand = None if in_hand(self, pos) else _lying_middle(self)
            self.flung_held = hand is None
            command = ThrowDice(gesture_flick(drag, _thrower(snap), len(snap.players), hand))
        if not isinstance(command, ThrowDice):
            _put_back_brought(self)
        return HoldDice(False) if command is None and told is not None else command

    def tick(self, dt: float) -> None:
        """The clock the gesture's speed is measured by; the dice a drag holds follow the pointer."""
        self.clock += dt
        self.sweep.step(dt)
        self.hold.set_down(dt)
        drag = self.drag
        if drag is None and self.pointed is not None and self.playing is None:  # (a film's dice: posed once a frame)
            # the die under a pointer lying still: the dice came to it, or went from under it (the outline of a
            # die it had lain over as the dice were thrown stayed on that die where it came to rest, helper-50)
            self.hover = next((d for d in self.dice if d.contains(self.pointed)), None)
        _pick_up(self)
        if self.hold.lying:
            lying = [(d.pose[0], d.pose[1]) for d in self.dice if d.ident not in self.hold.lying and d.pose]
            self.hold.step(self.dice + self.hold.fresh, drag[-1][:2] if drag is not None else None, dt, lying)

    # -- drawing ---------------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        skin = self.skin()
        may_pick = snap.may_select and self.playing is None and not self.hold.lying
        show_labels = may_pick and self.keyed()
        advised = {d.id for d in snap.dice if d.advised}
        # a die that fell off the table: a mark where it went over, under dice on the move, over dice at rest
        # (a die come to rest against the rail there hid it)
        marks_over = self.playing is None
        if not marks_over:
            _draw_exits(canvas, self.exits)
        gl = self.gl()
        if gl is not None:
            gl.prepare(skin, CAMERA, (canvas.px(VIEW_AREA.w), canvas.px(VIEW_AREA.h)), VIEW_AREA)
            image, at = self._picture_3d(canvas, gl, snap, skin, advised)
            if image is not None:
                # a die falling off the table is seen past its edge, within a die's width of it (the dice
                # coming in or swept off fade into the edge: past it is the window)
                with clipped(canvas, FALL_AREA):
                    canvas.surface.blit(image, at, special_flags=pygame.BLEND_PREMULTIPLIED)
            taken: list[tuple[float, float]] = []
            for d in self.dice:
                draw_cocked(canvas, d, inside=FELT, others=self.dice, round_ring=True)
                if show_labels:
                    draw_badge(canvas, d, self.dice, FELT, taken)
            if marks_over:
                _draw_exits(canvas, self.exits)
            self._draw_tags(canvas, snap)
            _draw_drag(canvas, self.drag, self.hold)
            return
        taken = []
        marks = edge_marks(self.playing, self.dice, self.dice)
        # (dice in the hand are up over the felt, never faded, as in 3D: held near the rail, the two nearest it
        # had been half seen through)
        held = self.hold.lying if self.drag is not None else {}
        with clipped(canvas, FALL_AREA), edge_faded(
                [d for d in self.sweep.dice + self.hold.fresh + self.dice if d.ident not in held],
                [d for d, m in zip(self.dice, marks, strict=True) if m == FALLS],
                self.sweep.dice + self.hold.fresh + [d for d, m in zip(self.dice, marks, strict=True) if m == PASSES]):
            # (as in 3D: past the table's edge a die is hidden, and fades into the edge on its way over; one
            # falling off it is seen falling)
            for d in self.sweep.dice + self.hold.fresh:
                draw_die(canvas, skin, d, show_label=False)
            for d in sorted(self.dice, key=lambda d: d.z):
                if d.ident in advised and not d.selected:
                    # The hint's advice on the dice themselves: a firm ring and a fainter one around it.
                    canvas.polygon(theme.GREEN, d.corners(1.2), 3)
                    canvas.polygon((60, 130, 70), d.corners(1.32), 2)
                nudge = d.nudge()
                d.x += nudge
                draw_die(canvas, skin, d, hover=d is self.hover and may_pick, show_label=show_labels,
                         neighbours=self.dice, inside=FELT, taken=taken)
                d.x -= nudge
                if snap.busted and d.at_rest:
                    canvas.polygon(theme.RED, d.corners(1.16), 3)  # every die on the felt failed to score
                elif d.selected and _refused(snap):
                    canvas.polygon(theme.RED, d.corners(1.14, 4.0), 3)  # picked, but it cannot be kept
        if marks_over:
            _draw_exits(canvas, self.exits)
        self._draw_tags(canvas, snap)
        _draw_drag(canvas, self.drag, self.hold)

    def _draw_tags(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """Each roll-off die at rest marked as its thrower's: a ring in the seat's colour and a badge with the
        initial (the seat's colour on its row and plate says whose), placed clear of the other dice."""
        covered = self.covered
        if (self.playing is not None or len(self.tags) != len(self.dice)
                or (snap.banner is not None and covered is None)):
            return
        letters = badge_letters(self.tags)
        taken: list[tuple[float, float]] = []
        r = badge_radius(canvas)
        for d, (seat, _name), shown in zip(self.dice, self.tags, letters, strict=True):
            bx, by = badge_spot(d, self.dice, FELT, taken, r)
            if covered is not None and covered.inflate(8, 8).colliderect(_tag_box(d, (bx, by), r)):
                continue  # (a mark under the banner's words would meet them)
            color = theme.seat_color(seat)
            canvas.polygon(color, d.corners(1.18), 3)
            taken.append((bx, by))
            canvas.circle((20, 24, 28), (bx, by), r)
            canvas.circle(color, (bx, by), r, 2)
            canvas.text(shown, (bx, by + 0.5), (13 if len(shown) == 1 else 11) * r / BADGE_R, color, font="bold",
                        anchor="center")

    def _picture_3d(self, canvas: Canvas, gl: GLDice, snap: TableSnapshot, skin: SkinName,
                    advised: set[int]) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The 3D picture of the dice from their poses and where it goes on the window (rendered again only
        when something in it changed)."""
        shown = [d for d in self.dice if d.pose is not None and d.layout is not None and d.alpha > 0]
        highlights: list[Highlight | None] = []
        refused = _refused(snap)
        for d in shown:
            if d.selected:
                highlights.append("bust" if refused else "selected")
            elif snap.busted and d.at_rest:
                highlights.append("bust")
            elif d.ident in advised:
                highlights.append("advised")
            elif d is self.hover and snap.may_select and self.playing is None:
                highlights.append("hover")
            else:
                highlights.append(None)
        # (a die being lifted off is drawn whatever its likeness's alpha, which is fading in over it)
        lifting = [d for d in self.lifting if d.tween is not None and d.tween.t < 0]
        # (a picture drawn ahead is seen a frame late: a die lifted off was seen for a frame under its likeness)
        behind = bool(self.lifting)
        self.lifting = lifting
        lifted = [d for d in lifting if d.pose is not None and d.layout is not None]
        swept = [d for d in self.sweep.dice + self.hold.fresh
                 if d.alpha > 0 and d.pose is not None and d.layout is not None] + lifted
        area = VIEW_AREA
        size = (canvas.px(area.w), canvas.px(area.h))
        moving = not all(d.at_rest for d in shown)
        placed = [_shaken(d) for d in shown]
        tops = None
        if self.playing is not None and skin == "greed" and len(self.dice) == self.playing.film.count:
            # the film's dice are the felt's, in its order
            every = self.playing.tops()
            tops = tuple(every[i] for i, d in enumerate(self.dice) if d in shown)
            if swept:  # dice being cleared off or held beside the film's: letters upright as they lie
                rows = np.array([d.pose for d in swept], dtype=np.float32)
                tops += tuple(top_quarters(rotations(rows[:, 3:7])))
        falls = edge_marks(self.playing, self.dice, shown) + [PASSES] * len(swept)
        shown += swept
        highlights += [None] * (len(swept) - len(lifted)) + ["selected" if d.selected else None for d in lifted]
        placed += [_shaken(d) for d in swept]
        key = (tuple(placed), tuple(d.layout for d in shown), tuple(highlights), skin, size, moving, tops, tuple(falls))
        if self.drawn is None or self.drawn[0] != key:
            poses = np.array(placed, dtype=np.float32).reshape(-1, 7)
            layouts = [d.layout for d in shown if d.layout is not None]
            image = gl.render_part(poses, layouts, skin, CAMERA, size, area, highlights, moving=moving, tops=tops,
                                   falls=falls, ahead=moving and not behind)
            self.drawn = (key, image, (gl.drawn.x, gl.drawn.y))
        _, image, (bx, by) = self.drawn
        x, y = canvas.pt(area.x, area.y)
        return image, (x + bx, y + by)

    def layer_rect(self, canvas: Canvas, snap: TableSnapshot) -> pygame.Rect | None:
        """The window pixels :meth:`draw` touches now, bar the marks of dice gone over the rail (which stay where
        they are): the dice of a film under way and their shadows. None when more is drawn than a film's dice (a
        drag, labels, tags, a lean's tag, a film not playing): the caller then draws the whole screen."""
        if self.playing is None or self.drag is not None or snap.may_select or self.tags:
            return None
        if any(d.lean is not None and d.lean_amount > 0 for d in self.dice):
            return None
        gl = self.gl()
        if gl is not None:
            image, at = self._picture_3d(canvas, gl, snap, self.skin(), {d.id for d in snap.dice if d.advised})
            return pygame.Rect(at, image.get_size()) if image is not None else pygame.Rect(at, (0, 0))
        boxes = []
        for d in self.dice:
            if d.place == "gone" or d.alpha <= 0:
                continue
            # the sprite (zoomed with height, a rolling one longer) and its shadow, offset away from the light
            reach = d.size * (1 + max(0.0, d.z) / 320) + 4
            off = 3 + d.z * 0.45
            boxes.append(pygame.Rect(0, 0, 2 * reach, 2 * reach).move(d.x - reach, d.y - reach - 4))
            boxes.append(pygame.Rect(0, 0, 2 * reach, 2 * reach).move(d.x + off - reach, d.y + off * 1.3 - reach))
        if not boxes:
            return pygame.Rect(canvas.pt(FELT.x, FELT.y), (0, 0))
        return canvas.rect(boxes[0].unionall(boxes[1:])).inflate(4, 4)

    def lying(self) -> list[tuple[float, float]]:
        """Where dice lie (a die on its way somewhere counts where it goes) and where dice went over the rail."""
        row: list[tuple[float, float]] = []
        for d in self.hold.fresh:  # where the row's dice are, where they go, and the way between
            home = self.hold.lying.get(d.ident) if not self.drag else None
            end = CAMERA.to_screen(home[0], home[1], 1.0) if home is not None else (d.x, d.y)
            row += [(d.x + (end[0] - d.x) * u, d.y + (end[1] - d.y) * u) for u in (0.0, 0.35, 0.7, 1.0)]
        # a cocked die's tag is read as much as the die: its ends and middle count as dice lying there
        ends = (-COCKED_TAG[0] / 3, 0.0, COCKED_TAG[0] / 3)
        tags = [(x + dx, y) for d in self.dice if d.lean is not None and d.place == "table"
                for x, y in [cocked_tag_center(d, FELT, self.dice)] for dx in ends]
        return [(d.tween.end[0], d.tween.end[1]) if d.tween is not None else (d.x, d.y)
                for d in self.dice if d.place == "table"] + self.exits + row + tags


def hand_room(felt: FeltSection) -> list[tuple[float, float]]:
    """Points (stage pixels) over the part of the felt a hand holding dice moves in (none when no hand holds
    any): the thrower's half, to the line it reaches."""
    if not (felt.drag is not None and felt.hold.lying):
        return []
    near = REACH_MIN - REACH_GIVE
    ys = np.arange(near, TABLE.half_depth, 0.5)
    xs = np.arange(-TABLE.half_width + 0.5, TABLE.half_width, 0.5)
    return [CAMERA.to_screen(float(x), felt.hold.side * float(y), 1.5) for y in ys for x in xs]


def flight_path(felt: FeltSection, step: float = 0.04) -> list[tuple[float, float]]:
    """Points (stage pixels) along the way of every die of the throw playing, from where it is now to where it
    rests, as the camera sees them (none when no throw plays)."""
    playing = felt.playing
    if playing is None:
        return []
    points: list[tuple[float, float]] = []
    if playing.start is not None and playing.t < playing.lead:
        points += [CAMERA.to_screen(float(x), float(y), float(z)) for x, y, z in playing.start[:, :3]]
    film = playing.film
    t = max(0.0, playing.t - playing.lead)
    while True:
        points += [CAMERA.to_screen(float(x), float(y), float(z)) for x, y, z in film.pose(t)[:, :3]]
        if t >= film.seconds:
            return points
        t = min(film.seconds, t + step)


def resting(felt: FeltSection) -> list[pygame.Rect]:
    """Where the dice lying at rest on the felt are seen (stage pixels): a seat's name plate makes way for one
    lying against its rail (drawn over it, the plate had hidden its edge, helper-32)."""
    rects = []
    for d in felt.dice:
        if d.at_rest and d.alpha > 0 and d.pose is not None:
            xs, ys = zip(*d.corners(), strict=True)
            left, top = round(min(xs)), round(min(ys))
            rects.append(pygame.Rect(left, top, round(max(xs)) - left, round(max(ys)) - top))
    return rects


def passing_on(felt: FeltSection) -> bool:
    """Whether dice passed on to the next player are still on their way (swept off, or sliding into the row):
    the offer's choice is put once they lie before the player."""
    return bool(felt.sweep.dice or felt.hold.lying)


def badge_letters(tags: Sequence[tuple[int, str]]) -> list[str]:
    """What each roll-off badge says of its thrower (seat, name): the initial; two letters where initials are
    shared ("Player 1" and "Penny" are "Pl" and "Pe"); the seat's number where those are shared too."""
    def letters(name: str, count: int) -> str:
        text = name.strip() or "?"
        return text[:1].upper() + text[1:count].lower()

    # (told apart seat by seat: a roll-off of six dice a seat tags six dice of each, which are not to be told
    # apart; they had all been given their seat's number, as the dice's own numbers look, helper-29)
    seats = dict(tags)
    shown = {seat: letters(name, 1) for seat, name in seats.items()}
    for count in (2, 0):
        taken = list(shown.values())
        shown = {seat: s if taken.count(s) == 1 else (letters(seats[seat], count) if count else str(seat + 1))
                 for seat, s in shown.items()}
    return [shown[seat] for seat, _ in tags]


def _shaken(die: DieView) -> tuple[float, ...] | None:
    """The pose the 3D view draws ``die`` at: its own, moved aside while it shakes."""
    nudge = die.nudge()
    if die.pose is None or nudge == 0.0:
        return die.pose
    return (die.pose[0] + nudge / DIE, *die.pose[1:])


def _squared(turn: Sequence[float], rng: random.Random) -> tuple[float, float, float, float]:
    """A die lying flat turned ``turn`` (i, j, k, w), turned about the upright to within :data:`ROW_YAW` of square
    with the row, as a hand setting it down would."""
    x_axis, y_axis = rotations(np.array([turn], dtype=np.float32))[0].T[:2]  # (the die's own x and y, in the world)
    level = x_axis if abs(x_axis[2]) < abs(y_axis[2]) else y_axis
    yaw = math.atan2(level[1], level[0])
    off = (yaw + math.pi / 4) % (math.pi / 2) - math.pi / 4
    h = (rng.uniform(-ROW_YAW, ROW_YAW) - off) / 2
    return _then(turn, (0.0, 0.0, math.sin(h), math.cos(h)))


def row_slots(count: int, x: float, side: int) -> list[tuple[float, float]]:
    """Where the ``count`` dice of a row laid before ``x`` on the ``side`` rail go (die units), before a hand's
    unevenness: across from ``x``, held clear of the side rails."""
    reach = TABLE.half_width - 1.0 - ROW_GAP * (count - 1) / 2
    x = min(max(x, -reach), reach)
    y = side * (TABLE.half_depth - ROW_INSET)
    return [(x + ROW_GAP * (n - (count - 1) / 2), y) for n in range(count)]


def _in_row(pose: Sequence[float], count: int, x: float, side: int) -> bool:
    """Whether a die lying at ``pose`` is where such a row goes (:func:`row_slots`)."""
    return any(abs(pose[0] - sx) < 1.4 and abs(pose[1] - sy) < 1.4 for sx, sy in row_slots(count, x, side))


def take_up(felt: FeltSection) -> HoldDice | None:
    """A press under way takes up the dice once it has gone far enough, or been held still long enough off the
    dice (a press held still had done nothing until the pointer moved); what to tell the flow when that is news
    (None: nothing new)."""
    drag = felt.drag
    if drag is None or not (felt.told is not None or _taking(felt)):
        return None
    away = math.dist(drag[0][:2], drag[-1][:2])
    _pick_up(felt)
    # (let go back where the drag began, a click: only the row's dice are thrown by that)
    # (the dice picked are set aside as the others are picked up: on a die, it may be a click)
    throws = felt.hold.on_row or away >= FLICK_MIN or _drops(felt)
    told = HoldDice(True, throws, felt.hold.pressed is None or away >= FLICK_MIN)
    if told == felt.told:
        return None
    felt.told = told
    return told


RATTLE_SPEED = 300.0
"""How fast (logical px a second) a hand must be moving as it turns back for the dice in it to click together."""
JOSTLE = 0.3
"""How far (die units, and a hundred times that in degrees of turn) the dice in a shaken hand knock about."""
JOSTLE_EASE = 6.0
"""How quickly that knocking dies away (a share of e a second)."""
RATTLE_GAP = 0.07
"""Seconds between two clicks of the dice shaken in the hand at the most."""


def _rattle(felt: FeltSection) -> None:
    """The dice in a hand shaken to and fro click together as it turns back, louder the quicker (a shake had
    made no sound and moved nothing, helper-31): an impact of die on die, as the screen plays a throw's."""
    drag = felt.drag
    if drag is None or len(drag) < 3 or not felt.hold.lying or felt.clock - felt.rattled_at < RATTLE_GAP:
        return
    (x0, y0, _), (x1, y1, t1), (x2, y2, t2) = drag[-3:]
    speed = math.dist((x1, y1), (x2, y2)) / max(t2 - t1, 1 / 60)
    if (x1 - x0) * (x2 - x1) + (y1 - y0) * (y2 - y1) < 0 and speed >= RATTLE_SPEED:
        felt.rattled_at = felt.clock
        felt.impacts.append(("die", min(1.0, speed / 2000.0) * 0.6))
        felt.hold.jostle = 1.0


def _drops(felt: FeltSection) -> bool:
    """Whether letting go now, near where the press began, drops the dice held onto the felt, a gentle throw:
    the press was off the dice, held at least :data:`HOLD_STILL` (which takes them up) and never went away (let
    go, they had slid back where they lay, which looked like a throw that did not count, helper-31). Brought back
    there, it puts them down; let go sooner, it is a click."""
    drag = felt.drag
    return (drag is not None and felt.hold.pressed is None and not felt.hold.strayed
            and felt.clock - drag[0][2] >= HOLD_STILL)


def _taking(felt: FeltSection) -> bool:
    """Whether the press under way takes the dice up: the row's at once, others once it has gone
    :data:`PICK_UP` or been held still for :data:`HOLD_STILL` (on a die, :data:`HOLD_STILL_ON_DIE`)."""
    drag = felt.drag
    if drag is None:
        return False
    if felt.hold.pressed is not None and not felt.hold.strayed and felt.clock - drag[0][2] >= HOLD_STILL_ON_DIE:
        felt.hold.pressed = None  # no longer a click on the die
    return (bool(felt.hold.fresh) or math.dist(drag[0][:2], drag[-1][:2]) >= PICK_UP
            or (felt.hold.pressed is None and felt.clock - drag[0][2] >= HOLD_STILL))


def _pick_up(felt: FeltSection) -> None:
    """A drag under way picks up the dice to throw once it has gone far enough (at once for the row's), or when
    held still: they go into the hand (before the flow hears of it: the dice it sets aside then are the others)."""
    drag, hold = felt.drag, felt.hold
    # (a drag over dice the turn threw must first be told from a click on one; the row's are picked up at once)
    if drag is None or hold.lying or felt.playing is not None or not _taking(felt):
        return
    # hot dice: the hand takes up the very dice that scored, to throw them again (six more brought in over the
    # rail while the six kept flew to the tray were twelve dice on a six-dice table)
    again = bool(felt.dice) and not hold.fresh and all(d.selected for d in felt.dice)
    hold.set_down(None)  # (dice still carried in from the tray are in the row already)
    hold.lying = {d.ident: d.pose for d in hold.fresh or felt.dice
                  if (again or not d.selected) and d.pose is not None and d.layout is not None}
    for d in felt.dice:
        if d.ident in hold.lying:
            d.lean_amount = 0.0  # (a void throw's cocked die, picked up: its ring and tag went with it)
    x = CAMERA.to_world(*drag[-1][:2])[0]
    if not hold.lying and hold.brings:  # (none to take up, as a die with no pose: all come in as a row)
        hold.lay([], hold.brings, x, hold.side, felt.vrng)
    elif hold.brings:  # the dice not on the felt join those taken up: from the tray (hot dice), or the floor
        hold.bring(hold.brings, x, hold.side, felt.vrng)
        hold.kept_before = hold.fresh[-hold.brings:] if again else []
    felt.exits = []  # (the void's marks were read: the dice are being thrown again)


def _brought(felt: FeltSection, snap: TableSnapshot) -> int:
    """How many dice a hand about to take up the dice on the felt must bring in over the rail to have all those
    to throw: after hot dice, the dice kept before (in the tray); after a void, those that fell off the table."""
    if not felt.dice or felt.hold.fresh:
        return 0
    if all(d.selected for d in felt.dice):  # hot dice: every die comes back
        return max(0, snap.rules.dice - len(felt.dice))
    if snap.state.phase is Phase.ROLL:
        return max(0, snap.state.dice_left - len(felt.dice))
    return 0


def _put_back_brought(felt: FeltSection) -> None:
    """Dice a drag brought into the hand over the rail (hot dice), let go with no throw, go back over it."""
    hold = felt.hold
    if hold.brings and hold.fresh:
        felt.sweep.take(hold.fresh, None, hold.side, SWEEP * felt.pace())
        hold.fresh, hold.lying = [], {}


def _to_throw(felt: FeltSection) -> list[DieView]:
    """The dice a throw by hand under way throws (those in the hand, or to be taken up), with a pose."""
    hold = felt.hold
    dice = [d for d in felt.dice + hold.fresh if d.ident in hold.lying] if hold.lying else (
        hold.fresh or [d for d in felt.dice if not d.selected])
    return [d for d in dice if d.pose is not None]


def in_hand(felt: FeltSection, pos: tuple[float, float]) -> bool:
    """Whether every die to be thrown has reached the hand the pointer let go at ``pos`` (a stage point)."""
    dice = _to_throw(felt)
    middle = _heap_middle(pos, len(dice), felt.hold.side, ())
    return all(math.dist(d.pose[:2], middle) <= CAUGHT for d in dice if d.pose is not None)


def _likened(dice: Sequence[DieView]) -> None:
    """Turn ``dice`` (drawn in 3D) so that their flat likeness shows each top face's marks as the 3D die does: a
    likeness faded in over its die had shown a 2 or a letter turned another way, two dice in one (helper-47)."""
    posed = [(d, d.pose) for d in dice if d.pose is not None]
    if not posed:
        return
    turns = top_turns(rotations(np.array([pose[3:7] for _, pose in posed], dtype=np.float32)))
    for (d, _), turn in zip(posed, turns, strict=True):
        # (turned no further than the marks need: a 1, 4 or 5 looks the same a quarter turn on, a 2, 3 or 6 a half)
        period = math.pi if d.tumble.top in (2, 3, 6) else math.pi / 2
        d.angle = turn - period * round(turn / period)


def _flung_past(felt: FeltSection) -> bool:
    """Whether a drag flung the dice in the hand on past the felt's middle line: the hand lets go there (held on
    to, the heap stopped at the line while the pointer went on, and the dice were thrown from well behind it,
    helper-46)."""
    drag, side = felt.drag, felt.hold.side
    if drag is None or not felt.hold.lying or not felt.hold.strayed:
        return False
    x, y, now = drag[-1]
    ahead = -side * CAMERA.to_world(x, y)[1]
    if ahead < LET_GO_PAST:
        return False
    since = next(p for p in drag if now - p[2] <= FLICK_WINDOW)
    went = ahead + side * CAMERA.to_world(since[0], since[1])[1]
    return went / max(now - since[2], 1 / 60) >= LET_GO_SPEED


def _lying_middle(felt: FeltSection) -> tuple[float, float] | None:
    """The middle of the dice to be thrown, as a stage point (None when none lies on the felt)."""
    spots = [d.pose[:2] for d in _to_throw(felt) if d.pose is not None and TABLE.on_felt(d.pose[0], d.pose[1])]
    if not spots:
        return None
    return CAMERA.to_screen(sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))


def cancel_drag(felt: FeltSection) -> HoldDice | None:
    """End a drag cut short by something else (the menu opened mid-throw): its dice go back where they lay, no
    throw comes of it; what to tell the flow of the hand now empty (None: it was told nothing)."""
    if felt.drag is None:
        return None
    felt.drag = None
    _put_back_brought(felt)
    told, felt.told = felt.told, None
    return HoldDice(False) if told is not None else None


def felt_pointer(felt: FeltSection, snap: TableSnapshot) -> Pointer | None:
    """How the pointer looks over the felt: four-way arrows from the press that may throw (a press held still
    had shown nothing), a hand over a die that may be picked and over the felt the dice may be thrown from;
    None off the felt."""
    if felt.drag is not None and _may_throw(snap) and (felt.hold.pressed is None or felt.hold.lying):
        return "hold"  # (a press on a die is a click on it until the drag picks the dice up)
    if felt.pointed is None or not FELT.collidepoint(felt.pointed):
        return None
    if (felt.hover is not None and snap.may_select) or _may_throw(snap):
        return "hand"
    return "arrow"


def _refused(snap: TableSnapshot) -> bool:
    """Whether the dice picked cannot be kept (they are rung in red, not gold)."""
    return bool(snap.choice.error) and snap.may_select


def _thrower(snap: TableSnapshot) -> int:
    """The seat a throw by hand is for: the player whose turn it is, or the person a roll-off waits for."""
    return snap.state.current if snap.roll_off_thrower is None else snap.roll_off_thrower


def _may_throw(snap: TableSnapshot) -> bool:
    """Whether the throw button is on offer now (a person's throw, or their roll-off die; nothing in the way)."""
    person = snap.human_turn or snap.roll_off_thrower is not None
    return person and any(isinstance(b.command, ThrowDice) and b.enabled for b in snap.buttons)


def _may_try(snap: TableSnapshot) -> bool:
    """Whether a throw by hand may begin: when one may be thrown, and when the dice picked cannot be kept (the
    throw is refused as Space's is, saying why and shaking them: a drag had done nothing at all, helper-32)."""
    return _may_throw(snap) or (_refused(snap) and snap.human_turn)


def _held_still(points: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """``points`` with the pointer's stillness heard: between two points further apart in time than
    :data:`FLICK_RECENT`, no move was heard, so the pointer lay still until a frame before the second (held still,
    then flung in one jump, the dice had been lobbed as if the jump had taken the whole pause, helper-42)."""
    out = points[:1]
    for a, b in itertools.pairwise(points):
        if b[2] - a[2] > FLICK_RECENT and a[:2] != b[:2]:
            out.append((a[0], a[1], b[2] - 1 / 60))
        out.append(b)
    return out


def gesture_flick(drag: list[tuple[float, float, float]], seat: int, players: int,
                  hand: tuple[float, float] | None = None) -> Flick:
    """The throw a drag on the felt means: its direction, and its speed over its fastest tenth of a second in
    the last quarter of a second.

    The dice leave the hand where the pointer let them go, or at ``hand``
    (a stage point: where the dice are, not yet in the hand), held to the
    thrower's half of the felt; the speed is held between the gentlest and the
    hardest throw, and to what the hand's swing could give.
    """
    x_end, y_end, t_end = drag[-1]
    fastest = 0.0
    # (only the drag's end is looked at: a long, slow drag is thousands of points)
    tail = [p for p in drag[-600:] if t_end - p[2] <= FLICK_RECENT + FLICK_WINDOW]
    # (from the point before, where the pointer may have lain still: a jump after a pause and the release heard in
    # the same frame had measured nothing, helper-45)
    tail = _held_still(drag[-len(tail) - 1:]) if len(tail) < len(drag) else tail
    first = 0
    for n in range(1, len(tail)):
        x1, y1, t1 = tail[n]
        while t1 - tail[first][2] > FLICK_WINDOW and first < n - 1:
            first += 1
        if t_end - t1 > FLICK_RECENT:
            continue
        dt = max(t1 - tail[first][2], 1 / 60)
        fastest = max(fastest, math.dist((x1, y1), tail[first][:2]) / DIE / dt)
    swing = sum(math.dist(a[:2], b[:2]) for a, b in itertools.pairwise(tail)) / DIE
    # The way the hand went as it let go, where it went far enough in the last third of a second; else the whole
    # drag's (a drag that went up and then flicked to the left had thrown straight up, helper-32).
    since = tail[0] if math.dist(tail[0][:2], (x_end, y_end)) >= FLICK_MIN else drag[0]
    whole_x, whole_y = (x_end - since[0]), -(y_end - since[1])
    _, side = seat_spot(seat, players)
    x, y = CAMERA.to_world(*(hand or (x_end, y_end)))
    # A hand let go nearer the far rail throws gentler: the same gesture lands as far up the felt left to it as
    # from the thrower's rail would, nearly (a drag ending past the middle had thrown most dice to the far third).
    room = TABLE.half_depth - 0.5
    nearer = (room + min(held_reach(side * y), HAND_BACK)) / (room + HAND_BACK)
    # A hand going back towards the thrower as it lets go throws gently, the more so the straighter back (a flick
    # back had thrown forward as hard as one forward, helper-36; one back and aside, with the speed it had across,
    # had still burst the dice over the felt, helper-38).
    forward = -side * whole_y
    if forward < 0:
        fastest *= (whole_x / math.hypot(whole_x, whole_y)) ** 2
    # A quicker gesture throws harder, less than in proportion (a drag of middling speed had thrown gently); a
    # short one, however quick, no harder than its length allows (a nudge of 30 px had thrown as hard as can be,
    # helper-36). The hardest throw is held back more than the others where the hand let go nearer the far rail:
    # from the middle line at full speed it had sent most dice into a heap against the far rail, one throw in six
    # void.
    share = (fastest / FLICK_FULL) ** FLICK_CURVE
    speed = FLICK_SPEED[1] * min(share * nearer, max(nearer, HARDEST_NEAR), swing / FLICK_SWING)
    speed = max(speed, FLICK_SPEED[0])
    # Across the felt, away from the thrower's rail (a drag towards it or along it still throws across), and no
    # more than 60° off straight across.
    across = math.atan2(abs(whole_x), abs(whole_y))
    angle = min(across, math.radians(60)) * (1 if whole_x >= 0 else -1)
    aim = (math.sin(angle), -side * math.cos(angle))
    return Flick(x, side, aim, speed, FLICK_LIFT * min(1.0, speed / FLICK_LOFTED), reach=side * y)
