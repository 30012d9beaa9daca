"""Refuse a release tag that is not the package's version, and an executable that says another one.

The version is written once, in ``greed_game/__init__.py``; ``pyproject.toml``
(through hatch), ``--version``, ``build.spec`` and the macOS bundle read it
from there. A tag ``v1.2.3`` publishes executables only when that file says
``1.2.3``.

Usage: python packaging/check_version.py TAG [EXECUTABLE]
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_version() -> str:
    """The version ``greed_game/__init__.py`` declares."""
    text = (ROOT / "greed_game" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("greed_game/__init__.py declares no __version__")
    return found.group(1)


def problems(tag: str, executable: Path | None) -> list[str]:
    """What is wrong with releasing ``tag`` (and ``executable``), in sentences; empty when all agree."""
    version = package_version()
    found = []
    if tag != f"v{version}":
        found.append(f"the tag {tag!r} is not the package's version v{version} (greed_game/__init__.py)")
    if executable is not None:
        out = subprocess.run([str(executable), "--version"], capture_output=True, text=True, timeout=120, check=False)
        said = (out.stdout + out.stderr).strip()
        if said != f"greed-game {version}":
            found.append(f"{executable} --version says {said!r}, not 'greed-game {version}'")
    return found


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python packaging/check_version.py TAG [EXECUTABLE]")
    executable = Path(sys.argv[2]) if len(sys.argv) == 3 else None
    found = problems(sys.argv[1], executable)
    if found:
        sys.exit("release refused: " + "; ".join(found))
    print(f"{sys.argv[1]}: the package{' and the executable' if executable else ''} agree")


if __name__ == "__main__":
    main()
