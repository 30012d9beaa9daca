"""Hostile records and rules files give the specific error, never another exception."""

from __future__ import annotations

import pytest

from greed_game.resources import asset_path
from greed_game.rules import RecordError, RulesError, read_record
from greed_game.rules.ruleset import parse_rules_text

BASE = asset_path("rules", "classic-five.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "text", ["[" * 100_000, '{"format": ' + "9" * 5000 + "}", '{"format": "greed-record/1", "events": ' + "[" * 5000]
)
def test_hostile_records(text: str) -> None:
    with pytest.raises(RecordError):
        read_record(text)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (BASE.replace("singles = { 1 = 100", 'singles = { "²" = 100'), "scoring.singles.²"),
        (BASE.replace("singles = { 1 = 100", 'singles = { "३" = 100'), "scoring.singles.३"),
        (BASE.replace("of_a_kind.3", 'of_a_kind."³"'), "scoring.of_a_kind.³"),
        (BASE.replace("target = 3000", "target = " + "9" * 5000), ""),
        ("a = " + "[" * 5000 + "]" * 5000, ""),
    ],
)
def test_hostile_rules_files(text: str, field: str) -> None:
    with pytest.raises(RulesError) as info:
        parse_rules_text(text)
    assert info.value.field == field
