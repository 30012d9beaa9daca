"""The README's table of the optimal level against every other level, each preset at its own target.

Run: python benchmarks/strength_optimal.py [--games N] [--long-games M] [PRESET ...]

Two-player games, seats alternating, seeded; optimal reads the win book
shipped for the preset (``assets/win``). ``--long-games`` sets the games a
pairing for presets whose target is 10,000 (their games are about ten times
longer to play out); both default to 20,000. Each cell is optimal's win rate
with its 95% (Wilson) interval; a shared win counts one half. Over this many
games the book remembers every score pair's in-turn values it works out (the
game keeps 64); the last columns give how many pairs that was and the peak
memory of the run so far.
"""

from __future__ import annotations

import argparse
import resource
import time

from greed_game.ai import LEVELS
from greed_game.ai.simulate import simulate
from greed_game.books import shipped_book, use_shipped_books
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(PRESET_IDS))
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--long-games", type=int, default=20_000)
    args = parser.parse_args()
    use_shipped_books()  # as the game does: optimal plays from the books in assets/win
    others = [level for level in LEVELS if level != "optimal"]
    head = " | ".join(f"vs `{lv}`" for lv in others)
    print(f"| preset, target | games a pairing | {head} | seconds | pairs | peak MB |")
    print("|---" * (len(others) + 5) + "|")
    for pid in args.presets:
        rules = preset(pid)
        games = args.long_games if rules.target >= 10_000 else args.games
        book = shipped_book(rules)
        if book is not None:
            book.keep_pairs(None)
        start = time.perf_counter()
        cells = []
        for level in others:
            out = simulate(rules, ["optimal", level], games, seed=2026)["levels"]["optimal"]
            low, high = out["win_rate_95"]
            cells.append(f"{out['win_rate'] * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})")
        seconds = time.perf_counter() - start
        pairs = book.pair.cache_info().currsize if book is not None else 0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        row = " | ".join([*cells, f"{seconds:,.0f}", f"{pairs:,}", f"{peak:,.0f}"])
        print(f"| `{pid}`, {rules.target:,} | {games:,} | {row} |", flush=True)
        if book is not None:
            book.keep_pairs(64)  # the next preset starts with this one's memory given back


if __name__ == "__main__":
    main()
