"""Time from process start to the first menu frame, against a minimal pygame program, in the same run.

Target: the game's time <= 1.5x the minimal program's (a program that opens a
1280x720 window and draws one frame). Both run under the dummy video driver
(unless SDL_VIDEODRIVER says otherwise), interleaved so that both see the same
machine load; each prints the wall-clock time of its first frame, and the
figure is that time minus the moment the process was started. Medians of RUNS.
Run: python benchmarks/bench_startup.py [RUNS]
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
import time
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((24, 92, 56))
pygame.display.flip()
print(f"first-frame {time.time():.6f}", flush=True)
pygame.quit()
"""


def first_frame(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``command`` to the first frame it reports."""
    return first_frame_and_exit(command, env)[0]


def first_frame_and_exit(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` to the first frame it reports (``first-frame <time>``), and to its
    exit."""
    start = time.time()
    out = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True).stdout
    end = time.time()
    stamp = next(line.split()[1] for line in out.splitlines() if line.startswith("first-frame "))
    return float(stamp) - start, end - start


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with tempfile.TemporaryDirectory(prefix="greed-startup-") as folder:
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", GREED_EXIT_AFTER_FIRST_FRAME="1", GREED_DATA_DIR=folder)
        # A player's install has its bytecode written (pip compiles it; so does the first start): a shell that
        # forbids bytecode would time the compiler instead of the start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        game = [sys.executable, "-m", "greed_game"]
        minimal = [sys.executable, "-c", MINIMAL]
        first_frame(game, env)  # warm the file cache and the bytecode
        first_frame(minimal, env)
        game_times, minimal_times = [], []
        for _ in range(runs):
            game_times.append(first_frame(game, env))
            minimal_times.append(first_frame(minimal, env))
    g, m = statistics.median(game_times), statistics.median(minimal_times)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"start to first menu frame, median of {runs} (load average {load:.1f}):")
    print(f"  greed-game      {g * 1000:6.0f} ms")
    print(f"  minimal pygame  {m * 1000:6.0f} ms")
    print(f"  ratio {g / m:.2f} (target <= 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
