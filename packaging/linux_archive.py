"""Pack the Linux download: ``greed-game-linux.tar.gz`` holding one folder ``greed-game/``.

Inside: the game as PyInstaller builds it (the executable ``greed-game`` and
its ``_internal/`` folder, which it starts from without unpacking anything),
its icon, the ``.desktop`` file, the install script and the licence, so that
after extracting, ``sh greed-game/install-linux.sh`` installs the game with its
icon and menu entry, as the README says, and ``greed-game/greed-game`` runs it
where it is.

Usage: python packaging/linux_archive.py dist/greed-game dist/greed-game-linux.tar.gz
"""

from __future__ import annotations

import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = "greed-game"


def _anyone(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """A member owned by nobody in particular: extracted, it belongs to whoever extracts it."""
    info.uid, info.gid, info.uname, info.gname = 0, 0, "", ""
    return info


def pack(build: Path, archive: Path) -> list[str]:
    """Write ``archive`` from the built folder ``build`` and return the names it holds."""
    game = build / "greed-game"
    if not (game.is_file() and (build / "_internal").is_dir()):
        raise SystemExit(f"{build} is not the game's built folder (greed-game and _internal/): run pyinstaller")
    extras = [
        (HERE / "greed-game.png", "greed-game.png", 0o644),
        (HERE / "greed-game.desktop", "greed-game.desktop", 0o644),
        (HERE / "install-linux.sh", "install-linux.sh", 0o755),
        (HERE.parent / "LICENSE", "LICENSE", 0o644),
    ]
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "w:gz") as tar:
        # the libraries' links stay links, and every mode as PyInstaller left it
        tar.add(str(game), arcname=f"{FOLDER}/greed-game", filter=_anyone)
        tar.add(str(build / "_internal"), arcname=f"{FOLDER}/_internal", filter=_anyone)
        for source, name, mode in extras:
            info = _anyone(tar.gettarinfo(str(source), arcname=f"{FOLDER}/{name}"))
            info.mode = mode
            with source.open("rb") as handle:
                tar.addfile(info, handle)
        return tar.getnames()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python packaging/linux_archive.py BUILT_FOLDER ARCHIVE")
    names = pack(Path(sys.argv[1]), Path(sys.argv[2]))
    for name in names:
        if name.count("/") <= 1:
            print(name)
    print(f"({len(names)} members)")
