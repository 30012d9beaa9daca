"""What weighing every keep costs the exact win solver: its solve time with every distinct keep of a throw against
the same solve offering only the most points for each number of dice left (the solver before it was exact), one
after the other in the same run, and how far apart the first player's chances come out.

Run: python benchmarks/bench_keeps.py [PRESET[:TARGET] ...]
     (default: classic-five:3000 pass-the-dice:2000 dollar-greed:2000 farkel-family:2000 official:500)

The goal: every keep at most about twice the time of the best keep alone.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from greed_game.ai import win
from greed_game.ai.solver import ThrowModel, throw_model
from greed_game.presets import preset_at
from greed_game.rules import RuleSet

DEFAULT = ["classic-five:3000", "pass-the-dice:2000", "dollar-greed:2000", "farkel-family:2000", "official:500"]


def _best_keeps(rules: RuleSet) -> tuple[list[ThrowModel], list[ThrowModel]]:
    strict = rules.carryover == "strict"
    models = [throw_model(rules, n) for n in range(rules.dice + 1)]
    return models, [throw_model(rules, n, strict=strict) for n in range(rules.dice + 1)]


@contextmanager
def best_keeps_only() -> Iterator[None]:
    """Solve as before: the throw models keep only the most points for each number of dice left."""
    every = win.win_models
    win.win_models = _best_keeps
    try:
        yield
    finally:
        win.win_models = every


def _solve(rules: RuleSet) -> tuple[float, float, int]:
    start = time.perf_counter()
    solution = win.WinSolution(rules)
    keeps = sum(len(cands) for m in solution.models for _, cands in m.groups)
    return time.perf_counter() - start, solution.first_player_win, keeps


def main() -> None:
    specs = sys.argv[1:] or DEFAULT
    print("| rules | target | every keep: solve s | keeps offered | best keep only: solve s | keeps offered "
          "| ratio | first player wins (every keep) | difference |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in specs:
        rules = preset_at(spec)
        with best_keeps_only():
            old_s, old_p, old_g = _solve(rules)
        new_s, new_p, new_g = _solve(rules)
        print(f"| `{rules.id}` | {rules.target} | {new_s:.1f} | {new_g} | {old_s:.1f} | {old_g} | {new_s / old_s:.2f}× "
              f"| {new_p:.12f} | {new_p - old_p:+.1e} |", flush=True)


if __name__ == "__main__":
    main()
