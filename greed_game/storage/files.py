"""The files of one data folder: atomic writes, unusable files set aside, problems in plain words.

:class:`~greed_game.storage.folder.Storage` is built on this, and its parts
(the autosave, the archive of finished games) read and write through it.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from greed_game.names import clean_name, valid_name
from greed_game.said import Said
from greed_game.storage.atomic import (
    StoredFileError,
    aside_path,
    atomic_write,
    not_a_file,
    read_text,
    sweep_temp_files,
)
from greed_game.storage.lock import FolderLock

if TYPE_CHECKING:
    from greed_game.rules import Record


@dataclass(frozen=True)
class Kind:
    """One kind of the game's files as its troubles are told: each a whole sentence with its ``{values}``."""

    unusable: Said
    """The file could not be used: ``{why}``."""
    instead: Said
    """What the game does without it."""
    unsaved: Said
    """The file could not be written: ``{reason}``, ``{folder}``."""


SETTINGS = Kind(Said("Your settings could not be used: {why}."), Said("The default settings are used."),
                Said("Your settings could not be saved ({reason}) in {folder}."))
SAVED_GAME = Kind(Said("The saved game could not be used: {why}."), Said("A new game can be started."),
                  Said("The game could not be saved ({reason}) in {folder}."))
STATISTICS = Kind(Said("Your statistics could not be used: {why}."), Said("Your statistics start afresh."),
                  Said("Your statistics could not be saved ({reason}) in {folder}."))
FINISHED_RECORD = Kind(Said("The finished game's record could not be used: {why}."), Said("It is saved anew."),
                       Said("The finished game's record could not be saved ({reason}) in {folder}."))
EXPORTED_RECORD = Kind(Said("The game's record could not be used: {why}."), Said("It is saved anew."),
                       Said("The game's record could not be saved ({reason}) in {folder}."))


_STANDING = {
    "link": Said("a link to nothing stood where the file goes"),
    "folder": Said("a folder stood where the file goes"),
    "device": Said("a device or another special file stood where the file goes"),
}


class DataFolder:
    """One data folder's files: read, written atomically, set aside when unusable, and the problems met."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.problems: list[Said] = []
        """Plain-words reports of files that were unusable (and set aside) or could not be written."""
        self.lock = threading.RLock()
        """Held while problems change: the window saves on a worker thread and reads problems on its own."""
        self._failing: set[Path] = set()
        self._blocked: set[Path] = set()
        self._lock_file = FolderLock(self.root)
        self.unusable: Said | None = None
        """Why the data folder itself cannot be used (then that one sentence stands for every file's trouble)."""

    def release(self) -> None:
        """Let another window have the data folder (the window is closing)."""
        self._lock_file.release()

    def check_folder(self) -> Said | None:
        """Whether this process may write the data folder: None, or one sentence saying why not (also reported).

        The folder must be writable, and no other window of the game may have it
        open (its lock is taken here and held until the process ends).
        """
        probe = self.root / f".probe-{os.getpid()}"
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            probe.write_bytes(b"")
            probe.unlink()
            if not self._lock_file.acquire():
                self.unusable = Said(
                    "Greed is already open in another window on these files. This window can show replays and "
                    "statistics, but it saves nothing: play in the other window."
                )
                with self.lock:
                    self.problems.append(self.unusable)
                return self.unusable
        except OSError as exc:
            reason = exc.strerror or exc.__class__.__name__
            self.unusable = Said(
                "Your games cannot be kept: the data folder {folder} cannot be written ({reason}). "
                "You can play, but nothing will be saved.", folder=str(self.root), reason=reason.lower()
            )
            with self.lock:
                self.problems.append(self.unusable)
        return self.unusable

    # paths

    @property
    def settings_path(self) -> Path:
        """``settings.json``."""
        return self.root / "settings.json"

    @property
    def autosave_path(self) -> Path:
        """``autosave.json``: the game in progress."""
        return self.root / "autosave.json"

    @property
    def stats_path(self) -> Path:
        """``stats.json``."""
        return self.root / "stats.json"

    @property
    def games_dir(self) -> Path:
        """Records of finished games."""
        return self.root / "games"

    @property
    def exports_dir(self) -> Path:
        """Where :meth:`Archive.export_record` writes when no path is given."""
        return self.root / "exports"

    # problems

    def report(self, message: Said) -> None:
        """Add a plain-words problem for the window to show (the same message is not repeated)."""
        with self.lock:
            if self.unusable is None and message not in self.problems:
                self.problems.append(message)

    def take_problems(self) -> list[Said]:
        """The problems not yet shown, emptying the list."""
        with self.lock:
            out, self.problems = self.problems, []
        return out

    def quarantine(self, path: Path, why: Said, kind: Kind, *, instead: Said | None = None) -> Path | None:
        """Rename a bad file aside, keep it, and report the problem; returns where it was kept.

        If the file cannot be renamed it is copied aside; if that fails too it is
        left as it is and never written over during this session. ``instead``:
        what the game does without the file, when not the kind's usual.
        """
        unusable, then = kind.unusable.but(why=why), instead or kind.instead
        if self.unusable is not None:  # another window owns these files: leave them as they are
            self._blocked.add(path)
            return None
        aside = aside_path(path)
        try:
            path.rename(aside)
        except OSError:
            try:
                aside.write_bytes(path.read_bytes())
            except OSError:
                self._blocked.add(path)
                left = Said("The file could not be moved aside, so it was left as it is ({path}) and will not be "
                            "written over.", path=str(path))
                self.report(Said.joined(unusable, left, then))
                return None
        self.report(Said.joined(unusable, Said("The file was kept as {name}.", name=aside.name), then))
        return aside

    def read(self, path: Path, kind: Kind) -> str | None:
        """The text of one of the game's files; None when absent or unusable (then set aside and reported)."""
        sweep_temp_files(path)
        try:
            return read_text(path)
        except FileNotFoundError:
            return None
        except StoredFileError as exc:
            self.quarantine(path, exc.said, kind)
            return None

    def write(self, path: Path, text: str, kind: Kind) -> bool:
        """Write one of the game's files atomically; False (a problem reported once) when it cannot be."""
        if path in self._blocked or self.unusable is not None:
            return False
        standing = not_a_file(path)
        if standing is not None:
            # A folder or a device where the file goes would refuse every save: it is set aside and the file written.
            self.quarantine(path, _STANDING[standing], kind, instead=Said("It is saved anew."))
        try:
            atomic_write(path, text)
        except (OSError, UnicodeError) as exc:
            with self.lock:
                first = path not in self._failing
                self._failing.add(path)
            if first:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc.__class__.__name__
                self.report(kind.unsaved.but(reason=reason, folder=str(path.parent)))
            return False
        with self.lock:
            self._failing.discard(path)
        return True

    # records as they are stored

    def has_saved_game(self) -> bool:
        """Whether there is an autosave this window may continue (Continue may still find it unusable).

        Not while another window owns the folder: that game is the other window's to play.
        """
        return self.unusable is None and self.autosave_path.is_file()

    def portable(self, record: Record) -> Record:
        """``record`` as it can be stored and read back: player names valid."""
        from greed_game.rules import Player, Record
        if not all(valid_name(p.name) for p in record.players):
            players = [Player(clean_name(p.name, f"Player {i + 1}"), p.kind) for i, p in enumerate(record.players)]
            record = Record(record.rules, players, list(record.events), dict(record.overrides), dict(record.extra))
        return record

