"""Where a point of the table in die units appears on the screen: a camera straight above the felt's middle.

The physics (:mod:`greed_game.physics`) works in die units with the felt's
middle as origin, x to the right, y up the screen and z up from the felt.
The camera looks straight down from :data:`HEIGHT` die units above that
middle, so the felt plane maps exactly onto the layout's felt rectangle and a
die in the air looks bigger, as it is nearer. The 3D view and the flat view
both draw through this one projection, so they agree to the pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

HEIGHT = 30.0
"""How high the eye is above the felt, die units (the 3D view's perspective comes from here)."""


@dataclass(frozen=True)
class Camera:
    """The projection of the table onto the logical stage."""

    center: tuple[float, float]
    """The felt's middle on the stage, logical px."""
    unit: float
    """Logical px per die unit on the felt plane (the layout's die size)."""
    height: float = HEIGHT

    def depth_scale(self, z: float) -> float:
        """How much bigger something at height ``z`` looks than on the felt."""
        return self.height / max(1e-3, self.height - z)

    def to_screen(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """The stage point where world point ``(x, y, z)`` appears."""
        k = self.depth_scale(z) * self.unit
        return (self.center[0] + x * k, self.center[1] - y * k)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """The point of the felt plane seen at stage point ``(sx, sy)``."""
        return ((sx - self.center[0]) / self.unit, (self.center[1] - sy) / self.unit)
