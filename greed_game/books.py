"""The presets' win books shipped under ``assets/win`` (one ``<rules id>.book`` each).

The computer players open no file: the program's solutions service
(:mod:`greed_game.solutions`) reads a book here once and hands it to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greed_game.resources import asset_path

if TYPE_CHECKING:
    from greed_game.ai.winbook import WinBook
    from greed_game.rules import RuleSet

MAX_BOOK_BYTES = 64 * 1024 * 1024
"""A book larger than this is not one the game shipped."""


def shipped_book(rules: RuleSet) -> WinBook | None:
    """The book shipped for exactly these rules (a preset at its own target), or None; read anew each call."""
    from greed_game.ai.winbook import WinBook

    try:
        path = asset_path("win", f"{rules.id}.book")
        if not path.is_file() or path.stat().st_size > MAX_BOOK_BYTES:
            return None
        # The book checks the rules' content key itself: the same id with other rules is not this book.
        return WinBook.from_bytes(rules, path.read_bytes())
    except OSError:
        return None


__all__ = ["MAX_BOOK_BYTES", "shipped_book"]
