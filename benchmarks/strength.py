"""The strength table of the README: every level against every other, two-player, per preset.

``optimal`` has a table of its own (``strength_optimal.py``): its games at the presets' own targets take
far longer to play out.

Run: python benchmarks/strength.py [GAMES]   (prints a Markdown table)
"""

from __future__ import annotations

import sys
from itertools import combinations

from greed_game.ai import LEVELS
from greed_game.ai.simulate import simulate
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    pairs = list(combinations(reversed([level for level in LEVELS if level != "optimal"]), 2))
    header = " | ".join(f"{a} vs {b}" for a, b in pairs)
    print(f"| preset | {header} |")
    print("|---" * (len(pairs) + 1) + "|")
    for pid in PRESET_IDS:
        cells = []
        for a, b in pairs:
            out = simulate(preset(pid), [a, b], games, seed=2026)
            level = out["levels"][a]
            low, high = level["win_rate_95"]
            cells.append(f"{level['win_rate'] * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})")
        print(f"| `{pid}` | " + " | ".join(cells) + " |", flush=True)
    print(f"\nEach cell: the first level's win rate over {games:,} two-player games (seats alternate),"
          " with its 95% interval.")


if __name__ == "__main__":
    main()
