"""The computer players and the hint's tables, worked out in a background process.

Solving a rule set takes milliseconds for the presets and can take much longer
for a player's own rules file. It runs in a process of its own, not a thread:
pure-Python work on a thread would hold the interpreter's lock and make every
frame wait. The window keeps drawing and answering meanwhile: the table shows
the progress, computer seats wait for their players, and leaving the table
ends the process. Pure Python, no pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, ClassVar

from greed_game.ai import Strategy
from greed_game.play.worker import start_worker
from greed_game.rules import RuleSet, entry_need

if TYPE_CHECKING:
    from greed_game.said import Said
    from greed_game.solutions import Solutions


@dataclass
class Prepared:
    """What the work gives back: the seats' players, whether the hint's tables are solved, what went wrong."""

    strategies: dict[int, Strategy] = field(default_factory=dict)
    advice: bool = False
    problem: str = ""
    solution: Any = None
    """The solved tables, handed to the window's solutions service so the hint reads them at once."""
    win: Any = None
    """The win tables (a book) of a two-player game, for the coach's win chances; None without them."""
    standins: tuple[int, ...] = ()
    """Optimal seats that play as master until their rules' win tables are solved."""
    notes: tuple[Said, ...] = ()
    """What the background process's solution cache set aside (a damaged file), for the window to say once."""


def prepare(solutions: Solutions, rules: RuleSet, kinds: Mapping[int, str], players: int = 0) -> Prepared:
    """Solve ``rules`` and build a player for each computer seat (a level too hard to solve falls back).

    ``players``: seats in the game; with two, the coach's win tables are looked up too.
    """
    from greed_game.ai import strategy
    from greed_game.ai.progress import TooHard
    from greed_game.play.setup import FALLBACK_LEVEL

    done = Prepared()
    try:
        # The hint reads the same tables as the expert: solving them once serves both,
        # the entry minimum's own table included.
        done.solution = solutions.turn(rules)
        done.solution.throw_value(rules.dice, 0, entry_need(rules, on_board=False, carried=0))
        done.advice = True
    except TooHard as exc:
        done.problem = str(exc)
    book = solutions.book(rules) if players == 2 or "optimal" in kinds.values() else None
    done.win = book if players == 2 else None
    standins: list[int] = []
    for seat, kind in kinds.items():
        if kind == "optimal":
            from greed_game.ai.optimal import Optimal

            if book is not None:
                done.strategies[seat] = Optimal(rules, book)
                continue
            # Master plays until the win tables of these rules are solved (in a process of their own).
            standins.append(seat)
            kind = "master"
        try:
            done.strategies[seat] = strategy(kind, rules, solutions)
        except TooHard as exc:
            done.problem = str(exc)
            done.strategies[seat] = strategy(FALLBACK_LEVEL, rules, solutions)
        except ValueError:  # a level this version does not know
            done.strategies[seat] = strategy(FALLBACK_LEVEL, rules, solutions)
    done.standins = tuple(standins)
    return done


def _solve_work(solutions: Solutions, rules: RuleSet, conn: Connection) -> None:
    """The win tables' process: progress messages, then the book (read here, not on the window's side) or why
    there is none."""
    from greed_game.ai.progress import TooHard, listening
    from greed_game.ai.winbook import WinBook

    # Score to beat solves its cycle first (a third of the work), then the turn starts.
    weights = {"cycle": (0.0, 0.3), "win": (0.3, 0.7)} if rules.end == "score-to-beat" else {"win": (0.0, 1.0)}
    last = [-1.0]

    def tell(stage: str, fraction: float) -> None:
        low, span = weights.get(stage, (0.0, 0.0))
        whole = low + span * min(1.0, fraction)
        if span and whole - last[0] >= 0.01:
            last[0] = whole
            conn.send(("progress", stage, whole))

    try:
        with listening(tell):
            data = solutions.solve_book(rules)
        book = WinBook.from_bytes(rules, data)
        conn.send(("book", book) if book is not None else ("failed", "the solved win tables could not be read"))
    except TooHard as exc:
        conn.send(("failed", str(exc)))
    except ImportError:
        conn.send(("failed", "this build has no solver for the win tables of other rules"))
    conn.close()


class WinSolve:
    """One solve of a rule set's win tables in a process of its own, shared by every table waiting for it.

    It runs to its end even when the table that started it is left: the book it keeps on disk serves the
    next game under these rules, and a second table under the same rules waits for the same solve.
    """

    _running: ClassVar[dict[str, WinSolve]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, solutions: Solutions, rules: RuleSet) -> None:
        self.solutions = solutions
        self.rules = rules
        self.fraction = 0.0
        self.book: Any = None
        self.problem = ""
        self._done = threading.Event()
        self._waiters: list[Callable[[WinSolve], None]] = []
        self._process: Any = None

    @classmethod
    def join(cls, solutions: Solutions, rules: RuleSet, waiter: Callable[[WinSolve], None]) -> WinSolve:
        """The solve of ``rules`` (started if none runs, keeping its book in ``solutions``' cache); ``waiter``
        is called with it when it ends."""
        with cls._lock:
            key = rules.content_key()
            solve = cls._running.get(key)
            if solve is None or solve._done.is_set():
                solve = cls._running[key] = cls(solutions, rules)
                solve._start()
            ended = solve._done.is_set()
            if not ended:
                solve._waiters.append(waiter)
        if ended:
            waiter(solve)
        return solve

    def leave(self, waiter: Callable[[WinSolve], None]) -> None:
        """Stop waiting (the table is left; the solve goes on for the next game)."""
        with self._lock:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    def _start(self) -> None:
        self._process = start_worker("greed-solve-win", _solve_work, (self.solutions, self.rules), self._read,
                                     self._ended)

    def _read(self, conn: Connection) -> None:
        while True:
            message = conn.recv()
            if message[0] == "progress":
                self.fraction = max(self.fraction, message[2])
                continue
            if message[0] == "book":
                self.book = message[1]
                self.fraction = 1.0
            else:
                self.problem = message[1]
            return

    def _ended(self, lost: bool) -> None:
        if lost:
            self.problem = "the win tables could not be solved"
        with self._lock:
            self._done.set()
            waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            waiter(self)


def _work(solutions: Solutions, rules: RuleSet, kinds: dict[int, str], players: int, conn: Connection) -> None:
    """The background process: progress messages as the work goes, then the result."""
    from greed_game.ai.progress import listening

    last = [("", -1.0)]

    def tell(stage: str, fraction: float) -> None:
        if stage != last[0][0] or fraction - last[0][1] >= 0.01:
            last[0] = (stage, fraction)
            conn.send(("progress", stage, fraction))

    with listening(tell):
        result = prepare(solutions, rules, kinds, players)
    result.notes = tuple(solutions.take_notes())
    conn.send(("done", result))
    conn.close()


STAGES = {"turn": (0.0, 0.5), "entry": (0.5, 0.6), "reach": (0.6, 0.8), "win": (0.8, 1.0)}
"""Where each stage of the work sits in the whole, for one bar that only moves forward."""


class Preparation:
    """Strategies for the computer seats and the solved tables of the hint, ready when :attr:`done`."""

    def __init__(
        self,
        rules: RuleSet,
        kinds: Mapping[int, str],
        *,
        background: bool = True,
        players: int = 0,
        solutions: Solutions | None = None,
    ) -> None:
        """``solutions``: the program's solutions service (None: one of its own, looking where the program's
        looks, for a caller that has none: tests and tools)."""
        if solutions is None:
            from greed_game.solutions import Solutions

            solutions = Solutions.for_program()
        self.solutions = solutions
        self.rules = rules
        self.kinds = dict(kinds)
        self.players = players
        self.background = background
        self.win: Any = None
        """The coach's win tables (two players), once there are any."""
        self.standins: tuple[int, ...] = ()
        """Optimal seats still played by master while their win tables are solved."""
        self._win_fraction = 0.0
        self.win_problem = ""
        """Why the optimal seats stay with master (the win tables could not be solved)."""
        self._win_solve: WinSolve | None = None
        self._cancel_lock = threading.Lock()
        self.strategies: dict[int, Strategy] = {}
        """Every computer seat's player, complete once :attr:`done` is set."""
        self.stage = ""
        self.fraction = 0.0
        self.problem = ""
        """Why the hint or a level could not be prepared (the seat then plays at the fallback level)."""
        self.advice = False
        """Whether the hint's tables are solved (the hint and the carryover odds can be shown)."""
        self.cancelled = False
        self._done = threading.Event()
        self._process: Any = None
        self._result: Prepared | None = None
        if background and self._needs_work():
            self._start()
        else:
            self._finish(prepare(solutions, rules, self.kinds, players))

    def _needs_work(self) -> bool:
        """Whether anything must be solved (tables already in memory make the answer immediate)."""
        cheap = {"human", "cautious", "bold", "expert"}
        kinds = self.kinds.values()
        return not self.solutions.has_turn(self.rules) or self.players == 2 or any(k not in cheap for k in kinds)

    def _start(self) -> None:
        self._process = start_worker("greed-prepare", _work, (self.solutions, self.rules, self.kinds, self.players),
                                     self._read, self._ended)

    def _read(self, conn: Connection) -> None:
        while True:
            message = conn.recv()
            if message[0] != "progress":
                self._result = message[1]
                return
            low, high = STAGES.get(message[1], (0.0, 1.0))
            self.stage = message[1]
            self.fraction = max(self.fraction, low + (high - low) * message[2])

    def _ended(self, lost: bool) -> None:
        del lost  # a result that never came says it
        result = self._result
        if result is None:
            if not self.cancelled:
                self.problem = "the computer players could not be worked out; they play at the cautious level"
            result = Prepared(problem=self.problem)
            if not self.cancelled:
                from greed_game.ai import strategy
                from greed_game.play.setup import FALLBACK_LEVEL

                result.strategies = {seat: strategy(FALLBACK_LEVEL, self.rules, self.solutions) for seat in self.kinds}
        self._finish(result)

    def _finish(self, result: Prepared) -> None:
        self.solutions.relay(result.notes)
        if result.solution is not None:
            self.solutions.remember(self.rules, result.solution)
        self.strategies = result.strategies
        self.advice = result.advice
        self.problem = self.problem or result.problem
        self.win = result.win
        self.standins = result.standins
        if self.standins and not self.cancelled:
            self._solve_win()
        self._done.set()

    # -- the win tables of a player's own rules ------------------------------------------------------
    def _solve_win(self) -> None:
        """Solve the optimal seats' win tables after the game has started (master plays meanwhile)."""
        if not self.background:
            from greed_game.ai.progress import TooHard
            from greed_game.ai.winbook import WinBook

            try:
                self._take_book(WinBook.from_bytes(self.rules, self.solutions.solve_book(self.rules)))
            except TooHard as exc:
                self._stay(str(exc))
            except ImportError:
                self._stay("this build has no solver for the win tables of other rules")
            return
        with self._cancel_lock:
            if not self.cancelled:
                self._win_solve = WinSolve.join(self.solutions, self.rules, self._solved)

    def _solved(self, solve: WinSolve) -> None:
        if self.cancelled:
            return
        if solve.book is None:
            self._stay(solve.problem or "the win tables could not be solved")
            return
        try:
            self._take_book(solve.book)
        except (ValueError, TypeError, AttributeError, IndexError) as exc:
            self._stay(f"the solved win tables could not be used ({exc})")

    @property
    def win_fraction(self) -> float:
        """How far the solve of the win tables is (1.0 once they are in use)."""
        if self._win_solve is not None and self.standins:
            return self._win_solve.fraction
        return self._win_fraction

    def _take_book(self, book: Any) -> None:
        from greed_game.ai.optimal import Optimal

        if book is None:
            self._stay("the solved win tables could not be read")
            return
        strategies = dict(self.strategies)
        for seat in self.standins:
            strategies[seat] = Optimal(self.rules, book)
        self.strategies = strategies  # one swap: a move in progress keeps the player it started with
        if self.players == 2:
            self.win = book
        self._win_fraction = 1.0
        self.standins = ()

    def _stay(self, why: str) -> None:
        self.win_problem = f"optimal plays as master: {why}"
        self.standins = ()

    @property
    def pending(self) -> bool:
        """Whether a computer seat waits for its player to be worked out."""
        return not self.done and bool(self.kinds)

    @property
    def done(self) -> bool:
        """Whether the work is over (finished, failed or cancelled)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """End the work now (the table is being left); a solve of win tables goes on for the next game."""
        with self._cancel_lock:
            self.cancelled = True
            if self._win_solve is not None:
                self._win_solve.leave(self._solved)
        if self.done or self._process is None:
            return
        self._process.terminate()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests); whether it is done."""
        return self._done.wait(timeout)


__all__ = ["Preparation", "Prepared", "WinSolve", "prepare"]
