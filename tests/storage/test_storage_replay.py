"""Replays (step by step, forward and back), exports, and the player's own rules files."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from english import told

from greed_game.presets import preset, replay
from greed_game.replay import Replay
from greed_game.rules import Game, Player, RecordError, read_record, record_of, write_record
from greed_game.storage import RESUME_KEY, Storage, load_user_rules

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def example_text() -> str:
    return (RECORDS / "source-000-example.json").read_text()


def test_replay_steps_forward_and_back() -> None:
    record = read_record(example_text())
    r = Replay(record)
    assert len(r) == 24 and r.at_start and r.event is None
    assert r.caption() == f"{preset('pass-the-dice').name} to 2,000: Dianna and William. Dianna starts."
    for k in range(len(r) + 1):
        assert r.seek(k) or k == 0
        assert r.state == replay(record, upto=k).state
    assert r.at_end and r.state.finished
    assert not r.forward()
    assert r.caption().endswith("Game over: William wins.")
    assert r.back(3) and r.position == 21
    assert r.event == record.events[20]
    r.seek(-5)
    assert r.at_start and not r.back()


def test_replay_captions_in_plain_words() -> None:
    r = Replay(read_record(example_text()))
    captions = [r.caption(k) for k in range(1, len(r) + 1)]
    assert captions[0] == "Dianna throws 1 1 2 2 3 5."
    assert captions[1] == "Dianna keeps 1 1 for 200 (200 this turn)."
    assert captions[4] == (
        "Dianna banks 500, now 500. Dianna is on the board. William may take 1 die and 500 points."
    )
    assert captions[5] == "William takes over 1 die and 500 points."
    assert captions[6] == "William throws 2: nothing scores, bust (500 lost)."
    assert captions[10] == "Dianna keeps 1 2 3 4 5 for 1,000 (1,100 this turn). Hot dice: all 6 dice come back."
    assert captions[21] == (
        "William banks 2,850, now 2,850. William is on the board. Final round: one more turn for Dianna. "
        "Dianna may take 1 die and 2,850 points."
    )
    assert captions[-1] == "Dianna throws 3: nothing scores, bust (2,850 lost). Game over: William wins."


def test_replay_turn_by_turn() -> None:
    r = Replay(read_record(example_text()))
    ends = []
    while r.next_turn():
        ends.append(r.position)
    assert ends == [5, 7, 16, 22, 24]
    assert r.previous_turn() and r.position == 22
    assert r.previous_turn() and r.position == 16
    r.seek(10)
    assert r.previous_turn() and r.position == 7
    r.seek(0)
    assert not r.previous_turn()


def test_replay_refuses_an_illegal_record() -> None:
    data = json.loads(example_text())
    data["events"][3] = {"keep": [2]}
    with pytest.raises(RecordError, match="event 3"):
        Replay(read_record(json.dumps(data)))


def test_open_replay_from_a_finished_game_and_from_a_file(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "data")
    storage.autosave.finish_game(read_record(example_text()))
    (path,) = storage.archive.finished_games()
    r = storage.archive.open_replay(path)
    assert r is not None and len(r) == 24
    r.seek(len(r))
    assert r.state.scores == (1850, 2850)
    assert storage.archive.open_replay(read_record(example_text())) is not None
    assert told(storage.problems) == []


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"{", "cut short"),
        (b"\x00\x01\xff", "not text"),
        (b'{"format": "greed-record/9", "rules": "official", "players": [{"name": "A"}]}', "newer"),
        (
            b'{"format": "greed-record/1", "rules": "official", "players": [{"name": "A"}], '
            b'"events": [{"bank": true}]}',
            "event 0",
        ),
    ],
)
def test_a_bad_record_file_is_reported_and_left_alone(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "mine.json"
    path.write_bytes(content)
    storage = Storage(tmp_path / "data")
    assert storage.archive.open_replay(path) is None
    assert len(told(storage.problems)) == 1 and words in told(storage.problems)[0]
    assert told(storage.problems)[0].startswith("The record mine.json could not be opened")
    assert path.read_bytes() == content and sorted(tmp_path.iterdir()) == [path]


def test_missing_replay_file(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert storage.archive.open_replay(tmp_path / "nope.json") is None
    assert "no such file" in told(storage.problems)[0]


def test_a_record_naming_a_file_is_refused_and_reads_nothing(tmp_path: Path) -> None:
    text = (ROOT / "assets" / "rules" / "classic-five.toml").read_text()
    (tmp_path / "house.toml").write_text(text.replace('id = "classic-five"', 'id = "house"'))
    game = Game(preset("classic-five"), [Player("Ann"), Player("Bob")])
    rng = random.Random(2)
    for _ in range(4):
        game.play(game.legal_actions()[0], rng)
    data = json.loads(write_record(record_of(game, "classic-five")))
    for named in ("house.toml", str(tmp_path / "house.toml"), "/dev/zero"):
        (tmp_path / "game.json").write_text(json.dumps({**data, "rules": named}))
        storage = Storage(tmp_path / "data")
        assert storage.archive.open_replay(tmp_path / "game.json") is None
        assert any("names no preset" in problem for problem in told(storage.problems))


def test_export_the_current_game(tmp_path: Path) -> None:
    game = Game(preset("official"), [Player("Ann"), Player("Bob", "bold")])
    rng = random.Random(4)
    for _ in range(9):
        game.play(game.legal_actions()[0], rng)
    storage = Storage(tmp_path / "data")
    record = record_of(game, "official")
    storage.autosave.save_game(record, rng=rng, seed=4)
    first = storage.archive.export_record(record)
    second = storage.archive.export_record(record)
    assert first is not None and second is not None and first != second
    assert first.parent == storage.exports_dir and first.name.startswith("greed-official-")
    data = json.loads(first.read_text())
    assert RESUME_KEY not in data  # the dice to come stay private
    assert read_record(first.read_text()).events == game.events
    chosen = storage.archive.export_record(record, tmp_path / "chosen.json")
    assert chosen == tmp_path / "chosen.json" and replay(read_record(chosen.read_text())).state == game.state


def test_export_to_a_place_that_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    storage = Storage(tmp_path / "data")
    game = Game(preset("official"), [Player("Ann")])
    assert storage.archive.export_record(record_of(game, "official"), tmp_path / "file" / "out.json") is None
    assert "could not be saved" in told(storage.problems)[0]


# --- the player's own rules files ------------------------------------------------------


def test_user_rules_load(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        (ROOT / "assets" / "rules" / "official.toml").read_text().replace("target = 10000", "target = 4000")
    )
    loaded = load_user_rules(path)
    assert loaded.message is None and loaded.rules is not None and loaded.rules.target == 4000


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace("target = 10000", 'target = "lots"'), "field 'target'"),
        (lambda t: t.replace("dice = 5", "dice = 9"), "field 'dice': must be at most 6"),
        (lambda t: t.replace("format = 1", "format = 3"), "newer than this game reads"),
        (lambda t: t.replace('hot_dice = "optional"', 'hot_dice = "sometimes"'), "field 'hot_dice'"),
        (lambda t: t[: len(t) // 2], ""),
        (lambda t: "", "field 'id': is missing"),
    ],
)
def test_bad_user_rules_are_reported_and_left_alone(tmp_path: Path, change: Callable[[str], str], words: str) -> None:
    path = tmp_path / "house.toml"
    content = change((ROOT / "assets" / "rules" / "official.toml").read_text())
    path.write_text(content)
    storage = Storage(tmp_path / "data")
    assert storage.load_rules(path) is None
    (message,) = told(storage.problems)
    assert message.startswith(f"The rules file {path.name} could not be used: ") and words in message
    assert path.read_text() == content and sorted(tmp_path.iterdir()) == [path]


def test_user_rules_that_are_not_a_file(tmp_path: Path) -> None:
    assert "no such file" in (load_user_rules(tmp_path / "none.toml").message or "")
    assert "folder" in (load_user_rules(tmp_path).message or "")
    binary = tmp_path / "x.toml"
    binary.write_bytes(b"\xff\xfe\xfa")
    assert "not text" in (load_user_rules(binary).message or "")
