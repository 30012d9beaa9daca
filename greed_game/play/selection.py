"""The dice on the felt and which of them a player has picked, valued by the rules core.

Dice carry ids for as long as they lie on the felt, so the screen can say
*which* die was clicked; the rules only ever see faces. What a selection is
worth, and why it may not be kept, are the core's answers
(:func:`~greed_game.rules.keep_points`), never worked out here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from greed_game.rules import IllegalAction, RuleSet, State, keep_points


class Selection:
    """The dice lying on the felt (id → face) and the ids picked among them."""

    def __init__(self) -> None:
        self.dice: dict[int, int] = {}
        """Face of every die on the felt, by id, in the order they were thrown."""
        self.picked: set[int] = set()
        self._ids = itertools.count(1)

    def throw(self, values: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """Fresh dice on the felt (new ids: the screen never mistakes them for earlier ones)."""
        self.dice = {next(self._ids): v for v in values}
        self.picked = set()
        return tuple(self.dice.items())

    def clear(self) -> None:
        """No dice on the felt."""
        self.dice = {}
        self.picked = set()

    def toggle(self, die: int) -> bool:
        """Pick or unpick a die; False if no such die lies on the felt."""
        if die not in self.dice:
            return False
        self.picked ^= {die}
        return True

    def choose(self, faces: Iterable[int]) -> tuple[int, ...]:
        """Pick dice showing ``faces`` (the first thrown of each face first), nothing else; their ids."""
        self.picked = set(self.ids_of(faces))
        return tuple(d for d in self.dice if d in self.picked)

    def ids_of(self, faces: Iterable[int]) -> frozenset[int]:
        """The dice :meth:`choose` would pick for ``faces``, without picking them."""
        wanted = sorted(faces)
        chosen: list[int] = []
        for die, value in self.dice.items():
            if value in wanted:
                wanted.remove(value)
                chosen.append(die)
        return frozenset(chosen)

    def faces(self) -> tuple[int, ...]:
        """The picked dice's faces, ascending."""
        return tuple(sorted(self.dice[d] for d in self.picked))

    def take(self) -> tuple[int, ...]:
        """Take the picked dice off the felt (they go to the tray); their ids, in throw order."""
        taken = tuple(d for d in self.dice if d in self.picked)
        for d in taken:
            del self.dice[d]
        self.picked = set()
        return taken

    def value(self, rules: RuleSet, state: State) -> tuple[int | None, IllegalAction | None]:
        """What the picked dice add to the turn, or why they may not be kept (nothing picked: neither)."""
        faces = self.faces()
        if not faces:
            return None, None
        try:
            return keep_points(rules, state, faces), None
        except IllegalAction as exc:
            return None, exc
