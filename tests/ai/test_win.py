"""The exact win solver against a plainly written brute force, and the properties a win chance must have.

The brute force knows the rules only through the scoring table: it throws
every ordered sequence of dice (6**n of them, each with probability 6**-n),
tries every valid keep, and follows the game's rules for banking, hot dice,
entry minimums, carryovers and the final turn by plain memoized recursion over
turn totals in points. It does not solve the whole game again (that takes
minutes in pure Python); it checks that the solver's tables are a fixed point
of the game's equations: every turn-start value and every carryover value
must come out of one honest turn played on top of them. Turn starts are linked
in one direction (banks raise the sum of the scores) and, at one sum, through
busts that pass a fraction below one of the value on, so those equations have
exactly one solution, and agreeing with them proves the tables exact.
"""

from __future__ import annotations

import itertools
import random
import sys
from functools import cache
from typing import Any

import numpy as np
import pytest

from greed_game.ai.optimal import Optimal
from greed_game.ai.players import Context
from greed_game.ai.progress import TooHard
from greed_game.ai.simulate import play_game, simulate, wilson
from greed_game.ai.win import WinSolution, solve_win
from greed_game.presets import preset
from greed_game.rules import RuleSet
from greed_game.rules.dice import counts_of
from greed_game.solutions import Solutions

# (preset, overrides, lead cap in points): small targets so the brute force stays fast.
CASES: list[tuple[str, dict[str, Any], int | None]] = [
    ("classic-five", {"target": 300}, 150),
    ("pass-the-dice", {"target": 200, "entry_minimum": 100}, 100),
    ("dollar-greed", {"target": 200, "entry_minimum": 100}, 100),
    ("farkel-family", {"target": 200}, 100),
    ("official", {"target": 250, "entry_minimum": 100}, 150),
    # House rules no preset has: a strict carryover with must-top, score to beat without carryovers.
    ("pass-the-dice", {"target": 200, "entry_minimum": 100, "end": "must-top", "carryover": "strict"}, 100),
    ("classic-five", {"target": 250, "end": "score-to-beat"}, 150),
    ("classic-five", {"target": 250, "entry_minimum": 100, "carryover": "free", "entry_counts_carried": False}, 150),
    # A lead cap far enough past the target that a smaller bank (which leaves the other
    # a shorter way to catch up, and a smaller carryover) can win more often than a bigger one.
    ("pass-the-dice", {"target": 200, "entry_minimum": 100}, 600),
]


@cache
def ordered_throws(n: int) -> tuple[tuple[int, ...], ...]:
    """Every ordered sequence of ``n`` dice."""
    return tuple(itertools.product(range(1, 7), repeat=n))


class Brute:
    """One honest turn of the two-player game in points, on top of the solver's turn-start values."""

    def __init__(self, rules: RuleSet, win: WinSolution) -> None:
        self.rules = rules
        self.win = win
        self.step = win.step
        self.target = rules.target
        self.entry = rules.entry_minimum
        self.cap = win.D * win.step
        self.dice = rules.dice
        self.carry = rules.carryover != "none"
        self.tie = rules.end == "one-more-turn"
        # For each ordered throw: its keeps, as indices into a list of (points, dice next, may bank) per n.
        self.throws: dict[tuple[int, bool], tuple[list[tuple[int, int, bool]], np.ndarray, np.ndarray, np.ndarray]] = {}
        for n in range(1, self.dice + 1):
            for strict in (False, True) if rules.carryover == "strict" else (False,):
                kinds: dict[tuple[int, int, bool], int] = {}
                rows = []
                for seq in ordered_throws(n):
                    keeps = self._keeps(seq, strict)
                    rows.append(keeps if isinstance(keeps, str) else [kinds.setdefault(k, len(kinds)) for k in keeps])
                width = max((len(r) for r in rows if not isinstance(r, str)), default=1)
                table = np.full((len(rows), width), len(kinds), dtype=np.int64)
                for i, r in enumerate(rows):
                    if not isinstance(r, str):
                        table[i, : len(r)] = r
                busts = np.array([r == "bust" for r in rows])
                rescues = np.array([r == "rescue" for r in rows])
                self.throws[(n, strict)] = (list(kinds), table, busts, rescues)

    def _keeps(self, seq: tuple[int, ...], strict: bool) -> list[tuple[int, int, bool]] | str:
        """Every valid keep of one ordered throw: (points, dice to throw next, may bank after it); or why none."""
        rules = self.rules
        options = list(rules.table.options(counts_of(seq)))
        if strict:
            options = [o for o in options if any(o.counts[f - 1] for f in rules.carryover_faces)]
        if not options:
            rescued = rules.doubles_rescue and len(seq) == 2 and seq[0] == seq[1]
            return "rescue" if rescued else "bust"
        best = max(o.points for o in options)
        out = []
        for o in options:
            left = len(seq) - o.size
            hot = left == 0
            may_bank = not (hot and rules.hot_dice == "mandatory") and not (rules.bank_keeps_best and o.points != best)
            out.append((o.points, rules.dice if hot else left, may_bank))
        return out

    def expect(self, n: int, strict: bool, after: Any, bust: float, rescue: float) -> float:
        """The average over every ordered throw of ``n`` dice of the best keep's value."""
        kinds, table, busts, rescues = self.throws[(n, strict)]
        values = np.array([after(pts, nxt, bk) for pts, nxt, bk in kinds] + [-np.inf])
        best = values[table].max(axis=1)
        best[busts] = bust
        best[rescues] = rescue
        return float(best.sum()) / 6**n

    # -- the last player's final turn ------------------------------------------------------------
    @cache  # noqa: B019 - the test's objects live for one test
    def final_throw(self, t: int, n: int, need: int, floor: int, first: bool) -> float:
        """Last player at turn total ``t`` throws ``n`` dice; wins above ``need``, may bank from ``floor``."""
        if t > need + 200 * self.step:
            return 1.0  # only forced throws get here, and chains that long are far below 1e-20

        def after(pts: int, nxt: int, bk: bool) -> float:
            total = t + pts
            if bk and total >= floor and total > need:
                return 1.0  # a sure win: nothing beats banking it
            cont = self.final_throw(total, nxt, need, floor, False)
            if bk and total >= floor:
                won = 1.0 if total > need else (0.5 if total == need and self.tie else 0.0)
                return max(won, cont)
            return cont

        rescue = 0.0
        if not (self.rules.doubles_rescue and n == 2):
            pass
        elif first:
            rescue = self.final_throw(t, self.dice, need, floor, False)
        else:
            won = 1.0 if t > need else (0.5 if t == need and self.tie else 0.0)
            bank_ok = t >= floor and self.rules.hot_dice != "mandatory"
            rescue = max(won if bank_ok else 0.0, self.final_throw(t, self.dice, need, floor, False))
        strict = first and self.rules.carryover == "strict"
        return self.expect(n, strict, after, 0.0, rescue)

    def final_chance(self, on_board: bool, need: int, offer: tuple[int, int] | None) -> float:
        """Last player's best chance to score more than ``need``, with a carryover ``(points, dice)`` on offer."""
        floor = 0 if on_board else self.entry
        fresh = self.final_throw(0, self.dice, need, floor, False) if need < self.cap else 0.0
        if offer is None:
            return fresh
        points, dice = offer
        if not on_board and not self.rules.entry_counts_carried:
            floor += points  # the entry minimum in points of their own
        return max(fresh, self.final_throw(points, dice, need, floor, True))

    # -- one turn of the main phase ----------------------------------------------------------------
    def bank(self, a: int, b: int, t: int, left: int) -> float:
        """The value of banking ``t`` at scores ``(a, b)`` with ``left`` dice unthrown."""
        offer = (t, left) if self.carry and left < self.dice else None
        if a + t < self.target:
            w = self.win
            s = float(w.S[b // self.step, (a + t) // self.step])
            if offer is not None:
                assert w.TK is not None
                s = max(s, float(w.TK[b // self.step, (a + t) // self.step, t // self.step, left]))
            return 1.0 - s
        on_board = b > 0 or self.entry == 0
        if self.rules.end == "score-to-beat":
            return 1.0 - self.chase_from_tables(on_board, a, b, t, offer)
        return 1.0 - self.final_chance(on_board, a + t - b, offer)

    # -- the score-to-beat cycle ---------------------------------------------------------------------
    def chase_from_tables(self, on_board: bool, a: int, b: int, t: int, offer: tuple[int, int] | None) -> float:
        """The new chaser's chance from the solver's cycle tables (checked against honest turns below)."""
        w, step = self.win, self.step
        k = min((a + t - b) // step, w.D)
        fresh = float(w.cf[k] if on_board else w.cf0[k])
        if offer is None:
            return fresh
        j = min(max((b - a) // step, -w.K0), w.D)
        take = float(w.ct_all[k, j + w.K0, offer[1]] if on_board else w.ct0[min(a // step, w.K0), k, offer[1]])
        return max(fresh, take)

    def cycle_reward(self, need: int, total: int, left: int) -> float:
        """Beating the score to beat by ``total - need``: the other becomes the chaser (tables)."""
        w, step = self.win, self.step
        e = min((total - need) // step, w.D)
        off = float(w.cf[e])
        if self.carry and left < self.dice:
            off = max(off, float(w.ct_all[e, min(need // step, w.D) + w.K0, left]))
        return 1.0 - off

    @cache  # noqa: B019
    def chase(self, need: int, t: int, n: int, first: bool, floor: int) -> float:
        """A chaser needing more than ``need`` at turn total ``t`` throws ``n`` dice; may bank from ``floor``."""
        w, step = self.win, self.step
        if t - need >= w.D * step and t >= floor and not first:
            return float(w.cyc_v[n, w.K0 + w.D, min(need // step, w.D) - 1])

        def after(pts: int, nxt: int, bk: bool) -> float:
            total = t + pts
            cont = self.chase(need, total, nxt, False, floor)
            if bk and total >= floor and total > need:
                return max(cont, self.cycle_reward(need, total, nxt))
            return cont

        rescue = 0.0
        if self.rules.doubles_rescue and n == 2:
            rescue = self.chase(need, t, self.dice, False, floor)
            if not first and t > need and t >= floor and self.rules.hot_dice != "mandatory":
                rescue = max(rescue, self.cycle_reward(need, t, self.dice))
        strict = first and self.rules.carryover == "strict"
        return self.expect(n, strict, after, 0.0, rescue)

    @cache  # noqa: B019
    def turn(self, a: int, b: int, t: int, n: int, first: bool, carried: int = 0) -> float:
        """The mover at ``a`` (opponent ``b``) about to throw ``n`` dice with turn total ``t``."""
        w = self.win
        own = 0 if self.rules.entry_counts_carried else carried
        floor = self.entry + own if a == 0 else 1
        if a + t >= self.target and a + t - b >= self.cap and t >= floor and not first:
            # Past the lead cap the solver's own stationary values are the boundary (checked separately).
            return float(w.pair(a // self.step, b // self.step)[3][n])
        bust = 1.0 - float(w.S[b // self.step, a // self.step])

        def after(pts: int, nxt: int, bk: bool) -> float:
            total = t + pts
            cont = self.turn(a, b, total, nxt, False, carried)
            return max(cont, self.bank(a, b, total, nxt)) if bk and total >= floor else cont

        rescue = 0.0
        if not (self.rules.doubles_rescue and n == 2):
            pass
        elif first or t == 0:
            rescue = self.turn(a, b, t, self.dice, False, carried)
        else:
            bank_ok = t >= floor and self.rules.hot_dice != "mandatory"
            rescue = self.turn(a, b, t, self.dice, False, carried)
            if bank_ok:
                rescue = max(rescue, self.bank(a, b, t, self.dice))
        strict = first and self.rules.carryover == "strict"
        return self.expect(n, strict, after, bust, rescue)


@pytest.mark.parametrize(("preset_id", "overrides", "cap"), CASES)
def test_solver_tables_are_the_brute_force_fixed_point(
    preset_id: str, overrides: dict[str, Any], cap: int | None
) -> None:
    rules = preset(preset_id).with_overrides(overrides)
    win = WinSolution(rules, lead_cap=cap)
    assert win.residual < 1e-12
    brute = Brute(rules, win)
    step, size = win.step, win.T
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        worst = 0.0
        for a, b in itertools.product(range(size), repeat=2):
            if (a and a * step < rules.entry_minimum) or (b and b * step < rules.entry_minimum):
                continue  # no one is ever on the board with fewer points than the entry minimum
            fresh = brute.turn(a * step, b * step, 0, rules.dice, False)
            worst = max(worst, abs(fresh - win.S[a, b]))
            if win.TK is not None:
                for c in range(max(1, -(-rules.entry_minimum // step)), b + 1):
                    for m in range(1, rules.dice):
                        take = brute.turn(a * step, b * step, c * step, m, True, c * step)
                        worst = max(worst, abs(take - win.TK[a, b, c, m]))
            # The stationary values past the lead cap satisfy their own equation.
            _, _, _, vinf = win.pair(a, b)
            for n in range(1, rules.dice + 1):
                brute_inf = brute_stationary(brute, a * step, b * step, n, vinf)
                worst = max(worst, abs(brute_inf - vinf[n]))
        assert worst < 1e-9
    finally:
        sys.setrecursionlimit(limit)


def brute_stationary(brute: Brute, a: int, b: int, n: int, vinf: np.ndarray) -> float:
    """One honest throw far past the lead cap, continuing with the solver's stationary values."""
    win = brute.win
    bust = 1.0 - float(win.S[b // brute.step, a // brute.step])
    far = brute.target + brute.cap + abs(a - b) + 100 * brute.step

    def bank(left: int) -> float:
        offer = (far, left) if brute.carry and left < brute.dice else None
        if offer is None:
            return 1.0
        if brute.rules.end == "score-to-beat":
            return 1.0 - brute.chase_from_tables(b > 0 or brute.entry == 0, a, b, far, offer)
        floor = 0
        if b == 0 and brute.entry > 0:
            floor = brute.entry + (0 if brute.rules.entry_counts_carried else far)
        return 1.0 - brute.final_throw(far, left, far + a - b, floor, True)

    def after(pts: int, nxt: int, bk: bool) -> float:
        cont = float(vinf[nxt])
        return max(cont, bank(nxt)) if bk else cont

    rescue = float(vinf[brute.dice])
    if brute.rules.hot_dice != "mandatory":
        rescue = max(rescue, bank(brute.dice))
    return brute.expect(n, False, after, bust, rescue)


def test_the_fixed_point_check_sees_a_wrong_value() -> None:
    rules = preset("classic-five").with_overrides({"target": 300})
    win = WinSolution(rules, lead_cap=150)
    win.S[0, 0] += 1e-6  # one turn start off by a millionth
    brute = Brute(rules, win)
    assert abs(brute.turn(0, 0, 0, rules.dice, False) - win.S[0, 0]) > 1e-8


def test_score_to_beat_cycle_tables_are_the_brute_force_fixed_point() -> None:
    rules = preset("official").with_overrides({"target": 250, "entry_minimum": 100})
    win = WinSolution(rules, lead_cap=150)
    brute = Brute(rules, win)
    step, entry = win.step, rules.entry_minimum
    worst = 0.0
    for k in range(1, win.D):
        worst = max(worst, abs(brute.chase(k * step, 0, rules.dice, False, 0) - win.cf[k]))
        worst = max(worst, abs(brute.chase(k * step, 0, rules.dice, False, entry) - win.cf0[k]))
    for k in range(1, win.D + 1):
        for j in range(1 - k, win.D + 1):
            for m in range(1, rules.dice):
                take = brute.chase(k * step, (k + j) * step, m, True, 0)
                worst = max(worst, abs(take - win.ct_all[k, j + win.K0, m]))
        for a in range(0, min(win.T, win.K0 + 1)):
            if k - a < 1:
                continue
            for m in range(1, rules.dice):
                take = brute.chase(k * step, (k - a) * step, m, True, (k - a) * step + entry)
                worst = max(worst, abs(take - win.ct0[a, k, m]))
    assert worst < 1e-9


def test_unsupported_rules_are_refused_by_name() -> None:
    rules = preset("classic-five").with_overrides({"target": 1000, "scoring": {"singles": {"1": 100, "5": 0}}})
    with pytest.raises(TooHard, match="no points"):
        WinSolution(rules)


@pytest.mark.parametrize("preset_id", ["classic-five", "pass-the-dice"])
def test_win_chance_rises_with_own_score_and_falls_with_the_opponents(preset_id: str) -> None:
    rules = preset(preset_id).with_overrides({"target": 700, "entry_minimum": 200})
    win = WinSolution(rules, lead_cap=1500)
    s = win.S
    # Scores a player can have: none yet, or at least the entry minimum.
    on = [0, *range(win.E, win.T)]
    grid = s[np.ix_(on, on)]
    assert np.all(np.diff(grid, axis=0) > 0)
    assert np.all(np.diff(grid, axis=1) < 0)
    assert np.all((s > 0) & (s < 1))
    # At equal scores the player with the dice has the edge, and a bust that hands the dice over costs:
    # the mover's chance and the opponent's after a bust (1 - S[b, a]) never add up past one.
    assert np.all(np.diag(grid) > 0.5)
    assert np.all(grid + grid.T >= 1.0 - 1e-12)


def test_optimal_does_not_lose_to_master(solutions: Solutions) -> None:
    rules = preset("classic-five").with_overrides({"target": 500})
    out = simulate(rules, ["optimal", "master"], 4000, 3, tables=solutions)
    assert out["levels"]["optimal"]["win_rate"] >= 0.5


def test_optimal_against_itself_wins_as_often_as_solved_for_the_first_player(solutions: Solutions) -> None:
    rules = preset("classic-five").with_overrides({"target": 500})
    win = solutions.win(rules)  # the solve the game above played from
    assert isinstance(win, WinSolution)
    player = Optimal(rules, win)
    rng = random.Random(11)
    games = 12_000
    first = 0.0
    for _ in range(games):
        result = play_game(rules, [player, player], rng)
        if 0 in result.winners:
            first += 1 / len(result.winners)
    low, high = wilson(first, games, z=3.29)  # a 99.9% interval
    assert low <= win.first_player_win <= high


@pytest.mark.parametrize(
    ("preset_id", "overrides"),
    [("classic-five", {"target": 400}), ("pass-the-dice", {"target": 300}), ("official", {"target": 300})],
)
def test_kept_tables_restore_the_same_solution(preset_id: str, overrides: dict[str, Any]) -> None:
    rules = preset(preset_id).with_overrides(overrides)
    win = WinSolution(rules, lead_cap=1000)
    data = win.to_bytes()
    back = WinSolution.from_bytes(rules, data)
    assert back is not None
    assert np.array_equal(back.S, win.S) and back.first_player_win == win.first_player_win
    for a, b in [(0, 0), (2, 3), (win.T - 1, 1)]:
        assert np.allclose(back.pair(a, b)[0], win.pair(a, b)[0], rtol=0, atol=1e-12)
    if win.beat:
        assert np.allclose(back.cyc_v, win.cyc_v, rtol=0, atol=1e-12)
    # Another rule set's tables, or damaged data, are not taken for these.
    assert WinSolution.from_bytes(rules.with_overrides({"target": 350}), data) is None
    assert WinSolution.from_bytes(rules, data[: len(data) // 2]) is None


@pytest.mark.long
def test_optimal_keeps_fewer_points_when_that_wins_more_often() -> None:
    """pass-the-dice to 750: A at 600, B at 700, A has 50 this turn and throws 1 5 2 2 3. Keeping only the 5
    and banking (700 against 700, three dice passed on) wins more often than anything that keeps the 1."""
    from greed_game.ai.optimal import win_advice
    from greed_game.rules import Bank, Keep
    from greed_game.rules.game import Phase, State

    rules = preset("pass-the-dice").with_overrides({"target": 750})
    win = solve_win(rules)
    assert abs(win.first_player_win - 0.558529291980) < 1e-9
    throw = counts_of((1, 5, 2, 2, 3))
    state = State(
        scores=(600, 700), on_board=(True, True), reached=(0, 0), phase=Phase.KEEP,
        turn_points=50, dice_left=5, throw=throw,
    )
    player = Optimal(rules, win)
    ctx = Context(seat=0, scores=(600, 700), on_board=True, final=False)
    assert player.keep(ctx, 5, 50, throw, False) == counts_of((5,))
    assert player.bank(ctx, 4, 100)
    advice = win_advice(rules, state, player)
    best = advice.recommended
    assert best.actions == (Keep((5,)), Bank())
    assert abs(best.value - 0.458010) < 5e-7
    keeps_one = [c for c in advice.choices if isinstance(c.actions[0], Keep) and 1 in c.actions[0].dice]
    assert abs(max(c.value for c in keeps_one) - 0.455371) < 5e-7
