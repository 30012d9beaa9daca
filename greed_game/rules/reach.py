"""What one turn can make: the most points and the chance of making a total, asked of plain values.

A player gets on the board with one turn's total, and where the entry minimum
is above the target that one turn also ends the game. So whether a game under
a rule set can end comes down to whether a turn can make the entry minimum, and
how often. The rules file's parser asks these before a rule set exists, so they
take a scoring table and the few turn rules that matter, never a rule set.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache, reduce

from greed_game.rules.dice import Counts, multisets, size
from greed_game.rules.scoring import Scoring, table_for

ENTRY_ODDS = 1_000
"""An entry minimum must be made at least once in this many turns played for it, or a game could run past
its record's 25,000 events with no one on the board."""
GRID = 400
"""The most steps of points the chance is counted in; coarser totals are rounded up, which only raises it."""

Moves = tuple[tuple[int, int], ...]
"""A throw's ways on: (points, dice thrown next), the most points for each number of dice next."""


def rescued(doubles_rescue: bool, throw: Counts) -> bool:
    """Whether a throw that scores nothing is rescued: a pair of two dice, thrown on with all the dice."""
    return doubles_rescue and max(throw) == 2 and size(throw) == 2


@dataclass(frozen=True)
class Turn:
    """The turn rules that decide what one turn can make: every other rule only takes chances away."""

    scoring: Scoring
    dice: int
    doubles_rescue: bool


@lru_cache(maxsize=64)
def _throws(turn: Turn) -> tuple[tuple[tuple[float, Moves], ...], ...]:
    """For each number of dice thrown, every throw's chance and its ways on (hot dice bring all the dice)."""
    table = table_for(turn.scoring)
    out: list[tuple[tuple[float, Moves], ...]] = [()]
    for n in range(1, turn.dice + 1):
        row = []
        for throw in multisets(n):
            if size(throw) != n:
                continue
            ways = math.factorial(n)
            for c in throw:
                ways //= math.factorial(c)
            best: dict[int, int] = {}
            for option in table.options(throw):
                after = n - option.size or turn.dice
                best[after] = max(best.get(after, 0), option.points)
            if not best and rescued(turn.doubles_rescue, throw):
                best[turn.dice] = 0
            row.append((ways / 6**n, tuple(sorted(best.items(), key=lambda m: m[0]))))
        out.append(tuple(row))
    return tuple(out)


def most_points(turn: Turn) -> float:
    """The most points one turn can make: ``math.inf`` when the dice can come back with points on the way.

    A longest path over the numbers of dice thrown (at most six), each step the best keep of a throw; a cycle
    that gains points is found the Bellman-Ford way, by a path still growing after one step per number of dice.
    """
    gain: dict[tuple[int, int], int] = {}
    for n, row in enumerate(_throws(turn)):
        for _, moves in row:
            for after, points in moves:
                gain[n, after] = max(gain.get((n, after), 0), points)
    best: dict[int, float] = {turn.dice: 0.0}
    for _ in range(turn.dice + 1):
        grew = False
        for (n, after), points in gain.items():
            if n in best and best[n] + points > best.get(after, -1.0):
                best[after] = best[n] + points
                grew = True
        if not grew:
            return max(best.values())
    return math.inf


def step_of(scoring: Scoring) -> int:
    """The greatest common divisor of every combination's points: every turn total is a multiple of it."""
    return reduce(math.gcd, (c.points for c in table_for(scoring).combos if c.points > 0), 0) or 1


def chances(turn: Turn, need: int, *, stop_below: float = 0.0) -> tuple[int, list[float]]:
    """The chance that one turn played for it makes each total up to ``need``, on a grid of at most
    :data:`GRID` steps: ``(unit, chance)``, ``chance[u]`` for a total of ``u * unit`` points.

    Every keep's points are rounded up to the grid, so each figure is the exact chance when ``unit`` is the
    rules' own step and otherwise an upper bound. The player is counted as banking as soon as the total is
    made (rules that forbid it, such as mandatory hot dice, only lower the chance). The count stops at the
    first total whose chance is below ``stop_below``: every larger total is harder still.
    """
    unit = max(step_of(turn.scoring), -(-need // GRID))
    levels = -(-need // unit)
    throws = _throws(turn)
    rounded = [[(p, tuple((after, -(-points // unit)) for after, points in moves)) for p, moves in row]
               for row in throws]
    standstill = any(points == 0 for row in rounded for _, moves in row for _, points in moves)
    made: list[list[float]] = [[1.0] * (turn.dice + 1)]
    out = [1.0]
    for u in range(1, levels + 1):
        here = [0.0] * (turn.dice + 1)
        # A keep worth nothing (or a rescue) leaves the total where it was: this level's own values are then
        # worked out by going round until they settle (every throw can bust, so they do).
        for _ in range(10_000 if standstill else 1):
            moved = 0.0
            for n in range(1, turn.dice + 1):
                total = 0.0
                for p, moves in rounded[n]:
                    top = 0.0
                    for after, points in moves:
                        value = 1.0 if points >= u else (made[u - points][after] if points else here[after])
                        top = max(top, value)
                    total += p * top
                moved = max(moved, abs(total - here[n]))
                here[n] = total
            if moved < 1e-15:
                break
        made.append(here)
        out.append(here[turn.dice])
        if here[turn.dice] < stop_below:
            break
    return unit, out


@lru_cache(maxsize=256)
def entry_within_reach(turn: Turn, entry: int) -> int | None:
    """None when one turn makes ``entry`` points at least once in :data:`ENTRY_ODDS` turns played for it;
    otherwise the highest entry minimum below it that does.

    This is what decides whether a game can end by its entry minimum: a game is over only once a player is on
    the board, and that takes one turn's total of at least the entry minimum. Past what the dice allow (a turn
    that can never make it), or past these odds, no one may ever get on the board; above the target, the turn
    that gets on also ends the game, so how high the entry minimum stands above the target changes nothing
    else. The odds are counted exactly on the rules' own step of points when the minimum is at most
    :data:`GRID` steps, and otherwise rounded in the player's favour, so no minimum within the odds is refused.
    """
    floor = 1 / ENTRY_ODDS
    most = most_points(turn)
    asked = entry
    while entry > 0:
        unit, made = chances(turn, entry, stop_below=floor)
        if most >= entry and len(made) - 1 == -(-entry // unit) and made[-1] >= floor:
            return None if entry == asked else entry
        # The highest total still within the odds on this grid; a finer grid (a lower entry) may lower it again.
        ok = max(u for u, chance in enumerate(made) if chance >= floor) * unit
        entry = int(min(ok, most, entry - 1))
    return None if asked <= 0 else 0


__all__ = ["ENTRY_ODDS", "GRID", "Turn", "chances", "entry_within_reach", "most_points", "rescued", "step_of"]
