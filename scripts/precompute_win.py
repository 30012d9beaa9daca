"""Solve the presets' two-player win tables ahead of time and keep them, one compressed file each.

Run: python scripts/precompute_win.py OUT_DIR [PRESET[:TARGET] ...]   (default: every preset at its target)

Each file is what ``WinSolution.to_bytes`` keeps (the turn-start values, the
carryover values and the score-to-beat tables); ``WinSolution.from_bytes``
restores the solution in a second or so, the in-turn tables being rebuilt on
demand. The script prints each file's size and the time its solve took.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from greed_game.ai.win import WinSolution
from greed_game.presets import preset_at
from greed_game.rules import PRESET_IDS


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    specs = sys.argv[2:] or list(PRESET_IDS)
    print("| rules | target | solve s | file | size |")
    print("|---|---|---|---|---|")
    for spec in specs:
        rules = preset_at(spec)
        start = time.perf_counter()
        data = WinSolution(rules).to_bytes()
        seconds = time.perf_counter() - start
        path = out / f"{rules.id}-{rules.target}.npz"
        path.write_bytes(data)
        start = time.perf_counter()
        back = WinSolution.from_bytes(rules, path.read_bytes())
        assert back is not None, f"{path} does not restore"
        print(
            f"| `{rules.id}` | {rules.target} | {seconds:.1f} | {path.name} | {len(data) / 1024:,.0f} KB "
            f"(restored in {time.perf_counter() - start:.1f} s) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
