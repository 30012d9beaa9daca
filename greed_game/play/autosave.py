"""Autosaving off the frame path: the game is saved after every event by a worker thread.

A save writes and syncs a file (about 10 ms on a typical disk), longer than a
frame. The window hands each save to a worker; a newer save replaces one that
has not started yet, since only the latest state matters. ``flush`` waits
until everything handed over is on disk (before Continue, at the end of a
game, when the window closes).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from greed_game.said import Said, said_of

if TYPE_CHECKING:
    from greed_game.rules import Record
    from greed_game.storage import Storage


class Autosaver:
    """Runs the storage's writes in order on one worker thread."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._jobs: list[tuple[str, Callable[[], object]]] = []
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: list[Said] = []

    def _submit(self, key: str, job: Callable[[], object]) -> None:
        with self._cond:
            if key == "save" and self._jobs and self._jobs[-1][0] == "save":
                self._jobs[-1] = (key, job)
            else:
                self._jobs.append((key, job))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="greed-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def save(self, record: Record, rng: random.Random, seed: int | None) -> None:
        """Autosave the game in progress (the dice source is copied now, as it is after the last event)."""
        snapshot = random.Random()
        snapshot.setstate(rng.getstate())
        self._submit("save", lambda: self.storage.autosave.save_game(record, rng=snapshot, seed=seed))

    def finish(self, record: Record) -> None:
        """The game is over: count it and forget the autosave."""
        self._submit("finish", lambda: self.storage.autosave.finish_game(record))

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._jobs:
                    if not self._cond.wait(timeout=2.0) and not self._jobs:
                        self._thread = None
                        return
                _key, job = self._jobs.pop(0)
                self._busy = True
            try:
                job()
            except Exception as exc:  # a save must never stop the game
                self.errors.append(Said("The game could not be saved ({problem}).", problem=said_of(exc)))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    @property
    def idle(self) -> bool:
        """Whether nothing is waiting or being written."""
        with self._cond:
            return not self._jobs and not self._busy

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every save handed over is written."""
        with self._cond:
            self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout=timeout)
