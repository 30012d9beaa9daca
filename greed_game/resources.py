"""Where the game's read-only assets live, wherever it runs from.

The same lookup serves a checkout (``assets/`` beside the package), an
installed wheel (``greed_game/assets``) and a frozen bundle (``sys._MEIPASS``).
Nothing is ever resolved against the current working directory.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def assets_root() -> Path:
    """The folder that holds ``rules/``, ``fonts/``, ``sounds/`` and ``images/``."""
    package = Path(__file__).resolve().parent
    candidates = [package / "assets", package.parent / "assets"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        candidates.insert(0, Path(bundle) / "assets")
    for candidate in candidates:
        if (candidate / "rules").is_dir():
            return candidate
    raise FileNotFoundError("the game's assets folder is missing; reinstall the game")


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("rules", "official.toml")``."""
    return assets_root().joinpath(*parts)
