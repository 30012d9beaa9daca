"""Players' names as the game keeps them: what makes a name, and a name made valid.

A leaf beside :mod:`greed_game.said`: the settings read names through it when the window starts, without the
statistics and the rules they replay.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 100
"""The longest player name kept (longer names are cut)."""


def _bad_char(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs")


def valid_name(name: object) -> bool:
    """Whether ``name`` can be a player's name: 1 to 100 characters, not all spaces, no control characters."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= NAME_LIMIT
        and name.strip() != ""
        and not any(_bad_char(ch) for ch in name)
    )


def clean_name(name: str, fallback: str) -> str:
    """``name`` made valid (control characters dropped, cut to 100 characters); ``fallback`` if nothing is left."""
    if valid_name(name):
        return name
    cleaned = "".join(ch for ch in name if not _bad_char(ch)).strip()[:NAME_LIMIT].strip()
    return cleaned or fallback


__all__ = ["NAME_LIMIT", "clean_name", "valid_name"]
