"""A game process killed (SIGKILL) at random moments while it autosaves never leaves an unusable save.

The child (``autosave_child.py``) plays seeded computer games, autosaving after
every event, continuing the autosaved game each time it starts, and counting
finished games in the statistics. It is killed many times at random moments
(after a random number of saves and a random fraction of the next one);
after every kill the autosave loads without a problem and is exactly the
record of the same seeded game up to some event, with the dice source in the
state that gives the same dice to come; the statistics file loads too. At the
end the statistics equal those of the reference games, each counted once.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import subprocess
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pytest
from budgets import budget
from english import told

from greed_game.rules import Record
from greed_game.stats import Stats
from greed_game.storage import Storage, restore_rng, seed_of

# The robustness step runs these with their full budgets (GREED_ROBUST=1 pytest -m "robust or long").
pytestmark = pytest.mark.robust

HERE = Path(__file__).resolve().parent
CHILD = HERE / "autosave_child.py"
KILLS = budget("kills", 64)
LANES = 2
"""Data folders killed in parallel (each its own game process)."""
MAX_SAVES = 40
"""The game process is killed after a random number of saves, 0 to this..."""
MAX_DELAY = 0.006
"""...plus a random delay of up to this many seconds (about one save), so the kill lands anywhere in a write."""
FIRST_SEED = 7000


def _child_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("autosave_child", CHILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Lane:
    """One data folder, killed again and again; its figures."""

    root: Path
    first_seed: int
    kills: int = 0
    cut_writes: int = 0
    no_save: int = 0
    games: int = 0
    prefixes: set[tuple[int, int]] = field(default_factory=set)
    refs: dict[int, tuple[Record, list[int]]] = field(default_factory=dict)


class GameProcess:
    """The game process: it plays on until killed, a line on ``out`` for each save. Forked from this process where
    the system can, with the game's modules already loaded (started afresh, a third of a second of every kill
    went on starting Python); else started afresh."""

    def __init__(self, child: ModuleType, root: Path, first_seed: int) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.pid = 0
        self.said: str | None = None
        if not hasattr(os, "fork"):
            self.proc = subprocess.Popen([sys.executable, str(CHILD), str(root), str(first_seed)],
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            assert self.proc.stdout is not None and self.proc.stderr is not None
            self.out, self._err = self.proc.stdout, self.proc.stderr
            return
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the game process: it never returns
            try:
                os.close(out_r)
                os.close(err_r)
                sys.stdout = os.fdopen(out_w, "w")
                sys.stderr = os.fdopen(err_w, "w")
                child.play_forever(root, first_seed)
            except BaseException:  # (told to the test, which fails on it)
                traceback.print_exc(file=sys.stderr)
                sys.stderr.flush()
            finally:
                os._exit(1)
        os.close(out_w)
        os.close(err_w)
        self.out = os.fdopen(out_r, "rb")
        self._err = os.fdopen(err_r, "rb")

    def kill(self) -> str:
        """SIGKILL (on POSIX), as the system kills a game; what the game process said went wrong before that."""
        if self.said is None and self.proc is not None:
            self.proc.kill()
            self.said = self.proc.communicate()[1].decode()
        elif self.said is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.out.close()
            with self._err:
                self.said = self._err.read().decode()
        return self.said


def _run_lane(lane: Lane, kills: int, child: ModuleType, seed: int) -> Lane:
    schedule = random.Random(seed)
    root = lane.root
    temps_seen: set[Path] = set()
    for kill in range(kills):
        game = GameProcess(child, root, lane.first_seed)
        try:
            line = game.out.readline()
            assert line == b"ready\n", game.kill()
            for _ in range(schedule.randint(0, MAX_SAVES)):
                if game.out.readline() != b"s\n":
                    break
            time.sleep(schedule.uniform(0.0, MAX_DELAY))
        finally:
            err = game.kill()
        lane.kills += 1
        assert not err.strip(), f"kill {kill}: the game process failed by itself:\n{err}"

        temps = set(root.glob(".*.tmp"))
        if temps - temps_seen:
            lane.cut_writes += 1
        temps_seen |= temps

        storage = Storage(root)
        record = storage.autosave.load_game()
        stats = storage.archive.load_stats()
        assert told(storage.problems) == [], f"kill {kill}: {told(storage.problems)}"
        if record is None:
            assert not storage.autosave_path.exists()
            lane.no_save += 1
            continue
        saved_seed = seed_of(record)
        assert saved_seed is not None and lane.first_seed <= saved_seed <= lane.first_seed + stats.games
        if saved_seed not in lane.refs:
            lane.refs[saved_seed] = child.reference(saved_seed)
        ref, prints = lane.refs[saved_seed]
        k = len(record.events)
        assert record.rules == ref.rules and record.players == ref.players
        assert record.events == ref.events[:k], f"kill {kill}: not a prefix of game {saved_seed}"
        rng = restore_rng(record)
        assert rng is not None, f"kill {kill}: the dice to come were lost"
        assert hash(rng.getstate()) == prints[k], f"kill {kill}: not the same dice to come"
        lane.prefixes.add((saved_seed, k))

    # Every finished game was counted exactly once: the statistics are those of the reference games.
    final = Storage(root).archive.load_stats()
    expected = Stats()
    for seed in range(lane.first_seed, lane.first_seed + final.games):
        if seed not in lane.refs:
            lane.refs[seed] = child.reference(seed)
        assert expected.add_game(lane.refs[seed][0])
    assert final.to_data() == expected.to_data()
    assert not list(root.rglob("*.bad-*")), "a save was set aside as unusable"
    lane.games = final.games
    return lane


def test_autosave_survives_sigkill_at_random_moments(tmp_path: Path) -> None:
    child = _child_module()
    lanes = [Lane(tmp_path / f"lane{i}", FIRST_SEED + 1000 * i) for i in range(LANES)]
    started = time.perf_counter()
    with ThreadPoolExecutor(LANES) as pool:
        futures = [pool.submit(_run_lane, lane, KILLS // LANES, child, 20240611 + i) for i, lane in enumerate(lanes)]
        done = [f.result() for f in futures]
    elapsed = time.perf_counter() - started

    kills = sum(lane.kills for lane in done)
    games = sum(lane.games for lane in done)
    prefixes = sum(len(lane.prefixes) for lane in done)
    cut = sum(lane.cut_writes for lane in done)
    assert kills == KILLS
    # The kills really landed all over the games, and some cut a write short.
    assert games >= KILLS // 25, f"only {games} games finished in {kills} kills"
    assert prefixes >= KILLS // 2
    assert cut >= KILLS // 20, f"only {cut} kills landed during a write"
    print(
        f"\n{kills} kills in {elapsed:.1f} s: {prefixes} distinct saved prefixes, {games} games finished "
        f"and counted once, {cut} kills cut a write short, {sum(lane.no_save for lane in done)} between games"
    )
