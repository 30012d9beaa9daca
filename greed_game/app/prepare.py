"""The computer players and the hint's tables, worked out on a background thread.

Solving a rule set takes milliseconds for the presets and can take much longer
for a player's own rules file. The window keeps drawing and answering
meanwhile: the table shows the progress, computer seats wait for their
strategies, and leaving the table stops the work. Pure Python, no pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from greed_game.ai import Strategy
from greed_game.rules import RuleSet


class Preparation:
    """Strategies for the computer seats and the solved tables of the hint, ready when :attr:`done`."""

    def __init__(self, rules: RuleSet, kinds: Mapping[int, str], *, threaded: bool = True) -> None:
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
        self._stop = threading.Event()
        self._done = threading.Event()
        if threaded:
            threading.Thread(target=self._run, name="greed-prepare", daemon=True).start()
        else:
            self._run()

    @property
    def done(self) -> bool:
        """Whether the work is over (finished, failed or cancelled)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """Stop the work at its next report (the table is being left)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests and the command line); whether it is done."""
        return self._done.wait(timeout)

    def _listen(self, stage: str, done: float) -> None:
        from greed_game.ai.progress import Cancelled

        if self._stop.is_set():
            raise Cancelled
        self.stage, self.fraction = stage, done

    def _run(self) -> None:
        from greed_game.ai.progress import Cancelled, listening

        try:
            with listening(self._listen):
                self._prepare()
        except Cancelled:
            self.cancelled = True
        finally:
            self._done.set()

    def _prepare(self) -> None:
        from greed_game.ai import strategy
        from greed_game.ai.progress import TooHard
        from greed_game.ai.solver import solve
        from greed_game.app.setup import FALLBACK_LEVEL, solver_cache

        solver_cache()
        try:
            # The hint reads the same tables as the expert: solving them once serves both,
            # the entry minimum's own table included.
            solve(self.rules).throw_value(self.rules.dice, 0, self.rules.entry_minimum)
            self.advice = True
        except TooHard as exc:
            self.problem = str(exc)
        strategies: dict[int, Strategy] = {}
        for seat, kind in self.kinds.items():
            try:
                strategies[seat] = strategy(kind, self.rules)
            except TooHard as exc:
                self.problem = str(exc)
                strategies[seat] = strategy(FALLBACK_LEVEL, self.rules)
            except ValueError:  # a level this version does not know
                strategies[seat] = strategy(FALLBACK_LEVEL, self.rules)
        self.strategies = strategies


__all__ = ["Preparation"]
