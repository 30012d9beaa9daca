"""The pure rules core: faces, rule sets, scoring, the game state machine and records.

Nothing here imports pygame or touches files other than rules files.
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
    can_bank,
    draw_dice,
    legal_actions,
    new_state,
    roll_off,
    throw_options,
)
from greed_game.rules.live import Game, Player
from greed_game.rules.record import Record, RecordError, read_record, record_of, replay, write_record
from greed_game.rules.ruleset import PRESET_IDS, RulesError, RuleSet, parse_rules, preset, presets, resolve_rules
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
    "can_bank",
    "counts_of",
    "dice_of",
    "draw_dice",
    "legal_actions",
    "new_state",
    "parse_rules",
    "preset",
    "presets",
    "read_record",
    "record_of",
    "replay",
    "resolve_rules",
    "roll_off",
    "throw_options",
    "transitions",
    "write_record",
]
