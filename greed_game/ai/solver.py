"""The exact turn solver: the policy that maximizes the expected points banked in a turn.

State of a turn: ``n`` dice about to be thrown and the turn total ``t``. Throwing
gives each multiset of ``n`` dice with its multinomial probability; after a
scoring throw the player keeps an option and either banks or throws the dice
left (all of them again after hot dice). Points only grow within a turn, so the
values are computed for turn totals from a cap downwards. Above the cap the
optimal policy is to bank whenever allowed, whose value is linear in ``t``
(``alpha[n] * t + beta[n]``) and solved as a small fixed point; the cap is
raised until the policy just below it banks everywhere it may, which makes the
result exact.

Entry minimums are a threshold ``entry`` on the turn total below which banking
is not allowed; values above it equal the unconstrained ones, so each threshold
only needs the few levels below it.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Literal, Protocol

from greed_game.ai.progress import MAX_LEVELS, check_levels, report
from greed_game.rules import (
    RuleSet,
    dice_after,
    keeps_of,
    rescues,
    strict_carry,
    throw_bust_chance,
    turn_refusal,
)
from greed_game.rules.dice import Counts, multisets, size

# One candidate after a throw: points kept, dice to throw next, bank allowed after it.
Candidate = tuple[int, int, bool]


@dataclass(frozen=True)
class ThrowModel:
    """Outcomes of throwing ``n`` dice, grouped by the candidates they offer."""

    n: int
    groups: tuple[tuple[float, tuple[Candidate, ...]], ...]
    bust: float
    rescue: float


def outcome_probability(counts: Counts) -> float:
    """Probability that a throw of ``size(counts)`` fair dice shows exactly ``counts``."""
    n = size(counts)
    ways = math.factorial(n)
    for c in counts:
        ways //= math.factorial(c)
    return ways / 6.0**n


Keeps = Literal["best", "every"]
"""Which keeps a throw model offers: the most points for each number of dice left (enough to maximize the
points of a turn), or every distinct one (needed to maximize the chance of winning)."""


def candidates(
    rules: RuleSet, throw: Counts, *, strict: bool = False, keeps: Keeps = "best"
) -> tuple[Candidate, ...]:
    """The choices after ``throw`` that can be best: each distinct ``(points, dice next, may bank)``.

    ``keeps="best"`` keeps, for each number of dice left, only the keep with the most points. That is
    exact for the expected points of a turn, whose values never fall as the turn total rises, and wrong
    for the chance of winning: fewer points can win more often (banking just short of the target denies
    the others their final turns; a smaller bank is a smaller gift to a player who may take it over).
    Among keeps of equal points and dice left, one that allows a bank is never worse, under any aim.
    """
    n = size(throw)
    options = keeps_of(rules, throw, strict=strict)
    if not options:
        return ()
    best_points = options[0].points
    found: dict[tuple[int, int] | int, Candidate] = {}
    for o in options:
        nxt = dice_after(rules, n, o.size)
        bankable = turn_refusal(rules, True, nxt, o.points == best_points) is None
        key: tuple[int, int] | int = nxt if keeps == "best" else (o.points, nxt)
        cur = found.get(key)
        if cur is None or o.points > cur[0] or (o.points == cur[0] and bankable and not cur[2]):
            found[key] = (o.points, nxt, bankable)
    return tuple(sorted(found.values(), key=lambda c: (c[1], c[0])))


def throw_model(rules: RuleSet, n: int, *, strict: bool = False, keeps: Keeps = "best") -> ThrowModel:
    """Group every outcome of throwing ``n`` dice by its candidate set (see :func:`candidates`).

    The bust chance is the core's (:func:`greed_game.rules.throw_bust_chance`); the rest is grouped here.
    """
    groups: dict[tuple[Candidate, ...], float] = {}
    rescue = 0.0
    for counts in multisets(n):
        if size(counts) != n:
            continue
        p = outcome_probability(counts)
        cands = candidates(rules, counts, strict=strict, keeps=keeps)
        if cands:
            groups[cands] = groups.get(cands, 0.0) + p
        elif rescues(rules, counts):
            rescue += p
    bust = throw_bust_chance(rules, n, strict)
    return ThrowModel(n, tuple((p, c) for c, p in groups.items()), bust, rescue)


def points_step(rules: RuleSet) -> int:
    """The greatest common divisor of every combination's points: the grid of turn totals."""
    points = [c.points for c in rules.table.combos if c.points > 0]
    return reduce(math.gcd, points, 0) or 1


class Solution:
    """Exact values of a rule set's turn, and the decisions that achieve them."""

    def __init__(self, rules: RuleSet, *, cap: int | None = None) -> None:
        start = time.perf_counter()
        self.rules = rules
        self.step = points_step(rules)
        self.models = [throw_model(rules, n) for n in range(rules.dice + 1)]
        self.strict_models = [throw_model(rules, n, strict=True) for n in range(rules.dice + 1)]
        self.alpha, self.beta = self._tail()
        top = max(c.points for c in rules.table.combos)
        cap_points = cap if cap is not None else max(10_000, 3 * top)
        while True:
            self.levels = cap_points // self.step
            check_levels(self.levels)
            self.values = self._solve_levels()
            if cap is not None or self._tail_consistent():
                break
            cap_points *= 2
        self.cap = self.levels * self.step
        self._entry: dict[int, list[list[float]]] = {}
        self.seconds = time.perf_counter() - start
        self.cached = False
        """Whether the tables were read from the cache rather than solved now."""

    # -- the tail above the cap: bank whenever allowed -------------------------------------
    def _tail(self) -> tuple[list[float], list[float]]:
        dice = self.rules.dice
        alpha = [0.0] * (dice + 1)
        beta = [0.0] * (dice + 1)
        for _ in range(500):
            new_a = [0.0] * (dice + 1)
            new_b = [0.0] * (dice + 1)
            for n in range(1, dice + 1):
                m = self.models[n]
                a = m.rescue
                b = 0.0
                for p, cands in m.groups:
                    banks = [c[0] for c in cands if c[2]]
                    if banks:
                        a += p
                        b += p * max(banks)
                    else:
                        pts, nxt, _ = max(cands, key=lambda c: (alpha[c[1]], alpha[c[1]] * c[0] + beta[c[1]]))
                        a += p * alpha[nxt]
                        b += p * (alpha[nxt] * pts + beta[nxt])
                new_a[n], new_b[n] = a, b
            done = max(abs(x - y) for x, y in zip(new_a, alpha, strict=True)) < 1e-13 and max(
                abs(x - y) for x, y in zip(new_b, beta, strict=True)
            ) < 1e-9
            alpha, beta = new_a, new_b
            if done:
                break
        return alpha, beta

    def _tail_value(self, n: int, t: int) -> float:
        return self.alpha[n] * t + self.beta[n]

    # -- the levels below the cap ------------------------------------------------------------
    def _solve_levels(self) -> list[list[float]]:
        """``values[n][i]``: expected bank when about to throw ``n`` dice with total ``i * step``."""
        dice, step, levels = self.rules.dice, self.step, self.levels
        values = [[0.0] * (levels + 1) for _ in range(dice + 1)]
        # Each candidate carries a reference to the row of values it reads, to keep the loop lean.
        prepared = [
            [(p, tuple((pts // step, pts, values[nxt], nxt, bk) for pts, nxt, bk in cands)) for p, cands in m.groups]
            for m in self.models
        ]
        reach = max((c[0] for m in self.models for _, cands in m.groups for c in cands), default=0) // step
        for i in range(levels, -1, -1):
            if not i % 256:
                report("turn", 1 - i / (levels + 1))
            t = i * step
            interior = i + reach <= levels
            # Full dice first: a rescued pair (two dice) continues with all the dice at the same total.
            for n in range(dice, 0, -1):
                m = self.models[n]
                total = 0.0
                for p, cands in prepared[n]:
                    best = 0.0
                    for di, pts, row, nxt, bk in cands:
                        v = row[i + di] if interior or i + di <= levels else self._tail_value(nxt, t + pts)
                        if bk and t + pts > v:
                            v = t + pts
                        if v > best:
                            best = v
                    total += p * best
                if m.rescue:
                    if n == dice:
                        # The rescue returns to this very state: v = total + r * max(t, v).
                        v = total / (1.0 - m.rescue)
                        total = v if v > t else total + m.rescue * t
                    else:
                        total += m.rescue * max(t, values[dice][i])
                values[n][i] = total
        return values

    def _tail_consistent(self) -> bool:
        """Whether, near the cap, banking is chosen wherever it is allowed."""
        step, levels = self.step, self.levels
        low = max(0, levels - levels // 4)
        for i in range(low, levels + 1):
            t = i * step
            for n in range(1, self.rules.dice + 1):
                if self.throw_value(n, t) > t + 1e-9:
                    return False
        return True

    # -- queries ---------------------------------------------------------------------------------
    def throw_value(self, n: int, t: int, entry: int = 0) -> float:
        """Expected points banked this turn when about to throw ``n`` dice with total ``t``."""
        if entry > t:
            return self._entry_values(entry)[n][t // self.step]
        i = t // self.step
        if i <= self.levels and t % self.step == 0:
            return self.values[n][i]
        return self._throw_value_direct(n, t, entry)

    def _throw_value_direct(self, n: int, t: int, entry: int) -> float:
        if t > self.cap:
            return self._tail_value(n, t)
        m = self.models[n]
        total = m.rescue * self.after_keep_value(self.rules.dice, t, True, entry)
        for p, cands in m.groups:
            total += p * max(self.after_keep_value(nxt, t + pts, bk, entry) for pts, nxt, bk in cands)
        return total

    def after_keep_value(self, n: int, t: int, bankable: bool, entry: int = 0) -> float:
        """Value after a keep: bank (if allowed) or throw the ``n`` dice left."""
        v = self.throw_value(n, t, entry)
        if bankable and t >= entry and t > v:
            return float(t)
        return v

    def _entry_values(self, entry: int) -> list[list[float]]:
        """Throw values below an entry threshold (banking not yet allowed there)."""
        found = self._entry.get(entry)
        if found is not None:
            return found
        dice, step = self.rules.dice, self.step
        top = -(-entry // step)
        check_levels(top)
        values = [[0.0] * (top + 1) for _ in range(dice + 1)]
        for i in range(top, -1, -1):
            if not i % 256:
                report("entry", 1 - i / (top + 1))
            t = i * step
            for n in range(dice, 0, -1):
                if t >= entry:
                    values[n][i] = self.throw_value(n, t)
                    continue
                m = self.models[n]
                total = 0.0
                for p, cands in m.groups:
                    best = 0.0
                    for pts, nxt, bk in cands:
                        total_after = t + pts
                        if total_after >= entry:
                            v = self.throw_value(nxt, total_after)
                            if bk and total_after > v:
                                v = float(total_after)
                        else:
                            v = values[nxt][total_after // step]
                        if v > best:
                            best = v
                    total += p * best
                if m.rescue:
                    total += m.rescue * values[dice][i]
                values[n][i] = total
        # Stored only when whole: a cancelled solve must not leave a half-filled table behind.
        self._entry[entry] = values
        return values

    def carryover_value(self, dice: int, points: int, entry: int = 0) -> float:
        """Expected points of taking a carryover of ``dice`` dice and ``points`` points."""
        model = self.strict_models[dice] if strict_carry(self.rules) else self.models[dice]
        total = model.rescue * self.throw_value(self.rules.dice, points, entry)
        for p, cands in model.groups:
            total += p * max(self.after_keep_value(nxt, points + pts, bk, entry) for pts, nxt, bk in cands)
        return total

    @property
    def expected_turn_points(self) -> float:
        """Expected points of a turn from fresh dice, for a player already on the board."""
        return self.values[self.rules.dice][0]

    def bust_probability(self, n: int, *, strict: bool = False) -> float:
        """Probability that throwing ``n`` dice busts (a rescued pair is no bust): the core's figure."""
        return throw_bust_chance(self.rules, n, strict)

    def to_data(self) -> dict[str, object]:
        """What ``greed-game solve`` prints, apart from the rules id."""
        return {
            "expected_turn_points": round(self.expected_turn_points, 4),
            "bust_probability": {str(n): round(self.bust_probability(n), 6) for n in range(1, self.rules.dice + 1)},
            "seconds": round(self.seconds, 4),
            "cached": self.cached,
        }


class SolutionCache(Protocol):
    """Where solved tables are kept between runs (the caller's choice: the solver itself opens no file)."""

    def load(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""

    def store(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key`` (failures are the cache's own business)."""

    def reject(self, key: str) -> None:
        """The text under ``key`` failed the solver's checks: keep it aside (it is solved again and stored anew)."""


def solve(rules: RuleSet, *, cache: SolutionCache | None = None) -> Solution:
    """The solution of ``rules``, read from ``cache`` or computed now (and kept there).

    Nothing is remembered here: the program's solutions service keeps what it has found.
    """
    key = rules.content_key()
    solution: Solution | None = None
    if cache is not None:
        text = cache.load(key)
        solution = _load(rules, text) if text is not None else None
        if text is not None and solution is None:
            cache.reject(key)  # damaged: kept aside by the cache, and solved again below
    if solution is None:
        solution = Solution(rules)
        if cache is not None:
            cache.store(key, _dump(solution))
    return solution


def _load(rules: RuleSet, text: str) -> Solution | None:
    start = time.perf_counter()
    try:
        data = json.loads(text)
        if data.get("key") != rules.content_key() or data.get("version") != 2:
            return None
        solution = Solution.__new__(Solution)
        solution.rules = rules
        solution.step = int(data["step"])
        solution.levels = int(data["levels"])
        solution.cap = solution.levels * solution.step
        solution.alpha = [float(x) for x in data["alpha"]]
        solution.beta = [float(x) for x in data["beta"]]
        solution.values = [[float(x) for x in row] for row in data["values"]]
        if len(solution.values) != rules.dice + 1 or any(len(r) != solution.levels + 1 for r in solution.values):
            return None
        solution.models = [_model_from_data(m) for m in data["models"]]
        solution.strict_models = [_model_from_data(m) for m in data["strict_models"]]
        if len(solution.models) != rules.dice + 1 or len(solution.strict_models) != rules.dice + 1:
            return None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError):
        return None
    if _implausible(rules, solution) is not None:
        return None
    solution._entry = {}
    solution.cached = True
    solution.seconds = time.perf_counter() - start
    return solution


def _implausible(rules: RuleSet, solution: Solution) -> str | None:
    """Why tables read from a cache cannot be this rule set's solution (None: they can).

    A damaged or tampered file must not crash a solve (a step of 0 divides by zero) nor be believed (a value
    of 1e308 points): every figure is checked against what the rules allow before it is used.
    """
    dice = rules.dice
    top = max(c.points for c in rules.table.combos)
    bound = 100.0 * max(top, 1000)  # far above any turn's expected gain, far below an absurd figure
    if solution.step != points_step(rules):
        return "its grid step is not the rules' own"
    if not 1 <= solution.levels <= MAX_LEVELS:
        return "its number of turn totals is out of range"
    if len(solution.alpha) != dice + 1 or len(solution.beta) != dice + 1:
        return "its tail is of another number of dice"
    if not all(math.isfinite(a) and 0.0 <= a <= 1.0 + 1e-9 for a in solution.alpha):
        return "its tail's slopes are out of range"
    if not all(math.isfinite(b) and 0.0 <= b <= bound for b in solution.beta):
        return "its tail's values are out of range"
    step = solution.step
    for row in solution.values:
        for i, v in enumerate(row):
            if not (math.isfinite(v) and 0.0 <= v <= i * step + bound):
                return "a value is out of range"
    for models in (solution.models, solution.strict_models):
        for n, m in enumerate(models):
            total = m.bust + m.rescue + sum(p for p, _ in m.groups)
            if m.n != n or not (0.0 <= m.bust <= 1.0 and 0.0 <= m.rescue <= 1.0) or (n and abs(total - 1.0) > 1e-6):
                return "a throw's chances do not add up"
            for p, cands in m.groups:
                if not 0.0 < p <= 1.0 or not cands:
                    return "a throw's chances do not add up"
                if any(not (0 < pts <= top * 64 and 1 <= nxt <= dice) for pts, nxt, _ in cands):
                    return "a keep is out of range"
    return None


def _model_to_data(model: ThrowModel) -> list[object]:
    return [model.n, model.bust, model.rescue, [[p, [list(c) for c in cands]] for p, cands in model.groups]]


def _model_from_data(data: list[object]) -> ThrowModel:
    n, bust, rescue, groups = data
    if not isinstance(groups, list):
        raise TypeError("throw model groups")
    parsed = tuple(
        (float(p), tuple((int(c[0]), int(c[1]), bool(c[2])) for c in cands)) for p, cands in groups
    )
    return ThrowModel(int(n), parsed, float(bust), float(rescue))  # type: ignore[call-overload, arg-type]


def _dump(solution: Solution) -> str:
    data = {
        "version": 2,
        "key": solution.rules.content_key(),
        "step": solution.step,
        "levels": solution.levels,
        "alpha": solution.alpha,
        "beta": solution.beta,
        "values": [[round(v, 9) for v in row] for row in solution.values],
        # The throw models too: rebuilding them costs about half a solve.
        "models": [_model_to_data(m) for m in solution.models],
        "strict_models": [_model_to_data(m) for m in solution.strict_models],
    }
    return json.dumps(data, separators=(",", ":"))


__all__: Sequence[str] = [
    "Keeps", "Solution", "SolutionCache", "candidates", "outcome_probability", "solve", "throw_model"
]
