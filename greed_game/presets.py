"""The preset rule sets and rules files on disk: the one place rules are read from files.

The rules core parses text and data and never opens a file; this module
reads the presets shipped in ``assets/rules`` and, for the command line and
storage, a player's own rules file. A game record names a preset id or
carries an inline rules table, never a path, so opening a record can never
make the game read another file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from greed_game.resources import asset_path
from greed_game.rules import Game, Record, RecordError, RulesError, RuleSet
from greed_game.rules.record import replay as replay_with
from greed_game.rules.ruleset import PRESET_IDS, parse_rules, parse_rules_text
from greed_game.said import Said, said_of
from greed_game.textfile import TextFileError, read_text

MAX_RULES_BYTES = 1024 * 1024
"""The largest rules file read (the presets are about 2 KB)."""

_PRESETS: dict[str, RuleSet] = {}


def rules_dir() -> Path:
    """The folder holding the preset rules files."""
    return asset_path("rules")


def load_rules_file(path: str | Path) -> RuleSet:
    """Read and parse a TOML rules file from disk (the command line and the player's rules folder)."""
    p = Path(path)
    try:
        text = read_text(p, limit=MAX_RULES_BYTES)
    except FileNotFoundError:
        raise RulesError("", Said("rules file not found: {path}", path=str(p))) from None
    except TextFileError as exc:
        raise RulesError("", Said("cannot be read: {problem}", problem=said_of(exc)), origin=str(p)) from None
    return parse_rules_text(text, origin=str(p))


def preset(ident: str) -> RuleSet:
    """The preset rule set called ``ident`` (read once)."""
    if ident not in _PRESETS:
        if ident not in PRESET_IDS:
            raise RulesError("", Said("no preset called {ident} (presets: {presets})",
                                      ident=repr(ident), presets=', '.join(PRESET_IDS)))
        _PRESETS[ident] = load_rules_file(rules_dir() / f"{ident}.toml")
    return _PRESETS[ident]


def presets() -> list[RuleSet]:
    """All presets, in the order of the rules contract."""
    return [preset(i) for i in PRESET_IDS]


def resolve_rules(spec: str | Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset id or an inline rules table, with overrides (never a path)."""
    rules = parse_rules(spec, origin="inline rules") if isinstance(spec, Mapping) else preset(spec)
    return rules.with_overrides(overrides) if overrides else rules


def preset_at(spec: str) -> RuleSet:
    """``ID`` or ``ID:TARGET``: a preset, at another target when one is given (benchmarks and scripts)."""
    ident, _, target = spec.partition(":")
    rules = preset(ident)
    return rules.with_overrides({"target": int(target)}) if target else rules


def record_rules(record: Record) -> RuleSet:
    """The rule set a record is played under; :class:`RecordError` when it cannot be used."""
    try:
        return resolve_rules(record.rules, record.overrides or None)
    except RulesError as exc:
        raise RecordError(Said("the record's rules cannot be used: {problem}", problem=exc.here),
                          rule="rules") from None


def replay(record: Record, *, upto: int | None = None) -> Game:
    """Play a record's events into a :class:`Game`; an illegal one raises :class:`RecordError`."""
    return replay_with(record, record_rules(record), upto=upto)


__all__ = ["load_rules_file", "preset", "preset_at", "presets", "record_rules", "replay", "resolve_rules", "rules_dir"]
