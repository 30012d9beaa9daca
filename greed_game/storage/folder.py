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

Typical use by the window::

    storage = Storage()
    settings = storage.load_settings()
    resumed = storage.resume_game()             # Continue: None when there is nothing to continue
    seed = new_seed(); rng = random.Random(seed)  # a new game
    ...after every event:  storage.save_game(record, rng=rng, seed=seed)
    ...at the end:         storage.finish_game(record)
    for message in storage.take_problems(): show(message)
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import stat
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from greed_game.presets import replay
from greed_game.replay import Replay
from greed_game.rules import (
    Game,
    Player,
    Record,
    RecordError,
    RuleSet,
    write_record,
)
from greed_game.rules.record import record_from_data
from greed_game.stats import (
    StatisticsView,
    Stats,
    StatsError,
    clean_name,
    game_key,
    statistics_view,
    stats_from_data,
    valid_name,
)
from greed_game.storage.atomic import (
    StoredFileError,
    aside_path,
    atomic_write,
    parse_json,
    read_text,
    sweep_temp_files,
)
from greed_game.storage.lock import FolderLock
from greed_game.storage.saves import (
    RESUME_KEY,
    Resumed,
    attach_rng,
    check_fields,
    load_user_rules,
    parse_saved_record,
    replayed,
    restore_rng,
    seed_of,
)
from greed_game.storage.settings import Settings, settings_from_data

_OWN_RECORD = re.compile(r"game-(\d{6,})-([0-9a-f]{20})\.json")
"""How the game names a finished game's record: its sequence number, then its key."""
_OLD_RECORD = re.compile(r"game-[0-9a-f]{20}\.json")

DATA_DIR_ENV = "GREED_DATA_DIR"
"""Environment variable naming the data folder; overrides the platform's user data folder."""
FINISHED_GAMES_KEPT = 200
"""Records of finished games kept for replays (the oldest are pruned)."""


def default_root() -> Path:
    """The per-user data folder of the game (created on first write, not on import).

    ``GREED_DATA_DIR``, when set and not empty, names the folder instead.
    """
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    from platformdirs import user_data_path

    return user_data_path("greed-game", appauthor=False)


class Storage:
    """The game's files under one folder; see the module documentation."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_root()
        self.problems: list[str] = []
        """Plain-words reports of files that were unusable (and set aside) or could not be written."""
        self._lock = threading.RLock()  # the window saves on a worker thread and reads problems on its own
        self._failing: set[Path] = set()
        self._blocked: set[Path] = set()
        self._lock_file = FolderLock(self.root)
        self.unusable: str | None = None
        """Why the data folder itself cannot be used (then that one sentence stands for every file's trouble)."""

    def release(self) -> None:
        """Let another window have the data folder (the window is closing)."""
        self._lock_file.release()

    def check_folder(self) -> str | None:
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
                self.unusable = (
                    "Greed is already open in another window on these files. This window can show replays and "
                    "statistics, but it saves nothing: play in the other window."
                )
                with self._lock:
                    self.problems.append(self.unusable)
                return self.unusable
        except OSError as exc:
            reason = exc.strerror or exc.__class__.__name__
            self.unusable = (
                f"Your games cannot be kept: the data folder {self.root} cannot be written ({reason.lower()}). "
                "You can play, but nothing will be saved."
            )
            with self._lock:
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
        """Where :meth:`export_record` writes when no path is given."""
        return self.root / "exports"

    # problems

    def report(self, message: str) -> None:
        """Add a plain-words problem for the window to show (the same message is not repeated)."""
        with self._lock:
            if self.unusable is None and message not in self.problems:
                self.problems.append(message)

    def take_problems(self) -> list[str]:
        """The problems not yet shown, emptying the list."""
        with self._lock:
            out, self.problems = self.problems, []
        return out

    def quarantine(
        self, path: Path, why: str, *, what: str = "", fallback: str = "defaults are used instead"
    ) -> Path | None:
        """Rename a bad file aside, keep it, and report the problem; returns where it was kept.

        If the file cannot be renamed it is copied aside; if that fails too it is
        left as it is and never written over during this session.
        """
        subject = what or path.name
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
                self.report(
                    f"{subject} could not be used: {why}. The file could not be moved aside, so it was left as it "
                    f"is ({path}) and will not be written over; {fallback}."
                )
                return None
        self.report(f"{subject} could not be used: {why}. The file was kept as {aside.name}; {fallback}.")
        return aside

    def _read(self, path: Path, what: str, fallback: str) -> str | None:
        sweep_temp_files(path)
        try:
            return read_text(path)
        except FileNotFoundError:
            return None
        except StoredFileError as exc:
            self.quarantine(path, str(exc), what=what, fallback=fallback)
            return None

    def _write(self, path: Path, text: str, what: str) -> bool:
        if path in self._blocked or self.unusable is not None:
            return False
        standing = _not_a_file(path)
        if standing is not None:
            # A folder or a device where the file goes would refuse every save: it is set aside and the file written.
            self.quarantine(path, f"{standing} stood where the file goes", what=what, fallback="it is saved anew")
        try:
            atomic_write(path, text)
        except (OSError, UnicodeError) as exc:
            with self._lock:
                first = path not in self._failing
                self._failing.add(path)
            if first:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc.__class__.__name__
                self.report(f"{what} could not be saved ({reason}) in {path.parent}.")
            return False
        with self._lock:
            self._failing.discard(path)
        return True

    # settings

    def load_settings(self) -> Settings:
        """The saved settings, or defaults when absent or unusable (a bad file is set aside).

        A file with one impossible value keeps its other values: the bad file is
        set aside and the corrected settings are saved.
        """
        what, fallback = "Your settings", "the default settings are used"
        text = self._read(self.settings_path, what, fallback)
        if text is None:
            return Settings()
        try:
            settings, bad = settings_from_data(parse_json(text), salvage=True)
        except StoredFileError as exc:
            self.quarantine(self.settings_path, str(exc), what=what, fallback=fallback)
            return Settings()
        if bad:
            names = ", ".join(repr(b) for b in bad)
            why = f"the setting{'s' if len(bad) > 1 else ''} {names} had an impossible value"
            if self.quarantine(self.settings_path, why, what=what, fallback="those settings are back to default"):
                self.save_settings(settings)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Save the settings atomically; False (and a problem reported) when the disk refuses."""
        return self._write(self.settings_path, json.dumps(settings.to_data(), indent=2) + "\n", "Your settings")

    # the game in progress

    def _portable(self, record: Record) -> Record:
        """``record`` as it can be stored and read back: player names valid."""
        if not all(valid_name(p.name) for p in record.players):
            players = [Player(clean_name(p.name, f"Player {i + 1}"), p.kind) for i, p in enumerate(record.players)]
            record = Record(record.rules, players, list(record.events), dict(record.overrides), dict(record.extra))
        return record

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
            portable = self._portable(record)
        except RecordError as exc:
            self.report(f"The game could not be saved: {exc}.")
            return False
        return self._write(self.autosave_path, write_record(portable), "The game")

    def has_saved_game(self) -> bool:
        """Whether there is an autosave this window may continue (Continue may still find it unusable).

        Not while another window owns the folder: that game is the other window's to play.
        """
        return self.unusable is None and self.autosave_path.is_file()

    def game_in_progress(self) -> tuple[Record, Game] | None:
        """The autosaved game if it is unfinished and usable (what a new game would replace), else None."""
        if not self.has_saved_game():
            return None
        loaded = self._load_game()
        return None if loaded is None or loaded[1].finished else loaded

    def load_game(self) -> Record | None:
        """The autosaved record, checked by replaying it; None when there is none or it is unusable (set aside)."""
        loaded = self._load_game()
        return None if loaded is None else loaded[0]

    def _load_game(self) -> tuple[Record, Game] | None:
        what, fallback = "The saved game", "a new game can be started"
        text = self._read(self.autosave_path, what, fallback)
        if text is None:
            return None
        try:
            return parse_saved_record(text)
        except (StoredFileError, RecordError) as exc:
            self.quarantine(self.autosave_path, str(exc), what=what, fallback=fallback)
            return None

    def resume_game(self) -> Resumed | None:
        """The game to continue, exactly where it stopped; None when there is none.

        A finished game found in the autosave is counted in the statistics (once)
        and cleared: there is nothing left to continue. None too while another
        window owns the folder.
        """
        if not self.has_saved_game():
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
            self.report("The saved game's dice could not be restored; it goes on with new dice.")
        return Resumed(record, game, rng if rng is not None else random.Random(), seed, rng is not None)

    def clear_game(self) -> None:
        """Forget the autosave (the game finished or was abandoned)."""
        if self.unusable is not None:
            return
        with contextlib.suppress(OSError):
            self.autosave_path.unlink(missing_ok=True)

    # statistics

    def load_stats(self) -> Stats:
        """The statistics, or empty ones when absent or unusable (a bad file is set aside)."""
        what, fallback = "Your statistics", "they start afresh"
        text = self._read(self.stats_path, what, fallback)
        if text is None:
            return Stats()
        try:
            return stats_from_data(parse_json(text))
        except (StoredFileError, StatsError) as exc:
            self.quarantine(self.stats_path, str(exc), what=what, fallback=fallback)
            return Stats()

    def save_stats(self, stats: Stats) -> bool:
        """Save the statistics atomically."""
        return self._write(self.stats_path, stats.to_text(), "Your statistics")

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
        stats = self.load_stats()
        counted = not stats.add_game(record) or self.save_stats(stats)
        kept = self._keep_finished(record)
        if clear and counted and kept:
            self.clear_game()
        return stats

    def statistics(self) -> StatisticsView:
        """What the Statistics screen shows, with any problem of the statistics file (taken from :attr:`problems`)."""
        with self._lock:
            before = list(self.problems)
            stats = self.load_stats()
            new = [p for p in self.problems if p not in before]
            self.problems = [p for p in self.problems if p in before]
        return statistics_view(stats, new)

    # replays and exports

    def _keep_finished(self, record: Record) -> bool:
        """Write a finished game's record for replays; whether it is on disk (now or already).

        Its name carries the game's own sequence number (``game-000042-<key>.json``):
        pruning goes by that number, never by a file's modification time, which a
        clock set wrong once would make lie for ever.
        """
        key = game_key(record)[:20]
        own = self._own_records()
        if any(k == key for _, k, _ in own) or (self.games_dir / f"game-{key}.json").exists():
            return True
        path = self.games_dir / f"game-{max((s for s, _, _ in own), default=0) + 1:06d}-{key}.json"
        try:
            portable = self._portable(record)
        except RecordError:
            return True  # a record that cannot be shared is not kept; nothing to wait for
        shared = Record(portable.rules, portable.players, portable.events, portable.overrides, _public(portable.extra))
        if not self._write(path, write_record(shared), "The finished game's record"):
            return False
        self._prune_finished()
        return True

    def _own_records(self) -> list[tuple[int, str, Path]]:
        """The records this game wrote into ``games/``: ``(sequence, key, path)``, oldest first.

        Only regular files named as the game names them count; never a symlink,
        and nothing at all when ``games/`` itself is a symlink (it could lead anywhere).
        """
        try:
            if self.games_dir.is_symlink():
                return []
            found = []
            for p in self.games_dir.iterdir():
                match = _OWN_RECORD.fullmatch(p.name)
                if match is not None and not p.is_symlink() and p.is_file():
                    found.append((int(match.group(1)), match.group(2), p))
        except OSError:
            return []
        return sorted(found)

    def _prune_finished(self) -> None:
        if self.unusable is not None:
            return
        own = self._own_records()
        for _, _, old in own[: max(0, len(own) - FINISHED_GAMES_KEPT)]:
            with contextlib.suppress(OSError):
                old.unlink()

    def finished_games(self) -> list[Path]:
        """Records of finished games, newest first (open one with :meth:`open_replay`)."""
        own = [p for _, _, p in reversed(self._own_records())]
        try:
            # Records kept by earlier versions, named by key alone: listed after the numbered ones, never pruned.
            older = sorted(p for p in self.games_dir.glob("game-*.json")
                           if _OLD_RECORD.fullmatch(p.name) and p.is_file() and not p.is_symlink())
        except OSError:
            older = []
        return own + older

    def export_record(self, record: Record, path: Path | None = None) -> Path | None:
        """Write the record of a game to ``path`` (default: a new file in ``exports/``); None on failure.

        The exported record carries its rules and no dice state (it shows the
        game so far, not the dice to come).
        """
        try:
            portable = self._portable(record)
        except RecordError as exc:
            self.report(f"The game could not be exported: {exc}.")
            return None
        shared = Record(portable.rules, portable.players, portable.events, portable.overrides, _public(portable.extra))
        if path is None:
            rules_id = shared.rules if isinstance(shared.rules, str) else str(shared.rules.get("id", "custom"))
            safe = "".join(ch for ch in rules_id if ch.isalnum() or ch in "-_")[:40] or "custom"
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.exports_dir / f"greed-{safe}-{stamp}.json"
            n = 1
            while path.exists():
                path = self.exports_dir / f"greed-{safe}-{stamp}-{n}.json"
                n += 1
        return path if self._write(path, write_record(shared), "The game's record") else None

    def open_replay(self, source: Path | Record) -> Replay | None:
        """A replay of a record file (or of a record in memory); None, with the problem reported, if unusable.

        The file is the player's: it is never moved. Rules named by a file path
        are looked up beside the record file.
        """
        if isinstance(source, Record):
            record, name = source, "The game's record"
        else:
            name = f"The record {source.name}"
            try:
                text = read_text(source)
                data = parse_json(text)
                record = record_from_data(data)
            except FileNotFoundError:
                self.report(f"{name} could not be opened: there is no such file.")
                return None
            except RecursionError:
                self.report(f"{name} could not be opened: its data is nested too deeply.")
                return None
            except (StoredFileError, RecordError) as exc:
                self.report(f"{name} could not be opened: {exc}.")
                return None
        try:
            check_fields(record, kinds=False)
            return replayed(record, Replay)  # one replay: the viewer's own states are the check
        except RecordError as exc:
            self.report(f"{name} could not be opened: {exc}.")
            return None

    def load_rules(self, path: Path) -> RuleSet | None:
        """A player's rules file, or None with the problem reported (the file is never moved)."""
        loaded = load_user_rules(path)
        if loaded.message is not None:
            self.report(f"The rules file could not be used: {loaded.message}")
        return loaded.rules


def _not_a_file(path: Path) -> str | None:
    """What stands at ``path`` if it is neither absent nor an ordinary file (a link to one counts as one)."""
    try:
        info = path.lstat()
    except (OSError, ValueError):
        return None
    if stat.S_ISLNK(info.st_mode):
        try:
            info = path.stat()
        except OSError:
            return "a link to nothing"
    if stat.S_ISDIR(info.st_mode):
        return "a folder"
    if not stat.S_ISREG(info.st_mode):
        return "a device or another special file"
    return None


def _public(extra: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in extra.items() if k != RESUME_KEY}
