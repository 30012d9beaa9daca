"""What happened in a game, turn by turn: figures derived from its events.

Statistics, replays and tests ask the same questions of a finished (or
unfinished) game: which turns each seat played, what each turn banked, which
turns were busts, how often each face came up. The answers are computed by
replaying the events through the state machine, so they can never disagree
with the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from greed_game.rules.game import Bank, Carryover, Event, Keep, Roll, State, Void, apply, new_state
from greed_game.rules.live import Game
from greed_game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class TurnResult:
    """One finished turn of one seat."""

    seat: int
    """The seat that played the turn."""
    points: int
    """Points the turn added to the seat's score (0 for a bust)."""
    banked: bool
    """Whether the turn ended with a bank (otherwise it was a bust)."""
    carried: int
    """Points taken over from the previous player's carryover (included in ``points`` when banked)."""
    throws: int
    """Throws that counted in the turn (void throws excluded)."""
    first_event: int
    """Index of the turn's first event."""
    last_event: int
    """Index of the event that ended the turn (the bank or the busting throw)."""
    voids: int = 0
    """Void throws made in the turn (thrown again, not counted)."""
    declined: bool = False
    """The turn began by declining a carryover offer."""
    declined_points: int = 0
    """The points of the carryover offer the turn began by declining."""
    lost: int = 0
    """For a bust, the points the turn had when it busted (carried points included)."""

    @property
    def bust(self) -> bool:
        """Whether the turn ended with a throw that scored nothing."""
        return not self.banked

    @property
    def own_points(self) -> int:
        """Points of the turn scored by the seat's own throws (carried points excluded)."""
        return self.points - self.carried if self.banked else 0


@dataclass(frozen=True)
class History:
    """Every finished turn of a game, and the state after the last event."""

    turns: tuple[TurnResult, ...]
    state: State
    faces: tuple[int, int, int, int, int, int]
    """How often each face 1..6 came up in all throws (void throws included: the dice did show them)."""
    open_keeps: tuple[tuple[tuple[int, ...], int, bool], ...] = ()
    """The keeps of the turn still in progress, each with the points it added and whether it made hot dice (a
    resumed game's tray)."""

    def turns_of(self, seat: int) -> tuple[TurnResult, ...]:
        """The finished turns of ``seat``, in order."""
        return tuple(t for t in self.turns if t.seat == seat)


@dataclass
class _TurnSoFar:
    """The turn being replayed by :func:`history`, as far as it has gone."""

    start: int
    """Index of the turn's first event."""
    throws: int = 0
    carried: int = 0
    voids: int = 0
    declined: bool = False
    declined_points: int = 0
    keeps: list[tuple[tuple[int, ...], int, bool]] = field(default_factory=list)

    def copy(self) -> _TurnSoFar:
        """A copy a void can put back (the keeps copied too, as they grow in place)."""
        return replace(self, keeps=list(self.keeps))

    def note(self, event: Event, before: State, after: State) -> None:
        """Take in what a keep or a carryover changed."""
        if isinstance(event, Keep):
            # hot dice: more dice to throw than were left over (every die came back)
            hot = after.dice_left > before.dice_left - len(event.dice)
            self.keeps.append((tuple(sorted(event.dice)), after.turn_points - before.turn_points, hot))
        if isinstance(event, Carryover):
            if event.accept:
                self.carried = after.carried
            else:
                self.declined = True
                self.declined_points = before.offer.points if before.offer is not None else 0

    def result(self, seat: int, points: int, banked: bool, last_event: int, lost: int = 0) -> TurnResult:
        """The finished turn, ended by the event at ``last_event`` (a bust losing ``lost``)."""
        return TurnResult(
            seat=seat,
            points=points,
            banked=banked,
            carried=self.carried,
            throws=self.throws,
            first_event=self.start,
            last_event=last_event,
            voids=self.voids,
            declined=self.declined,
            declined_points=self.declined_points,
            lost=lost,
        )


def history(rules: RuleSet, players: int, events: Sequence[Event]) -> History:
    """Replay ``events`` for a game of ``players`` seats and describe every finished turn.

    Raises :class:`~greed_game.rules.game.IllegalAction` on an illegal event, like
    :func:`~greed_game.rules.game.apply`. A turn still in progress at the end is
    not listed.
    """
    state = new_state(rules, players)
    turns: list[TurnResult] = []
    faces = [0, 0, 0, 0, 0, 0]
    turn = _TurnSoFar(start=0)
    # What to restore when the next event voids the throw just made: the turns listed then, the turn as it was.
    undo: tuple[int, _TurnSoFar] | None = None
    for index, event in enumerate(events):
        before = state
        state = apply(rules, before, event)
        if isinstance(event, Void):
            if undo is not None:
                ended, turn = undo
                del turns[ended:]
            turn.voids += 1
            undo = None
            continue
        if isinstance(event, Roll):
            for die in event.dice:
                faces[die - 1] += 1
            undo = (len(turns), turn.copy())
            turn.throws += 1
        else:
            undo = None
        turn.note(event, before, state)
        if state.turn != before.turn:
            seat = before.current
            banked = isinstance(event, Bank)
            turns.append(turn.result(seat, state.scores[seat] - before.scores[seat], banked, index,
                                     0 if banked else before.turn_points))
            turn = _TurnSoFar(start=index + 1)
    faces_seen = (faces[0], faces[1], faces[2], faces[3], faces[4], faces[5])
    return History(tuple(turns), state, faces_seen, tuple(turn.keeps))


def game_history(game: Game) -> History:
    """The :func:`history` of a live or replayed game."""
    return history(game.rules, len(game.players), game.events)


def face_counts(events: Sequence[Event]) -> tuple[int, int, int, int, int, int]:
    """How often each face 1..6 came up in the throws among ``events`` (values outside 1..6 ignored)."""
    faces = [0, 0, 0, 0, 0, 0]
    for event in events:
        if isinstance(event, Roll):
            for die in event.dice:
                if isinstance(die, int) and 1 <= die <= 6:
                    faces[die - 1] += 1
    return (faces[0], faces[1], faces[2], faces[3], faces[4], faces[5])


__all__ = ["History", "TurnResult", "face_counts", "game_history", "history"]
