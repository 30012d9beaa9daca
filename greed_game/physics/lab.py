"""The throw laboratory: many throws simulated headless and summed up (``greed-game throws``).

It answers what a player would ask of real dice on a real table: does every
face come up as often, how often is a throw void and why, how long do the
dice take to rest, and where on the felt do they end.
"""

from __future__ import annotations

import math
import random
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import numpy as np

from greed_game.physics.faces import LAYOUTS
from greed_game.physics.table import TABLE, Table
from greed_game.physics.throw import THROWING, Film, throw_until

SHOP_DIE = LAYOUTS[0]
"""The layout the laboratory reads faces with: one fixed die, as if the dice were never relabelled."""


def chi_square_p(counts: list[int]) -> float:
    """The chance that six fair faces spread at least this unevenly (Pearson's test, five degrees of freedom)."""
    total = sum(counts)
    if total == 0:
        return 1.0
    expected = total / len(counts)
    x = sum((c - expected) ** 2 / expected for c in counts)
    # The survival function of the chi-square distribution with five degrees of freedom, in closed form.
    return float(min(1.0, math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)))


def _engine() -> str:
    try:
        return f"rapier3d {version('rapier3d')}"
    except PackageNotFoundError:
        return "rapier3d"


def run(dice: int, count: int, seed: int, voids: str, table: Table = TABLE) -> dict[str, Any]:
    """Throw ``dice`` dice ``count`` times under the void setting ``voids``; the same seed gives the same result."""
    if voids not in THROWING:
        raise ValueError(f"--voids is one of {', '.join(THROWING)}, not {voids!r}")
    rng = random.Random(seed)
    throwing = THROWING[voids]
    faces = [0] * 6
    void = {"cocked": 0, "off_felt": 0}
    thrown_again = 0
    rests: list[float] = []
    middle = rail = resting = 0
    smallest = math.inf
    for _ in range(count):
        side = rng.choice((-1, 1))
        flick = throwing.flick(side, rng.uniform(-table.half_width + 2, table.half_width - 2), rng, dice)
        film, tries = throw_until(dice, flick, rng, clean=voids == "off", throwing=throwing, table=table)
        thrown_again += tries - 1
        rests.append(film.rest_seconds)
        reason = film.void
        if reason is not None:
            void["off_felt" if reason[0] == "off-felt" else "cocked"] += 1
            continue
        for face in film.faces:
            faces[SHOP_DIE[face] - 1] += 1
        m, r, gap = _where(film, table)
        middle, rail, resting = middle + m, rail + r, resting + dice
        smallest = min(smallest, gap)
    return {
        "engine": _engine(),
        "dice": dice,
        "count": count,
        "seed": seed,
        "voids": voids,
        "faces": {str(v): faces[v - 1] for v in range(1, 7)},
        "chi_square_p": round(chi_square_p(faces), 4),
        "void_throws": void,
        "thrown_again": thrown_again,
        "rest_seconds": {
            "mean": round(float(np.mean(rests)), 3),
            "p90": round(float(np.percentile(rests, 90)), 3),
            "max": round(max(rests), 3),
        },
        "middle_share": round(middle / resting, 3) if resting else 0.0,
        "rail_share": round(rail / resting, 3) if resting else 0.0,
        "smallest_gap": round(smallest, 3) if smallest != math.inf else None,
    }


def _where(film: Film, table: Table) -> tuple[int, int, float]:
    """Dice resting in the felt's middle (the inner 60% each way), dice against a rail, and the smallest gap.

    A gap is measured between the centres less one die's width: 0 is two dice
    touching face to face (turned dice can come a little closer).
    """
    final = film.final()
    middle = rail = 0
    gap = math.inf
    for i in range(final.shape[0]):
        x, y = float(final[i, 0]), float(final[i, 1])
        middle += abs(x) <= 0.6 * table.half_width and abs(y) <= 0.6 * table.half_depth
        rail += table.rail_gap(x, y) < 0.75
        for j in range(i + 1, final.shape[0]):
            gap = min(gap, math.dist((x, y), (float(final[j, 0]), float(final[j, 1]))) - 1.0)
    return middle, rail, gap
