"""What a new game is made of: the seats, the rules and the die skin."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from greed_game.presets import resolve_rules
from greed_game.rules import Player, RuleSet

COMPUTER_NAMES = ("Ada", "Brutus", "Cleo", "Dmitri", "Edda", "Felix", "Greta", "Hugo")
"""Default names of computer seats, one a seat."""
FALLBACK_LEVEL = "cautious"
"""The level that plays for a seat whose level this version does not know."""


@dataclass
class GameSetup:
    """The rules (as referenced in the record), their overrides and the players."""

    rules_ref: str | dict[str, Any]
    players: list[Player]
    overrides: dict[str, Any] = field(default_factory=dict)

    def ruleset(self) -> RuleSet:
        """The rule set this game is played under."""
        return resolve_rules(self.rules_ref, self.overrides or None)


def computer_levels() -> tuple[str, ...]:
    """The computer levels, weakest first (only their names: nothing is solved to list them)."""
    from greed_game.ai import LEVELS

    return LEVELS


def kind_label(kind: str) -> str:
    """How a seat's kind is shown: ``Human`` or the computer level."""
    return "Human" if kind == "human" else f"Computer · {kind}"


def unique_names(names: list[str]) -> list[str]:
    """Names made non-empty and distinct (``Player 2``, ``Ada 2``, ...)."""
    out: list[str] = []
    for i, name in enumerate(names):
        base = " ".join(name.split()) or f"Player {i + 1}"
        candidate, n = base, 2
        while candidate in out:
            candidate = f"{base} {n}"
            n += 1
        out.append(candidate)
    return out
