"""What a saved game holds beyond its events: the dice to come, and the checks a stored record must pass."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from greed_game.ai import LEVELS
from greed_game.presets import MAX_RULES_BYTES, record_rules, replay
from greed_game.rules import (
    PRESET_IDS,
    FirstPlayer,
    Game,
    Record,
    RecordError,
    Roll,
    RulesError,
    RuleSet,
    draw_dice,
    roll_off,
)
from greed_game.rules.record import record_from_data
from greed_game.rules.ruleset import parse_rules_text
from greed_game.said import Said
from greed_game.stats import (
    valid_name,
)
from greed_game.storage.atomic import StoredFileError, parse_json, read_text

RESUME_KEY = "resume"
"""The record field holding what a seeded game needs to continue with the same dice."""


def new_seed() -> int:
    """A fresh seed for a new game (so the game can be resumed with the same dice to come)."""
    return random.SystemRandom().randrange(2**63)


def rng_state_to_data(rng: random.Random) -> dict[str, Any]:
    """The state of ``rng`` as JSON-safe data."""
    version, internal, gauss = rng.getstate()
    return {"version": version, "state": list(internal), "gauss_next": gauss}


def rng_from_data(data: object) -> random.Random:
    """A ``random.Random`` in the state :func:`rng_state_to_data` wrote; raises :class:`StoredFileError`."""
    if not isinstance(data, Mapping):
        raise StoredFileError(Said("the state of the dice is damaged"))
    version, internal, gauss = data.get("version"), data.get("state"), data.get("gauss_next")
    if (
        version != 3
        or not isinstance(internal, list)
        or len(internal) != 625
        or not all(type(n) is int and 0 <= n < 2**32 for n in internal)
        or internal[-1] > 624
        or not (gauss is None or type(gauss) is float)
    ):
        raise StoredFileError(Said("the state of the dice is damaged"))
    rng = random.Random()
    try:
        rng.setstate((3, tuple(internal), gauss))
    except (ValueError, TypeError, OverflowError):
        raise StoredFileError(Said("the state of the dice is damaged")) from None
    return rng


def attach_rng(record: Record, rng: random.Random, *, seed: int | None = None) -> Record:
    """Store in ``record.extra`` what is needed to continue with the same dice to come.

    ``seed`` is the seed the game's ``random.Random`` was made with (kept from an
    earlier call when not given). The state is that of ``rng`` now, after the
    record's last event. Returns ``record``.
    """
    old = record.extra.get(RESUME_KEY)
    if seed is None and isinstance(old, Mapping) and type(old.get("seed")) is int:
        seed = old["seed"]
    record.extra[RESUME_KEY] = {"seed": seed, "events": len(record.events), "rng": rng_state_to_data(rng)}
    return record


def seed_of(record: Record) -> int | None:
    """The seed a record's game was played with, when it was saved with one."""
    info = record.extra.get(RESUME_KEY)
    if isinstance(info, Mapping) and type(info.get("seed")) is int:
        seed: int = info["seed"]
        return seed
    return None


def restore_rng(record: Record) -> random.Random | None:
    """The dice source to continue ``record``'s game with the same dice to come, or None.

    Uses the saved state when it belongs to the record's last event; otherwise,
    when the seed is known, draws the record's throws again from the seed and
    uses the result if every throw matches (the game used its ``random.Random``
    only through ``Game.roll_off`` and ``Game.play``).
    """
    info = record.extra.get(RESUME_KEY)
    if not isinstance(info, Mapping):
        return None
    if info.get("events") == len(record.events) and type(info.get("events")) is int:
        try:
            return rng_from_data(info.get("rng"))
        except StoredFileError:
            pass
    seed = seed_of(record)
    return None if seed is None else rng_from_seed(record, seed)


def rng_from_seed(record: Record, seed: int) -> random.Random | None:
    """``random.Random(seed)`` advanced past the record's throws, or None if they do not match it."""
    try:
        rules = record_rules(record)
    except RecordError:
        return None
    rng = random.Random(seed)
    events = record.events
    if events and isinstance(events[0], FirstPlayer):
        try:
            seat, rounds = roll_off(rules, len(record.players), rng)
        except Exception:
            return None
        if not rounds or seat != events[0].seat:
            return None
    for event in events:
        if isinstance(event, Roll) and draw_dice(rng, len(event.dice)) != event.dice:
            return None
    return rng


T = TypeVar("T")

# --- records ----------------------------------------------------------------------


def check_record(record: Record, *, kinds: bool = True) -> Game:
    """Check everything a saved record must satisfy and return its replayed game.

    Players need a usable name and (with ``kinds``) ``human`` or a known
    computer level; the rules must be a preset id or a rules table (never a
    file path, which could point anywhere); every event must be legal. Raises
    :class:`RecordError` in plain words.
    """
    check_fields(record, kinds=kinds)
    return replayed(record, replay)


def check_fields(record: Record, *, kinds: bool = True) -> None:
    """The checks of :func:`check_record` that need no replay: names, kinds and where the rules come from."""
    for i, player in enumerate(record.players):
        if not valid_name(player.name):
            raise RecordError(Said("player {number} has an impossible name {name}",
                                   number=i + 1, name=repr(player.name[:40])))
        if kinds and player.kind != "human" and player.kind not in LEVELS:
            raise RecordError(Said("player {name} is of an unknown kind {kind}",
                                   name=repr(player.name), kind=repr(player.kind[:40])))
    if isinstance(record.rules, str) and record.rules not in PRESET_IDS:
        raise RecordError(Said("its rules {rules} are neither a preset nor a rules table",
                               rules=repr(record.rules[:60])))


def replayed(record: Record, how: Callable[[Record], T]) -> T:
    """``how(record)`` (a replay), with any failure of the rules worded as a :class:`RecordError`."""
    try:
        return how(record)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(Said("its rules are nested too deeply")) from None
    except Exception as exc:  # a rules table the core failed to refuse cleanly
        raise RecordError(Said("its rules could not be understood ({kind}: {detail})",
                               kind=exc.__class__.__name__, detail=str(exc)[:80])) from None


def parse_saved_record(text: str) -> tuple[Record, Game]:
    """A saved record from its text, checked and replayed; raises :class:`StoredFileError` or :class:`RecordError`."""
    data = parse_json(text)
    try:
        record = record_from_data(data)
    except RecursionError:
        raise StoredFileError(Said("the file is damaged (its data is nested too deeply)")) from None
    return record, check_record(record)


@dataclass
class Resumed:
    """A game ready to continue."""

    record: Record
    game: Game
    """The record replayed: the same pending choice as when the game stopped."""
    rng: random.Random
    """The dice source to continue with (pass it to ``Game.play``)."""
    seed: int | None
    seeded: bool
    """Whether ``rng`` gives the same dice to come as before the stop (a seeded game)."""


@dataclass(frozen=True)
class RulesLoad:
    """The result of loading a player's rules file: the rules, or what is wrong with it."""

    rules: RuleSet | None
    said: Said | None = None
    """What is wrong, without the file's name (None: the rules are there)."""
    path: str = ""

    @property
    def message(self) -> str | None:
        """What is wrong, in English, after the file's name (the command line)."""
        return None if self.said is None else f"{self.path}: {self.said}"


def load_user_rules(path: str | Path) -> RulesLoad:
    """Load a player's own TOML rules file; never raises, never moves the file.

    Rules files belong to the player: a bad one is only reported (the message
    names the file and the field at fault), not renamed aside.
    """
    p = Path(path)
    try:
        text = read_text(p, limit=MAX_RULES_BYTES)
    except FileNotFoundError:
        return RulesLoad(None, Said("there is no such file"), str(p))
    except StoredFileError as exc:
        return RulesLoad(None, exc.said, str(p))
    try:
        return RulesLoad(parse_rules_text(text, origin=str(p)))
    except RulesError as exc:
        return RulesLoad(None, exc.here, str(p))
    except RecursionError:
        return RulesLoad(None, Said("the rules are nested too deeply"), str(p))
    except Exception as exc:  # a value the rules reader failed to refuse cleanly
        return RulesLoad(None, Said("the rules could not be understood ({detail})", detail=str(exc)[:80]), str(p))
