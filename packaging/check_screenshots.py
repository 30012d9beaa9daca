"""Fail unless every PNG in a folder shows a real picture (not one flat colour).

Usage: python packaging/check_screenshots.py DIR [MIN_COUNT]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame


def distinct_colours(path: Path, samples: int = 4096) -> int:
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    seen = set()
    step = max(1, int((w * h / samples) ** 0.5))
    for y in range(0, h, step):
        for x in range(0, w, step):
            seen.add(tuple(image.get_at((x, y)))[:3])
    return len(seen)


def main() -> int:
    folder = Path(sys.argv[1])
    minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    shots = sorted(folder.glob("*.png"))
    if len(shots) < minimum:
        print(f"{folder}: {len(shots)} screenshots, expected at least {minimum}", file=sys.stderr)
        return 1
    bad = 0
    for shot in shots:
        colours = distinct_colours(shot)
        verdict = "ok" if colours >= 16 else "BLANK"
        bad += verdict != "ok"
        print(f"{shot.name}: {colours} distinct colours sampled: {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
