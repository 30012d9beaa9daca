"""The game as a state machine driven by events.

A :class:`State` is immutable; :func:`apply` returns the next state or raises
:class:`IllegalAction` and changes nothing. Search (the solver, computer
players) can therefore explore freely without touching the live game.

Events are what a record stores: ``Roll`` (the values a throw produced),
``Keep``, ``Bank``, ``Carryover`` (the answer to an offer), ``Void`` (the last
throw does not count) and ``FirstPlayer``. ``Throw`` is the decision to throw;
:class:`Game` turns it into a ``Roll`` with dice from an injected random source.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal

from greed_game.rules.dice import Counts, contains, counts_of, dice_of, format_dice
from greed_game.rules.ruleset import EndMode, RuleSet
from greed_game.rules.rulings import (
    after_turn,
    dice_after,
    entry_need,
    has_carry_face,
    high_to_top,
    keeps_of,
    next_seat,
    passes_dice,
    rescues,
    roll_off_mark,
    seat_refusal,
    strict_carry,
    throw_bust_chance,
    turn_refusal,
    winners_of,
)
from greed_game.rules.scoring import Option


class Phase(Enum):
    """What the state machine waits for next."""

    CARRYOVER = "carryover"
    """The player must take or decline the dice passed on by the last banker."""
    ROLL = "roll"
    """The player throws the dice left (or banks, where the rules allow it)."""
    KEEP = "keep"
    """The player sets aside scoring dice from the throw (or banks, in $GREED)."""
    OVER = "over"
    """The game has ended; ``winners`` is set."""


class IllegalAction(ValueError):
    """An action or event the rules do not allow now.

    ``rule`` is a short code and ``facts`` the figures behind it (dice as
    faces, points as integers), so a narrator can word the refusal in the
    dice's own vocabulary; the message is a plain fallback for developers.
    """

    def __init__(self, message: str, rule: str, **facts: object) -> None:
        self.rule = rule
        self.facts: dict[str, object] = facts
        super().__init__(message)


VoidReason = Literal["off-felt", "leaning"]


@dataclass(frozen=True)
class Roll:
    """A throw and the values it produced."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Keep:
    """Dice set aside from the last throw."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Bank:
    """End the turn and add the turn total to the player's score."""


@dataclass(frozen=True)
class Carryover:
    """The answer to a carryover offer: take the dice and points, or start fresh."""

    accept: bool


@dataclass(frozen=True)
class Void:
    """The last throw does not count (a die left the felt or leant): throw again."""

    reason: VoidReason


@dataclass(frozen=True)
class FirstPlayer:
    """The seat that won the roll-off and starts the game."""

    seat: int


@dataclass(frozen=True)
class Throw:
    """The decision to throw ``count`` dice; values come from the dice source."""

    count: int


Event = Roll | Keep | Bank | Carryover | Void | FirstPlayer
Action = Throw | Keep | Bank | Carryover


@dataclass(frozen=True)
class Offer:
    """Dice and points passed on by a player who banked with dice unthrown."""

    points: int
    dice: int
    seat: int


@dataclass(frozen=True)
class State:
    """Everything the rules need to know about a game in progress."""

    scores: tuple[int, ...]
    on_board: tuple[bool, ...]
    reached: tuple[int, ...]
    """Event index at which each seat reached its current score (tie-breaks)."""
    current: int = 0
    phase: Phase = Phase.ROLL
    turn_points: int = 0
    carried: int = 0
    dice_left: int = 6
    throw: Counts | None = None
    kept: bool = False
    carry_throw: bool = False
    """The next throw (or the keep from it) is a strict carryover throw."""
    last_keep_best: bool = False
    offer: Offer | None = None
    final: bool = False
    owed: tuple[int, ...] = ()
    """Seats still owed a final turn, in the order they will play."""
    high_mark: int | None = None
    """The score to beat (score-to-beat end only)."""
    winners: tuple[int, ...] = ()
    turn: int = 0
    events: int = 0
    rescued: bool = False
    """The last throw was a non-scoring pair rescued into fresh dice."""
    void_undo: State | None = field(default=None, repr=False, compare=False)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.scores)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.phase is Phase.OVER

    @property
    def own_points(self) -> int:
        """Turn points scored by the current player's own throws (carried excluded)."""
        return self.turn_points - self.carried


def new_state(rules: RuleSet, players: int) -> State:
    """The state before the first event of a game with ``players`` seats."""
    if not 1 <= players <= 8:
        raise ValueError(f"a game has 1 to 8 players, not {players}")
    return State(
        scores=(0,) * players,
        on_board=(entry_need(rules, False, 0) == 0,) * players,
        reached=(0,) * players,
        dice_left=rules.dice,
    )


def throw_options(rules: RuleSet, state: State, throw: Counts) -> tuple[Option, ...]:
    """Valid keeps from ``throw`` in ``state`` (strict carryover throws filtered)."""
    return keeps_of(rules, throw, strict=state.carry_throw)


def _faces_words(faces: Sequence[int]) -> str:
    names = [str(f) for f in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _keep_fault(rules: RuleSet, throw: Counts, keep: Counts) -> dict[str, object]:
    fault = rules.table.fault(throw, keep)
    kind, loose = fault if fault is not None else ("loose", ())
    return {"dice": dice_of(keep), "throw": dice_of(throw), "fault": kind, "loose": loose}


def draw_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    """Throw ``count`` fair dice from ``rng`` (the one place dice values are drawn)."""
    rand = rng.random
    return tuple([int(rand() * 6) + 1 for _ in range(count)])


def apply(rules: RuleSet, state: State, event: Event) -> State:
    """The state after ``event``; raises :class:`IllegalAction` if it is not allowed."""
    if isinstance(event, Void):
        # Before the game-over check: a void final throw does not count, so it cannot end the game.
        return _void(state, event)
    if state.phase is Phase.OVER:
        raise IllegalAction("the game is over", "game-over")
    if isinstance(event, FirstPlayer):
        new = _first_player(state, event)
    elif isinstance(event, Carryover):
        new = _carryover(rules, state, event)
    elif isinstance(event, Roll):
        new = _roll(rules, state, event)
    elif isinstance(event, Keep):
        new = _keep(rules, state, event)
    elif isinstance(event, Bank):
        new = _bank(rules, state)
    else:
        raise IllegalAction(f"unknown event {event!r}", "unknown-event")
    if not isinstance(event, Roll):
        new = replace(new, void_undo=None)
    return replace(new, events=state.events + 1)


def _void(state: State, event: Void) -> State:
    if event.reason not in ("off-felt", "leaning"):
        raise IllegalAction(f"a void throw is 'off-felt' or 'leaning', not {event.reason!r}", "void-reason")
    if state.void_undo is None:
        raise IllegalAction("only the throw just made can be void", "void-not-after-roll")
    return replace(state.void_undo, events=state.events + 1, void_undo=None)


def _first_player(state: State, event: FirstPlayer) -> State:
    if state.events != 0:
        raise IllegalAction("the first player is chosen before the first throw", "first-player-late")
    if not 0 <= event.seat < state.players:
        raise IllegalAction(
            f"there is no seat {event.seat} (seats 0 to {state.players - 1})", "no-such-seat", seat=event.seat
        )
    return replace(state, current=event.seat)


def _carryover(rules: RuleSet, state: State, event: Carryover) -> State:
    if state.phase is not Phase.CARRYOVER or state.offer is None:
        raise IllegalAction("no carryover is on offer", "no-offer")
    if not event.accept:
        return replace(state, phase=Phase.ROLL, offer=None, dice_left=rules.dice)
    offer = state.offer
    return replace(
        state,
        phase=Phase.ROLL,
        offer=None,
        turn_points=offer.points,
        carried=offer.points,
        dice_left=offer.dice,
        carry_throw=strict_carry(rules),
    )


def _roll(rules: RuleSet, state: State, event: Roll) -> State:
    if state.phase is Phase.CARRYOVER:
        raise IllegalAction("answer the carryover offer (take or decline) before throwing", "offer-pending")
    if state.phase is Phase.KEEP:
        raise IllegalAction("set aside at least one scoring die before throwing again", "keep-first")
    dice = event.dice
    if any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise IllegalAction(f"die values must be 1 to 6, not {list(dice)}", "bad-value")
    if len(dice) != state.dice_left:
        raise IllegalAction(
            f"{len(dice)} dice were thrown but {state.dice_left} must be thrown",
            "wrong-dice-count",
            thrown=len(dice),
            needed=state.dice_left,
        )
    throw = counts_of(dice)
    undo = replace(state, void_undo=None)
    if throw_options(rules, state, throw):
        return replace(state, phase=Phase.KEEP, throw=throw, rescued=False, void_undo=undo)
    if rescues(rules, throw):
        return replace(
            state, dice_left=rules.dice, carry_throw=False, rescued=True, throw=None, void_undo=undo
        )
    ended = _end_turn(rules, state, banked=False, points=0, dice_left=0)
    return replace(ended, void_undo=undo)


def keep_points(rules: RuleSet, state: State, dice: Sequence[int]) -> int:
    """What keeping ``dice`` (face values) from the throw on the table adds to the turn.

    Raises :class:`IllegalAction`, naming the rule and its facts, when the keep
    is not allowed: no throw to keep from, dice not thrown, a die that does not
    score, or a carryover throw's keep without a required face.
    """
    if state.phase is not Phase.KEEP or state.throw is None:
        raise IllegalAction("there is no throw to keep dice from", "nothing-to-keep")
    if any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise IllegalAction(f"die values must be 1 to 6, not {list(dice)}", "bad-value")
    keep = counts_of(dice)
    table = rules.table
    if not contains(state.throw, keep):
        reason = table.why_not(state.throw, keep)
        raise IllegalAction(
            f"cannot keep {format_dice(sorted(dice))} from {format_dice(dice_of(state.throw))}: {reason}",
            "not-thrown",
            **_keep_fault(rules, state.throw, keep),
        )
    points = table.points(keep)
    if points is None:
        reason = table.why_not(state.throw, keep)
        raise IllegalAction(
            f"cannot keep {format_dice(sorted(dice))}: {reason}",
            "free-die",
            **_keep_fault(rules, state.throw, keep),
        )
    if state.carry_throw and not has_carry_face(rules, keep):
        raise IllegalAction(
            f"the keep from a carryover throw must include a {_faces_words(rules.carryover_faces)}",
            "carryover-keep",
            faces=rules.carryover_faces,
        )
    return points


def hot_dice(rules: RuleSet, state: State, dice: Sequence[int]) -> bool:
    """Whether keeping ``dice`` from the throw on the table sets aside every die left (hot dice).

    Then all of the rules' dice are thrown fresh next; raises :class:`IllegalAction`
    when the keep is not allowed.
    """
    keep_points(rules, state, dice)
    return len(dice) == state.dice_left


def _keep(rules: RuleSet, state: State, event: Keep) -> State:
    points = keep_points(rules, state, event.dice)
    assert state.throw is not None
    best = throw_options(rules, state, state.throw)[0].points
    return replace(
        state,
        phase=Phase.ROLL,
        throw=None,
        turn_points=state.turn_points + points,
        dice_left=dice_after(rules, state.dice_left, len(event.dice)),
        kept=True,
        carry_throw=False,
        last_keep_best=points == best,
        rescued=False,
    )


def bank_keep(rules: RuleSet, state: State) -> tuple[int, ...]:
    """The dice a bank now sets aside first, ascending: the throw's best keep when the rules let a player
    bank straight from a throw (``bank_keeps_best``), else none."""
    if state.phase is not Phase.KEEP or state.throw is None or not rules.bank_keeps_best:
        return ()
    best = rules.table.best(state.throw)
    return best.dice if best is not None else ()


def bank_total(rules: RuleSet, state: State, keep: Sequence[int] = ()) -> tuple[int, int]:
    """``(turn total, dice left)`` a bank would take now, after keeping ``keep`` from the throw if given.

    Raises :class:`IllegalAction` (the keep's fault or the bank's) if it is not allowed.
    """
    if keep:
        state = _keep(rules, state, Keep(tuple(keep)))
    if state.phase is Phase.CARRYOVER:
        raise IllegalAction("answer the carryover offer before banking", "offer-pending")
    from_throw = state.phase is Phase.KEEP
    if from_throw:
        assert state.throw is not None
        kept = bank_keep(rules, state)
        if not kept:
            raise IllegalAction("set aside at least one scoring die before banking", "keep-first")
        points = rules.table.points(counts_of(kept))
        assert points is not None
        total, left = state.turn_points + points, dice_after(rules, state.dice_left, len(kept))
        refusal = turn_refusal(rules, True, left, True)
    else:
        total, left = state.turn_points, state.dice_left
        refusal = turn_refusal(rules, state.kept, left, state.last_keep_best)
    seat = state.current
    high = high_to_top(rules, seat, state.scores, state.final and seat in state.owed)
    if refusal is None:
        need = entry_need(rules, state.on_board[seat], state.carried)
        refusal = seat_refusal(total, need, state.scores[seat], high)
    if refusal is not None:
        raise _bank_refused(rules, state, refusal, total, high, from_throw=from_throw)
    return total, left


def _bank_refused(
    rules: RuleSet, state: State, rule: str, total: int, high: int | None, *, from_throw: bool
) -> IllegalAction:
    """The refusal ``rule`` (a :mod:`~greed_game.rules.rulings` code) worded, with its facts."""
    if rule == "nothing-kept":
        return IllegalAction("a turn cannot be banked before any dice were kept", rule)
    if rule == "hot-dice-mandatory":
        message = (
            f"every die scores: hot dice, so all {rules.dice} dice must be thrown again"
            if from_throw
            else f"hot dice: all {rules.dice} dice must be thrown again before banking"
        )
        return IllegalAction(message, rule, dice=rules.dice)
    if rule == "scoring-dice-left":
        return IllegalAction(
            "you may not stop leaving scoring dice: banking keeps every scoring die of the throw", rule
        )
    score = state.scores[state.current]
    if rule == "must-top":
        return IllegalAction(
            f"in the final turn you may bank only to top the high score of {high}; banking now gives {score + total}",
            rule,
            high=high,
            total=score + total,
        )
    own = total if rules.entry_counts_carried else total - state.carried
    counted = "" if rules.entry_counts_carried else " of your own (carried points do not count)"
    return IllegalAction(
        f"to get on the board you need {rules.entry_minimum} points{counted} in one turn; you have {own}",
        rule,
        need=rules.entry_minimum,
        have=own,
        carried_count=rules.entry_counts_carried,
        carried=state.carried,
    )


def _bank(rules: RuleSet, state: State) -> State:
    total, left = bank_total(rules, state)
    return _end_turn(rules, state, banked=True, points=total, dice_left=left)


def _end_turn(rules: RuleSet, state: State, *, banked: bool, points: int, dice_left: int) -> State:
    seat = state.current
    scores = list(state.scores)
    on_board = list(state.on_board)
    reached = list(state.reached)
    if banked:
        scores[seat] += points
        on_board[seat] = True
        reached[seat] = state.events
    final, owed, high_mark = after_turn(rules, seat, scores, banked, state.final, state.owed, state.high_mark)
    base = replace(
        state,
        scores=tuple(scores),
        on_board=tuple(on_board),
        reached=tuple(reached),
        final=final,
        owed=owed,
        high_mark=high_mark,
        turn_points=0,
        carried=0,
        dice_left=rules.dice,
        throw=None,
        kept=False,
        carry_throw=False,
        last_keep_best=False,
        offer=None,
        rescued=False,
        turn=state.turn + 1,
    )
    nxt = next_seat(seat, state.players, final, owed)
    if nxt is None:
        return replace(base, phase=Phase.OVER, winners=winners_of(rules, base.scores, base.reached))
    if passes_dice(rules, banked, dice_left, state.players):
        return replace(base, current=nxt, phase=Phase.CARRYOVER, offer=Offer(points, dice_left, seat))
    return replace(base, current=nxt, phase=Phase.ROLL)


class Termination(Enum):
    """How a game ended: one member for each end rule (``RuleSet.end``)."""

    ONE_MORE_TURN = "one-more-turn"
    """A player banked to the target and every other player had one more turn; the top score wins, ties share."""
    MUST_TOP = "must-top"
    """A player banked to the target and every other player had one final turn in which a bank had to top the
    high score; the top score wins, ties share."""
    SCORE_TO_BEAT = "score-to-beat"
    """The last score to beat stood: every other player had a turn to beat it and none did; of tied top scores
    the one reached first wins."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended and who won it."""

    termination: Termination
    winners: tuple[int, ...]
    """The winning seats, ascending; more than one when the win is shared."""

    @property
    def shared(self) -> bool:
        """Whether more than one seat shares the win."""
        return len(self.winners) > 1


def outcome(rules: RuleSet, state: State) -> Outcome | None:
    """How the game ended, or None while it is still being played."""
    if state.phase is not Phase.OVER:
        return None
    end: EndMode = rules.end
    return Outcome(Termination(end), state.winners)


def bust_chance(rules: RuleSet, state: State) -> float | None:
    """The chance that the next throw of the dice left scores nothing, exact over every throw.

    Counts a strict carryover throw's required faces and the doubles rescue (a
    rescued pair is no bust). None when no throw is next: a keep or an answer
    to a carryover offer comes first, or the game is over.
    """
    if state.phase is not Phase.ROLL:
        return None
    return throw_bust_chance(rules, state.dice_left, state.carry_throw)


def legal_actions(rules: RuleSet, state: State) -> tuple[Action, ...]:
    """Every action the current player may take now."""
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.CARRYOVER:
        return (Carryover(True), Carryover(False))
    actions: list[Action] = []
    if state.phase is Phase.ROLL:
        actions.append(Throw(state.dice_left))
    else:
        assert state.throw is not None
        actions.extend(Keep(o.dice) for o in throw_options(rules, state, state.throw))
    if can_bank(rules, state):
        actions.append(Bank())
    return tuple(actions)


def can_bank(rules: RuleSet, state: State, keep: Sequence[int] = ()) -> bool:
    """Whether the current player may bank now (after keeping ``keep`` from the throw, if given)."""
    try:
        bank_total(rules, state, keep)
    except IllegalAction:
        return False
    return True


def roll_off(rules: RuleSet, players: int, rng: random.Random) -> tuple[int, list[dict[int, tuple[int, ...]]]]:
    """Decide the first player as the rules say; returns the seat and each round's dice.

    ``high-die``: each rolls one die, highest starts. ``best-roll``: each rolls
    every die, the best-scoring throw starts. Ties roll again among the tied.
    """
    if rules.first_player == "seat-order" or players == 1:
        return 0, []
    rounds: list[dict[int, tuple[int, ...]]] = []
    contenders = list(range(players))
    while True:
        count = 1 if rules.first_player == "high-die" else rules.dice
        throws = {seat: draw_dice(rng, count) for seat in contenders}
        rounds.append(throws)
        marks = {seat: roll_off_mark(rules, t) for seat, t in throws.items()}
        top = max(marks.values())
        contenders = [seat for seat in contenders if marks[seat] == top]
        if len(contenders) == 1:
            return contenders[0], rounds
