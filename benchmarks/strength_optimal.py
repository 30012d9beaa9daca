"""The README's table of the optimal level against every other level, each preset at its own target.

Run: python benchmarks/strength_optimal.py [--games N] [--crowd] [PRESET ...]

Two-player games, seats alternating, seeded; optimal reads the win book
shipped for the preset (``assets/win``); N games a pairing (20,000 unless
told). With ``--crowd``: optimal among masters at three and at four seats
(seats rotating), where it plays against the leading opponent; a fair share
of wins is a third and a quarter. Each cell is optimal's win rate with its
95% (Wilson) interval; a shared win counts its share. Over this many
games the book remembers every score pair's in-turn values it works out (the
game keeps 64); the last columns give how many pairs that was and the peak
memory of the run so far.
"""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

from greed_game.ai import LEVELS
from greed_game.ai.simulate import simulate
from greed_game.books import shipped_book
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS, RuleSet
from greed_game.solutions import Solutions

CROWDS = (3, 4)
"""Seats of the games where optimal meets several masters."""


def _cell(out: dict[str, Any]) -> str:
    low, high = out["win_rate_95"]
    return f"{out['win_rate'] * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})"


def _pairings(solutions: Solutions, rules: RuleSet, games: int) -> list[str]:
    """Optimal's win rate against each other level, two players."""
    others = [level for level in LEVELS if level != "optimal"]
    return [_cell(simulate(rules, ["optimal", lv], games, seed=2026, tables=solutions)["levels"]["optimal"])
            for lv in others]


def _crowds(solutions: Solutions, rules: RuleSet, games: int) -> list[str]:
    """Optimal's win rate with two and with three masters (it plays against the leading opponent)."""
    cells = []
    for seats in CROWDS:
        levels = ["optimal"] + ["master"] * (seats - 1)
        out = simulate(rules, levels, games, seed=2026, tables=solutions)["levels"]["optimal"]
        cells.append(_cell(out))
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(PRESET_IDS))
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--crowd", action="store_true", help="optimal among masters at 3 and 4 seats instead")
    args = parser.parse_args()
    solutions = Solutions(books=shipped_book)  # as the game does: optimal plays from the books in assets/win
    if args.crowd:
        head = " | ".join(f"{n} players (fair share {100 / n:.1f}%)" for n in CROWDS)
        columns = len(CROWDS)
    else:
        head = " | ".join(f"vs `{lv}`" for lv in LEVELS if lv != "optimal")
        columns = len(LEVELS) - 1
    print(f"| preset, target | games | {head} | seconds | pairs | peak MB |")
    print("|---" * (columns + 5) + "|")
    for pid in args.presets:
        rules = preset(pid)
        book = solutions.shipped(rules)
        if book is not None:
            book.keep_pairs(None)
        start = time.perf_counter()
        cells = _crowds(solutions, rules, args.games) if args.crowd else _pairings(solutions, rules, args.games)
        seconds = time.perf_counter() - start
        pairs = book.pair.cache_info().currsize if book is not None else 0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        row = " | ".join([*cells, f"{seconds:,.0f}", f"{pairs:,}", f"{peak:,.0f}"])
        print(f"| `{pid}`, {rules.target:,} | {args.games:,} | {row} |", flush=True)
        if book is not None:
            book.keep_pairs(64)  # the next preset starts with this one's memory given back


if __name__ == "__main__":
    main()
