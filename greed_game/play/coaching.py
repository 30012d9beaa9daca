"""The review of a finished or recorded two-player game, worked out off the window's thread.

The coach (:mod:`greed_game.ai.coach`) judges every decision against the
exact chance of winning; this module puts its findings into words for the
review panel, and runs it in a process of its own (as the preparation of the
computer players does) so the window keeps drawing. Pure Python, no pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from greed_game.narrator import Skin
from greed_game.play.worker import start_worker
from greed_game.rules import Event, Player, RuleSet, State

if TYPE_CHECKING:
    from greed_game.solutions import Solutions

WORST = 4
"""Costliest decisions listed per player."""


@dataclass(frozen=True)
class Costly:
    """One decision that gave away win chance, in words."""

    round: int
    """The round it was made in, counted as the scoreboard counts them (a seat's first turn is round 1)."""
    chosen: str
    best: str
    lost: float


@dataclass(frozen=True)
class SeatReview:
    """One player's decisions, summed up."""

    name: str
    kind: str
    decisions: int
    accuracy: float | None
    lost: float
    """Win chance given away over the whole game (the sum of every decision's loss)."""
    worst: tuple[Costly, ...]


def round_of(state: State) -> int:
    """The round a position is in, as the scoreboard counts them: turns go round the seats in order, so a
    seat's n-th turn is round n."""
    return state.turn // state.players + 1


def review_game(
    solutions: Solutions, rules: RuleSet, players: Sequence[Player], events: Sequence[Event], skin: Skin = "pips"
) -> list[SeatReview]:
    """Each player's review, in the words of the die ``skin``, against the win tables ``solutions`` finds or
    solves; raises ValueError for a game that is not for two, TooHard without win tables."""
    from greed_game.ai.coach import review
    from greed_game.ai.optimal import Optimal
    from greed_game.ai.progress import TooHard
    from greed_game.narrator import Narrator

    if len(players) != 2:
        raise ValueError(f"a review needs a two-player game (this one has {len(players)} players)")
    book = solutions.book(rules)
    if book is None:
        from greed_game.ai.winbook import WinBook

        try:
            book = WinBook.from_bytes(rules, solutions.solve_book(rules))
        except ImportError as exc:
            raise TooHard("these rules' win tables are not solved in this build; the presets' are") from exc
    if book is None:
        raise TooHard("the win tables of these rules could not be read")
    found = review(rules, players, events, Optimal(rules, book))
    words = Narrator(rules, [p.name for p in players], skin)
    out = []
    for seat, player in enumerate(players):
        worst = tuple(
            Costly(round_of(d.state), words.hints.choice(d.chosen, d.state), words.hints.choice(d.best, d.state),
                   d.lost)
            for d in found.worst(seat, WORST)
        )
        out.append(SeatReview(player.name, player.kind, len(found.of(seat)), found.accuracy(seat),
                              sum(d.lost for d in found.of(seat)), worst))
    return out


def _work(
    solutions: Solutions, rules: RuleSet, players: list[Player], events: list[Event], skin: Skin, conn: Connection
) -> None:
    from greed_game.ai.progress import TooHard, listening

    last: list[tuple[str, float]] = [("", -1.0)]

    def tell(stage: str, fraction: float) -> None:
        # Two bars, one after the other: solving the win tables (when none are kept), then the review.
        stage = "review" if stage == "review" else "solve"
        if stage != last[0][0] or fraction - last[0][1] >= 0.02:
            last[0] = (stage, fraction)
            conn.send(("progress", stage, fraction))

    try:
        with listening(tell):
            conn.send(("done", review_game(solutions, rules, players, events, skin)))
    except (TooHard, ValueError) as exc:
        conn.send(("failed", str(exc)))
    conn.close()


class ReviewJob:
    """A review being worked out: :attr:`result` or :attr:`problem` once :attr:`done`."""

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[Player],
        events: Sequence[Event],
        *,
        skin: Skin = "pips",
        background: bool = True,
        solutions: Solutions | None = None,
    ) -> None:
        """``solutions``: the program's solutions service (None: one looking where the program's looks)."""
        if solutions is None:
            from greed_game.solutions import Solutions

            solutions = Solutions.for_program()
        self.fraction = 0.0
        self.stage = "start"
        self.result: list[SeatReview] | None = None
        self.problem = ""
        self._done = threading.Event()
        self._process: Any = None
        if not background:
            self._inline(solutions, rules, list(players), list(events), skin)
            return
        self._process = start_worker("greed-review", _work, (solutions, rules, list(players), list(events), skin),
                                     self._read, self._ended)

    def _inline(
        self, solutions: Solutions, rules: RuleSet, players: list[Player], events: list[Event], skin: Skin
    ) -> None:
        from greed_game.ai.progress import TooHard

        try:
            self.result = review_game(solutions, rules, players, events, skin)
        except (TooHard, ValueError) as exc:
            self.problem = str(exc)
        self._done.set()

    def _read(self, conn: Connection) -> None:
        while True:
            message = conn.recv()
            if message[0] == "progress":
                self.stage = message[1]
                self.fraction = message[2]
                continue
            if message[0] == "done":
                self.result = message[1]
            else:
                self.problem = message[1]
            return

    def _ended(self, lost: bool) -> None:
        if lost:
            self.problem = self.problem or "the review stopped before it was done"
        self._done.set()

    @property
    def done(self) -> bool:
        """Whether the review is ready (or failed, or was stopped)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """Stop the work (the panel is closed)."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests); whether it is done."""
        return self._done.wait(timeout)


__all__ = ["Costly", "ReviewJob", "SeatReview", "review_game"]
