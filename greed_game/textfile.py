"""Reading a text file the game did not write: only an ordinary file, only up to a size, only UTF-8.

A leaf: it imports nothing of the game but :mod:`greed_game.said`, so the rules files of the command line,
the player's rules folder and the stored files all read through it.
"""

from __future__ import annotations

import stat
from pathlib import Path

from greed_game.said import Said, SaidError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""No file the game reads is larger: past it a file is not one of the game's."""


class TextFileError(SaidError):
    """A file that cannot be read as text; the message is written for a player."""


def read_text(path: Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of ``path``; raises :class:`FileNotFoundError` or a plain-words :class:`TextFileError`.

    A device (``/dev/zero``), a pipe or a folder is refused before anything is read.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise TextFileError(Said("the file could not be read ({reason})",
                                  reason=getattr(exc, "strerror", None) or "bad path")) from None
    if stat.S_ISDIR(info.st_mode):
        raise TextFileError(Said("it is a folder, not a file"))
    if not stat.S_ISREG(info.st_mode):
        raise TextFileError(Said("it is not an ordinary file"))
    if info.st_size > limit:
        raise TextFileError(Said("the file is too large ({size} KB; at most {most} KB)", size=info.st_size // 1024,
                                  most=limit // 1024))
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise TextFileError(Said("the file could not be read ({reason})",
                                  reason=exc.strerror or exc.__class__.__name__)) from None
    if len(data) > limit:
        raise TextFileError(Said("the file is too large (at most {most} KB)", most=limit // 1024))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TextFileError(Said("the file is not text (it holds bytes that are not UTF-8)")) from None


__all__ = ["MAX_FILE_BYTES", "TextFileError", "read_text"]
