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

from greed_game.presets import presets

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


WINDOW_CHILD = r"""
import hashlib, json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from greed_game.app.main import App
from greed_game.app.scenes.menu import SetupScene
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
print(json.dumps({"end": True}), flush=True)
"""


def test_the_windows_loaders_refuse_the_corpus_and_lose_nothing(tmp_path: Path) -> None:
    # A data folder whose path is not valid UTF-8 once crashed the drawing of the new-game screen.
    root = os.fsdecode(os.fsencode(str(tmp_path)) + b"/data-\xff")
    proc = subprocess.run(
        [sys.executable, "-c", WINDOW_CHILD, root.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"),
         json.dumps([str(p) for p in RULES]), json.dumps([str(p) for p in RECORDS])],
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
