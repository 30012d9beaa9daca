"""Draw the application icon (assets/images/icon.png): a red die showing five, on transparent ground.

Run: python packaging/make_icon.py
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

SIZE = 256
OUT = Path(__file__).resolve().parent.parent / "assets" / "images" / "icon.png"


def main() -> None:
    pygame.init()
    big = SIZE * 4  # drawn large, then smoothly scaled down for clean edges
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    margin, radius = big // 12, big // 6
    body = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    shadow = body.move(big // 40, big // 30)
    pygame.draw.rect(surf, (0, 0, 0, 90), shadow, border_radius=radius)
    pygame.draw.rect(surf, (176, 24, 36), body, border_radius=radius)
    pygame.draw.rect(surf, (214, 58, 66), body.inflate(-big // 16, -big // 16), border_radius=radius - big // 40)
    pip = big // 11
    cx, cy, off = body.centerx, body.centery, body.width // 4
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        centre = (cx + dx * off, cy + dy * off)
        pygame.draw.circle(surf, (120, 10, 20), (centre[0] + 6, centre[1] + 8), pip)
        pygame.draw.circle(surf, (250, 246, 236), centre, pip)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.transform.smoothscale(surf, (SIZE, SIZE)), str(OUT))
    print(OUT)


if __name__ == "__main__":
    main()
