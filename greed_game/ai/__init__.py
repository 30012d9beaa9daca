"""Computer players: strategies that pick the next action from what a human can see.

Every level implements :class:`Strategy`; :func:`strategy` builds one by name.
"""

from __future__ import annotations

from typing import Protocol

from greed_game.rules import Action, RuleSet, State

LEVELS: tuple[str, ...] = ("cautious", "bold", "expert", "master")
"""Computer levels, weakest first."""


class Strategy(Protocol):
    """A computer player: given the rules and the visible state, choose a legal action."""

    level: str

    def choose(self, rules: RuleSet, state: State) -> Action:
        """The action to take in ``state`` (always one of ``legal_actions``)."""
        ...


def strategy(level: str, rules: RuleSet) -> Strategy:
    """The computer player of ``level`` for ``rules``; raises ValueError for an unknown level."""
    from greed_game.ai.players import make_strategy

    return make_strategy(level, rules)
