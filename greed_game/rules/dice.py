"""Dice as counts: the representation every scoring question is asked in.

A throw of up to six dice is a multiset of faces. Inside the core it is a tuple
of six counts, ``counts[f - 1]`` being how many dice show face ``f``; there are
only 924 such multisets of at most six dice (923 without the empty one), so
every answer about them can come from a table built once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations_with_replacement, product

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
MAX_DICE = 6

Counts = tuple[int, int, int, int, int, int]
EMPTY: Counts = (0, 0, 0, 0, 0, 0)


def counts_of(dice: Iterable[int]) -> Counts:
    """Return the counts of a sequence of faces; faces must lie in 1..6."""
    c = [0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def dice_of(counts: Counts) -> tuple[int, ...]:
    """Return the faces of ``counts`` in ascending order."""
    out: list[int] = []
    for face, n in enumerate(counts, start=1):
        out.extend([face] * n)
    return tuple(out)


def size(counts: Counts) -> int:
    """Return how many dice ``counts`` holds."""
    return sum(counts)


def sub(a: Counts, b: Counts) -> Counts:
    """Return ``a`` minus ``b``; ``b`` must be contained in ``a``."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def contains(a: Counts, b: Counts) -> bool:
    """Return whether multiset ``b`` is contained in ``a``."""
    return all(x >= y for x, y in zip(a, b, strict=True))


def submultisets(counts: Counts) -> Iterator[Counts]:
    """Yield every sub-multiset of ``counts``, the empty one first."""
    for combo in product(*(range(n + 1) for n in counts)):
        yield (combo[0], combo[1], combo[2], combo[3], combo[4], combo[5])


@cache
def multisets(max_dice: int = MAX_DICE) -> tuple[Counts, ...]:
    """Return every multiset of at most ``max_dice`` dice, smallest first (924 for six dice)."""
    out = [counts_of(faces) for n in range(max_dice + 1) for faces in combinations_with_replacement(FACES, n)]
    out.sort(key=lambda c: (size(c), c))
    return tuple(out)


def format_dice(dice: Iterable[int]) -> str:
    """Return faces as a short readable string, e.g. ``"1 1 5"``."""
    return " ".join(str(d) for d in dice)
