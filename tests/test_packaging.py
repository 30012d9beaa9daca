"""The Linux download: the built folder packed with its icon, menu entry, install script and licence, and the
install script putting the game where the menu finds it, over an older install too, without touching saves."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None,
                                reason="the Linux download is installed by a POSIX shell script")


def _linux_archive() -> ModuleType:
    return load_script("packaging/linux_archive.py")


def _built(folder: Path, says: str) -> Path:
    """A stand-in for PyInstaller's folder: an executable that reads a file of its _internal/ folder."""
    (folder / "_internal" / "lib").mkdir(parents=True)
    (folder / "_internal" / "lib" / "words.txt").write_text(says, encoding="utf-8")
    (folder / "_internal" / "link.txt").symlink_to("lib/words.txt")
    game = folder / "greed-game"
    game.write_text('#!/bin/sh\nhere=$(dirname "$(readlink -f "$0")")\ncat "$here/_internal/link.txt"\n',
                    encoding="utf-8")
    game.chmod(0o755)
    return folder


def _install(download: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_BIN_HOME", "XDG_DATA_HOME")}
    env["HOME"] = str(home)
    return subprocess.run(["sh", "greed-game/install-linux.sh"], cwd=download, env=env, capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.mark.parametrize("home_name", ["home", "Ada & Tess's home"])
def test_the_download_holds_the_built_folder_and_installs_over_an_older_one(tmp_path: Path, home_name: str) -> None:
    archive = _linux_archive()
    home = tmp_path / home_name
    saves = home / ".local" / "share" / "greed-game"
    saves.mkdir(parents=True)
    (saves / "autosave.json").write_text("{}", encoding="utf-8")
    for version in ("first", "second"):
        built = _built(tmp_path / f"build-{version}", version)
        tarball = tmp_path / f"greed-game-{version}.tar.gz"
        names = archive.pack(built, tarball)
        wanted = {"greed-game", "_internal/link.txt", "LICENSE", "install-linux.sh", "greed-game.desktop",
                  "greed-game.png"}
        assert {f"greed-game/{name}" for name in wanted} <= set(names)
        with tarfile.open(tarball) as tar:
            assert tar.getmember("greed-game/_internal/link.txt").issym(), "links stay links"
            assert tar.getmember("greed-game/greed-game").mode & 0o111, "the game stays executable"
            download = tmp_path / f"download-{version}"
            tar.extractall(download, filter="tar")
        extracted = subprocess.run([str(download / "greed-game" / "greed-game")], capture_output=True, text=True,
                                   timeout=60, check=True)
        assert extracted.stdout == version, "the extracted game runs where it is"
        result = _install(download, home)
        assert result.returncode == 0, result.stderr
        linked = home / ".local" / "bin" / "greed-game"
        assert linked.is_symlink()
        ran = subprocess.run([str(linked)], capture_output=True, text=True, timeout=60, check=True)
        assert ran.stdout == version, "the installed game is the one just installed"
        desktop = (home / ".local" / "share" / "applications" / "greed-game.desktop").read_text(encoding="utf-8")
        # a path with spaces is quoted, as the Desktop Entry spec wants; a plain one stays plain
        assert (f"Exec={linked}\n" if home_name.isalnum() else f'Exec="{linked}"\n') in desktop
    lib = home / ".local" / "lib"
    assert sorted(p.name for p in lib.iterdir()) == ["greed-game"], "no half copy or old copy is left"
    assert (saves / "autosave.json").read_text(encoding="utf-8") == "{}", "saved games are not touched"


def test_a_folder_that_is_not_the_built_game_is_refused(tmp_path: Path) -> None:
    archive = _linux_archive()
    (tmp_path / "greed-game").write_text("a one-file executable", encoding="utf-8")
    with pytest.raises(SystemExit, match="built folder"):
        archive.pack(tmp_path, tmp_path / "out.tar.gz")
    download = tmp_path / "download" / "greed-game"
    download.mkdir(parents=True)
    shutil.copy(ROOT / "packaging" / "install-linux.sh", download)
    (download / "greed-game").write_text("no _internal beside it", encoding="utf-8")
    result = _install(tmp_path / "download", tmp_path / "home")
    assert result.returncode == 2 and "_internal" in result.stderr
    assert not (tmp_path / "home" / ".local" / "bin" / "greed-game").exists()


def test_the_game_uses_none_of_the_modules_the_executable_leaves_out() -> None:
    """The executable drops numpy's random and fft (the game never loaded them): a use of them in the package
    broke the table in the executable only (the rails' grain drew its streaks with numpy's random)."""
    import ast
    import re

    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    left_out = [name.replace("/", ".") for name in re.findall(r'"(numpy/[a-z_/]+)"', spec)]
    assert "numpy.random" in left_out, left_out
    used = []
    for path in sorted((ROOT / "greed_game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "np":
                name = f"numpy.{node.attr}"
            elif isinstance(node, ast.ImportFrom) and node.module:
                name = node.module
            elif isinstance(node, ast.Import):
                name = " ".join(alias.name for alias in node.names)
            else:
                continue
            used += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for gone in left_out
                     if name == gone or name.startswith(gone + ".") or f" {gone}" in f" {name}"]
    assert not used, used
