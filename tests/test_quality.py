"""The tree is ruff clean and the pure core is mypy --strict clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_clean() -> None:
    if shutil.which("ruff") is None and _run("ruff", "--version").returncode != 0:
        pytest.fail("ruff is not installed; install the test extra: pip install -e '.[test]'")
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_is_mypy_strict_clean() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_does_not_import_pygame() -> None:
    code = (
        "import sys, greed_game.rules, greed_game.rules.record, greed_game.narrator;"
        "assert 'pygame' not in sys.modules and 'pymunk' not in sys.modules, 'core imported a display library'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
