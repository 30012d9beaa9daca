"""How long the longest record a game may keep takes to open: Continue, Replays, and the command line.

A record holds at most ``MAX_EVENTS`` events. This builds a legal one of that
length (players who never bank: the game goes on, event after event), saves it
as the autosave and as a record file, and times each way of opening it.
Target: about a second. Figures, not assertions.
Run: python benchmarks/bench_records.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from greed_game.presets import preset
from greed_game.rules import Bank, Game, Player, record_of, write_record
from greed_game.rules.record import MAX_EVENTS
from greed_game.storage import Storage


def longest_record() -> str:
    """A legal classic-five record of exactly MAX_EVENTS events."""
    rules = preset("classic-five")
    game = Game(rules, [Player(f"P{i}") for i in range(8)])
    rng = random.Random(1)
    while len(game.events) < MAX_EVENTS:
        actions = [a for a in game.legal_actions() if not isinstance(a, Bank)]
        game.play(actions[0], rng)
    return write_record(record_of(game, "classic-five"))


def timed(label: str, action: object) -> None:
    assert callable(action)
    start = time.perf_counter()
    result = action()
    print(f"{label}: {time.perf_counter() - start:.2f} s" + ("" if result else " (refused!)"))


def main() -> int:
    text = longest_record()
    print(f"a record of {MAX_EVENTS:,} events, {len(text) / 1024:,.0f} KB")
    with tempfile.TemporaryDirectory(prefix="greed-bench-") as folder:
        root = Path(folder)
        (root / "autosave.json").write_text(text, encoding="utf-8")
        storage = Storage(root)
        timed("Continue (read, check, replay)", storage.autosave.load_game)
        path = root / "long.json"
        path.write_text(text, encoding="utf-8")
        timed("Replays (open in the viewer)", lambda: storage.archive.open_replay(path))
        from greed_game.cli import main as cli

        timed("greed-game replay FILE", lambda: cli(["replay", str(path)]) == 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
