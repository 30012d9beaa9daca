"""Pack the Linux download: ``greed-game-linux.tar.gz`` holding one folder ``greed-game/``.

Inside: the executable, its icon, the ``.desktop`` file, the install
script and the licence, so that after extracting, ``sh greed-game/install-linux.sh`` installs
the game with its icon and menu entry, as the README says.

Usage: python packaging/linux_archive.py dist/greed-game dist/greed-game-linux.tar.gz
"""

from __future__ import annotations

import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = "greed-game"


def pack(executable: Path, archive: Path) -> list[str]:
    """Write ``archive`` and return the names it holds."""
    members = [
        (executable, "greed-game", 0o755),
        (HERE / "greed-game.png", "greed-game.png", 0o644),
        (HERE / "greed-game.desktop", "greed-game.desktop", 0o644),
        (HERE / "install-linux.sh", "install-linux.sh", 0o755),
        (HERE.parent / "LICENSE", "LICENSE", 0o644),
    ]
    archive.parent.mkdir(parents=True, exist_ok=True)
    names = []
    with tarfile.open(archive, "w:gz") as tar:
        for source, name, mode in members:
            info = tar.gettarinfo(str(source), arcname=f"{FOLDER}/{name}")
            info.mode, info.uid, info.gid, info.uname, info.gname = mode, 0, 0, "", ""
            with source.open("rb") as handle:
                tar.addfile(info, handle)
            names.append(info.name)
    return names


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python packaging/linux_archive.py EXECUTABLE ARCHIVE")
    for name in pack(Path(sys.argv[1]), Path(sys.argv[2])):
        print(name)
