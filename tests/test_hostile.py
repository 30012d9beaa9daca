"""The hostile corpus (``tests/hostile/``) through every entry point: exit 0 or 2, one clean line, nothing lost.

Command lines run in a child process with a memory cap and a time limit;
the window's loaders (Continue, Replays, the rules folder) run under the dummy
video driver, also in a child with the same bounds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile.place import CACHES, STANDING, damaged

from greed_game.presets import preset, presets

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "hostile"
RULES = sorted((CORPUS / "rules").iterdir())
RECORDS = sorted((CORPUS / "records").iterdir())
PRESET_NAMES = [r.name for r in presets()]
RAW = ("\x1b", "\x07", "\x00", "\u202e", "\u202d", "\u2066")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="memory caps use setrlimit")


def _env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "GREED_CACHE_DIR": str(tmp / "cache"), "GREED_DATA_DIR": str(tmp / "data"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "utf-8"}


def _run_cli(cases: list[list[str]], tmp: Path, timeout: float) -> list[dict[str, object]]:
    proc = subprocess.run([sys.executable, str(CORPUS / "cli_child.py")], input=json.dumps(cases), cwd=ROOT,
                          env=_env(tmp), capture_output=True, text=True, timeout=timeout, check=False)
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith('{"done"')]
    started = [json.loads(line)["start"] for line in proc.stdout.splitlines() if line.startswith('{"start"')]
    assert len(results) == len(cases), f"stopped at {started[-1] if started else None}: {proc.stderr[-800:]}"
    return results


def _check(result: dict[str, object]) -> None:
    argv, code, out, err = str(result["done"])[:160], result["code"], str(result["out"]), str(result["err"])
    assert code in (0, 2), f"{argv}: exit {code}: {err}"
    assert "Traceback" not in err, f"{argv}: {err}"
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("greed-game: "), f"{argv}: not one line: {err!r}"
    for text in (out, err):
        assert not any(ch in text for ch in RAW), f"{argv}: raw control characters reach the terminal: {text!r}"


def test_every_command_line_refuses_the_corpus_in_one_line(tmp_path: Path) -> None:
    cases: list[list[str]] = []
    for path in RULES:
        cases += [["rules", str(path)], ["score", "--rules", str(path), "1", "5", "5"],
                  ["solve", "--rules", str(path)],
                  ["simulate", "--rules", str(path), "--players", "expert,master", "--games", "2"]]
    for path in RECORDS:
        cases += [["replay", str(path)], ["advise", str(path)], ["review", str(path)]]
    for dice in json.loads((CORPUS / "score-args.json").read_text(encoding="utf-8")):
        cases.append(["score", "--rules", "classic-five", *dice])
    cases += [["simulate", "--rules", "classic-five", "--players", "expert,expert", "--games", "0"],
              ["score", "--rules", "official", "--batch"], ["rules", "no-such-preset"]]
    failures = []
    for result in _run_cli(cases, tmp_path, timeout=240):
        try:
            _check(result)
        except AssertionError as exc:
            failures.append(str(exc).splitlines()[0])
    assert not failures, "\n".join(failures)


def _good_solution(tmp: Path) -> tuple[str, str]:
    """classic-five's turn tables as the solution cache keeps them, and the name of their file."""
    from greed_game.ai.solver import solve
    from greed_game.storage.solutions import DiskSolutionCache

    folder = tmp / "good-cache"
    solve(preset("classic-five"), cache=DiskSolutionCache(folder))
    (kept,) = folder.glob("solution-*.json")
    return kept.read_text(encoding="utf-8"), kept.name


def _bad_caches(tmp: Path) -> list[tuple[str, dict[str, object]]]:
    """Every damaged solution of the corpus and everything that may stand where one goes: (name, placement)."""
    text, _ = _good_solution(tmp)
    return [*((s["name"], {"text": damaged(text, s)}) for s in CACHES),
            *((s["name"], {"stand": s}) for s in STANDING)]


CACHE_COMMANDS = [["solve", "--rules", "classic-five"],
                  ["simulate", "--rules", "classic-five", "--players", "expert,master", "--games", "2"],
                  ["advise", str(ROOT / "tests" / "records" / "classic-five-entry-met.json")],
                  ["--smoke"]]
"""Every command that reads the turn tables, and the window opened from the command line (``--smoke``)."""


def test_every_command_line_sets_a_bad_solution_cache_aside_with_one_note(tmp_path: Path) -> None:
    _, name = _good_solution(tmp_path)
    cases: list[dict[str, object]] = []
    for label, placement in _bad_caches(tmp_path):
        for i, argv in enumerate(CACHE_COMMANDS):
            folder = tmp_path / f"cache-{label}-{i}"
            cases.append({"argv": argv, "env": {"GREED_CACHE_DIR": str(folder)}, "at": str(folder / name),
                          **placement})
    failures = []
    for result, case in zip(_run_cli(cases, tmp_path, timeout=400), cases, strict=True):
        where = f"{case['at']}: {result['done']}"
        try:
            _check(result)
            assert result["code"] == 0, f"{where}: exit {result['code']}: {result['err']}"
            notes = str(result["err"]).splitlines()
            assert len(notes) == 1 and notes[0].startswith("greed-game: note: ") and "set aside as" in notes[0], (
                f"{where}: not one note: {result['err']!r}")
            assert result["is_file"] and len(result["aside"]) == 1, f"{where}: not solved again and kept: {result}"
            assert result["nothing_lost"], f"{where}: something of someone's was lost"
        except AssertionError as exc:
            failures.append(str(exc).splitlines()[0])
    assert not failures, "\n".join(failures)


def test_the_window_opens_whatever_stands_where_the_autosave_goes(tmp_path: Path) -> None:
    cases: list[dict[str, object]] = []
    for spec in STANDING:
        data = tmp_path / f"data-{spec['name']}"
        cases.append({"argv": [], "env": {"GREED_DATA_DIR": str(data), "GREED_EXIT_AFTER_FIRST_FRAME": "1"},
                      "at": str(data / "autosave.json"), "stand": spec})
    for result, spec in zip(_run_cli(cases, tmp_path, timeout=120), STANDING, strict=True):
        _check(result)
        assert result["code"] == 0 and "first-frame" in str(result["out"]), (spec, result)
        assert result["nothing_lost"], spec


WINDOW_CHILD = r"""
import hashlib, json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from greed_game.app.main import App
from greed_game.app.scenes.setup import SetupScene
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.play.user_rules import user_rules_dir
from greed_game.play.moments import ToggleHint
from greed_game.storage import Settings, Storage

root = Path(sys.argv[1].encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"))
rules, records = [Path(p) for p in json.loads(sys.argv[2])], [Path(p) for p in json.loads(sys.argv[3])]

def digest(data): return hashlib.sha256(data).hexdigest()

def every_file(folder):
    return {digest(p.read_bytes()) for p in folder.rglob("*") if p.is_file()}

def app_on(storage):
    app = App(storage=storage, settings=Settings(animation_speed="instant"), size=(854, 480), clock="virtual", seed=1)
    app.show_menu()
    app.frame()
    return app

# Continue: each record as the autosave. Refused in words, and its bytes kept somewhere in the folder.
for path in records:
    folder = root / ("continue-" + path.stem)
    folder.mkdir(parents=True)
    (folder / "autosave.json").write_bytes(path.read_bytes())
    app = app_on(Storage(folder))
    try:
        resumed = app.continue_game()
        for _ in range(3):
            app.frame()
        kept = digest(path.read_bytes()) in every_file(folder)
        print(json.dumps({"continue": path.name, "resumed": resumed, "kept": kept,
                          "toasts": [t.text for t in app.toasts]}), flush=True)
    finally:
        app.close()

# Replays: every record in the exports folder; the list draws each row, opening each is refused in words.
folder = root / "replays"
storage = Storage(folder)
storage.exports_dir.mkdir(parents=True, exist_ok=True)
for path in records:
    (storage.exports_dir / path.name).write_bytes(path.read_bytes())
app = app_on(storage)
try:
    scene = ReplaysScene(app)
    app.push(scene)
    for path in scene.files:
        summary = scene.summary(path)  # what the path's row in the list shows
        app.frame()
        where = scene.open(path)
        opened = where is not None
        app.go(where)
        print(json.dumps({"replay": path.name, "opened": opened, "error": scene.error,
                          "row": summary.problem}), flush=True)
        if opened:
            app.pop()
        app.frame()
    same = all(digest((storage.exports_dir / p.name).read_bytes()) == digest(p.read_bytes()) for p in records)
    print(json.dumps({"replays-unchanged": same}), flush=True)
finally:
    app.close()

# The rules folder: every rules file listed on the new-game screen, each chosen in turn and drawn.
folder = root / "rules-folder"
storage = Storage(folder)
user_rules_dir(storage).mkdir(parents=True)
for path in rules:
    (user_rules_dir(storage) / path.name).write_bytes(path.read_bytes())
app = app_on(storage)
try:
    app.go(app.stack.top.open_setup())
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    for i in range(len(scene.choices)):
        scene.set_preset(i)
        app.frame()
        print(json.dumps({"rules": scene.choice.label, "usable": scene.choice.usable,
                          "problem": scene.choice.problem}), flush=True)
    same = all(digest((user_rules_dir(storage) / p.name).read_bytes()) == digest(p.read_bytes()) for p in rules)
    print(json.dumps({"rules-unchanged": same}), flush=True)
    # The one usable file (scores too fine for the solver): a game with a master seat starts and plays.
    scene.set_preset(next(i for i, c in enumerate(scene.choices) if c.usable and not c.is_preset))
    scene.seats.set_kind(1, "master")
    app.go(scene.start())
    table = app.stack.top
    table.send(ToggleHint())
    for _ in range(600):
        app.frame()
        if table.prep.done and table.turn.throws:
            break
    print(json.dumps({"started": True, "levels": [s.level for s in table.prep.strategies.values()],
                      "hint": " ".join(line.text for line in table.turn.advisor.lines)}), flush=True)
finally:
    app.close()

# What stands where the autosave goes: Continue says what it found, a new game is saved in its place at once, a
# kill right after leaves a game to continue (the folder read as the next window would), and nothing is lost.
sys.path.insert(0, sys.argv[5])
from place import CACHES, STANDING, damaged, nothing_lost, stand
from greed_game.play.setup import GameSetup
from greed_game.rules import Player
from greed_game.solutions import Solutions
from greed_game.storage.solutions import DiskSolutionCache

SEATS = [Player("Ada", "human"), Player("Bo", "expert")]
for spec in STANDING:
    folder = root / ("autosave-" + spec["name"])
    path = folder / "autosave.json"
    stand(path, spec)
    app = app_on(Storage(folder))
    try:
        app.continue_game()
        app.start_game(GameSetup("classic-five", SEATS))
        for _ in range(5):
            app.frame()
        app.autosaver.flush()
        app.frame()
        saved = path.is_file() and not path.is_symlink()
        after_kill = Storage(folder).autosave.resume_game() is not None
        said = [t.text for t in app.toasts if "no unfinished game" not in t.text]
    finally:
        app.close()
    app = app_on(Storage(folder))
    try:
        resumed = app.continue_game()
    finally:
        app.close()
    print(json.dumps({"autosave": spec["name"], "saved": saved, "after_kill": after_kill, "resumed": resumed,
                      "said": said, "nothing_lost": nothing_lost(path, spec)}), flush=True)

# A damaged solution in the cache, or something standing in its place: a game with a computer seat starts, the
# rules are solved again and kept, and the player is told once.
good = Path(sys.argv[4])
cases = [*((s["name"], {"text": damaged(good.read_text(encoding="utf-8"), s)}) for s in CACHES),
         *((s["name"], {"stand": s}) for s in STANDING)]
for label, placement in cases:
    cache = root / ("cache-" + label)
    at = cache / good.name
    if "text" in placement:
        cache.mkdir(parents=True)
        at.write_text(placement["text"], encoding="utf-8")
    else:
        stand(at, placement["stand"])
    app = App(storage=Storage(root / ("data-cache-" + label)), settings=Settings(animation_speed="instant"),
              size=(854, 480), clock="virtual", seed=1, solutions=Solutions(cache=DiskSolutionCache(cache)))
    try:
        app.show_menu()
        app.frame()
        app.start_game(GameSetup("classic-five", SEATS))
        for _ in range(10):
            app.frame()
        table = app.stack.top
        notes = [t.text for t in app.toasts if "in the cache" in t.text]
        print(json.dumps({"cache": label, "notes": notes, "solved": table.prep.advice,
                          "kept": at.is_file() and not at.is_symlink(),
                          "nothing_lost": nothing_lost(at, placement["stand"]) if "stand" in placement else True}),
              flush=True)
    finally:
        app.close()
print(json.dumps({"end": True}), flush=True)
"""


def test_the_windows_loaders_refuse_the_corpus_and_lose_nothing(tmp_path: Path) -> None:
    # A data folder whose path is not valid UTF-8 once crashed the drawing of the new-game screen.
    root = os.fsdecode(os.fsencode(str(tmp_path)) + b"/data-\xff")
    text, name = _good_solution(tmp_path)
    good = tmp_path / "good" / name
    good.parent.mkdir()
    good.write_text(text, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-c", WINDOW_CHILD, root.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"),
         json.dumps([str(p) for p in RULES]), json.dumps([str(p) for p in RECORDS]), str(good), str(CORPUS)],
        cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=240, check=False,
        errors="surrogateescape",
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines and lines[-1] == {"end": True}, f"the child stopped after {lines[-1:]}: {proc.stderr[-1500:]}"
    for line in lines:
        if "continue" in line:
            assert line["resumed"] is False and line["kept"], line
            assert line["toasts"], f"{line['continue']}: refused without a word"
        if "replay" in line:
            assert line["opened"] is False and line["error"] and line["row"], line
        if "rules" in line:
            assert line["usable"] is False or line["problem"] is None, line
    assert {"replays-unchanged": True} in lines and {"rules-unchanged": True} in lines
    listed = [line for line in lines if "rules" in line]
    usable = [line["rules"] for line in listed if line["usable"]]
    # Valid rules whose scores are too fine to solve: people can play them; the computer seats fall back.
    assert usable == [*PRESET_NAMES, "Classic Five"], usable
    started = next(line for line in lines if "started" in line)
    assert started["levels"] == ["cautious"] and "turn totals" in started["hint"], started
    autosaves = [line for line in lines if "autosave" in line]
    assert [line["autosave"] for line in autosaves] == [s["name"] for s in STANDING]
    for line in autosaves:
        assert line["saved"] and line["after_kill"] and line["resumed"] and line["nothing_lost"], line
        assert line["said"], f"{line['autosave']}: set aside without a word"
    caches = [line for line in lines if "cache" in line]
    assert [line["cache"] for line in caches] == [s["name"] for s in (*CACHES, *STANDING)]
    for line in caches:
        assert line["solved"] and line["kept"] and line["nothing_lost"], line
        assert len(line["notes"]) == 1 and "set aside as" in line["notes"][0], line
