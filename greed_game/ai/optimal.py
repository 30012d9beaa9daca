"""The optimal level: plays the exact two-player win solution (:mod:`greed_game.ai.win`).

Against one opponent every decision maximizes the exact chance of winning.
With more players it plays as if the leading opponent were the only one (an
approximation, measured in ``benchmarks/bench_win.py``).
"""

from __future__ import annotations

from typing import Any, Protocol

from greed_game.ai.advice import Advice, Choice, keep_options
from greed_game.ai.players import Context, Level, bankable_after, context_of
from greed_game.ai.progress import TooHard
from greed_game.ai.solver import ThrowModel
from greed_game.rules import (
    Bank,
    Carryover,
    RuleSet,
    State,
    Throw,
    can_bank,
    dice_after,
    entry_need,
    highest_other,
    keeps_of,
)
from greed_game.rules.dice import Counts, size
from greed_game.rules.game import Phase

Rows = Any
"""Values indexed ``[dice][turn total]`` (lists in a book, numpy arrays in a solution)."""


class WinTables(Protocol):
    """What the optimal level reads: a solution (:mod:`.win`, numpy) or a shipped book (:mod:`.winbook`)."""

    step: int
    T: int
    E: int
    D: int
    K0: int
    beat: bool
    tie: bool
    own_entry: bool
    models: list[ThrowModel]
    cmodels: list[ThrowModel]

    def start(self, a: int, b: int) -> float:
        """Chance of the player about to throw at ``a`` against ``b``."""
        ...

    def take(self, a: int, b: int, c: int, m: int) -> float:
        """Value of taking an offer of ``c`` steps and ``m`` dice at ``(a, b)``."""
        ...

    def pair(self, a: int, b: int, thr: int | None = None) -> tuple[Rows, Rows, Any, Any]:
        """The turn's in-turn values ``(V, R, ...)`` at ``(a, b)``."""
        ...

    def chase_tables(self, need: int, floor: int) -> tuple[Rows, Rows]:
        """A score-to-beat chaser's ``(V, R)``."""
        ...

    def chase_offer(self, on_board: bool, need: int, c: int, m: int) -> tuple[float, float]:
        """A chaser's chances of declining and of taking an offer."""
        ...

    def final_throw(self, n: int, j: int, h: int) -> float:
        """The last player's chance about to throw ``n`` dice."""
        ...

    def final_after(self, nxt: int, j: int, h: int, bk: bool) -> float:
        """The last player's chance after a keep."""
        ...

    def final_take(self, m: int, j: int, h: int) -> float:
        """The last player's chance taking an offer."""
        ...

    def final_fresh(self, on_board: bool, j: int) -> float:
        """The last player's chance on a fresh final turn."""
        ...

    def take_floor(self, c: int) -> int:
        """Steps still needed for the entry after taking ``c``."""
        ...


def win_tables(rules: RuleSet) -> WinTables:
    """The win tables of ``rules`` solved now (numpy; may raise :class:`TooHard`); the program hands its
    players the tables its solutions service found instead (a shipped book first)."""
    try:
        from greed_game.ai.win import solve_win
    except ImportError as exc:
        raise TooHard(
            "the optimal level has tables for the presets at their own targets only in this build"
        ) from exc
    return solve_win(rules)


class Optimal(Level):
    """Maximizes the exact chance of winning against the leading opponent."""

    level = "optimal"

    def __init__(self, rules: RuleSet, solution: WinTables | None = None) -> None:
        super().__init__(rules)
        self.win = solution if solution is not None else win_tables(rules)
        self.step = self.win.step

    # -- the position in grid steps -------------------------------------------------------------
    def _scores(self, ctx: Context) -> tuple[int, int]:
        me = ctx.scores[ctx.seat]
        lead = highest_other(ctx.scores, ctx.seat)
        return me // self.step, lead // self.step

    def _floor(self, ctx: Context) -> int:
        """Steps of turn total below which this player may not bank (the entry minimum, carried points apart
        where they do not count)."""
        # The core's need in whole steps: the entry minimum rounded up (the tables' E), carried points on the grid.
        need = entry_need(self.rules, ctx.on_board, ctx.carried)
        return -(-need // self.step)

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

    def _table(self, ctx: Context, pair: tuple[int, int]) -> tuple[Rows, Rows]:
        """The turn's values ``(V, R)`` in the main phase (a taker short of an own-points entry: their own)."""
        w = self.win
        thr = None
        if w.own_entry and not ctx.on_board and ctx.carried:
            thr = ctx.carried // self.step + w.E
        v, r, _, _ = w.pair(*pair, thr)
        return v, r

    def _chase(self, ctx: Context, total: int) -> tuple[Rows, Rows, int]:
        """Score to beat, chasing: the cycle's ``(V, R)`` for this need and the index of ``total``."""
        w = self.win
        need = min(max(self._final_need(ctx), 1), w.D)
        v, r = w.chase_tables(need, self._floor(ctx))
        idx = min(max(w.K0 + total - need, 0), len(v[0]) - 1)
        return v, r, idx

    # -- values --------------------------------------------------------------------------------
    def _after(self, ctx: Context, nxt: int, total: int, bk: bool) -> float:
        """Chance of winning after a keep that leaves turn total ``total`` (steps) and ``nxt`` dice to throw."""
        w = self.win
        pair = self._main(ctx)
        if pair is None and w.beat:
            cv, cr, idx = self._chase(ctx, total)
            value = float(cv[nxt][idx])
            return max(value, float(cr[nxt][idx])) if bk else value
        if pair is None:
            need = self._final_need(ctx)
            return w.final_after(nxt, need - total, max(0, self._floor(ctx) - total), bk)
        v, r = self._table(ctx, pair)
        t = min(total, len(v[0]) - 1)  # past the table's end the values stand still
        value = float(v[nxt][t])
        return max(value, float(r[nxt][t])) if bk else value

    def _throw(self, ctx: Context, n: int, total: int) -> float:
        w = self.win
        pair = self._main(ctx)
        if pair is None and w.beat:
            cv, _, idx = self._chase(ctx, total)
            return float(cv[n][idx])
        if pair is None:
            return w.final_throw(n, self._final_need(ctx) - total, max(0, self._floor(ctx) - total))
        v, _ = self._table(ctx, pair)
        return float(v[n][min(total, len(v[0]) - 1)])

    def _bank(self, ctx: Context, n: int, total: int) -> float:
        w = self.win
        pair = self._main(ctx)
        if pair is None and w.beat:
            _, cr, idx = self._chase(ctx, total)
            return max(0.0, float(cr[n][idx]))  # a bank that does not beat the score ends the game, lost
        if pair is None:
            j = self._final_need(ctx) - total
            return 1.0 if j < 0 else (0.5 if j == 0 and w.tie else 0.0)
        _, r = self._table(ctx, pair)
        return float(max(0.0, r[n][min(total, len(r[0]) - 1)]))

    def _chase_offer(self, ctx: Context, c: int, m: int) -> tuple[float, float]:
        """Score to beat, chasing: the chances of declining and of taking ``c`` steps and ``m`` dice."""
        w = self.win
        return w.chase_offer(ctx.on_board, min(max(self._final_need(ctx), 1), w.D), c, m)

    # -- decisions -----------------------------------------------------------------------------
    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        w = self.win
        c = points // self.step
        pair = self._main(ctx)
        if pair is None and w.beat:
            fresh, take = self._chase_offer(ctx, c, dice)
            return take > fresh
        if pair is None:
            need = self._final_need(ctx)
            fresh = w.final_fresh(ctx.on_board, need)
            take = w.final_take(dice, need - c, 0 if ctx.on_board else w.take_floor(c))
            return take > fresh
        return w.take(*pair, c, dice) > w.start(*pair)

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        rules = self.rules
        options = keeps_of(rules, throw, strict=strict)
        best_points = options[0].points
        total = t // self.step
        floor = self._floor(ctx)

        def value(o_counts: Counts, o_points: int) -> tuple[float, int]:
            nxt = dice_after(rules, n, size(o_counts))
            after = total + o_points // self.step
            bk = bankable_after(rules, n, o_points, best_points, o_counts) and after >= max(floor, 1)
            return self._after(ctx, nxt, after, bk), o_points

        return max(options, key=lambda o: value(o.counts, o.points)).counts

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        total = t // self.step
        return self._bank(ctx, n, total) >= self._throw(ctx, n, total)


def win_advice(rules: RuleSet, state: State, player: Optimal | None = None) -> Advice:
    """Each choice of the current player with its exact chance of winning (best first)."""
    if state.phase is Phase.OVER:
        raise ValueError("the game is over: there is nothing to advise")
    me = player if player is not None else Optimal(rules)
    w, step = me.win, me.step
    ctx = context_of(state)
    models = me.win.models
    choices: list[Choice] = []
    bust: float | None = None
    n, t = state.dice_left, state.turn_points // step
    if state.phase is Phase.CARRYOVER:
        offer = state.offer
        assert offer is not None
        c, m = offer.points // step, offer.dice
        pair = me._main(ctx)
        if pair is None and w.beat:
            decline, take = me._chase_offer(ctx, c, m)
        elif pair is None:
            need = me._final_need(ctx)
            take = w.final_take(m, need - c, 0 if ctx.on_board else w.take_floor(c))
            decline = w.final_fresh(ctx.on_board, need)
        else:
            take = w.take(*pair, c, m)
            decline = w.start(*pair)
        choices.append(Choice((Carryover(True),), take, w.cmodels[m].bust))
        choices.append(Choice((Carryover(False),), decline, models[rules.dice].bust))
    elif state.phase is Phase.ROLL:
        model = w.cmodels[n] if state.carry_throw else models[n]
        bust = model.bust
        if state.carry_throw:
            pair = me._main(ctx)
            if pair is None and w.beat:
                value = me._chase_offer(ctx, t, n)[1]
            elif pair is None:
                value = w.final_take(n, me._final_need(ctx) - t, max(0, me._floor(ctx) - t))
            else:
                value = w.take(*pair, t, n)
        else:
            value = me._throw(ctx, n, t)
        choices.append(Choice((Throw(n),), value, bust))
        if can_bank(rules, state):
            choices.append(Choice((Bank(),), me._bank(ctx, n, t)))
    else:
        for k in keep_options(rules, state):
            after = t + k.points // step
            if k.banks:
                choices.append(Choice(k.actions, me._bank(ctx, k.dice, after)))
            else:
                choices.append(Choice(k.actions, me._throw(ctx, k.dice, after), models[k.dice].bust))
    choices.sort(key=lambda ch: (-round(ch.value, 12), ch.bust_probability is not None))
    return Advice(bust, tuple(choices))


__all__ = ["Optimal", "WinTables", "win_advice", "win_tables"]
