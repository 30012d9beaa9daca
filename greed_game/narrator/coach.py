"""The words of Learn to play: each card of the guided game, in plain words and the dice's own vocabulary.

A card names one idea of the game, explains it with the figures of the
throw on the felt, and says what to do now. The words follow the rules in
force: five or six dice, an entry minimum or none, dice passed on or not,
hot dice that must or may be thrown, pips or $GREED letters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

from greed_game.narrator.voice import Voice
from greed_game.narrator.words import COUNT_WORDS, dice_count, num
from greed_game.rules.dice import counts_of

Idea = Literal["welcome", "keep", "bank", "pass", "opponent", "void", "several", "hot", "bust", "real"]
"""What a card of the lesson teaches, in the order they come."""


@dataclass(frozen=True)
class LessonFacts:
    """The figures of one lesson's script that its words need."""

    first_keep: tuple[int, ...]
    triple: tuple[int, ...]
    turn_one: int
    """What the first turn banks."""
    left: int
    """Dice left unthrown when the first turn banks."""
    several: tuple[int, ...]
    several_points: int
    hot: tuple[int, ...]
    lost: int
    """The points of the turn that ends in a bust."""
    opponent_keep: tuple[int, ...] = ()
    passed: bool = False
    """The rules pass unthrown dice on, so the first bank offers them to the opponent."""


@dataclass(frozen=True)
class CardWords:
    """One card: the idea's name, what it means here, and what to do now (empty while watching)."""

    title: str
    body: str
    task: str
    step: str
    """Where the card stands among them: ``Step 3 of 9``."""
    nudge: str = ""
    """Said when the newcomer just tried another move (the task then says what the lesson asks instead)."""
    leave: str = "Esc: menu (leave the lesson at any time)"
    """How to leave the lesson."""


class Coach(Voice):
    """The guided game's cards; seat 0 is the newcomer, seat 1 the opponent."""

    def card(
        self, idea: Idea, facts: LessonFacts, number: int, of: int, *, nudged: bool = False, seen: bool = False,
    ) -> CardWords:
        """The card teaching ``idea`` with the figures of ``facts``; ``nudged``: a wrong move was just tried;
        ``seen``: what the card tells of is on the felt now (nothing is asked until the table moves on)."""
        title, body, task = self._words(idea, facts)
        if seen:
            task = "There it is: the dice are thrown again for you."
        nudge = "Not that yet: this step asks for something else." if nudged and task else ""
        return CardWords(title, body, task, f"Step {number} of {of}", nudge)

    def _words(self, idea: Idea, f: LessonFacts) -> tuple[str, str, str]:
        """The title, the body and the task of ``idea``'s card."""
        words: dict[Idea, Callable[[LessonFacts], tuple[str, str, str]]] = {
            "welcome": self._welcome, "keep": self._keep, "bank": self._bank, "pass": self._pass,
            "opponent": self._opponent, "void": self._void, "several": self._several, "hot": self._hot,
            "bust": self._bust, "real": self._real,
        }
        return words[idea](f)

    @property
    def _them(self) -> str:
        return self.person(1).subject

    def _welcome(self, f: LessonFacts) -> tuple[str, str, str]:
        r = self.rules
        return (
            f"Learn to play: {r.name}",
            "Take turns throwing the dice. Keep the dice that score, then throw the rest again as often as "
            "you dare: a throw in which nothing scores loses the whole turn. "
            f"The first to {num(r.target)} points wins.",
            f"Press Space or Roll to throw {dice_count(r.dice)} (or drag across the felt and let go).",
        )

    def _keep(self, f: LessonFacts) -> tuple[str, str, str]:
        single = self.vocab.face(f.first_keep[0])
        return (
            "Keep a scoring die",
            f"{self._singles()} Most other faces score only three at a time. In this throw only the {single} scores.",
            f"Click the {single} to keep it, then press Space to throw the other {dice_count(self.rules.dice - 1)}.",
        )

    def _bank(self, f: LessonFacts) -> tuple[str, str, str]:
        r = self.rules
        entry = ""
        if r.entry_minimum:
            own = " of your own" if not r.entry_counts_carried else ""
            entry = (f" Entry minimum: until you are on the board, you may bank only a turn worth at least "
                     f"{num(r.entry_minimum)}{own} points.")
        return (
            "Three of a kind, and banking",
            f"{_upper(self._these(f.triple))} score {num(self._points(f.triple))}: keep them and this turn is worth "
            f"{num(f.turn_one)}. Banking ends your turn and adds its points to your score.{entry}",
            f"Click {self._these(f.triple, 'the')}, then press Enter or Bank to bank {num(f.turn_one)}.",
        )

    def _pass(self, f: LessonFacts) -> tuple[str, str, str]:
        r, them = self.rules, self._them
        strict = ""
        if r.carryover == "strict":
            strict = f" Whoever takes them must throw a {self.vocab.faces_or(r.carryover_faces)} to keep going."
        return (
            "Passing the dice",
            f"You banked with {dice_count(f.left)} unthrown. In these rules they pass to {them} with your "
            f"{num(f.turn_one)} points: {them} may take them and throw on, or start fresh with "
            f"{dice_count(r.dice)}.{strict} Your own {num(f.turn_one)} are banked and safe.",
            "",
        )

    def _opponent(self, f: LessonFacts) -> tuple[str, str, str]:
        them = self._them
        return (
            f"{them}'s turn",
            f"Now {them} throws. Watch: the same choices, keep and throw on, or bank. "
            "Computer players think for a moment before each one.",
            "",
        )

    def _void(self, f: LessonFacts) -> tuple[str, str, str]:
        them = self._them
        recap = ""
        if f.passed:
            recap = (f"{them} took your dice and nothing scored: a bust, so the {num(f.turn_one)} points "
                     f"{them} took are gone. ")
        return (
            "A void throw",
            f"{recap}A die that falls off the table or lands cocked (leaning on the rail or on another die) "
            "makes the throw void: it does not count, and the dice are thrown again. Your next throw will "
            "show one.",
            f"Press Space to throw {dice_count(self.rules.dice)}.",
        )

    def _several(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            "Keep several at once",
            f"{_upper(self._these(f.several))} score: together {num(f.several_points)}. Keep every die "
            f"that scores if you like; fewer dice left means less chance that the next throw scores.",
            f"Click {self._these(f.several, 'the')}, then press Space to throw the last "
            f"{dice_count(self.rules.dice - len(f.several))}.",
        )

    def _hot(self, f: LessonFacts) -> tuple[str, str, str]:
        all_dice = f"all {COUNT_WORDS[self.rules.dice]}"
        if self.rules.hot_dice == "mandatory":
            choice = f"In these rules you must then throw {all_dice}."
        else:
            choice = f"You may bank instead, but this time throw {all_dice}."
        return (
            "Hot dice",
            f"Every die on the felt scores. When all your dice have scored you get {all_dice} back and the "
            f"turn goes on: hot dice. {choice}",
            f"Click {self._these(f.hot, 'the')}, then press Space to throw {all_dice} again.",
        )

    def _bust(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            "Bust",
            f"Nothing in this throw scores: a bust. The {num(f.lost)} points of this turn are lost and the "
            "turn passes. That is the gamble of Greed: bank when a turn is worth keeping.",
            "Click or press a key to go on.",
        )

    def _real(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            "Now for real",
            f"That is the whole game. From here the dice are random and {self._them} plays to win: the first to "
            f"{num(self.rules.target)} wins. Learn to play on the menu takes the lesson again.",
            "",
        )

    def _points(self, faces: tuple[int, ...]) -> int:
        return self.rules.table.points(counts_of(faces)) or 0

    def _singles(self) -> str:
        """What single dice score: ``A 1 scores 100 and a 5 scores 50.``"""
        parts = []
        for face in (1, 5):
            value = self.rules.table.points(counts_of((face,)))
            if value is not None:
                parts.append(f"a {self.vocab.face(face)} scores {num(value)}")
        return _upper(" and ".join(parts)) + "." if parts else ""

    def _these(self, dice: tuple[int, ...], article: str = "") -> str:
        """``the 5``, ``three 6s``, ``three 2s and the 5``; with ``article`` ("the"): ``the three 6s``."""
        groups = []
        for face, run in groupby(sorted(dice, key=lambda d: (-list(dice).count(d), d))):
            k = len(list(run))
            many = f"{COUNT_WORDS[k]} {self.vocab.face_plural(face)}"
            groups.append(f"the {self.vocab.face(face)}" if k == 1 else f"{article} {many}".strip())
        return " and ".join(groups) if len(groups) <= 2 else ", ".join(groups[:-1]) + " and " + groups[-1]


def lesson_lead(offer: bool) -> str:
    """The line under the Learn to play heading (``offer``: offered to a new player on the first start)."""
    if offer:
        return "New to Greed? A short guided game at the table teaches it in a few throws."
    return "A short guided game at the table, a few throws long."


def lesson_about(opponent: str) -> str:
    """What the lesson will be like, against ``opponent``."""
    return (f"You play {opponent}, a computer player. Each step of the game is shown as it comes: keep the dice "
            "that score, throw the rest, bank, and what can go wrong. The table waits for you at every step, and "
            "the lesson ends in a real game.")


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]
