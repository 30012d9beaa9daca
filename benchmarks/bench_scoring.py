"""Speed of the scoring tables (figures, not assertions).

Target: listing every valid keep of a throw takes <= 2 µs once the table is built,
asked either with a counts tuple or with a list of dice. Also prints how long each
preset's table takes to build (the cache of ``table_for`` is cleared between builds).

Run: python benchmarks/bench_scoring.py [THROWS]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greed_game.rules import Counts

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_US = 2.0


def per_call_us(fn: Callable[[], None], calls: int, repeats: int = 5) -> float:
    """The best of ``repeats`` runs of ``fn`` (which makes ``calls`` calls), in µs per call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def lookup_times(
    options: Callable[[Counts], object], counts: list[Counts], dice_lists: list[list[int]]
) -> tuple[float, float, float]:
    """µs a throw: options from counts tuples, from dice lists, and the bare loop."""
    from greed_game.rules import counts_of

    def from_counts() -> None:
        for c in counts:
            options(c)

    def from_dice() -> None:
        for d in dice_lists:
            options(counts_of(d))

    def loop_alone() -> None:
        for _c in counts:
            pass

    n = len(counts)
    return per_call_us(from_counts, n), per_call_us(from_dice, n), per_call_us(loop_alone, n)


def main(argv: list[str]) -> int:
    from greed_game.presets import preset
    from greed_game.rules import PRESET_IDS, counts_of
    from greed_game.rules.scoring import ScoringTable, table_for

    n = int(argv[0]) if argv else 200_000
    rng = random.Random(2024)
    print(f"Listing the options of a throw: {n:,} random throws per preset (1 to all dice), best of 5 runs")
    print(f"target <= {TARGET_US:.1f} µs a throw; ratio = time / target (below 1 meets it)\n")
    print(f"{'preset':<15} {'from counts':>12} {'ratio':>6} {'from dice':>12} {'ratio':>6} {'loop alone':>11}")
    worst = 0.0
    for rules_id in PRESET_IDS:
        rules = preset(rules_id)
        table = rules.table
        dice_lists = [[rng.randint(1, 6) for _ in range(rng.randint(1, rules.dice))] for _ in range(n)]
        counts = [counts_of(d) for d in dice_lists]
        a, b, overhead = lookup_times(table.options, counts, dice_lists)
        worst = max(worst, a, b)
        print(
            f"{rules_id:<15} {a:>9.3f} µs {a / TARGET_US:>6.2f} {b:>9.3f} µs {b / TARGET_US:>6.2f} {overhead:>8.3f} µs"
        )

    print("\nBuilding a preset's table (all 924 multisets of up to six dice), 5 builds each")
    print(f"{'preset':<15} {'best':>9} {'median':>9} {'combos':>7}")
    for rules_id in PRESET_IDS:
        scoring = preset(rules_id).scoring
        times = []
        for _ in range(5):
            table_for.cache_clear()
            start = time.perf_counter()
            built = table_for(scoring)
            times.append(time.perf_counter() - start)
        assert isinstance(built, ScoringTable)
        print(
            f"{rules_id:<15} {min(times) * 1e3:>6.1f} ms {statistics.median(times) * 1e3:>6.1f} ms"
            f" {len(built.combos):>7}"
        )
    table_for.cache_clear()
    verdict = "meets" if worst <= TARGET_US else "misses"
    ratio = worst / TARGET_US
    print(f"\nslowest lookup {worst:.3f} µs a throw: {verdict} the {TARGET_US:.1f} µs target ({ratio:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
