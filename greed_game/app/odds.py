"""Odds and advice for display, as the computer players' solver gives them (``greed_game.ai.advise``).

The table shows them; it never computes them. The chances are exact: the
solver counts every possible throw of the dice left under the rules.
"""

from __future__ import annotations

from greed_game.app import theme
from greed_game.rules import Carryover, RuleSet, State


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%" if p < 0.9995 else "100%"


def hint_lines(rules: RuleSet, state: State) -> list[tuple[str, tuple[int, int, int]]]:
    """What the Hint shows: the bust odds of throwing now and the expert's advice, as coloured lines."""
    from greed_game.ai import advise

    try:
        advice = advise(rules, state)
    except ValueError:
        return []
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if advice.bust_probability is not None:
        n = state.dice_left
        lines.append((f"Throwing {n} {'die' if n == 1 else 'dice'} now: {_pct(advice.bust_probability)} "
                      "chance of a bust", theme.WARN))
    lines.append((f"Expert: {advice.recommended.label}", theme.GREEN))
    for c in advice.choices[:4]:
        text = f"  {c.label}  ≈ {c.value:,.0f}"
        if c.bust_probability is not None:
            text += f"  (bust {_pct(c.bust_probability)})"
        lines.append((text, theme.TEXT_DIM))
    return lines


def offer_odds(rules: RuleSet, state: State) -> tuple[str, str]:
    """The bust chance of taking a carryover and of starting fresh, as percentages."""
    from greed_game.ai import advise

    take = fresh = "–"
    for choice in advise(rules, state).choices:
        if choice.bust_probability is None:
            continue
        if choice.actions[0] == Carryover(True):
            take = _pct(choice.bust_probability)
        elif choice.actions[0] == Carryover(False):
            fresh = _pct(choice.bust_probability)
    return take, fresh
