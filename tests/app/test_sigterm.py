"""SIGTERM ends the game as closing the window does, even while a long solve runs: saved, then closed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from greed_game.storage import Storage

ROOT = Path(__file__).resolve().parents[2]

WINDOW = """
import sys
from pathlib import Path
from greed_game.app import main
from greed_game.play.setup import GameSetup
from greed_game.rules import Player
from greed_game.storage import Settings, Storage
from greed_game.play.moments import ThrowDice

storage = Storage(Path(sys.argv[1]))
# no void throws: one would be thrown again at once, and the record would grow after "ready" is printed
app = main.App(storage=storage, settings=Settings(animation_speed="instant", void_frequency="off"), size=(854, 480))
main._end_on_signals(app)
# A 5 worth 51: every turn total is a level of its own, so the master's tables take seconds.
overrides = {"scoring": {"singles": {"5": 51}}, "first_player": "seat-order"}
app.start_game(GameSetup("pass-the-dice", [Player("Ann"), Player("Cy", "master")], overrides))
table = app.stack.top
table.send(ThrowDice())
for _ in range(3000):
    app.frame()
    if table.dice_at_rest():
        break
print("ready", len(table.turn.recorder.record().events), table.prep.done, flush=True)
app.run()
print("closed", flush=True)
app.close()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_during_a_solve_saves_and_closes(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GREED_CACHE_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", WINDOW, str(tmp_path / "data")], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        word, events, prepared = proc.stdout.readline().split()
        assert word == "ready" and int(events) >= 1
        assert prepared == "False", "the solve was expected to be still running"
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and out.strip() == "closed"
    storage = Storage(tmp_path / "data")
    saved = storage.autosave.load_game()
    assert saved is not None and len(saved.events) == int(events)
