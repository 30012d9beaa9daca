"""What every part of the narrator shares: the rules, the seats, the dice's vocabulary, and the
shapes its words come in (a banner, a line, the carryover box)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from greed_game.narrator.words import Person, Vocabulary
from greed_game.rules.ruleset import RuleSet

Tone = Literal["gold", "good", "bad", "info", "warn", "plain", "dim"]
"""What a line means, for the screen to colour: a gain, a loss, news, a warning, plain text."""


@dataclass(frozen=True)
class Said:
    """A headline and the line under it (a banner), with its tone."""

    title: str
    sub: str = ""
    tone: Tone = "plain"
    name: str = field(default="", compare=False)
    """The seat's name as the title says it, if it does: a screen too narrow may shorten it, never the rest."""


@dataclass(frozen=True)
class OfferWords:
    """The carryover box: what is on offer, each answer, and the question."""

    headline: str
    take: str
    take_note: str
    """The strict condition of a carryover throw (empty when there is none)."""
    decline: str
    ask: str


@dataclass(frozen=True)
class Line:
    """A line of text with its tone (the hint, the log)."""

    text: str
    tone: Tone = "plain"
    indent: bool = False


class Voice:
    """The rules in force, the seats as sentences name them, and the dice's vocabulary: what each part
    of the narrator words things with (the parts share one of each, so they never disagree)."""

    def __init__(self, rules: RuleSet, people: Sequence[Person], vocab: Vocabulary) -> None:
        self.rules = rules
        self.people = tuple(people)
        self.vocab = vocab

    def person(self, seat: int) -> Person:
        """The seat as sentences name it."""
        return self.people[seat]

    def by(self, seat: int, you: str, other: str, /, **values: object) -> str:
        """A sentence about ``seat``: ``you`` when the seat is the one named "You" (spoken to), else ``other``
        with its ``{name}``; both already translated, each a whole sentence a translator can reorder."""
        p = self.person(seat)
        return (you if p.you else other).format(name=p.name, **values)

    def dice(self, faces: Iterable[int]) -> str:
        """Dice in the skin's vocabulary: ``1 1 5`` or ``D D G``."""
        return self.vocab.dice(faces)

    def _carry_faces(self) -> str:
        return self.vocab.faces_or(self.rules.carryover_faces)

