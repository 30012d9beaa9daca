"""Scoring combinations and the per-rule-set tables answered from them.

A rule set names its combinations (singles, n of a kind, fixed sets such as
straights, a number of pairs). A *keep* is valid when its dice can be split
into combinations using every die; its points are those of the best split.
:class:`ScoringTable` precomputes, for all 924 multisets of at most six dice,
the best split and every valid keep, so play never searches at run time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from greed_game.rules.dice import (
    EMPTY,
    FACES,
    Counts,
    contains,
    counts_of,
    dice_of,
    multisets,
    size,
    sub,
    submultisets,
)

KeepFault = Literal["empty", "not-thrown", "loose"]

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class SetCombo:
    """A fixed multiset of faces that scores as one combination (a straight, $GREED)."""

    name: str
    faces: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class PairsRule:
    """``count`` pairs thrown together score ``points`` ("all doubles", three pairs)."""

    count: int
    points: int
    four_of_a_kind_counts_as_two: bool


@dataclass(frozen=True)
class Scoring:
    """The scoring part of a rule set, as written in its rules file.

    ``of_a_kind`` holds explicit entries ``(count, face, points)`` for three or
    more of a kind; ``more_of_a_kind`` says how four, five and six of a kind are
    derived from the triples where no explicit entry exists.
    """

    singles: tuple[tuple[int, int], ...]
    of_a_kind: tuple[tuple[int, int, int], ...]
    more_of_a_kind: str
    sets: tuple[SetCombo, ...]
    pairs: PairsRule | None

    def kind_points(self) -> dict[tuple[int, int], int]:
        """Return the points of every n-of-a-kind, ``(count, face) -> points``."""
        table = {(n, f): p for n, f, p in self.of_a_kind}
        if self.more_of_a_kind == "doubling":
            for face in FACES:
                triple = table.get((3, face))
                if triple is None:
                    continue
                for n in (4, 5, 6):
                    table.setdefault((n, face), triple * 2 ** (n - 3))
        return table


@dataclass(frozen=True)
class Combo:
    """One scoring combination: the dice it uses and what it is worth."""

    name: str
    counts: Counts
    points: int

    @property
    def dice(self) -> tuple[int, ...]:
        """The faces of the combination in ascending order."""
        return dice_of(self.counts)


@dataclass(frozen=True)
class Option:
    """A valid keep from a throw: the dice set aside and the points they score."""

    counts: Counts
    points: int

    @property
    def dice(self) -> tuple[int, ...]:
        """The kept faces in ascending order."""
        return dice_of(self.counts)

    @property
    def size(self) -> int:
        """How many dice the keep sets aside."""
        return size(self.counts)

    def __repr__(self) -> str:
        return f"Option(keep={list(self.dice)}, points={self.points})"


def _plural(face: int) -> str:
    return f"{face}s"


def combos_of(scoring: Scoring) -> tuple[Combo, ...]:
    """Expand a :class:`Scoring` into every concrete combination it allows."""
    out: list[Combo] = []
    for face, points in scoring.singles:
        out.append(Combo(f"single {face}", counts_of([face]), points))
    for (n, face), points in sorted(scoring.kind_points().items()):
        out.append(Combo(f"{_NUMBER_WORDS[n]} {_plural(face)}", counts_of([face] * n), points))
    for s in scoring.sets:
        out.append(Combo(s.name, counts_of(s.faces), s.points))
    if scoring.pairs is not None:
        rule = scoring.pairs
        for c in multisets(2 * rule.count):
            if size(c) != 2 * rule.count or any(n % 2 for n in c):
                continue
            if not rule.four_of_a_kind_counts_as_two and any(n > 2 for n in c):
                continue
            out.append(Combo(f"{_NUMBER_WORDS.get(rule.count, str(rule.count))} pairs", c, rule.points))
    return tuple(out)


class ScoringTable:
    """Best splits and valid keeps for every multiset of at most six dice."""

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.combos = combos_of(scoring)
        best: dict[Counts, tuple[int, tuple[Combo, ...]]] = {EMPTY: (0, ())}
        # Smallest multisets first, so every remainder is already decided.
        for c in multisets():
            if c == EMPTY:
                continue
            top: tuple[int, tuple[Combo, ...]] | None = None
            for combo in self.combos:
                if not contains(c, combo.counts):
                    continue
                rest = best.get(sub(c, combo.counts))
                if rest is None:
                    continue
                points = combo.points + rest[0]
                if top is None or points > top[0]:
                    top = (points, (combo, *rest[1]))
            if top is not None:
                best[c] = top
        self._best = best
        options: dict[Counts, tuple[Option, ...]] = {}
        for c in multisets():
            found = [Option(k, best[k][0]) for k in submultisets(c) if k != EMPTY and k in best]
            found.sort(key=lambda o: (-o.points, o.size, o.dice))
            options[c] = tuple(found)
        self._options = options

    def points(self, counts: Counts) -> int | None:
        """Points of keeping exactly ``counts``, or None when it is not a valid keep."""
        if counts == EMPTY:
            return None
        entry = self._best.get(counts)
        return None if entry is None else entry[0]

    def breakdown(self, counts: Counts) -> tuple[Combo, ...] | None:
        """The combinations of the best split of ``counts``, or None if there is none."""
        entry = self._best.get(counts)
        return None if entry is None or counts == EMPTY else entry[1]

    def options(self, throw: Counts) -> tuple[Option, ...]:
        """Every distinct valid keep from ``throw``, best first."""
        return self._options[throw]

    def is_bust(self, throw: Counts) -> bool:
        """Whether ``throw`` holds no scoring die at all."""
        return not self._options[throw]

    def best(self, throw: Counts) -> Option | None:
        """The highest-scoring keep (most dice among equals), or None on a bust."""
        opts = self._options[throw]
        if not opts:
            return None
        top = opts[0].points
        return max((o for o in opts if o.points == top), key=lambda o: o.size)

    def scoring_faces(self, throw: Counts) -> Counts:
        """How many dice of each face in ``throw`` can belong to some valid keep."""
        most = [0] * 6
        for o in self._options[throw]:
            for i, n in enumerate(o.counts):
                most[i] = max(most[i], n)
        return (most[0], most[1], most[2], most[3], most[4], most[5])

    def fault(self, throw: Counts, keep: Counts) -> tuple[KeepFault, tuple[int, ...]] | None:
        """What is wrong with keeping ``keep`` from ``throw``, and the dice at fault; None if it is valid.

        ``empty``: nothing selected; ``not-thrown``: dice the throw does not hold;
        ``loose``: dice that score with nothing else of the selection.
        """
        if keep == EMPTY:
            return "empty", ()
        if not contains(throw, keep):
            extra = sub(keep, tuple(min(a, b) for a, b in zip(keep, throw, strict=False)))  # type: ignore[arg-type]
            return "not-thrown", dice_of(extra)
        if keep in self._best:
            return None
        # Find the largest valid part; what is left over scores nothing with it.
        parts = [k for k in submultisets(keep) if k in self._best and k != EMPTY]
        if parts:
            biggest = max(parts, key=lambda k: (size(k), self._best[k][0]))
            return "loose", dice_of(sub(keep, biggest))
        return "loose", dice_of(keep)

    def why_not(self, throw: Counts, keep: Counts) -> str | None:
        """Explain in plain digits why ``keep`` is not a valid keep from ``throw``; None if it is."""
        found = self.fault(throw, keep)
        if found is None:
            return None
        kind, dice = found
        words = " ".join(map(str, dice))
        if kind == "empty":
            return "select at least one scoring die"
        if kind == "not-thrown":
            return f"{words} {'was' if len(dice) == 1 else 'were'} not thrown"
        return f"{words} {'does' if len(dice) == 1 else 'do'} not score in this selection"


@lru_cache(maxsize=64)
def table_for(scoring: Scoring) -> ScoringTable:
    """The (cached) scoring table of a scoring specification."""
    return ScoringTable(scoring)
