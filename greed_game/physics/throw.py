"""One throw of the dice, simulated to rest with rapier3d and kept as a film to play back.

A throw takes a few milliseconds to simulate, so the whole flight is known
before the first frame is drawn: the film says where every die is at every
moment, which face each ends on, which die went over a rail or fell off the
table, and which rests cocked (leaning on a rail or on another die).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np
import numpy.typing as npt
import rapier3d as rp

from greed_game.physics.faces import Layout, label, top_face
from greed_game.physics.table import TABLE, Table

GRAVITY = 9.81 / 0.05
"""The earth's gravity in die units per second squared, for dice of 50 mm: big dice on a big table, the scale
the window shows them at (with 16 mm dice a throw is over before the eye can follow it)."""
STEP = 1 / 120
"""The simulation's time step, seconds."""
FILM_RATE = 60
"""Frames a second kept in the film (every other step; playback interpolates between them)."""
MAX_SECONDS = 6.0
"""A throw still moving after this long is stopped where it is."""
COCKED_DEGREES = 10.0
"""A die resting with its up direction more than this far off every face's normal is cocked."""
FALLEN = -2.5
"""A die this far below the felt has fallen off the table (the floor is out of sight)."""

DIE_HALF = 0.5
DIE_ROUNDING = 0.12
"""The radius of a die's rounded edges and corners (a shop die's are about this round; a die with sharper
edges lost nearly all its way at the first edge it tipped over)."""

# What the felt, the rails and the dice are made of: where two meet, their friction and their bounce
# (restitution) are averaged. A felt over a hard top: the dice hop and tip over on it. (On a dead felt, bounce
# 0.3 and friction 0.5, a die landing from the hand stopped within a tenth of a second, on the face it landed
# on, 9 in 10 times: "as if on sand", helper-33.)
FELT_FRICTION = 0.7
FELT_BOUNCE = 0.7
RAIL_FRICTION = 0.2
RAIL_BOUNCE = 0.55
DIE_FRICTION = 0.15
DIE_BOUNCE = 0.35
DIE_DAMPING = (0.05, 0.1)
"""How quickly a die in the air slows down and stops turning (linear, angular)."""
HELD_CUP = (1.0, 0.9)
"""The heap of a person's hand (:attr:`Throwing.cup`): round, as deep as wide (from a heap twice as wide as deep,
the dice held in a bunch had spread into a line across the throw as they left the hand, helper-31), and loose:
held tighter, two deep, the dice fell onto each other, and a throw by hand was void twice as often as Space's;
packed into a box rather than an oval, six dice flew and landed as two rows of three (helper-37, helper-38), and
twice as wide as the heap drawn in the hand they burst apart as they were let go. The price of the rounder,
tighter heap: the hardest flick from the middle line is void 3.8% of throws (2.4% from the box twice as wide; 4.0%
at 0.9 by 0.8; 1,000 throws each), a drag or a drop about as often as Space's."""
HELD_HEIGHT = (0.9, 0.4)
"""How high a person's hand holds its heap (:attr:`Throwing.low` and :attr:`Throwing.heap`): low over the felt,
one layer deep (from the lob's heap, half as high again, dice dropped from the hand fell onto each other and the
lively felt and flew apart, helper-34; held 1.1 up and up to 0.9 deeper, one dropped throw in sixteen was void,
against one in fifty held as now, 400 throws a case)."""
HAND_CLEAR = (1.1, 0.85)
"""How far off the thrower's rail (die units, to its middle) the heap's nearest die leaves the hand: Space's and
the computers' hand, where the window shows the die whole, and a person's (a die turned any way reaches 0.8 from
its middle; at 1.1, a heap held at the rail jumped a die forward as it was let go)."""
HELD_HAND_IN = 1.3
"""How far the middle of a person's heap is at least from where its nearest die may leave the hand near the
thrower's rail (:data:`HAND_CLEAR`), die units: held nearer, the heap's near side is flattened against the rail
(at 1.0 it was half as wide again as deep)."""
SPIN_LEAST = 0.1
"""The least share of a hand's spin a throw keeps, however gently it is let go: a throw slower than the hand's
gentlest keeps its share of that speed to the power :data:`SPIN_POWER` (a drop a tenth), so dice let fall from the
hand tumble little (with a third of the spin, dice dropped on the lively felt had rolled off every way, one nearly
to the far rail, helper-34)."""
SPIN_POWER = 1.5
"""How much less a gentle throw turns the dice than in proportion to its speed: at 2, a drag of middling speed
turned them a third as fast as Space and read as the dice set down, not thrown (helper-37)."""
REACH_MIN = 1.0
"""How near the felt's middle (die units) a hand reaches freely: past it, the hand lags the pointer more and more,
towards :data:`REACH_GIVE` less again; a throw leaves from the thrower's half."""
REACH_GIVE = 0.7
"""How much further than :data:`REACH_MIN` a hand reaches at most when the pointer goes on across the felt (the
held dice had stopped dead at the line while the pointer went on, as if let go): to 0.3 from the middle line
(a hand let go at the line itself threw most dice into the far third)."""
REACH_SOFT = 1.0
"""How gradually the hand stops short past :data:`REACH_MIN` (die units of pointer): it follows at 0.7 of the
pointer's pace there, less and less further on (with 0.6 for both it stood all but still within half a die)."""

_REST_SPEED = 0.08
_REST_SPIN = 0.15
_REST_STEPS = 8
"""A die is at rest when it has moved slower than the limits above for this many steps in a row."""

ImpactKind = Literal["die", "felt", "rail", "floor"]


@dataclass(frozen=True)
class Impact:
    """A die hitting something: when, which die, on what, and how hard (0 to 1)."""

    time: float
    die: int
    kind: ImpactKind
    strength: float


@dataclass(frozen=True)
class Flick:
    """How the hand lets the dice go: where along the thrower's rail, which way, how hard."""

    x: float
    """Where along the thrower's rail the hand is (die units from the middle)."""
    side: int
    """-1: the bottom rail (the seats at the bottom of the screen); 1: the top rail."""
    aim: tuple[float, float]
    """The direction over the felt (a unit vector)."""
    speed: float
    """Die units a second along ``aim``."""
    lift: float = 3.0
    """Upward speed as the dice leave the hand."""
    reach: float | None = None
    """How far from the felt's middle towards the thrower's rail the hand is (die units), when a person's hand
    held the dice there; None: as near the rail as the heap allows. Held to the thrower's half of the felt."""


def held_reach(pointer: float) -> float:
    """How far from the felt's middle the hand holding the dice is (die units, towards the thrower's rail) when the
    pointer is ``pointer`` from it: as far as the pointer down to :data:`REACH_MIN`, then trailing it, never nearer
    than :data:`REACH_MIN` less :data:`REACH_GIVE`."""
    if pointer >= REACH_MIN:
        return pointer
    return REACH_MIN - REACH_GIVE * (1.0 - math.exp((pointer - REACH_MIN) / REACH_SOFT))


@dataclass(frozen=True)
class Throwing:
    """How hard a hand throws: the ranges a throw's speed and lift are drawn from."""

    speed: tuple[float, float] = (16.0, 26.0)
    lift: tuple[float, float] = (1.0, 5.0)
    spin: tuple[float, float] = (12.0, 32.0)
    """How fast the dice turn as they leave the hand, radians a second."""
    aim: float = 0.55
    """How far (radians) a throw may stray from straight across the felt."""
    spread: float = 0.18
    """How far (radians) each die may leave the hand off the throw's line: a wider spread, fewer dice touching."""
    hand: float = 1.62
    """How close two dice's centres may sit in the hand, die units (a turned die reaches 0.8 from its centre)."""
    cup: tuple[float, float] = (0.8, 0.3)
    """How far the heap in the hand reaches across the throw and along it, die units per square root of the
    count (a person's hand holds a rounder heap: :data:`HELD_CUP`)."""
    scatter: float = 0.1
    """How much each die's speed may differ from the throw's, as a share of it."""
    trail: float = 0.1
    """How much faster (a share of the speed per die unit) a die at the front of the hand leaves than one behind."""
    heap: float = 1.5
    """How high the heap of dice in the hand may be, die units."""
    fan: float = 0.08
    """How far (radians per die unit off the hand's middle) the dice at the heap's sides turn outward."""
    loft: float = 0.3
    """How much each die's lift may differ from the throw's, as a share of it."""
    low: float = 1.4
    """How high above the felt the heap's lowest die leaves the hand, die units (its middle)."""
    few: float = 0.35
    """How much quicker and flatter a throw of one die is than one of six (a share of speed and of lift; the
    counts between in proportion): a die or two are flicked from the fingers, not lobbed from a cupped hand."""

    def flick(self, side: int, x: float, rng: random.Random, count: int = 6) -> Flick:
        """A throw of ``count`` dice from ``x`` on the ``side`` rail toward the far half of the felt."""
        # A hand near a corner throws towards the middle, as a player leaning in would.
        angle = rng.uniform(-self.aim, self.aim)
        ax, ay = math.sin(angle) - 0.35 * x / TABLE.half_width, -side * math.cos(angle)
        norm = math.hypot(ax, ay)
        aim = (ax / norm, ay / norm)
        few = self.few * max(0, 6 - count) / 5
        return Flick(x, side, aim, rng.uniform(*self.speed) * (1 + few), rng.uniform(*self.lift) * (1 - few))


# (a heap twice as wide as deep, (0.8, 0.3), had landed six dice in a line across the throw, turned by its aim:
# half as long again as wide in the median throw against a third for dice scattered at random, helper-39, helper-40;
# the deeper heap leaves the hand further up the felt, and is lobbed a little lower, so the dice land about where
# they did: lobbed from (8, 12), 44% of them rested in the far third)
_QUICK = Throwing(speed=(6.0, 9.5), lift=(6.0, 10.5), spin=(30.0, 50.0), spread=0.2, hand=1.7, fan=0.06, loft=0.25,
                  low=1.5, cup=(0.6, 0.4), scatter=0.2)
THROWING = {
    "off": _QUICK,
    "rare": _QUICK,
    # (the quick lob's deeper heap, thrown harder: from the heap twice as wide as deep, six landed in a line across
    # the throw, two and a quarter times as long as wide in the median throw, against 1.8 now)
    "realistic": replace(_QUICK, speed=(9.0, 14.0), lift=(4.0, 10.0), spin=(16.0, 36.0), few=0.15),
}
"""How hands throw under each void-throw setting ("off" throws as "rare" and throws a void one again).

"rare" is a quick lob with the dice apart in the hand and turning fast:
they cross about three of their widths and most rest in the middle (a
slower lob travelled two and read as a nudge; a quicker, flatter one left
nearly half of them in the far third, as the lob of 7 to 11 did once the
felt was made livelier). "realistic" is a
harder throw from the thrower's rail, which sends more against the rails and
now and then over one. The rates these give are measured with
``benchmarks/bench_throw.py`` and stated in the README."""


@dataclass
class Film:
    """A simulated throw: every die's pose at :data:`FILM_RATE` frames a second, and how it ended."""

    poses: npt.NDArray[np.float32]
    """Shape (frames, dice, 7): x, y, z, then the rotation as a quaternion (i, j, k, w)."""
    rest_seconds: float
    faces: tuple[int, ...]
    """The face each die ends up showing on top (see :mod:`greed_game.physics.faces`)."""
    tilts: tuple[float, ...]
    """How far each die rests off flat, degrees."""
    off_felt: tuple[bool, ...]
    """Each die that ended off the felt: on a rail, or fallen from the table."""
    fell: tuple[bool, ...]
    """Each die that fell from the table to the floor."""
    leaning_on: tuple[str | None, ...]
    """For a cocked die, what it leans on: ``"rail"`` or ``"die"``."""
    impacts: tuple[Impact, ...] = field(default=())

    @property
    def count(self) -> int:
        return int(self.poses.shape[1])

    @property
    def seconds(self) -> float:
        """How long the film runs."""
        return float(self.poses.shape[0] - 1) / FILM_RATE

    @property
    def cocked(self) -> tuple[bool, ...]:
        """Each die on the felt that rests cocked."""
        return tuple(t > COCKED_DEGREES and not off for t, off in zip(self.tilts, self.off_felt, strict=True))

    @property
    def void(self) -> tuple[Literal["off-felt", "leaning"], int, str | None] | None:
        """Why this throw does not count, which die, and what it leans on; None for a clean throw."""
        for i, off in enumerate(self.off_felt):
            if off:
                return ("off-felt", i, "floor" if self.fell[i] else "rail")
        for i, cocked in enumerate(self.cocked):
            if cocked:
                return ("leaning", i, self.leaning_on[i])
        return None

    def pose(self, seconds: float) -> npt.NDArray[np.float32]:
        """Every die's pose at ``seconds`` into the film (shape (dice, 7)), between frames by interpolation."""
        last = self.poses.shape[0] - 1
        t = min(max(seconds, 0.0) * FILM_RATE, float(last))
        i = min(int(t), last)
        j = min(i + 1, last)
        f = np.float32(t - i)
        a, b = self.poses[i], self.poses[j]
        out = a + (b - a) * f
        # The shorter way round between two quaternions, then back to unit length.
        flip = np.sum(a[:, 3:] * b[:, 3:], axis=1) < 0
        out[flip, 3:] = a[flip, 3:] + (-b[flip, 3:] - a[flip, 3:]) * f
        out[:, 3:] /= np.linalg.norm(out[:, 3:], axis=1, keepdims=True)
        return np.asarray(out, dtype=np.float32)

    def final(self) -> npt.NDArray[np.float32]:
        """Every die's pose at rest."""
        return np.asarray(self.poses[-1], dtype=np.float32)

    def layouts(self, values: tuple[int, ...], rng: random.Random) -> list[Layout]:
        """Faces for each die so that the face it ends on shows its value from the rules core."""
        return [label(face, value, rng) for face, value in zip(self.faces, values, strict=True)]


def _world(table: Table) -> rp.PhysicsWorld:
    world = rp.PhysicsWorld(gravity=(0.0, 0.0, -GRAVITY))
    params = world.integration_parameters
    params.dt = STEP
    params.length_unit = 1.0
    hw, hd, r, h = table.half_width, table.half_depth, table.rail, table.rail_height
    # The felt and the rails' tops end at the table's edge: past it a die falls.
    felt = rp.Collider.cuboid(hw + r, hd + r, 0.5).translation((0.0, 0.0, -0.5))
    felt = felt.friction(FELT_FRICTION).restitution(FELT_BOUNCE)
    rails = [
        rp.Collider.cuboid(hw + r, r / 2, h / 2).translation((0.0, sy * (hd + r / 2), h / 2))
        for sy in (-1.0, 1.0)
    ] + [
        rp.Collider.cuboid(r / 2, hd, h / 2).translation((sx * (hw + r / 2), 0.0, h / 2))
        for sx in (-1.0, 1.0)
    ]
    world.add_body(rp.RigidBody.fixed(), [felt, *(c.friction(RAIL_FRICTION).restitution(RAIL_BOUNCE) for c in rails)])
    return world


def _hand_places(count: int, throwing: Throwing, rng: random.Random, cup: tuple[float, float],
                 height: tuple[float, float], *, round_heap: bool = False,
                 fits: Callable[[float, float], bool] | None = None) -> list[tuple[float, float, float]]:
    """Where each die sits in the hand, as (across the throw, along it, height above the felt).

    A hand holds dice in a heap, not a grid: each die is placed at random in
    a cupped space that grows with the count, no closer to another than
    ``throwing.hand`` (the corner-to-corner size of a turned die, so none
    starts inside another); ``height`` is how high the lowest die's middle is
    and how much higher the heap may reach. A ``round_heap`` is an oval
    within the cup rather than the whole cupped box; a die sits only where
    it ``fits`` (across, along), when that is given.
    """
    across, along = cup[0] * math.sqrt(count), cup[1] * math.sqrt(count)
    places: list[tuple[float, float, float]] = []
    for _ in range(count):
        # A heap too tight for the next die grows a little after each failed try.
        for attempt in range(400):
            room = 1.0 + attempt / 100
            if round_heap:
                turn, out = rng.uniform(0.0, 2 * math.pi), math.sqrt(rng.random()) * room
                spot = (across * out * math.cos(turn), along * out * math.sin(turn),
                        height[0] + rng.uniform(0.0, height[1]) * room)
            else:
                spot = (rng.uniform(-across, across) * room, rng.uniform(-along, along) * room,
                        height[0] + rng.uniform(0.0, height[1]) * room)
            if all(math.dist(spot, other) >= throwing.hand for other in places) and (
                    fits is None or fits(spot[0], spot[1])):
                break
        places.append(spot)
    return places


def _heap(count: int, flick: Flick, throwing: Throwing, rng: random.Random,
          table: Table) -> tuple[list[tuple[float, float, float]], list[tuple[float, float]]]:
    """Where each die leaves the hand: its place in the heap (across the throw, along it, height) and where that
    is over the felt (x, y)."""
    ax, ay = flick.aim
    px, py = -ay, ax
    held = flick.reach is not None
    limit = table.half_depth - HAND_CLEAR[held]
    # A person's heap is let go where the hand held it: near the rail, its near side flattened against it (the
    # whole heap pushed up the felt clear of the rail, a drop there had jumped two dice forward). Space's and the
    # computers' hand is as near the rail as its heap allows.
    hand = math.inf if flick.reach is None else min(held_reach(flick.reach), limit - HELD_HAND_IN)
    fits = None
    if flick.reach is not None:

        def fits(across: float, along: float) -> bool:
            return hand + flick.side * (py * across + ay * along) <= limit

    places = _hand_places(count, throwing, rng, HELD_CUP if held else throwing.cup,
                          HELD_HEIGHT if held else (throwing.low, throwing.heap), round_heap=held, fits=fits)
    xs = [px * across + ax * along for across, along, _ in places]
    ys = [py * across + ay * along for across, along, _ in places]
    # The hand reaches over the felt far enough that the heap's nearest die clears the thrower's rail.
    nearest = max((flick.side * y for y in ys), default=0.0)
    back = limit - max(0.0, nearest)
    hand_y = flick.side * min(hand, back)
    # A hand near a corner keeps the whole heap over the felt, well clear of the side rails.
    room = table.half_width - 2.0
    hand_x = min(max(flick.x, -room - min(xs, default=0.0)), room - max(xs, default=0.0))
    return places, [(hand_x + x, hand_y + y) for x, y in zip(xs, ys, strict=True)]


def _add_dice(world: rp.PhysicsWorld, count: int, flick: Flick, throwing: Throwing,
              rng: random.Random, table: Table) -> list[rp.RigidBodyHandle]:
    """The dice leave the hand together: a loose heap above the felt near the thrower's rail."""
    ax, ay = flick.aim
    places, spots = _heap(count, flick, throwing, rng, table)
    # A throw gentler than the hand's gentlest turns the dice less: let go with a full spin, dice dropped from the
    # hand had rolled off every way, some back to the thrower's rail (helper-32).
    gentle = min(1.0, max(SPIN_LEAST, (flick.speed / throwing.speed[0]) ** SPIN_POWER))
    handles = []
    for (across, along, z), (x, y) in zip(places, spots, strict=True):
        # Uniformly turned (three uniform Euler angles are not: they favour some faces, which shows when a
        # gentle throw tumbles the dice little).
        q = [rng.gauss(0.0, 1.0) for _ in range(4)]
        size = math.sqrt(sum(c * c for c in q)) or 1.0
        turn = rp.Rotation3(q[0] / size, q[1] / size, q[2] / size, q[3] / size)
        # The dice at the front of the hand leave it first and fastest; those behind trail, so a throw strings
        # out along its line and lands die by die rather than as one block.
        speed = flick.speed * (1.0 + throwing.trail * along) * rng.uniform(1 - throwing.scatter, 1 + throwing.scatter)
        # Each die leaves the hand a little apart from the others, so the throw spreads out as real ones do.
        turn_aim = rng.uniform(-throwing.spread, throwing.spread) + throwing.fan * across
        dx = ax * math.cos(turn_aim) - ay * math.sin(turn_aim)
        dy = ax * math.sin(turn_aim) + ay * math.cos(turn_aim)
        spin_axis = (rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1))
        norm = math.sqrt(sum(c * c for c in spin_axis)) or 1.0
        spin = rng.uniform(*throwing.spin) * gentle / norm
        body = (
            rp.RigidBody.dynamic()
            .position(rp.Isometry3((x, y, z), turn))
            .linvel((dx * speed, dy * speed, flick.lift * rng.uniform(1 - throwing.loft, 1 + throwing.loft)))
            .angvel((spin_axis[0] * spin, spin_axis[1] * spin, spin_axis[2] * spin))
            .ccd_enabled(True)
            .linear_damping(DIE_DAMPING[0])
            .angular_damping(DIE_DAMPING[1])
        )
        core = DIE_HALF - DIE_ROUNDING
        die = rp.Collider.round_cuboid(core, core, core, DIE_ROUNDING).density(1.0)
        die = die.friction(DIE_FRICTION).restitution(DIE_BOUNCE)
        handles.append(world.add_body(body, [die]))
    return handles


def simulate(count: int, flick: Flick, rng: random.Random, *, throwing: Throwing | None = None,
             table: Table = TABLE) -> Film:
    """Throw ``count`` dice with ``flick`` and follow them to rest; ``rng`` is the hand's small scatter."""
    return simulate_hands([(count, flick)], rng, throwing=throwing, table=table)


def simulate_hands(hands: Sequence[tuple[int, Flick]], rng: random.Random, *, throwing: Throwing | None = None,
                   table: Table = TABLE) -> Film:
    """Several hands throw at once (a roll-off: each seat's die from its own place); the film's dice are in
    the order of ``hands``."""
    throwing = throwing or Throwing()
    world = _world(table)
    handles = [h for count, flick in hands for h in _add_dice(world, count, flick, throwing, rng, table)]
    count = len(handles)
    bodies = world.rigid_bodies
    frames: list[npt.NDArray[np.float32]] = []
    still = [0] * count
    fallen = [False] * count
    # Plain floats in the loop: it runs every step for every die, and numpy's per-call cost was most of a throw's.
    previous = [(0.0, 0.0, 0.0)] * count
    last_hit = [-1.0] * count
    impacts: list[Impact] = []
    rows = [(0.0,) * 7] * count
    bodies_of = [bodies[handle] for handle in handles]
    steps = int(MAX_SECONDS / STEP)
    step = 0
    for step in range(steps + 1):
        for i, body in enumerate(bodies_of):
            t, q = body.translation, body.rotation
            rows[i] = (t.x, t.y, t.z, q.i, q.j, q.k, q.w)
            if fallen[i]:
                continue
            if t.z < FALLEN:
                fallen[i] = True
                body.body_type = rp.RigidBodyType.FIXED
                # (out of sight, but heard: the floor is hard and the die fell far)
                impacts.append(Impact(round(step * STEP, 4), i, "floor", 1.0))
                continue
            v, w = body.linvel, body.angvel
            vx, vy, vz = v.x, v.y, v.z
            moving = math.hypot(vx, vy, vz) > _REST_SPEED or math.hypot(w.x, w.y, w.z) > _REST_SPIN
            still[i] = 0 if moving else still[i] + 1
            px, py, pz = previous[i]
            previous[i] = (vx, vy, vz)
            hit = math.hypot(vx - px, vy - py, vz - pz + GRAVITY * STEP)
            time = step * STEP
            if step and hit > 2.5 and time - last_hit[i] > 0.06:
                last_hit[i] = time
                impacts.append(Impact(round(time, 4), i, _struck(i, rows, table), min(1.0, hit / 30.0)))
        if step % (120 // FILM_RATE) == 0:
            frames.append(np.array(rows, dtype=np.float32))
        if all(fallen[i] or still[i] >= _REST_STEPS for i in range(count)):
            break
        world.step()
    if step % (120 // FILM_RATE):
        frames.append(np.array(rows, dtype=np.float32))
    return _film(np.stack(frames), step * STEP, fallen, impacts, table)


def _struck(die: int, rows: Sequence[tuple[float, ...]], table: Table) -> ImpactKind:
    """What die ``die`` most likely hit, from where everything is (each row a die's x, y, z first)."""
    x, y, z = rows[die][:3]
    for j, other in enumerate(rows):
        if j != die and math.dist((x, y, z), other[:3]) < 1.3:
            return "die"
    if table.rail_gap(x, y) < 0.8:
        return "rail"
    return "felt"


def _film(poses: npt.NDArray[np.float32], seconds: float, fallen: list[bool], impacts: list[Impact],
          table: Table) -> Film:
    final = poses[-1]
    faces, tilts, off, leaning = [], [], [], []
    for i in range(final.shape[0]):
        x, y, z = (float(c) for c in final[i, :3])
        qi, qj, qk, qw = (float(c) for c in final[i, 3:])
        face, tilt = top_face(rp.Rotation3(qw, qi, qj, qk).to_matrix())
        faces.append(face)
        tilts.append(tilt)
        stacked = z > 1.2 and table.on_felt(x, y)  # resting on top of another die: as cocked as can be
        if stacked:
            tilt = max(tilt, 90.0)
        off.append(fallen[i] or not table.on_felt(x, y))
        tilts[-1] = tilt
        leaning.append(("die" if stacked else _leans_on(i, final, table)) if tilt > COCKED_DEGREES else None)
    return Film(poses, seconds, tuple(faces), tuple(tilts), tuple(off), tuple(fallen), tuple(leaning),
                tuple(impacts))


def _leans_on(die: int, final: npt.NDArray[np.float32], table: Table) -> str:
    """What a cocked die leans on: the nearer of its nearest neighbour and the nearest rail."""
    x, y = float(final[die, 0]), float(final[die, 1])
    near_die = min((math.dist((x, y), (float(final[j, 0]), float(final[j, 1])))
                    for j in range(final.shape[0]) if j != die), default=math.inf)
    return "die" if near_die - 1.0 < table.rail_gap(x, y) - 0.5 else "rail"


def throw_until(count: int, flick: Flick, rng: random.Random, *, clean: bool, throwing: Throwing | None = None,
                table: Table = TABLE, attempts: int = 40) -> tuple[Film, int]:
    """Simulate a throw; with ``clean``, throw again (the same hand, its scatter new) until no die is void.

    Returns the film and how many throws it took. After ``attempts`` void
    throws in a row the last is kept (a hand that throws that hard will).
    """
    film = simulate(count, flick, rng, throwing=throwing, table=table)
    tries = 1
    while clean and film.void is not None and tries < attempts:
        gentler = replace(flick, speed=flick.speed * (0.97 ** tries))
        film = simulate(count, gentler, rng, throwing=throwing, table=table)
        tries += 1
    return film, tries


def lying(count: int, rng: random.Random, table: Table = TABLE) -> Film:
    """Dice already at rest, flat and apart near the middle (a resumed game's dice, never seen thrown)."""
    placed: list[tuple[float, float]] = []
    for _ in range(count):
        for _attempt in range(200):
            x = rng.uniform(-0.55, 0.55) * table.half_width
            y = rng.uniform(-0.5, 0.5) * table.half_depth
            if all(math.dist((x, y), p) > 1.6 for p in placed):
                break
        placed.append((x, y))
    pose = np.zeros((1, count, 7), dtype=np.float32)
    for i, (x, y) in enumerate(placed):
        yaw = rng.uniform(-math.pi, math.pi)
        pose[0, i] = (x, y, DIE_HALF, 0.0, 0.0, math.sin(yaw / 2), math.cos(yaw / 2))
    return Film(pose, 0.0, (4,) * count, (0.0,) * count, (False,) * count, (False,) * count, (None,) * count)
