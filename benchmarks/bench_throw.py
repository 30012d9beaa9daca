"""The throw: CPU time to simulate six dice to rest, how long they take to rest, where they end, how often void.

Prints, for seeded throws from every seat position under each void setting:

- CPU milliseconds to simulate one six-dice throw to rest (target: at most
  10 ms on a 2-core machine), beside a baseline measured in the same run: a
  minimal rapier3d program dropping one cube onto a plane until it sleeps;
- the time until every die lies still (target: p90 at most 2 s);
- the share of dice resting in the middle of the felt and against a rail,
  and the smallest gap between two resting dice;
- how often a throw is void under "rare" and "realistic", and why.

Figures, not assertions. Run: python benchmarks/bench_throw.py [THROWS]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import rapier3d as rp

from greed_game.physics import THROWING, simulate
from greed_game.physics.lab import run


def baseline_ms(repeats: int = 200) -> float:
    """CPU ms of a minimal rapier3d program: one cube dropped on a plane, stepped until it sleeps."""
    start = time.process_time()
    for _ in range(repeats):
        world = rp.PhysicsWorld(gravity=(0.0, 0.0, -9.81))
        world.add_body(rp.RigidBody.fixed(), [rp.Collider.cuboid(10.0, 10.0, 0.5).translation((0.0, 0.0, -0.5))])
        cube = world.add_body(rp.RigidBody.dynamic().translation((0.0, 0.0, 2.0)), [rp.Collider.cuboid(0.5, 0.5, 0.5)])
        for _ in range(600):
            world.step()
            if world.rigid_bodies[cube].is_sleeping:
                break
    return (time.process_time() - start) / repeats * 1000


def throw_ms(throws: int) -> list[float]:
    """CPU ms of each of ``throws`` six-dice throws simulated to rest."""
    rng = random.Random(7)
    hand = THROWING["realistic"]
    times = []
    for _ in range(throws):
        flick = hand.flick(rng.choice((-1, 1)), rng.uniform(-5, 5), rng)
        start = time.process_time()
        simulate(6, flick, rng, throwing=hand)
        times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    throws = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    base = baseline_ms()
    times = sorted(throw_ms(min(throws, 500)))
    p90 = times[int(len(times) * 0.9)]
    print(f"six dice to rest: {statistics.mean(times):.2f} ms CPU mean, p90 {p90:.2f} ms (target at most 10 ms)")
    print(f"baseline, one cube dropped until it sleeps: {base:.2f} ms CPU (ratio {statistics.mean(times) / base:.1f}x)")
    for voids in ("rare", "realistic"):
        figures = run(6, throws, 11, voids)
        void = figures["void_throws"]
        rate = (void["cocked"] + void["off_felt"]) / throws
        rest = figures["rest_seconds"]
        print(f"{voids}: void {rate:.1%} of throws (cocked {void['cocked']}, off the felt {void['off_felt']}); "
              f"rest mean {rest['mean']} s, p90 {rest['p90']} s (target at most 2 s), max {rest['max']} s; "
              f"middle {figures['middle_share']:.0%}, against a rail {figures['rail_share']:.0%}, "
              f"smallest gap {figures['smallest_gap']} die; faces chi-square p {figures['chi_square_p']}")


if __name__ == "__main__":
    main()
