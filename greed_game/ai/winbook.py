"""Win tables read without numpy: the exact two-player player and coach in the shipped game.

A *book* keeps what :class:`greed_game.ai.win.WinSolution` solved for one rule
set: the turn-start values, the values of taking an offer, the final-turn
tables and the score-to-beat cycle. The offers' values are rounded to
1/16,383 (an offer worse than a fresh turn is kept as the fresh turn's value,
and worked out exactly when asked for), the cycle's to 1/65,535, and both are
stored as differences; the other tables keep every bit. The in-turn values of
one score pair at a time are rebuilt here by the same backward induction the
solver runs, in plain Python, at the book's own lead cap (where a fresh final
turn's chance falls below 1e-9; the solver's is 1e-13). Pure Python: no numpy,
no pygame, no file I/O.
"""

from __future__ import annotations

import json
import lzma
import math
import struct
from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Any

from greed_game.ai.solver import ThrowModel, points_step, throw_model
from greed_game.rules import RuleSet, final_need, strict_carry, turn_refusal

Rows = Sequence[Sequence[float]]
"""Values indexed ``[dice][turn total]``."""

MAGIC = b"GREEDWIN2\n"
"""A book's first bytes. Books of the first kind were solved offering only the most points for each number of
dice left after a throw, not every keep; a cache may still hold one, and it is solved again rather than read."""
SCALE = 65535
"""Large tables keep each value as the nearest multiple of ``1 / SCALE``."""
TK_SCALE = 16383
"""The offers' values, the largest table by far, are kept to the nearest multiple of ``1 / TK_SCALE``."""


def win_models(rules: RuleSet) -> tuple[list[ThrowModel], list[ThrowModel]]:
    """The throw models of a turn and of a carryover throw, offering every distinct keep (a win needs them)."""
    strict = strict_carry(rules)
    models = [throw_model(rules, n, keeps="every") for n in range(rules.dice + 1)]
    cmodels = [throw_model(rules, n, strict=strict, keeps="every") for n in range(rules.dice + 1)]
    return models, cmodels


def rescue_banks(rules: RuleSet) -> bool:
    """Whether a turn may be banked right after a rescued pair (all the dice to throw again), as the core rules it.

    The win solvers leave the doubles rescue out where the keep-the-best bank rule holds (``unsupported``), so
    whether the last keep was the best does not matter here.
    """
    return turn_refusal(rules, True, rules.dice, True) is None


def _decode_q16(raw: bytes, width: int) -> array[float]:
    """Rows of ``width`` differences (mod 2**16) back to values, flat."""
    deltas = array("H")
    deltas.frombytes(raw)
    out = array("d")
    for start in range(0, len(deltas), width):
        # Masking the running sum once per value is the same as wrapping at every step, and needs no lambda.
        out.extend([(q & 0xFFFF) / SCALE for q in accumulate(deltas[start : start + width])])
    return out


def _shapes(rules: RuleSet, header: dict[str, Any]) -> dict[str, list[int]]:
    """The shape of every table a book of ``rules`` holds, from its header's sizes (checked for sense)."""
    dice = rules.dice
    T, E, D, K0, J = (header[k] for k in ("T", "E", "D", "K0", "J"))
    if not all(isinstance(v, int) and 0 <= v <= 100_000 for v in (T, E, D, K0, J)) or T * T > 1_000_000:
        raise ValueError("a book's sizes out of range")
    shapes = {"S": [T, T], "G0": [dice + 1, J + 1], "Gt": [dice + 1, J + 1], "ff_on": [D + 1], "ff_off": [D + 1]}
    if rules.carryover != "none":
        # One row per turn start (x, y) and number of dice m: the offers of c = 0..y points.
        shapes["TK"] = [T * (dice - 1) * T * (T + 1) // 2]
    if rules.end == "score-to-beat":
        if D < 1 or D * D > 4_000_000:
            raise ValueError("a book's lead cap out of range")
        shapes.update(
            cf=[D + 1], cf0=[D + 1], ct=[D + 1, D + 1, dice], ct_all=[D + 1, K0 + D + 1, dice],
            ct0=[K0 + 1, D + 1, dice], cyc_v=[D, dice + 1, header.get("L", 0)],
        )
    return shapes


def _shape(flat: Sequence[float], shape: Sequence[int]) -> Any:
    """``flat`` as nested lists of ``shape``."""
    if len(shape) == 1:
        return list(flat)
    inner = math.prod(shape[1:])
    return [_shape(flat[i * inner : (i + 1) * inner], shape[1:]) for i in range(shape[0])]


class Kernel:
    """One level of the in-turn induction for one score pair, in plain Python (:class:`win._Kernel`'s twin)."""

    def __init__(self, models: Sequence[ThrowModel], step: int, dice: int, *, rescue_bank: bool) -> None:
        uniq: dict[tuple[int, int, bool], int] = {}
        self.groups: list[list[tuple[float, tuple[int, ...]]]] = [[] for _ in range(dice + 1)]
        for n in range(1, dice + 1):
            for p, cands in models[n].groups:
                members = tuple(uniq.setdefault((pts // step, nxt, bk), len(uniq)) for pts, nxt, bk in cands)
                self.groups[n].append((p, members))
        self.cands = list(uniq)
        self.dice = dice
        self.bust = [models[n].bust if n else 0.0 for n in range(dice + 1)]
        self.rescue = [models[n].rescue if n else 0.0 for n in range(dice + 1)]
        self.rescue_bank = rescue_bank
        self.max_pts = max((c[0] for c in self.cands), default=0)
        self._fast = self._compile()

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_fast"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._fast = self._compile()

    def _compile(self) -> Callable[[Rows, Rows, int, float], list[float]]:
        """The level as one straight run of arithmetic (about four times faster than looping over groups)."""
        dice = self.dice
        used = sorted({nxt for _, nxt, _ in self.cands})
        lines = ["def level(v, r, t, x):"]
        lines += [f"    v{n} = v[{n}]; r{n} = r[{n}]" for n in used]
        for i, (pts, nxt, bk) in enumerate(self.cands):
            lines.append(f"    a{i} = v{nxt}[t + {pts}]")
            if bk:
                lines.append(f"    b = r{nxt}[t + {pts}]")
                lines.append(f"    if b > a{i}: a{i} = b")
        for n in range(1, dice + 1):
            lines.append(f"    s{n} = {self.bust[n]!r} * x")
            for p, members in self.groups[n]:
                if len(members) == 1:
                    lines.append(f"    s{n} += {p!r} * a{members[0]}")
                    continue
                # Comparisons in line: a call to max() costs more than the few it replaces.
                lines.append(f"    g = a{members[0]}")
                lines += [f"    if a{i} > g: g = a{i}" for i in members[1:]]
                lines.append(f"    s{n} += {p!r} * g")
        lines.append("    return [0.0, " + ", ".join(f"s{n}" for n in range(1, dice + 1)) + "]")
        scope: dict[str, Any] = {}
        exec("\n".join(lines), scope)  # code built above from the rules' own numbers only
        fn: Callable[[Rows, Rows, int, float], list[float]] = scope["level"]
        return fn

    def level(self, v: Rows, r: Rows, t: int, x: float, *, kept: bool = True) -> list[float]:
        """Values of throwing each number of dice at total ``t`` (``v``, ``r``: values above ``t``)."""
        vt = self._fast(v, r, t, x)
        dice = self.dice
        for n in range(1, dice + 1):
            res = self.rescue[n]
            if not res:
                continue
            # A rescued pair continues with all the dice at the same total (banking allowed mid-turn).
            rb = r[dice][t] if kept and self.rescue_bank else -math.inf
            if n == dice:
                loop = vt[n] / (1.0 - res)
                vt[n] = loop if loop > rb else vt[n] + res * rb
            else:
                vt[n] += res * (vt[dice] if vt[dice] >= rb else rb)
        return vt

    def fixed_point(self, r: list[float], x: float) -> list[float]:
        """The stationary values far ahead, where every total banks ``r``: hot dice lead back to them."""
        dice = self.dice
        span = self.max_pts + 1
        vi = [0.0] * (dice + 1)
        rr = [[r[n]] * span for n in range(dice + 1)]
        for _ in range(20_000):
            vv = [[vi[n]] * span for n in range(dice + 1)]
            nv = self.level(vv, rr, 0, x)
            change = max(abs(a - b) for a, b in zip(nv, vi, strict=True))
            vi = nv
            if change < 1e-15:
                break
        return vi


class FinalTurns:
    """The last player's chances in a final turn, from the tables of the points still needed.

    Shared by the solver's solution and a book: both hold ``G0``/``Gt`` (``[dice][need + 1]``), ``J`` (their
    length), ``tie``, ``dice``, ``E``, ``step``, ``cmodels`` and ``rules``.
    """

    G0: Sequence[Sequence[float]]
    Gt: Sequence[Sequence[float]]
    J: int
    tie: bool
    dice: int
    E: int
    step: int
    cmodels: list[ThrowModel]
    rules: RuleSet

    def _g(self, tie: bool, n: int, j: int) -> float:
        table = self.Gt if tie else self.G0
        if j >= self.J:
            return 0.0
        return table[n][max(j, -1) + 1]

    def final_throw(self, n: int, j: int, h: int) -> float:
        """Last player about to throw ``n`` dice, needing more than ``j`` and at least ``h`` more steps to bank."""
        if h <= j or h <= 0:
            return self._g(self.tie, n, j)
        return self._g(False, n, h - 1)

    def final_after(self, nxt: int, j: int, h: int, bk: bool) -> float:
        """Last player's value after a keep leaving ``j`` and ``h`` steps to go (bank if that is best)."""
        cont = self.final_throw(nxt, j, h)
        if not bk or h > 0:
            return cont
        if j < 0:
            return 1.0
        if j == 0 and self.tie:
            return max(0.5, cont)
        return cont

    def _final_take(self, m: int, j: int, h: int) -> float:
        """Last player's chance when taking an offer of ``m`` dice, needing more than ``j`` (at least ``h``) more."""
        model = self.cmodels[m]
        step = self.step
        total = model.rescue * self.final_throw(self.dice, j, h)
        for p, cands in model.groups:
            total += p * max(self.final_after(nxt, j - pts // step, h - pts // step, bk) for pts, nxt, bk in cands)
        return total

    def final_fresh(self, on_board: bool, j: int) -> float:
        """Last player's chance on a fresh final turn, needing more than ``j`` steps."""
        return self.final_throw(self.dice, j, 0 if on_board else self.E)

    def take_floor(self, c: int) -> int:
        """Steps a player not on the board must still score after taking ``c`` to be allowed to bank."""
        return self.E if not self.rules.entry_counts_carried else max(0, self.E - c)


class WinBook(FinalTurns):
    """A rule set's shipped win tables (see the module), answering what the optimal level asks."""

    def __init__(self, rules: RuleSet, header: dict[str, Any], tables: dict[str, Any], tk: array[int] | None) -> None:
        self.rules = rules
        dice = self.dice = rules.dice
        self.step = points_step(rules)
        self.T: int = header["T"]
        self.E: int = header["E"]
        self.D: int = header["D"]
        self.K0: int = header.get("K0", 0)
        self.J: int = header["J"]
        self.carry = rules.carryover != "none"
        self.tie = final_need(rules, 0, 0) == 0  # a final turn that ties the leader shares the win
        self.beat = rules.end == "score-to-beat"
        self.own_entry = self.carry and self.E > 0 and not rules.entry_counts_carried
        self.models, self.cmodels = win_models(rules)
        rescue_bank = rescue_banks(rules)
        self.kernel = Kernel(self.models, self.step, dice, rescue_bank=rescue_bank)
        self.ckernel = Kernel(self.cmodels, self.step, dice, rescue_bank=False)
        self.max_pts = max(self.kernel.max_pts, self.ckernel.max_pts)
        self.S: Rows = tables["S"]
        self.G0: Rows = tables["G0"]
        self.Gt: Rows = tables["Gt"] if self.tie else self.G0
        self.ff_on: list[float] = tables["ff_on"]
        self.ff_off: list[float] = tables["ff_off"]
        if self.beat:
            self.cf: list[float] = tables["cf"]
            self.cf0: list[float] = tables["cf0"]
            # Flat: ct[e, k, m] (D+1, D+1, dice), ct_all[lead, j + K0, m] (D+1, K0+D+1, dice),
            # ct0[a, lead, m] (K0+1, D+1, dice) and cyc_v[need - 1, n, idx] (D, dice+1, cycle length).
            self._ct: array[float] = tables["ct"]
            self._ct_all: array[float] = tables["ct_all"]
            self._ct0: array[float] = tables["ct0"]
            self._cyc_v: array[float] = tables["cyc_v"]
            self.cyc_len = len(self._cyc_v) // (self.D * (dice + 1))
        self._tk = tk
        self._tk_rows: list[int] = []
        if tk is not None:
            at = 0
            for _x in range(self.T):
                for y in range(self.T):
                    self._tk_rows.append(at)
                    at += (dice - 1) * (y + 1)
        self._caches()

    _CACHED = ("pair", "chase_tables", "final_take")
    pairs_kept: int | None = 64
    """Score pairs whose in-turn values are remembered (None: every pair met; about 80 KB each)."""

    def _caches(self) -> None:
        """Memory of the work done per score pair and need (rebuilt, never pickled)."""
        self.pair = lru_cache(maxsize=self.pairs_kept)(self._pair)
        self.chase_tables = lru_cache(maxsize=64)(self._chase_tables)
        self.final_take = lru_cache(maxsize=1 << 16)(self._final_take)

    def keep_pairs(self, count: int | None) -> None:
        """Remember the in-turn values of ``count`` score pairs (None: all), for long runs of many games."""
        self.pairs_kept = count
        self.pair = lru_cache(maxsize=count)(self._pair)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in self._CACHED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._caches()

    # -- reading -----------------------------------------------------------------------------------
    @classmethod
    def from_bytes(cls, rules: RuleSet, data: bytes) -> WinBook | None:
        """The book ``data`` holds for ``rules``; None when it is of other rules or unreadable."""
        try:
            if not data.startswith(MAGIC):
                return None
            body = lzma.decompress(data[len(MAGIC) :])
            (size,) = struct.unpack_from("<I", body)
            header = json.loads(body[4 : 4 + size])
            if not isinstance(header, dict) or header.get("key") != rules.content_key():
                return None
            at = 4 + size
            tables: dict[str, Any] = {}
            tk: array[int] | None = None
            expected = _shapes(rules, header)
            found = {a[0]: a for a in header["arrays"]}
            # Every table the rules need, each of exactly its size: a damaged book is refused here, not
            # found out by an index error in the middle of a game.
            if set(found) != set(expected) or at + sum(a[3] for a in header["arrays"]) != len(body):
                return None
            for name, codec, shape, length in header["arrays"]:
                width = 8 if codec == "f8" else 2
                if list(shape) != expected[name] or length != math.prod(shape) * width:
                    return None
                raw = body[at : at + length]
                at += length
                if name == "TK":
                    tk = array("H")
                    tk.frombytes(raw)
                    continue
                if codec == "f8":
                    tables[name] = _shape(array("d", raw), shape)
                else:
                    # Large: kept flat, read by index.
                    tables[name] = _decode_q16(raw, shape[-1])
            return cls(rules, header, tables, tk)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError, struct.error,
                lzma.LZMAError, EOFError):
            return None

    # -- turn starts and offers ------------------------------------------------------------------
    def start(self, a: int, b: int) -> float:
        """Chance of the player about to throw at ``a`` against ``b`` (grid steps)."""
        return self.S[a][b]

    def _offer(self, a: int, b: int, c: int, m: int) -> float:
        """The better of taking and declining an offer (the kept table)."""
        assert self._tk is not None
        # A row holds differences mod 2**16, so an entry is the sum of its row up to it, mod 2**16.
        at = self._tk_rows[a * self.T + b] + (m - 1) * (b + 1)
        return (sum(self._tk[at : at + c + 1]) & 0xFFFF) / TK_SCALE

    def take(self, a: int, b: int, c: int, m: int) -> float:
        """Value of taking an offer of ``c`` steps and ``m`` dice at the turn start ``(a, b)``."""
        if self._tk is not None and c <= b < self.T and a < self.T and m < self.dice:
            kept = self._offer(a, b, c, m)
            if kept > self.S[a][b] + 1.5 / TK_SCALE:
                return kept
        # Declined offers are kept as the fresh turn's value: their own is one throw on the turn's table
        # (a taker not on the board who must make the entry with points of their own: on theirs).
        v, r, x, _ = self.pair(a, b, c + self.E if self.own_entry and a == 0 else None)
        return self.ckernel.level(v, r, c, x, kept=False)[m]

    # -- one score pair's turn ------------------------------------------------------------------------
    def _opponent(self, a: int, b: int, ob: bool, lead: int, t: int, m: int, *, far: bool = False) -> float:
        """The opponent's chance after the mover, from ``a``, banks ``t`` past the target to lead by ``lead``."""
        offer = self.carry and m < self.dice
        if not self.beat:
            fresh = self.ff_on[lead] if ob else self.ff_off[lead]
            if not offer:
                return fresh
            return max(fresh, self.final_take(m, a - b, 0 if ob else self.take_floor(t)))
        fresh = 0.0 if far else (self.cf[lead] if ob else self.cf0[lead])
        if not offer:
            return fresh
        j = min(max(b - a, -self.K0), self.D)
        take = self._ct_all_at(lead, j, m) if ob else self._ct0_at(min(a, self.K0), lead, m)
        return max(fresh, take)

    def _ct_all_at(self, lead: int, j: int, m: int) -> float:
        return self._ct_all[(lead * (self.K0 + self.D + 1) + j + self.K0) * self.dice + m]

    def _ct0_at(self, a: int, lead: int, m: int) -> float:
        return self._ct0[(a * (self.D + 1) + lead) * self.dice + m]

    def chase_offer(self, on_board: bool, need: int, c: int, m: int) -> tuple[float, float]:
        """Score to beat, a chaser needing more than ``need``: the chances of declining and of taking an offer
        of ``c`` steps and ``m`` dice."""
        if on_board:
            return self.cf[need], self._ct_all_at(need, min(max(c - need, -self.K0), self.D), m)
        return self.cf0[need], self._ct0_at(min(max(need - c, 0), self.K0), need, m)

    def _bank_row(self, a: int, b: int, ob: bool, t: int) -> list[float]:
        """What banking ``t`` is worth with each number of dice left (the bank rules' floor apart)."""
        dice, T = self.dice, self.T
        row = [-math.inf] * (dice + 1)
        sc = a + t
        if sc < T:
            s = self.S[b][sc]
            row[dice] = 1.0 - s
            for m in range(1, dice):
                row[m] = 1.0 - (max(s, self._offer(b, sc, t, m)) if self.carry else s)
        else:
            lead = min(sc - b, self.D)
            for m in range(1, dice + 1):
                row[m] = 1.0 - self._opponent(a, b, ob, lead, t, m)
        return row

    def _pair(self, a: int, b: int, thr: int | None) -> tuple[Rows, Rows, float, list[float]]:
        """``(V, R, x, Vinf)`` of the turn at scores ``(a, b)``, as :meth:`WinSolution.pair` gives them."""
        T, D, E, dice = self.T, self.D, self.E, self.dice
        if thr is None:
            thr = 1 if (a > 0 or E == 0) else max(E, 1)
        ob = b > 0 or E == 0
        tcap = max(T - a, D + b - a, thr)
        # Up to the target at least: an offer's value is asked of every total a banker could have made.
        length = max(tcap, T) + self.max_pts + 1
        x = 1.0 - self.S[b][a]
        rinf = [1.0] * (dice + 1)
        for m in range(1, dice):
            rinf[m] = 1.0 - self._opponent(a, b, ob, D, 10**9, m, far=True)
        vinf = self.kernel.fixed_point(rinf, x)
        v = [[vinf[n]] * length for n in range(dice + 1)]
        r = [[-math.inf] * length for _ in range(dice + 1)]
        past: dict[tuple[int, int], list[float]] = {}
        for t in range(max(1, thr), length):
            if t >= tcap:
                row = rinf
            elif a + t < T:
                row = self._bank_row(a, b, ob, t)
            else:
                # Past the target a bank's worth hangs on the lead (and a taker's entry floor) alone.
                key = (min(a + t - b, D), 0 if ob else self.take_floor(t))
                row = past.get(key) or past.setdefault(key, self._bank_row(a, b, ob, t))
            for n in range(1, dice + 1):
                r[n][t] = row[n]
        level = self.kernel.level
        for t in range(tcap - 1, -1, -1):
            vt = level(v, r, t, x, kept=t > 0)
            for n in range(1, dice + 1):
                v[n][t] = vt[n]
        # Kept as flat doubles: a tenth of the memory of lists of floats, for runs that keep many pairs.
        return [array("d", row) for row in v], [array("d", row) for row in r], x, vinf

    # -- score to beat ----------------------------------------------------------------------------
    def _cycle_rewards(self, k: int, floor: int | None) -> Rows:
        """Bank values of a chaser needing more than ``k`` steps at index ``excess + K0``."""
        D, dice, K0, L = self.D, self.dice, self.K0, self.cyc_len
        r = [[-math.inf] * L for _ in range(dice + 1)]
        for idx in range(K0 + 1, L):
            if floor is not None and idx - K0 < floor:
                continue
            e = min(idx - K0, D)
            r[dice][idx] = 1.0 - self.cf[e]
            for m in range(1, dice):
                ct = self._ct[(e * (D + 1) + k) * dice + m]
                r[m][idx] = 1.0 - (max(self.cf[e], ct) if self.carry else self.cf[e])
        return r

    def _chase_tables(self, need: int, floor: int) -> tuple[Rows, Rows]:
        """``(V, R)`` of a score-to-beat chaser needing more than ``need`` (1..D) steps, index ``e + K0``."""
        K0, D, dice = self.K0, self.D, self.dice
        L = self.cyc_len
        base = (need - 1) * (dice + 1) * L
        v = [list(self._cyc_v[base + n * L : base + (n + 1) * L]) for n in range(dice + 1)]
        if floor <= 0:
            return v, self._cycle_rewards(need, None)
        r = self._cycle_rewards(need, floor - need)
        for idx in range(K0 + D, -1, -1):
            vt = self.kernel.level(v, r, idx, 0.0)
            for n in range(1, dice + 1):
                v[n][idx] = vt[n]
        for n in range(dice + 1):
            for idx in range(K0 + D + 1, self.cyc_len):
                v[n][idx] = v[n][K0 + D]
        return v, r


__all__ = ["MAGIC", "SCALE", "TK_SCALE", "Kernel", "WinBook", "win_models"]
