"""The small words every sentence is made of: numbers, dice and people.

Numbers always read the same (``1,250``); dice read in their skin's own
vocabulary (digits for pips, letters for the $GREED dice, where the two E's
are told apart by colour); a seat named "You" is spoken to, not about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

Skin = Literal["pips", "greed"]

LETTERS: dict[int, str] = {1: "D", 2: "E", 3: "E", 4: "R", 5: "G", 6: "$"}
"""The glyph on each face of the $GREED dice."""
LETTER_WORDS: dict[int, str] = {1: "D", 2: "ebony E", 3: "emerald E", 4: "R", 5: "G", 6: "$"}
"""How a face of the $GREED dice is named in a sentence (the two E's differ by colour)."""
LETTER_COLOURS: dict[int, str] = {1: "blue", 2: "ebony", 3: "emerald", 4: "red", 5: "orange", 6: "silver"}

COUNT_WORDS: dict[int, str] = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def num(value: int) -> str:
    """A number of points as every screen shows it: ``1,250``."""
    return f"{value:,}"


def pct(p: float) -> str:
    """A chance as a percentage with one decimal (``100%`` only when it is certain)."""
    return f"{p * 100:.1f}%" if p < 0.9995 else "100%"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 die``, ``3 dice``: a count with its noun."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def dice_count(n: int) -> str:
    """``1 die`` or ``n dice``."""
    return plural(n, "die", "dice")


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised."""
    return text[:1].upper() + text[1:] if text else text


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def join_or(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


@dataclass(frozen=True)
class Vocabulary:
    """How dice are named: ``pips`` (digits) or ``greed`` (letters)."""

    skin: Skin = "pips"

    def face(self, face: int) -> str:
        """One face: ``5`` or ``G``; the E's as ``ebony E`` and ``emerald E``."""
        return LETTER_WORDS[face] if self.skin == "greed" else str(face)

    def dice(self, faces: Iterable[int]) -> str:
        """Several dice, ascending: ``1 1 5``; ``D D G``; ``D, three emerald E's``."""
        ordered = sorted(faces)
        if self.skin != "greed":
            return " ".join(map(str, ordered))
        groups: list[str] = []
        spaced = True
        for face, run in groupby(ordered):
            n = len(list(run))
            word = LETTER_WORDS[face]
            if " " not in word:
                groups.append(" ".join([word] * n))
            else:
                spaced = False
                groups.append(word if n == 1 else f"{COUNT_WORDS[n]} {word}'s")
        return (" " if spaced else ", ").join(groups)

    def faces_or(self, faces: Sequence[int]) -> str:
        """``1 or 5``, ``D or G``: any one of ``faces``."""
        return join_or([self.face(f) for f in faces])

    def face_plural(self, face: int) -> str:
        """``5s``, ``G's``: several dice of one face, as in "three 5s"."""
        return f"{self.face(face)}'s" if self.skin == "greed" else f"{face}s"


@dataclass(frozen=True)
class Person:
    """A seat as the sentences name it: "Ada banks", or "You bank" for a seat named You."""

    name: str

    @property
    def you(self) -> bool:
        """Whether the seat is addressed as "you"."""
        return self.name.strip().casefold() == "you"

    @property
    def subject(self) -> str:
        """The name at the start of a clause ("You" for the seat named You)."""
        return "You" if self.you else self.name

    @property
    def object(self) -> str:
        """The name after a verb or a preposition ("you")."""
        return "you" if self.you else self.name

    @property
    def possessive(self) -> str:
        """``Ada's`` or ``Your``, at the start of a sentence."""
        return "Your" if self.you else f"{self.name}'s"

    @property
    def possessive_mid(self) -> str:
        """``Ada's`` or ``your``, inside a sentence."""
        return "your" if self.you else f"{self.name}'s"

    def does(self, third: str, second: str | None = None) -> str:
        """Subject and verb: ``Ada banks``, ``You bank`` (``second`` when the plain form is irregular)."""
        if self.you:
            return f"You {second if second is not None else _plain(third)}"
        return f"{self.name} {third}"


def _plain(third: str) -> str:
    """The verb form that goes with "you", from the one that goes with a name."""
    words = third.split(" ", 1)
    verb = words[0]
    irregular = {"is": "are", "has": "have", "does": "do", "was": "were"}
    if verb in irregular:
        plain = irregular[verb]
    elif verb.endswith(("ches", "shes", "sses", "xes", "zzes")):
        plain = verb[:-2]
    elif verb.endswith("ies") and len(verb) > 4:
        plain = verb[:-3] + "y"
    elif verb.endswith("s") and not verb.endswith("ss"):
        plain = verb[:-1]
    else:
        plain = verb
    return " ".join([plain, *words[1:]])
