"""What an event meant, as data: the core's account of each step of a game.

Applying an event changes the state; :func:`transitions` says what that change
*was* in the terms of the rules: a throw, a bust and why, hot dice, a rescue,
a carryover offered, taken or declined, a player getting on the board, the
final turns beginning, a new score to beat, the game ending. The table, the
replay, the log, the statistics and the command line read these; none of them
works a rule out again, and the narrator turns them into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from greed_game.rules.dice import counts_of
from greed_game.rules.game import (
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    Keep,
    Roll,
    State,
    Void,
    VoidReason,
    hot_dice,
)
from greed_game.rules.ruleset import RuleSet

BustReason = Literal["no-score", "carryover-face"]
"""``no-score``: no die of the throw scores; ``carryover-face``: a strict carryover throw showed none of its faces."""


@dataclass(frozen=True)
class FirstChosen:
    """The roll-off is decided: ``seat`` starts the game."""

    seat: int


@dataclass(frozen=True)
class Thrown:
    """``seat`` threw ``dice`` (every counted throw, the busting ones too)."""

    seat: int
    dice: tuple[int, ...]
    carry: bool = False
    """The throw was the strict throw of a carryover just taken."""


@dataclass(frozen=True)
class Busted:
    """The throw scored nothing: ``seat`` loses the turn total ``lost``."""

    seat: int
    lost: int
    reason: BustReason
    on_board: bool = True
    """Whether the seat was already on the board (a bust before it is an entry missed)."""
    carried: int = 0
    """How much of ``lost`` was carried in from the player before (passed dice taken)."""


@dataclass(frozen=True)
class Rescued:
    """The last two dice showed a non-scoring pair: ``dice`` fresh dice, no bust."""

    seat: int
    dice: int


@dataclass(frozen=True)
class Kept:
    """``seat`` set ``dice`` aside for ``points``; the turn now stands at ``turn_total``."""

    seat: int
    dice: tuple[int, ...]
    points: int
    turn_total: int
    dice_left: int
    """Dice to throw next (all of them again after hot dice)."""


@dataclass(frozen=True)
class HotDice:
    """Every die of the turn has scored: all ``dice`` come back."""

    seat: int
    dice: int
    mandatory: bool
    """The rules make the player throw them (no bank until then)."""


@dataclass(frozen=True)
class Banked:
    """``seat`` banked ``points`` (``carried`` of them taken over) and now has ``score``."""

    seat: int
    points: int
    score: int
    carried: int = 0
    kept: tuple[int, ...] = ()
    """Dice set aside by the bank itself (rules where banking keeps every scoring die)."""


@dataclass(frozen=True)
class EnteredBoard:
    """``seat`` reached the entry minimum and is on the board."""

    seat: int
    points: int


@dataclass(frozen=True)
class CarryoverOffered:
    """``giver`` banked with dice unthrown: ``seat`` may take ``dice`` dice and ``points`` points."""

    seat: int
    giver: int
    points: int
    dice: int
    strict: bool


@dataclass(frozen=True)
class CarryoverTaken:
    """``seat`` took the ``dice`` dice and ``points`` points ``giver`` left."""

    seat: int
    giver: int
    points: int
    dice: int


@dataclass(frozen=True)
class CarryoverDeclined:
    """``seat`` declined the dice ``giver`` left and starts with ``dice`` fresh dice."""

    seat: int
    giver: int
    points: int
    dice: int


@dataclass(frozen=True)
class Voided:
    """The throw just made does not count (``reason``): the same dice are thrown again."""

    seat: int
    reason: VoidReason
    dice: int


@dataclass(frozen=True)
class FinalTurns:
    """``seat`` reached the target with ``score``: the seats in ``owed`` get their last turns."""

    seat: int
    score: int
    owed: tuple[int, ...]


@dataclass(frozen=True)
class NewScoreToBeat:
    """``seat`` beat the score to beat with ``score``: the seats in ``owed`` get one more turn each."""

    seat: int
    score: int
    owed: tuple[int, ...]


@dataclass(frozen=True)
class TurnPassed:
    """The turn of ``previous`` is over; ``seat`` plays next (``final``: it is that seat's last turn)."""

    seat: int
    previous: int
    final: bool


@dataclass(frozen=True)
class GameOver:
    """The game is over; ``winners`` share the win (one seat, or several at a tie)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


Transition = (
    FirstChosen
    | Thrown
    | Busted
    | Rescued
    | Kept
    | HotDice
    | Banked
    | EnteredBoard
    | CarryoverOffered
    | CarryoverTaken
    | CarryoverDeclined
    | Voided
    | FinalTurns
    | NewScoreToBeat
    | TurnPassed
    | GameOver
)
T = TypeVar("T", bound=Transition)


@dataclass(frozen=True)
class Step:
    """One applied event: the states around it and what it meant."""

    before: State
    event: Event
    after: State
    transitions: tuple[Transition, ...]

    def first(self, kind: type[T]) -> T | None:
        """The first transition of a type, or None."""
        return next((t for t in self.transitions if isinstance(t, kind)), None)


def transitions(rules: RuleSet, before: State, event: Event, after: State) -> tuple[Transition, ...]:
    """What applying ``event`` to ``before`` (giving ``after``) meant, in order."""
    seat = before.current
    out: list[Transition] = []
    if isinstance(event, FirstPlayer):
        out.append(FirstChosen(event.seat))
    elif isinstance(event, Void):
        # ``before`` is the state with the void throw applied; its undo is what the throw replaced.
        undone = before.void_undo
        count = undone.dice_left if undone is not None else before.dice_left
        out.append(Voided(after.current, event.reason, count))
        return tuple(out)
    elif isinstance(event, Carryover):
        offer = before.offer
        if offer is not None:
            kind = CarryoverTaken if event.accept else CarryoverDeclined
            dice = offer.dice if event.accept else rules.dice
            out.append(kind(seat, offer.seat, offer.points, dice))
        return tuple(out)
    elif isinstance(event, Roll):
        out.append(Thrown(seat, tuple(event.dice), before.carry_throw))
        if after.rescued:
            out.append(Rescued(seat, after.dice_left))
        elif after.turn != before.turn:
            throw = counts_of(event.dice)
            reason: BustReason = "carryover-face" if before.carry_throw and rules.table.options(throw) else "no-score"
            out.append(Busted(seat, before.turn_points, reason, before.on_board[seat], before.carried))
    elif isinstance(event, Keep):
        points = after.turn_points - before.turn_points
        out.append(Kept(seat, tuple(sorted(event.dice)), points, after.turn_points, after.dice_left))
        if hot_dice(rules, before, event.dice):
            out.append(HotDice(seat, rules.dice, rules.hot_dice == "mandatory"))
    elif isinstance(event, Bank):
        gained = after.scores[seat] - before.scores[seat]
        kept: tuple[int, ...] = ()
        if before.throw is not None:
            # Banking from a throw keeps its best selection (rules where you may not leave scoring dice).
            top = rules.table.best(before.throw)
            kept = top.dice if top is not None else ()
        out.append(Banked(seat, gained, after.scores[seat], before.carried, kept))
        if not before.on_board[seat] and rules.entry_minimum > 0:
            out.append(EnteredBoard(seat, gained))
    if after.turn != before.turn:
        out.extend(_turn_end(rules, before, after, seat))
    return tuple(out)


def _turn_end(rules: RuleSet, before: State, after: State, seat: int) -> list[Transition]:
    out: list[Transition] = []
    if after.final and not before.final:
        out.append(FinalTurns(seat, after.scores[seat], after.owed))
    elif after.high_mark is not None and before.high_mark is not None and after.high_mark != before.high_mark:
        out.append(NewScoreToBeat(seat, after.high_mark, after.owed))
    if after.finished:
        out.append(GameOver(after.winners, after.scores))
        return out
    if after.offer is not None:
        o = after.offer
        out.append(CarryoverOffered(after.current, o.seat, o.points, o.dice, rules.carryover == "strict"))
    out.append(TurnPassed(after.current, seat, after.final and after.current in after.owed))
    return out


__all__ = [
    "Banked",
    "BustReason",
    "Busted",
    "CarryoverDeclined",
    "CarryoverOffered",
    "CarryoverTaken",
    "EnteredBoard",
    "FinalTurns",
    "FirstChosen",
    "GameOver",
    "HotDice",
    "Kept",
    "NewScoreToBeat",
    "Rescued",
    "Step",
    "Thrown",
    "Transition",
    "TurnPassed",
    "Voided",
    "transitions",
]
