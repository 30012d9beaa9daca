"""The shipped win books in play: size, load time and the time of one decision of the optimal level.

Run: python benchmarks/bench_book.py [--games N] [PRESET ...]

Target: one decision in play at most 50 ms. Each preset at its own target,
optimal (reading the book, no numpy) against master, seats alternating; a
decision is one keep, bank-or-throw or carryover answer, timed as the level
makes it (the first of a turn includes rebuilding the score pair's in-turn
values). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from greed_game.ai import strategy
from greed_game.ai.optimal import Optimal
from greed_game.ai.simulate import play_game
from greed_game.books import shipped_book
from greed_game.presets import preset
from greed_game.resources import asset_path
from greed_game.rules import PRESET_IDS


def timed(times: list[float], call: Callable[..., Any]) -> Callable[..., Any]:
    """``call``, adding how long each call took to ``times``."""

    def run(*args: Any) -> Any:
        start = time.perf_counter()
        out = call(*args)
        times.append(time.perf_counter() - start)
        return out

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(PRESET_IDS))
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print("| rules, target | book | load | decisions | mean | p99 | worst | target |")
    print("|---|---|---|---|---|---|---|---|")
    for pid in args.presets:
        rules = preset(pid)
        start = time.perf_counter()
        book = shipped_book(rules)
        load = time.perf_counter() - start
        assert book is not None, f"no book for {pid}"
        me = Optimal(rules, book)
        times: list[float] = []
        for name in ("keep", "bank", "carry"):
            setattr(me, name, timed(times, getattr(me, name)))
        master = strategy("master", rules)
        rng = random.Random(2026)
        for game in range(args.games):
            play_game(rules, [me, master] if game % 2 == 0 else [master, me], rng)
        times.sort()
        size = asset_path("win", f"{pid}.book").stat().st_size
        print(
            f"| `{pid}` {rules.target:,} | {size / 1e6:.2f} MB | {load:.2f} s | {len(times):,} | "
            f"{1000 * sum(times) / len(times):.1f} ms | {1000 * times[int(0.99 * (len(times) - 1))]:.1f} ms | "
            f"{1000 * times[-1]:.1f} ms | ≤ 50 ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
