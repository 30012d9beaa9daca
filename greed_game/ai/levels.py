"""The computer levels by name: the one place that knows every kind of player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greed_game.ai.players import Expert, Level, Threshold
from greed_game.rules import RuleSet

if TYPE_CHECKING:
    from greed_game.ai.sources import Tables


def make_strategy(level: str, rules: RuleSet, tables: Tables | None = None) -> Level:
    """Build the computer player called ``level`` for ``rules``, reading its solved tables from ``tables``
    (None: each player solves its own)."""
    if level == "cautious":
        return Threshold(rules, "cautious", bank_at=300, min_dice=3)
    if level == "bold":
        return Threshold(rules, "bold", bank_at=1000, min_dice=2)
    if level == "expert":
        return Expert(rules, tables.turn(rules) if tables is not None else None)
    if level == "master":
        # Master builds its win model on first use; it is imported only when asked for.
        from greed_game.ai.master import Master

        return Master(rules, tables.model(rules) if tables is not None else None)
    if level == "optimal":
        # The exact win solution needs numpy and a solve of its own; imported only when asked for.
        from greed_game.ai.optimal import Optimal

        return Optimal(rules, tables.win(rules) if tables is not None else None)
    raise ValueError(f"unknown computer level {level!r} (levels: cautious, bold, expert, master, optimal)")


__all__ = ["make_strategy"]
