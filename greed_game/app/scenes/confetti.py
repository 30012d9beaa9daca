"""A game's end celebrated: paper confetti falling over the table in the winners' colours and gold."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas, clipped

GRAVITY = 260.0
"""Logical pixels a second squared a piece would fall by in still air."""
PIECES = 150
"""How many pieces a burst throws."""


@dataclass
class Piece:
    """One piece of paper: where it is, how it moves, how it turns and flips as it falls."""

    x: float
    y: float
    vx: float
    vy: float
    turn: float
    spin: float
    flip: float
    flips: float
    size: float
    color: tuple[int, int, int]
    drag: float
    """How quickly the air slows it (a share of its speed a second): pieces part as they fall."""


class Confetti:
    """Confetti over an area of the stage: shot up from its near corners, fluttering down through it, then
    gone."""

    def __init__(self) -> None:
        self.pieces: list[Piece] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.t = 0.0

    def burst(self, rng: random.Random, colors: Sequence[tuple[int, int, int]], area: pygame.Rect) -> None:
        """Throw a burst of pieces in ``colors`` (and gold and white) over ``area`` (logical pixels)."""
        self.area = area
        self.t = 0.0
        palette = [*colors, theme.GOLD, (250, 246, 236)]
        self.pieces = []
        for n in range(PIECES):
            # from the two near corners, up and in, as from party poppers
            side = 1 if n % 2 else -1
            angle = math.radians(rng.uniform(40, 85))
            speed = rng.uniform(500, 1150)
            self.pieces.append(Piece(
                x=area.centerx - side * (area.w / 2 - 20), y=area.bottom - 10,
                vx=side * speed * math.cos(angle), vy=-speed * math.sin(angle), turn=rng.uniform(0, math.tau),
                spin=rng.uniform(-5, 5), flip=rng.uniform(0, math.tau), flips=rng.uniform(5, 11),
                size=rng.uniform(6, 11), color=rng.choice(palette), drag=rng.uniform(1.1, 2.4)))

    @property
    def falling(self) -> bool:
        """Whether any piece is still on its way down."""
        return bool(self.pieces)

    def step(self, dt: float) -> None:
        """Move every piece on by ``dt`` seconds; those past the area's foot are gone."""
        if not self.pieces:
            return
        self.t += dt
        for p in self.pieces:
            slow = math.exp(-p.drag * dt)
            # paper sways from side to side as it falls
            p.vx = p.vx * slow + 90.0 * math.sin(self.t * 2.3 + p.turn) * dt
            p.vy = p.vy * slow + GRAVITY * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.turn += p.spin * dt
            p.flip += p.flips * dt
        self.pieces = [p for p in self.pieces if p.y < self.area.bottom + 12]

    def draw(self, canvas: Canvas) -> None:
        """The pieces in the air, within the area."""
        if not self.pieces:
            return
        with clipped(canvas, self.area):
            for p in self.pieces:
                # a flat piece seen as it flips: its height comes and goes
                w, h = p.size, p.size * 0.55 * abs(math.cos(p.flip)) + 1.0
                c, s = math.cos(p.turn), math.sin(p.turn)
                corners = [(p.x + c * dx - s * dy, p.y + s * dx + c * dy)
                           for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
                shade = 0.75 + 0.25 * abs(math.cos(p.flip))
                canvas.polygon(tuple(round(v * shade) for v in p.color), corners)  # type: ignore[arg-type]


__all__ = ["Confetti"]
