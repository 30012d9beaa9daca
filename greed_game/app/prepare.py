"""The computer players and the hint's tables, worked out in a background process.

Solving a rule set takes milliseconds for the presets and can take much longer
for a player's own rules file. It runs in a process of its own, not a thread:
pure-Python work on a thread would hold the interpreter's lock and make every
frame wait. The window keeps drawing and answering meanwhile: the table shows
the progress, computer seats wait for their players, and leaving the table
ends the process. Pure Python, no pygame.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from greed_game.ai import Strategy
from greed_game.rules import RuleSet


@dataclass
class Prepared:
    """What the work gives back: the seats' players, whether the hint's tables are solved, what went wrong."""

    strategies: dict[int, Strategy] = field(default_factory=dict)
    advice: bool = False
    problem: str = ""
    solution: Any = None
    """The solved tables, handed to the solver's memory so the hint reads them at once."""


def prepare(rules: RuleSet, kinds: Mapping[int, str]) -> Prepared:
    """Solve ``rules`` and build a player for each computer seat (a level too hard to solve falls back)."""
    from greed_game.ai import strategy
    from greed_game.ai.progress import TooHard
    from greed_game.ai.solver import solve
    from greed_game.app.setup import FALLBACK_LEVEL, solver_cache

    solver_cache()
    done = Prepared()
    try:
        # The hint reads the same tables as the expert: solving them once serves both,
        # the entry minimum's own table included.
        done.solution = solve(rules)
        done.solution.throw_value(rules.dice, 0, rules.entry_minimum)
        done.advice = True
    except TooHard as exc:
        done.problem = str(exc)
    for seat, kind in kinds.items():
        try:
            done.strategies[seat] = strategy(kind, rules)
        except TooHard as exc:
            done.problem = str(exc)
            done.strategies[seat] = strategy(FALLBACK_LEVEL, rules)
        except ValueError:  # a level this version does not know
            done.strategies[seat] = strategy(FALLBACK_LEVEL, rules)
    return done


def _work(rules: RuleSet, kinds: dict[int, str], conn: Connection) -> None:
    """The background process: progress messages as the work goes, then the result."""
    from greed_game.ai.progress import listening

    last = [("", -1.0)]

    def tell(stage: str, fraction: float) -> None:
        if stage != last[0][0] or fraction - last[0][1] >= 0.01:
            last[0] = (stage, fraction)
            conn.send(("progress", stage, fraction))

    with listening(tell):
        result = prepare(rules, kinds)
    conn.send(("done", result))
    conn.close()


STAGES = {"turn": (0.0, 0.5), "entry": (0.5, 0.6), "reach": (0.6, 0.8), "win": (0.8, 1.0)}
"""Where each stage of the work sits in the whole, for one bar that only moves forward."""


class Preparation:
    """Strategies for the computer seats and the solved tables of the hint, ready when :attr:`done`."""

    def __init__(self, rules: RuleSet, kinds: Mapping[int, str], *, background: bool = True) -> None:
        self.rules = rules
        self.kinds = dict(kinds)
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
        if background and self._needs_work():
            self._start()
        else:
            self._finish(prepare(rules, self.kinds))

    def _needs_work(self) -> bool:
        """Whether anything must be solved (tables already in memory make the answer immediate)."""
        from greed_game.ai.solver import solved

        cheap = {"human", "cautious", "bold", "expert"}
        return not solved(self.rules) or any(k not in cheap for k in self.kinds.values())

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a process that holds a window
        ours, theirs = context.Pipe(duplex=False)
        self._process = context.Process(target=_work, args=(self.rules, self.kinds, theirs), daemon=True,
                                        name="greed-prepare")
        self._process.start()
        theirs.close()
        threading.Thread(target=self._listen, args=(ours,), name="greed-prepare-listen", daemon=True).start()

    def _listen(self, conn: Connection) -> None:
        result: Prepared | None = None
        try:
            while result is None:
                message = conn.recv()  # blocks without holding the interpreter's lock
                if message[0] == "progress":
                    low, high = STAGES.get(message[1], (0.0, 1.0))
                    self.stage = message[1]
                    self.fraction = max(self.fraction, low + (high - low) * message[2])
                else:
                    result = message[1]
        except (EOFError, OSError):
            pass
        finally:
            conn.close()
            self._process.join(timeout=5)  # reaped, not left a zombie
        if result is None:
            if not self.cancelled:
                self.problem = "the computer players could not be worked out; they play at the cautious level"
            result = Prepared(problem=self.problem)
            if not self.cancelled:
                from greed_game.ai import strategy
                from greed_game.app.setup import FALLBACK_LEVEL

                result.strategies = {seat: strategy(FALLBACK_LEVEL, self.rules) for seat in self.kinds}
        self._finish(result)

    def _finish(self, result: Prepared) -> None:
        if result.solution is not None:
            from greed_game.ai.solver import remember

            remember(self.rules, result.solution)
        self.strategies = result.strategies
        self.advice = result.advice
        self.problem = self.problem or result.problem
        self._done.set()

    @property
    def done(self) -> bool:
        """Whether the work is over (finished, failed or cancelled)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """End the work now (the table is being left)."""
        if self.done or self._process is None:
            return
        self.cancelled = True
        self._process.terminate()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests); whether it is done."""
        return self._done.wait(timeout)


__all__ = ["Preparation", "Prepared", "prepare"]
