"""The tree is ruff clean and the pure core is mypy --strict clean."""

from __future__ import annotations

import ast
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
        "assert 'pygame' not in sys.modules and 'moderngl' not in sys.modules, 'core imported a display library'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


MAX_METHODS = 25
MAX_LINES = 60
LONG_ON_PURPOSE = "on purpose"
"""A function may run longer than MAX_LINES when a comment in it, or just above it, says why it is so."""


def _sizes(tree: ast.Module, source: str) -> list[str]:
    """Classes over MAX_METHODS methods (properties count) and functions over MAX_LINES lines without a reason."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods = [m for m in node.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)]
            if len(methods) > MAX_METHODS:
                found.append(f"class {node.name} (line {node.lineno}) has {len(methods)} methods")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            said = lines[max(0, node.lineno - 5) : node.end_lineno]
            if length > MAX_LINES and not any("#" in line and LONG_ON_PURPOSE in line for line in said):
                found.append(f"function {node.name} (line {node.lineno}) has {length} lines")
    return found


def test_no_class_or_function_grows_past_a_readable_size() -> None:
    wrong = []
    for path in sorted((ROOT / "greed_game").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        wrong += [f"{path.relative_to(ROOT)}: {w}" for w in _sizes(ast.parse(source), source)]
    assert not wrong, "\n".join(wrong)


def test_the_size_check_finds_a_big_class_and_a_long_function() -> None:
    methods = "".join(f"    def m{i}(self): ...\n" for i in range(MAX_METHODS + 1))
    long_body = "".join("    x = 1\n" for _ in range(MAX_LINES))
    reasoned = f"def g():\n    # Long {LONG_ON_PURPOSE}: a table written out.\n{long_body}"
    source = f"class Big:\n{methods}\ndef f():\n{long_body}\n{reasoned}"
    found = _sizes(ast.parse(source), source)
    line = MAX_METHODS + 4  # the class line, its methods, a blank line
    assert found == [f"class Big (line 1) has {MAX_METHODS + 1} methods",
                     f"function f (line {line}) has {MAX_LINES + 1} lines"]
