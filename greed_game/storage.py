"""Saves, settings and statistics, kept under the user's data folder.

Every file is written atomically (temporary file, flush, fsync, rename) so a
crash or power cut leaves either the old file or the new one. A file that cannot
be read is renamed aside (never deleted) and reported; the game carries on with
defaults.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Literal

from greed_game.rules import Record, RecordError
from greed_game.rules.record import record_from_data

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


class StoredFileError(ValueError):
    """A stored file that cannot be used; the message is written for a player."""


def default_root() -> Path:
    """The per-user data folder of the game (created on first write, not on import)."""
    from platformdirs import user_data_path

    return user_data_path("greed-game", appauthor=False)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def parse_settings(text: str) -> Settings:
    """Settings from JSON text; raises :class:`StoredFileError` on anything unusable."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StoredFileError(f"the settings file is not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise StoredFileError("the settings file does not hold settings")
    fmt = data.get("format", SETTINGS_FORMAT)
    if fmt != SETTINGS_FORMAT:
        raise StoredFileError(f"the settings file is of format {fmt!r}, which this version does not read")
    values: dict[str, Any] = {}
    for f in fields(Settings):
        if f.name in data:
            value = data[f.name]
            if value not in _SETTING_CHOICES[f.name] or isinstance(value, bool) != isinstance(
                _SETTING_CHOICES[f.name][0], bool
            ):
                raise StoredFileError(f"the setting {f.name!r} has an impossible value {value!r}")
            values[f.name] = value
    return Settings(**values)


class Storage:
    """The game's files under one folder: ``settings.json``, ``autosave.json``, ``stats.json``."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_root()
        self.problems: list[str] = []
        """Plain-words reports of files that were unusable and set aside."""

    @property
    def settings_path(self) -> Path:
        return self.root / "settings.json"

    @property
    def autosave_path(self) -> Path:
        return self.root / "autosave.json"

    def quarantine(self, path: Path, why: str) -> Path | None:
        """Rename a bad file aside, keep it, and note the problem for the player."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
            n += 1
        try:
            path.rename(aside)
        except OSError:
            self.problems.append(f"{path.name}: {why}. It could not be moved aside and was left as it is.")
            return None
        self.problems.append(f"{path.name}: {why}. It was kept as {aside.name}; defaults are used instead.")
        return aside

    def _read(self, path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            self.quarantine(path, f"could not be read ({exc.__class__.__name__})")
            return None

    def load_settings(self) -> Settings:
        """The saved settings, or defaults when absent or unusable."""
        text = self._read(self.settings_path)
        if text is None:
            return Settings()
        try:
            return parse_settings(text)
        except StoredFileError as exc:
            self.quarantine(self.settings_path, str(exc))
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        """Save the settings atomically."""
        atomic_write(self.settings_path, json.dumps(settings.to_data(), indent=2) + "\n")

    def save_game(self, record: Record) -> None:
        """Autosave the record of the game in progress atomically."""
        from greed_game.rules import write_record

        atomic_write(self.autosave_path, write_record(record))

    def load_game(self) -> Record | None:
        """The autosaved game, or None when there is none or it is unusable (then set aside)."""
        text = self._read(self.autosave_path)
        if text is None:
            return None
        try:
            if not text.strip():
                raise RecordError("the saved game is empty")
            record = record_from_data(json.loads(text))
            from greed_game.rules import replay

            replay(record)
        except (RecordError, json.JSONDecodeError) as exc:
            self.quarantine(self.autosave_path, f"the saved game cannot be resumed ({exc})")
            return None
        return record

    def clear_game(self) -> None:
        """Forget the autosave (the game finished or was abandoned)."""
        self.autosave_path.unlink(missing_ok=True)
