"""The command line's parser: every subcommand and its options, imported only when there are arguments (a start
with none, which opens the window, does without argparse). ``greed_game.cli`` carries the commands out."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from greed_game import __version__


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line, like every other error of the command line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        from greed_game.rules.ruleset import shown

        command = self.prog.removeprefix("greed-game").strip()
        sys.stderr.write(f"greed-game: {command + ': ' if command else ''}{shown(message)}\n")
        sys.exit(2)


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number written in plain digits, from ``low`` to ``high``."""

    def parse(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            shown_text = text if len(text) <= 16 else text[:16] + "…"
            raise argparse.ArgumentTypeError(f"a whole number was expected, not {shown_text!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low:,} to {high:,} was expected, not {value:,}")
        return value

    return parse


class Defaults(argparse.HelpFormatter):
    """Every subcommand's --help shows the default of each option that has one (not of a required option, a
    switch or an option whose absence means "the rules' own")."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        shown = action.default not in (None, False, argparse.SUPPRESS) and not action.required
        if shown and "%(default)" not in text and (action.option_strings or action.nargs in ("?", "*")):
            text += " (default: %(default)s)"
        return text


MAX_GAMES = 1_000_000
"""The most games ``simulate`` plays in one run (about five minutes of expert games on one core)."""
MAX_THROWS = 100_000
"""The most throws one run of the throw laboratory makes (about ten minutes of CPU)."""


_RULES_HELP = "preset id (see 'greed-game rules') or a rules file"
_RECORD_HELP = "a greed-record/1 JSON file ('-' for stdin)"
_TARGET_HELP = "play to this target instead of the rules' own"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""

    parser = Parser(
        prog="greed-game",
        description="Greed, the push-your-luck dice game. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"greed-game {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the window, play a whole game of computer players at top speed, and exit (0: all went well)",
    )
    parser.add_argument("--screenshots", metavar="DIR", help="save a screenshot of each scene into DIR")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # The order of these calls is the order ``--help`` lists the commands in.
    _add_score(sub)
    _add_replay(sub)
    _add_rules(sub)
    _add_solve(sub)
    _add_simulate(sub)
    _add_advise(sub)
    _add_review(sub)
    _add_throws(sub)
    return parser


def _add_score(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser("score", formatter_class=Defaults, help="list every valid keep of a throw, with its points")
    p.add_argument("--rules", default="pass-the-dice", help=_RULES_HELP)
    p.add_argument("--batch", action="store_true", help="read one throw a line from stdin")
    p.add_argument("dice", nargs="*", help="the dice of the throw, e.g. 1 5 3 3 3 2")


def _add_replay(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser("replay", formatter_class=Defaults, help="replay a game record and print the outcome")
    p.add_argument("file", help=_RECORD_HELP)


def _add_rules(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser("rules", formatter_class=Defaults, help="list the presets, or print one preset's rules")
    p.add_argument("id", nargs="?", help="a preset id or a rules file")
    p.add_argument("--json", action="store_true", help="print the rules table as JSON instead of text")


# The computer players' commands import the solver only when one of them runs.


def _add_solve(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser(
        "solve", formatter_class=Defaults, help="solve a rule set exactly: expected points per turn and bust odds"
    )
    p.add_argument("--rules", required=True, help=_RULES_HELP)
    p.add_argument(
        "--win", action="store_true", help="solve the two-player game exactly: the first player's chance to win"
    )
    p.add_argument("--target", type=whole(-(10**12), 10**12), help=_TARGET_HELP)


def _add_simulate(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser("simulate", formatter_class=Defaults, help="play computer levels against each other, headless")
    p.add_argument("--rules", required=True, help=_RULES_HELP)
    p.add_argument("--players", required=True, help="comma-separated levels: cautious, bold, expert, master, optimal")
    p.add_argument("--target", type=whole(-(10**12), 10**12), help=_TARGET_HELP)
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=1000,
                   help=f"number of games (at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=whole(-(2**63), 2**63 - 1), default=1,
                   help="random seed (the same seed gives the same result)")


def _add_advise(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser(
        "advise", formatter_class=Defaults, help="the expert's advice for the position at the end of a game record"
    )
    p.add_argument("file", help=_RECORD_HELP)
    p.add_argument(
        "--level",
        choices=("expert", "optimal"),
        default="expert",
        help="expert: expected points this turn of each choice; optimal: its exact chance to win (two players)",
    )


def _add_review(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser(
        "review",
        formatter_class=Defaults,
        help="each player's decisions in a two-player game record against the exact chance to win",
    )
    p.add_argument("file", help=_RECORD_HELP)
    p.add_argument(
        "--worst", type=whole(0, 1000), default=5, help="how many of each player's costliest decisions to list"
    )


def _add_throws(sub: argparse._SubParsersAction[Parser]) -> None:

    p = sub.add_parser(
        "throws", formatter_class=Defaults,
        help="the throw laboratory: simulate many throws of the dice and print how they fell, as JSON",
    )
    p.add_argument("--dice", type=whole(1, 6), default=6, help="dice in each throw")
    p.add_argument("--count", type=whole(1, MAX_THROWS), default=1000, help=f"throws (at most {MAX_THROWS:,})")
    p.add_argument("--seed", type=whole(-(2**63), 2**63 - 1), default=1,
                   help="random seed (the same seed gives the same result)")
    p.add_argument("--voids", choices=("off", "rare", "realistic"), default="realistic",
                   help="the void-throw setting: off throws a void throw again")
