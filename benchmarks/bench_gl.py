"""Frame time of the 3D dice (GLDice.render) during a throw, against a minimal moderngl program, at 1280×720,
1920×1080 and 3840×2160.

Both draw six dice mid-throw (poses from a simulated throw, played back) over
the whole stage and read the frame back into a pygame surface the same way.
The dice in flight are drawn as the table draws them (on a software renderer,
without multisampling); the figure for dice at rest, drawn once when they
settle, is printed beside.
The baseline is the least a 3D view can do: six lit cubes (no rounding, no
face textures, no shadows, no multisampling), one draw call a cube, into a
plain framebuffer. Target: the dice at most 2x the baseline. Each figure is
printed with the baseline measured in the same run; wall-clock time, since a
software renderer (llvmpipe) works on threads of its own. Figures, not
assertions.
Run: python benchmarks/bench_gl.py [FRAMES] [WIDTHxHEIGHT ...]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import moderngl
import numpy as np
import numpy.typing as npt
import pygame

from greed_game.app.camera import Camera
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W
from greed_game.app.gl_dice import GLDice, projection, standalone_context
from greed_game.app.scenes.table_parts import DIE, FELT
from greed_game.physics import Flick, simulate

SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
TARGET = 2.0
"""The dice's frame at most this many times the baseline's."""
STAGE = (0, 0, LOGICAL_W, LOGICAL_H)

_CUBE_VS = """#version 330
uniform mat4 mvp;
uniform vec3 center;
uniform mat3 turn;
in vec3 in_pos; in vec3 in_normal;
out vec3 v_normal;
void main() {
    v_normal = turn * in_normal;
    gl_Position = mvp * vec4(center + turn * in_pos, 1.0);
}
"""
_CUBE_FS = """#version 330
in vec3 v_normal;
out vec4 frag;
void main() {
    float light = 0.35 + 0.65 * max(dot(normalize(v_normal), normalize(vec3(-0.45, 0.35, 1.0))), 0.0);
    frag = vec4(vec3(0.95, 0.93, 0.88) * light, 1.0);
}
"""


def cube() -> npt.NDArray[np.float32]:
    """A unit cube's 36 vertices: position and normal."""
    rows = []
    for axis in range(3):
        for sign in (1.0, -1.0):
            n = np.zeros(3)
            n[axis] = sign
            u, v = np.roll(np.eye(3), 1, axis=0)[axis], np.roll(np.eye(3), 2, axis=0)[axis]
            corners = [0.5 * n + 0.5 * (a * u + b * v) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            rows += [np.concatenate([corners[i], n]) for i in (0, 1, 2, 0, 2, 3)]
    return np.array(rows, dtype=np.float32)


class Baseline:
    """Six lit cubes, the way a first moderngl program draws them: on a context of its own, so that no state the
    dice's renderer leaves (face culling, blending) changes what it draws."""

    def __init__(self, backend: str) -> None:
        self.ctx = ctx = standalone_context(backend)
        self.program = ctx.program(vertex_shader=_CUBE_VS, fragment_shader=_CUBE_FS)
        self.vao = ctx.vertex_array(self.program, [(ctx.buffer(cube().tobytes()), "3f 3f", "in_pos", "in_normal")])
        self.fbo: moderngl.Framebuffer | None = None

    def release(self) -> None:
        """Free its context."""
        self.ctx.release()

    def render(self, poses: npt.NDArray[np.float32], camera: Camera, size: tuple[int, int]) -> pygame.Surface:
        with self.ctx:  # the dice's renderer has a context of its own, which may be the current one
            return self._render(poses, camera, size)

    def _render(self, poses: npt.NDArray[np.float32], camera: Camera, size: tuple[int, int]) -> pygame.Surface:
        if self.fbo is None or self.fbo.size != size:
            self.fbo = self.ctx.framebuffer(self.ctx.renderbuffer(size, 4), self.ctx.depth_renderbuffer(size))
        self.fbo.use()
        self.ctx.viewport = (0, 0, *size)
        self.fbo.clear(0.0, 0.0, 0.0, 0.0, depth=1.0)
        self.ctx.enable(moderngl.DEPTH_TEST)
        self.program["mvp"].write(projection(camera, STAGE).T.copy().tobytes())  # type: ignore[union-attr]
        for pose in poses:
            x, y, z, w = (float(c) for c in pose[3:7])
            turn = np.array([
                [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
            ], dtype=np.float32)
            self.program["center"].value = tuple(float(c) for c in pose[:3])  # type: ignore[union-attr]
            self.program["turn"].write(turn.T.copy().tobytes())  # type: ignore[union-attr]
            self.vao.render()
        return pygame.image.frombuffer(self.fbo.read(components=4, alignment=1), size, "BGRA")


def throw_poses() -> tuple[list[npt.NDArray[np.float32]], list[tuple[int, int, int, int, int, int]]]:
    """Six dice's poses through the flight of a thrown hand (not yet at rest), and their faces."""
    rng = random.Random(7)
    film = simulate(6, Flick(0.0, -1, (0.2, 0.98), 22.0, 4.0), rng)
    flight = min(film.seconds, 1.2)
    frames = [film.pose(flight * i / 60) for i in range(60)]
    return frames, film.layouts((1, 2, 3, 4, 5, 6), rng)


def timed(draw: object, frames: int) -> list[float]:
    times = []
    for i in range(frames):
        start = time.perf_counter()
        draw(i)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def stats(values: list[float]) -> tuple[float, float]:
    """Mean and 99th percentile, ms."""
    values = sorted(values)
    return statistics.fmean(values) * 1000, values[min(len(values) - 1, int(0.99 * len(values)))] * 1000


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    sizes = [tuple(int(n) for n in a.split("x")) for a in sys.argv[2:]] or list(SIZES)
    pygame.init()
    dice = GLDice.create()
    if dice is None:
        print("no OpenGL 3.3 context here (neither the platform's nor EGL): nothing to measure")
        return 1
    software = dice.software
    kind = "software GL: every figure is CPU time of this machine" if software else "hardware GL"
    print(f"renderer: {dice.renderer} ({dice.backend} context; {kind}); {os.cpu_count()} CPUs, "
          f"{dice.samples}x multisampling; {count} frames a size")
    baseline = Baseline(dice.backend)
    # the same dice without multisampling, to show its share (the 3D view may choose it on software GL)
    single = GLDice.create(samples=0)
    camera = Camera(FELT.center, DIE)
    frames, layouts = throw_poses()
    for size in sizes:
        w, h = int(size[0]), int(size[1])

        def ours(i: int, w: int = w, h: int = h) -> None:
            dice.render(frames[i % len(frames)], layouts, "greed", camera, (w, h), STAGE, moving=True)

        def resting(i: int, w: int = w, h: int = h) -> None:
            dice.render(frames[i % len(frames)], layouts, "greed", camera, (w, h), STAGE)

        def theirs(i: int, w: int = w, h: int = h) -> None:
            baseline.render(frames[i % len(frames)], camera, (w, h))

        def plain(i: int, w: int = w, h: int = h) -> None:
            if single is not None:
                single.render(frames[i % len(frames)], layouts, "greed", camera, (w, h), STAGE)

        for draw in (ours, resting, theirs, plain):
            timed(draw, 5)  # warm: textures drawn, framebuffers made
        mine, base, flat = stats(timed(ours, count)), stats(timed(theirs, count)), stats(timed(plain, count))
        rest = stats(timed(resting, count))
        print(f"{w}x{h}: dice in flight mean {mine[0]:6.2f} ms p99 {mine[1]:6.2f} | six lit cubes mean "
              f"{base[0]:6.2f} ms p99 {base[1]:6.2f} | ratio {mine[0] / base[0]:.2f}x (target <= {TARGET:g}x) | "
              f"dice at rest (drawn once) {rest[0]:6.2f} ms | without multisampling at all {flat[0]:6.2f} ms")
    dice.release()
    baseline.release()
    if single is not None:
        single.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
