"""The dice on the felt as rigid bodies (pymunk), seen from above.

The physics only moves the dice: where they go, how they bounce off the rails
and each other, how high they fly. It never decides a value; the faces shown
come from the rules core (see :mod:`greed_game.app.dice_view`). Height is
simulated beside the 2-D world (a die in the air looks bigger and casts its
shadow further), so a die can jump the rail for a void throw.

Units are logical pixels and seconds; the world is stepped at a fixed rate.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pymunk

STEP = 1 / 120
"""The physics time step, seconds."""

GRAVITY = 1900.0
"""Downward acceleration of a die in the air, px/s²."""
FELT_FRICTION = 560.0
"""Deceleration of a die sliding on the felt, px/s²."""
SPIN_FRICTION = 7.0
"""Angular deceleration on the felt, rad/s²."""
BOUNCE = 0.36
"""Share of the vertical speed kept when a die lands."""

REST_SPACE = 1.08
"""A die's body is this much larger than its picture, so resting dice never touch."""
AIR_TIME = 0.36
"""About how long a thrown die flies before it slides on the felt, seconds."""


def launch_speed(distance: float) -> float:
    """The speed that carries a die about ``distance`` px: a flight, then a slide slowed by the felt.

    Solves ``distance = v * AIR_TIME + v**2 / (2 * FELT_FRICTION)`` for ``v``; the
    space's damping is left to the calibration factor, measured with
    ``benchmarks/bench_throw.py``.
    """
    a = FELT_FRICTION
    v = a * (-AIR_TIME + math.sqrt(AIR_TIME**2 + 2 * max(0.0, distance) / a))
    return v * LAUNCH_GAIN


LAUNCH_GAIN = 0.8
"""Measured with the benchmark: below 1 because the bounces and the damping also take speed; 0.8 rests
58% of the dice in the middle of the felt (the inner 60% by 60%) and 6% against a rail."""

_DIE = 1
_RAIL = 2
_DICE_CATEGORY = 0b01
_RAIL_CATEGORY = 0b10

ImpactHandler = Callable[[str, float], None]
"""Called with ``("hit" | "thud" | "felt", strength 0..1)`` when dice collide or land."""


@dataclass(eq=False)
class PhysDie:
    """One die in the world."""

    body: pymunk.Body
    shape: pymunk.Poly
    z: float = 0.0
    vz: float = 0.0
    jumper: bool = False
    """This die will jump the rail (a void throw)."""
    off: bool = False
    """The die has left the table and is falling to the floor."""
    gone: bool = False
    rolled: float = 0.0
    """Distance rolled on the felt since the last read (drives the tumbling faces)."""

    @property
    def pos(self) -> tuple[float, float]:
        """Centre of the die."""
        p = self.body.position
        return (p.x, p.y)

    @property
    def angle(self) -> float:
        """Rotation about the vertical axis, radians (clockwise on screen)."""
        return float(self.body.angle)

    @property
    def speed(self) -> float:
        """Speed over the felt, px/s."""
        return float(self.body.velocity.length)

    def take_rolled(self) -> float:
        """The distance rolled since the last call."""
        d, self.rolled = self.rolled, 0.0
        return d

    def others(self) -> list[tuple[float, float, float]]:
        """``(x, y, angle)`` of every other die in this die's world (to keep marks drawn beside it clear of
        them)."""
        space = self.body.space
        if space is None:
            return []
        return [
            (float(b.position.x), float(b.position.y), float(b.angle))
            for b in space.bodies
            if b is not self.body and any(shape.collision_type == _DIE for shape in b.shapes)
        ]


@dataclass
class Felt:
    """The playing area inside the rails."""

    x: float
    y: float
    w: float
    h: float
    rail: float = 26.0
    """Width of the rails around the felt."""

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inside(self, p: tuple[float, float], margin: float = 0.0) -> bool:
        """Whether ``p`` lies on the felt, ``margin`` inside its edge."""
        x, y = p
        return self.x + margin <= x <= self.x + self.w - margin and self.y + margin <= y <= self.y + self.h - margin

    def beyond_rails(self, p: tuple[float, float]) -> bool:
        """Whether ``p`` is outside the outer edge of the rails."""
        r = self.rail
        return not (self.x - r <= p[0] <= self.x + self.w + r and self.y - r <= p[1] <= self.y + self.h + r)


@dataclass
class Impacts:
    """Collision strengths gathered during steps, read and cleared by the view."""

    events: list[tuple[str, float]] = field(default_factory=list)

    def add(self, kind: str, strength: float) -> None:
        if strength > 0.04 and len(self.events) < 24:
            self.events.append((kind, min(1.0, strength)))

    def take(self) -> list[tuple[str, float]]:
        out, self.events = self.events, []
        return out


class DiceWorld:
    """The felt, its rails and the dice on it."""

    def __init__(self, felt: Felt, die_size: float) -> None:
        self.felt = felt
        self.size = die_size
        self.space = pymunk.Space()
        self.space.iterations = 12
        self.space.damping = 0.75
        self.dice: list[PhysDie] = []
        self.impacts = Impacts()
        self.time = 0.0
        self._add_rails()
        self.space.on_collision(_DIE, _DIE, post_solve=self._collided, data="hit")
        self.space.on_collision(_DIE, _RAIL, post_solve=self._collided, data="thud")

    def _add_rails(self) -> None:
        f = self.felt
        r = 8.0
        x0, y0, x1, y1 = f.x - r, f.y - r, f.x + f.w + r, f.y + f.h + r
        static = self.space.static_body
        for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
            seg = pymunk.Segment(static, a, b, r)
            seg.elasticity = 0.62
            seg.friction = 0.5
            seg.collision_type = _RAIL
            seg.filter = pymunk.ShapeFilter(categories=_RAIL_CATEGORY)
            self.space.add(seg)

    def _collided(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        if arbiter.is_first_contact:
            self.impacts.add(str(data), float(arbiter.total_impulse.length) / 650.0)

    # -- dice ---------------------------------------------------------------------

    def clear(self) -> None:
        """Take every die off the table."""
        for d in self.dice:
            if not d.gone:
                self.space.remove(d.body, d.shape)
        self.dice = []

    def _new_die(self, pos: tuple[float, float], angle: float) -> PhysDie:
        s = self.size
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (s, s)))
        body.position = pos
        body.angle = angle
        # A little larger than the drawn die: dice at rest always show a sliver of felt between them.
        shape = pymunk.Poly.create_box(body, (s * REST_SPACE, s * REST_SPACE), radius=s * 0.03)
        shape.elasticity = 0.5
        shape.friction = 0.45
        shape.collision_type = _DIE
        shape.filter = pymunk.ShapeFilter(categories=_DICE_CATEGORY, mask=_DICE_CATEGORY | _RAIL_CATEGORY)
        self.space.add(body, shape)
        die = PhysDie(body, shape)
        self.dice.append(die)
        return die

    def throw(
        self,
        count: int,
        origin: tuple[float, float],
        rng: random.Random,
        *,
        jumper: int | None = None,
        power: float = 1.0,
    ) -> list[PhysDie]:
        """Throw ``count`` new dice from ``origin`` (a point at the felt's edge) across the felt.

        ``jumper`` names a die that flies over the rail and off the table.
        """
        self.clear()
        self.time = 0.0
        s = self.size
        targets = self._rest_targets(count, rng)
        # The dice leave the thrower's hand together, aimed at the middle of where they are meant to land.
        mx = sum(t[0] for t in targets) / count
        my = sum(t[1] for t in targets) / count
        dx, dy = mx - origin[0], my - origin[1]
        norm = math.hypot(dx, dy) or 1.0
        dx, dy = dx / norm, dy / norm
        px, py = -dy, dx
        spacing = s * 1.18
        cols = min(3, count)
        dice: list[PhysDie] = []
        for i in range(count):
            row, col = divmod(i, 3)
            in_row = min(cols, count - row * 3)
            offset = (col - (in_row - 1) / 2) * spacing + rng.uniform(-3, 3)
            depth = s * 0.95 + row * spacing + rng.uniform(-3, 3)
            pos = (origin[0] + dx * depth + px * offset, origin[1] + dy * depth + py * offset)
            die = self._new_die(pos, rng.uniform(0, math.tau))
            tx, ty = targets[i]
            ux, uy = tx - pos[0], ty - pos[1]
            dist = math.hypot(ux, uy) or 1.0
            speed = launch_speed(dist) * rng.uniform(0.94, 1.06) * power
            die.body.velocity = (ux / dist * speed, uy / dist * speed)
            die.body.angular_velocity = rng.uniform(9, 22) * rng.choice((-1, 1))
            die.z = rng.uniform(28, 44)
            die.vz = rng.uniform(180, 300)
            dice.append(die)
        if jumper is not None and 0 <= jumper < count:
            self._make_jumper(dice[jumper], (dx, dy), rng)
        return dice

    def _rest_targets(self, count: int, rng: random.Random) -> list[tuple[float, float]]:
        """Where each die is aimed to come to rest: spread over the middle of the felt, apart from each other.

        Collisions on the way still move them about; the aim keeps a throw from
        piling up against the far rail.
        """
        f = self.felt
        s = self.size
        points: list[tuple[float, float]] = []
        for _ in range(count):
            for attempt in range(60):
                x = f.x + f.w * rng.uniform(0.2, 0.8)
                y = f.y + f.h * rng.uniform(0.22, 0.78)
                if all(math.hypot(x - a, y - b) > s * (1.9 if attempt < 40 else 1.3) for a, b in points):
                    break
            points.append((x, y))
        return points

    def _make_jumper(self, die: PhysDie, direction: tuple[float, float], rng: random.Random) -> None:
        die.jumper = True
        die.shape.filter = pymunk.ShapeFilter(categories=_DICE_CATEGORY, mask=0)
        turn = math.radians(rng.uniform(-25, 25))
        dx, dy = direction
        speed = rng.uniform(1250, 1450)
        die.body.velocity = ((dx * math.cos(turn) - dy * math.sin(turn)) * speed,
                             (dx * math.sin(turn) + dy * math.cos(turn)) * speed)
        die.vz = rng.uniform(560, 640)

    def place(self, positions: Sequence[tuple[float, float, float]]) -> list[PhysDie]:
        """Put dice at rest at ``(x, y, angle)`` (a resumed game)."""
        self.clear()
        return [self._new_die((x, y), a) for x, y, a in positions]

    def scatter(self, count: int, rng: random.Random) -> list[PhysDie]:
        """Dice lying at rest at random, non-overlapping places near the middle."""
        f = self.felt
        placed: list[tuple[float, float, float]] = []
        s = self.size
        for _ in range(count):
            for _attempt in range(200):
                x = f.x + f.w * rng.uniform(0.22, 0.78)
                y = f.y + f.h * rng.uniform(0.25, 0.75)
                if all(math.hypot(x - px, y - py) > s * 1.6 for px, py, _ in placed):
                    break
            placed.append((x, y, rng.uniform(0, math.tau)))
        return self.place(placed)

    # -- time ---------------------------------------------------------------------

    def step(self, dt: float = STEP) -> None:
        """Advance the world by ``dt`` seconds."""
        self.time += dt
        f = self.felt
        for d in self.dice:
            if d.gone:
                continue
            b = d.body
            if d.off:
                d.z -= 260 * dt
                b.velocity = b.velocity * 0.9
                if d.z < -70:
                    d.gone = True
                    self.space.remove(b, d.shape)
                continue
            if d.z > 0 or d.vz > 0:
                d.vz -= GRAVITY * dt
                d.z += d.vz * dt
                if d.z <= 0:
                    if d.jumper and f.beyond_rails(d.pos):
                        d.off = True
                        continue
                    d.z = 0.0
                    if d.vz < -90:
                        self.impacts.add("felt", -d.vz / 900)
                        d.vz = -d.vz * BOUNCE
                    else:
                        d.vz = 0.0
            elif d.jumper and f.beyond_rails(d.pos):
                d.off = True
                continue
            v = b.velocity
            speed = v.length
            if d.z <= 0:
                if speed > 0:
                    slow = FELT_FRICTION * dt
                    b.velocity = v * (max(0.0, speed - slow) / speed)
                w = b.angular_velocity
                spin_slow = SPIN_FRICTION * dt + abs(w) * 1.2 * dt
                b.angular_velocity = 0.0 if abs(w) <= spin_slow else w - math.copysign(spin_slow, w)
                d.rolled += speed * dt
        self.space.step(dt)
        # keep every die on the felt that is meant to stay there
        for d in self.dice:
            if d.gone or d.jumper:
                continue
            x, y = d.pos
            m = self.size * 0.45
            cx = min(max(x, f.x + m), f.x + f.w - m)
            cy = min(max(y, f.y + m), f.y + f.h - m)
            if (cx, cy) != (x, y):
                d.body.position = (cx, cy)

    @property
    def at_rest(self) -> bool:
        """Whether every die on the table lies still (dice that left the table are gone)."""
        for d in self.dice:
            if d.gone:
                continue
            if d.off or d.z > 0 or d.vz > 0:
                return False
            if d.speed > 3 or abs(d.body.angular_velocity) > 0.2:
                return False
        return True

    def stop(self) -> None:
        """Bring every die to rest at once (time cap or skip)."""
        for d in self.dice:
            if d.gone:
                continue
            if d.jumper and not d.gone:
                d.gone = True
                self.space.remove(d.body, d.shape)
                continue
            d.z = d.vz = 0.0
            d.body.velocity = (0, 0)
            d.body.angular_velocity = 0.0

    def lean_target(self, index: int) -> tuple[tuple[float, float], tuple[float, float], str]:
        """Where die ``index`` would lean: its new centre, the direction it tilts, and against what.

        The die moves against its nearest neighbour (``"die"``) or the nearest
        rail (``"rail"``), whichever is closer.
        """
        d = self.dice[index]
        x, y = d.pos
        s = self.size
        f = self.felt
        best: tuple[float, tuple[float, float], tuple[float, float], str] | None = None
        for i, other in enumerate(self.dice):
            if i == index or other.gone:
                continue
            ox, oy = other.pos
            dist = math.hypot(ox - x, oy - y) or 1.0
            ux, uy = (ox - x) / dist, (oy - y) / dist
            target = (ox - ux * s * 0.9, oy - uy * s * 0.9)
            if best is None or dist - s < best[0]:
                best = (dist - s, target, (ux, uy), "die")
        rails = (
            (x - f.x, (f.x + s * 0.42, y), (-1.0, 0.0)),
            (f.x + f.w - x, (f.x + f.w - s * 0.42, y), (1.0, 0.0)),
            (y - f.y, (x, f.y + s * 0.42), (0.0, -1.0)),
            (f.y + f.h - y, (x, f.y + f.h - s * 0.42), (0.0, 1.0)),
        )
        for gap, target, direction in rails:
            if best is None or gap - s / 2 < best[0]:
                best = (gap - s / 2, target, direction, "rail")
        assert best is not None
        return best[1], best[2], best[3]
