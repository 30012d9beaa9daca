"""The first-player roll-off at the table: the rounds the core decided, thrown with real dice."""

from __future__ import annotations

from collections.abc import Callable

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
        self.waiting: int | None = None
        """The person's seat the next throw waits for (Space, Roll or a throw by hand), or None."""
        self.landed: list[tuple[int, tuple[int, ...]]] = []
        """The throw shown last: (seat, the dice it threw) for each thrower."""
        self._go: Callable[[], None] | None = None
        self.breaking: tuple[int, ...] | None = None
        """The seats of the tie the next throw breaks, once it has been said (until that throw is thrown)."""

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
            self.breaking = tie
        return tie

    @property
    def showing(self) -> bool:
        return bool(self.throws or self.rounds)

    def wait_for(self, seat: int, go: Callable[[], None]) -> None:
        """The next throw waits for the person at ``seat``; ``go`` throws it."""
        self.waiting, self._go = seat, go

    @property
    def waiting_dice(self) -> int:
        """How many dice the person waited for throws (0 when no throw waits for a person)."""
        if self.waiting is None or not self.throws:
            return 0
        return sum(len(values) for seat, values in self.throws[0] if seat == self.waiting)

    def thrown_by_person(self) -> None:
        """A person threw the throw waited for: it goes (nothing, when none was waited for)."""
        go, self._go = self._go, None
        if go is not None:
            go()

    def thrower(self, is_human: Callable[[int], bool]) -> int | None:
        """The first person's seat among the next throw's throwers (it waits for them), or None."""
        return next((seat for seat, _ in self.throws[0] if is_human(seat)), None) if self.throws else None

    def next(self, hands: Hands, players: int, by_hand: int | None = None) -> RollOffThrown | None:
        """The next throw's moment, simulated now (seat ``by_hand``'s die thrown by the hands' throw by hand);
        None once every throw has been shown."""
        if not self.throws:
            return None
        throws = self.landed = self.throws.pop(0)
        self._ties.pop(0)
        self.waiting = self.breaking = None
        toss = hands.roll_off(throws, players, by_hand)
        seats = tuple(seat for seat, values in throws for _ in values)
        return RollOffThrown(seats, tuple(v for _, values in throws for v in values), toss)

    def finish(self) -> list[dict[int, tuple[int, ...]]]:
        """The rounds shown, for the banner; the roll-off is over."""
        rounds, self.rounds = self.rounds, []
        return rounds
