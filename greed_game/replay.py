"""Watching a recorded game step by step, forward and back.

:class:`Replay` holds every state of a record's game (states are immutable, so
this is cheap) and a position between 0 (before the first event) and
``len(replay)`` (after the last). It never touches files or pixels: the window
shows ``replay.state`` and ``replay.caption()``.
"""

from __future__ import annotations

import json

from greed_game.narrator import Narrator, Skin
from greed_game.presets import record_rules
from greed_game.rules import (
    Event,
    IllegalAction,
    Record,
    RecordError,
    RuleSet,
    State,
    apply,
    new_state,
)
from greed_game.rules.record import event_to_data
from greed_game.said import Said, said_of


class Replay:
    """A record's game, state by state; ``position`` is how many events have been applied."""

    def __init__(self, record: Record) -> None:
        """Replay every event now; raises :class:`RecordError` naming an illegal event."""
        self.record = record
        self.rules: RuleSet = record_rules(record)
        if not 1 <= len(record.players) <= 8:
            raise RecordError(Said("a game has 1 to 8 players"))
        state = new_state(self.rules, len(record.players))
        self.states: list[State] = [state]
        for i, event in enumerate(record.events):
            try:
                state = apply(self.rules, state, event)
            except IllegalAction as exc:
                raise RecordError(
                    Said("event {number} {event}: {problem} [{rule}]", number=i,
                         event=json.dumps(event_to_data(event)), problem=said_of(exc), rule=exc.rule),
                    index=i, rule=exc.rule
                ) from None
            self.states.append(state)
        self.position = 0
        self._captions: dict[Skin, list[str]] = {}

    def __len__(self) -> int:
        """Number of events."""
        return len(self.record.events)

    @property
    def state(self) -> State:
        """The state after ``position`` events."""
        return self.states[self.position]

    @property
    def event(self) -> Event | None:
        """The event just applied (None at the start)."""
        return self.record.events[self.position - 1] if self.position else None

    @property
    def at_start(self) -> bool:
        """Whether no event has been applied yet."""
        return self.position == 0

    @property
    def at_end(self) -> bool:
        """Whether every event has been applied."""
        return self.position == len(self)

    def forward(self, steps: int = 1) -> bool:
        """Apply the next ``steps`` events (stops at the end); returns whether the position moved."""
        return self.seek(self.position + steps)

    def back(self, steps: int = 1) -> bool:
        """Take back ``steps`` events (stops at the start); returns whether the position moved."""
        return self.seek(self.position - steps)

    def seek(self, position: int) -> bool:
        """Go to ``position`` (clamped to 0..len); returns whether it moved."""
        target = max(0, min(len(self), position))
        moved = target != self.position
        self.position = target
        return moved

    def next_turn(self) -> bool:
        """Go forward to the end of the current turn (or of the game)."""
        start = self.state.turn
        moved = False
        while not self.at_end and self.state.turn == start:
            moved = self.forward() or moved
        return moved

    def previous_turn(self) -> bool:
        """Go back to the start of the current turn, or of the previous one when already there."""
        if self.at_start:
            return False
        self.back()
        turn = self.state.turn
        while not self.at_start and self.states[self.position - 1].turn == turn:
            self.back()
        return True

    def caption(self, position: int | None = None, skin: Skin | None = None) -> str:
        """The event that led to ``position`` (default: the current one) in plain words."""
        pos = max(0, min(len(self), self.position if position is None else position))
        return self.captions(skin)[pos]

    def captions(self, skin: Skin | None = None) -> list[str]:
        """Every position's caption, in the vocabulary of ``skin`` (default: the rules' own)."""
        chosen: Skin = skin if skin is not None else self.rules.skin
        if chosen not in self._captions:
            names = [p.name for p in self.record.players]
            narrator = Narrator(self.rules, names, chosen)
            self._captions[chosen] = narrator.events.replay_captions(self.states, self.record.events)
        return self._captions[chosen]


__all__ = ["Replay"]
