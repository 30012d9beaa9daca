"""The solutions service: every solved table the program reads, found in one place and kept for its run.

Order: a book shipped with the game, then the disk cache, then a solve now.
One service is built where the program starts (the window's ``run``, the
command line's ``main``) and handed on to what builds players, hints and
reviews; the computer players ask it through :class:`greed_game.ai.sources.Tables`.
A background process gets an equivalent service: pickling one keeps where it
looks (the cache folder, the shipped books), not the tables it has found.

Nothing here is imported at start-up that would bring the solver with it:
building the service opens no file and solves nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from greed_game.ai.master import WinModel
    from greed_game.ai.optimal import WinTables
    from greed_game.ai.solver import Solution
    from greed_game.ai.winbook import WinBook
    from greed_game.rules import RuleSet
    from greed_game.said import Said

BookShelf = Callable[["RuleSet"], "WinBook | None"]
"""Rules to the win book shipped for exactly them, or None."""


class TableCache(Protocol):
    """Where solved tables are kept between runs (:class:`greed_game.storage.solutions.DiskSolutionCache`)."""

    def load(self, key: str) -> str | None:
        """The turn tables stored under ``key``, or None."""
        ...

    def store(self, key: str, text: str) -> None:
        """Keep turn tables under ``key``."""
        ...

    def reject(self, key: str) -> None:
        """Set aside the turn tables under ``key``, found damaged."""
        ...

    def load_book(self, key: str, limit: int) -> bytes | None:
        """A kept win book, or None (absent, larger than ``limit``, unreadable)."""
        ...

    def store_book(self, key: str, data: bytes) -> None:
        """Keep a win book."""
        ...


class Solutions:
    """The program's solved tables: a shipped book first, then the cache, then a solve (kept in memory)."""

    def __init__(self, *, cache: TableCache | None = None, books: BookShelf | None = None) -> None:
        """``cache``: where tables are kept between runs (None: nowhere); ``books``: the shipped win books."""
        self.cache = cache
        self.books = books
        self._turns: dict[str, Solution] = {}
        self._shipped: dict[str, WinBook | None] = {}
        self._wins: dict[str, WinTables] = {}
        self._models: dict[str, WinModel] = {}
        self._told = 0
        self._relayed: list[Said] = []
        self._notes_lock = threading.Lock()

    @classmethod
    def for_program(cls) -> Solutions:
        """The service the game runs with: the books under ``assets/win`` and the disk cache the environment
        names (see :func:`greed_game.storage.solutions.default_solution_cache`)."""
        from greed_game.books import shipped_book
        from greed_game.storage.solutions import default_solution_cache

        return cls(cache=default_solution_cache(), books=shipped_book)

    # A background process rebuilds the service from where it looks: the tables found here stay here.
    def __getstate__(self) -> dict[str, Any]:
        return {"cache": self.cache, "books": self.books}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(cache=state["cache"], books=state["books"])  # type: ignore[misc]

    @property
    def notes(self) -> list[Said]:
        """What the cache set aside, in sentences, for the program to say once."""
        found: list[Said] = getattr(self.cache, "notes", [])
        return found

    def relay(self, notes: Sequence[Said]) -> None:
        """Notes of a background process's own service (what its cache set aside), for :meth:`take_notes`."""
        with self._notes_lock:
            self._relayed.extend(notes)

    def take_notes(self) -> list[Said]:
        """The notes not yet taken, this service's and those relayed to it: each is said once.

        The window asks every frame, and a background process's result may be relayed on another thread.
        """
        with self._notes_lock:
            found = self.notes
            out = [*found[self._told :], *self._relayed]
            self._told = len(found)
            self._relayed = []
        return out

    # -- the turn tables (expert, hint, master) -------------------------------------------------------
    def turn(self, rules: RuleSet) -> Solution:
        """The turn solution of ``rules``: from memory, the cache, or solved now (and kept in the cache)."""
        key = rules.content_key()
        found = self._turns.get(key)
        if found is None:
            from greed_game.ai.solver import solve

            found = self._turns[key] = solve(rules, cache=self.cache)
        return found

    def has_turn(self, rules: RuleSet) -> bool:
        """Whether the turn solution of ``rules`` is in memory (asking for it costs nothing)."""
        return rules.content_key() in self._turns

    def remember(self, rules: RuleSet, solution: Solution) -> None:
        """Keep a turn solution worked out elsewhere (a background process)."""
        self._turns.setdefault(rules.content_key(), solution)

    def model(self, rules: RuleSet) -> WinModel:
        """Master's win model of ``rules``, built on the turn solution."""
        key = rules.content_key()
        found = self._models.get(key)
        if found is None:
            from greed_game.ai.master import WinModel

            found = self._models[key] = WinModel(rules, self.turn(rules))
        return found

    # -- the win tables (optimal, the coach) ----------------------------------------------------------
    def shipped(self, rules: RuleSet) -> WinBook | None:
        """The book shipped for exactly ``rules`` (a preset at its own target), or None."""
        key = rules.content_key()
        if key not in self._shipped:
            self._shipped[key] = self.books(rules) if self.books is not None else None
        return self._shipped[key]

    def book(self, rules: RuleSet) -> WinBook | None:
        """The win book of ``rules`` without a solve: shipped with the game, or kept in the cache by an earlier
        :meth:`solve_book`; None without one."""
        found = self.shipped(rules)
        if found is not None or self.cache is None:
            return found
        from greed_game.ai.winbook import WinBook
        from greed_game.books import MAX_BOOK_BYTES

        data = self.cache.load_book(rules.content_key(), 16 * MAX_BOOK_BYTES)
        return WinBook.from_bytes(rules, data) if data is not None else None

    def win(self, rules: RuleSet) -> WinTables:
        """The win tables of ``rules``: the shipped book, else solved now (numpy) and kept in memory; raises
        :class:`~greed_game.ai.progress.TooHard` when they cannot be solved."""
        key = rules.content_key()
        found = self._wins.get(key)
        if found is None:
            from greed_game.ai.optimal import win_tables

            book = self.shipped(rules)
            found = self._wins[key] = book if book is not None else win_tables(rules)
        return found

    def solve_book(self, rules: RuleSet) -> bytes:
        """Solve the win tables of ``rules`` and keep them in the cache as a book; raises TooHard or ImportError
        (no numpy)."""
        from greed_game.ai.win import book_bytes, solve_win

        data = book_bytes(solve_win(rules))
        if self.cache is not None:
            self.cache.store_book(rules.content_key(), data)
        return data


__all__ = ["BookShelf", "Solutions", "TableCache"]
