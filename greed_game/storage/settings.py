"""The player's preferences (``settings.json``, greed-settings/1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from greed_game.names import valid_name
from greed_game.said import Said
from greed_game.storage.atomic import StoredFileError, parse_json

SETTINGS_FORMAT = "greed-settings/1"

AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
VoidFrequency = Literal["off", "rare", "realistic"]


MAX_SEATS = 8
MAX_REMEMBERED = 200
"""The longest rules name or level kept in a remembered setup (a file name, a level's id)."""


@dataclass(frozen=True)
class SeatSetup:
    """One seat of a remembered setup: the name typed and who plays it (``human`` or a computer level)."""

    name: str
    kind: str


@dataclass(frozen=True)
class LastSetup:
    """The new-game screen as it was last left, offered again next time.

    Only the shape is checked here; whether the rules file still exists and
    the levels are still known is for the new-game screen to find out (it
    falls back to what it has).
    """

    seats: tuple[SeatSetup, ...]
    rules: str
    """A preset's id, or the file name of one of the player's own rules files."""
    rules_file: bool = False
    """Whether ``rules`` names a file of the player's rules folder."""
    target: int | None = None
    """The target chosen (None: the rules' own)."""


def last_setup_from_data(data: object) -> LastSetup:
    """A remembered setup from parsed JSON; raises :class:`StoredFileError` naming what is wrong."""
    if not isinstance(data, Mapping):
        raise StoredFileError(Said("the last setup is not a table"))
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise StoredFileError(Said("the last setup must list 1 to {max_seats} seats", max_seats=MAX_SEATS))
    parsed: list[SeatSetup] = []
    for seat in seats:
        if not isinstance(seat, Mapping):
            raise StoredFileError(Said("a seat of the last setup is not a table"))
        name, kind = seat.get("name"), seat.get("kind")
        if not isinstance(name, str) or not (name == "" or valid_name(name)):
            raise StoredFileError(Said("a seat of the last setup has an impossible name"))
        if not isinstance(kind, str) or not 0 < len(kind) <= MAX_REMEMBERED:
            raise StoredFileError(Said("a seat of the last setup has an impossible kind"))
        parsed.append(SeatSetup(name, kind))
    rules, rules_file, target = data.get("rules"), data.get("rules_file", False), data.get("target")
    if not isinstance(rules, str) or not 0 < len(rules) <= MAX_REMEMBERED:
        raise StoredFileError(Said("the last setup names no rules"))
    if not isinstance(rules_file, bool):
        raise StoredFileError(Said("the last setup's 'rules_file' must be true or false"))
    if target is not None and (isinstance(target, bool) or not isinstance(target, int) or not 0 < target < 10**12):
        raise StoredFileError(Said("the last setup's target is impossible"))
    return LastSetup(tuple(parsed), rules, rules_file, target)


@dataclass
class Settings:
    """The player's preferences; every field has a default."""

    animation_speed: AnimationSpeed = "normal"
    void_frequency: VoidFrequency = "rare"
    sound: bool = True
    fullscreen: bool = False
    skin: Literal["auto", "pips", "greed"] = "auto"
    view: Literal["auto", "3d", "flat"] = "auto"
    """How the dice are drawn: in 3D where OpenGL 3.3 can be had ("auto"), or always flat."""
    opponents_talk: bool = True
    """Whether the computer seats' characters say a line at their big moments."""
    language: Literal["auto", "en", "de", "fr", "es", "nl"] = "auto"
    """The language the game speaks ("auto": the system's, where the game has it; else English)."""
    lesson_offered: bool = False
    """Whether Learn to play has been offered (it is offered once, on a new player's first start)."""
    last_setup: LastSetup | None = None
    """The new-game screen as it was last left (None: never, or forgotten)."""

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return {"format": SETTINGS_FORMAT, **asdict(self)}


_SETTING_CHOICES: dict[str, tuple[object, ...]] = {
    "animation_speed": ("slow", "normal", "fast", "instant"),
    "void_frequency": ("off", "rare", "realistic"),
    "sound": (True, False),
    "fullscreen": (True, False),
    "skin": ("auto", "pips", "greed"),
    "view": ("auto", "3d", "flat"),
    "opponents_talk": (True, False),
    "lesson_offered": (True, False),
    "language": ("auto", "en", "de", "fr", "es", "nl"),
}


def _setting_ok(name: str, value: object, default: object) -> bool:
    choices = _SETTING_CHOICES.get(name)
    if choices is not None:
        return any(type(value) is type(c) and value == c for c in choices)
    return type(value) is type(default)


def settings_from_data(data: object, *, salvage: bool = False) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON.

    Raises :class:`StoredFileError` when ``data`` is not a settings object of
    this format. A field with an impossible value raises too, unless
    ``salvage``: then it takes its default and its name is returned.
    """
    if not isinstance(data, Mapping):
        raise StoredFileError(Said("the file does not hold settings"))
    if data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        from greed_game.stats import StatsError, check_format

        try:
            check_format(data, SETTINGS_FORMAT, Said("it is not a Greed settings file"))
        except StatsError as exc:
            raise StoredFileError(exc.said) from None
    values: dict[str, Any] = {}
    bad: list[str] = []
    defaults = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "last_setup":
            try:
                values[f.name] = None if value is None else last_setup_from_data(value)
            except StoredFileError:
                if not salvage:
                    raise
                bad.append(f.name)
            continue
        if _setting_ok(f.name, value, getattr(defaults, f.name)):
            values[f.name] = value
        elif salvage:
            bad.append(f.name)
        else:
            raise StoredFileError(Said("the setting {name} has an impossible value {value}",
                                       name=repr(f.name), value=repr(str(value)[:40])))
    return Settings(**values), bad


def parse_settings(text: str) -> Settings:
    """Settings from JSON text; raises :class:`StoredFileError` on anything unusable."""
    return settings_from_data(parse_json(text))[0]
