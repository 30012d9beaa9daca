"""What a new game is made of: the seats, the rules and the die skin."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from greed_game.i18n import _
from greed_game.narrator import character_name
from greed_game.presets import resolve_rules
from greed_game.rules import Player, RuleSet

COMPUTER_NAMES = ("Ada", "Brutus", "Cleo", "Dmitri", "Edda", "Felix", "Greta", "Hugo")
"""Names of computer seats before their levels became characters (still taken for default names)."""
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
    from greed_game.narrator.seats import level_name

    return _("Human") if kind == "human" else _("Computer · {level}").format(level=level_name(kind))


def computer_name(level: str, used: Collection[str], seat: int) -> str:
    """The default name of a computer seat of ``level``: its character's, numbered when another seat has it."""
    base = character_name(level) or f"Computer {seat + 1}"
    candidate, n = base, 2
    while candidate in used:
        candidate = f"{base} {n}"
        n += 1
    return candidate


def default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is one the new-game screen gave a seat (a player's own typed name is kept)."""
    if name in ("", f"Player {seat + 1}", f"Computer {seat + 1}", "You") or name in COMPUTER_NAMES:
        return True
    base, _space, number = name.rpartition(" ")
    stem = base if number.isdecimal() and base else name
    return any(character_name(level) == stem for level in computer_levels())


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
