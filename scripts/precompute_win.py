"""Solve the presets' two-player win tables ahead of time and write the books the game ships.

Run: python scripts/precompute_win.py [--out DIR] [--keep DIR] [PRESET[:TARGET] ...]
(default: every preset at its own target, books into ``assets/win``)

Each book (``<rules id>.book``, see :mod:`greed_game.ai.winbook`) is what the
optimal level and the coach read in the game, without numpy. ``--keep DIR``
also keeps each full solution (``WinSolution.to_bytes``) as
``DIR/<id>-<target>.npz``, and restores it from there instead of solving
again when it is already there. The script prints each book's size, the
solve's time and the book's load time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from greed_game.ai.win import WinSolution, book_bytes
from greed_game.ai.winbook import WinBook
from greed_game.presets import preset_at
from greed_game.rules import PRESET_IDS

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=list(PRESET_IDS))
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "win")
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print("| rules | target | solve s | first player wins | book | load s |")
    print("|---|---|---|---|---|---|")
    for spec in args.specs:
        rules = preset_at(spec)
        start = time.perf_counter()
        kept = args.keep / f"{rules.id}-{rules.target}.npz" if args.keep else None
        solution = WinSolution.from_bytes(rules, kept.read_bytes()) if kept and kept.is_file() else None
        if solution is None:
            solution = WinSolution(rules)
            if kept is not None:
                kept.parent.mkdir(parents=True, exist_ok=True)
                kept.write_bytes(solution.to_bytes())
        seconds = time.perf_counter() - start
        data = book_bytes(solution)
        path = args.out / f"{rules.id}.book"
        path.write_bytes(data)
        start = time.perf_counter()
        book = WinBook.from_bytes(rules, path.read_bytes())
        assert book is not None, f"{path} does not read back"
        print(
            f"| `{rules.id}` | {rules.target} | {seconds:.1f} | {solution.first_player_win:.6f} | "
            f"{len(data) / 1024:,.0f} KB | {time.perf_counter() - start:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
