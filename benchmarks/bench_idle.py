"""CPU time of the window while nothing moves, against a minimal 60 fps pygame loop at the same size.

Target: at most 0.25x the minimal loop on the menu and at a table waiting for a
person. Each figure is measured in a fresh process, one after another, under
the same display, and the ratio is printed. Run under a real X server so the
presentation costs what it costs for a player:

    xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_idle.py [SECONDS]

Figures, not assertions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def measure(kind: str, size: tuple[int, int], seconds: float) -> float:
    """CPU seconds per wall second of one scenario, in this process."""
    import pygame

    if kind == "minimal":
        pygame.init()
        screen = pygame.display.set_mode(size)
        clock = pygame.time.Clock()

        def frame() -> None:
            pygame.event.get()
            screen.fill((20, 90, 60))
            pygame.display.flip()
            clock.tick(60)

        return _timed(frame, seconds)

    from greed_game.app.main import App
    from greed_game.play.setup import GameSetup
    from greed_game.rules import Player
    from greed_game.storage import Settings, Storage

    folder = tempfile.mkdtemp(prefix="greed-bench-")
    os.environ["GREED_CACHE_DIR"] = folder
    app = App(storage=Storage(Path(folder)), settings=Settings(), size=size)
    app.show_menu()
    if kind == "table":
        app.start_game(GameSetup("classic-five", [Player("Ann"), Player("Bob")]))
        table = app.stack.top
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
            table.prep.done and table.human_turn and table.turn.notices.banner is None
        ):
            app.frame()
    for _ in range(5):
        app.frame()
    try:
        return _timed(app.frame, seconds)
    finally:
        app.close()


def _timed(frame: object, seconds: float) -> float:
    assert callable(frame)
    start, cpu = time.monotonic(), time.process_time()
    while time.monotonic() - start < seconds:
        frame()
    return (time.process_time() - cpu) / (time.monotonic() - start)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        kind, w, h, seconds = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
        print(measure(kind, (w, h), seconds))
        return 0
    if not os.environ.get("DISPLAY") and not os.environ.get("SDL_VIDEODRIVER"):
        print("run under an X server (xvfb-run), see the docstring")
        return 2
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for w, h in ((1280, 720), (1920, 1080)):
        figures = {}
        for kind in ("minimal", "menu", "table"):
            out = subprocess.run([sys.executable, __file__, "--one", kind, str(w), str(h), str(seconds)],
                                 capture_output=True, text=True, check=True).stdout.split()
            figures[kind] = float(out[-1])
        base = figures["minimal"]
        print(f"{w}x{h}: minimal 60 fps loop {base * 100:.1f}% of a core")
        for kind in ("menu", "table"):
            print(f"  {kind:5} idle {figures[kind] * 100:5.1f}% of a core, ratio {figures[kind] / base:.2f} "
                  "(target <= 0.25)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
