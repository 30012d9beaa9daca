"""The command line: no arguments opens the game window; subcommands expose the core.

Every subcommand prints JSON on stdout (``rules ID`` prints readable text);
errors are one clear line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from greed_game import __version__
from greed_game.rules import (
    PRESET_IDS,
    RecordError,
    RulesError,
    RuleSet,
    counts_of,
    presets,
    read_record,
    replay,
    resolve_rules,
    rules_text,
)
from greed_game.rules.record import summary


class UsageError(Exception):
    """A mistake in what the user typed; shown as one line, exit status 2."""


def _fail(message: str) -> NoReturn:
    raise UsageError(message)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data) + "\n")


def load_rules_arg(spec: str) -> RuleSet:
    """A ``--rules`` value: a preset id or a path to a rules file."""
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        _fail(str(exc))


def _parse_dice(words: Sequence[str], rules: RuleSet) -> list[int]:
    dice: list[int] = []
    for word in words:
        for part in word.replace(",", " ").split():
            if not part.isdigit() or not 1 <= int(part) <= 6:
                _fail(f"a die is a number from 1 to 6, not {part!r}")
            dice.append(int(part))
    if not dice:
        _fail("give the dice of a throw, e.g. 1 5 3 3 3 2")
    if len(dice) > rules.dice:
        _fail(f"{rules.name} is played with {rules.dice} dice; {len(dice)} were given")
    return dice


def score_data(rules_id: str, rules: RuleSet, dice: list[int]) -> dict[str, Any]:
    """The ``score`` answer for one throw."""
    options = rules.table.options(counts_of(dice))
    return {
        "rules": rules_id,
        "dice": dice,
        "bust": not options,
        "best": options[0].points if options else 0,
        "options": [{"keep": list(o.dice), "points": o.points} for o in options],
    }


def cmd_score(args: argparse.Namespace) -> int:
    rules = load_rules_arg(args.rules)
    if args.batch:
        for n, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                dice = _parse_dice([line], rules)
            except UsageError as exc:
                _fail(f"line {n}: {exc}")
            _print_json(score_data(args.rules, rules, dice))
        return 0
    _print_json(score_data(args.rules, rules, _parse_dice(args.dice, rules)))
    return 0


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(f"{path}: no such file")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"{path}: cannot be read ({exc})")


def cmd_replay(args: argparse.Namespace) -> int:
    text = _read_text(args.file)
    try:
        record = read_record(text)
        game = replay(record)
    except RecordError as exc:
        _fail(f"{args.file}: {exc}")
    _print_json(summary(game))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.id is None:
        _print_json(
            [
                {"id": r.id, "name": r.name, "dice": r.dice, "target": r.target, "description": r.description}
                for r in presets()
            ]
        )
        return 0
    rules = load_rules_arg(args.id)
    if args.json:
        _print_json(rules.to_dict())
    else:
        sys.stdout.write(rules_text(rules))
    return 0


def cmd_window(args: argparse.Namespace) -> int:
    try:
        from greed_game.app.main import run
    except ImportError as exc:
        _fail(f"the game window is not available ({exc}); see 'greed-game --help' for the command line")
    status: int = run(smoke=getattr(args, "smoke", False), screenshots=getattr(args, "screenshots", None))
    return status


Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="greed-game",
        description="Greed, the push-your-luck dice game. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"greed-game {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("score", help="list every valid keep of a throw, with its points")
    p.add_argument("--rules", default="pass-the-dice", help=f"preset ({', '.join(PRESET_IDS)}) or a rules file")
    p.add_argument("--batch", action="store_true", help="read one throw a line from stdin")
    p.add_argument("dice", nargs="*", help="the dice of the throw, e.g. 1 5 3 3 3 2")
    p.set_defaults(handler=cmd_score)

    p = sub.add_parser("replay", help="replay a game record and print the outcome")
    p.add_argument("file", help="a greed-record/1 JSON file ('-' for stdin)")
    p.set_defaults(handler=cmd_replay)

    p = sub.add_parser("rules", help="list the presets, or print one preset's rules")
    p.add_argument("id", nargs="?", help="a preset id or a rules file")
    p.add_argument("--json", action="store_true", help="print the rules table as JSON instead of text")
    p.set_defaults(handler=cmd_rules)

    _add_extensions(sub)
    return parser


def _add_extensions(sub: Any) -> None:
    """Subcommands that live beside the computer players (solve, simulate, advise)."""
    try:
        from greed_game.ai.cli import add_commands
    except ImportError:
        return
    add_commands(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``greed-game``; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = getattr(args, "handler", cmd_window)
    try:
        return handler(args)
    except UsageError as exc:
        sys.stderr.write(f"greed-game: {exc}\n")
        return 2
    except (RulesError, RecordError) as exc:
        sys.stderr.write(f"greed-game: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
