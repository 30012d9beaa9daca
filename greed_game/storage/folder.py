"""Saves, settings, statistics and replays, kept under the user's data folder.

Every file is written atomically (temporary file, flush, fsync, rename) so a
crash or power cut leaves either the old file or the new one. A file that cannot
be used (empty, cut short, not JSON, of a newer format, impossible content) is
renamed aside, never deleted, and reported in plain words in
:attr:`Storage.problems`; the game carries on with defaults.

The folder is ``platformdirs.user_data_path("greed-game")``, or the folder named
by the environment variable ``GREED_DATA_DIR`` (tests, portable installs)::

    settings.json   the player's preferences (greed-settings/1)
    autosave.json   the game in progress, saved after every event (greed-record/1)
    stats.json      statistics across finished games (greed-stats/1)
    games/          records of finished games, for replays
    exports/        records exported by the player

The game in progress is ``storage.autosave`` (:class:`~greed_game.storage.autosave.Autosave`),
finished games ``storage.archive`` (:class:`~greed_game.storage.archive.Archive`).

Typical use by the window::

    storage = Storage()
    settings = storage.load_settings()
    resumed = storage.autosave.resume_game()    # Continue: None when there is nothing to continue
    seed = new_seed(); rng = random.Random(seed)  # a new game
    ...after every event:  storage.autosave.save_game(record, rng=rng, seed=seed)
    ...at the end:         storage.autosave.finish_game(record)
    for message in storage.take_problems(): show(message)
"""

from __future__ import annotations

import json
import os
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from greed_game.said import Said
from greed_game.storage.atomic import (
    StoredFileError,
    parse_json,
)
from greed_game.storage.files import SETTINGS, DataFolder
from greed_game.storage.settings import Settings, settings_from_data

if TYPE_CHECKING:
    from greed_game.rules import Game, Record, RuleSet
    from greed_game.stats import StatisticsView
    from greed_game.storage.archive import Archive
    from greed_game.storage.autosave import Autosave

DATA_DIR_ENV = "GREED_DATA_DIR"
"""Environment variable naming the data folder; overrides the platform's user data folder."""


def default_root() -> Path:
    """The per-user data folder of the game (created on first write, not on import).

    ``GREED_DATA_DIR``, when set and not empty, names the folder instead.
    """
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    from platformdirs import user_data_path

    return user_data_path("greed-game", appauthor=False)


class Storage(DataFolder):
    """The game's files under one folder; see the module documentation."""

    def __init__(self, root: Path | None = None) -> None:
        super().__init__(root if root is not None else default_root())

    # The archive and the autosave read records, so they bring the rules core: made when first asked for, after
    # the window's first frame (the menu asks only whether ``autosave.json`` is there).

    @cached_property
    def archive(self) -> Archive:
        """Finished games: the statistics, the records kept for replays, exports."""
        from greed_game.storage.archive import Archive

        return Archive(self)

    @cached_property
    def autosave(self) -> Autosave:
        """The game in progress: ``autosave.json``."""
        from greed_game.storage.autosave import Autosave

        return Autosave(self, self.archive)

    # settings

    def load_settings(self) -> Settings:
        """The saved settings, or defaults when absent or unusable (a bad file is set aside).

        A file with one impossible value keeps its other values: the bad file is
        set aside and the corrected settings are saved.
        """
        text = self.read(self.settings_path, SETTINGS)
        if text is None:
            return Settings()
        try:
            settings, bad = settings_from_data(parse_json(text), salvage=True)
        except StoredFileError as exc:
            self.quarantine(self.settings_path, exc.said, SETTINGS)
            return Settings()
        if bad:
            why = Said("these settings had an impossible value: {names}", names=", ".join(repr(b) for b in bad))
            if self.quarantine(self.settings_path, why, SETTINGS, instead=Said("Those settings are back to default.")):
                self.save_settings(settings)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Save the settings atomically; False (and a problem reported) when the disk refuses."""
        return self.write(self.settings_path, json.dumps(settings.to_data(), indent=2) + "\n", SETTINGS)

    # The menu and the Statistics screen ask the folder itself these questions.

    def game_in_progress(self) -> tuple[Record, Game] | None:
        """The autosaved game if it is unfinished and usable (see :meth:`Autosave.game_in_progress`)."""
        return self.autosave.game_in_progress()

    def statistics(self) -> StatisticsView:
        """What the Statistics screen shows (see :meth:`Archive.statistics`)."""
        return self.archive.statistics()

    def load_rules(self, path: Path) -> RuleSet | None:
        """A player's rules file, or None with the problem reported (the file is never moved)."""
        from greed_game.storage.saves import load_user_rules

        loaded = load_user_rules(path)
        if loaded.said is not None:
            self.report(Said("The rules file {name} could not be used: {problem}.", name=path.name,
                             problem=loaded.said))
        return loaded.rules
