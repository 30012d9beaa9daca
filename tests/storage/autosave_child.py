"""The game process of the SIGKILL test, and the reference games it is checked against.

Run as a script (``python autosave_child.py DATA_DIR FIRST_SEED``) it does what
the window does: Continue the autosaved game if there is one, otherwise start
the next seeded game, and play computer games one after another, autosaving
after every event, counting finished games in the statistics. It prints a line
after each save (so the test can let it run a number of events before killing
it). It never stops by itself; the test kills it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from greed_game.presets import preset
from greed_game.rules import (
    PRESET_IDS,
    Action,
    Bank,
    Carryover,
    Game,
    Keep,
    Player,
    Record,
    RuleSet,
    State,
    Throw,
    legal_actions,
    record_of,
)
from greed_game.storage import Storage

NAMES = ("Ann", "Bea", "Cy", "Dot")


def setup(seed: int) -> tuple[str, list[Player]]:
    """The preset and the players of game ``seed``."""
    rules_id = PRESET_IDS[seed % len(PRESET_IDS)]
    count = 2 + seed % 3
    return rules_id, [Player(NAMES[i], "cautious" if (i + seed) % 2 else "bold") for i in range(count)]


def choose(rules: RuleSet, state: State) -> Action:
    """A small computer player that depends only on the state (so a resumed game plays on identically)."""
    actions = legal_actions(rules, state)
    if Carryover(True) in actions:
        offer = state.offer
        return Carryover(offer is not None and offer.dice >= 3)
    keeps = [a for a in actions if isinstance(a, Keep)]
    if keeps:
        return keeps[0]
    if Bank() in actions and (state.turn_points >= 350 or state.dice_left < 3):
        return Bank()
    return next(a for a in actions if isinstance(a, Throw))


def new_game(seed: int) -> tuple[str, Game, random.Random]:
    """Game ``seed`` before its first throw (the first-player roll-off done)."""
    rules_id, players = setup(seed)
    game = Game(preset(rules_id), players)
    rng = random.Random(seed)
    game.roll_off(rng)
    return rules_id, game, rng


def reference(seed: int) -> tuple[Record, list[int]]:
    """The whole game ``seed`` played without interruption, and a fingerprint of the dice source after each event.

    ``fingerprints[k]`` belongs to the game after ``k`` events (for ``k`` from
    the number of roll-off events on).
    """
    rules_id, game, rng = new_game(seed)
    prints = [0] * len(game.events) + [hash(rng.getstate())]
    while not game.finished:
        game.play(choose(game.rules, game.state), rng)
        prints.append(hash(rng.getstate()))
    return record_of(game, rules_id), prints


def _saved() -> None:
    sys.stdout.write("s\n")
    sys.stdout.flush()


def play_forever(root: Path, first_seed: int) -> None:
    """Continue or start games, autosaving after every event, until killed."""
    storage = Storage(root)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        resumed = storage.autosave.resume_game()
        if resumed is not None:
            assert resumed.seeded and resumed.seed is not None, storage.problems
            seed, game, rng = resumed.seed, resumed.game, resumed.rng
            rules_id = str(resumed.record.rules)
        else:
            seed = first_seed + storage.archive.load_stats().games
            rules_id, game, rng = new_game(seed)
            storage.autosave.save_game(record_of(game, rules_id), rng=rng, seed=seed)
            _saved()
        while not game.finished:
            game.play(choose(game.rules, game.state), rng)
            storage.autosave.save_game(record_of(game, rules_id), rng=rng, seed=seed)
            _saved()
        storage.autosave.finish_game(record_of(game, rules_id))
        if storage.problems:
            raise SystemExit(f"storage problems: {storage.problems}")


if __name__ == "__main__":
    play_forever(Path(sys.argv[1]), int(sys.argv[2]))
