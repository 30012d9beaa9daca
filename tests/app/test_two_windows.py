"""One data folder, one writer: a second window on the same files says so and writes nothing (two real processes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from greed_game.app.main import App
from greed_game.play.setup import GameSetup
from greed_game.rules import Player
from greed_game.storage import Settings, Storage

ROOT = Path(__file__).resolve().parents[2]

FIRST_WINDOW = """
import random, sys
from pathlib import Path
from greed_game.presets import preset
from greed_game.rules import Game, Player, record_of
from greed_game.storage import Storage
storage = Storage(Path(sys.argv[1]))
assert storage.check_folder() is None
game = Game(preset("classic-five"), [Player("Ann"), Player("Bob")])
rng = random.Random(5)
for _ in range(7):
    game.play(game.legal_actions()[0], rng)
assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=5)
print("ready", flush=True)
sys.stdin.read()  # hold the folder until the test lets go
"""


def test_a_second_window_keeps_its_hands_off_the_first_ones_files(tmp_path: Path) -> None:
    root = tmp_path / "data"
    first = subprocess.Popen([sys.executable, "-c", FIRST_WINDOW, str(root)], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "ready"
        saved = (root / "autosave.json").read_bytes()
        storage = Storage(root)
        app = App(storage=storage, settings=Settings(animation_speed="instant"), size=(1280, 720),
                  clock="virtual", seed=1)
        try:
            app.show_menu()
            app.frame()
            texts = [t.text for t in app.toasts]
            assert len(texts) == 1 and "already open in another window" in texts[0]
            # The other window's game is not this one's to continue.
            assert not storage.has_saved_game() and not app.continue_game()
            # Nothing this window does touches the files: settings, a new game, a finished game.
            assert not storage.save_settings(Settings(sound=False))
            app.start_game(GameSetup("classic-five", [Player("Cy"), Player("Di", "cautious")]))
            app.frame()
            app.autosaver.flush()
            storage.autosave.clear_game()
        finally:
            app.close()
        assert (root / "autosave.json").read_bytes() == saved
        assert not (root / "settings.json").exists()
    finally:
        assert first.stdin is not None
        first.stdin.close()
        first.wait(timeout=30)
    # The first window has closed: the folder is free again.
    again = Storage(root)
    assert again.check_folder() is None
    again.release()

