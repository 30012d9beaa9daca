"""An independent reading of the RULES.md scoring table, for checking the engine's tables.

The combinations are written here by hand from the table in RULES.md ("Scoring
combinations (per preset)"), not read from the rules files, and the best split of a
keep is searched in a different way from the engine (the lowest die of what is left
must belong to some combination).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from greed_game.rules.dice import EMPTY, Counts, counts_of


def _standard(face: int) -> int:
    return 1000 if face == 1 else 100 * face


def rules_md_combinations(rules_id: str) -> list[tuple[Counts, int]]:
    """Every combination of a preset, written from the RULES.md table."""
    combos: list[tuple[list[int], int]] = [([1], 100), ([5], 50)]
    if rules_id in ("pass-the-dice", "farkel-family", "official"):
        # Standard triples, doubling: four = 2x, five = 4x, six = 8x.
        for face in range(1, 7):
            for n in (3, 4, 5, 6):
                combos.append(([face] * n, _standard(face) * 2 ** (n - 3)))
    if rules_id == "classic-five":
        combos += [([face] * 3, _standard(face)) for face in range(1, 7)]
    if rules_id == "pass-the-dice":
        combos += [([1, 2, 3, 4, 5], 1000), ([2, 3, 4, 5, 6], 1000), ([1, 2, 3, 4, 5, 6], 2000)]
    if rules_id == "dollar-greed":
        combos += [([6] * 3, 600), ([5] * 3, 500), ([4] * 3, 400), ([2] * 3, 300), ([3] * 3, 300)]
        combos += [([1] * 4, 1000), ([1, 2, 3, 4, 5, 6], 1000)]
        combos += [([face] * 6, 5000) for face in range(1, 7)]
    if rules_id == "farkel-family":
        combos.append(([1, 2, 3, 4, 5, 6], 1000))
        # "All doubles": six dice as three pairs, a four of a kind plus a pair included.
        for a in range(1, 7):
            for b in range(a, 7):
                for c in range(b, 7):
                    combos.append(([a, a, b, b, c, c], 1000))
    if rules_id == "official":
        combos += [([1, 2, 3, 4], 750), ([2, 3, 4, 5], 750), ([1, 2, 3, 4, 5], 1500), ([2, 3, 4, 5, 6], 1500)]
    return [(counts_of(dice), points) for dice, points in combos]


@cache
def _oracle(rules_id: str) -> Callable[[Counts], int | None]:
    combos = rules_md_combinations(rules_id)

    @cache
    def points(keep: Counts) -> int | None:
        if keep == EMPTY:
            return 0
        low = next(i for i, n in enumerate(keep) if n)
        top: int | None = None
        for combo, value in combos:
            if combo[low] and all(k >= c for k, c in zip(keep, combo, strict=True)):
                rest = points(counts_of(f for f in range(1, 7) for _ in range(keep[f - 1] - combo[f - 1])))
                if rest is not None and (top is None or rest + value > top):
                    top = rest + value
        return top

    return points


def oracle_points(rules_id: str, keep: Counts) -> int | None:
    """The points of keeping exactly ``keep`` under RULES.md, or None when it is no valid keep."""
    return None if keep == EMPTY else _oracle(rules_id)(keep)
