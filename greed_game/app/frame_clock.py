"""The window's clock: a fixed update step, a catch-up cap, and sleeping while nothing moves.

The game advances in fixed steps (an accumulator with a catch-up cap) and is
drawn once a frame, 60 frames a second while anything moves; a still screen
sleeps until input comes or something is due to change.
"""

from __future__ import annotations

import time

import pygame

FPS = 60
STEP = 1 / 120
"""The fixed update step, seconds."""
MAX_FRAME = 0.1
"""Catch-up cap: a frame never advances the game by more than this (after a stall)."""
MAX_IDLE = 0.5
"""The longest the window sleeps waiting for input before it looks again (signals, finished saves)."""


class FrameClock:
    """Game time, real time between frames, and the wait before the next frame."""

    def __init__(self, *, virtual: bool) -> None:
        self.virtual = virtual
        """Frames run back to back, each 1/FPS of game time (tests, the smoke run)."""
        self.clock = pygame.time.Clock()
        self.time = 0.0
        """Game time in seconds (advances by fixed steps)."""
        self.accumulator = 0.0
        self.last_dt = 0.0
        """Real seconds the last frame took (the next frame advances the game by that much)."""
        self.pending: list[pygame.event.Event] = []
        """An event that woke the window from an idle wait, handled with the next frame's."""
        self.last_wait = 0.0
        """Seconds the last frame spent waiting for its turn (the rest was the program's own work)."""
        self.slept = False
        """Whether the last frame was followed by an idle wait (the next one may advance time in one go)."""

    def frame_time(self) -> float:
        """Seconds of real time this frame stands for."""
        return 1 / FPS if self.virtual else self.last_dt

    def events(self) -> list[pygame.event.Event]:
        """This frame's input: any event that ended the last wait, then those queued since."""
        events, self.pending = [*self.pending, *pygame.event.get()], []
        return events

    def steps(self, dt: float) -> int:
        """Let ``dt`` seconds pass; how many fixed steps the game advances by now."""
        # After an idle wait nothing was moving, so the time slept can pass at once (toasts, messages).
        self.accumulator += min(dt, MAX_IDLE if self.slept else MAX_FRAME)
        steps = 0
        while self.accumulator >= STEP:
            self.accumulator -= STEP
            self.time += STEP
            steps += 1
        return steps

    def wait(self, idle_for: float) -> None:
        """Sleep until the next frame: a 60 fps beat while anything moves, else until input or a change is due.

        ``idle_for``: how long the screen stays the same without input (0 when the loop is ending).
        """
        start = time.perf_counter()
        wait = min(idle_for, MAX_IDLE)
        self.slept = wait > 1 / FPS
        if self.slept:
            event = pygame.event.wait(max(1, round(wait * 1000)))
            if event.type != pygame.NOEVENT:
                self.pending.append(event)
            self.last_dt = self.clock.tick() / 1000
        else:
            self.last_dt = self.clock.tick(FPS) / 1000
        self.last_wait = time.perf_counter() - start
