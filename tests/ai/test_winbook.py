"""The shipped win books: read without numpy, they give the solver's values and the optimal level's play."""

from __future__ import annotations

import json
import lzma
import random
import struct
import subprocess
import sys
from typing import Any

import pytest

from greed_game.ai.optimal import Optimal, win_advice
from greed_game.ai.simulate import play_game
from greed_game.ai.win import WinSolution, book_bytes, solve_win
from greed_game.ai.winbook import MAGIC, TK_SCALE, WinBook
from greed_game.books import shipped_book
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS
from greed_game.rules.game import Phase, apply, new_state

# Values the book rebuilds sit within this of the solver's: the offers' values are rounded to 1/16,383 and
# the book's lead cap counts chances below 1e-9 as zero.
CLOSE = 2.5 / TK_SCALE

CASES: list[Any] = [
    ("classic-five", {"target": 1000}),
    ("dollar-greed", {"target": 800}),
    # Free carryovers with an entry minimum: farkel-family has the carryovers, this one the entry as well.
    pytest.param("pass-the-dice", {"target": 800}, marks=pytest.mark.long),
    ("farkel-family", {"target": 600}),
    # Score to beat with strict carryovers: the slowest to solve, so a long case.
    pytest.param("official", {"target": 300}, marks=pytest.mark.long),
]


_SOLVED: dict[str, WinSolution] = {}
"""Each case's solve, for every test of this file (they run in one worker)."""


def _book(preset_id: str, overrides: dict[str, Any]) -> tuple[WinSolution, WinBook]:
    rules = preset(preset_id).with_overrides(overrides)
    key = rules.content_key()
    if key not in _SOLVED:
        _SOLVED[key] = solve_win(rules)
    win = _SOLVED[key]
    book = WinBook.from_bytes(rules, book_bytes(win))
    assert book is not None
    return win, book


@pytest.mark.parametrize(("preset_id", "overrides"), CASES)
def test_a_book_rebuilds_the_solvers_in_turn_values(preset_id: str, overrides: dict[str, Any]) -> None:
    win, book = _book(preset_id, overrides)
    rng = random.Random(5)
    pairs = [(a, b) for a in range(win.T) for b in range(win.T)]
    worst = 0.0
    for a, b in rng.sample(pairs, 12):
        v, r, _, _ = win.pair(a, b)
        bv, br, _, _ = book.pair(a, b, None)
        assert book.start(a, b) == pytest.approx(win.start(a, b), abs=1e-15)
        # Below the target and a little past it (the book's shorter lead cap matters only far ahead).
        for n in range(1, win.dice + 1):
            for t in range(min(win.T - a + 10, len(bv[n]), v.shape[1])):
                worst = max(worst, abs(float(v[n, t]) - bv[n][t]))
                if r[n, t] > -1:
                    worst = max(worst, abs(float(r[n, t]) - br[n][t]))
        for c in range(1, b + 1):
            for m in range(1, win.dice):
                worst = max(worst, abs(win.take(a, b, c, m) - book.take(a, b, c, m)))
    print(f"{preset_id}: largest difference {worst:.2e}")
    assert worst < CLOSE
    if win.beat:
        for need in (1, 3, win.D // 2):
            for floor in (0, win.E + 2):
                cv, _ = win.chase_tables(need, floor)
                bv2, _ = book.chase_tables(need, floor)
                diff = max(abs(float(cv[n, i]) - bv2[n][i]) for n in range(1, win.dice + 1) for i in range(len(bv2[n])))
                assert diff < CLOSE


@pytest.mark.parametrize(("preset_id", "overrides"), CASES)
def test_a_book_advises_as_the_solution_does(preset_id: str, overrides: dict[str, Any]) -> None:
    win, book = _book(preset_id, overrides)
    rules = win.rules
    from_win, from_book = Optimal(rules, win), Optimal(rules, book)
    rng = random.Random(8)
    checked = 0
    for _ in range(10):
        state = new_state(rules, 2)
        for event in play_game(rules, [from_book, from_win], rng, log=True).events:
            if state.phase is not Phase.OVER and checked < 300:
                a, b = win_advice(rules, state, from_win), win_advice(rules, state, from_book)
                values = {ch.actions: ch.value for ch in a.choices}
                for ch in b.choices:
                    assert ch.value == pytest.approx(values[ch.actions], abs=CLOSE)
                checked += 1
            state = apply(rules, state, event)
    assert checked > 100


def test_a_book_is_read_only_for_its_own_rules() -> None:
    rules = preset("classic-five").with_overrides({"target": 1000})
    data = book_bytes(solve_win(rules))
    assert WinBook.from_bytes(rules.with_overrides({"target": 1100}), data) is None
    assert WinBook.from_bytes(rules, data[: len(data) // 2]) is None
    assert WinBook.from_bytes(rules, b"not a book") is None
    assert WinBook.from_bytes(rules, MAGIC + b"\xfd7zXZ\x00garbage") is None
    # Well packed but damaged inside: a table cut short, or sizes that do not add up, are refused at once.
    body = lzma.decompress(data[len(MAGIC) :])
    (size,) = struct.unpack_from("<I", body)
    header = json.loads(body[4 : 4 + size])
    for damage in ("cut", "shape", "sizes"):
        h, tail = json.loads(json.dumps(header)), body[4 + size :]
        if damage == "cut":
            tail = tail[:-8]
        elif damage == "shape":
            h["arrays"][0][2] = [h["T"] + 1, h["T"]]
        else:
            h["T"] = 10**6
        head = json.dumps(h).encode()
        bad = MAGIC + lzma.compress(struct.pack("<I", len(head)) + head + tail)
        assert WinBook.from_bytes(rules, bad) is None, damage


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_preset_ships_a_book_for_its_own_target(preset_id: str) -> None:
    rules = preset(preset_id)
    book = shipped_book(rules)
    assert book is not None, f"assets/win/{preset_id}.book is missing or of other rules"
    assert 0.5 < book.start(0, 0) < 0.6
    # Another target of the same preset has no book (it is solved instead).
    assert shipped_book(rules.with_overrides({"target": rules.target + 500})) is None


def test_the_optimal_level_plays_a_preset_from_its_book_without_numpy() -> None:
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"  # any import of numpy now fails, as in the executables
        "from greed_game.cli import main\n"
        "sys.exit(main(['simulate', '--rules', 'pass-the-dice', '--players', 'optimal,expert', '--games', '2']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert '"optimal"' in out.stdout


def test_optimal_from_a_book_beats_itself_as_the_solution_says() -> None:
    win, book = _book("classic-five", {"target": 1000})
    player = Optimal(win.rules, book)
    rng = random.Random(2)
    first = sum(0 in play_game(win.rules, [player, player], rng).winners for _ in range(600))
    assert 0.45 < first / 600 < 0.65


def test_a_book_whose_lead_cap_is_shorter_than_the_target_answers_every_offer() -> None:
    # Two dice: a fresh final turn's chance falls below 1e-9 within fewer steps than the target has.
    rules = preset("pass-the-dice").with_overrides({"dice": 2, "target": 3000, "entry_minimum": 0})
    win = solve_win(rules)
    book = WinBook.from_bytes(rules, book_bytes(win))
    assert book is not None and book.D < book.T
    worst = 0.0
    for a, b in [(48, 13), (50, 40), (0, 59), (30, 30)]:
        for c in range(1, b + 1):
            worst = max(worst, abs(book.take(a, b, c, 1) - win.take(a, b, c, 1)))
    assert worst < CLOSE


@pytest.mark.long
def test_a_book_told_to_keep_every_pair_remembers_each_with_the_same_values() -> None:
    _, book = _book("pass-the-dice", {"target": 800})
    pairs = [(a, b) for a in range(book.T) for b in range(book.T)]
    fresh = {p: book.pair(*p, None) for p in pairs}
    assert book.pair.cache_info().currsize == 64  # the game's own memory: the last few pairs only
    book.keep_pairs(None)
    for p in pairs:
        v, r, x, _ = book.pair(*p, None)
        assert x == fresh[p][2] and list(v[book.dice]) == list(fresh[p][0][book.dice])
        assert list(r[1]) == list(fresh[p][1][1])
    assert book.pair.cache_info().currsize == len(pairs) > 64
    before = book.pair.cache_info().hits
    for p in pairs:
        book.pair(*p, None)
    assert book.pair.cache_info().hits - before == len(pairs)
