"""Learn to play: a short guided game at the real table, with dice chosen for the lesson.

A :class:`Lesson` is a script of moves for a newcomer (seat 0) and one
computer opponent (seat 1): which dice each throw shows and which decision
each seat makes, from the first throw to a bust that ends the lesson. Every
idea of the game is shown as it happens (keep a scoring die, throw the rest,
bank, the entry minimum, passing the dice where the rules have it, a void
throw, hot dice, a bust), and the table waits for the newcomer to do it. A
move other than the one the lesson asks for is refused gently and changes
nothing. Once the script is played the game goes on as a real one.

The dice are found by asking the rules core which keeps a throw allows, so
each preset (five or six dice, its own scoring table) gets throws that teach
exactly one thing. Pure Python: no pygame, no files.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Literal

from greed_game.narrator.coach import CardWords, Idea, LessonFacts
from greed_game.play.moments import AnswerOffer, BankTurn, Command, ThrowDice, ToggleDie
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    Keep,
    Roll,
    RuleSet,
    Throw,
    Void,
    counts_of,
    keeps_of,
    passes_dice,
    rescues,
)
from greed_game.rules.dice import Counts

LEARNER = 0
"""The newcomer's seat."""
OPPONENT = 1
"""The computer opponent's seat."""

IDEAS: tuple[Idea, ...] = ("welcome", "keep", "bank", "pass", "opponent", "void", "several", "hot", "bust", "real")
"""Every idea a lesson may teach, in the order they come (a lesson has either "pass" or "opponent")."""

FILLERS = (2, 3, 4, 6, 1, 5)
"""Faces tried for the dice that must not score, the ones least likely to score first."""


class NoLessonDice(ValueError):
    """The rules allow no throw that shows what a step of the lesson needs (rules far from any preset)."""


@dataclass(frozen=True)
class Move:
    """One decision of the script: ``seat`` throws (showing ``dice``), keeps ``dice``, banks or takes dice on offer.

    ``idea`` is the card on show while the move is awaited; ``void`` asks for the throw to be void first.
    """

    seat: int
    kind: Literal["throw", "keep", "bank", "take"]
    idea: Idea
    dice: tuple[int, ...] = ()
    void: bool = False


@dataclass(frozen=True)
class Card:
    """The coach's card as the table shows it: which idea, its place among them, and whether to nudge."""

    idea: Idea
    number: int
    of: int
    nudge: bool = False
    """The newcomer just tried something else: the task is shown again, more plainly."""
    seen: bool = False
    """What the card tells of has just happened (the void throw is on the felt): nothing is asked now."""


@dataclass
class Lesson:
    """A lesson being played: the script, how far it has got, and the card on show."""

    rules: RuleSet
    moves: tuple[Move, ...]
    facts: LessonFacts
    done_moves: int = 0
    turns_after: int = 0
    """Turns that have passed since the script ended (the last card stays until the newcomer's next move)."""
    closed: bool = False
    """The lesson is over and its card gone: the game is a real one."""
    nudged: bool = False
    voided: bool = False
    """The void throw the script asks for has been asked of the hands."""
    _shown: Card | None = field(default=None, repr=False)
    worded: tuple[object, CardWords] | None = field(default=None, repr=False)
    """The card on show in words, with what they were worded for (the table words a card once)."""

    @property
    def ideas(self) -> tuple[Idea, ...]:
        """The cards of this lesson in order: those of its moves, then the bust it ends on and the real game."""
        return (*dict.fromkeys(m.idea for m in self.moves), "bust", "real")

    # -- where the script stands -------------------------------------------------------------------------

    @property
    def scripted(self) -> bool:
        """Whether moves of the script are still to come (the table then follows it)."""
        return not self.closed and self.done_moves < len(self.moves)

    @property
    def next_move(self) -> Move | None:
        """The move the script waits for, if any."""
        return self.moves[self.done_moves] if self.scripted else None

    def _after(self) -> Move | None:
        i = self.done_moves + 1
        return self.moves[i] if self.scripted and i < len(self.moves) else None

    def heard(self, event: Event) -> None:
        """The game applied ``event``: the script moves on when it was the move awaited.

        A void throw takes its roll back, so the same dice are thrown again. Anything the script did not
        expect (it cannot come from the newcomer, whose moves are checked) ends the script: the game goes on
        as a real one rather than teach from a position it did not plan.
        """
        if isinstance(event, FirstPlayer):
            return
        if isinstance(event, Void):
            if self.done_moves > 0 and self.moves[self.done_moves - 1].kind == "throw":
                self.done_moves -= 1
            return
        move = self.next_move
        if move is None:
            return
        if _matches(move, event):
            self.done_moves += 1
            self.nudged = False
        else:
            self.done_moves = len(self.moves)

    def turn_over(self) -> None:
        """A turn has ended (after the script, the cards move on to the last one)."""
        if not self.scripted:
            self.turns_after += 1

    # -- what the table asks of the lesson ----------------------------------------------------------------

    def dice(self) -> tuple[int, ...] | None:
        """The dice the next throw is to show (None: the dice are real)."""
        move = self.next_move
        return move.dice if move is not None and move.kind == "throw" else None

    def void_first(self) -> bool:
        """Whether the next throw is to be void (once): the lesson shows a void throw."""
        move = self.next_move
        if move is None or move.kind != "throw" or not move.void or self.voided:
            return False
        self.voided = True
        return True

    def opponent_action(self) -> Action | None:
        """The opponent's scripted decision, when the script waits for one (None: it plays its own game)."""
        move = self.next_move
        if move is None or move.seat != OPPONENT:
            return None
        if move.kind == "throw":
            return Throw(len(move.dice))
        if move.kind == "keep":
            return Keep(move.dice)
        if move.kind == "bank":
            return Bank()
        return Carryover(True)

    def keep_asked(self) -> tuple[int, ...]:
        """The faces the newcomer is asked to pick now (none when no keep is awaited)."""
        move = self.next_move
        return move.dice if move is not None and move.seat == LEARNER and move.kind == "keep" else ()

    def allows(self, command: Command, picked: tuple[int, ...]) -> bool:
        """Whether the newcomer's ``command`` (with the dice ``picked``) is the lesson's next move.

        A refused command changes nothing; the card's task is then shown again (``nudged``). Picking dice,
        the hint and hurrying are always allowed.
        """
        if isinstance(command, ToggleDie):
            self.nudged = False  # picking dice is doing what the card says: its warning goes
        if not isinstance(command, (ThrowDice, BankTurn, AnswerOffer)):
            return True
        move = self.next_move
        if move is None:
            # The newcomer's first decision in the real game takes the last card down.
            self.closed = self.closed or self.turns_after > 0
            return True
        ok = move.seat == LEARNER and _asked(move, self._after(), command, picked)
        self.nudged = not ok
        return ok

    def on_show(self, *, rolling: bool, seat: int) -> Card | None:
        """The card the table shows, ``seat`` being the one whose turn is on show: it stays as it was while dice
        fly (it never tells what the throw in the air will show) and until the turn it speaks of is on show (the
        newcomer's next card waits for the opponent's turn to end). None once the lesson has closed."""
        if self.closed:
            return None
        move = self.next_move
        early = move is not None and move.seat != seat
        if self._shown is None or not (rolling or early):
            self._shown = self.card()
        return self._shown

    def wants_bank(self) -> bool:
        """Whether the newcomer's next move is a bank (the table then offers Bank first)."""
        move = self.next_move
        if move is None or move.seat != LEARNER:
            return False
        after = self._after()
        return move.kind == "bank" or (move.kind == "keep" and after is not None and after.kind == "bank")

    def card(self) -> Card | None:
        """The card for where the script stands (None once the lesson has closed)."""
        if self.closed:
            return None
        move = self.next_move
        # After the script: the bust it ends on, then (once the turn has passed) the real game.
        idea: Idea = move.idea if move is not None else "bust" if self.turns_after == 0 else "real"
        seen = move is not None and move.void and self.voided
        return Card(idea, self.ideas.index(idea) + 1, len(self.ideas), self.nudged, seen)


def _matches(move: Move, event: Event) -> bool:
    if move.kind == "throw":
        return isinstance(event, Roll) and tuple(event.dice) == move.dice
    if move.kind == "keep":
        return isinstance(event, Keep) and sorted(event.dice) == sorted(move.dice)
    if move.kind == "bank":
        return isinstance(event, Bank)
    return isinstance(event, Carryover) and event.accept


def _asked(move: Move, after: Move | None, command: Command, picked: tuple[int, ...]) -> bool:
    """Whether ``command`` carries out ``move`` (a keep with the move after it: throw or bank)."""
    if move.kind == "take":
        return isinstance(command, AnswerOffer) and command.accept
    if move.kind == "throw":
        return isinstance(command, ThrowDice) and not picked
    if move.kind == "bank":
        return isinstance(command, BankTurn) and not picked
    if sorted(picked) != sorted(move.dice) or after is None:
        return False
    wanted = ThrowDice if after.kind == "throw" else BankTurn
    return isinstance(command, wanted)


# -- the script ----------------------------------------------------------------------------------------------


def _scoring(rules: RuleSet, throw: Counts) -> Counts:
    """Every die of ``throw`` that some keep uses (the most of each face any keep takes)."""
    options = keeps_of(rules, throw)
    return tuple(max((o.counts[f] for o in options), default=0) for f in range(6))  # type: ignore[return-value]


def find_throw(rules: RuleSet, count: int, keep: tuple[int, ...], seed: int = 0) -> tuple[int, ...]:
    """A throw of ``count`` dice in which exactly the dice ``keep`` score (the others never do), dealt in an
    order that looks thrown; raises :class:`NoLessonDice` when no such throw exists under ``rules``."""
    if len(keep) > count:
        raise NoLessonDice(f"a keep of {len(keep)} dice from a throw of {count}")
    want = counts_of(keep)
    # Fillers of another face than the kept ones first: three 2s read as three 2s, not as five 2s of which
    # three score.
    fillers = sorted(itertools.combinations_with_replacement(FILLERS, count - len(keep)),
                     key=lambda f: sum(d in keep for d in f))
    for filler in fillers:
        throw = counts_of((*keep, *filler))
        if _scoring(rules, throw) == want and (keep or not rescues(rules, throw)):
            dice = [*keep, *filler]
            random.Random(seed).shuffle(dice)
            return tuple(dice)
    raise NoLessonDice(f"no throw of {count} dice where only {sorted(keep)} score")


def _triple(rules: RuleSet, at_least: int) -> tuple[int, int]:
    """The face of a three of a kind worth at least ``at_least`` (the smallest such; else the best), and its
    points; the single-scoring faces are passed over, so a triple never reads as singles."""
    found: list[tuple[int, int]] = []
    for face in (2, 3, 4, 6):
        points = rules.table.points(counts_of((face,) * 3))
        singles = keeps_of(rules, counts_of((face,) * 3))
        if points is not None and all(o.size == 3 for o in singles):
            found.append((points, face))
    if not found:
        raise NoLessonDice("these rules score no three of a kind")
    enough = sorted(p for p in found if p[0] >= at_least)
    points, face = enough[0] if enough else max(found)
    return face, points


def _all_scoring(rules: RuleSet, count: int) -> tuple[int, ...]:
    """A throw of ``count`` dice that all score (hot dice), made of 1s and 5s where the rules allow."""
    # Different faces first: "the 1 and the 5" shows that every scoring die counts, not only pairs.
    candidates = sorted(itertools.combinations_with_replacement((1, 5, 2, 3, 4, 6), count), key=lambda d: -len(set(d)))
    for dice in candidates:
        throw = counts_of(dice)
        if _scoring(rules, throw) == throw:
            mixed = sorted(dice)
            return tuple(mixed)
    raise NoLessonDice(f"no throw of {count} dice where every die scores")


def build_lesson(rules: RuleSet) -> Lesson:
    """The lesson for ``rules``: two seats, the newcomer first; raises :class:`NoLessonDice` when the rules
    allow no throw for one of its steps (every preset has them all)."""
    n = rules.dice
    single = 5 if rules.table.points(counts_of((5,))) is not None else 1
    one = rules.table.points(counts_of((single,))) or 0
    low_face, low_points = _triple(rules, 0)
    # The first turn's three of a kind gets the player on the board at once, and differs from the later one.
    face, points = _triple(rules, max(rules.entry_minimum - one, low_points + 1))
    moves: list[Move] = [
        Move(LEARNER, "throw", "welcome", find_throw(rules, n, (single,), seed=1)),
        Move(LEARNER, "keep", "keep", (single,)),
        Move(LEARNER, "throw", "keep", find_throw(rules, n - 1, (face,) * 3, seed=2)),
        Move(LEARNER, "keep", "bank", (face,) * 3),
        Move(LEARNER, "bank", "bank"),
    ]
    left = n - 4
    turn_one = one + points
    passed = passes_dice(rules, True, left, 2)
    opponent_keep: tuple[int, ...] = ()
    if passed:
        moves += [
            Move(OPPONENT, "take", "pass"),
            Move(OPPONENT, "throw", "pass", find_throw(rules, left, (), seed=3)),
        ]
    else:
        best_face, _ = _triple(rules, rules.entry_minimum)
        opponent_keep = (1, best_face, best_face, best_face) if n > 4 else (best_face,) * 3
        moves += [
            Move(OPPONENT, "throw", "opponent", find_throw(rules, n, opponent_keep, seed=4)),
            Move(OPPONENT, "keep", "opponent", opponent_keep),
            Move(OPPONENT, "bank", "opponent"),
        ]
    several = (low_face, low_face, low_face, single)
    several_points = rules.table.points(counts_of(several)) or low_points + one
    hot = _all_scoring(rules, n - len(several))
    hot_points = rules.table.points(counts_of(hot)) or 0
    moves += [
        Move(LEARNER, "throw", "void", find_throw(rules, n, several, seed=5), void=True),
        Move(LEARNER, "keep", "several", several),
        Move(LEARNER, "throw", "several", _dealt(hot, 6)),
        Move(LEARNER, "keep", "hot", hot),
        Move(LEARNER, "throw", "hot", find_throw(rules, n, (), seed=7)),
    ]
    facts = LessonFacts(
        first_keep=(single,),
        triple=(face,) * 3,
        turn_one=turn_one,
        left=left,
        several=several,
        several_points=several_points,
        hot=hot,
        lost=several_points + hot_points,
        opponent_keep=opponent_keep,
        passed=passed,
    )
    return Lesson(rules, tuple(moves), facts)


def _dealt(dice: tuple[int, ...], seed: int) -> tuple[int, ...]:
    out = list(dice)
    random.Random(seed).shuffle(out)
    return tuple(out)


__all__ = [
    "IDEAS",
    "LEARNER",
    "OPPONENT",
    "Card",
    "Idea",
    "Lesson",
    "Move",
    "NoLessonDice",
    "build_lesson",
    "find_throw",
]
