"""The table the dice are thrown on, in die units (a die's edge is 1; a shop die's edge is about 16 mm)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    """A felt ringed by rails; beyond the rails' outer edge there is nothing, and a die falls to the floor.

    The middle of the felt is the origin; x runs to the right, y away from the
    bottom seats (up the screen) and z up from the felt.
    """

    width: float = 816 / 56
    depth: float = 448 / 56
    rail: float = 26 / 56
    """How wide the rails are."""
    rail_height: float = 1.05
    """How high the rails stand above the felt: about a die, so a hard throw can go over (lively dice went over
    rails lower than a die three times as often)."""

    @property
    def half_width(self) -> float:
        return self.width / 2

    @property
    def half_depth(self) -> float:
        return self.depth / 2

    def on_felt(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Whether ``(x, y)`` lies on the felt, ``margin`` inside its edge."""
        return abs(x) <= self.half_width - margin and abs(y) <= self.half_depth - margin

    def on_table(self, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies over the table (the felt or the rails)."""
        return abs(x) <= self.half_width + self.rail and abs(y) <= self.half_depth + self.rail

    def rail_gap(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the nearest rail's inner face (negative once past it)."""
        return min(self.half_width - abs(x), self.half_depth - abs(y))


TABLE = Table()
"""The table of the game's window (its felt is 816 × 448 px with 56 px dice, rails 26 px wide)."""
