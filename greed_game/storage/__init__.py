"""Saves, settings, statistics and replays, kept under the user's data folder.

A package in layers: :mod:`~greed_game.storage.atomic` (the leaf: atomic
writes, bounded reads, strict JSON), :mod:`~greed_game.storage.settings`,
:mod:`~greed_game.storage.saves` (the dice to come and the checks a stored
record passes), :mod:`~greed_game.storage.solutions` (the solver's disk
cache), :mod:`~greed_game.storage.folder` (the :class:`Storage` of one
data folder) and its parts :mod:`~greed_game.storage.autosave` (the game in
progress) and :mod:`~greed_game.storage.archive` (statistics, finished games'
records, exports). The names below are the package's public face.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greed_game.storage.archive import FINISHED_GAMES_KEPT
    from greed_game.storage.atomic import (
        MAX_FILE_BYTES,
        StoredFileError,
        atomic_write,
        parse_json,
        read_text,
        sweep_temp_files,
    )
    from greed_game.storage.folder import DATA_DIR_ENV, Storage, default_root
    from greed_game.storage.saves import (
        RESUME_KEY,
        Resumed,
        RulesLoad,
        attach_rng,
        check_record,
        load_user_rules,
        new_seed,
        parse_saved_record,
        restore_rng,
        rng_from_data,
        rng_from_seed,
        rng_state_to_data,
        seed_of,
    )
    from greed_game.storage.settings import SETTINGS_FORMAT, Settings, parse_settings, settings_from_data

__all__ = [
    "DATA_DIR_ENV",
    "FINISHED_GAMES_KEPT",
    "MAX_FILE_BYTES",
    "RESUME_KEY",
    "SETTINGS_FORMAT",
    "Resumed",
    "RulesLoad",
    "Settings",
    "Storage",
    "StoredFileError",
    "atomic_write",
    "attach_rng",
    "check_record",
    "default_root",
    "load_user_rules",
    "new_seed",
    "parse_json",
    "parse_saved_record",
    "parse_settings",
    "read_text",
    "restore_rng",
    "rng_from_data",
    "rng_from_seed",
    "rng_state_to_data",
    "seed_of",
    "settings_from_data",
    "sweep_temp_files",
]


_HOME = {
    "FINISHED_GAMES_KEPT": "greed_game.storage.archive",
    "MAX_FILE_BYTES": "greed_game.storage.atomic",
    "StoredFileError": "greed_game.storage.atomic",
    "atomic_write": "greed_game.storage.atomic",
    "parse_json": "greed_game.storage.atomic",
    "read_text": "greed_game.storage.atomic",
    "sweep_temp_files": "greed_game.storage.atomic",
    "DATA_DIR_ENV": "greed_game.storage.folder",
    "Storage": "greed_game.storage.folder",
    "default_root": "greed_game.storage.folder",
    "RESUME_KEY": "greed_game.storage.saves",
    "Resumed": "greed_game.storage.saves",
    "RulesLoad": "greed_game.storage.saves",
    "attach_rng": "greed_game.storage.saves",
    "check_record": "greed_game.storage.saves",
    "load_user_rules": "greed_game.storage.saves",
    "new_seed": "greed_game.storage.saves",
    "parse_saved_record": "greed_game.storage.saves",
    "restore_rng": "greed_game.storage.saves",
    "rng_from_data": "greed_game.storage.saves",
    "rng_from_seed": "greed_game.storage.saves",
    "rng_state_to_data": "greed_game.storage.saves",
    "seed_of": "greed_game.storage.saves",
    "SETTINGS_FORMAT": "greed_game.storage.settings",
    "Settings": "greed_game.storage.settings",
    "parse_settings": "greed_game.storage.settings",
    "settings_from_data": "greed_game.storage.settings",
}
"""Where each public name lives: a module is imported when its first name is asked for, so that the window starts
with the settings and the folder, not with the archive of finished games and the rules it replays."""


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
