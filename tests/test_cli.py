"""The command line: score, replay and rules; JSON on stdout, one-line errors with exit status 2."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from greed_game.cli import main
from greed_game.presets import preset, replay
from greed_game.rules import PRESET_IDS, RecordError, parse_rules, read_record
from greed_game.rules.record import summary

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1
    return json.loads(out)


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2
    assert out == ""
    assert err.startswith("greed-game: ")
    assert err.endswith("\n") and err.count("\n") == 1, err
    for word in words:
        assert word in err


# --- score ------------------------------------------------------------------------------------


def test_score_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "--rules", "official", "2", "2", "2", "5", "6")
    assert data == {
        "rules": "official",
        "dice": [2, 2, 2, 5, 6],
        "bust": False,
        "best": 250,
        "options": [
            {"keep": [2, 2, 2, 5], "points": 250},
            {"keep": [2, 2, 2], "points": 200},
            {"keep": [5], "points": 50},
        ],
    }
    assert list(data) == ["rules", "dice", "bust", "best", "options"]


def test_score_bust(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "--rules", "dollar-greed", "2", "2", "3")
    assert data == {"rules": "dollar-greed", "dice": [2, 2, 3], "bust": True, "best": 0, "options": []}


def test_score_defaults_to_pass_the_dice_and_keeps_the_dice_order(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "5", "4", "3", "2", "1", "2")
    assert data["rules"] == "pass-the-dice"
    assert data["dice"] == [5, 4, 3, 2, 1, 2]
    assert data["best"] == 1000
    assert data["options"][0] == {"keep": [1, 2, 3, 4, 5], "points": 1000}
    keeps = [tuple(o["keep"]) for o in data["options"]]
    assert len(keeps) == len(set(keeps))
    assert all(set(o) == {"keep", "points"} for o in data["options"])


def test_score_accepts_commas(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "--rules", "classic-five", "1,1,1,3,1")
    assert data["dice"] == [1, 1, 1, 3, 1]
    assert data["best"] == 1100


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_score_every_preset(capsys: pytest.CaptureFixture[str], rules_id: str) -> None:
    dice = ["1", "5", "5", "2", "2", "2"][: preset(rules_id).dice]
    data = run_json(capsys, "score", "--rules", rules_id, *dice)
    assert data["rules"] == rules_id
    assert data["best"] == data["options"][0]["points"] > 0


def test_score_with_a_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = preset("classic-five").to_dict()
    text = (ROOT / "assets" / "rules" / "classic-five.toml").read_text(encoding="utf-8")
    path = tmp_path / "house.toml"
    path.write_text(text.replace("5 = 50 }", "5 = 75 }"), encoding="utf-8")
    data = run_json(capsys, "score", "--rules", str(path), "5", "2", "3")
    assert data["best"] == 75
    assert table["scoring"]["singles"]["5"] == 50


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["score", "1", "7"], ["'7'", "1 to 6"]),
        (["score", "1", "0"], ["'0'"]),
        (["score", "x"], ["'x'"]),
        (["score"], ["give the dice"]),
        (["score", "--rules", "classic-five", "1", "1", "1", "1", "1", "1"], ["5 dice", "6 were given"]),
        (["score", "--rules", "yahtzee", "1"], ["no preset called 'yahtzee'"]),
        (["score", "--rules", "missing.toml", "1"], ["rules file not found: missing.toml"]),
    ],
)
def test_score_errors(capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]) -> None:
    assert_one_line_error(*run(capsys, *argv), *words)


def test_score_bad_rules_file_names_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "assets" / "rules" / "official.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.replace('hot_dice = "optional"', 'hot_dice = "always"'), encoding="utf-8")
    assert_one_line_error(*run(capsys, "score", "--rules", str(path), "1"), "'hot_dice'", str(path))


def test_score_batch(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("2 2 2 5 6\n\n1 2 3 4 1\n6,6,6,6,6\n"))
    code, out, err = run(capsys, "score", "--rules", "official", "--batch")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [d["dice"] for d in lines] == [[2, 2, 2, 5, 6], [1, 2, 3, 4, 1], [6, 6, 6, 6, 6]]
    assert [d["best"] for d in lines] == [250, 850, 2400]
    assert all(list(d) == ["rules", "dice", "bust", "best", "options"] for d in lines)


def test_score_batch_error_names_the_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 5\n1 9\n"))
    code, out, err = run(capsys, "score", "--batch")
    assert code == 2
    assert json.loads(out.splitlines()[0])["best"] == 150
    assert err.startswith("greed-game: line 2: ") and err.count("\n") == 1


# --- replay -------------------------------------------------------------------------------------


def test_replay_source_example(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "replay", str(RECORDS / "source-000-example.json"))
    assert data["finished"] is True
    assert data["scores"] == [1850, 2850]
    assert data["winners"] == [1]
    assert data["rules"] == "pass-the-dice"
    assert data["phase"] == "over"
    assert data["events"] == 24


def test_replay_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = (RECORDS / "official-score-to-beat.json").read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    data = run_json(capsys, "replay", "-")
    assert (data["scores"], data["winners"]) == ([1000, 1050, 1050], [1])


@pytest.mark.parametrize(
    ("name", "index", "rule"),
    [
        ("pass-the-dice-entry-missed.json", 4, "entry-minimum"),
        ("official-carryover-keep-needs-1-or-5.json", 5, "carryover-keep"),
        ("dollar-greed-must-top-tie.json", 3, "must-top"),
        ("illegal-keep-free-die.json", 1, "free-die"),
    ],
)
def test_replay_illegal_event(capsys: pytest.CaptureFixture[str], name: str, index: int, rule: str) -> None:
    path = str(RECORDS / name)
    code, out, err = run(capsys, "replay", path)
    assert_one_line_error(code, out, err, f"{path}: event {index} ", f"[{rule}]")


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.name)
def test_replay_every_record_as_the_core_does(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = run(capsys, "replay", str(path))
    try:
        game = replay(read_record(path.read_text(encoding="utf-8")))
    except RecordError as exc:
        assert exc.index is not None and exc.rule
        assert (code, out, err) == (2, "", f"greed-game: {path}: {exc}\n")
    else:
        assert (code, err) == (0, "")
        assert json.loads(out) == summary(game)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", ["not valid JSON"]),
        ('{"format": "greed-record/9", "rules": "official", "players": [{"name": "A"}]}', ["newer"]),
        ('{"format": "greed-record/1", "rules": "nope", "players": [{"name": "A"}]}', ["'nope'"]),
    ],
)
def test_replay_bad_record(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, words: list[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert_one_line_error(*run(capsys, "replay", str(path)), str(path), *words)


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "none.json")
    assert_one_line_error(*run(capsys, "replay", path), path, "no such file")


# --- rules --------------------------------------------------------------------------------------


def test_rules_lists_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules")
    assert [r["id"] for r in data] == list(PRESET_IDS)
    for entry in data:
        assert set(entry) == {"id", "name", "dice", "target", "description"}
        rules = preset(entry["id"])
        assert (entry["dice"], entry["target"], entry["name"]) == (rules.dice, rules.target, rules.name)


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_rules_id_prints_the_rules_text(capsys: pytest.CaptureFixture[str], rules_id: str) -> None:
    code, out, err = run(capsys, "rules", rules_id)
    assert (code, err) == (0, "")
    assert out.startswith(f"{preset(rules_id).name} ({rules_id})\n")
    assert "SCORING" in out and "END OF THE GAME" in out
    assert f"{preset(rules_id).target:,}" in out


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_rules_id_json_reads_back(capsys: pytest.CaptureFixture[str], rules_id: str) -> None:
    data = run_json(capsys, "rules", rules_id, "--json")
    assert parse_rules(data) == preset(rules_id)


def test_rules_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_error(*run(capsys, "rules", "zilch"), "no preset called 'zilch'")


def test_rules_newer_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "assets" / "rules" / "classic-five.toml").read_text(encoding="utf-8")
    path = tmp_path / "future.toml"
    path.write_text(text.replace("format = 1", "format = 2\nthree_busts = 500"), encoding="utf-8")
    assert_one_line_error(*run(capsys, "rules", str(path)), "'format'", "newer")


# --- as a program ----------------------------------------------------------------------------------


def _program(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "greed_game", *argv],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_program_score_and_replay() -> None:
    result = _program("score", "--rules", "dollar-greed", "6", "5", "4", "1", "1", "2")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout)["best"] == 250
    result = _program("score", "--batch", "--rules", "classic-five", stdin="1 1 1 1 1\n2 3 4\n")
    assert [json.loads(line)["best"] for line in result.stdout.splitlines()] == [1200, 0]
    result = _program("replay", str(RECORDS / "source-000-example.json"))
    assert result.returncode == 0
    assert json.loads(result.stdout)["winners"] == [1]


def test_program_replay_illegal_exits_2_with_one_line() -> None:
    path = str(RECORDS / "official-carried-points-do-not-count.json")
    result = _program("replay", path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"greed-game: {path}: event 6 ")
    assert "[entry-minimum]" in result.stderr


def test_command_line_papercuts(capsys: pytest.CaptureFixture[str]) -> None:
    # simulate needs someone to beat
    assert_one_line_error(*run(capsys, "simulate", "--rules", "official", "--players", "expert"), "2 to 8")
    # score says which preset it used, and --help shows every default there is (not "None" for a required
    # option or one whose absence means the rules' own, nor "False" for a switch)
    code, out, _ = run(capsys, "score", "1", "5")
    assert code == 0 and json.loads(out)["rules"] == "pass-the-dice"
    from greed_game.cli_args import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        text = command.format_help()
        for action in command._actions:
            flat = " ".join(text.split())
            if action.default not in (None, False, argparse.SUPPRESS) and action.help and action.dest != "help":
                assert f"(default: {action.default})" in flat, (name, action.dest)
        assert "(default: None)" not in flat and "(default: False)" not in flat, name


# --- solve --win -------------------------------------------------------------------------------


def test_solve_win_prints_the_first_players_chance(capsys: pytest.CaptureFixture[str]) -> None:
    from greed_game.ai.win import solve_win

    data = run_json(capsys, "solve", "--rules", "classic-five", "--win", "--target", "400")
    assert list(data) == ["rules", "target", "first_player_win", "states", "seconds", "shipped"]
    assert data["rules"] == "classic-five" and data["target"] == 400 and data["shipped"] is False
    exact = solve_win(preset("classic-five").with_overrides({"target": 400})).first_player_win
    assert data["first_player_win"] == pytest.approx(exact, abs=1e-12)
    assert 0.5 < data["first_player_win"] < 1 and data["states"] > 400 // 50 * 400 // 50


def test_solve_win_refuses_what_it_cannot_solve_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A single worth nothing could be kept for ever: the win solver says so rather than run on.
    path = tmp_path / "zero.toml"
    path.write_text(
        'format = 1\nid = "zero"\nname = "Zero"\ndice = 5\ntarget = 1000\n[scoring]\nsingles = { 1 = 100, 5 = 0 }\n',
        encoding="utf-8",
    )
    assert_one_line_error(*run(capsys, "solve", "--rules", str(path), "--win"), "no points")
    assert_one_line_error(*run(capsys, "solve", "--rules", "classic-five", "--win", "--target", "0"), "target")
    # A target whose tables would not fit in memory is refused before any work.
    too_far = run(capsys, "solve", "--rules", "pass-the-dice", "--win", "--target", "20000")
    assert_one_line_error(*too_far, "400 steps")


def test_simulate_accepts_optimal(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "simulate", "--rules", "classic-five", "--target", "400", "--players", "optimal,bold", "--games", "200"
    )
    assert set(data["levels"]) == {"optimal", "bold"}
    assert data["levels"]["optimal"]["win_rate"] > data["levels"]["bold"]["win_rate"]


def test_advise_with_optimal_gives_each_choice_its_chance_to_win(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A banks 1,000 of a 500 target with three dice unthrown; B's final turn opens with the offer.
    record = {
        "format": "greed-record/1",
        "rules": "pass-the-dice",
        "overrides": {"target": 500},
        "players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
        "events": [{"first_player": 0}, {"roll": [1, 1, 1, 3, 2, 4]}, {"keep": [1, 1, 1]}, {"bank": True}],
    }
    path = tmp_path / "final.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    data = run_json(capsys, "advise", str(path), "--level", "optimal")
    assert data["level"] == "optimal"
    take, decline = data["choices"]
    assert take["choice"].startswith("take") and decline["choice"].startswith("decline")
    # Taking wins exactly when the three dice do not bust: any keep puts B past 1,000.
    assert take["value"] == pytest.approx(1 - take["bust_probability"], abs=1e-4)
    assert 0 < decline["value"] < take["value"]


@pytest.mark.long  # solves pass-the-dice to 1,000 exactly
def test_review_lists_each_players_costly_decisions_against_the_exact_chance_to_win(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A keeps one 1 of 1 1 1 3 2 4 and throws on (three 1s were there to keep). A then banks 1,100 of a 1,000
    # target with two dice left; B, in the final turn, declines them (with them any scoring die wins; a fresh
    # start must make 1,150).
    record = {
        "format": "greed-record/1",
        "rules": "pass-the-dice",
        "overrides": {"target": 1000},
        "players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
        "events": [{"first_player": 0}, {"roll": [1, 1, 1, 3, 2, 4]}, {"keep": [1]},
                   {"roll": [1, 1, 1, 2, 3]}, {"keep": [1, 1, 1]}, {"bank": True}, {"carryover": False}],
    }
    path = tmp_path / "blunders.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    data = run_json(capsys, "review", str(path))
    a, b = data["players"]
    assert (a["name"], b["name"]) == ("A", "B")
    assert a["decisions"] == 2 and b["decisions"] == 1
    assert a["accuracy"] == 0.0 and b["accuracy"] == 0.0
    assert [w["lost"] for w in a["worst"]] == sorted((w["lost"] for w in a["worst"]), reverse=True)
    by_event = {w["event"]: w for w in a["worst"]}
    assert by_event[2]["chosen"] == "keep the 1 and throw 5 dice" and by_event[2]["best"].startswith("keep three 1s")
    # banking 1,100 hands B two dice that win unless they bust: throwing them on was better
    assert by_event[4]["chosen"] == "keep three 1s and bank 1,100"
    assert by_event[4]["best"] == "keep three 1s and throw 2 dice"
    assert all(0.01 < w["lost"] <= 1 for w in a["worst"])
    (declined,) = b["worst"]
    assert declined["event"] == 6 and declined["chosen"].startswith("decline") and declined["best"].startswith("take")


def test_review_refuses_what_it_cannot_judge_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {
        "format": "greed-record/1",
        "rules": "classic-five",
        "players": [{"name": n, "kind": "human"} for n in ("A", "B", "C")],
        "events": [],
    }
    path = tmp_path / "three.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert_one_line_error(*run(capsys, "review", str(path)), "two-player")
    assert_one_line_error(*run(capsys, "review", str(tmp_path / "missing.json")), "no such file")


def test_score_batch_refuses_an_endless_line_in_one_line() -> None:
    """``score --batch < /dev/zero`` once gathered gigabytes looking for the end of a line."""
    with subprocess.Popen(
        [sys.executable, "-m", "greed_game", "score", "--batch"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) as proc:
        assert proc.stdin is not None
        try:
            proc.stdin.write("1 5 2\n" + "\0" * 3_000_000)
            proc.stdin.close()
        except BrokenPipeError:
            pass  # it stopped reading at the first over-long line, as it should
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2
    assert json.loads(out.splitlines()[0])["best"] == 150, "the throws before it are answered"
    assert err.strip().splitlines() == ["greed-game: line 2: longer than any throw (at most 1,000 characters a line)"]


@pytest.mark.parametrize("option", ["--games", "--seed", "--target"])
@pytest.mark.parametrize("value", ["1e3", "nan", "0x10", "9" * 5000, " 12", "１２"])
def test_a_bad_number_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], option: str, value: str) -> None:
    argv = ["simulate", "--rules", "classic-five", "--players", "expert,bold", option, value]
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.strip().splitlines()) == 1 and len(err) < 200, err
    assert err.startswith("greed-game: simulate: argument ") and "whole number" in err


@pytest.mark.parametrize(
    "argv",
    [["simulate", "--rules", "classic-five", "--players", "expert,bold", "--games", "100000000"],
     ["simulate", "--rules", "classic-five", "--players", "expert,bold", "--games", str(10**26)],
     ["simulate", "--rules", "classic-five"], ["no-such-command"], ["solve"], ["--no-such-flag"]],
)
def test_every_command_line_error_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith("greed-game: ")


def test_solve_win_at_a_shipped_target_reads_the_shipped_table(capsys: pytest.CaptureFixture[str]) -> None:
    from greed_game.books import shipped_book

    data = run_json(capsys, "solve", "--rules", "official", "--win")
    book = shipped_book(preset("official"))
    assert book is not None
    assert data["shipped"] is True and data["states"] is None and data["target"] == 10_000
    assert data["first_player_win"] == round(book.start(0, 0), 12)


def test_simulate_says_how_far_it_is_on_a_log_too() -> None:
    import io

    from greed_game.ai.simulate import progress_bar

    log = io.StringIO()
    show = progress_bar(log, every=0.0)
    for done in range(1, 5):
        show(done, 4)
    lines = log.getvalue().splitlines()
    assert lines == [f"greed-game: {n} of 4 games played ({n * 25}%)" for n in (1, 2, 3)]


def test_screenshots_into_something_that_is_no_folder_is_refused_before_the_window(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file.png"
    not_a_folder.write_bytes(b"x")
    out = _program("--smoke", "--screenshots", str(not_a_folder))
    assert out.returncode == 2 and out.stderr.strip().splitlines() == [
        f"greed-game: --screenshots: {not_a_folder} is not a folder"
    ]
    assert not_a_folder.read_bytes() == b"x"
