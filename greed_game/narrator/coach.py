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

from greed_game.i18n import _, ngettext
from greed_game.narrator.rules_text import rules_name
from greed_game.narrator.voice import Voice
from greed_game.narrator.words import count_word, dice_count, join_and, num, sentence
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
    leave: str = ""
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
            task = _("There it is: the dice are thrown again for you.")
        nudge = _("Not that yet. First:") if nudged and task else ""
        return CardWords(title, body, task, _("Step {number} of {count}").format(number=number, count=of), nudge,
                         _("Esc: menu (leave the lesson at any time)"))

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
            _("Learn to play: {rules}").format(rules=rules_name(r)),
            _("Take turns throwing the dice. Keep the dice that score, then throw the rest again as often as "
              "you dare: a throw in which nothing scores loses the whole turn. "
              "The first to {target} points wins.").format(target=num(r.target)),
            _("Press Space or Roll to throw {dice} (or drag across the felt and let go).").format(
                dice=dice_count(r.dice)),
        )

    def _keep(self, f: LessonFacts) -> tuple[str, str, str]:
        single = self.vocab.the(f.first_keep[0])
        return (
            _("Keep a scoring die"),
            _("{singles} Most other faces score only three at a time. In this throw only {die} scores.").format(
                singles=self._singles(), die=single),
            _("Click {die} to keep it, then press Space to throw the other {dice}.").format(
                die=single, dice=dice_count(self.rules.dice - 1)),
        )

    def _bank(self, f: LessonFacts) -> tuple[str, str, str]:
        r = self.rules
        body = _("{dice} score {points}: keep them and this turn is worth {total}. Banking ends your turn and adds "
                 "its points to your score.").format(dice=sentence(self._these(f.triple)),
                                                     points=num(self._points(f.triple)), total=num(f.turn_one))
        triples = self._triples()
        if triples:
            body = f"{body} {triples}"
        if r.entry_minimum:
            if r.entry_counts_carried:
                entry = _("Entry minimum: until you are on the board, you may bank only a turn worth at least "
                          "{points} points.")
            else:
                entry = _("Entry minimum: until you are on the board, you may bank only a turn worth at least "
                          "{points} of your own points.")
            body = f"{body} {entry.format(points=num(r.entry_minimum))}"
        return (
            _("Three of a kind, and banking"),
            body,
            _("Click {dice}, then press Enter or Bank to bank {points}.").format(
                dice=self._these(f.triple, definite=True), points=num(f.turn_one)),
        )

    def _pass(self, f: LessonFacts) -> tuple[str, str, str]:
        r = self.rules
        body = _("You banked with {dice} unthrown. In these rules they pass to {name} with your {points} points: "
                 "{name} may take them and throw on, or start fresh with {all_dice}.").format(
            dice=dice_count(f.left), name=self._them, points=num(f.turn_one), all_dice=dice_count(r.dice))
        if r.carryover == "strict":
            body += " " + _("Whoever takes them must throw a {faces} to keep going.").format(
                faces=self.vocab.faces_or(r.carryover_faces))
        body += " " + _("Your own {points} are banked and safe.").format(points=num(f.turn_one))
        return _("Passing the dice"), body, ""

    def _opponent(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            _("{name}'s turn").format(name=self._them),
            _("Now {name} throws. Watch: the same choices, keep and throw on, or bank. "
              "Computer players think for a moment before each one.").format(name=self._them),
            "",
        )

    def _void(self, f: LessonFacts) -> tuple[str, str, str]:
        body = _("A die that falls off the table or lands cocked (leaning on the rail or on another die) makes the "
                 "throw void: it does not count, and the dice are thrown again. Your next throw will show one.")
        if f.passed:
            recap = _("{name} took your dice and nothing scored: a bust, so the {points} points {name} took are "
                      "gone.").format(name=self._them, points=num(f.turn_one))
            body = f"{recap} {body}"
        return _("A void throw"), body, _("Press Space to throw {dice}.").format(dice=dice_count(self.rules.dice))

    def _several(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            _("Keep several at once"),
            _("{dice} score: together {points}. Keep every die that scores if you like; fewer dice left means less "
              "chance that the next throw scores.").format(dice=sentence(self._these(f.several)),
                                                           points=num(f.several_points)),
            _("Click {dice}, then press Space to throw the last {left}.").format(
                dice=self._these(f.several, definite=True), left=dice_count(self.rules.dice - len(f.several))),
        )

    def _hot(self, f: LessonFacts) -> tuple[str, str, str]:
        n = count_word(self.rules.dice)
        if self.rules.hot_dice == "mandatory":
            choice = _("In these rules you must then throw all {count}.").format(count=n)
        else:
            choice = _("You may bank instead, but this time throw all {count}.").format(count=n)
        return (
            _("Hot dice"),
            _("Every die on the felt scores. When all your dice have scored you get all {count} back and the turn "
              "goes on: hot dice.").format(count=n) + " " + choice,
            _("Click {dice}, then press Space to throw all {count} again.").format(
                dice=self._these(f.hot, definite=True), count=n),
        )

    def _bust(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            _("Bust"),
            _("Nothing in this throw scores: a bust. The {points} points of this turn are lost and the turn passes. "
              "That is the gamble of Greed: bank when a turn is worth keeping.").format(points=num(f.lost)),
            _("Click or press a key to go on."),
        )

    def _real(self, f: LessonFacts) -> tuple[str, str, str]:
        return (
            _("Now for real"),
            _("That is the whole game. From here the dice are random and {name} plays to win: the first to "
              "{target} wins. Learn to play on the menu takes the lesson again.").format(
                name=self._them, target=num(self.rules.target)),
            "",
        )

    def _points(self, faces: tuple[int, ...]) -> int:
        return self.rules.table.points(counts_of(faces)) or 0

    def _triples(self) -> str:
        """What each three of a kind scores: ``Three of a kind: 1s 1,000 · 2s 200 · …``."""
        parts = []
        kinds = self.rules.scoring.kind_points()
        for face in (1, 2, 3, 4, 5, 6):
            value = kinds.get((3, face))  # a real three of a kind only: three D's in $GREED are three singles
            if value is not None:
                parts.append(_("{dice} {points}").format(dice=self.vocab.many(3, face), points=num(value)))
        if not parts:
            return ""
        return _("Each three of a kind: {list}.").format(list=_(", ").join(parts))

    def _singles(self) -> str:
        """What single dice score: ``A 1 scores 100 and a 5 scores 50.``"""
        parts = []
        for face in (1, 5):
            value = self.rules.table.points(counts_of((face,)))
            if value is not None:
                parts.append(_("{die} scores {points}").format(die=self.vocab.a(face), points=num(value)))
        return _("{scores}.").format(scores=sentence(join_and(parts))) if parts else ""

    def _these(self, dice: tuple[int, ...], *, definite: bool = False) -> str:
        """``the 5``, ``three 6s``, ``three 2s and the 5``; ``definite``: ``the three 6s``."""
        groups = []
        for face, run in groupby(sorted(dice, key=lambda d: (-list(dice).count(d), d))):
            k = len(list(run))
            if k == 1:
                groups.append(self.vocab.the(face))
            elif definite:
                # Translators: dice to click, "the three 6s".
                groups.append(_("the {dice}").format(dice=self.vocab.many(k, face)))
            else:
                groups.append(self.vocab.many(k, face))
        return join_and(groups)


def lesson_lead(offer: bool) -> str:
    """The line under the Learn to play heading (``offer``: offered to a new player on the first start)."""
    if offer:
        return _("New to Greed? A short guided game at the table teaches it in a few throws.")
    return _("A short guided game at the table, a few throws long.")


def lesson_about(opponent: str) -> str:
    """What the lesson will be like, against ``opponent``."""
    return _("You play against {name}, a computer player. Each step of the game is shown as it comes: keep the "
             "dice that score, throw the rest, bank, and what can go wrong. The table waits for you at every step, "
             "and the lesson ends in a real game.").format(name=opponent)


def faces_caption(dice: int) -> str:
    """The caption before the pictures of a die's six faces on the Learn to play screen."""
    return ngettext("{count} die, each with these faces:", "{count} dice, each with these faces:", dice).format(
        count=dice)
