"""The presets' win books shipped under ``assets/win`` (one ``<rules id>.book`` each).

The computer players open no file: the program's entry points hand this
lookup to them (:func:`greed_game.ai.sources.use_books`), as they hand the
solver its disk cache.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from greed_game.resources import asset_path

if TYPE_CHECKING:
    from greed_game.ai.winbook import WinBook
    from greed_game.rules import RuleSet

MAX_BOOK_BYTES = 64 * 1024 * 1024
"""A book larger than this is not one the game shipped."""


@cache
def _book(key: str, rules_id: str, rules: RuleSet) -> WinBook | None:
    from greed_game.ai.winbook import WinBook

    del key  # part of the cache key only: the same id with other rules is another book
    try:
        path = asset_path("win", f"{rules_id}.book")
        if not path.is_file() or path.stat().st_size > MAX_BOOK_BYTES:
            return None
        return WinBook.from_bytes(rules, path.read_bytes())
    except OSError:
        return None


def shipped_book(rules: RuleSet) -> WinBook | None:
    """The book shipped for exactly these rules (a preset at its own target), or None."""
    return _book(rules.content_key(), rules.id, rules)


def use_shipped_books() -> None:
    """Let the optimal level read the shipped books (called by the program's entry points)."""
    from greed_game.ai.sources import use_books

    use_books(shipped_book)


__all__ = ["MAX_BOOK_BYTES", "shipped_book", "use_shipped_books"]
