"""Speed of the computer players: solving, deciding and headless games (figures, not assertions).

Targets: solve a preset <= 0.3 s; one decision <= 1 ms once solved;
>= 2,500 two-player expert games per second on one core.
Run: python benchmarks/bench_ai.py
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from greed_game.ai.levels import make_strategy
from greed_game.ai.master import WinModel
from greed_game.ai.simulate import simulate
from greed_game.ai.solver import Solution, solve
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS, Game, Player
from greed_game.solutions import Solutions
from greed_game.storage.solutions import DiskSolutionCache


def best_of(runs: int, fn: object) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def decision_states(preset_id: str, count: int) -> list[object]:
    rules = preset(preset_id)
    rng = random.Random(1)
    states = []
    players = [make_strategy("bold", rules), make_strategy("cautious", rules)]
    while len(states) < count:
        game = Game(rules, [Player("a"), Player("b")])
        while not game.finished and len(states) < count:
            states.append(game.state)
            game.play(players[game.state.current].choose(rules, game.state), rng)
    return states


def main() -> None:
    print("solve (uncached, best of 3) and load from the disk cache")
    with tempfile.TemporaryDirectory() as folder:
        cache = DiskSolutionCache(Path(folder))
        for pid in PRESET_IDS:
            rules = preset(pid)
            seconds = best_of(3, lambda rules=rules: Solution(rules))
            solve(rules, cache=cache)
            load = best_of(3, lambda rules=rules: solve(rules, cache=cache))
            print(f"  {pid:14} solve {seconds * 1000:7.1f} ms  ({seconds / 0.3:4.2f} x target 0.3 s)"
                  f"   cached load {load * 1000:6.1f} ms  ({load / seconds:4.2f} x a solve, target <= 0.20)")
    # As the game does: one service keeps every rule set's tables, solved once.
    solutions = Solutions()
    print("one decision once solved (mean over states of real games)")
    for pid in PRESET_IDS:
        rules = preset(pid)
        states = decision_states(pid, 3000)
        for level in ("expert", "master"):
            player = make_strategy(level, rules, solutions)
            for s in states[:200]:
                player.choose(rules, s)  # type: ignore[arg-type]
            start = time.perf_counter()
            for s in states:
                player.choose(rules, s)  # type: ignore[arg-type]
            per = (time.perf_counter() - start) / len(states)
            print(f"  {pid:14} {level:7} {per * 1e6:7.1f} µs a decision ({per / 1e-3:5.3f} x target 1 ms)")
    print("master's win model (built once per rule set and target, solution already cached)")
    for pid in PRESET_IDS:
        rules = preset(pid)
        solution = solutions.turn(rules)
        start = time.perf_counter()
        WinModel(rules, solution)
        print(f"  {pid:14} {time.perf_counter() - start:5.2f} s")
    print("two-player expert games per second, one core")
    for pid in PRESET_IDS:
        rules = preset(pid)
        simulate(rules, ["expert", "expert"], 300, 1, tables=solutions)
        out = simulate(rules, ["expert", "expert"], 4000, 2, tables=solutions)
        rate = out["games_per_second"]
        print(f"  {pid:14} {rate:8.0f} games/s  ({rate / 2500:4.2f} x target 2,500; {rate / 1250:4.2f} x 1,250)")


if __name__ == "__main__":
    main()
