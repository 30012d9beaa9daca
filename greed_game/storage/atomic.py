"""Atomic file helpers: write whole or not at all, read with a size limit, parse JSON strictly.

The leaf of storage: it imports nothing of the game but its file reader. Every file is written as
a temporary file, flushed, fsynced and renamed over the old one, so a crash
or a power cut leaves either the old file or the new one.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
import time
from pathlib import Path
from typing import Any, Literal

from greed_game import textfile
from greed_game.said import Said, SaidError
from greed_game.textfile import MAX_FILE_BYTES as MAX_FILE_BYTES
from greed_game.textfile import TextFileError

"""No stored file of the game is larger; anything larger is refused unread."""
TEMP_MAX_AGE = 60.0
"""Seconds after which a leftover temporary file (a write cut off by a crash) is removed."""


class StoredFileError(SaidError):
    """A stored file that cannot be used; the message is written for a player."""


def aside_path(path: Path) -> Path:
    """A free name beside ``path`` for keeping it aside: ``NAME.bad-DATE.json`` (with a number if taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while aside.exists() or aside.is_symlink():
        aside = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        n += 1
    return aside


Standing = Literal["link", "folder", "device"]


def not_a_file(path: Path) -> Standing | None:
    """What stands at ``path`` if it is neither absent nor an ordinary file (a link to one counts as one): a link
    to nothing, a folder, or a device or another special file."""
    try:
        info = path.lstat()
    except (OSError, ValueError):
        return None
    if stat.S_ISLNK(info.st_mode):
        try:
            info = path.stat()
        except OSError:
            return "link"
    if stat.S_ISDIR(info.st_mode):
        return "folder"
    if not stat.S_ISREG(info.st_mode):
        return "device"
    return None


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never a mix.

    The text goes to a temporary file in the same folder, which is flushed,
    fsynced and renamed over ``path``; the folder is then fsynced so the rename
    itself survives a power cut. Raises :class:`OSError` when the disk refuses.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
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
        return textfile.read_text(path, limit=limit)
    except TextFileError as exc:
        raise StoredFileError(exc.said) from None


def _refuse_constant(name: str) -> Any:
    raise StoredFileError(Said("the file holds {name}, which is not a number the game uses", name=name))


def parse_json(text: str) -> Any:
    """Parse JSON text; anything unusable raises :class:`StoredFileError` in plain words."""
    if not text.strip():
        raise StoredFileError(Said("the file is empty"))
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        stripped = text.rstrip()
        near_end = exc.pos >= len(stripped) - 8 or exc.msg.startswith("Unterminated string")
        if near_end and not stripped.endswith(("}", "]")):
            raise StoredFileError(Said("the file is cut short (it ends in the middle of its data)")) from None
        raise StoredFileError(Said("the file is damaged (not valid JSON: {detail} at line {line})", detail=exc.msg,
                                    line=exc.lineno)) from None
    except RecursionError:
        raise StoredFileError(Said("the file is damaged (its data is nested too deeply)")) from None
    except ValueError as exc:  # e.g. a number too long to convert
        raise StoredFileError(Said("the file is damaged ({detail})", detail=str(exc)[:80])) from None
