"""Storage: the data folder, atomic writes, settings, autosave and resume, bad files set aside."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from english import told

from greed_game.ai import strategy
from greed_game.presets import load_rules_file, preset
from greed_game.rules import PRESET_IDS, Action, Game, Phase, Player, Record, read_record, record_of, write_record
from greed_game.storage import (
    DATA_DIR_ENV,
    RESUME_KEY,
    Settings,
    Storage,
    StoredFileError,
    atomic_write,
    attach_rng,
    default_root,
    parse_settings,
    restore_rng,
    rng_from_seed,
    sweep_temp_files,
)

RECORDS = Path(__file__).resolve().parent.parent / "records"


def play(rules_id: str, seed: int, events: int, names: tuple[str, ...] = ("Ann", "Bob")) -> tuple[Game, random.Random]:
    """A seeded game of computer-like play stopped after ``events`` events (or at its end)."""
    game = Game(preset(rules_id), [Player(n, "cautious") for n in names])
    rng = random.Random(seed)
    game.roll_off(rng)
    while not game.finished and len(game.events) < events:
        game.play(_choose(game), rng)
    return game, rng


def _choose(game: Game) -> Action:
    return strategy("cautious", game.rules).choose(game.rules, game.state)


def asides(root: Path, stem: str) -> list[Path]:
    return sorted(root.glob(f"{stem}.bad-*"))


# --- the folder ---------------------------------------------------------------------


def test_data_dir_environment_variable_overrides_the_platform_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "portable"))
    assert default_root() == tmp_path / "portable"
    assert Storage().root == tmp_path / "portable"
    monkeypatch.setenv(DATA_DIR_ENV, "  ")
    assert default_root().name == "greed-game"
    monkeypatch.delenv(DATA_DIR_ENV)
    assert default_root().name == "greed-game"


def test_nothing_is_written_by_loading(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "data")
    assert storage.load_settings() == Settings()
    assert storage.autosave.load_game() is None and storage.autosave.resume_game() is None
    assert storage.archive.load_stats().games == 0
    assert told(storage.problems) == []
    assert not (tmp_path / "data").exists()


# --- atomic writes --------------------------------------------------------------------


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "file.json"
    atomic_write(path, "first")
    atomic_write(path, "second ✓\n")
    assert path.read_bytes() == "second ✓\n".encode()
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "file.json"
    atomic_write(path, "old")

    def broken(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        atomic_write(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_stale_temporary_files_are_swept_fresh_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    old = tmp_path / ".autosave.json.123-1.tmp"
    fresh = tmp_path / ".autosave.json.123-2.tmp"
    other = tmp_path / ".settings.json.123-3.tmp"
    for p in (old, fresh, other):
        p.write_text("{")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    assert sweep_temp_files(path) == 1
    assert not old.exists() and fresh.exists() and other.exists()


def test_a_save_that_fails_is_reported_once_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    storage = Storage(blocker)
    game, rng = play("classic-five", 1, 6)
    assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=1) is False
    assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=1) is False
    assert storage.save_settings(Settings()) is False
    assert len(told(storage.problems)) == 2
    assert "could not be saved" in told(storage.problems)[0]
    assert blocker.read_text() == "a file where the folder should be"


@pytest.mark.parametrize("kind", ["folder", "dangling link", "fifo"])
def test_whatever_stands_where_the_autosave_goes_is_set_aside_and_the_game_saved(tmp_path: Path, kind: str) -> None:
    storage = Storage(tmp_path)
    path = storage.autosave_path
    if kind == "folder":
        path.mkdir()
        (path / "keep.txt").write_text("someone's file")
    elif kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere.json")
    else:
        os.mkfifo(path)
    game, rng = play("classic-five", 1, 6)
    assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=1) is True
    assert path.is_file() and not path.is_symlink()
    (aside,) = asides(tmp_path, "autosave")
    if kind == "folder":
        assert (aside / "keep.txt").read_text() == "someone's file", "nothing in the folder is lost"
    assert len(told(storage.problems)) == 1 and "set aside" not in told(storage.problems)[0]
    assert "stood where the file goes" in told(storage.problems)[0] and aside.name in told(storage.problems)[0]
    # The next window (after a kill, say) finds the game to continue.
    again = Storage(tmp_path)
    assert again.has_saved_game() and again.autosave.load_game() is not None


# --- settings -------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    mine = Settings(animation_speed="fast", void_frequency="off", sound=False, fullscreen=True, skin="greed")
    assert storage.save_settings(mine)
    assert Storage(tmp_path).load_settings() == mine
    data = json.loads(storage.settings_path.read_text())
    assert data["format"] == "greed-settings/1"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b'{"format": "greed-settings/1", "sound": fal', "cut short"),
        (b"sound = false\n", "not valid JSON"),
        (b'{"format": "greed-settings/2", "sound": false}', "newer version"),
        (b'{"format": "something-else/1"}', "not a Greed settings file"),
        (b"[1, 2, 3]", "does not hold settings"),
        (b'{"sound": NaN}', "not a number"),
        (b"\xff\xfe\x00garbage", "not text"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"sound": ' + b"1" * 5000 + b"}", "damaged"),
    ],
)
def test_bad_settings_are_kept_aside_and_defaults_used(tmp_path: Path, content: bytes, words: str) -> None:
    storage = Storage(tmp_path)
    storage.settings_path.write_bytes(content)
    assert storage.load_settings() == Settings()
    assert len(told(storage.problems)) == 1
    message = told(storage.problems)[0]
    assert words in message and "settings" in message
    (kept,) = asides(tmp_path, "settings")
    assert kept.read_bytes() == content
    assert kept.name in message
    assert not storage.settings_path.exists()


def test_one_impossible_setting_keeps_the_others(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    content = '{"format": "greed-settings/1", "sound": "loud", "skin": "greed", "fullscreen": 1}'
    storage.settings_path.write_text(content)
    settings = storage.load_settings()
    assert settings == Settings(skin="greed")
    assert "'sound', 'fullscreen'" in told(storage.problems)[0]
    (kept,) = asides(tmp_path, "settings")
    assert kept.read_text() == content
    # The corrected settings were saved, so the next start has no problem.
    again = Storage(tmp_path)
    assert again.load_settings() == Settings(skin="greed") and told(again.problems) == []


def test_parse_settings_is_strict() -> None:
    assert parse_settings('{"skin": "pips"}') == Settings(skin="pips")
    with pytest.raises(StoredFileError, match="impossible value"):
        parse_settings('{"sound": 1}')
    with pytest.raises(StoredFileError, match="empty"):
        parse_settings("  \n")


# --- autosave and resume ----------------------------------------------------------------


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_continue_resumes_exactly_with_the_same_dice_to_come(tmp_path: Path, rules_id: str) -> None:
    seed = 1234 + PRESET_IDS.index(rules_id)
    game, rng = play(rules_id, seed, 37, names=("Ann", "Bob", "Cy"))
    storage = Storage(tmp_path)
    assert storage.autosave.save_game(record_of(game, rules_id), rng=rng, seed=seed)

    resumed = Storage(tmp_path).autosave.resume_game()
    assert resumed is not None and resumed.seeded and resumed.seed == seed
    assert resumed.game.state == game.state
    assert resumed.game.legal_actions() == game.legal_actions()
    # Both go on the same way: the same dice to come.
    for _ in range(60):
        if game.finished:
            break
        a = game.play(_choose(game), rng)
        b = resumed.game.play(_choose(resumed.game), resumed.rng)
        assert a == b
    assert resumed.game.events == game.events


def test_resume_in_every_phase(tmp_path: Path) -> None:
    seen = set()
    for stop in range(0, 40):
        game, rng = play("official", 77, stop, names=("Ann", "Bob"))
        storage = Storage(tmp_path)
        storage.autosave.save_game(record_of(game, "official"), rng=rng, seed=77)
        resumed = storage.autosave.resume_game()
        assert resumed is not None and resumed.game.state == game.state
        assert resumed.rng.getstate() == rng.getstate()
        seen.add(resumed.game.state.phase)
    assert {Phase.ROLL, Phase.KEEP, Phase.CARRYOVER} <= seen


def test_the_dice_to_come_are_found_again_from_the_seed(tmp_path: Path) -> None:
    game, rng = play("pass-the-dice", 99, 30)
    record = attach_rng(record_of(game, "pass-the-dice"), rng, seed=99)
    assert record.extra[RESUME_KEY]["events"] == len(game.events)
    # A damaged dice state: the seed alone gives the same dice to come.
    record.extra[RESUME_KEY]["rng"]["state"][3] = "x"
    again = restore_rng(record)
    assert again is not None and again.getstate() == rng.getstate()
    # A record whose throws did not come from this seed is not given a wrong dice source.
    assert rng_from_seed(record, 100) is None
    record.extra[RESUME_KEY]["seed"] = None
    assert restore_rng(record) is None
    storage = Storage(tmp_path)
    storage.autosave.save_game(record)
    resumed = storage.autosave.resume_game()
    assert resumed is not None and not resumed.seeded
    assert resumed.game.state == game.state


def test_a_damaged_dice_state_without_seed_is_reported_not_fatal(tmp_path: Path) -> None:
    game, rng = play("classic-five", 5, 20)
    record = attach_rng(record_of(game, "classic-five"), rng, seed=5)
    record.extra[RESUME_KEY]["rng"] = {"version": 3, "state": [1, 2]}
    record.extra[RESUME_KEY]["events"] = 0
    record.extra[RESUME_KEY]["seed"] = 6
    storage = Storage(tmp_path)
    storage.autosave.save_game(record)
    resumed = storage.autosave.resume_game()
    assert resumed is not None and not resumed.seeded and resumed.game.state == game.state
    assert told(storage.problems) == ["The saved game's dice could not be restored; it goes on with new dice."]
    assert not asides(tmp_path, "autosave")


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.update(format="greed-record/2"), "newer than this game reads"),
        (lambda d: d["events"][0]["roll"].__setitem__(0, 7), "die values must be 1 to 6"),
        (lambda d: d["events"].insert(0, {"bank": True}), "event 0"),
        (lambda d: d["players"][0].update(name="Ann\x00"), "impossible name"),
        (lambda d: d["players"][0].update(kind="wizard"), "unknown kind"),
        (lambda d: d.update(rules="/etc/passwd"), "names no preset"),
        (lambda d: d.update(overrides={"dice": 9}), "must be at most 6"),
        (lambda d: d.update(players=[]), "1 to 8 players"),
    ],
)
def test_impossible_saves_are_kept_aside(tmp_path: Path, mutate: Callable[[Any], object], words: str) -> None:
    game, rng = play("classic-five", 3, 12)
    data = attach_rng(record_of(game, "classic-five"), rng, seed=3).to_data()
    mutate(data)
    content = json.dumps(data).encode()
    storage = Storage(tmp_path)
    storage.autosave_path.write_bytes(content)
    assert storage.autosave.resume_game() is None
    assert len(told(storage.problems)) == 1 and words in told(storage.problems)[0], told(storage.problems)
    assert told(storage.problems)[0].startswith("The saved game could not be used")
    (kept,) = asides(tmp_path, "autosave")
    assert kept.read_bytes() == content


def test_a_game_under_a_rules_file_keeps_its_rules_inline(tmp_path: Path) -> None:
    rules_file = tmp_path / "house.toml"
    text = (Path(__file__).resolve().parents[2] / "assets" / "rules" / "classic-five.toml").read_text()
    rules_file.write_text(text.replace('id = "classic-five"', 'id = "house"'))
    house = load_rules_file(rules_file)
    game = Game(house.with_overrides({"target": 500}), [Player("Ann"), Player("Bob")])
    rng = random.Random(8)
    game.play(game.legal_actions()[0], rng)
    storage = Storage(tmp_path / "data")
    assert storage.autosave.save_game(record_of(game, house.to_dict(), {"target": 500}), rng=rng, seed=8)
    rules_file.unlink()  # the save does not depend on the file any more
    resumed = storage.autosave.resume_game()
    assert resumed is not None and isinstance(resumed.record.rules, dict)
    assert resumed.game.rules.id == "house" and resumed.game.rules.target == 500
    assert resumed.game.state == game.state


def test_a_finished_game_is_counted_once_and_cleared(tmp_path: Path) -> None:
    game, rng = play("classic-five", 11, 10_000)
    assert game.finished
    record = record_of(game, "classic-five")
    storage = Storage(tmp_path)
    storage.autosave.save_game(record, rng=rng, seed=11)
    assert storage.autosave.resume_game() is None  # nothing to continue
    assert not storage.autosave_path.exists()
    stats = storage.archive.load_stats()
    assert stats.games == 1 and stats.players["Ann"].games == 1
    storage.autosave.finish_game(record)
    storage.autosave.finish_game(record)
    assert storage.archive.load_stats().to_data() == stats.to_data()
    (kept,) = storage.archive.finished_games()
    assert read_record(kept.read_text()).events == game.events
    assert RESUME_KEY not in json.loads(kept.read_text())
    assert told(storage.problems) == []


def test_finish_game_refuses_an_unfinished_game(tmp_path: Path) -> None:
    game, _ = play("classic-five", 11, 5)
    with pytest.raises(ValueError, match="finished"):
        Storage(tmp_path).autosave.finish_game(record_of(game, "classic-five"))


def test_a_quarantined_file_is_never_overwritten(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.autosave_path.write_text("{broken")
    assert storage.autosave.load_game() is None
    storage.autosave_path.write_text("{broken again")
    assert storage.autosave.load_game() is None
    kept = asides(tmp_path, "autosave")
    assert sorted(p.read_text() for p in kept) == ["{broken", "{broken again"]


def test_source_example_saves_and_loads(tmp_path: Path) -> None:
    record = read_record((RECORDS / "source-000-example.json").read_text())
    storage = Storage(tmp_path)
    assert storage.autosave.save_game(record)
    loaded = storage.autosave.load_game()
    assert isinstance(loaded, Record) and write_record(loaded) == write_record(record)


def test_names_are_stored_so_they_can_be_read_back(tmp_path: Path) -> None:
    names = ("Zoë 👨‍👩‍👧", "Tab\there", "   ", "x" * 300)
    game = Game(preset("classic-five"), [Player(n) for n in names])
    rng = random.Random(1)
    game.play(game.legal_actions()[0], rng)
    storage = Storage(tmp_path)
    assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=1)
    resumed = storage.autosave.resume_game()
    assert resumed is not None and told(storage.problems) == []
    assert [p.name for p in resumed.game.players] == ["Zoë 👨‍👩‍👧", "Tabhere", "Player 3", "x" * 100]
    assert resumed.game.state == game.state


def test_a_lone_surrogate_cannot_crash_a_save(tmp_path: Path) -> None:
    game = Game(preset("classic-five"), [Player("Ann\ud800")])
    storage = Storage(tmp_path)
    assert storage.autosave.save_game(record_of(game, "classic-five"))
    resumed = storage.autosave.resume_game()
    assert resumed is not None and resumed.game.players[0].name == "Ann"
    content = '{"format": "greed-record/1", "rules": "official", "players": [{"name": "A\\ud800"}]}'
    storage.autosave_path.write_text(content)
    assert storage.autosave.load_game() is None and "impossible name" in told(storage.problems)[0]


def test_saving_on_a_worker_thread_while_the_window_reads(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game, _ = play("farkel-family", 21, 120)
    records = [Record("farkel-family", list(game.players), game.events[:k]) for k in range(len(game.events) + 1)]
    failures: list[BaseException] = []

    def worker() -> None:
        try:
            for record in records:
                assert storage.autosave.save_game(record)
        except BaseException as exc:  # reported to the test below
            failures.append(exc)

    thread = threading.Thread(target=worker)
    thread.start()
    while thread.is_alive():
        storage.load_settings()
        storage.statistics()
        assert told(storage.take_problems()) == []
        loaded = Storage(tmp_path).autosave.load_game()
        assert loaded is None or loaded.events == game.events[: len(loaded.events)]
    thread.join()
    assert failures == []
    final = storage.autosave.load_game()
    assert final is not None and final.events == records[-1].events
    assert not list(tmp_path.glob(".*.tmp")) and not list(tmp_path.glob("*.bad-*"))


@pytest.mark.parametrize("failing", ["stats.json", "games"])
def test_a_full_disk_at_the_end_of_a_game_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    game, rng = play("classic-five", 11, 10_000)
    assert game.finished
    storage = Storage(tmp_path)
    # The game in progress was saved just before its last event.
    last_but_one = record_of(game, "classic-five")
    last_but_one.events.pop()
    assert storage.autosave.save_game(last_but_one, rng=rng, seed=11)
    import greed_game.storage.files as files

    real_write = files.atomic_write

    def full_disk(path: Path, text: str) -> None:
        if failing in path.parts or path.name == failing:
            raise OSError(28, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(files, "atomic_write", full_disk)
    storage.autosave.finish_game(record_of(game, "classic-five"))
    assert storage.autosave_path.exists(), "the autosave was cleared though the game was not kept elsewhere"
    assert any("No space left on device" in p for p in told(storage.take_problems()))
    # Space again: the next start finishes the game, counting it exactly once.
    monkeypatch.setattr(files, "atomic_write", real_write)
    assert storage.autosave.save_game(record_of(game, "classic-five"), rng=rng, seed=11)
    again = Storage(tmp_path)
    assert again.autosave.resume_game() is None
    assert not again.autosave_path.exists()
    assert again.archive.load_stats().games == 1 and len(again.archive.finished_games()) == 1


def test_pruning_goes_by_the_games_own_numbers_and_touches_only_its_own_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import greed_game.storage.archive as archive

    monkeypatch.setattr(archive, "FINISHED_GAMES_KEPT", 3)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    foreign = [elsewhere / f"game-{i}.json" for i in range(4)] + [elsewhere / "game-000001-notours.json"]
    for path in foreign:
        path.write_text("somebody else's file")
    storage = Storage(tmp_path / "data")
    storage.games_dir.mkdir(parents=True)
    stranger = storage.games_dir / "game-999999-0123456789abcdef0123.json.bak"
    stranger.write_text("not a record of ours")
    # A clock set far ahead once: the first file looks newest for ever after.
    future = time.time() + 10 * 365 * 86400
    kept = []
    for seed in range(5):
        game, _ = play("classic-five", 100 + seed, 10_000)
        storage.autosave.finish_game(record_of(game, "classic-five"))
        newest = storage.archive.finished_games()[0]
        kept.append(newest)
        if seed == 0:
            os.utime(newest, (future, future))
    listed = storage.archive.finished_games()
    assert listed == kept[::-1][:3], "the newest three by the game's own numbering, whatever the clock said"
    assert stranger.exists()
    # games/ as a symlink to a folder of other files: nothing there is ever deleted.
    linked = Storage(tmp_path / "linked")
    linked.root.mkdir()
    linked.games_dir.symlink_to(elsewhere, target_is_directory=True)
    for seed in range(5):
        game, _ = play("classic-five", 200 + seed, 10_000)
        linked.autosave.finish_game(record_of(game, "classic-five"))
    assert all(path.exists() for path in foreign)
