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
import stat
import threading
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Literal

from greed_game.ai import LEVELS
from greed_game.presets import record_rules, replay
from greed_game.replay import Replay
from greed_game.rules import (
    PRESET_IDS,
    FirstPlayer,
    Game,
    Player,
    Record,
    RecordError,
    Roll,
    RulesError,
    RuleSet,
    draw_dice,
    roll_off,
    write_record,
)
from greed_game.rules.record import record_from_data
from greed_game.rules.ruleset import parse_rules_text
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

SETTINGS_FORMAT = "greed-settings/1"
DATA_DIR_ENV = "GREED_DATA_DIR"
"""Environment variable naming the data folder; overrides the platform's user data folder."""
MAX_FILE_BYTES = 16 * 1024 * 1024
"""No stored file of the game is larger; anything larger is refused unread."""
RESUME_KEY = "resume"
"""The record field holding what a seeded game needs to continue with the same dice."""
FINISHED_GAMES_KEPT = 200
"""Records of finished games kept for replays (the oldest are pruned)."""
TEMP_MAX_AGE = 60.0
"""Seconds after which a leftover temporary file (a write cut off by a crash) is removed."""

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


# --- files ------------------------------------------------------------------------


def default_root() -> Path:
    """The per-user data folder of the game (created on first write, not on import).

    ``GREED_DATA_DIR``, when set and not empty, names the folder instead.
    """
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    from platformdirs import user_data_path

    return user_data_path("greed-game", appauthor=False)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never a mix.

    The text goes to a temporary file in the same folder, which is flushed,
    fsynced and renamed over ``path``; the folder is then fsynced so the rename
    itself survives a power cut. Raises :class:`OSError` when the disk refuses.
    """
    data = text.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}-{time.monotonic_ns()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        _replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _replace(src: Path, dst: Path) -> None:
    # On Windows a reader (an antivirus, a backup tool) can hold the target open
    # for a moment; retry briefly before giving up.
    for attempt in range(10):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 9:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_files(path: Path) -> list[Path]:
    try:
        return list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return []


def sweep_temp_files(path: Path, *, max_age: float = TEMP_MAX_AGE) -> int:
    """Remove temporary files left beside ``path`` by writes a crash cut off; returns how many.

    Only files older than ``max_age`` seconds are removed, so a write in
    progress in another window of the game is never disturbed. These files were
    never the saved file: the rename that would have made them so did not happen.
    """
    removed = 0
    now = time.time()
    for tmp in _temp_files(path):
        try:
            if now - tmp.stat().st_mtime >= max_age:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def read_text(path: Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a stored file; raises :class:`FileNotFoundError` or a plain-words :class:`StoredFileError`."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StoredFileError(f"the file could not be read ({exc.strerror or exc.__class__.__name__})") from None
    if stat.S_ISDIR(info.st_mode):
        raise StoredFileError("it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise StoredFileError("it is not an ordinary file")
    if info.st_size > limit:
        raise StoredFileError(f"the file is too large ({info.st_size // 1024} KB) to be one of the game's files")
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise StoredFileError(f"the file could not be read ({exc.strerror or exc.__class__.__name__})") from None
    if len(data) > limit:
        raise StoredFileError("the file is too large to be one of the game's files")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StoredFileError("the file is not text (it holds bytes that are not UTF-8)") from None


def _refuse_constant(name: str) -> Any:
    raise StoredFileError(f"the file holds {name}, which is not a number the game uses")


def parse_json(text: str) -> Any:
    """Parse JSON text; anything unusable raises :class:`StoredFileError` in plain words."""
    if not text.strip():
        raise StoredFileError("the file is empty")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        stripped = text.rstrip()
        near_end = exc.pos >= len(stripped) - 8 or exc.msg.startswith("Unterminated string")
        if near_end and not stripped.endswith(("}", "]")):
            raise StoredFileError("the file is cut short (it ends in the middle of its data)") from None
        raise StoredFileError(f"the file is damaged (not valid JSON: {exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise StoredFileError("the file is damaged (its data is nested too deeply)") from None
    except ValueError as exc:  # e.g. a number too long to convert
        raise StoredFileError(f"the file is damaged ({str(exc)[:80]})") from None


# --- settings ---------------------------------------------------------------------


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


# --- seeded games: the dice to come -------------------------------------------------


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
        raise StoredFileError("the state of the dice is damaged")
    version, internal, gauss = data.get("version"), data.get("state"), data.get("gauss_next")
    if (
        version != 3
        or not isinstance(internal, list)
        or len(internal) != 625
        or not all(type(n) is int and 0 <= n < 2**32 for n in internal)
        or internal[-1] > 624
        or not (gauss is None or type(gauss) is float)
    ):
        raise StoredFileError("the state of the dice is damaged")
    rng = random.Random()
    try:
        rng.setstate((3, tuple(internal), gauss))
    except (ValueError, TypeError, OverflowError):
        raise StoredFileError("the state of the dice is damaged") from None
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


# --- records ----------------------------------------------------------------------


def check_record(record: Record, *, kinds: bool = True) -> Game:
    """Check everything a saved record must satisfy and return its replayed game.

    Players need a usable name and (with ``kinds``) ``human`` or a known
    computer level; the rules must be a preset id or a rules table (never a
    file path, which could point anywhere); every event must be legal. Raises
    :class:`RecordError` in plain words.
    """
    for i, player in enumerate(record.players):
        if not valid_name(player.name):
            raise RecordError(f"player {i + 1} has an impossible name {player.name[:40]!r}")
        if kinds and player.kind != "human" and player.kind not in LEVELS:
            raise RecordError(f"player {player.name!r} is of an unknown kind {player.kind[:40]!r}")
    if isinstance(record.rules, str) and record.rules not in PRESET_IDS:
        raise RecordError(f"its rules {record.rules[:60]!r} are neither a preset nor a rules table")
    try:
        return replay(record)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("its rules are nested too deeply") from None
    except Exception as exc:  # a rules table the core failed to refuse cleanly
        raise RecordError(f"its rules could not be understood ({exc.__class__.__name__}: {str(exc)[:80]})") from None


def parse_saved_record(text: str) -> tuple[Record, Game]:
    """A saved record from its text, checked and replayed; raises :class:`StoredFileError` or :class:`RecordError`."""
    data = parse_json(text)
    try:
        record = record_from_data(data)
    except RecursionError:
        raise StoredFileError("the file is damaged (its data is nested too deeply)") from None
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
    """The result of loading a player's rules file: the rules, or a message saying what is wrong."""

    rules: RuleSet | None
    message: str | None = None


def load_user_rules(path: str | Path) -> RulesLoad:
    """Load a player's own TOML rules file; never raises, never moves the file.

    Rules files belong to the player: a bad one is only reported (the message
    names the file and the field at fault), not renamed aside.
    """
    p = Path(path)
    try:
        text = read_text(p, limit=1024 * 1024)
    except FileNotFoundError:
        return RulesLoad(None, f"{p}: there is no such file")
    except StoredFileError as exc:
        return RulesLoad(None, f"{p}: {exc}")
    try:
        return RulesLoad(parse_rules_text(text, origin=str(p)))
    except RulesError as exc:
        return RulesLoad(None, str(exc))
    except RecursionError:
        return RulesLoad(None, f"{p}: the rules are nested too deeply")
    except Exception as exc:  # a value the rules reader failed to refuse cleanly
        return RulesLoad(None, f"{p}: the rules could not be understood ({str(exc)[:80]})")


# --- the folder -------------------------------------------------------------------


class Storage:
    """The game's files under one folder; see the module documentation."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_root()
        self.problems: list[str] = []
        """Plain-words reports of files that were unusable (and set aside) or could not be written."""
        self._lock = threading.RLock()  # the window saves on a worker thread and reads problems on its own
        self._failing: set[Path] = set()
        self._blocked: set[Path] = set()

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
            if message not in self.problems:
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
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
            n += 1
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
        if path in self._blocked:
            return False
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
        """Whether an autosave exists (Continue may still find it unusable: see :meth:`resume_game`)."""
        return self.autosave_path.is_file()

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
        and cleared: there is nothing left to continue.
        """
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

        Raises :class:`ValueError` if the game is not finished.
        """
        if not replay(record).finished:
            raise ValueError("only a finished game can be finished")
        stats = self.load_stats()
        if stats.add_game(record):
            self.save_stats(stats)
        self._keep_finished(record)
        if clear:
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

    def _keep_finished(self, record: Record) -> None:
        path = self.games_dir / f"game-{game_key(record)[:20]}.json"
        if path.exists():
            return
        try:
            portable = self._portable(record)
        except RecordError:
            return
        shared = Record(portable.rules, portable.players, portable.events, portable.overrides, _public(portable.extra))
        if self._write(path, write_record(shared), "The finished game's record"):
            self._prune_finished()

    def _prune_finished(self) -> None:
        games = self.finished_games()
        for old in games[FINISHED_GAMES_KEPT:]:
            with contextlib.suppress(OSError):
                old.unlink()

    def finished_games(self) -> list[Path]:
        """Records of finished games, newest first (open one with :meth:`open_replay`)."""
        try:
            paths = [p for p in self.games_dir.glob("game-*.json") if p.is_file()]
        except OSError:
            return []

        def mtime(p: Path) -> float:
            try:
                return p.stat().st_mtime
            except OSError:
                return 0.0

        return sorted(paths, key=mtime, reverse=True)

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
            check_record(record, kinds=False)
            return Replay(record)
        except RecordError as exc:
            self.report(f"{name} could not be opened: {exc}.")
            return None

    def load_rules(self, path: Path) -> RuleSet | None:
        """A player's rules file, or None with the problem reported (the file is never moved)."""
        loaded = load_user_rules(path)
        if loaded.message is not None:
            self.report(f"The rules file could not be used: {loaded.message}")
        return loaded.rules


def _public(extra: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in extra.items() if k != RESUME_KEY}


__all__ = [
    "DATA_DIR_ENV",
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
