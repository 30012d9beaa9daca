"""Advice for any game state: bust odds, the exact value of each choice, and the best one.

Values are the expert's: expected points banked this turn under optimal play
from there on, with the player's entry minimum and final-turn limits applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from greed_game.ai.players import bankable_after, context_of, entry_threshold
from greed_game.ai.solver import Solution, solve
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    Keep,
    RuleSet,
    State,
    Throw,
    bank_total,
    bust_chance,
    can_bank,
    dice_after,
    throw_bust_chance,
)
from greed_game.rules.game import Phase, apply, throw_options

Words = Callable[[Sequence[Action]], str]
"""How a choice is put in words (the narrator's): the solver only knows actions and values."""


@dataclass(frozen=True)
class Choice:
    """One thing the player can do, with its exact expected value."""

    actions: tuple[Action, ...]
    """The actions that carry it out, in order (a keep may be followed by a bank)."""
    value: float
    bust_probability: float | None = None
    """For choices that throw next: the chance that this next throw busts."""

    def to_data(self, words: Words) -> dict[str, Any]:
        """JSON-ready form, the choice worded by ``words``."""
        data: dict[str, Any] = {"choice": words(self.actions), "value": round(self.value, 2)}
        if self.bust_probability is not None:
            data["bust_probability"] = round(self.bust_probability, 4)
        return data


@dataclass(frozen=True)
class Advice:
    """Everything the hint shows."""

    bust_probability: float | None
    """The chance that throwing now busts (None when the player cannot throw now)."""
    choices: tuple[Choice, ...]
    """Best first."""

    @property
    def recommended(self) -> Choice:
        """The best choice."""
        return self.choices[0]

    def to_data(self, words: Words) -> dict[str, Any]:
        """JSON-ready form, each choice worded by ``words``."""
        return {
            "bust_probability": None if self.bust_probability is None else round(self.bust_probability, 4),
            "recommended": words(self.recommended.actions),
            "choices": [c.to_data(words) for c in self.choices],
        }


@dataclass(frozen=True)
class KeepOption:
    """A choice after a scoring throw before it is valued: its actions, the points it adds, the dice after it."""

    actions: tuple[Action, ...]
    points: int
    """Points the choice adds to the turn total."""
    dice: int
    """Dice thrown next (all of them again after hot dice), or those a bank leaves unthrown."""
    banks: bool


def keep_options(rules: RuleSet, state: State) -> list[KeepOption]:
    """Every choice after the throw of ``state``: each valid keep with a throw (and with a bank where the
    rules allow one), and a bank straight from the throw where the rules' bank keeps the best dice."""
    assert state.throw is not None
    n = state.dice_left
    options = throw_options(rules, state, state.throw)
    best = options[0].points
    found: list[KeepOption] = []
    for o in options:
        keep = Keep(o.dice)
        nxt = dice_after(rules, n, o.size)
        found.append(KeepOption((keep, Throw(nxt)), o.points, nxt, False))
        if bankable_after(rules, n, o.points, best, o.counts) and can_bank(rules, state, o.dice):
            found.append(KeepOption((keep, Bank()), o.points, nxt, True))
    if can_bank(rules, state):
        total, left = bank_total(rules, state)
        found.append(KeepOption((Bank(),), total - state.turn_points, left, True))
    return found


def advise(rules: RuleSet, state: State, solution: Solution | None = None) -> Advice:
    """The expert's advice for the current player of ``state``."""
    if state.phase is Phase.OVER:
        raise ValueError("the game is over: there is nothing to advise")
    sol = solution if solution is not None else solve(rules)
    ctx = context_of(state)
    entry = entry_threshold(rules, ctx)
    choices: list[Choice] = []
    bust: float | None = None
    if state.phase is Phase.CARRYOVER:
        offer = state.offer
        assert offer is not None
        take_state = apply(rules, state, Carryover(True))
        take_entry = entry_threshold(rules, context_of(take_state))
        choices.append(
            Choice(
                (Carryover(True),),
                sol.carryover_value(offer.dice, offer.points, take_entry),
                bust_chance(rules, take_state),
            )
        )
        choices.append(
            Choice(
                (Carryover(False),),
                sol.throw_value(rules.dice, 0, entry),
                bust_chance(rules, apply(rules, state, Carryover(False))),
            )
        )
    elif state.phase is Phase.ROLL:
        n, t = state.dice_left, state.turn_points
        bust = bust_chance(rules, state)
        value = (
            sol.carryover_value(n, t, entry) if state.carry_throw else sol.throw_value(n, t, entry)
        )
        choices.append(Choice((Throw(n),), value, bust))
        if can_bank(rules, state):
            choices.append(Choice((Bank(),), float(t)))
    else:
        t = state.turn_points
        for k in keep_options(rules, state):
            if k.banks:
                choices.append(Choice(k.actions, float(t + k.points)))
            else:
                value = sol.throw_value(k.dice, t + k.points, entry)
                choices.append(Choice(k.actions, value, throw_bust_chance(rules, k.dice)))
    # Stable order: best value first; among equals, banking (certain) before throwing, then fewer dice kept.
    choices.sort(key=lambda c: (-round(c.value, 9), c.bust_probability is not None, _kept(c)))
    return Advice(bust, tuple(choices))


def _kept(choice: Choice) -> int:
    first = choice.actions[0]
    return len(first.dice) if isinstance(first, Keep) else 0
