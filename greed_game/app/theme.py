"""Colours and sizes shared by every scene."""

from __future__ import annotations

LETTERBOX = (14, 12, 10)
BACKDROP = (24, 30, 27)

FELT = (22, 104, 66)
FELT_DARK = (16, 82, 52)
FELT_LIGHT = (30, 122, 78)
RAIL = (104, 60, 32)
RAIL_LIGHT = (146, 92, 52)
RAIL_DARK = (64, 36, 20)
TRAY = (58, 36, 22)
TRAY_INNER = (40, 24, 15)

PANEL = (30, 34, 40)
PANEL_LIGHT = (44, 50, 58)
PANEL_EDGE = (70, 78, 88)

TEXT = (236, 232, 220)
TEXT_DIM = (160, 162, 160)
TEXT_DARK = (28, 26, 24)
GOLD = (236, 190, 80)
GOLD_DARK = (168, 124, 40)
GREEN = (110, 210, 120)
RED = (232, 92, 80)
BLUE = (110, 170, 240)
WARN = (250, 200, 90)

BUTTON = (60, 68, 78)
BUTTON_HOVER = (78, 88, 100)
BUTTON_PRIMARY = (196, 150, 56)
BUTTON_PRIMARY_HOVER = (222, 176, 76)
BUTTON_DISABLED = (48, 52, 58)
FOCUS = (255, 226, 130)

SHADOW = (0, 0, 0, 90)
SCRIM = (8, 10, 12, 180)

SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (232, 92, 80),
    (96, 160, 240),
    (120, 206, 110),
    (240, 190, 70),
    (190, 120, 230),
    (70, 200, 200),
    (240, 140, 190),
    (200, 200, 200),
)
"""One colour a seat, used for its chip, name plate and chart line."""


def seat_color(seat: int) -> tuple[int, int, int]:
    """The colour of seat ``seat``."""
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


TONES: dict[str, tuple[int, int, int]] = {
    "gold": GOLD,
    "good": GREEN,
    "bad": RED,
    "info": BLUE,
    "warn": WARN,
    "plain": TEXT,
    "dim": TEXT_DIM,
}
"""The colour of each tone the narrator gives a line."""


def tone_color(tone: str) -> tuple[int, int, int]:
    """The colour of a narrator's tone (plain text for an unknown one)."""
    return TONES.get(tone, TEXT)
