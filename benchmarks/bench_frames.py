"""Frame time of the table while six dice are thrown, at 1280×720 under the dummy video driver.

Targets: mean <= 4 ms, 99th percentile <= 8 ms. A frame is everything the loop
does once: input, the fixed-step updates (physics, tumbling faces, sounds), the
render and the flip. Wall-clock time is what a player sees; the CPU time of
the game's thread is also printed, since other programs on a busy machine
stretch wall-clock times. Figures, not assertions.
Run: python benchmarks/bench_frames.py [THROWS]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from greed_game.app.main import App
from greed_game.app.scenes.table import TableScene
from greed_game.app.setup import GameSetup
from greed_game.rules import FirstPlayer, Game, Player
from greed_game.storage import Settings, Storage


def throw_frames(app: App, seed: int) -> list[tuple[float, float]]:
    """Frame times (wall, thread CPU; seconds) from the press of Space until six thrown dice lie still."""
    setup = GameSetup("pass-the-dice", [Player("Tess"), Player("Ada", "cautious")])
    game = Game(setup.ruleset(), setup.players)
    game.apply(FirstPlayer(0))
    table = TableScene(app, setup, game, random.Random(seed), seed)
    app.stack.replace(table)
    app.frame()
    table.turn.roll()
    times = []
    while table.turn.mode == "rolling":
        start, cpu = time.perf_counter(), time.thread_time()
        app.frame()
        times.append((time.perf_counter() - start, time.thread_time() - cpu))
    return times


def summary(label: str, values: list[float]) -> str:
    values = sorted(values)
    mean = statistics.fmean(values) * 1000
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))] * 1000
    return f"{label}: mean {mean:.2f} ms (target <= 4), p99 {p99:.2f} ms (target <= 8), max {values[-1] * 1000:.2f} ms"


def main() -> int:
    throws = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with tempfile.TemporaryDirectory(prefix="greed-bench-") as folder:
        settings = Settings(animation_speed="normal", void_frequency="off", sound=True)
        app = App(storage=Storage(Path(folder)), settings=settings, clock="virtual", seed=1)
        try:
            for seed in range(3):  # warm the caches (faces, text, felt)
                throw_frames(app, 1000 + seed)
            frames: list[tuple[float, float]] = []
            for seed in range(throws):
                frames += throw_frames(app, seed)
        finally:
            app.close()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"table at 1280x720, {throws} throws of six dice, {len(frames)} frames "
          f"({os.cpu_count()} CPUs, load average {load:.1f})")
    print(summary("frame time, wall clock", [w for w, _ in frames]))
    print(summary("frame time, CPU       ", [c for _, c in frames]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
