"""Long soak: computer games across every preset with every invariant checked; prints games and events per second.

    python benchmarks/soak.py [GAMES] [--seed N] [--void-rate R]

The checks are those of ``tests/test_soak.py`` (the test runs fewer games).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the checks' own helpers (their budgets)


def _load_soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak_checks", ROOT / "tests" / "test_soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak_checks"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=20_000, help="games to play (default 20000)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="seed of the first game")
    parser.add_argument("--void-rate", type=float, default=0.03, help="share of throws declared void")
    args = parser.parse_args(argv)
    soak = _load_soak()
    from greed_game.rules import PRESET_IDS

    started = time.perf_counter()
    per_preset: dict[str, list[float]] = {p: [0.0, 0.0, 0.0] for p in PRESET_IDS}
    events = voids = 0
    for i in range(args.games):
        rules_id = PRESET_IDS[i % len(PRESET_IDS)]
        t0 = time.perf_counter()
        result = soak.soak_game(rules_id, args.seed + i, void_rate=args.void_rate, check_record=True)
        entry = per_preset[rules_id]
        entry[0] += 1
        entry[1] += result.events
        entry[2] += time.perf_counter() - t0
        events += result.events
        voids += result.voids
        if (i + 1) % 1000 == 0:
            elapsed = time.perf_counter() - started
            print(f"{i + 1} games, {events} events, {elapsed:.1f} s", flush=True)
    elapsed = time.perf_counter() - started
    for rules_id, (games, ev, secs) in per_preset.items():
        if games:
            print(
                f"{rules_id:14} {int(games):6} games {int(ev):9} events  "
                f"{games / secs:8.1f} games/s {ev / secs:9.0f} events/s"
            )
    print(
        f"total          {args.games:6} games {events:9} events  {args.games / elapsed:8.1f} games/s "
        f"{events / elapsed:9.0f} events/s  ({voids} void throws, {elapsed:.1f} s, every invariant held)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
