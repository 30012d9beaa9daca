"""Each rule of the game once, as a question over plain values.

The state machine (:mod:`greed_game.rules.game`), the fast headless engine
(:mod:`greed_game.ai.simulate`), the solvers and the computer players all ask
these, so no rule is worked out in two places. Arguments are integers, tuples
and dice counts, never a :class:`~greed_game.rules.game.State`: the fast engine
keeps plain integers and must not build a state to ask a question.

Refusals are rule codes, the same ``IllegalAction.rule`` codes the state
machine raises (``"entry-minimum"``, ``"must-top"``, ...), or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from greed_game.rules.dice import Counts, counts_of, multisets, size
from greed_game.rules.reach import rescued
from greed_game.rules.ruleset import RuleSet
from greed_game.rules.scoring import Option


def strict_carry(rules: RuleSet) -> bool:
    """Whether the first throw after taking a carryover must keep a carryover face (``carryover = "strict"``)."""
    return rules.carryover == "strict"


def has_carry_face(rules: RuleSet, keep: Counts) -> bool:
    """Whether ``keep`` holds one of the rules' carryover faces (what a strict carryover throw's keep needs)."""
    return any(keep[f - 1] for f in rules.carryover_faces)


def keeps_of(rules: RuleSet, throw: Counts, *, strict: bool = False) -> tuple[Option, ...]:
    """The keeps ``throw`` allows, best first; ``strict``: a strict carryover throw (a carryover face needed)."""
    options = rules.table.options(throw)
    return carry_keeps(rules, options) if strict else options


def carry_keeps(rules: RuleSet, options: tuple[Option, ...]) -> tuple[Option, ...]:
    """Of a throw's keep ``options``, those a strict carryover throw allows (with a carryover face)."""
    return tuple(o for o in options if has_carry_face(rules, o.counts))


def rescues(rules: RuleSet, throw: Counts) -> bool:
    """Whether a throw that scores nothing is rescued: a pair of two dice, thrown on with all the dice."""
    return rescued(rules.doubles_rescue, throw)


def dice_after(rules: RuleSet, thrown: int, kept: int) -> int:
    """The dice thrown next after keeping ``kept`` of ``thrown``: all of them again after hot dice."""
    left = thrown - kept
    return left if left > 0 else rules.dice


def turn_refusal(rules: RuleSet, kept: bool, dice_left: int, last_best: bool) -> str | None:
    """Why the turn so far cannot be banked, whoever plays it; None if it can.

    ``kept``: a keep was made this turn; ``dice_left``: the dice the player
    would throw next (all of them after hot dice or a rescue); ``last_best``:
    the last keep took the most points its throw offered.
    """
    if not kept:
        return "nothing-kept"
    if dice_left == rules.dice and rules.hot_dice == "mandatory":
        return "hot-dice-mandatory"
    if rules.bank_keeps_best and not last_best:
        return "scoring-dice-left"
    return None


def entry_need(rules: RuleSet, on_board: bool, carried: int) -> int:
    """The turn total a player needs to get on the board (0 once on it); carried points count as the rules say."""
    if on_board:
        return 0
    return rules.entry_minimum + (0 if rules.entry_counts_carried else carried)


def highest_other(scores: Sequence[int], seat: int) -> int:
    """The highest score of the seats other than ``seat`` (0 alone at the table)."""
    return max((s for i, s in enumerate(scores) if i != seat), default=0)


def high_to_top(rules: RuleSet, seat: int, scores: Sequence[int], final_turn: bool) -> int | None:
    """The score ``seat`` must top to bank at all: the highest other score in a must-top final turn, else None."""
    if rules.end != "must-top" or not final_turn:
        return None
    return highest_other(scores, seat)


def seat_refusal(total: int, need: int, score: int, high: int | None) -> str | None:
    """Why this player cannot bank ``total`` now: below the entry ``need`` (:func:`entry_need`) or not
    topping ``high`` (:func:`high_to_top`) from ``score``; None if it can."""
    if total < need:
        return "entry-minimum"
    if high is not None and score + total <= high:
        return "must-top"
    return None


def bank_minimum(need: int, score: int, high: int | None) -> int:
    """The smallest turn total :func:`seat_refusal` lets the player bank."""
    return need if high is None else max(need, high - score + 1)


def final_need(rules: RuleSet, score: int, high: int) -> int:
    """The points a seat owed a final turn must bank from ``score`` not to lose to ``high``.

    Enough to tie under ``one-more-turn`` (a tie shares the win); one more
    under ``must-top`` (a tie cannot be banked) and ``score-to-beat`` (the tie
    goes to the score reached first, the leader's).
    """
    return high - score + (0 if rules.end == "one-more-turn" else 1)


def banks_short(rules: RuleSet, seat: int, scores: Sequence[int], banked: float, final_turn: bool,
                high_mark: int | None) -> bool:
    """Whether ``seat`` banking ``banked`` now loses the game: in its final turn, too few to catch the highest
    other score (or ``high_mark``, the score to beat) as :func:`final_need` counts it."""
    if not final_turn:
        return False
    high = high_mark if high_mark is not None else highest_other(scores, seat)
    return banked < final_need(rules, scores[seat], high)


def bank_wins(rules: RuleSet, seat: int, scores: Sequence[int], banked: float, final: bool,
              owed: Sequence[int]) -> bool:
    """Whether ``seat`` banking ``banked`` now wins the game outright: the last final turn owed, and more than
    every other score (under ``score-to-beat`` a bank that beats the mark owes the others a turn again)."""
    if not final or tuple(owed) != (seat,) or rules.end == "score-to-beat":
        return False
    return scores[seat] + banked > highest_other(scores, seat)


def passes_dice(rules: RuleSet, banked: bool, dice_left: int, players: int) -> bool:
    """Whether a turn that ended so offers its dice and points to the next player (a carryover)."""
    return banked and rules.carryover != "none" and 0 < dice_left < rules.dice and players > 1


def after_turn(
    rules: RuleSet,
    seat: int,
    scores: Sequence[int],
    banked: bool,
    final: bool,
    owed: tuple[int, ...],
    high_mark: int | None,
) -> tuple[bool, tuple[int, ...], int | None]:
    """``(final, owed, high_mark)`` once ``seat``'s turn is over, ``scores`` already counting its bank.

    Reaching the target starts the final turns: every other seat is owed one,
    in seat order. Under ``score-to-beat`` each bank that reaches the target
    and beats the mark sets a new mark and owes every other seat a turn again.
    """
    if banked and scores[seat] >= rules.target:
        n = len(scores)
        others = tuple((seat + k) % n for k in range(1, n))
        if rules.end == "score-to-beat":
            if high_mark is None or scores[seat] > high_mark:
                return True, others, scores[seat]
        elif not final:
            return True, others, high_mark
    return final, (tuple(s for s in owed if s != seat) if seat in owed else owed), high_mark


def next_seat(seat: int, players: int, final: bool, owed: tuple[int, ...]) -> int | None:
    """Who plays after ``seat`` (see :func:`after_turn`); None when the game is over."""
    if final:
        return owed[0] if owed else None
    return (seat + 1) % players


def roll_off_mark(rules: RuleSet, dice: Sequence[int]) -> int:
    """What a roll-off throw of ``dice`` counts for: its die under ``high-die``, its best points under
    ``best-roll`` (0 for a throw that scores nothing); the highest mark starts."""
    if rules.first_player != "best-roll":
        return dice[0]
    best = rules.table.best(counts_of(dice))
    return 0 if best is None else best.points


def winners_of(rules: RuleSet, scores: Sequence[int], reached: Sequence[int]) -> tuple[int, ...]:
    """The seats that win with these final ``scores``; ``reached``: when each reached its score.

    The top score wins and ties share the win, except under ``score-to-beat``,
    where the first to reach the tied score wins.
    """
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s == top]
    if rules.end == "score-to-beat" and len(tied) > 1:
        first = min(reached[i] for i in tied)
        tied = [i for i in tied if reached[i] == first]
    return tuple(tied)


@lru_cache(maxsize=256)
def throw_bust_chance(rules: RuleSet, dice: int, strict: bool = False) -> float:
    """The chance that throwing ``dice`` dice scores nothing (a bust), counted exactly over every throw.

    ``strict``: a strict carryover throw, where only keeps with a carryover face
    count; a pair the doubles rescue saves is no bust.
    """
    busts = 0
    for throw in multisets(dice):
        if size(throw) != dice or keeps_of(rules, throw, strict=strict) or rescues(rules, throw):
            continue
        ways = factorial(dice)
        for c in throw:
            ways //= factorial(c)
        busts += ways
    return busts / float(6**dice)


@dataclass(frozen=True)
class TurnTables:
    """The turn's rules above, tabulated once per rule set for loops that ask them for every throw.

    Built by asking :func:`dice_after` and :func:`turn_refusal`, so a table
    cannot say other than the rule; reading a tuple costs a fraction of a call.
    """

    dice_after: tuple[tuple[int, ...], ...]
    """``dice_after[thrown][kept]``: :func:`dice_after`."""
    bankable: tuple[tuple[tuple[bool, bool], ...], ...]
    """``bankable[kept][dice_left][last_best]``: whether the turn may be banked (:func:`turn_refusal` is None)."""


@lru_cache(maxsize=64)
def turn_tables(rules: RuleSet) -> TurnTables:
    """The :class:`TurnTables` of ``rules`` (built once)."""
    dice = rules.dice
    after = tuple(tuple(dice_after(rules, n, k) if 0 < k <= n else 0 for k in range(dice + 1)) for n in range(dice + 1))
    bankable = tuple(
        tuple(
            (turn_refusal(rules, kept, n, False) is None, turn_refusal(rules, kept, n, True) is None)
            for n in range(dice + 1)
        )
        for kept in (False, True)
    )
    return TurnTables(after, bankable)
