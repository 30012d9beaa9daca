"""The newest glibc that a built executable asks for: the oldest Linux it starts on.

A PyInstaller executable carries its Python and libraries inside; each asks
the system's glibc for symbols of some version (``GLIBC_2.28`` and so on), and
the newest of those is the oldest glibc the game starts with. This reads the
executable itself and every binary beside it (a built folder, as the Linux
build is) or packed inside it (a one-file executable).

Usage: python packaging/glibc_needed.py dist/greed-game [--at-most 2.28]
Prints the version and the binary that asks for it; with ``--at-most``, exits 1
when the executable needs a newer glibc than that.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from PyInstaller.archive.readers import PKG_ITEM_BINARY, CArchiveReader

NEEDS = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?\x00")


def _newest(data: bytes) -> tuple[int, ...]:
    """The newest GLIBC_x.y version named in an ELF binary's strings (0.0 if none)."""
    found = [tuple(int(g) for g in m.groups() if g is not None) for m in NEEDS.finditer(data)]
    return max(found, default=(0, 0))


def needed(executable: Path) -> tuple[tuple[int, ...], str]:
    """The newest glibc version any binary of ``executable`` (a built folder, or a one-file executable) asks
    for, and that binary's name."""
    if executable.is_dir():
        best = ((0, 0), "")
        for path in sorted(executable.rglob("*")):
            if path.is_file() and not path.is_symlink():
                with path.open("rb") as handle:
                    if handle.read(4) != b"\x7fELF":
                        continue
                best = max(best, (_newest(path.read_bytes()), str(path.relative_to(executable))))
        return best
    best = (_newest(executable.read_bytes()), executable.name)
    archive = CArchiveReader(str(executable))
    for name, entry in archive.toc.items():
        if entry[-1] != PKG_ITEM_BINARY:
            continue
        data = archive.extract(name)
        if data[:4] == b"\x7fELF":
            best = max(best, (_newest(data), name))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executable", type=Path)
    parser.add_argument("--at-most", default=None, help="fail when the executable needs a newer glibc (e.g. 2.28)")
    args = parser.parse_args()
    version, where = needed(args.executable)
    text = ".".join(map(str, version))
    print(f"needs glibc {text} (asked by {where})")
    if args.at_most is not None:
        limit = tuple(int(p) for p in args.at_most.split("."))
        if version > limit:
            sys.exit(f"{args.executable} needs glibc {text}, newer than {args.at_most}")


if __name__ == "__main__":
    main()
