"""The solver's disk cache: solved tables kept between runs, so a second solve is a read.

The solver opens no file; the program's solutions service
(:mod:`greed_game.solutions`) reads and writes through this cache. Files are
written atomically; a file that cannot be read is simply solved again, and one
the solver finds damaged is set aside first (``reject``), with a note for the
program to show.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from greed_game.said import Said
from greed_game.storage.atomic import StoredFileError, aside_path, atomic_write, not_a_file, read_text

DATA_DIR_ENV = "GREED_DATA_DIR"
CACHE_DIR_ENV = "GREED_CACHE_DIR"
"""Environment variable naming the cache folder (empty: no disk cache)."""


class DiskSolutionCache:
    """Solutions as ``solution-<key>.json`` files in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notes: list[Said] = []
        """What was set aside, in sentences, for the program to say once."""

    # A background process gets the folder, not this process's notes: it reports only what it sets aside itself.
    def __getstate__(self) -> dict[str, object]:
        return {"folder": self.folder}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(Path(str(state["folder"])))  # type: ignore[misc]

    def _path(self, key: str) -> Path:
        return self.folder / f"solution-{key}.json"

    def load(self, key: str) -> str | None:
        """The stored text of a solution, or None when it is absent or unreadable.

        Whatever stands where the file goes (a folder, a link to nothing, a device) is set aside first: it
        would refuse every later store, and the rules would be solved again on every run without a word.
        """
        standing = not_a_file(self._path(key))
        if standing is not None:
            self.reject(key, standing=True)
            return None
        try:
            return read_text(self._path(key))
        except (OSError, StoredFileError, ValueError):
            return None

    def reject(self, key: str, *, standing: bool = False) -> None:
        """Set aside the stored solution of ``key``, which the solver found damaged (it is solved again);
        ``standing``: what was there is not a file at all."""
        path = self._path(key)
        aside = aside_path(path)
        try:
            path.replace(aside)
        except OSError:
            with contextlib.suppress(OSError):
                path.unlink()
            self.notes.append(Said("Something that is not a file stood where a solution in the cache goes ({path}): it "
                                   "was removed and the rules solved again.", path=str(path)) if standing else
                              Said("A damaged solution in the cache ({path}) was removed and the rules solved again.",
                                   path=str(path)))
            return
        self.notes.append(Said("Something that is not a file stood where a solution in the cache goes: it was set "
                               "aside as {aside} and the rules solved again.", aside=str(aside)) if standing else
                          Said("A damaged solution in the cache was set aside as {aside} and the rules solved again.",
                               aside=str(aside)))

    def load_book(self, key: str, limit: int) -> bytes | None:
        """A kept win book (``win-<key>.book``), or None when absent, larger than ``limit`` or unreadable."""
        path = self.folder / f"win-{key}.book"
        try:
            if not path.is_file() or path.stat().st_size > limit:
                return None
            return path.read_bytes()
        except OSError:
            return None

    def store_book(self, key: str, data: bytes) -> None:
        """Keep a win book; a disk that refuses only costs a solve next time."""
        with contextlib.suppress(OSError):
            atomic_write(self.folder / f"win-{key}.book", data)

    def store(self, key: str, text: str) -> None:
        """Keep a solution; a disk that refuses only costs a solve next time."""
        with contextlib.suppress(OSError):
            atomic_write(self._path(key), text)


def default_solution_cache() -> DiskSolutionCache | None:
    """The cache in ``GREED_CACHE_DIR`` (empty disables it), else beside the data in ``GREED_DATA_DIR``
    (a portable install writes nothing elsewhere), else in the user's cache folder."""
    env = os.environ.get(CACHE_DIR_ENV)
    if env is not None:
        return DiskSolutionCache(Path(env)) if env else None
    data = os.environ.get(DATA_DIR_ENV)
    if data:
        return DiskSolutionCache(Path(data) / "cache" / "solutions")
    from platformdirs import user_cache_path

    return DiskSolutionCache(user_cache_path("greed-game", appauthor=False) / "solutions")


__all__ = ["CACHE_DIR_ENV", "DiskSolutionCache", "default_solution_cache"]
