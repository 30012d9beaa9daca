"""The built game: the size of its download, and its time to first frame against a minimal frozen pygame program.

Targets: the download <= 60 MB (the 3D dice bring numpy, rapier3d and moderngl): on Linux the archive
packaging/linux_archive.py makes of the built folder, elsewhere the executable; start to first frame
<= 1.5x that of a minimal pygame program (opens a window, draws one frame) frozen the same way (as build.spec
builds the game: one folder on Linux and macOS, one file on Windows), measured in the same run. On Linux the
minimal program frozen as one file is timed too, for comparison: a one-file executable unpacks all of itself at
every start. Needs PyInstaller and a built game (dist/greed-game/greed-game on Linux), or give its path.
Run: python benchmarks/bench_exe.py [PATH_TO_EXECUTABLE] [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_startup import MINIMAL, first_frame_and_exit

ROOT = Path(__file__).resolve().parent.parent


# Frozen the same way as build.spec: the same excluded modules, stripped on Linux.
EXCLUDES = [
    arg
    for name in ("numpy", "tkinter", "unittest", "pydoc", "doctest", "pytest", "hypothesis", "mypy", "PIL")
    for arg in ("--exclude-module", name)
]


def default_executable() -> Path:
    name = {"win32": "Greed.exe", "darwin": "Greed.app/Contents/MacOS/Greed"}.get(sys.platform,
                                                                               "greed-game/greed-game")
    return ROOT / "dist" / name


def build_minimal(folder: Path, *, one_file: bool) -> Path:
    """The minimal program frozen as one file or as one folder; the path of its executable."""
    script = folder / "minimal_pygame.py"
    script.write_text(MINIMAL, encoding="utf-8")
    kind = "one-file" if one_file else "one-folder"
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--onefile" if one_file else "--onedir", "--windowed",
         "--log-level", "WARN", *EXCLUDES, *(["--strip"] if sys.platform.startswith("linux") else []),
         "--distpath", str(folder / kind), "--workpath", str(folder / f"build-{kind}"),
         "--specpath", str(folder), str(script)],
        check=True, capture_output=True,
    )
    name = "minimal_pygame.exe" if sys.platform == "win32" else "minimal_pygame"
    return folder / kind / name if one_file else folder / kind / "minimal_pygame" / name


def download_size(executable: Path, folder: Path) -> tuple[str, float]:
    """What a player downloads, and its size in MB: the Linux archive of a built folder, else the file itself."""
    if (executable.parent / "_internal").is_dir() and sys.platform.startswith("linux"):
        sys.path.insert(0, str(ROOT / "packaging"))
        from linux_archive import pack

        archive = folder / "greed-game-linux.tar.gz"
        pack(executable.parent, archive)
        unpacked = sum(p.stat().st_size for p in executable.parent.rglob("*") if p.is_file() and not p.is_symlink())
        return f"greed-game-linux.tar.gz (the folder inside: {unpacked / 1e6:.0f} MB)", archive.stat().st_size / 1e6
    return executable.name, executable.stat().st_size / 1e6


def time_to_first_frame(executable: Path) -> tuple[float, float]:
    """Seconds from the start of ``executable`` to the first frame it reports, and to its exit.

    The first frame is the figure: leaving (closing the audio device, and a one-file executable deleting what
    it unpacked) comes after it, and is printed beside.
    """
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy", GREED_EXIT_AFTER_FIRST_FRAME="1")
    return first_frame_and_exit([str(executable)], env)


def main() -> int:
    executable = Path(sys.argv[1]) if len(sys.argv) > 1 else default_executable()
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    if not executable.exists():
        print(f"{executable} does not exist: build it first (pyinstaller --noconfirm build.spec)", file=sys.stderr)
        return 1
    # macOS's app bundle is a folder too (its libraries under Contents/Frameworks, not _internal/)
    folder_build = (executable.parent / "_internal").is_dir() or sys.platform == "darwin"
    with tempfile.TemporaryDirectory(prefix="greed-minimal-") as folder:
        what, size_mb = download_size(executable, Path(folder))
        print(f"size of the download, {what}: {size_mb:.1f} MB ({size_mb / 60:.2f} x the 60 MB limit)")
        minimals = {"the same way": build_minimal(Path(folder), one_file=not folder_build)}
        if folder_build and sys.platform.startswith("linux"):
            minimals["as one file"] = build_minimal(Path(folder), one_file=True)
        # Interleaved, so that all see the same machine load.
        times: dict[str, list[tuple[float, float]]] = {"game": [], **{k: [] for k in minimals}}
        programs = {"game": executable, **minimals}
        for program in programs.values():
            time_to_first_frame(program)
        for _ in range(runs):
            for key, program in programs.items():
                times[key].append(time_to_first_frame(program))
    median = {key: statistics.median(first for first, _ in values) for key, values in times.items()}
    to_exit = {key: statistics.median(last for _, last in values) for key, values in times.items()}
    game, base = median["game"], median["the same way"]
    kind = "one folder" if folder_build else "one file"
    print(f"start to first frame, median of {runs}: game ({kind}) {game * 1000:.0f} ms, minimal pygame frozen "
          f"the same way {base * 1000:.0f} ms")
    print(f"ratio {game / base:.2f} (target <= 1.5)")
    print(f"start to exit, for comparison: game {to_exit['game'] * 1000:.0f} ms, minimal "
          f"{to_exit['the same way'] * 1000:.0f} ms, ratio {to_exit['game'] / to_exit['the same way']:.2f}")
    if "as one file" in median:
        one = median["as one file"]
        print(f"minimal pygame frozen as one file {one * 1000:.0f} ms: the game starts in {game / one:.2f}x its time "
              f"(a one-file executable unpacks all of itself at every start)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
