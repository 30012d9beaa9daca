"""Write the hostile corpus: rules files, records and command-line arguments that once hung or crashed the game.

Run it from the repository root after changing it; the files it writes are
committed. Each file's name says what it tries. Run by the tests through every
entry point (``tests/test_hostile.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BASE = (ROOT / "assets" / "rules" / "classic-five.toml").read_text(encoding="utf-8")


def _rules(**changes: str) -> str:
    """Classic five with whole lines replaced: ``name='name = "x"'`` replaces the line starting ``name =``."""
    lines = BASE.splitlines()
    for key, line in changes.items():
        for i, old in enumerate(lines):
            if old.startswith(f"{key} ="):
                lines[i] = line
                break
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _record(rules: object, events: list[object], players: object = None, **extra: object) -> str:
    data = {"format": "greed-record/1", "rules": rules,
            "players": players if players is not None else [{"name": "Ann"}, {"name": "Ben"}],
            "events": events, **extra}
    return json.dumps(data)


RULES: dict[str, str | bytes] = {
    "nul-in-name.toml": _rules(name='name = "Nul\\u0000name"'),
    "nul-in-description.toml": _rules(description='description = "a\\u0000b"'),
    "escape-sequences.toml": _rules(name='name = "\\u001b[2J\\u001b[31mred\\u0007"'),
    "bidi-override.toml": _rules(name='name = "abc\\u202edcba"'),
    "raw-nul-byte.toml": _rules().encode() + b"\x00\n",
    "not-utf8.toml": _rules().encode() + b'# \xff\xfe\n',
    "empty.toml": "",
    "binary-junk.toml": bytes(range(256)) * 8,
    "hundreds-of-digits.toml": _rules(singles="singles = { 1 = " + "9" * 400 + ", 5 = 50 }").replace(
        "singles = { 1 = 100, 5 = 50 }\n", ""),
    "entry-minimum-huge.toml": _rules(entry_minimum="entry_minimum = 2000000000000000000"),
    "target-huge.toml": _rules(target="target = 1000000000000000000"),
    "target-far-above-scores.toml": _rules(target="target = 1000000000"),
    "no-bust.toml": _rules().replace(
        "singles = { 1 = 100, 5 = 50 }", "singles = { 1 = 100, 2 = 50, 3 = 50, 4 = 50, 5 = 50, 6 = 50 }"),
    "roll-off-never-scores.toml": _rules(first_player='first_player = "best-roll"').replace(
        "singles = { 1 = 100, 5 = 50 }", "singles = {}").replace(
        "of_a_kind.3 = { 1 = 1000, 2 = 200, 3 = 300, 4 = 400, 5 = 500, 6 = 600 }",
        'sets = [{ name = "never", faces = [1, 1, 1, 1, 1, 1], points = 100 }]'),
    "points-step-one.toml": _rules().replace("singles = { 1 = 100, 5 = 50 }",
                                             "singles = { 1 = 1000000, 5 = 999999 }"),
    "dotted-key-deep.toml": "a" + ".a" * 40_000 + " = 1\n",
    "inline-tables-deep.toml": "x = " + "{a = " * 900 + "1" + "}" * 900 + "\n",
    "arrays-deep.toml": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "long-name.toml": _rules(name='name = "' + "N" * 5000 + '"'),
    "entry-minimum-out-of-reach.toml": _rules(entry_minimum="entry_minimum = 20000"),
    "every-score-zero.toml": _rules(target="target = 1")
    .replace("singles = { 1 = 100, 5 = 50 }", "singles = { 1 = 0, 5 = 0 }")
    .replace("of_a_kind.3 = { 1 = 1000, 2 = 200, 3 = 300, 4 = 400, 5 = 500, 6 = 600 }",
             "of_a_kind.3 = { 1 = 0, 2 = 0, 3 = 0, 4 = 0, 5 = 0, 6 = 0 }"),
}

GOOD = [{"roll": [1, 1, 1, 3, 1]}, {"keep": [1, 1, 1, 1]}, {"bank": True}]

RECORDS: dict[str, str | bytes] = {
    "rules-dev-zero.json": _record("/dev/zero", GOOD),
    "rules-a-path.json": _record("house.toml", GOOD),
    "rules-table-nul.json": _record({"id": "x\u0000", "name": "n"}, GOOD),
    "overrides-deep.json": _record("classic-five", GOOD, overrides=json.loads("{\"a\": " * 900 + "1" + "}" * 900)),
    "overrides-target-huge.json": _record("classic-five", GOOD, overrides={"target": 10**400}),
    "json-nested-deep.json": "[" * 100_000 + "]" * 100_000,
    "illegal-event.json": _record("classic-five", [{"roll": [1, 1, 1, 3, 1]}, {"keep": [2]}]),
    "dice-huge.json": _record("classic-five", [{"roll": [10**300, 1, 1, 1, 1]}]),
    "dice-not-numbers.json": _record("classic-five", [{"roll": ["a", None, 1.5, True, []]}]),
    "player-names-control.json": _record("classic-five", GOOD,
                                         players=[{"name": "\u001b[2J\u0007"}, {"name": "b\u202ec"}]),
    "no-players.json": _record("classic-five", GOOD, players=[]),
    "nine-players.json": _record("classic-five", [], players=[{"name": f"P{i}"} for i in range(9)]),
    "not-utf8.json": b'{"format": "greed-record/1", "rules": "\xff"}',
    "nan.json": '{"format": "greed-record/1", "rules": "classic-five", "players": [{"name": NaN}], "events": []}',
    "empty.json": "",
    "wrong-format.json": _record("classic-five", GOOD, format="greed-record/99"),
    "too-many-events.json": _record("classic-five", [{"bank": True}] * 25_001),
}

SCORE_ARGS: list[list[str]] = [
    ["³"], ["1" * 5000], ["-1"], ["0"], ["7"], ["1", "2", "3", "4", "5", "6", "1"], ["１"], ["\u001b[31m1"],
]
"""Dice typed on the command line (``greed-game score --rules classic-five ...``)."""

CACHES: list[dict[str, object]] = [
    {"name": "step-zero", "set": [["step"], 0]},
    {"name": "step-negative", "set": [["step"], -50]},
    {"name": "step-not-the-rules", "set": [["step"], 25]},
    {"name": "value-huge", "set": [["values", 3, 2], 1e308]},
    {"name": "value-negative", "set": [["values", 1, 0], -1e300]},
    {"name": "tail-huge", "set": [["beta", 2], 1e300]},
    {"name": "chances-do-not-add-up", "set": [["models", 2, 3, 0, 0], 0.9]},
    {"name": "levels-huge", "set": [["levels"], 10**12]},
    {"name": "not-json", "text": "{not json"},
    {"name": "cut-short", "cut": 0.5},
    {"name": "empty", "text": ""},
]
"""Damage done to a solution in the cache (classic-five's, solved by the test): a figure set at a path of the
JSON, the file replaced by ``text``, or ``cut`` to that share of its length."""

STANDING: list[dict[str, str]] = [
    {"name": "folder", "kind": "folder"},
    {"name": "link-to-a-folder", "kind": "link", "to": "folder"},
    {"name": "link-to-nothing", "kind": "link", "to": "nothing"},
    {"name": "link-to-dev-null", "kind": "link", "to": "/dev/null"},
    {"name": "link-to-someones-file", "kind": "link", "to": "file"},
    {"name": "fifo", "kind": "fifo"},
]
"""What may stand where one of the game's files goes (``autosave.json``, a solution in the cache); placed by
``tests/hostile/place.py``."""


def main() -> None:
    for folder, files in (("rules", RULES), ("records", RECORDS)):
        out = HERE / folder
        out.mkdir(exist_ok=True)
        for old in out.iterdir():
            old.unlink()
        for name, content in files.items():
            data = content.encode("utf-8") if isinstance(content, str) else content
            (out / name).write_bytes(data)
    for name, data in (("score-args.json", SCORE_ARGS), ("caches.json", CACHES), ("standing.json", STANDING)):
        (HERE / name).write_text(json.dumps(data, ensure_ascii=True, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
