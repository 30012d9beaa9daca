"""Where the computer players' solved tables come from: handed in, never looked up here.

The program builds one solutions service where it starts
(:class:`greed_game.solutions.Solutions`: a shipped book, then the disk
cache, then a solve) and hands it to whatever builds players; this is the
part of it the computer players ask. Without one, tables are solved on the
spot and kept by nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from greed_game.ai.master import WinModel
    from greed_game.ai.optimal import WinTables
    from greed_game.ai.solver import Solution
    from greed_game.rules import RuleSet


class Tables(Protocol):
    """The solved tables of a rule set, each found once and kept by the one who hands them in."""

    def turn(self, rules: RuleSet) -> Solution:
        """The turn solution (the expert's policy and the hint's values)."""
        ...

    def win(self, rules: RuleSet) -> WinTables:
        """The exact win tables (optimal); raises :class:`~greed_game.ai.progress.TooHard` when none can be had."""
        ...

    def model(self, rules: RuleSet) -> WinModel:
        """Master's coarse win model."""
        ...


__all__ = ["Tables"]
