"""The pure rules core: faces, rule sets, scoring, the game state machine, transitions and records.

Nothing here imports pygame or any other part of the game, and nothing here
touches a file: rules and records arrive as text or data (``greed_game.presets``
reads the preset files).
"""

from __future__ import annotations

from greed_game.rules.dice import Counts, counts_of, dice_of
from greed_game.rules.game import (
    Action,
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    IllegalAction,
    Keep,
    Offer,
    Phase,
    Roll,
    State,
    Throw,
    Void,
    apply,
    bank_total,
    can_bank,
    draw_dice,
    hot_dice,
    keep_points,
    legal_actions,
    new_state,
    roll_off,
    throw_options,
)
from greed_game.rules.live import Game, Player
from greed_game.rules.record import Record, RecordError, read_record, record_of, write_record
from greed_game.rules.ruleset import PRESET_IDS, RulesError, RuleSet, parse_rules
from greed_game.rules.scoring import Option, ScoringTable
from greed_game.rules.transitions import Step, Transition, transitions

__all__ = [
    "PRESET_IDS",
    "Action",
    "Bank",
    "Carryover",
    "Counts",
    "Event",
    "FirstPlayer",
    "Game",
    "IllegalAction",
    "Keep",
    "Offer",
    "Option",
    "Phase",
    "Player",
    "Record",
    "RecordError",
    "Roll",
    "RuleSet",
    "RulesError",
    "ScoringTable",
    "State",
    "Step",
    "Throw",
    "Transition",
    "Void",
    "apply",
    "bank_total",
    "can_bank",
    "counts_of",
    "dice_of",
    "draw_dice",
    "hot_dice",
    "keep_points",
    "legal_actions",
    "new_state",
    "parse_rules",
    "read_record",
    "record_of",
    "roll_off",
    "throw_options",
    "transitions",
    "write_record",
]
