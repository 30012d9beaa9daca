"""The optimal level: plays the exact two-player win solution (:mod:`greed_game.ai.win`).

Against one opponent every decision maximizes the exact chance of winning.
With more players it plays as if the leading opponent were the only one (an
approximation, measured in ``benchmarks/bench_win.py``).
"""

from __future__ import annotations

from greed_game.ai.players import Context, Level, bankable_after
from greed_game.ai.win import WinSolution, solve_win
from greed_game.rules import RuleSet
from greed_game.rules.dice import Counts, size


class Optimal(Level):
    """Maximizes the exact chance of winning against the leading opponent."""

    level = "optimal"

    def __init__(self, rules: RuleSet, solution: WinSolution | None = None) -> None:
        super().__init__(rules)
        self.win = solution if solution is not None else solve_win(rules)
        self.step = self.win.step

    # -- the position in grid steps -------------------------------------------------------------
    def _scores(self, ctx: Context) -> tuple[int, int]:
        me = ctx.scores[ctx.seat]
        lead = max((s for i, s in enumerate(ctx.scores) if i != ctx.seat), default=0)
        return me // self.step, lead // self.step

    def _floor(self, ctx: Context) -> int:
        """Steps of turn total below which this player may not bank (the entry minimum)."""
        return 0 if ctx.on_board else self.win.E

    def _main(self, ctx: Context) -> tuple[int, int] | None:
        """The score pair of the main phase, or None when the game is in its final turns."""
        if ctx.final:
            return None
        a, b = self._scores(ctx)
        w = self.win
        # With more than two players someone may already be past the target: the final-turn view then applies.
        return (a, b) if a < w.T and b < w.T else None

    def _final_need(self, ctx: Context) -> int:
        a, b = self._scores(ctx)
        return b - a

    # -- values --------------------------------------------------------------------------------
    def _after(self, ctx: Context, nxt: int, total: int, bk: bool) -> float:
        """Chance of winning after a keep that leaves turn total ``total`` (steps) and ``nxt`` dice to throw."""
        w = self.win
        pair = self._main(ctx)
        if pair is None:
            need = self._final_need(ctx)
            return w.final_after(nxt, need - total, max(0, self._floor(ctx) - total), bk)
        v, r, _, _ = w.pair(*pair)
        t = min(total, v.shape[1] - 1)  # past the table's end the values stand still
        value = float(v[nxt, t])
        return max(value, float(r[nxt, t])) if bk else value

    def _throw(self, ctx: Context, n: int, total: int) -> float:
        w = self.win
        pair = self._main(ctx)
        if pair is None:
            return w.final_throw(n, self._final_need(ctx) - total, max(0, self._floor(ctx) - total))
        v, _, _, _ = w.pair(*pair)
        return float(v[n, min(total, v.shape[1] - 1)])

    def _bank(self, ctx: Context, n: int, total: int) -> float:
        w = self.win
        pair = self._main(ctx)
        if pair is None:
            j = self._final_need(ctx) - total
            return 1.0 if j < 0 else (0.5 if j == 0 and w.tie else 0.0)
        _, r, _, _ = w.pair(*pair)
        return float(r[n, min(total, r.shape[1] - 1)])

    # -- decisions -----------------------------------------------------------------------------
    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        w = self.win
        c = points // self.step
        pair = self._main(ctx)
        if pair is None:
            need = self._final_need(ctx)
            fresh = w.final_fresh(ctx.on_board, need)
            take = w.final_take(dice, need - c, max(0, self._floor(ctx) - c))
            return take > fresh
        a, b = pair
        take = float(w.TK[a, b, c, dice]) if w.TK is not None and c < w.T else w.take_value(a, b, c, dice)
        return take > float(w.S[a, b])

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        rules = self.rules
        options = rules.table.options(throw)
        if strict:
            options = tuple(o for o in options if any(o.counts[f - 1] for f in rules.carryover_faces))
        best_points = options[0].points
        total = t // self.step
        floor = self._floor(ctx)

        def value(o_counts: Counts, o_points: int) -> tuple[float, int]:
            left = n - size(o_counts)
            nxt = left if left > 0 else rules.dice
            after = total + o_points // self.step
            bk = bankable_after(rules, n, o_points, best_points, o_counts) and after >= max(floor, 1)
            return self._after(ctx, nxt, after, bk), o_points

        return max(options, key=lambda o: value(o.counts, o.points)).counts

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        total = t // self.step
        return self._bank(ctx, n, total) >= self._throw(ctx, n, total)


__all__ = ["Optimal"]
