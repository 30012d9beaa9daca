"""One data folder, one writer: the platform's file lock on ``<data folder>/.lock``.

The lock is held for the life of the process (the operating system lets go of
it when the process ends, however it ends), so a second window on the same
folder can tell that the first is open and keep its hands off the files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import BinaryIO


class FolderLock:
    """An exclusive, non-blocking lock on a data folder."""

    def __init__(self, root: Path) -> None:
        self.path = root / ".lock"
        self._handle: BinaryIO | None = None

    def acquire(self) -> bool:
        """Take the lock; False when another process holds it. Raises :class:`OSError` if the folder is unusable."""
        if self._handle is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+b")  # noqa: SIM115 - held open for the life of the process
        try:
            if sys.platform == "win32":
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()).encode())
        handle.flush()
        self._handle = handle
        return True

    def release(self) -> None:
        """Let go of the lock (closing the file releases it)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


__all__ = ["FolderLock"]
