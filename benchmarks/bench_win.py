"""The exact win solver: solve time, states and residual per preset, and the optimal level's decision time.

Run: python benchmarks/bench_win.py [--games N] [PRESET[:TARGET] ...]
     (default: classic-five:3000 pass-the-dice:2000 dollar-greed:2000 farkel-family:2000 official:500)

A decision is one call of the level (take a carryover, which dice to keep,
bank or throw), timed over games of optimal against master; the last
column is optimal's win rate in N games against master (seats alternating,
95% interval). The first
decision at a new pair of scores works out that turn's table (the cold
figure), later ones read it. The goal is at most 50 ms a decision.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from greed_game.ai.master import Master
from greed_game.ai.optimal import Optimal
from greed_game.ai.players import Context
from greed_game.ai.simulate import play_game, simulate
from greed_game.presets import preset_at
from greed_game.rules.dice import Counts
from greed_game.solutions import Solutions

DEFAULT = ["classic-five:3000", "pass-the-dice:2000", "dollar-greed:2000", "farkel-family:2000", "official:500"]


class Timed(Optimal):
    """The optimal level with a stopwatch on every decision."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[float] = []

    def _timed(self, call: Any, *args: Any) -> Any:
        start = time.perf_counter()
        out = call(*args)
        self.times.append(time.perf_counter() - start)
        return out

    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        return bool(self._timed(super().carry, ctx, dice, points))

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        found: Counts = self._timed(super().keep, ctx, n, t, throw, strict)
        return found

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        return bool(self._timed(super().bank, ctx, n, t))


def main() -> None:
    args = sys.argv[1:]
    games = 2000
    if args[:1] == ["--games"]:
        games, args = int(args[1]), args[2:]
    specs = args or DEFAULT
    print(
        "| rules | target | first player wins | states | solve s | residual | lead cap | decision ms, mean / worst "
        f"| optimal vs master, {games:,} games |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    solutions = Solutions()  # no shipped books: every table here is solved, then kept for the games
    for spec in specs:
        rules = preset_at(spec)
        start = time.perf_counter()
        win: Any = solutions.win(rules)  # a solve, kept: the games below play from it
        seconds = time.perf_counter() - start
        player = Timed(rules, win)
        rng = random.Random(2026)
        master = Master(rules, solutions.model(rules))
        for g in range(40):
            play_game(rules, [player, master] if g % 2 == 0 else [master, player], rng)
        mean = sum(player.times) / len(player.times) * 1000
        worst = max(player.times) * 1000
        versus = simulate(rules, ["optimal", "master"], games, seed=2026, tables=solutions)["levels"]["optimal"]
        low, high = versus["win_rate_95"]
        print(
            f"| `{rules.id}` | {rules.target} | {win.first_player_win:.6f} | {win.states:,} | {seconds:.1f} "
            f"| {win.residual:.1e} | {win.D * win.step:,} | {mean:.2f} / {worst:.1f} "
            f"| {versus['win_rate'] * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
