"""The hands that throw the dice: every throw simulated in 3D, and void when the physics says so.

A throw is void when a die ends off the felt or cocked, as the simulation
shows it (:mod:`greed_game.physics`); nothing here draws a void by chance.
The void-throw setting says how hard hands throw ("rare" gently) and, when
"off", throws a void throw again before anyone sees it. Only visual chance is
used (never the dice values), so a record replays the same whatever void
throws a game had.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from greed_game.physics import TABLE, Film, Flick, Layout, Table, throw_until
from greed_game.physics.throw import THROWING, Throwing, simulate, simulate_hands
from greed_game.rules.game import VoidReason

FORCED_TRIES = 1500
"""Throws simulated at most to find a void one that was asked for (a cocked die comes about once in 130 throws
of five dice)."""

HARD = Throwing(speed=(28.0, 38.0), lift=(5.0, 8.0))
"""A throw hard enough to send a die over the rail (asked for by tests and the smoke run)."""


@dataclass(frozen=True)
class Toss:
    """A throw as the table will show it: the film and each die's faces."""

    film: Film
    layouts: tuple[Layout, ...]

    @property
    def void(self) -> VoidReason | None:
        found = self.film.void
        return found[0] if found is not None else None

    @property
    def against(self) -> str | None:
        """What the die that makes the throw void leans on ("rail", "die"), or where the dice off the felt went:
        "floor" (all fell off the table), "rail" (all lie on it) or "over" (some of each)."""
        found = self.film.void
        if found is None or found[0] != "off-felt":
            return found[2] if found is not None else None
        off = [fell for fell, out in zip(self.film.fell, self.film.off_felt, strict=True) if out]
        return "floor" if all(off) else "rail" if not any(off) else "over"

    @property
    def void_count(self) -> int:
        """How many dice make the throw void: those off the felt, else those cocked."""
        film = self.film
        return sum(film.off_felt) or sum(film.cocked)


def seat_spot(seat: int, players: int, table: Table = TABLE) -> tuple[float, int]:
    """Where a seat sits: x along its rail (die units) and the rail (-1 bottom, 1 top).

    Seats go round the table clockwise: the bottom rail left to right, then the
    top rail right to left (the name plates follow the same order).
    """
    bottom = (players + 1) // 2
    if seat < bottom:
        n, i, side = bottom, seat, -1
    else:
        n, i, side = players - bottom, players - 1 - seat, 1
    return -table.half_width + table.width * (i + 1) / (n + 1), side


class Hands:
    """Throws the dice for every seat, as hard as the void-throw setting says."""

    def __init__(self, setting: Callable[[], str], rng: random.Random, table: Table = TABLE) -> None:
        self.setting = setting
        self.rng = rng
        self.table = table
        self.forced: list[VoidReason] = []
        """Void throws to make next, whatever the setting (tests, the smoke run)."""
        self.by_hand: Flick | None = None
        """A person's throw by hand, for the next throw (None: a throw of the seat's own)."""

    def flick(self, seat: int, players: int, count: int = 6, aside: float = 0.0) -> Flick:
        """A throw of ``count`` dice of a seat's own: from its place at the rail (``aside``: that far to the
        thrower's left), across the felt."""
        x, side = seat_spot(seat, players, self.table)
        return self.throwing.flick(side, x + side * aside + self.rng.uniform(-1.0, 1.0), self.rng, count)

    @property
    def throwing(self) -> Throwing:
        return THROWING.get(self.setting(), THROWING["realistic"])

    def toss(self, values: tuple[int, ...], seat: int, players: int, flick: Flick | None = None) -> Toss:
        """Throw dice that are to show ``values`` (the core drew them) from ``seat``; by hand with ``flick``."""
        flick, self.by_hand = flick or self.by_hand or self.flick(seat, players, len(values)), None
        if self.forced:
            film = self._forced(self.forced.pop(0), len(values), flick, seat, players)
        else:
            setting = self.setting()
            film, _ = throw_until(len(values), flick, self.rng, clean=setting == "off",
                                  throwing=self.throwing, table=self.table)
        return Toss(film, tuple(film.layouts(values, self.rng)))

    def roll_off(self, throws: list[tuple[int, tuple[int, ...]]], players: int, by_hand: int | None = None) -> Toss:
        """The roll-off's dice thrown at once, each seat's from its own place (``throws``: seat and values);
        seat ``by_hand``'s with the person's throw by hand, when there is one.

        A roll-off throw is never void: the core has read its values already,
        so the hands throw again, unseen, until every die lies flat on the felt.
        """
        flick, self.by_hand = self.by_hand, None

        # Each hand throws from a little to its left: two seats facing each other across the middle then throw
        # past each other, not head on (their dice met in the middle every time, as if steered there).
        def hands() -> list[tuple[int, Flick]]:
            return [(len(values), flick if seat == by_hand and flick is not None else
                     self.flick(seat, players, len(values), aside=1.6 if len(throws) > 1 else 0.0))
                    for seat, values in throws]

        film = simulate_hands(hands(), self.rng, throwing=self.throwing, table=self.table)
        for _ in range(FORCED_TRIES):
            if film.void is None:
                break
            flick = None  # (the person's throw went wrong unseen: thrown again as the hand would)
            film = simulate_hands(hands(), self.rng, throwing=self.throwing, table=self.table)
        values = tuple(v for _, vs in throws for v in vs)
        return Toss(film, tuple(film.layouts(values, self.rng)))

    def _forced(self, reason: VoidReason, count: int, flick: Flick, seat: int, players: int) -> Film:
        """A film that shows ``reason`` (thrown hard for a die over the rail); a clean one if none comes."""
        throwing = HARD if reason == "off-felt" else self.throwing
        x, side = seat_spot(seat, players, self.table)
        film = simulate(count, flick, self.rng, throwing=throwing, table=self.table)
        for _ in range(FORCED_TRIES):
            # A die over the rail is asked for alone and falling to the floor, the clearest sight there is.
            if film.void is not None and film.void[0] == reason and (
                    reason == "leaning" or (film.void[2] == "floor" and sum(film.off_felt) == 1)):
                break
            flick = throwing.flick(side, x, self.rng, count)
            film = simulate(count, flick, self.rng, throwing=throwing, table=self.table)
        return film

