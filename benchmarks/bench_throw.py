"""Where thrown dice come to rest: spread over the felt, apart from each other, soon.

Throws many seeded throws of 1 to 6 dice from every seat position (the world
of the table, without a window) and prints, over all throws:

- the share of dice resting in the middle of the felt (the inner 60% of its
  width and of its height; that region is 36% of the felt), and the share
  against a rail (centre within 0.8 die of the felt's edge);
- the smallest gap between two resting dice, as a share of a die's side
  (target > 0: never overlapping, and enough for the number badges);
- the time until every die lies still (target: about 1.5 s, p90 under 2 s).

Figures, not assertions (tests/app/test_physics.py checks them loosely).
Run: python benchmarks/bench_throw.py [THROWS]
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from dataclasses import dataclass

from greed_game.app.physics import STEP, DiceWorld, Felt

THROW_SECONDS_CAP = 7.0


@dataclass
class Rest:
    """Figures of one throw."""

    positions: list[tuple[float, float]]
    seconds: float
    min_gap: float
    """Smallest gap between two dice at rest, in die sides (negative: overlapping)."""


def table_world() -> tuple[DiceWorld, Felt, float]:
    """The table's felt and die size at the logical 1280×720 layout."""
    from greed_game.app.scenes.table_parts import DIE, FELT, RAIL_W

    felt = Felt(FELT.x, FELT.y, FELT.w, FELT.h, RAIL_W)
    return DiceWorld(felt, DIE), felt, DIE


def origins(felt: Felt) -> list[tuple[float, float]]:
    """Throwing points: the edge of the felt in front of name plates of 1 to 8 seats."""
    out = []
    for i in range(1, 5):
        x = felt.x + felt.w * i / 5
        out += [(x, felt.y + felt.h - 4), (x, felt.y + 4)]
    return out


def gap(a: tuple[float, float, float], b: tuple[float, float, float], size: float) -> float:
    """Gap between two squares of side ``size`` at (x, y, angle), in sides; by the separating axis theorem."""
    def corners(d: tuple[float, float, float]) -> list[tuple[float, float]]:
        x, y, ang = d
        c, s = math.cos(ang), math.sin(ang)
        h = size / 2
        return [(x + c * dx - s * dy, y + s * dx + c * dy) for dx, dy in ((-h, -h), (h, -h), (h, h), (-h, h))]

    pa, pb = corners(a), corners(b)
    best = -math.inf
    for poly in (pa, pb):
        for i in range(4):
            x1, y1 = poly[i]
            x2, y2 = poly[(i + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            n = math.hypot(nx, ny)
            nx, ny = nx / n, ny / n
            a_proj = [px * nx + py * ny for px, py in pa]
            b_proj = [px * nx + py * ny for px, py in pb]
            best = max(best, max(min(b_proj) - max(a_proj), min(a_proj) - max(b_proj)))
    return best / size


def throw(world: DiceWorld, count: int, origin: tuple[float, float], rng: random.Random) -> Rest:
    """One throw, stepped until the dice lie still."""
    dice = world.throw(count, origin, rng)
    while not world.at_rest and world.time < THROW_SECONDS_CAP:
        world.step(STEP)
    seconds = world.time
    world.stop()
    poses = [(d.pos[0], d.pos[1], d.angle) for d in dice if not d.gone]
    gaps = [gap(a, b, world.size) for i, a in enumerate(poses) for b in poses[i + 1:]]
    return Rest([(x, y) for x, y, _ in poses], seconds, min(gaps, default=math.inf))


def figures(throws: int, seed: int = 1) -> dict[str, float]:
    """The benchmark's figures over ``throws`` seeded throws."""
    world, felt, size = table_world()
    rng = random.Random(seed)
    points = origins(felt)
    middle = rail = total = 0
    times: list[float] = []
    gaps: list[float] = []
    for i in range(throws):
        rest = throw(world, 1 + i % 6, points[i % len(points)], rng)
        times.append(rest.seconds)
        gaps.append(rest.min_gap)
        for x, y in rest.positions:
            total += 1
            u, v = (x - felt.x) / felt.w, (y - felt.y) / felt.h
            middle += 0.2 <= u <= 0.8 and 0.2 <= v <= 0.8
            edge = min(x - felt.x, felt.x + felt.w - x, y - felt.y, felt.y + felt.h - y)
            rail += edge < 0.8 * size
    times.sort()
    return {
        "dice": total,
        "middle": middle / total,
        "rail": rail / total,
        "min_gap": min(gaps),
        "overlapping_throws": sum(g < 0 for g in gaps) / throws,
        "mean_seconds": statistics.fmean(times),
        "p90_seconds": times[int(0.9 * (len(times) - 1))],
        "max_seconds": times[-1],
    }


def main() -> int:
    throws = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    f = figures(throws)
    print(f"{throws} throws, {f['dice']:.0f} dice")
    print(f"resting in the middle of the felt: {f['middle']:.0%} (the region is 36% of the felt)")
    print(f"resting against a rail: {f['rail']:.0%}")
    print(f"smallest gap between resting dice: {f['min_gap']:.2f} of a die (target > 0); "
          f"throws with overlapping dice: {f['overlapping_throws']:.1%}")
    print(f"time to rest: mean {f['mean_seconds']:.2f} s, p90 {f['p90_seconds']:.2f} s, "
          f"max {f['max_seconds']:.2f} s (target about 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
