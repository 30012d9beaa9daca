"""Command-line subcommands of the computer players: solve, simulate, advise."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from greed_game.ai import LEVELS


def _rules(spec: str) -> Any:
    from greed_game.cli import load_rules_arg

    return load_rules_arg(spec)


def _fail(message: str) -> Any:
    from greed_game.cli import UsageError

    raise UsageError(message)


def cmd_solve(args: argparse.Namespace) -> int:
    from greed_game.ai.solver import Solution

    rules = _rules(args.rules)
    start = time.perf_counter()
    solution = Solution(rules)
    data = {"rules": args.rules, **solution.to_data()}
    data["seconds"] = round(time.perf_counter() - start, 4)
    sys.stdout.write(json.dumps(data) + "\n")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from greed_game.ai.simulate import progress_bar, simulate

    rules = _rules(args.rules)
    names = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [n for n in names if n not in LEVELS]
    if unknown:
        _fail(f"unknown computer level {unknown[0]!r} (levels: {', '.join(LEVELS)})")
    if not 1 <= len(names) <= 8:
        _fail("--players lists 1 to 8 computer levels, e.g. expert,bold")
    if args.games < 1:
        _fail("--games must be at least 1")
    result = simulate(rules, names, args.games, args.seed, progress=progress_bar())
    result["rules"] = args.rules
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    from greed_game.ai.advice import advise
    from greed_game.cli import _read_text
    from greed_game.presets import replay
    from greed_game.rules import RecordError, read_record

    try:
        game = replay(read_record(_read_text(args.file)))
    except RecordError as exc:
        _fail(f"{args.file}: {exc}")
    if game.finished:
        _fail(f"{args.file}: the game is over; there is nothing to advise")
    sys.stdout.write(json.dumps(advise(game.rules, game.state).to_data()) + "\n")
    return 0
