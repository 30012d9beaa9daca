"""Odds and advice for display, as the computer players' solver gives them (``greed_game.ai.advise``).

The table shows them; it never computes them. The chances are exact: the
solver counts every possible throw of the dice left under the rules. The
words come from the narrator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greed_game.narrator import Line, Narrator, pct
from greed_game.rules import Action, Bank, Carryover, Keep, RuleSet, State, Throw, bank_keep

if TYPE_CHECKING:
    from greed_game.ai.master import ReachTable
    from greed_game.ai.optimal import WinTables
    from greed_game.ai.players import Context
    from greed_game.ai.sources import Tables


Choice = tuple[tuple[Action, ...], float, float | None]
"""A choice of the hint: the actions that carry it out, the points to expect, the next throw's bust chance."""


def hint_lines(
    rules: RuleSet, state: State, narrator: Narrator, win: WinTables | None = None, tables: Tables | None = None
) -> tuple[list[Line], tuple[int, ...]]:
    """What the Hint shows: the bust odds of throwing now and the expert's advice; and the dice the
    advice keeps (for the table to point at), ascending.

    ``win``: the two-player game's win tables; each choice then shows its chance of winning too, and the
    advice is the choice that wins most often. ``tables``: where the turn tables are kept (the program's
    solutions service; None solves them now).
    """
    from greed_game.ai import advise

    try:
        advice = advise(rules, state, tables)
    except ValueError:
        return [], ()
    choices: list[Choice] = [(tuple(c.actions), c.value, c.bust_probability) for c in advice.choices]
    chances: list[float] | None = None
    if win is not None and state.players == 2:
        from greed_game.ai.optimal import Optimal, win_advice

        odds = win_advice(rules, state, Optimal(rules, win))
        points = {tuple(c[0]): c for c in choices}
        ranked = [(ch, points.get(tuple(ch.actions))) for ch in odds.choices]
        if all(p is not None for _, p in ranked):
            choices = [p for _, p in ranked if p is not None]
            chances = [ch.value for ch, _ in ranked]
    reach: int | None = None
    if chances is None:
        final = final_turn_chances(rules, state, choices)
        if final is not None:
            # (with more seats the hint had ranked a final turn's choices by points, as if the turn could be
            # banked short of the leader, helper-36)
            found, reach = final
            order = sorted(range(len(choices)), key=lambda n: -found[n])
            choices, chances = [choices[n] for n in order], [found[n] for n in order]
    choices, chances = _one_of_each(rules, state, choices, chances)
    first = choices[0][0][0] if choices else None
    keep = tuple(sorted(first.dice)) if isinstance(first, Keep) else ()
    if isinstance(first, Bank):
        keep = bank_keep(rules, state)
    return narrator.hints.hint(state, advice.bust_probability, choices, chances=chances, reach=reach), keep


def _one_of_each(rules: RuleSet, state: State, choices: list[Choice],
                 chances: list[float] | None) -> tuple[list[Choice], list[float] | None]:
    """The choices with no two that end the same: a bank that keeps the scoring dice itself and keeping those
    dice, then banking, are one choice (the hint had said "bank 350, keeping two 2s and the 5" and "keep two 2s
    and the 5, then bank 350" on two of its three lines); the better placed is kept."""
    seen: set[object] = set()
    kept: list[int] = []
    for n, (actions, _, _) in enumerate(choices):
        first = actions[0] if actions else None
        key: object = tuple(actions)
        if isinstance(first, Bank):
            key = ("bank", bank_keep(rules, state))
        elif isinstance(first, Keep) and len(actions) == 2 and isinstance(actions[1], Bank):
            key = ("bank", tuple(sorted(first.dice)))
        if key not in seen:
            seen.add(key)
            kept.append(n)
    return [choices[n] for n in kept], None if chances is None else [chances[n] for n in kept]


def offer_odds(rules: RuleSet, state: State, tables: Tables | None = None) -> tuple[str, str]:
    """The bust chance of taking a carryover and of starting fresh, as percentages (``tables`` as for
    :func:`hint_lines`)."""
    from greed_game.ai import advise

    take = fresh = "–"
    for choice in advise(rules, state, tables).choices:
        if choice.bust_probability is None:
            continue
        if choice.actions[0] == Carryover(True):
            take = pct(choice.bust_probability)
        elif choice.actions[0] == Carryover(False):
            fresh = pct(choice.bust_probability)
    return take, fresh


def _final_reach(rules: RuleSet, state: State) -> tuple[ReachTable, Context, int] | None:
    """For the current seat's final turn: the reach table, the seat's context and the turn total it must bank not
    to lose (:func:`~greed_game.ai.master.final_goal`); None outside a final turn, or with nothing to catch up."""
    from greed_game.ai.master import ReachTable, final_goal
    from greed_game.ai.players import context_of

    ctx = context_of(state)
    goal = final_goal(rules, ctx) if ctx.final else 0
    # (with room over the goal: a carryover's own entry minimum may ask more)
    return (ReachTable(rules, goal + 1000), ctx, goal) if goal > 0 else None


def final_offer_odds(rules: RuleSet, state: State) -> tuple[tuple[str, str], int] | None:
    """In the final turn of the seat offered a carryover, each answer's chance of banking enough not to lose (a
    fresh start is seldom the safe answer then: bust odds had made it look so), as percentages, with the total
    the seat must reach; None outside a final turn, or with nothing more to reach."""
    from greed_game.ai.master import carry_chances

    final = _final_reach(rules, state) if state.offer is not None else None
    if final is None or state.offer is None:
        return None
    reach, ctx, goal = final
    take, fresh = carry_chances(reach, ctx, state.offer.dice, state.offer.points, goal)
    return (pct(take), pct(fresh)), state.scores[ctx.seat] + goal


def final_turn_chances(rules: RuleSet, state: State, choices: list[Choice]) -> tuple[list[float], int] | None:
    """In the current seat's final turn, each of ``choices``' chance of banking enough not to lose (exact: the
    chance of reaching a turn total, as the master player plays for it), and the total it must reach; None
    outside a final turn, or with nothing more to reach."""
    from greed_game.rules import Phase, counts_of

    final = _final_reach(rules, state) if state.phase is not Phase.CARRYOVER else None
    if final is None:
        return None
    reach, ctx, goal = final
    t = state.turn_points
    found: list[float] = []
    for actions, value, _ in choices:
        first, last = actions[0], actions[-1]
        if isinstance(last, Bank):
            found.append(1.0 if value >= goal else 0.0)
        elif not isinstance(last, Throw):
            return None
        elif isinstance(first, Keep):
            points = rules.table.points(counts_of(first.dice)) or 0
            found.append(reach.value(last.count, goal - t - points))
        elif state.carry_throw:
            found.append(reach.carry_value(last.count, t, goal))
        else:
            found.append(reach.value(last.count, goal - t))
    return found, state.scores[ctx.seat] + goal
