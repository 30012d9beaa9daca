"""The exact two-player win-probability solver (value iteration, as for optimal two-player Pig and Farkle).

Scores are counted in grid steps (:func:`points_step`). The turn-start value
``S[a, b]`` is the chance that the player about to throw, at ``a``, beats the
opponent at ``b`` when both play to win; a shared win counts one half.

* A bust hands the opponent a fresh turn at the same scores (value
  ``1 - S[b, a]``); a bank with dice left under a carryover rule hands them an
  offer, whose value is the better of declining (``S``) and taking (``TK``).
  Banks raise the sum of the scores, so turn starts are solved by score sum,
  highest first. Within one sum only busts link a pair to its mirror, and
  those mirrored pairs are solved together by Newton's method on the bust
  value (policy iteration; the residual is reported).
* Within a turn the turn total only grows, so each pair's values are a
  backward induction over the turn total, vectorized over the pairs of one sum.
* Reaching the target ends the main phase. The final turn (one-more-turn, or
  must-top where a tie cannot be banked) is solved once, as tables of the
  points still needed: the last player banks as soon as they are ahead, so
  nothing above that changes their chance, and these tables are exact.
* Score to beat: a chaser needing more than ``k`` who beats the score hands
  the other a chase of their own (with a carryover, already ahead by ``k``),
  so the chasers' turns for every need up to the cap are solved together by
  value iteration, in coordinates of the excess over the score to beat.
* Above the target the leader's extra points still lower the other's chance,
  but that chance is below ``TAIL`` (1e-13) once the lead passes the cap
  ``D``: past it a fresh turn of the other is counted as lost, while a
  carryover the leader would hand over is counted in full (its value does not
  shrink with the lead); in the score-to-beat cycle a need past the cap is
  taken as the cap. The error this makes is of the order of ``TAIL``, far
  below the brute-force tests' 1e-9.

Refused (:func:`unsupported`), with the reason: combinations worth no points,
a doubles rescue together with mandatory hot dice, the keep-the-best bank rule
or only two dice, and targets whose tables would not fit in memory.
"""

from __future__ import annotations

import io
import json
import lzma
import struct
import time
import zipfile
from collections.abc import Mapping, Sequence
from functools import cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from greed_game.ai.progress import TooHard, report
from greed_game.ai.solver import ThrowModel, points_step
from greed_game.ai.winbook import FinalTurns, rescue_banks, win_models
from greed_game.rules import RuleSet, final_need

Array = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

TAIL = 1e-13
"""The largest final-turn chance a lead may leave before it is counted as zero."""
MAX_STEPS = 600
"""The largest target, in grid steps, the solver takes on (the turn-start table is its square)."""
MAX_STEPS_CARRY = 200
"""The same with carryovers, whose values (a table of its cube) take 384 MB at 200 steps and six dice."""
TOL = 1e-13
"""Newton's method on the turn-start values stops when no value moves by more than this."""


def unsupported(rules: RuleSet) -> str | None:
    """Why the exact win solver cannot handle ``rules`` yet, or None."""
    if any(c.points <= 0 for c in rules.table.combos):
        return "a combination worth no points"
    if rules.doubles_rescue and (rules.hot_dice == "mandatory" or rules.bank_keeps_best or rules.dice == 2):
        return "a doubles rescue with mandatory hot dice, the keep-the-best bank rule or only two dice"
    step = points_step(rules)
    steps = -(-rules.target // step)
    most = MAX_STEPS_CARRY if rules.carryover != "none" else MAX_STEPS
    if steps > most:
        return (
            f"a target of {steps:,} steps of {step:,} points (at most {most:,}"
            f"{' with carryovers' if rules.carryover != 'none' else ''}: its tables would not fit in memory)"
        )
    return None


class _Kernel:
    """One level of the in-turn induction, vectorized over a batch of score pairs.

    ``level`` returns, for every number of dice ``n`` about to be thrown at turn
    total ``t``, the value and its derivative with respect to the bust value.
    """

    def __init__(self, models: Sequence[ThrowModel], step: int, dice: int, *, rescue_bank: bool) -> None:
        uniq: dict[tuple[int, int, bool], int] = {}
        rows: list[list[int]] = []
        probs: list[float] = []
        owner: list[int] = []
        for n in range(1, dice + 1):
            for p, cands in models[n].groups:
                rows.append([uniq.setdefault((pts // step, nxt, bk), len(uniq)) for pts, nxt, bk in cands])
                probs.append(p)
                owner.append(n)
        self.dice = dice
        self.u = len(uniq)
        keys = list(uniq)
        self.pts: IntArray = np.array([k[0] for k in keys], dtype=np.int64)
        self.nxt: IntArray = np.array([k[1] for k in keys], dtype=np.int64)
        self.bk = np.array([k[2] for k in keys], dtype=bool)[:, None]
        width = max((len(r) for r in rows), default=1)
        self.members: IntArray = np.full((len(rows), width), self.u, dtype=np.int64)
        self.group_rows: IntArray = np.arange(len(rows), dtype=np.int64)[:, None]
        for g, r in enumerate(rows):
            self.members[g, : len(r)] = r
        self.weights: Array = np.zeros((dice + 1, len(rows)))
        self.weights[owner, np.arange(len(rows))] = probs
        self.bust: Array = np.array([models[n].bust if n else 0.0 for n in range(dice + 1)])[:, None]
        self.rescue = [models[n].rescue if n else 0.0 for n in range(dice + 1)]
        self.rescue_bank = rescue_bank
        self.max_pts = int(self.pts.max()) if self.u else 0

    def level(
        self, v: Array, q: Array, r: Array, t: int, x: Array, *, kept: bool = True, slope: bool = True
    ) -> tuple[Array, Array]:
        """Values ``(dice+1, A)`` of throwing at total ``t``; ``v``, ``q``, ``r`` are ``(dice+1, L, A)`` tables.

        ``slope``: also the derivatives in the bust value (else the second result is all zeros).
        """
        tp = t + self.pts
        vv = v[self.nxt, tp]
        rr = r[self.nxt, tp]
        bank = self.bk & (rr > vv)
        width = vv.shape[1]
        ak = np.empty((self.u + 1, width))
        ak[: self.u] = np.where(bank, rr, vv)
        ak[self.u] = -np.inf
        if slope:
            aq = np.zeros((self.u + 1, width))
            aq[: self.u] = np.where(bank, 0.0, q[self.nxt, tp])
            # Each group's best candidate, and the derivative along it.
            chosen = self.members[self.group_rows, ak[self.members].argmax(axis=1)]
            cols = np.arange(width)[None, :]
            gv = ak[chosen, cols]
            gq = aq[chosen, cols]
            qt: Array = self.weights @ gq + self.bust
        else:
            gv = ak[self.members].max(axis=1)
            qt = np.zeros((self.dice + 1, width))
        vt: Array = self.weights @ gv + self.bust * x
        dice = self.dice
        for n in range(1, dice + 1):
            res = self.rescue[n]
            if not res:
                continue
            # A rescued pair continues with all the dice at the same total (banking allowed mid-turn).
            rb = r[dice, t] if kept and self.rescue_bank else np.full(width, -np.inf)
            if n == dice:
                loop = vt[n] / (1.0 - res)
                use_loop = loop > rb
                vt[n] = np.where(use_loop, loop, vt[n] + res * rb)
                qt[n] = np.where(use_loop, qt[n] / (1.0 - res), qt[n])
            else:
                throw_on = vt[dice] >= rb
                vt[n] = vt[n] + res * np.where(throw_on, vt[dice], rb)
                qt[n] = qt[n] + res * np.where(throw_on, qt[dice], 0.0)
        return vt, qt


def _final_table(
    models: Sequence[ThrowModel], dice: int, step: int, size: int, *, rescue_bank: bool, tie: bool
) -> list[list[float]]:
    """One final-turn table ``G`` of :meth:`WinSolution._final_tables`, for needs up to ``size`` (``tie``: a
    total that ties counts one half).

    It reads nothing of a solution but the throw models, so it stands outside the class.
    """
    g = [[0.0] * (size + 1) for _ in range(dice + 1)]
    half = 0.5 if tie else 0.0

    def after(nxt: int, jj: int, bk: bool) -> float:
        if jj < 0:
            return 1.0 if bk else g[nxt][0]
        if jj >= size:
            return 0.0
        if jj == 0 and bk and half > g[nxt][1]:
            return half
        return g[nxt][jj + 1]

    def throw(n: int, j: int) -> float:
        m = models[n]
        total = 0.0
        for p, cands in m.groups:
            total += p * max(after(nxt, j - pts // step, bk) for pts, nxt, bk in cands)
        if m.rescue:
            here = after(dice, j, rescue_bank) if n != dice else g[dice][j + 1]
            total += m.rescue * here
        return total

    for _ in range(20_000):
        change = 0.0
        for n in range(dice, 0, -1):
            v = throw(n, -1)
            change = max(change, abs(v - g[n][0]))
            g[n][0] = v
        if change < 1e-15:
            break
    for j in range(size):
        for n in range(dice, 0, -1):
            g[n][j + 1] = throw(n, j)
    return g


class WinSolution(FinalTurns):
    """Exact win chances of a two-player game under ``rules`` at its target, and the play that achieves them."""

    def __init__(
        self, rules: RuleSet, *, lead_cap: int | None = None, tables: Mapping[str, Array] | None = None
    ) -> None:
        """Solve ``rules`` (``tables``: restore what :meth:`to_bytes` kept instead)."""
        why = unsupported(rules)
        if why is not None:
            raise TooHard(f"the exact win solver does not handle {why} yet")
        start = time.perf_counter()
        self.rules = rules
        dice = rules.dice
        self.dice = dice
        self.step = step = points_step(rules)
        self.T = -(-rules.target // step)
        self.E = -(-rules.entry_minimum // step)
        # Which tables exist (carryovers, the score-to-beat cycle, an own-points entry) is read off the rules'
        # modes; what a tie and a rescue allow is asked of the core.
        self.carry = rules.carryover != "none"
        self.tie = final_need(rules, 0, 0) == 0  # a final turn that ties the leader shares the win
        self.models, self.cmodels = win_models(rules)
        rescue_bank = rescue_banks(rules)
        self.kernel = _Kernel(self.models, step, dice, rescue_bank=rescue_bank)
        self.ckernel = _Kernel(self.cmodels, step, dice, rescue_bank=False)
        self.max_pts = max(self.kernel.max_pts, self.ckernel.max_pts)
        self._final_tables(lead_cap)
        self.beat = rules.end == "score-to-beat"
        self.own_entry = self.carry and self.E > 0 and not rules.entry_counts_carried
        self._pairs: dict[tuple[int, int, int | None], tuple[Array, Array, Array, Array]] = {}
        self._chases: dict[tuple[int, int], tuple[Array, Array]] = {}
        self.newton_passes = 0
        if tables is not None:
            self._restore(tables)
            self.seconds = time.perf_counter() - start
            return
        if self.beat:
            self._cycle()
        self.S: Array = np.zeros((self.T, self.T))
        # TK[a, b, c, m]: the value of taking an offer of c (grid steps) and m dice at turn start (a, b).
        self.TK: Array | None = np.zeros((self.T, self.T, self.T, dice)) if self.carry else None
        self.residual = getattr(self, "cycle_residual", 0.0)
        self.states = getattr(self, "cycle_states", 0)
        self._solve()
        self.seconds = time.perf_counter() - start

    # -- kept tables -------------------------------------------------------------------------------
    _KEPT = ("S", "TK", "cf", "cf0", "ct", "ct_all", "ct0", "cycle_tail")

    def to_bytes(self) -> bytes:
        """The solved tables, compressed, for :meth:`from_bytes` (the in-turn tables are rebuilt on demand)."""
        arrays: dict[str, Any] = {
            "key": np.array(self.rules.content_key()),
            "figures": np.array([self.D, self.residual, self.states]),
            "S": self.S,
        }
        if self.TK is not None:
            arrays["TK"] = self.TK
        if self.beat:
            arrays.update(cf=self.cf, cf0=self.cf0, ct=self.ct, ct_all=self.ct_all, ct0=self.ct0)
            arrays["cycle_tail"] = self.cyc_v[:, self.K0 + self.D]
        out = io.BytesIO()
        np.savez_compressed(out, **arrays)
        return out.getvalue()

    @classmethod
    def from_bytes(cls, rules: RuleSet, data: bytes) -> WinSolution | None:
        """The solution :meth:`to_bytes` kept for ``rules``; None when the data is of other rules or unreadable."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as found:
                if str(found["key"]) != rules.content_key():
                    return None
                figures = found["figures"]
                tables = {name: found[name] for name in cls._KEPT if name in found.files}
                tables["figures"] = figures
            step = points_step(rules)
            return cls(rules, lead_cap=int(figures[0]) * step, tables=tables)
        except (ValueError, KeyError, OSError, EOFError, IndexError, zipfile.BadZipFile):
            return None

    def _restore(self, tables: Mapping[str, Array]) -> None:
        figures = tables["figures"]
        if int(figures[0]) != self.D or tables["S"].shape != (self.T, self.T):
            raise ValueError("the kept tables are of another lead cap or target")
        self.residual, self.states = float(figures[1]), int(figures[2])
        self.S = np.array(tables["S"], dtype=np.float64)
        self.TK = np.array(tables["TK"], dtype=np.float64) if self.carry else None
        if self.beat:
            D, dice = self.D, self.dice
            self.K0 = K0 = D
            self.cyc_len = K0 + D + self.max_pts + 2
            self.cf, self.cf0, self.ct = tables["cf"], tables["cf0"], tables["ct"]
            self.ct_all, self.ct0 = tables["ct_all"], tables["ct0"]
            # One pass from the converged values past the cap rebuilds the chasers' tables.
            v = np.zeros((dice + 1, self.cyc_len, D))
            v[:, K0 + D :] = tables["cycle_tail"][:, None, :]
            r = self._cycle_rewards(self.cf, self.ct, None)
            self._cycle_pass(r, v)
            self.cyc_v, self.cyc_r = v, r

    # -- the final turn --------------------------------------------------------------------------
    def _final_tables(self, lead_cap: int | None) -> None:
        """``G[n][j + 1]``: chance of the last player, throwing ``n`` dice, to score more than ``j`` points more.

        ``Gt`` counts a tie (exactly ``j``) as one half where the rules share a tied win, ``G0`` as nothing;
        ``j = -1`` stands for every total already ahead (survive to a bank).
        """
        cap = max(1, -(-lead_cap // self.step)) if lead_cap is not None else None
        size = (cap if cap is not None else 64) + 2 * self.T + self.E + 2
        table = partial(_final_table, self.models, self.dice, self.step, rescue_bank=rescue_banks(self.rules))
        while True:
            g0 = table(size, tie=False)
            gt = table(size, tie=True) if self.tie else g0
            if cap is not None:
                self.D = cap
                break
            found = next((j for j in range(size - 2 * self.T - self.E) if gt[self.dice][j + 1] < TAIL), None)
            if found is not None:
                self.D = max(found, 1)
                break
            size *= 2
        self.G0, self.Gt = g0, gt
        self.J = size
        # The last player's fresh final turn needing more than `lead` points (on the board or not).
        ff_on = np.zeros(self.D + 1)
        ff_off = np.zeros(self.D + 1)
        for lead in range(self.D):
            ff_on[lead] = gt[self.dice][lead + 1]
            ff_off[lead] = gt[self.dice][lead + 1] if lead >= self.E else g0[self.dice][self.E]
        self.ff_on, self.ff_off = ff_on, ff_off

    @cache  # noqa: B019 - one solution per rule set, kept for the program's life
    def final_take(self, m: int, j: int, h: int) -> float:
        """Last player's chance when taking an offer of ``m`` dice, needing more than ``j`` (at least ``h``) more."""
        return self._final_take(m, j, h)

    # -- the main phase --------------------------------------------------------------------------
    def _on(self, score: IntArray) -> npt.NDArray[np.bool_]:
        return np.asarray((score > 0) | (self.E == 0), dtype=bool)

    def _batch(self, a: IntArray, b: IntArray, thr: IntArray | None = None) -> dict[str, Any]:
        """Everything the induction of pairs ``(a, b)`` needs that does not depend on their bust value.

        ``thr``: the turn total (steps) from which each may bank, if not the entry minimum of a fresh turn.
        """
        T, D, E, dice = self.T, self.D, self.E, self.dice
        width = len(a)
        if thr is None:
            thr = np.where(self._on(a), 1, max(E, 1))
        tcap = np.maximum(np.maximum(T - a, D + b - a), thr)
        length = int(max(int(tcap.max()), T)) + self.max_pts + 1
        ob = self._on(b)
        r = np.full((dice + 1, length, width), -np.inf)
        # Far ahead: only a carryover the leader hands over can still cost anything.
        rinf = np.ones((dice + 1, width))
        for m in range(1, dice):
            rinf[m] = 1.0 - self._opponent(a, b, ob, np.full(width, D), np.full(width, 10**9), m, far=True)
        for t in range(1, length):
            tail = t >= tcap
            r[:, t, tail] = rinf[:, tail]
            live = (~tail) & (t >= thr)
            if not live.any():
                continue
            sc = a + t
            below = live & (sc < T)
            if below.any():
                bb, qq = b[below], sc[below]
                s = self.S[bb, qq]
                r[dice, t, below] = 1.0 - s
                for m in range(1, dice):
                    if self.carry:
                        assert self.TK is not None
                        r[m, t, below] = 1.0 - np.maximum(s, self.TK[bb, qq, t, m])
                    else:
                        r[m, t, below] = 1.0 - s
            above = live & (sc >= T)
            if above.any():
                aa, bb, oo = a[above], b[above], ob[above]
                lead = np.minimum(sc[above] - bb, D)
                tt = np.full(len(aa), t)
                for m in range(1, dice + 1):
                    r[m, t, above] = 1.0 - self._opponent(aa, bb, oo, lead, tt, m)
        return {"tcap": tcap, "length": length, "r": r, "rinf": rinf}

    def _opponent(
        self,
        a: IntArray,
        b: IntArray,
        ob: npt.NDArray[np.bool_],
        lead: IntArray,
        t: IntArray,
        m: int,
        *,
        far: bool = False,
    ) -> Array:
        """The opponent's chance after the mover, from ``a``, banks ``t`` past the target to lead by ``lead``.

        ``m`` dice are left (a carryover when fewer than all); ``far``: the lead is past the cap.
        """
        dice = self.dice
        offer = self.carry and m < dice
        if not self.beat:
            fresh = np.where(ob, self.ff_on[lead], self.ff_off[lead])
            if not offer:
                return np.asarray(fresh, dtype=np.float64)
            take = np.array(
                [
                    self.final_take(m, int(a[i] - b[i]), 0 if ob[i] else self.take_floor(int(t[i])))
                    for i in range(len(a))
                ]
            )
            return np.asarray(np.maximum(fresh, take), dtype=np.float64)
        # Score to beat: the opponent becomes the chaser, needing more than the lead.
        fresh = np.where(ob, self.cf[lead], self.cf0[lead])
        if far:
            fresh = np.zeros(len(a))
        if not offer:
            return np.asarray(fresh, dtype=np.float64)
        # Taking, they start ahead by b - a (on the board) or must first make the entry minimum of their own.
        j = np.clip(b - a, -self.K0, self.D)
        take = np.where(ob, self.ct_all[lead, j + self.K0, m], self.ct0[np.minimum(a, self.K0), lead, m])
        return np.asarray(np.maximum(fresh, take), dtype=np.float64)

    # -- the score-to-beat cycle -------------------------------------------------------------------
    def _cycle_rewards(self, cf: Array, ct: Array, floor: IntArray | None, ks: IntArray | None = None) -> Array:
        """Bank values of chasers (elements: the needs ``ks``, all 1..D by default) at ``idx = e + K0``."""
        D, dice, K0, L = self.D, self.dice, self.K0, self.cyc_len
        if ks is None:
            ks = np.arange(1, D + 1)
        r = np.full((dice + 1, L, len(ks)), -np.inf)
        for idx in range(K0 + 1, L):
            e = min(idx - K0, D)
            r[dice, idx] = 1.0 - cf[e]
            for m in range(1, dice):
                r[m, idx] = 1.0 - (np.maximum(cf[e], ct[e, ks, m]) if self.carry else cf[e])
            if floor is not None:
                r[:, idx, idx - K0 < floor] = -np.inf
        return r

    def _cycle_pass(self, r: Array, v: Array) -> None:
        """One backward pass of the chasers' turns over the excess (values past the cap from the last pass)."""
        K0, D = self.K0, self.D
        zero = np.zeros(v.shape[2])
        q = np.zeros_like(v)
        for idx in range(K0 + D, -1, -1):
            vt, _ = self.kernel.level(v, q, r, idx, zero, slope=False)
            v[:, idx] = vt
        v[:, K0 + D + 1 :] = v[:, K0 + D][:, None, :]

    def _cycle(self) -> None:
        """Solve the score-to-beat cycle: a chaser needing more than ``k`` steps, for every ``k`` up to the cap.

        Whoever beats the score to beat hands the other a chase of their own, perhaps with a carryover, so the
        values of all needs are solved together by value iteration (each pass a backward induction).
        """
        D, dice = self.D, self.dice
        self.K0 = K0 = D
        self.cyc_len = K0 + D + self.max_pts + 2
        ks = np.arange(1, D + 1)
        v = np.zeros((dice + 1, self.cyc_len, D))
        q = np.zeros_like(v)
        zero = np.zeros(D)
        cf = np.zeros(D + 1)  # cf[k]: the on-board chaser's fresh turn; a need past the cap counts as lost
        ct = np.zeros((D + 1, D + 1, dice))  # ct[k, j, m]: taking m dice, needing k, already ahead by j
        self.cycle_passes = 0
        for _ in range(100_000):
            self.cycle_passes += 1
            report("cycle", min(1.0, self.cycle_passes / 100))
            r = self._cycle_rewards(cf, ct, None)
            self._cycle_pass(r, v)
            new_cf = np.zeros(D + 1)
            new_cf[1:D] = v[dice, K0 - ks[:-1], ks[:-1] - 1]
            new_ct = np.zeros_like(ct)
            if self.carry:
                for j in range(1, D + 1):
                    vt, _ = self.ckernel.level(v, q, r, K0 + j, zero, kept=False, slope=False)
                    new_ct[1:, j, 1:dice] = vt[1:dice].T
            change = max(float(np.max(np.abs(new_cf - cf))), float(np.max(np.abs(new_ct - ct))))
            cf, ct = new_cf, new_ct
            if change < 1e-15:
                break
        self.cf, self.ct, self.cyc_v, self.cyc_r = cf, ct, v, r
        self.cycle_states = D * (K0 + D + 1) * dice
        self.cycle_residual = change
        # Taking at any excess (the opponent may be behind when the target is first reached).
        self.ct_all = np.zeros((D + 1, K0 + D + 1, dice))
        if self.carry:
            for j in range(-K0, D + 1):
                vt, _ = self.ckernel.level(v, q, r, K0 + j, zero, kept=False, slope=False)
                self.ct_all[1:, j + K0, 1:dice] = vt[1:dice].T
        # A chaser not yet on the board: banks only with the entry minimum of their own points.
        self.cf0 = self.cf.copy()
        self.ct0 = np.zeros((K0 + 1, D + 1, dice))
        if self.E > 0:
            v0 = v.copy()
            self._cycle_pass(self._cycle_rewards(cf, ct, self.E - ks), v0)
            self.cf0[1:D] = v0[dice, K0 - ks[:-1], ks[:-1] - 1]
            if self.carry:
                for a in range(0, min(K0, self.T - 1) + 1):
                    # Taking at a crossing from a: the chaser starts a steps behind and needs E points of their own.
                    ra = self._cycle_rewards(cf, ct, np.full(D, self.E - a))
                    va = v.copy()
                    self._cycle_pass(ra, va)
                    vt, _ = self.ckernel.level(va, q, ra, K0 - a, zero, kept=False, slope=False)
                    self.ct0[a, 1:, 1:dice] = vt[1:dice].T

    def _induct(self, batch: dict[str, Any], x: Array) -> tuple[Array, Array]:
        """In-turn values ``V`` and their derivatives ``Q`` in the bust value ``x``, each ``(dice+1, L, A)``."""
        dice, kernel = self.dice, self.kernel
        r: Array = batch["r"]
        tcap: IntArray = batch["tcap"]
        length: int = batch["length"]
        width = len(x)
        # The stationary values far ahead of the target: a small fixed point (hot dice lead back to it).
        span = self.max_pts + 1
        vi = np.zeros((dice + 1, span, width))
        qi = np.zeros((dice + 1, span, width))
        ri = np.broadcast_to(batch["rinf"][:, None, :], (dice + 1, span, width))
        for _ in range(20_000):
            nv, nq = kernel.level(vi, qi, ri, 0, x)
            change = float(np.max(np.abs(nv - vi[:, 0]))) if width else 0.0
            vi[:] = nv[:, None, :]
            qi[:] = nq[:, None, :]
            if change < 1e-15:
                break
        vinf, qinf = vi[:, 0], qi[:, 0]
        v = np.empty((dice + 1, length, width))
        q = np.empty((dice + 1, length, width))
        v[:] = vinf[:, None, :]
        q[:] = qinf[:, None, :]
        for t in range(int(tcap.max()) - 1, -1, -1):
            vt, qt = kernel.level(v, q, r, t, x, kept=t > 0)
            live = t < tcap
            v[:, t] = np.where(live, vt, vinf)
            q[:, t] = np.where(live, qt, qinf)
        return v, q

    def _solve(self) -> None:
        T = self.T
        total_sums = 2 * T - 1
        for s in range(2 * T - 2, -1, -1):
            report("win", 1 - s / total_sums)
            lo, hi = max(0, s - T + 1), min(T - 1, s)
            a = np.arange(lo, hi + 1, dtype=np.int64)
            b = s - a
            batch = self._batch(a, b)
            self.states += int(batch["tcap"].sum()) * self.dice
            guess = self._guess(a, b)
            for passes in range(1, 200):
                x = 1.0 - guess[::-1]
                v, q = self._induct(batch, x)
                f, slope = v[self.dice, 0], q[self.dice, 0]
                moved = float(np.max(np.abs(f - guess)))
                self.newton_passes += 1
                if moved < TOL or passes > 60:
                    break
                # Newton: S = f + slope * ((1 - S[mirror]) - x), solved with the mirror pair's equation.
                c = f + slope * (1.0 - x)
                cm, qm = c[::-1], slope[::-1]
                guess = (c - slope * cm) / (1.0 - slope * qm)
            self.residual = max(self.residual, moved)
            self.S[a, b] = f
            if self.carry:
                self._takes(a, b, v, q, batch["r"], x)
            if self.own_entry and s < self.T:
                self._own_entry_takes(s)
        self.states += T * T

    def _own_entry_takes(self, q: int) -> None:
        """Offers to a player not on the board at 0 against ``q``: their own points must reach the entry minimum."""
        assert self.TK is not None
        cs = np.arange(1, q + 1, dtype=np.int64)
        if not len(cs):
            return
        a = np.zeros(len(cs), dtype=np.int64)
        b = np.full(len(cs), q, dtype=np.int64)
        batch = self._batch(a, b, thr=cs + self.E)
        x = np.full(len(cs), 1.0 - self.S[q, 0])
        v, qq = self._induct(batch, x)
        for i, c in enumerate(cs):
            if c >= self.T:
                break
            vt, _ = self.ckernel.level(v, qq, batch["r"], int(c), x, kept=False, slope=False)
            self.TK[0, q, c, 1:] = vt[1 : self.dice, i]

    def _guess(self, a: IntArray, b: IntArray) -> Array:
        """A start for Newton's method: the neighbours one step up, already solved (the value lies between)."""
        T = self.T
        up_b = np.where(b + 1 < T, self.S[a, np.minimum(b + 1, T - 1)], np.nan)
        up_a = np.where(a + 1 < T, self.S[np.minimum(a + 1, T - 1), b], np.nan)
        guess = np.where(np.isnan(up_b), up_a, np.where(np.isnan(up_a), up_b, (up_a + up_b) / 2))
        return np.where(np.isnan(guess), 0.5, guess)

    def _takes(self, a: IntArray, b: IntArray, v: Array, q: Array, r: Array, x: Array) -> None:
        """Store the value of taking every offer the opponent could hand over at these turn starts."""
        assert self.TK is not None
        for c in range(1, self.T):
            vt, _ = self.ckernel.level(v, q, r, c, x, kept=False, slope=False)
            for m in range(1, self.dice):
                self.TK[a, b, c, m] = vt[m]

    # -- queries -----------------------------------------------------------------------------------
    @property
    def first_player_win(self) -> float:
        """The chance that the player who throws first wins, both playing optimally (a shared win counts 1/2)."""
        return float(self.S[0, 0])

    def pair(self, a: int, b: int, thr: int | None = None) -> tuple[Array, Array, Array, Array]:
        """``(V, R, x, Vinf)`` of the turn at scores ``(a, b)`` (steps).

        ``V[n, t]`` is the value of throwing ``n`` dice at turn total ``t``, ``R[m, t]`` of banking ``t`` with
        ``m`` dice unthrown (``-inf`` where banking is not allowed), ``x`` the value of a bust and ``Vinf`` the
        stationary values past the lead cap. ``thr``: the turn total from which banking is allowed, when not
        the fresh turn's (a taker who must make the entry minimum with points of their own).
        """
        found = self._pairs.get((a, b, thr))
        if found is None:
            aa = np.array([a], dtype=np.int64)
            bb = np.array([b], dtype=np.int64)
            batch = self._batch(aa, bb, None if thr is None else np.array([thr], dtype=np.int64))
            x = np.array([1.0 - self.S[b, a]])
            v, _ = self._induct(batch, x)
            found = (v[:, :, 0], batch["r"][:, :, 0], x, v[:, -1, 0])
            if len(self._pairs) >= 1024:  # up to 80 KB a pair at a 10,000 target
                self._pairs.clear()
            self._pairs[(a, b, thr)] = found
        return found

    def chase_tables(self, need: int, floor: int) -> tuple[Array, Array]:
        """``(V, R)`` of a score-to-beat chaser needing more than ``need`` (1..D) steps, index ``e + K0`` the excess.

        ``floor``: the turn total (steps) from which the chaser may bank (0: on the board).
        """
        if floor <= 0:
            return self.cyc_v[:, :, need - 1], self.cyc_r[:, :, need - 1]
        found = self._chases.get((need, floor))
        if found is None:
            ks = np.array([need], dtype=np.int64)
            r = self._cycle_rewards(self.cf, self.ct, floor - ks, ks)
            v = self.cyc_v[:, :, need - 1 : need].copy()
            self._cycle_pass(r, v)
            if len(self._chases) > 256:
                self._chases.clear()
            found = self._chases[(need, floor)] = (v[:, :, 0], r[:, :, 0])
        return found

    def start(self, a: int, b: int) -> float:
        """Chance of the player about to throw at ``a`` against ``b`` (grid steps)."""
        return float(self.S[a, b])

    def take(self, a: int, b: int, c: int, m: int) -> float:
        """Value of taking an offer of ``c`` steps and ``m`` dice at the turn start ``(a, b)``."""
        if self.TK is not None and c < self.T and m < self.dice:
            return float(self.TK[a, b, c, m])
        return self.take_value(a, b, c, m)

    def chase_offer(self, on_board: bool, need: int, c: int, m: int) -> tuple[float, float]:
        """Score to beat, a chaser needing more than ``need``: the chances of declining and of taking an offer
        of ``c`` steps and ``m`` dice."""
        if on_board:
            j = min(max(c - need, -self.K0), self.D)
            return float(self.cf[need]), float(self.ct_all[need, j + self.K0, m])
        behind = min(max(need - c, 0), self.K0)
        return float(self.cf0[need]), float(self.ct0[behind, need, m])

    def take_value(self, a: int, b: int, c: int, m: int) -> float:
        """Value of taking an offer of ``c`` steps and ``m`` dice at turn start ``(a, b)``."""
        v, r, x, _ = self.pair(a, b)
        vt, _ = self.ckernel.level(v[:, :, None], np.zeros_like(v)[:, :, None], r[:, :, None], c, x, kept=False)
        return float(vt[m, 0])

    def to_data(self) -> dict[str, object]:
        """What ``greed-game solve --win`` prints, apart from the rules id."""
        return {
            "target": self.rules.target,
            "first_player_win": round(self.first_player_win, 12),
            "states": self.states,
            "seconds": round(self.seconds, 3),
            "residual": float(f"{self.residual:.3g}"),
            "lead_cap": self.D * self.step,
        }


BOOK_TAIL = 1e-9
"""A book's lead cap: past it a fresh final turn's chance is below this and counted as zero."""


def book_bytes(w: WinSolution) -> bytes:
    """``w``'s tables as a book (:mod:`greed_game.ai.winbook`), read without numpy."""
    from greed_game.ai.winbook import MAGIC, SCALE, TK_SCALE

    parts: list[tuple[str, str, list[int], bytes]] = []

    def f8(name: str, values: Any) -> None:
        arr = np.ascontiguousarray(values, dtype="<f8")
        parts.append((name, "f8", list(arr.shape), arr.tobytes()))

    def q16(name: str, values: Any) -> None:
        q = np.rint(np.clip(np.asarray(values, dtype=np.float64), 0.0, 1.0) * SCALE).astype(np.int64)
        d = np.diff(q, axis=-1, prepend=0) & 0xFFFF
        parts.append((name, "q16", list(q.shape), d.astype("<u2").tobytes()))

    # The cycle's tables are shaped by the solver's cap; elsewhere the book's own, shorter one serves.
    cap = w.D if w.beat else next(k for k in range(1, w.D + 1) if max(w.ff_on[k], w.ff_off[k]) < BOOK_TAIL)
    f8("S", w.S)
    f8("G0", np.array(w.G0))
    f8("Gt", np.array(w.Gt))
    f8("ff_on", np.append(w.ff_on[:cap], 0.0))
    f8("ff_off", np.append(w.ff_off[:cap], 0.0))
    if w.TK is not None:
        # An offer worse than a fresh turn is declined: kept as the fresh turn's value, whose runs pack well
        # (the book works the exact value out when it is asked for it).
        taken = np.maximum(w.TK, w.S[:, :, None, None])
        q = np.rint(np.clip(taken, 0.0, 1.0) * TK_SCALE).astype(np.int64)
        d = (np.diff(q, axis=2, prepend=0) & 0xFFFF).astype("<u2")
        # Only offers a banker could have made: c at most the banker's score.
        rows = b"".join(d[x, y, : y + 1, 1:].T.tobytes() for x in range(w.T) for y in range(w.T))
        parts.append(("TK", "q16", [len(rows) // 2], rows))
    if w.beat:
        f8("cf", w.cf)
        f8("cf0", w.cf0)
        q16("ct", w.ct)
        q16("ct_all", w.ct_all)
        q16("ct0", w.ct0)
        q16("cyc_v", np.transpose(w.cyc_v, (2, 0, 1)))
    header = {
        "key": w.rules.content_key(),
        "T": w.T,
        "E": w.E,
        "D": cap,
        "K0": getattr(w, "K0", 0),
        "J": w.J,
        "L": getattr(w, "cyc_len", 0),
        "arrays": [[name, codec, shape, len(raw)] for name, codec, shape, raw in parts],
    }
    head = json.dumps(header).encode()
    body = struct.pack("<I", len(head)) + head + b"".join(raw for *_, raw in parts)
    return MAGIC + lzma.compress(body, preset=9)


def solve_win(rules: RuleSet, *, lead_cap: int | None = None) -> WinSolution:
    """The exact win solution of ``rules``, solved now (the program's solutions service keeps it)."""
    return WinSolution(rules, lead_cap=lead_cap)


__all__ = ["TAIL", "WinSolution", "book_bytes", "solve_win", "unsupported"]
