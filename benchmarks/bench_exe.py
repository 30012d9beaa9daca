"""The built executable: its size, and its time to first frame against a minimal frozen pygame program.

Targets: single file <= 60 MB (the 3D dice bring numpy, rapier3d and moderngl); start to first frame
<= 1.5x that of a minimal pygame program (opens a window, draws one frame) frozen the same way, measured
in the same run. Needs PyInstaller and a built dist/greed-game (or give its path).
Run: python benchmarks/bench_exe.py [PATH_TO_EXECUTABLE] [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = """
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((24, 92, 56))
pygame.display.flip()
pygame.quit()
"""


# Frozen the same way as build.spec: the same excluded modules, stripped on Linux.
EXCLUDES = [
    arg
    for name in ("numpy", "tkinter", "unittest", "pydoc", "doctest", "pytest", "hypothesis", "mypy", "PIL")
    for arg in ("--exclude-module", name)
]


def default_executable() -> Path:
    name = {"win32": "Greed.exe", "darwin": "Greed.app/Contents/MacOS/Greed"}.get(sys.platform, "greed-game")
    return ROOT / "dist" / name


def build_minimal(folder: Path) -> Path:
    script = folder / "minimal_pygame.py"
    script.write_text(MINIMAL, encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--onefile", "--windowed", "--log-level", "WARN",
         *EXCLUDES, *(["--strip"] if sys.platform.startswith("linux") else []),
         "--distpath", str(folder / "dist"), "--workpath", str(folder / "build"),
         "--specpath", str(folder), str(script)],
        check=True, capture_output=True,
    )
    name = "minimal_pygame.exe" if sys.platform == "win32" else "minimal_pygame"
    return folder / "dist" / name


def time_to_first_frame(executable: Path, runs: int) -> list[float]:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy", GREED_EXIT_AFTER_FIRST_FRAME="1")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(executable)], env=env, check=True, capture_output=True, timeout=120)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    executable = Path(sys.argv[1]) if len(sys.argv) > 1 else default_executable()
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    if not executable.exists():
        print(f"{executable} does not exist: build it first (pyinstaller --noconfirm build.spec)", file=sys.stderr)
        return 1
    size_mb = executable.stat().st_size / 1e6
    print(f"size of {executable.name}: {size_mb:.1f} MB ({size_mb / 60:.2f} x the 60 MB limit)")
    with tempfile.TemporaryDirectory(prefix="greed-minimal-") as folder:
        minimal = build_minimal(Path(folder))
        print(f"size of the minimal frozen pygame program: {minimal.stat().st_size / 1e6:.1f} MB")
        # Interleave the two so that both see the same machine load.
        game_times: list[float] = []
        minimal_times: list[float] = []
        time_to_first_frame(executable, 1)
        time_to_first_frame(minimal, 1)
        for _ in range(runs):
            game_times += time_to_first_frame(executable, 1)
            minimal_times += time_to_first_frame(minimal, 1)
    game, base = statistics.median(game_times), statistics.median(minimal_times)
    print(f"start to first frame, median of {runs}: game {game * 1000:.0f} ms, minimal pygame {base * 1000:.0f} ms")
    print(f"ratio {game / base:.2f} (target <= 1.5; a one-file executable unpacks all of itself at every start)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
