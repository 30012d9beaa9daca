"""Frame time of the table while six dice are thrown, at 1280×720, 1920×1080 and 3840×2160 (dummy video driver).

Targets, mean / 99th percentile: 2 / 4 ms at 1280×720, 3 / 6 ms at 1920×1080
and 6 / 12 ms at 3840×2160. A frame is everything the loop does once: input,
the fixed-step updates (physics, tumbling faces, sounds), the render and the
flip. Wall-clock time is what a player sees; the CPU time of the game's thread
is also printed, since other programs on a busy machine stretch wall-clock
times. Each figure is printed with its target and the ratio to it. Figures,
not assertions.
Run: python benchmarks/bench_frames.py [THROWS] [WIDTHxHEIGHT ...]
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
from greed_game.app.skins import SKINS, SkinName
from greed_game.play.moments import ThrowDice
from greed_game.play.setup import GameSetup
from greed_game.rules import FirstPlayer, Game, Player
from greed_game.storage import Settings, Storage

TARGETS: dict[tuple[int, int], tuple[float, float]] = {
    (1280, 720): (2.0, 4.0),
    (1920, 1080): (3.0, 6.0),
    (3840, 2160): (6.0, 12.0),
}
"""Window size: (mean, p99) targets in milliseconds."""


def throw_frames(app: App, seed: int, skin: SkinName) -> list[tuple[float, float]]:
    """Frame times (wall, thread CPU; seconds) from the press of Space until six thrown dice lie still."""
    app.settings.skin = skin
    setup = GameSetup("pass-the-dice", [Player("Tess"), Player("Ada", "cautious")])
    game = Game(setup.ruleset(), setup.players)
    game.apply(FirstPlayer(0))
    table = TableScene(app, setup, game, random.Random(seed), seed)
    app.stack.replace(table)
    app.frame()
    table.send(ThrowDice())
    times = []
    while table.turn.mode == "rolling":
        start, cpu = time.perf_counter(), time.thread_time()
        app.frame()
        times.append((time.perf_counter() - start, time.thread_time() - cpu))
    return times


def stats(values: list[float]) -> tuple[float, float, float]:
    """Mean, 99th percentile and maximum, in milliseconds."""
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return statistics.fmean(values) * 1000, p99 * 1000, values[-1] * 1000


def summary(label: str, values: list[float], target: tuple[float, float]) -> str:
    mean, p99, top = stats(values)
    return (f"  {label}: mean {mean:5.2f} ms (target <= {target[0]:g}, {mean / target[0]:.2f}x), "
            f"p99 {p99:5.2f} ms (target <= {target[1]:g}, {p99 / target[1]:.2f}x), max {top:.2f} ms")


def measure(size: tuple[int, int], throws: int) -> list[tuple[float, float]]:
    """Frames of ``throws`` throws (half of them with each skin) in a window of ``size``."""
    with tempfile.TemporaryDirectory(prefix="greed-bench-") as folder:
        settings = Settings(animation_speed="normal", void_frequency="off", sound=True)
        app = App(storage=Storage(Path(folder)), settings=settings, size=size, clock="virtual", seed=1)
        try:
            for seed in range(2):  # warm the caches (faces, text, felt)
                throw_frames(app, 1000 + seed, SKINS[seed % 2])
            frames: list[tuple[float, float]] = []
            for seed in range(throws):
                frames += throw_frames(app, seed, SKINS[seed % 2])
        finally:
            app.close()
    return frames


def main() -> int:
    throws = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    sizes = [tuple(int(n) for n in a.split("x")) for a in sys.argv[2:]] or list(TARGETS)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"table during a throw of six dice, {throws} throws a size ({os.cpu_count()} CPUs, load average {load:.1f})")
    for size in sizes:
        w, h = size[0], size[1]
        target = TARGETS.get((w, h), (2.0 * w * h / (1280 * 720), 4.0 * w * h / (1280 * 720)))
        frames = measure((w, h), throws)
        print(f"{w}x{h}, {len(frames)} frames")
        print(summary("wall clock", [f for f, _ in frames], target))
        print(summary("CPU       ", [c for _, c in frames], target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
