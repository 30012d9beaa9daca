"""Start-up failures a person understands: no display, no sound device, a data folder that cannot be written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from greed_game.app.main import App, display_problem
from greed_game.storage import Settings, Storage

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    drop = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"}
    return {k: v for k, v in os.environ.items() if k not in drop} | extra


def test_without_a_display_the_game_says_so_and_exits_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "greed_game"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env=_env(GREED_DATA_DIR=str(tmp_path)), check=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display was found" in lines[0], result.stderr
    assert result.stdout == ""


def test_an_unusable_video_driver_is_one_line_and_status_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "greed_game"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env=_env(SDL_VIDEODRIVER="no-such-driver", GREED_DATA_DIR=str(tmp_path)),
                            check=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be opened" in lines[0], result.stderr


@pytest.mark.parametrize(
    ("environ", "platform", "expected"),
    [
        ({}, "linux", "no display"),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({"SDL_VIDEODRIVER": "dummy"}, "linux", None),
        ({}, "darwin", None),
        ({}, "win32", None),
    ],
)
def test_display_problem(environ: dict[str, str], platform: str, expected: str | None) -> None:
    problem = display_problem(environ, platform)
    assert (problem is None) if expected is None else (problem is not None and expected in problem)


def test_without_a_sound_device_nothing_reaches_the_terminal(tmp_path: Path) -> None:
    # No audio driver named: SDL tries the real ones, which find no sound card here (or a real one elsewhere).
    env = _env(SDL_VIDEODRIVER="dummy", GREED_DATA_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "greed_game", "--smoke"], cwd=ROOT, capture_output=True,
                            text=True, timeout=240, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "ALSA" not in result.stderr and result.stderr.strip() == "", result.stderr


def test_an_unwritable_data_folder_is_said_once_in_the_window(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    storage = Storage(tmp_path / "a-file" / "data")
    app = App(storage=storage, settings=Settings(animation_speed="instant"), size=(1280, 720), clock="virtual",
              seed=1)
    try:
        app.show_menu()
        app.frame()
        texts = [t.text for t in app.toasts]
        assert len(texts) == 1 and "cannot be written" in texts[0] and "nothing will be saved" in texts[0]
        assert not storage.save_settings(Settings())
        app.frame()
        assert [t.text for t in app.toasts] == texts  # no second message for each file
    finally:
        app.close()
