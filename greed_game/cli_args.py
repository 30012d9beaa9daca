"""The command line's argparse pieces, imported only when there are arguments (a start with none, which opens
the window, does without argparse)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn


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
