"""Frame time of the table while six dice are thrown, at 1280×720, 1920×1080 and 3840×2160 (dummy video driver).

Targets, mean / 99th percentile: 2 / 4 ms at 1280×720, 3 / 6 ms at 1920×1080
and 6 / 12 ms at 3840×2160. A frame is everything the loop does once: input,
the fixed-step updates (physics, tumbling faces, sounds), the render and the
flip. Wall-clock time is what a player sees; the CPU time of the game's thread
is also printed, since other programs on a busy machine stretch wall-clock
times. Each figure is printed with its target and the ratio to it. Figures,
not assertions.

Then the same table in the 3D view (``GREED_VIEW=3d``: the dummy driver with an
EGL context, as the tests draw it) at each size, beside a minimal moderngl
program drawing six lit cubes at the same size with the same readback
(``bench_gl.Baseline``), measured in the same run, one after the other. Target:
the 3D table's frame at most 2x the cubes'. Wall-clock time for both: a
software renderer (llvmpipe, said so when it is the one) works on threads of
its own, which the game thread's CPU time does not see. Both are measured
twice: frames back to back, and frames begun 1/60 s apart, as the game's loop
begins them. The table draws its dice in flight ahead
(``GLDice.render_part``): paced, the renderer works on them between frames,
which back to back it cannot. The CPU time of the whole process a frame, the
renderer's threads with it, is printed beside the paced figures, for both. The 3D part throws a fifth as often (at least
twice): software GL at 4K takes a while.
Run: python benchmarks/bench_frames.py [THROWS] [WIDTHxHEIGHT ...]
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench_gl import Baseline, throw_poses

from greed_game.app.camera import Camera
from greed_game.app.gl_dice import GLDice
from greed_game.app.main import App
from greed_game.app.scenes.table import TableScene
from greed_game.app.scenes.table_parts import DIE, FELT
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
GL_TARGET = 2.0
"""The 3D table's frame at most this many times the six lit cubes' at the same size."""


def throw_frames(app: App, seed: int, skin: SkinName, *, paced: bool = False) -> list[tuple[float, float]]:
    """Frame times (wall, thread CPU; seconds) from the press of Space until six thrown dice lie still;
    ``paced``: each frame begun 1/60 s after the last, as the game's loop begins them, and its CPU time the whole
    process's from its start to the next frame's (what the renderer's threads do between frames is counted)."""
    app.settings.skin = skin
    setup = GameSetup("pass-the-dice", [Player("Tess"), Player("Ada", "cautious")])
    game = Game(setup.ruleset(), setup.players)
    game.apply(FirstPlayer(0))
    table = TableScene(app, setup, game, random.Random(seed), seed)
    app.stack.replace(table)
    app.frame()
    table.send(ThrowDice())
    times = []
    cpu_time = time.process_time if paced else time.thread_time
    while table.turn.mode == "rolling":
        start, cpu = time.perf_counter(), cpu_time()
        app.frame()
        wall = time.perf_counter() - start
        if paced:
            pace(start)
        times.append((wall, cpu_time() - cpu))
    return times


def pace(start: float) -> None:
    """Wait for the next frame's turn, 1/60 s after ``start``."""
    time.sleep(max(0.0, start + 1 / 60 - time.perf_counter()))


def stats(values: list[float]) -> tuple[float, float, float]:
    """Mean, 99th percentile and maximum, in milliseconds."""
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return statistics.fmean(values) * 1000, p99 * 1000, values[-1] * 1000


def summary(label: str, values: list[float], target: tuple[float, float]) -> str:
    mean, p99, top = stats(values)
    return (f"  {label}: mean {mean:5.2f} ms (target <= {target[0]:g}, {mean / target[0]:.2f}x), "
            f"p99 {p99:5.2f} ms (target <= {target[1]:g}, {p99 / target[1]:.2f}x), max {top:.2f} ms")


@contextlib.contextmanager
def dice_view(kind: str) -> Iterator[None]:
    """The table drawn with the ``kind`` view ("flat" or "3d") while inside."""
    before = os.environ.get("GREED_VIEW")
    os.environ["GREED_VIEW"] = kind
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("GREED_VIEW", None)
        else:
            os.environ["GREED_VIEW"] = before


def measure(size: tuple[int, int], throws: int, view: str = "flat", *,
            paced: bool = False) -> list[tuple[float, float]]:
    """Frames of ``throws`` throws (half of them with each skin) in a window of ``size``, drawn with ``view``
    (``paced``: see :func:`throw_frames`)."""
    with tempfile.TemporaryDirectory(prefix="greed-bench-") as folder, dice_view(view):
        settings = Settings(animation_speed="normal", void_frequency="off", sound=True)
        app = App(storage=Storage(Path(folder)), settings=settings, size=size, clock="virtual", seed=1)
        try:
            for seed in range(2):  # warm the caches (faces, text, felt)
                throw_frames(app, 1000 + seed, SKINS[seed % 2])
            if (app.views.gl() is not None) != (view == "3d"):
                raise SystemExit(f"the table is not drawn with the {view} view here ({app.views.describe()})")
            frames: list[tuple[float, float]] = []
            for seed in range(throws):
                frames += throw_frames(app, seed, SKINS[seed % 2], paced=paced)
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
    return measure_3d(sizes, max(2, throws // 5))


def cube_frames(ctx_owner: GLDice, size: tuple[int, int], count: int, *, paced: bool = False
                ) -> list[tuple[float, float]]:
    """Times (wall, process CPU) of ``count`` frames of six lit cubes in flight at ``size``, read back into a
    surface (``paced``: 1/60 s apart, the CPU time counted to the next frame's start)."""
    baseline = Baseline(ctx_owner.backend)
    camera = Camera((float(FELT.centerx), float(FELT.centery)), DIE)
    frames, _ = throw_poses()
    for i in range(5):  # warm: the framebuffer made
        baseline.render(frames[i], camera, size)
    times = []
    for i in range(count):
        start, cpu = time.perf_counter(), time.process_time()
        baseline.render(frames[i % len(frames)], camera, size)
        wall = time.perf_counter() - start
        if paced:
            pace(start)
        times.append((wall, time.process_time() - cpu))
    baseline.release()
    return times


def measure_3d(sizes: list[tuple[int, ...]], throws: int) -> int:
    """The table in the 3D view during a throw against six lit cubes, size by size, in this run."""
    import pygame

    pygame.init()
    cubes = GLDice.create()
    if cubes is None:
        print("3D view: no OpenGL 3.3 context here (neither the platform's nor EGL): nothing to measure")
        return 0
    software = cubes.software
    kind = ("software GL (llvmpipe draws on this machine's CPUs)" if "llvmpipe" in cubes.renderer
            else "software GL" if software else "hardware GL")
    print(f"3D view (GREED_VIEW=3d, {pygame.display.get_driver()} video driver, {cubes.backend} context): "
          f"{cubes.renderer}; {kind}; {throws} throws a size, against six lit cubes (bench_gl.Baseline), wall clock")
    try:
        for size in sizes:
            w, h = int(size[0]), int(size[1])
            for paced in (False, True):
                ours = measure((w, h), throws, view="3d", paced=paced)
                base = cube_frames(cubes, (w, h), len(ours), paced=paced)
                table, cubes_wall = [f for f, _ in ours], [f for f, _ in base]
                (mean, p99, top), (bmean, bp99, btop) = stats(table), stats(cubes_wall)
                how = "1/60 s apart, as the game" if paced else "back to back"
                print(f"{w}x{h} 3D, {len(table)} frames {how}: table mean {mean:6.2f} ms p99 {p99:6.2f} "
                      f"max {top:6.2f} | six lit cubes mean {bmean:6.2f} ms p99 {bp99:6.2f} max {btop:6.2f} | "
                      f"ratio {mean / bmean:.2f}x (target <= {GL_TARGET:g}x), p99 {p99 / bp99:.2f}x")
                if paced:
                    cpu, bcpu = stats([c for _, c in ours])[0], stats([c for _, c in base])[0]
                    print(f"  CPU of the whole process a frame, the renderer's threads between frames too: "
                          f"table {cpu:6.2f} ms, six lit cubes {bcpu:6.2f} ms, {cpu / bcpu:.2f}x")
    finally:
        cubes.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
