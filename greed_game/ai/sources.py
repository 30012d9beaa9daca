"""Where the optimal level's win tables come from besides a solve: handed in, never opened here.

The program's entry points call :func:`use_books` with the lookup of the
books shipped with the game (:mod:`greed_game.books`); without one, every
rule set is solved (which needs numpy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greed_game.rules import RuleSet

BookSource = Callable[["RuleSet"], Any]
"""Rules to their win book, or None."""

_SOURCES: list[BookSource] = []


def use_books(source: BookSource | None) -> None:
    """Look win books up with ``source`` from now on (None: no books)."""
    _SOURCES[:] = [source] if source is not None else []


def book_for(rules: RuleSet) -> Any:
    """The win book handed in for ``rules``, or None."""
    return _SOURCES[0](rules) if _SOURCES else None


__all__ = ["BookSource", "book_for", "use_books"]
