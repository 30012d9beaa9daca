"""Fuzzed saves, settings, statistics and rules files: only clear errors, and nothing lost.

Every stored file is given random bytes, truncations and byte flips of a valid
file, and valid JSON (or TOML) with values mutated at random. Loading never
raises; a file that is used is left as it is and gives the data it holds; a
file that is not used is reported in plain words and kept aside byte for byte
(the player's own rules and record files are only reported, never moved).
"""

from __future__ import annotations

import copy
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from budgets import budget
from english import told
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from greed_game.presets import preset, replay
from greed_game.rules import Game, Player, RecordError, RulesError, record_of, write_record
from greed_game.rules.record import record_from_data
from greed_game.rules.ruleset import parse_rules_text
from greed_game.stats import Stats, StatsError, stats_from_data
from greed_game.storage import (
    Settings,
    Storage,
    StoredFileError,
    attach_rng,
    load_user_rules,
    parse_json,
    parse_saved_record,
    parse_settings,
)

# The robustness step runs these with their full budgets (GREED_ROBUST=1 pytest -m "robust or long").
pytestmark = pytest.mark.robust

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(max_examples=budget("fuzz_cases", 60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _valid_game() -> tuple[str, str]:
    """The text of an autosave in the middle of a seeded game, and of statistics after a finished one."""
    rules = preset("pass-the-dice")
    game = Game(rules, [Player("Ann", "cautious"), Player("Bob", "bold")])
    rng = random.Random(12)
    game.roll_off(rng)
    while not game.finished:
        game.play(game.legal_actions()[-1] if game.state.turn_points >= 400 else game.legal_actions()[0], rng)
        if len(game.events) == 40:
            save = write_record(attach_rng(record_of(game, "pass-the-dice"), rng, seed=12))
    stats = Stats()
    stats.add_game(record_of(game, "pass-the-dice"))
    return save, stats.to_text()


SAVE_TEXT, STATS_TEXT = _valid_game()
SETTINGS_TEXT = json.dumps(Settings(skin="greed", sound=False).to_data(), indent=2) + "\n"
RULES_TEXTS = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "assets" / "rules").glob("*.toml"))]

# --- strategies ------------------------------------------------------------------------

interesting = st.sampled_from(
    [
        "",
        "greed-record/2",
        "greed-settings/9",
        "greed-stats/3",
        "official",
        "pass-the-dice",
        "/dev/zero",
        "human",
        "master",
        -1,
        0,
        1,
        6,
        7,
        2**31,
        10**40,
        [],
        {},
        [1, 2, 3, 4, 5, 6, 7],
        {"roll": [1]},
        {"bank": True},
    ]
)
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(),
    st.text(max_size=12),
    interesting,
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(doc, list) and len(doc) <= 100:  # not into the 625 numbers of the dice state
        for i, value in enumerate(doc):
            out.extend(_paths(value, (*prefix, i)))
    return out


def _fresh(draw: st.DrawFn) -> Any:
    # A copy: sampled values are shared objects, and the mutations below change what they are put into.
    return copy.deepcopy(draw(json_value))


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` (JSON) with one to three values replaced, removed, duplicated or added."""
    doc = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)))
        op = draw(st.sampled_from(["replace", "replace", "remove", "duplicate", "add"]))
        if not path:
            if op == "replace":
                doc = _fresh(draw)
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if op == "replace":
            parent[last] = _fresh(draw)
        elif op == "remove":
            del parent[last]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif op == "add" and isinstance(parent[last], dict):
            parent[last][draw(st.text(max_size=10))] = _fresh(draw)
        elif op == "add" and isinstance(parent[last], list):
            parent[last].append(_fresh(draw))
    return json.dumps(doc, ensure_ascii=draw(st.booleans()))


def damaged(text: str) -> st.SearchStrategy[bytes]:
    """Random bytes, truncations and byte flips of ``text``, and mutated JSON values."""
    raw = text.encode("utf-8")
    return st.one_of(
        st.binary(max_size=600),
        st.integers(0, len(raw)).map(lambda n: raw[:n]),
        st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)).map(
            lambda t: raw[: t[0]] + bytes([t[1]]) + raw[t[0] + 1 :]
        ),
        mutated(text).map(lambda s: s.encode("utf-8")),
    )


# --- the contract ----------------------------------------------------------------------


def _load_stored(
    name: str, content: bytes, load: Callable[[Storage], Any], check: Callable[[Any, Storage, Path], None]
) -> None:
    """Store ``content`` as file ``name`` in a fresh folder, load it, check nothing is lost, then ``check``."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        path = root / name
        path.write_bytes(content)
        storage = Storage(root)
        result = load(storage)  # never raises
        event("set aside" if told(storage.problems) else "used")
        stem = path.stem
        kept = sorted(root.glob(f"{stem}.bad-*"))
        if told(storage.problems):
            assert len(told(storage.problems)) == 1, told(storage.problems)
            message = told(storage.problems)[0]
            assert isinstance(message, str) and message.endswith(".") and "could not be used:" in message
            assert len(kept) == 1, "the bad file was not kept aside"
            assert kept[0].read_bytes() == content, "the bad file was changed"
            assert kept[0].name in message
        else:
            assert not kept
            assert path.read_bytes() == content, "a file in use was changed"
        check(result, storage, path)


def _clear(exc: BaseException) -> bool:
    return isinstance(exc, (StoredFileError, RecordError, RulesError, StatsError)) and bool(str(exc))


@FUZZ
@given(damaged(SAVE_TEXT))
def test_fuzzed_autosave(content: bytes) -> None:
    def load(storage: Storage) -> Any:
        return storage.autosave.load_game()

    def check(record: Any, storage: Storage, path: Path) -> None:
        _check_autosave(record, storage, content)

    _load_stored("autosave.json", content, load, check)


def _check_autosave(record: Any, storage: Storage, content: bytes) -> None:
    if told(storage.problems):
        assert record is None
        try:
            parse_saved_record(content.decode("utf-8", errors="replace"))
        except Exception as exc:  # the reason given is a clear one
            assert _clear(exc), repr(exc)
    else:
        # Used as it is: nothing was lost or changed on the way.
        data = json.loads(content.decode("utf-8-sig"))
        assert record is not None and record.to_data() == record_from_data(data).to_data()
        replay(record)


@FUZZ
@given(damaged(SAVE_TEXT))
def test_fuzzed_autosave_resume(content: bytes) -> None:
    def resume(storage: Storage) -> Any:
        return storage.autosave.resume_game()

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "autosave.json").write_bytes(content)
        storage = Storage(root)
        resumed = storage.autosave.resume_game()
        if resumed is not None:
            assert resumed.game.state == replay(resumed.record).state
        everything = [p.read_bytes() for p in root.rglob("*") if p.is_file()]
        # The save is still somewhere: in use, kept aside, or (a finished game) kept for replays.
        assert content in everything or (not told(storage.problems) and any(root.glob("games/*.json")))


@FUZZ
@given(damaged(SETTINGS_TEXT))
def test_fuzzed_settings(content: bytes) -> None:
    def load(storage: Storage) -> Any:
        return storage.load_settings()

    def check(loaded: Any, storage: Storage, path: Path) -> None:
        _check_settings(loaded, storage, path, content)

    _load_stored("settings.json", content, load, check)


def _check_settings(loaded: Any, storage: Storage, path: Path, content: bytes) -> None:
    assert isinstance(loaded, Settings)
    if told(storage.problems):
        # Defaults, or the usable values with the impossible ones reset (and saved).
        if path.exists():
            assert parse_settings(path.read_text()) == loaded
        else:
            assert loaded == Settings()
    else:
        assert parse_settings(content.decode("utf-8-sig")) == loaded
    try:
        parse_settings(content.decode("utf-8", errors="replace"))
    except Exception as exc:
        assert _clear(exc), repr(exc)


@FUZZ
@given(damaged(STATS_TEXT))
def test_fuzzed_stats(content: bytes) -> None:
    def load(storage: Storage) -> Any:
        return storage.archive.load_stats()

    def check(stats: Any, storage: Storage, path: Path) -> None:
        _check_stats(stats, storage, content)

    _load_stored("stats.json", content, load, check)


def _check_stats(stats: Any, storage: Storage, content: bytes) -> None:
    assert isinstance(stats, Stats)
    if told(storage.problems):
        assert stats.to_data() == Stats().to_data()
    else:
        assert stats.to_data() == stats_from_data(json.loads(content.decode("utf-8-sig"))).to_data()
    try:
        stats_from_data(parse_json(content.decode("utf-8", errors="replace")))
    except Exception as exc:
        assert _clear(exc), repr(exc)


# --- rules files: the player's own, only reported ----------------------------------------

toml_value = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["0", "7", "-1", "1e3", "5.0", "inf", "nan", "true", "false", "99999999999999999999"]),
    st.text(max_size=10).map(json.dumps),
    st.sampled_from(['"none"', '"free"', '"strict"', '"mandatory"', '"doubling"', '"score-to-beat"', '"greed"']),
    st.lists(st.integers(-2, 9), max_size=7).map(lambda xs: "[" + ", ".join(map(str, xs)) + "]"),
    st.sampled_from(["{}", "{ 1 = 100 }", '{ "7" = 1 }', "{ 1 = -5 }", "[[1]]", "{ x = 1 }", "[]"]),
    # Values the rules reader has been seen to trip over: a digit int() refuses, deep nesting, a huge number.
    st.sampled_from(['{ "²" = 100 }', '{ "³" = { 1 = 100 } }', "[" * 3000 + "]" * 3000, "9" * 5000]),
)


@st.composite
def rules_file(draw: st.DrawFn) -> bytes:
    text = draw(st.sampled_from(RULES_TEXTS))
    lines = text.splitlines()
    kind = draw(st.sampled_from(["bytes", "truncate", "value", "value", "drop", "duplicate", "key"]))
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    if kind == "truncate":
        return text.encode()[: draw(st.integers(0, len(text.encode())))]
    index = draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    if kind == "value" and "=" in line:
        lines[index] = line.split("=", 1)[0] + "= " + draw(toml_value)
    elif kind == "drop":
        del lines[index]
    elif kind == "duplicate":
        lines.insert(index, line)
    elif kind == "key":
        lines.insert(index, draw(st.from_regex(r"[a-z_.]{1,12}", fullmatch=True)) + " = " + draw(toml_value))
    return "\n".join(lines).encode()


@settings(max_examples=budget("fuzz_rules_cases", 120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_file())
def test_fuzzed_rules_files(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        path.write_bytes(content)
        storage = Storage(Path(folder) / "data")
        rules = storage.load_rules(path)
        loaded = load_user_rules(path)
        assert (rules is None) == (loaded.rules is None)
        event("refused" if rules is None else "used")
        if rules is None:
            (message,) = told(storage.problems)
            assert loaded.message and str(path) in loaded.message
            assert str(loaded.said) in message and path.name in message
        else:
            assert told(storage.problems) == [] and loaded.message is None
            assert rules.to_dict() == parse_rules_text(content.decode("utf-8-sig"), origin=str(path)).to_dict()
        # The player's file is never moved or changed, and nothing is written beside it.
        assert path.read_bytes() == content
        assert sorted(p.name for p in Path(folder).iterdir()) == ["house.toml"]


@FUZZ
@given(damaged(SAVE_TEXT))
def test_fuzzed_record_files_for_replay(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(content)
        storage = Storage(Path(folder) / "data")
        r = storage.archive.open_replay(path)
        if r is None:
            (message,) = told(storage.problems)
            assert message.startswith("The record game.json could not be opened")
        else:
            r.seek(len(r))
            assert r.state == replay(r.record).state
            assert all(isinstance(r.caption(k), str) for k in range(len(r) + 1))
        assert path.read_bytes() == content
        assert sorted(p.name for p in Path(folder).iterdir()) == ["game.json"]
