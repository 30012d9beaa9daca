"""Computer players: strategies that pick the next action from what a human can see.

Every level implements :class:`Strategy`; :func:`strategy` builds one by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from greed_game.rules import Action, RuleSet, State

if TYPE_CHECKING:
    from greed_game.ai.advice import Advice
    from greed_game.ai.sources import Tables

LEVELS: tuple[str, ...] = ("cautious", "bold", "expert", "master", "optimal")
"""Computer levels, weakest first. ``optimal`` reads the win tables shipped for the presets at their own
targets; other rules are solved first (in the window, in the background while master plays)."""
ALL_LEVELS: tuple[str, ...] = LEVELS
"""Every level (the command line's list; the same as the window's)."""


class Strategy(Protocol):
    """A computer player: given the rules and the visible state, choose a legal action."""

    level: str

    def choose(self, rules: RuleSet, state: State) -> Action:
        """The action to take in ``state`` (always one of ``legal_actions``)."""
        ...


def advise(rules: RuleSet, state: State, tables: Tables | None = None) -> Advice:
    """The expert's advice for ``state``: bust odds, each choice's exact value, the best one (``tables``: where
    the turn tables are kept; None solves them now)."""
    from greed_game.ai.advice import advise as _advise

    return _advise(rules, state, tables.turn(rules) if tables is not None else None)


def strategy(level: str, rules: RuleSet, tables: Tables | None = None) -> Strategy:
    """The computer player of ``level`` for ``rules`` (``tables``: where its solved tables are kept; None solves
    them now); raises ValueError for an unknown level."""
    from greed_game.ai.levels import make_strategy

    return make_strategy(level, rules, tables)
