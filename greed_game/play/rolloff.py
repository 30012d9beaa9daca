"""The first-player roll-off at the table: the rounds the core decided, thrown with real dice."""

from __future__ import annotations

from greed_game.play.moments import RollOffThrown
from greed_game.play.voids import Hands
from greed_game.rules import RuleSet


class RollOff:
    """The first-player roll-off as the table shows it: the core's rounds thrown with real dice, as the rules
    say (one die each, all at once; or every die, seat by seat), then who starts."""

    def __init__(self) -> None:
        self.throws: list[list[tuple[int, tuple[int, ...]]]] = []
        """Throws still to show: each a list of (seat, the dice it threw)."""
        self.rounds: list[dict[int, tuple[int, ...]]] = []
        self._ties: list[tuple[int, ...] | None] = []
        """For each throw still to show: the seats of the tie it begins to break, or None."""

    def start(self, rules: RuleSet, rounds: list[dict[int, tuple[int, ...]]]) -> None:
        """Show ``rounds`` (the core's roll-off) from the first throw."""
        self.rounds = rounds
        self.throws = []
        self._ties = []
        for n, throws in enumerate(rounds):
            if rules.first_player == "high-die":
                self.throws.append(sorted(throws.items()))
            else:
                self.throws.extend([item] for item in sorted(throws.items()))
            self._ties += [tuple(sorted(throws)) if n else None] + [None] * (len(self.throws) - len(self._ties) - 1)

    @property
    def tie(self) -> tuple[int, ...] | None:
        """The seats that throw again next, to break a tie (None: the next throw breaks none, or there is none)."""
        return self._ties[0] if self._ties else None

    def say_tie(self) -> tuple[int, ...] | None:
        """The seats of the tie the next throw breaks, once (to be said before it is thrown); else None."""
        tie = self.tie
        if tie is not None:
            self._ties[0] = None
        return tie

    @property
    def showing(self) -> bool:
        return bool(self.throws or self.rounds)

    def next(self, hands: Hands, players: int) -> RollOffThrown | None:
        """The next throw's moment, simulated now; None once every throw has been shown."""
        if not self.throws:
            return None
        throws = self.throws.pop(0)
        self._ties.pop(0)
        toss = hands.roll_off(throws, players)
        seats = tuple(seat for seat, values in throws for _ in values)
        return RollOffThrown(seats, tuple(v for _, values in throws for v in values), toss)

    def finish(self) -> list[dict[int, tuple[int, ...]]]:
        """The rounds shown, for the banner; the roll-off is over."""
        rounds, self.rounds = self.rounds, []
        return rounds
