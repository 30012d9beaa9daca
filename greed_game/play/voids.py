"""Which throws are void (a die off the felt or cocked), as often as the setting says.

Only visual chance decides this (never the dice values), so a record replays
the same whatever void throws a game had.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from greed_game.rules.game import VoidReason

VOID_CHANCE = {"off": 0.0, "rare": 0.025, "realistic": 0.07}
"""How often a throw is void, by the void-throw setting."""


class VoidThrows:
    """Decides, throw by throw, whether the coming throw is void and why."""

    def __init__(self, setting: Callable[[], str], rng: random.Random) -> None:
        self.setting = setting
        self.rng = rng
        self.forced: list[VoidReason] = []
        """Void throws to make next, whatever the setting (tests, the smoke run)."""

    def next(self) -> VoidReason | None:
        """The void the coming throw is to show, or None for a clean throw."""
        if self.forced:
            return self.forced.pop(0)
        chance = VOID_CHANCE.get(self.setting(), 0.0)
        if chance and self.rng.random() < chance:
            return self.rng.choice(("off-felt", "leaning"))
        return None
