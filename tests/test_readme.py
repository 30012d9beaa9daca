"""The README tells the truth about the command line: one table, every subcommand in it."""

from __future__ import annotations

import argparse
from pathlib import Path

from greed_game.cli_args import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(title: str) -> list[str]:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def _subcommands() -> set[str]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return set(actions[0].choices)


def test_the_command_table_is_one_table_with_every_subcommand() -> None:
    section = _section("## Command line")
    rows = [i for i, line in enumerate(section) if line.startswith("|")]
    assert rows, "no table in the command-line section"
    # A blank line inside a table ends it: the rows after it render as raw pipes.
    assert rows == list(range(rows[0], rows[-1] + 1)), "the command table is cut in two"
    header, rule, *body = (section[i] for i in rows)
    assert set(rule.replace("|", "").strip()) <= {"-", ":", " "}
    assert header.count("|") == rule.count("|") and all(line.count("|") >= header.count("|") for line in body)
    named = {line.split("`greed-game ", 1)[1].split()[0].rstrip("`") for line in body if "`greed-game " in line}
    assert _subcommands() <= named, f"missing from the README: {_subcommands() - named}"
