"""Odds and advice for display, as the computer players' solver gives them (``greed_game.ai.advise``).

The table shows them; it never computes them. The chances are exact: the
solver counts every possible throw of the dice left under the rules. The
words come from the narrator.
"""

from __future__ import annotations

from greed_game.narrator import Line, Narrator, pct
from greed_game.rules import Bank, Carryover, Keep, Phase, RuleSet, State


def hint_lines(rules: RuleSet, state: State, narrator: Narrator) -> tuple[list[Line], tuple[int, ...]]:
    """What the Hint shows: the bust odds of throwing now and the expert's advice; and the dice the
    advice keeps (for the table to point at), ascending."""
    from greed_game.ai import advise

    try:
        advice = advise(rules, state)
    except ValueError:
        return [], ()
    choices = [(c.actions, c.value, c.bust_probability) for c in advice.choices]
    first = advice.choices[0].actions[0] if advice.choices else None
    keep = tuple(sorted(first.dice)) if isinstance(first, Keep) else ()
    if isinstance(first, Bank) and state.phase is Phase.KEEP and state.throw is not None:
        best = rules.table.best(state.throw)  # a bank straight from the throw keeps its best dice
        keep = best.dice if best is not None else ()
    return narrator.hint(state, advice.bust_probability, choices), keep


def offer_odds(rules: RuleSet, state: State) -> tuple[str, str]:
    """The bust chance of taking a carryover and of starting fresh, as percentages."""
    from greed_game.ai import advise

    take = fresh = "–"
    for choice in advise(rules, state).choices:
        if choice.bust_probability is None:
            continue
        if choice.actions[0] == Carryover(True):
            take = pct(choice.bust_probability)
        elif choice.actions[0] == Carryover(False):
            fresh = pct(choice.bust_probability)
    return take, fresh
