"""The solutions service: a shipped book first, then the cache, then a solve; each table found once."""

from __future__ import annotations

import pickle
from pathlib import Path

from english import told

from greed_game.ai.win import WinSolution, book_bytes
from greed_game.ai.winbook import WinBook
from greed_game.books import shipped_book
from greed_game.presets import preset
from greed_game.rules import RuleSet
from greed_game.said import Said
from greed_game.solutions import Solutions
from greed_game.storage.solutions import DiskSolutionCache

SMALL = preset("classic-five").with_overrides({"target": 400})
"""Rules whose win tables solve in a moment (no book is shipped for them)."""


class _Shelf:
    """Shipped books for the test: one rule set's book, and a count of the look-ups."""

    def __init__(self, rules: RuleSet, book: WinBook | None) -> None:
        self.key = rules.content_key()
        self.book = book
        self.asked = 0

    def __call__(self, rules: RuleSet) -> WinBook | None:
        self.asked += 1
        return self.book if rules.content_key() == self.key else None


def _book_of(rules: RuleSet) -> tuple[bytes, WinBook]:
    data = book_bytes(WinSolution(rules))
    book = WinBook.from_bytes(rules, data)
    assert book is not None
    return data, book


def test_the_shipped_book_comes_before_the_cache(tmp_path: Path) -> None:
    data, shipped = _book_of(SMALL)  # the same tables in the cache: only which one is read tells them apart
    cache = DiskSolutionCache(tmp_path)
    cache.store_book(SMALL.content_key(), data)
    shelf = _Shelf(SMALL, shipped)
    solutions = Solutions(cache=cache, books=shelf)
    assert solutions.book(SMALL) is shipped and solutions.win(SMALL) is shipped
    assert shelf.asked == 1, "a shipped book is looked up once"


def test_the_cache_comes_before_a_solve(tmp_path: Path) -> None:
    data, book = _book_of(SMALL)
    cache = DiskSolutionCache(tmp_path)
    assert Solutions(cache=cache, books=_Shelf(SMALL, None)).book(SMALL) is None, "nothing kept yet"
    cache.store_book(SMALL.content_key(), data)
    found = Solutions(cache=cache, books=_Shelf(SMALL, None)).book(SMALL)
    assert isinstance(found, WinBook) and found.start(0, 0) == book.start(0, 0)


def test_without_a_book_the_win_tables_are_solved_once_and_kept_in_the_cache(tmp_path: Path) -> None:
    cache = DiskSolutionCache(tmp_path)
    solutions = Solutions(cache=cache, books=_Shelf(SMALL, None))
    solved = solutions.win(SMALL)
    assert isinstance(solved, WinSolution) and solutions.win(SMALL) is solved
    assert solutions.book(SMALL) is None
    solutions.solve_book(SMALL)
    kept = solutions.book(SMALL)
    assert isinstance(kept, WinBook) and abs(kept.start(0, 0) - solved.first_player_win) < 1e-4


def test_the_turn_tables_come_from_the_cache_before_a_solve(tmp_path: Path) -> None:
    rules = preset("classic-five").with_overrides({"target": 4321})
    first = Solutions(cache=DiskSolutionCache(tmp_path))
    solved = first.turn(rules)
    assert not solved.cached and first.turn(rules) is solved and first.has_turn(rules)
    again = Solutions(cache=DiskSolutionCache(tmp_path)).turn(rules)
    assert again.cached and abs(again.expected_turn_points - solved.expected_turn_points) < 1e-6
    assert not Solutions().turn(rules).cached, "without a cache every service solves"


def test_the_program_reads_the_books_shipped_for_the_presets() -> None:
    rules = preset("official")
    book = Solutions.for_program().win(rules)
    shipped = shipped_book(rules)
    assert isinstance(book, WinBook) and shipped is not None and book.start(0, 0) == shipped.start(0, 0)


def test_a_background_process_gets_where_to_look_not_the_tables(tmp_path: Path) -> None:
    solutions = Solutions(cache=DiskSolutionCache(tmp_path), books=shipped_book)
    solutions.turn(SMALL)
    copy = pickle.loads(pickle.dumps(solutions))
    assert isinstance(copy.cache, DiskSolutionCache) and copy.cache.folder == tmp_path
    assert copy.books is shipped_book and not copy.has_turn(SMALL)
    assert copy.turn(SMALL).cached, "the copy reads what the first one kept on disk"


def test_a_background_process_gets_the_cache_without_this_process_s_notes(tmp_path: Path) -> None:
    cache = DiskSolutionCache(tmp_path)
    cache.notes.append(Said("A damaged solution in the cache was set aside as {aside} and the rules solved again.",
                            aside="x"))
    copy = pickle.loads(pickle.dumps(Solutions(cache=cache)))
    assert isinstance(copy.cache, DiskSolutionCache) and copy.cache.folder == tmp_path
    assert told(copy.take_notes()) == [], "what this process has to say is not said again by a worker"


def test_notes_are_taken_once_whether_the_cache_s_own_or_relayed(tmp_path: Path) -> None:
    cache = DiskSolutionCache(tmp_path)
    solutions = Solutions(cache=cache)
    cache.notes.append(Said("one"))
    solutions.relay([Said("two")])
    assert told(solutions.take_notes()) == ["one", "two"] and told(solutions.take_notes()) == []
    cache.notes.append(Said("three"))
    assert told(solutions.take_notes()) == ["three"]


def test_whatever_stands_where_a_cached_solution_goes_is_set_aside_and_solved_again(tmp_path: Path) -> None:
    rules = preset("classic-five").with_overrides({"target": 1000})
    cache = DiskSolutionCache(tmp_path)
    standing = tmp_path / f"solution-{rules.content_key()}.json"
    standing.mkdir()
    (standing / "someone's.txt").write_text("kept", encoding="utf-8")
    solutions = Solutions(cache=cache)
    assert not solutions.turn(rules).cached
    assert standing.is_file(), "solved again and kept where it goes"
    (aside,) = tmp_path.glob("solution-*.bad-*.json")
    assert (aside / "someone's.txt").read_text(encoding="utf-8") == "kept"
    (note,) = told(solutions.take_notes())
    assert note == (f"Something that is not a file stood where a solution in the cache goes: it was set aside as "
                    f"{aside} and the rules solved again.")
    assert Solutions(cache=DiskSolutionCache(tmp_path)).turn(rules).cached, "the next run reads it"
