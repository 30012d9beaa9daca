"""A live game: the rules, the players, the state and every event so far.

Each applied event also leaves a :class:`~greed_game.rules.transitions.Step`
(``game.last``): the states around it and what it meant, so that whoever
shows the game reads the core's account instead of working it out again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from greed_game.rules.dice import dice_of
from greed_game.rules.game import (
    Action,
    Event,
    FirstPlayer,
    IllegalAction,
    Phase,
    Roll,
    State,
    Throw,
    apply,
    draw_dice,
    legal_actions,
    new_state,
    roll_off,
    throw_options,
)
from greed_game.rules.ruleset import RuleSet
from greed_game.rules.scoring import Option
from greed_game.rules.transitions import Step, transitions


@dataclass(frozen=True)
class Player:
    """A seat at the table: a name and ``human`` or a computer level."""

    name: str
    kind: str = "human"


class Game:
    """A live game: rules, players, the current state and the events so far."""

    def __init__(self, rules: RuleSet, players: Sequence[Player]) -> None:
        self.rules = rules
        self.players: tuple[Player, ...] = tuple(players)
        self.state = new_state(rules, len(self.players))
        self.events: list[Event] = []
        self.last: Step | None = None
        """The last event applied, with what it meant (None before the first)."""

    def apply(self, event: Event) -> State:
        """Apply a record event; on an illegal one nothing changes."""
        before = self.state
        after = apply(self.rules, before, event)
        self.last = Step(before, event, after, transitions(self.rules, before, event, after))
        self.state = after
        self.events.append(event)
        return after

    def play(self, action: Action | Event, rng: random.Random) -> Event:
        """Take an action; a ``Throw`` draws its dice from ``rng``. Returns the event applied."""
        event: Event
        if isinstance(action, Throw):
            if self.state.phase is not Phase.ROLL:
                apply(self.rules, self.state, Roll(()))  # raises the specific reason
            if action.count != self.state.dice_left:
                raise IllegalAction(
                    f"{action.count} dice cannot be thrown; {self.state.dice_left} must be", "wrong-dice-count"
                )
            event = Roll(draw_dice(rng, action.count))
        else:
            event = action
        self.apply(event)
        return event

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take now."""
        return legal_actions(self.rules, self.state)

    def is_legal(self, event: Action | Event) -> bool:
        """Whether ``event`` may be applied now."""
        if isinstance(event, Throw):
            return event in self.legal_actions()
        try:
            apply(self.rules, self.state, event)
        except IllegalAction:
            return False
        return True

    def options(self) -> tuple[Option, ...]:
        """The valid keeps of the throw waiting to be kept from (empty otherwise)."""
        if self.state.throw is None:
            return ()
        return throw_options(self.rules, self.state, self.state.throw)

    def roll_off(self, rng: random.Random) -> list[dict[int, tuple[int, ...]]]:
        """Run the first-player roll-off of the rules and record its winner."""
        seat, rounds = roll_off(self.rules, len(self.players), rng)
        if rounds:
            self.apply(FirstPlayer(seat))
        return rounds

    def copy(self) -> Game:
        """An independent copy (states are immutable, so this is cheap)."""
        other = Game.__new__(Game)
        other.rules, other.players, other.state = self.rules, self.players, self.state
        other.events, other.last = list(self.events), self.last
        return other

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.state.finished

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats once the game is over (several when they share the win)."""
        return self.state.winners

    def remaining_dice(self) -> tuple[int, ...]:
        """The dice of the waiting throw that are not yet decided (for display)."""
        return () if self.state.throw is None else dice_of(self.state.throw)

    def __repr__(self) -> str:
        s = self.state
        return f"Game(rules={self.rules.id!r}, scores={list(s.scores)}, current={s.current}, phase={s.phase.value})"

