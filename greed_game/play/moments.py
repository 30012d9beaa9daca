"""What the table's flow tells the screen to play, and what the screen may ask of the flow.

The flow publishes a :class:`~greed_game.play.snapshot.TableSnapshot` after
every change and appends *moments* to a queue: things that happen once (dice
thrown, dice kept, a bank, a bust, hot dice, a void throw, a turn passed, the
end of the game). The screen plays each moment once, in order: a sound, an
animation. Whatever stays on show (the dice on the felt, the tray, the words)
is in the snapshot, so a screen that missed a moment still draws the truth.

The screen answers with *commands* (toggle a die, throw, bank, take or
decline, the hint, hurry) and with :class:`Settled` when thrown dice are at
rest. Nothing else travels from the screen to the flow.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from greed_game.physics import Flick
from greed_game.play.voids import Toss
from greed_game.rules.game import VoidReason

# -- moments: the flow to the screen --------------------------------------------------------------------


@dataclass(frozen=True)
class Thrown:
    """Dice leave a seat's hand: ``dice`` are ``(die id, value)`` pairs, in the order of ``toss``'s film."""

    seat: int
    dice: tuple[tuple[int, int], ...]
    toss: Toss

    @property
    def void(self) -> VoidReason | None:
        """The void the film shows, if any."""
        return self.toss.void


CARRY = 0.3
"""Seconds (at normal speed) a kept die takes from the felt to the tray."""
CARRY_STAGGER = 0.06
"""Seconds (at normal speed) between kept dice leaving the felt, one after another."""


@dataclass(frozen=True)
class KeptDice:
    """Dice on the felt set aside into the tray as one group worth ``points``."""

    dice: tuple[int, ...]
    """The die ids, as :class:`Thrown` gave them."""
    points: int

    @property
    def carried(self) -> float:
        """Seconds (at normal speed) until the last of them is in the tray."""
        return CARRY + CARRY_STAGGER * max(0, len(self.dice) - 1) if self.dice else 0.0


@dataclass(frozen=True)
class HotDiceMoment:
    """Every die left scored: all dice come back for a fresh throw."""


@dataclass(frozen=True)
class BankedMoment:
    """The turn was banked."""


@dataclass(frozen=True)
class BustMoment:
    """The throw scored nothing: the turn's points are lost."""


@dataclass(frozen=True)
class RollOffThrown:
    """The roll-off for the first player: ``seats`` name whose each die is, ``dice`` what it shows (the core's)."""

    seats: tuple[int, ...]
    dice: tuple[int, ...]
    toss: Toss


@dataclass(frozen=True)
class VoidMoment:
    """The last throw does not count and is thrown again."""

    reason: VoidReason


@dataclass(frozen=True)
class OfferMoment:
    """Dice and points are passed on to the next player."""


@dataclass(frozen=True)
class TurnPassedMoment:
    """The turn went to the next seat."""


@dataclass(frozen=True)
class GameOverMoment:
    """The game has ended (the winners are in the snapshot's state)."""


@dataclass(frozen=True)
class Refused:
    """A throw or a bank was refused for the dice picked (one does not score): they shake their heads."""

    dice: tuple[int, ...]
    """The die ids picked, as :class:`Thrown` gave them."""


@dataclass(frozen=True)
class LeaveTable:
    """The end of the game has been shown: on to the scoreboard."""


Moment = (
    Thrown
    | RollOffThrown
    | KeptDice
    | HotDiceMoment
    | BankedMoment
    | BustMoment
    | VoidMoment
    | OfferMoment
    | TurnPassedMoment
    | GameOverMoment
    | Refused
    | LeaveTable
)

class MomentQueue:
    """The moments the screen has not played yet, oldest first; ``heard`` learns of each as it is queued."""

    def __init__(self, heard: Callable[[Moment], None] | None = None) -> None:
        self._queue: deque[Moment] = deque()
        self._heard = heard

    def append(self, moment: Moment) -> None:
        """A moment for the screen to play."""
        self._queue.append(moment)
        if self._heard is not None:
            self._heard(moment)

    def take(self) -> list[Moment]:
        """Every moment not yet played, oldest first (taking them empties the queue)."""
        taken = list(self._queue)
        self._queue.clear()
        return taken


# -- commands: the screen to the flow -------------------------------------------------------------------


@dataclass(frozen=True)
class ToggleDie:
    """Select or unselect one die on the felt (by its id)."""

    die: int


@dataclass(frozen=True)
class ThrowDice:
    """Keep the selection, if any, and throw the dice left (Space, or by hand with ``flick``)."""

    flick: Flick | None = None


@dataclass(frozen=True)
class BankTurn:
    """Keep the selection, if any, and bank (Enter)."""


@dataclass(frozen=True)
class AnswerOffer:
    """Take (``accept``) or decline the dice passed on."""

    accept: bool


@dataclass(frozen=True)
class ToggleHint:
    """Open or close the hint."""


@dataclass(frozen=True)
class Hurry:
    """Skip the current pause (a key or click during a computer's turn or a held bust)."""


@dataclass(frozen=True)
class HoldDice:
    """A person's drag on the felt has picked their dice up (``held``), or put them down without a throw;
    ``throws``: letting go there throws them (back where the drag began, it puts them down); ``sets_aside``: the
    dice picked are set aside (kept) now (a drag begun on a die may still be a click on it, until it goes on)."""

    held: bool
    throws: bool = True
    sets_aside: bool = False


@dataclass(frozen=True)
class Settled:
    """The screen: the dice thrown last are at rest (their film has played to its end)."""


Command = ToggleDie | ThrowDice | BankTurn | AnswerOffer | ToggleHint | Hurry | HoldDice | Settled
