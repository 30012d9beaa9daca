"""The game in progress, autosaved after every event (``autosave.json``, greed-record/1)."""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING

from greed_game.presets import replay
from greed_game.rules import Game, Record, RecordError, write_record
from greed_game.said import Said
from greed_game.stats import Stats
from greed_game.storage.atomic import StoredFileError
from greed_game.storage.files import SAVED_GAME
from greed_game.storage.saves import Resumed, attach_rng, parse_saved_record, restore_rng, seed_of

if TYPE_CHECKING:
    from greed_game.storage.archive import Archive
    from greed_game.storage.files import DataFolder


class Autosave:
    """The autosaved game of one data folder: saved, checked, continued, finished, cleared."""

    def __init__(self, folder: DataFolder, archive: Archive) -> None:
        self.folder = folder
        self.archive = archive
        """Where a finished game goes (its statistics and record) before the autosave is forgotten."""

    def save_game(self, record: Record, *, rng: random.Random | None = None, seed: int | None = None) -> bool:
        """Autosave the game in progress atomically (call it after every event).

        With ``rng`` (the game's dice source, after the last event) and its
        ``seed``, Continue will give the same dice to come. Rules named by a file
        path are stored inline. Returns False, with a problem reported once, when
        the game could not be saved; the game goes on.
        """
        if rng is not None:
            attach_rng(record, rng, seed=seed)
        try:
            portable = self.folder.portable(record)
        except RecordError as exc:
            self.folder.report(Said("The game could not be saved: {problem}.", problem=exc.said))
            return False
        return self.folder.write(self.folder.autosave_path, write_record(portable), SAVED_GAME)

    def game_in_progress(self) -> tuple[Record, Game] | None:
        """The autosaved game if it is unfinished and usable (what a new game would replace), else None."""
        if not self.folder.has_saved_game():
            return None
        loaded = self._load_game()
        return None if loaded is None or loaded[1].finished else loaded

    def load_game(self) -> Record | None:
        """The autosaved record, checked by replaying it; None when there is none or it is unusable (set aside)."""
        loaded = self._load_game()
        return None if loaded is None else loaded[0]

    def _load_game(self) -> tuple[Record, Game] | None:
        text = self.folder.read(self.folder.autosave_path, SAVED_GAME)
        if text is None:
            return None
        try:
            return parse_saved_record(text)
        except (StoredFileError, RecordError) as exc:
            self.folder.quarantine(self.folder.autosave_path, exc.said, SAVED_GAME)
            return None

    def resume_game(self) -> Resumed | None:
        """The game to continue, exactly where it stopped; None when there is none.

        A finished game found in the autosave is counted in the statistics (once)
        and cleared: there is nothing left to continue. None too while another
        window owns the folder.
        """
        if not self.folder.has_saved_game():
            return None
        loaded = self._load_game()
        if loaded is None:
            return None
        record, game = loaded
        if game.finished:
            self.finish_game(record)
            return None
        rng = restore_rng(record)
        seed = seed_of(record)
        if rng is None and seed is not None:
            self.folder.report(Said("The saved game's dice could not be restored; it goes on with new dice."))
        return Resumed(record, game, rng if rng is not None else random.Random(), seed, rng is not None)

    def finish_game(self, record: Record, *, clear: bool = True) -> Stats:
        """A finished game: count it in the statistics (once, however often this is called),
        keep its record for replays and, with ``clear``, forget the autosave. Returns the statistics.

        The autosave is forgotten only once the statistics and the record are
        both safely on disk: when a write fails (a full disk, a read-only
        folder) the autosave stays, the failure is reported, and the next start
        finishes the game again, counting it once.

        Raises :class:`ValueError` if the game is not finished.
        """
        if not replay(record).finished:
            raise ValueError("only a finished game can be finished")
        stats, safe = self.archive.add_finished(record)
        if clear and safe:
            self.clear_game()
        return stats

    def clear_game(self) -> None:
        """Forget the autosave (the game finished or was abandoned)."""
        if self.folder.unusable is not None:
            return
        with contextlib.suppress(OSError):
            self.folder.autosave_path.unlink(missing_ok=True)
