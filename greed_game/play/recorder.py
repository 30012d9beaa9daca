"""The record of the game in progress, saved after every event."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from greed_game.rules import Action, Event, Game, Record, record_of


class Pacing(Protocol):
    """The settings the flow reads (the app's settings, which may change mid-game)."""

    @property
    def animation_speed(self) -> str:
        """``slow``, ``normal``, ``fast`` or ``instant``."""

    @property
    def void_frequency(self) -> str:
        """``off``, ``rare`` or ``realistic``."""

    @property
    def opponents_talk(self) -> bool:
        """Whether the computer seats' characters say a line at their big moments."""


class Saver(Protocol):
    """Where the record goes after every event (the app's autosaver)."""

    def save(self, record: Record, rng: random.Random, seed: int | None) -> None:
        """Keep an unfinished game."""

    def finish(self, record: Record) -> None:
        """Keep a finished game."""


class Recorder:
    """Hands the game's record to the saver: every state of an unfinished game, a finished one once."""

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        seed: int | None,
        rules_ref: str | dict[str, Any],
        overrides: dict[str, Any],
        saver: Saver,
    ) -> None:
        self.game = game
        self.rng = rng
        self.seed = seed
        self.rules_ref = rules_ref
        self.overrides = overrides
        self.saver = saver
        self.finished_saved = False
        self.heard: Callable[[Event], None] | None = None
        """Told of every event played (a lesson follows its script by them)."""

    def play(self, action: Action | Event) -> Event:
        """Play an action in the game (raises IllegalAction, changing nothing) and save at once."""
        applied = self.game.play(action, self.rng)
        self.save()
        if self.heard is not None:
            self.heard(applied)
        return applied

    def record(self) -> Record:
        """The game's record as it is now."""
        return record_of(self.game, self.rules_ref, self.overrides)

    def save(self) -> None:
        """Save the game as it stands (with the dice's random state, so Continue throws the same dice)."""
        record = self.record()
        if self.game.finished:
            if not self.finished_saved:
                self.finished_saved = True
                self.saver.finish(record)
            return
        self.saver.save(record, self.rng, self.seed)
