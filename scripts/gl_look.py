"""Pictures of the 3D dice to look at: six dice flat, tumbling in the air, and one cocked against another,
over a green felt, in both skins, at 1280×720 and 854×480.

Run: python scripts/gl_look.py [OUT_FOLDER]   (default /tmp/gl-look; needs an OpenGL 3.3 or EGL context)
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

from greed_game.app.camera import Camera
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W, StageMap
from greed_game.app.gl_dice import GLDice, Highlight
from greed_game.app.scenes.table_parts import DIE, FELT, RAILS
from greed_game.app.skins import SKINS
from greed_game.app.theme import FELT as FELT_COLOR
from greed_game.app.theme import RAIL
from greed_game.physics.faces import LAYOUTS, Layout


def quat(axis: tuple[float, float, float], degrees: float) -> tuple[float, float, float, float]:
    """A turn about ``axis`` as (i, j, k, w)."""
    a = np.asarray(axis, dtype=np.float64)
    a /= np.linalg.norm(a)
    h = math.radians(degrees) / 2
    return (*(a * math.sin(h)), math.cos(h))


def times(q1: tuple[float, ...], q2: tuple[float, ...]) -> tuple[float, float, float, float]:
    """The turn q1 after q2 (both (i, j, k, w))."""
    x1, y1, z1, w1 = q1
    x2, y2, z2, w2 = q2
    return (w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2, w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2, w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2)


def scenes() -> dict[str, tuple[np.ndarray, list[Highlight | None]]]:
    """Poses of six dice in three moments, with the rings the table would show."""
    flat = np.array([(x, y, 0.5, *quat((0, 0, 1), turn)) for x, y, turn in
                     ((-4.5, 1.2, 8), (-2.2, -0.8, -17), (0.0, 1.5, 31), (2.1, -1.0, 0), (4.4, 0.9, 44),
                      (6.2, -2.4, -5))], dtype=np.float32)
    air = np.array([(x, y, z, *quat(axis, angle)) for x, y, z, axis, angle in
                    ((-5.0, -1.5, 3.0, (1, 1, 0), 40), (-2.5, 0.5, 2.2, (0.3, 1, 0.2), 70),
                     (0.2, -1.8, 4.0, (1, 0.2, 0.5), 120), (2.5, 1.5, 1.2, (0.1, 0.4, 1), 25),
                     (4.8, -0.2, 2.8, (1, 1, 1), 55), (-6.8, 3.2, -1.5, (1, 0, 0.3), 60))], dtype=np.float32)
    # a die resting on the felt and one leaning on it at about 35°: its lower edge on the felt, its side on
    # the other die's top edge
    lean = math.radians(35)
    foot = 0.5 * (math.cos(lean) + math.sin(lean))
    cocked = np.array([
        (-3.5, 0.8, 0.5, *quat((0, 0, 1), 12)), (-1.0, -1.2, 0.5, *quat((0, 0, 1), -25)),
        (1.4, 0.6, 0.5, *quat((0, 0, 1), 0)), (1.9 + foot, 0.6, foot, *quat((0, 1, 0), -35)),
        (5.0, -1.6, 0.5, *quat((0, 0, 1), 20)), (-5.8, -2.2, 0.5, *times(quat((0, 0, 1), 10), quat((1, 0, 0), 90))),
    ], dtype=np.float32)
    return {
        "flat": (flat, ["selected", "hover", "advised", None, None, None]),
        "air": (air, [None] * 6),
        "cocked": (cocked, [None, None, None, "bust", None, None]),
    }


def backdrop(size: tuple[int, int], stage: StageMap) -> pygame.Surface:
    """A plain table: rails and a green felt."""
    s = pygame.Surface(size)
    s.fill((24, 30, 27))
    s.fill(RAIL, stage.rect(RAILS))
    s.fill(FELT_COLOR, stage.rect(FELT))
    return s


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gl-look")
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    dice = GLDice.create()
    if dice is None:
        sys.exit("no OpenGL 3.3 context here")
    print(f"renderer: {dice.renderer} ({dice.backend})")
    camera = Camera(FELT.center, DIE)
    layouts: list[Layout] = [LAYOUTS[i * 5 % 24] for i in range(6)]
    for size in ((1280, 720), (854, 480)):
        stage = StageMap()
        stage.scale = size[0] / LOGICAL_W
        table = backdrop(size, stage)
        for skin in SKINS:
            for name, (poses, marks) in scenes().items():
                frame = table.copy()
                image = dice.render(poses, layouts, skin, camera, size, (0, 0, LOGICAL_W, LOGICAL_H), marks)
                frame.blit(image, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
                path = out / f"{name}-{skin}-{size[0]}.png"
                pygame.image.save(frame, path)
                print(path)
    dice.release()


if __name__ == "__main__":
    main()
