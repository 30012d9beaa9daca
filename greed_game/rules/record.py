"""Game records (``greed-record/1``): the rules, the players and every event.

Like a chess PGN, a record fully describes a game; it is the save file, the
replay file and the test fixture. Readers and writers take and return text or
plain data, never paths.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from greed_game.rules.game import (
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    IllegalAction,
    Keep,
    Roll,
    Void,
)
from greed_game.rules.live import Game, Player
from greed_game.rules.ruleset import PRESET_IDS, RuleSet
from greed_game.said import Said, SaidError, said_of

FORMAT = "greed-record/1"
MAX_EVENTS = 25_000
"""The most events a record may hold. The longest games the rules allow take well under a third of it;
a record at the limit replays in under a second."""
_KNOWN_FORMATS = ("greed-record/",)


class RecordError(SaidError):
    """A record that cannot be read or replayed; ``index`` names the event at fault."""

    def __init__(self, said: Said, *, index: int | None = None, rule: str = "") -> None:
        self.index = index
        self.rule = rule
        super().__init__(said)


@dataclass
class Record:
    """A whole game: the rules as referenced, overrides, players and events."""

    rules: str | dict[str, Any]
    players: list[Player]
    events: list[Event] = field(default_factory=list)
    overrides: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    """Fields this version does not interpret (kept so nothing is lost)."""

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data: dict[str, Any] = {"format": FORMAT, "rules": self.rules}
        if self.overrides:
            data["overrides"] = self.overrides
        data["players"] = [{"name": p.name, "kind": p.kind} for p in self.players]
        data.update(self.extra)
        data["events"] = [event_to_data(e) for e in self.events]
        return data


def event_to_data(event: Event) -> dict[str, Any]:
    """One event as its JSON object, e.g. ``{"keep": [1, 1]}``."""
    if isinstance(event, Roll):
        return {"roll": list(event.dice)}
    if isinstance(event, Keep):
        return {"keep": list(event.dice)}
    if isinstance(event, Bank):
        return {"bank": True}
    if isinstance(event, Carryover):
        return {"carryover": event.accept}
    if isinstance(event, Void):
        return {"void": event.reason}
    return {"first_player": event.seat}


def _dice_list(value: object, where: Said, index: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in value):
        raise RecordError(Said("{where}: dice must be a list of whole numbers", where=where), index=index)
    return tuple(value)


def event_from_data(data: object, index: int) -> Event:
    """Parse one event object; raises :class:`RecordError` naming its index."""
    where = Said("event {number}", number=index)
    if not isinstance(data, Mapping) or len(data) != 1:
        raise RecordError(Said("{where}: an event is an object with one key (roll, keep, bank, ...)",
                               where=where), index=index)
    ((key, value),) = data.items()
    if key == "roll":
        return Roll(_dice_list(value, where, index))
    if key == "keep":
        return Keep(tuple(sorted(_dice_list(value, where, index))))
    if key == "bank":
        if value is not True:
            raise RecordError(Said("{where}: bank must be true", where=where), index=index)
        return Bank()
    if key == "carryover":
        if not isinstance(value, bool):
            raise RecordError(Said("{where}: carryover must be true or false", where=where), index=index)
        return Carryover(value)
    if key == "void":
        if value not in ("off-felt", "leaning"):
            raise RecordError(Said('{where}: void must be "off-felt" or "leaning"', where=where), index=index)
        return Void(value)
    if key == "first_player":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(Said("{where}: first_player must be a seat number", where=where), index=index)
        return FirstPlayer(value)
    raise RecordError(Said("{where}: unknown event {key}", where=where, key=repr(key)), index=index)


def record_from_data(data: object) -> Record:
    """Build a record from parsed JSON, checking its shape (not yet its events' legality)."""
    if not isinstance(data, Mapping):
        raise RecordError(Said("a record is a JSON object"))
    fmt = data.get("format")
    if not isinstance(fmt, str) or not fmt.startswith(_KNOWN_FORMATS):
        raise RecordError(Said("not a Greed game record (format is {fmt}, expected {expected})",
                               fmt=repr(fmt), expected=repr(FORMAT)))
    if fmt != FORMAT:
        raise RecordError(Said("the record is of format {fmt}, newer than this game reads ({newest}); update the game",
                               fmt=repr(fmt), newest=FORMAT))
    rules = data.get("rules")
    if not isinstance(rules, (str, Mapping)):
        raise RecordError(Said("'rules' must be a preset id or a rules table"))
    if isinstance(rules, str) and rules not in PRESET_IDS:
        # A record travels between players: it names a preset or carries its rules, never a file to open.
        shown = repr(rules[:60])
        raise RecordError(
            Said("'rules' names no preset ({shown}); a record holds a preset id ({presets}) or the rules table itself",
                 shown=shown, presets=', '.join(PRESET_IDS)),
            rule="rules",
        )
    overrides = data.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise RecordError(Said("'overrides' must be an object of rule fields"))
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 8:
        raise RecordError(Said("'players' must be a list of 1 to 8 players"))
    players: list[Player] = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str):
            raise RecordError(Said("player {number} must be an object with a name", number=i))
        kind = p.get("kind", "human")
        if not isinstance(kind, str):
            raise RecordError(Said("player {number}: kind must be 'human' or a computer level", number=i))
        players.append(Player(p["name"], kind))
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise RecordError(Said("'events' must be a list"))
    if len(raw_events) > MAX_EVENTS:
        raise RecordError(Said("it holds {count} events, more than a game record may hold ({max_events})",
                               count=len(raw_events), max_events=MAX_EVENTS))
    events = [event_from_data(e, i) for i, e in enumerate(raw_events)]
    known = {"format", "rules", "overrides", "players", "events"}
    extra = {k: v for k, v in data.items() if k not in known}
    rules_ref: str | dict[str, Any] = rules if isinstance(rules, str) else dict(rules)
    return Record(rules_ref, players, events, dict(overrides), extra)


def read_record(text: str) -> Record:
    """Parse a record from its JSON text."""
    if not text.strip():
        raise RecordError(Said("the record is empty"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(Said("the record is not valid JSON ({detail} at line {line})",
                               detail=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        raise RecordError(Said("the record is nested too deeply to be a game record")) from None
    except ValueError as exc:  # e.g. a number with thousands of digits
        raise RecordError(Said("the record holds an impossible value ({detail})", detail=str(exc))) from None
    return record_from_data(data)


def write_record(record: Record) -> str:
    """The record as JSON text, one event a line for readable diffs."""
    data = record.to_data()
    events = data.pop("events")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n    ".join(json.dumps(e) for e in events)
    body = f',\n  "events": [\n    {lines}\n  ]\n}}\n' if events else ', "events": []}\n'
    return head + body


def replay(record: Record, rules: RuleSet, *, upto: int | None = None) -> Game:
    """Play a record's events under ``rules`` into a :class:`Game`; an illegal one raises :class:`RecordError`."""
    game = Game(rules, record.players)
    events = record.events if upto is None else record.events[:upto]
    for i, event in enumerate(events):
        try:
            game.apply(event)
        except IllegalAction as exc:
            raise RecordError(
                Said("event {number} {event}: {problem} [{rule}]", number=i,
                     event=json.dumps(event_to_data(event)), problem=said_of(exc), rule=exc.rule),
                index=i, rule=exc.rule
            ) from None
    return game


def record_of(game: Game, rules: str | dict[str, Any], overrides: Mapping[str, Any] | None = None) -> Record:
    """The record of a live game, with the rules referenced as given."""
    return Record(rules, list(game.players), list(game.events), dict(overrides or {}))


def summary(game: Game) -> dict[str, Any]:
    """The outcome fields of a replayed game, as the command line prints them."""
    s = game.state
    return {
        "finished": s.finished,
        "scores": list(s.scores),
        "winners": list(s.winners),
        "current_player": s.current,
        "turn_points": s.turn_points,
        "phase": s.phase.value,
        "on_board": list(s.on_board),
        "dice_left": s.dice_left,
        "final_round": s.final,
        "owed_final_turns": list(s.owed),
        "events": s.events,
        "rules": game.rules.id,
    }


__all__ = [
    "Record",
    "RecordError",
    "read_record",
    "record_from_data",
    "record_of",
    "replay",
    "summary",
    "write_record",
]
