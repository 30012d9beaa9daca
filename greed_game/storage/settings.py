"""The player's preferences (``settings.json``, greed-settings/1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from greed_game.stats import (
    StatsError,
)
from greed_game.storage.atomic import StoredFileError, parse_json

SETTINGS_FORMAT = "greed-settings/1"

AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
VoidFrequency = Literal["off", "rare", "realistic"]


@dataclass
class Settings:
    """The player's preferences; every field has a default."""

    animation_speed: AnimationSpeed = "normal"
    void_frequency: VoidFrequency = "rare"
    sound: bool = True
    fullscreen: bool = False
    skin: Literal["auto", "pips", "greed"] = "auto"

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return {"format": SETTINGS_FORMAT, **asdict(self)}


_SETTING_CHOICES: dict[str, tuple[object, ...]] = {
    "animation_speed": ("slow", "normal", "fast", "instant"),
    "void_frequency": ("off", "rare", "realistic"),
    "sound": (True, False),
    "fullscreen": (True, False),
    "skin": ("auto", "pips", "greed"),
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
        raise StoredFileError("the file does not hold settings")
    try:
        from greed_game.stats import check_format

        check_format({"format": data.get("format", SETTINGS_FORMAT)}, SETTINGS_FORMAT, "settings")
    except StatsError as exc:
        raise StoredFileError(str(exc)) from None
    values: dict[str, Any] = {}
    bad: list[str] = []
    defaults = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if _setting_ok(f.name, value, getattr(defaults, f.name)):
            values[f.name] = value
        elif salvage:
            bad.append(f.name)
        else:
            raise StoredFileError(f"the setting {f.name!r} has an impossible value {str(value)[:40]!r}")
    return Settings(**values), bad


def parse_settings(text: str) -> Settings:
    """Settings from JSON text; raises :class:`StoredFileError` on anything unusable."""
    return settings_from_data(parse_json(text))[0]
