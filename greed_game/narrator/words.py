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

from greed_game import i18n
from greed_game.i18n import N_, _, ngettext, pgettext

Skin = Literal["pips", "greed"]

LETTERS: dict[int, str] = {1: "D", 2: "E", 3: "E", 4: "R", 5: "G", 6: "$"}
"""The glyph on each face of the $GREED dice."""
LETTER_WORDS: dict[int, str] = {1: "D", 2: N_("ebony E"), 3: N_("emerald E"), 4: "R", 5: "G", 6: "$"}
"""How a face of the $GREED dice is named in a sentence (the two E's differ by colour; translated where said)."""
LETTER_COLOURS: dict[int, str] = {1: "blue", 2: "ebony", 3: "emerald", 4: "red", 5: "orange", 6: "silver"}

COUNT_WORDS: dict[int, str] = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
                               6: N_("six")}
"""A count of dice as a word (translated where said: :func:`count_word`)."""


def count_word(n: int) -> str:
    """``three``: a count of dice as a word, in the language in force (a digit past six)."""
    return _(COUNT_WORDS[n]) if n in COUNT_WORDS else num(n)


def num(value: int) -> str:
    """A number of points as every screen shows it, in the language in force: ``1,250``, ``1.250``."""
    return i18n.number(value)


def pct(p: float) -> str:
    """A chance as a percentage with one decimal (``100%`` only when it is certain), in the language in force."""
    return i18n.percent(p, 1) if p < 0.9995 else i18n.percent(1.0)


def dice_count(n: int) -> str:
    """``1 die`` or ``n dice``."""
    return ngettext("{count} die", "{count} dice", n).format(count=num(n))


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised."""
    return text[:1].upper() + text[1:] if text else text


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the end of a list, "Ada, Bo and Cleo"; {rest} is the list before the last item.
    return _("{rest} and {last}").format(rest=_(", ").join(items[:-1]), last=items[-1])


def join_or(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the end of a list of choices, "a 1 or 5".
    return _("{rest} or {last}").format(rest=_(", ").join(items[:-1]), last=items[-1])


@dataclass(frozen=True)
class Vocabulary:
    """How dice are named: ``pips`` (digits) or ``greed`` (letters)."""

    skin: Skin = "pips"

    def face(self, face: int) -> str:
        """One face: ``5`` or ``G``; the E's as ``ebony E`` and ``emerald E``."""
        return _(LETTER_WORDS[face]) if self.skin == "greed" else str(face)

    def dice(self, faces: Iterable[int]) -> str:
        """Several dice, ascending: ``1 1 5``; ``D D G``; ``D, three emerald E's``."""
        ordered = sorted(faces)
        if self.skin != "greed":
            return " ".join(map(str, ordered))
        groups: list[str] = []
        spaced = True
        for face, run in groupby(ordered):
            n = len(list(run))
            word = _(LETTER_WORDS[face])
            if " " not in word:
                groups.append(" ".join([word] * n))
            else:
                spaced = False
                groups.append(word if n == 1 else self.many(n, face))
        return (" " if spaced else ", ").join(groups)

    def the(self, face: int) -> str:
        """``the 5``, ``the G``: one die named (a letter may take another article than a digit)."""
        if self.skin == "greed":
            return pgettext("$GREED letter", "the {face}").format(face=self.face(face))
        return _("the {face}").format(face=self.face(face))

    def a(self, face: int) -> str:
        """``a 5``, ``a G``: any one die of that face."""
        if self.skin == "greed":
            return pgettext("$GREED letter", "a {face}").format(face=self.face(face))
        return _("a {face}").format(face=self.face(face))

    def many(self, n: int, face: int) -> str:
        """``three 5s``, ``two ebony E's``: several dice of one face."""
        if self.skin == "greed":
            # Translators: several $GREED dice of one face, "three G's", "two ebony E's".
            return _("{count} {face}'s").format(count=count_word(n), face=self.face(face))
        # Translators: several dice of one face, "three 5s"; {count} is a word ("three"), {face} a digit.
        return _("{count} {face}s").format(count=count_word(n), face=self.face(face))

    def spelled(self, faces: Sequence[int]) -> str | None:
        """A run of letter dice as they spell, from the $ down: ``GREED`` for 1 to 5, ``$GREE`` for 2 to 6;
        None with pips, or for dice that are not one each of a run of faces."""
        ordered = sorted(faces, reverse=True)
        run = len(ordered) >= 2 and ordered == list(range(ordered[0], ordered[0] - len(ordered), -1))
        if self.skin != "greed" or not run:
            return None
        return "".join(LETTER_WORDS[f][-1] for f in ordered)

    def faces_or(self, faces: Sequence[int]) -> str:
        """``1 or 5``, ``D or G``: any one of ``faces``."""
        return join_or([self.face(f) for f in faces])




@dataclass(frozen=True)
class Person:
    """A seat as the sentences name it: "Ada banks", or "You bank" for a seat named You."""

    name: str

    @property
    def you(self) -> bool:
        """Whether the seat is addressed as "you"."""
        # The name the new-game screen gives a person's seat, in English or in the language in force.
        return self.name.strip().casefold() in ("you", _("You").casefold())

    @property
    def subject(self) -> str:
        """The name at the start of a clause ("You" for the seat named You)."""
        return _("You") if self.you else self.name

    @property
    def object(self) -> str:
        """The name after a verb or a preposition ("you")."""
        return _("you") if self.you else self.name
