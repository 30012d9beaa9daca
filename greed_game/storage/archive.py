"""Finished games: the statistics (``stats.json``), the records kept for replays (``games/``) and exports.

A finished game's record is named by the game's own sequence number
(``game-000042-<key>.json``); only the newest FINISHED_GAMES_KEPT are kept.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from greed_game.replay import Replay
from greed_game.rules import Record, RecordError, write_record
from greed_game.rules.record import record_from_data
from greed_game.said import Said
from greed_game.stats import StatisticsView, Stats, StatsError, game_key, statistics_view, stats_from_data
from greed_game.storage.atomic import StoredFileError, parse_json, read_text
from greed_game.storage.files import EXPORTED_RECORD, FINISHED_RECORD, STATISTICS
from greed_game.storage.saves import RESUME_KEY, check_fields, replayed

if TYPE_CHECKING:
    from greed_game.storage.files import DataFolder

_OWN_RECORD = re.compile(r"game-(\d{6,})-([0-9a-f]{20})\.json")
"""How the game names a finished game's record: its sequence number, then its key."""
_OLD_RECORD = re.compile(r"game-[0-9a-f]{20}\.json")

FINISHED_GAMES_KEPT = 200
"""Records of finished games kept for replays (the oldest are pruned)."""


class Archive:
    """What is kept of finished games in one data folder, and the records the player exports or opens."""

    def __init__(self, folder: DataFolder) -> None:
        self.folder = folder

    def load_stats(self) -> Stats:
        """The statistics, or empty ones when absent or unusable (a bad file is set aside)."""
        text = self.folder.read(self.folder.stats_path, STATISTICS)
        if text is None:
            return Stats()
        try:
            return stats_from_data(parse_json(text))
        except (StoredFileError, StatsError) as exc:
            self.folder.quarantine(self.folder.stats_path, exc.said, STATISTICS)
            return Stats()

    def save_stats(self, stats: Stats) -> bool:
        """Save the statistics atomically."""
        return self.folder.write(self.folder.stats_path, stats.to_text(), STATISTICS)

    def add_finished(self, record: Record) -> tuple[Stats, bool]:
        """Count a finished game in the statistics (once) and keep its record for replays.

        Returns the statistics and whether both are safely on disk (now or already).
        """
        stats = self.load_stats()
        counted = not stats.add_game(record) or self.save_stats(stats)
        kept = self._keep_finished(record)
        return stats, counted and kept

    def statistics(self) -> StatisticsView:
        """What the Statistics screen shows, with any problem of the statistics file (taken from :attr:`problems`)."""
        with self.folder.lock:
            before = list(self.folder.problems)
            stats = self.load_stats()
            new = [p for p in self.folder.problems if p not in before]
            self.folder.problems = [p for p in self.folder.problems if p in before]
        return statistics_view(stats, new)

    def _keep_finished(self, record: Record) -> bool:
        """Write a finished game's record for replays; whether it is on disk (now or already).

        Its name carries the game's own sequence number (``game-000042-<key>.json``):
        pruning goes by that number, never by a file's modification time, which a
        clock set wrong once would make lie for ever.
        """
        key = game_key(record)[:20]
        own = self._own_records()
        if any(k == key for _, k, _ in own) or (self.folder.games_dir / f"game-{key}.json").exists():
            return True
        path = self.folder.games_dir / f"game-{max((s for s, _, _ in own), default=0) + 1:06d}-{key}.json"
        try:
            portable = self.folder.portable(record)
        except RecordError:
            return True  # a record that cannot be shared is not kept; nothing to wait for
        shared = Record(portable.rules, portable.players, portable.events, portable.overrides, _public(portable.extra))
        if not self.folder.write(path, write_record(shared), FINISHED_RECORD):
            return False
        self._prune_finished()
        return True

    def _own_records(self) -> list[tuple[int, str, Path]]:
        """The records this game wrote into ``games/``: ``(sequence, key, path)``, oldest first.

        Only regular files named as the game names them count; never a symlink,
        and nothing at all when ``games/`` itself is a symlink (it could lead anywhere).
        """
        try:
            if self.folder.games_dir.is_symlink():
                return []
            found = []
            for p in self.folder.games_dir.iterdir():
                match = _OWN_RECORD.fullmatch(p.name)
                if match is not None and not p.is_symlink() and p.is_file():
                    found.append((int(match.group(1)), match.group(2), p))
        except OSError:
            return []
        return sorted(found)

    def _prune_finished(self) -> None:
        if self.folder.unusable is not None:
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
            older = sorted(p for p in self.folder.games_dir.glob("game-*.json")
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
            portable = self.folder.portable(record)
        except RecordError as exc:
            self.folder.report(Said("The game could not be exported: {problem}.", problem=exc.said))
            return None
        shared = Record(portable.rules, portable.players, portable.events, portable.overrides, _public(portable.extra))
        if path is None:
            rules_id = shared.rules if isinstance(shared.rules, str) else str(shared.rules.get("id", "custom"))
            safe = "".join(ch for ch in rules_id if ch.isalnum() or ch in "-_")[:40] or "custom"
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.folder.exports_dir / f"greed-{safe}-{stamp}.json"
            n = 1
            while path.exists():
                path = self.folder.exports_dir / f"greed-{safe}-{stamp}-{n}.json"
                n += 1
        return path if self.folder.write(path, write_record(shared), EXPORTED_RECORD) else None

    def open_replay(self, source: Path | Record) -> Replay | None:
        """A replay of a record file (or of a record in memory); None, with the problem reported, if unusable.

        The file is the player's: it is never moved. Rules named by a file path
        are looked up beside the record file.
        """
        if isinstance(source, Record):
            record, unopened = source, Said("The game's record could not be opened: {problem}.")
        else:
            unopened = Said("The record {name} could not be opened: {problem}.", name=source.name)
            try:
                text = read_text(source)
                data = parse_json(text)
                record = record_from_data(data)
            except FileNotFoundError:
                self.folder.report(unopened.but(problem=Said("there is no such file")))
                return None
            except RecursionError:
                self.folder.report(unopened.but(problem=Said("its data is nested too deeply")))
                return None
            except (StoredFileError, RecordError) as exc:
                self.folder.report(unopened.but(problem=exc.said))
                return None
        try:
            check_fields(record, kinds=False)
            return replayed(record, Replay)  # one replay: the viewer's own states are the check
        except RecordError as exc:
            self.folder.report(unopened.but(problem=exc.said))
            return None


def _public(extra: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in extra.items() if k != RESUME_KEY}
