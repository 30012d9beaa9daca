"""The computer levels: cautious, bold, expert and master.

Each level answers three questions from what a human at the table can see:
take a carryover or not; which dice to keep from a throw; bank now or throw on.
:meth:`Level.choose` turns those answers into the next legal action of a game
state, and the headless simulator asks the same questions directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from greed_game.ai.solver import Solution, solve
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    Keep,
    RuleSet,
    State,
    Throw,
    bank_minimum,
    can_bank,
    dice_after,
    entry_need,
    high_to_top,
    keeps_of,
    legal_actions,
    turn_refusal,
)
from greed_game.rules.dice import Counts, dice_of, size
from greed_game.rules.game import Phase, throw_options


@dataclass(frozen=True)
class Context:
    """The table as the current player sees it."""

    seat: int
    scores: tuple[int, ...]
    on_board: bool
    final: bool
    """This is the player's final turn (the end of the game was triggered)."""
    carried: int = 0
    floor: int | None = None
    """The least turn total the rules let this player bank (:func:`entry_threshold`), when already known."""


def context_of(state: State) -> Context:
    """The decision context of the current player of ``state``."""
    seat = state.current
    return Context(seat, state.scores, state.on_board[seat], state.final and seat in state.owed, state.carried)


def entry_threshold(rules: RuleSet, ctx: Context) -> int:
    """The turn total below which the player may not bank (entry minimum, must-top), as the core rules it."""
    if ctx.floor is not None:
        return ctx.floor
    seat, scores = ctx.seat, ctx.scores
    high = high_to_top(rules, seat, scores, ctx.final)
    return bank_minimum(entry_need(rules, ctx.on_board, ctx.carried), scores[seat], high)


def bankable_after(rules: RuleSet, n: int, keep_points: int, best_points: int, keep: Counts) -> bool:
    """Whether the rules let a player bank right after this keep of ``n`` dice thrown (ignoring minimums)."""
    return turn_refusal(rules, True, dice_after(rules, n, size(keep)), keep_points == best_points) is None


class Level:
    """Base of the computer levels; subclasses answer carry, keep and bank."""

    level = "level"

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        """Take a carryover of ``dice`` dice worth ``points``?"""
        raise NotImplementedError

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        """Which dice to keep from ``throw`` (``n`` dice thrown, turn total ``t`` before it)."""
        raise NotImplementedError

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        """Bank ``t`` now rather than throw ``n`` dice? Asked only when banking is allowed."""
        raise NotImplementedError

    def choose(self, rules: RuleSet, state: State) -> Action:
        """The next action in ``state`` (always legal)."""
        ctx = context_of(state)
        if state.phase is Phase.CARRYOVER:
            assert state.offer is not None
            return Carryover(self.carry(ctx, state.offer.dice, state.offer.points))
        if state.phase is Phase.KEEP:
            assert state.throw is not None
            keep = self.keep(ctx, state.dice_left, state.turn_points, state.throw, state.carry_throw)
            valid = {o.counts for o in throw_options(rules, state, state.throw)}
            if keep not in valid:
                keep = throw_options(rules, state, state.throw)[0].counts
            return Keep(dice_of(keep))
        if can_bank(rules, state) and self.bank(ctx, state.dice_left, state.turn_points):
            return Bank()
        actions = legal_actions(rules, state)
        return next(a for a in actions if isinstance(a, Throw))


class Threshold(Level):
    """A readable personality: keep the best dice, bank once the turn reaches a mark."""

    def __init__(self, rules: RuleSet, level: str, bank_at: int, min_dice: int) -> None:
        super().__init__(rules)
        self.level = level
        self.bank_at = max(bank_at, rules.entry_minimum)
        self.min_dice = min_dice

    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        return dice >= self.min_dice or (points >= self.bank_at and dice >= 2)

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        options = keeps_of(self.rules, throw, strict=strict)
        best = options[0]
        if t + best.points >= self.bank_at or best.size == n:
            return best.counts
        # Below the mark, keep the fewest dice among the highest-scoring per die to throw more.
        cheapest = min(options, key=lambda o: (o.size, -o.points))
        return cheapest.counts if self.level == "bold" else best.counts

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        if ctx.final and ctx.scores[ctx.seat] + t <= max(s for seat, s in enumerate(ctx.scores) if seat != ctx.seat):
            return False  # (a final turn banked short of the leader is lost for certain: throw on)
        return t >= self.bank_at or n < self.min_dice


class Expert(Level):
    """Maximizes the exact expected points of the turn (the solver's policy)."""

    level = "expert"

    def __init__(self, rules: RuleSet, solution: Solution | None = None) -> None:
        super().__init__(rules)
        self.solution = solution if solution is not None else solve(rules)
        self._keep_cache: dict[tuple[int, int, Counts, bool, int], Counts] = {}
        self._carry_cache: dict[tuple[int, int, int, int], bool] = {}
        self._bank_cache: dict[tuple[int, int, int], bool] = {}

    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        rules = self.rules
        fresh_entry = entry_threshold(self.rules, ctx)
        take_entry = entry_threshold(rules, Context(ctx.seat, ctx.scores, ctx.on_board, ctx.final, points))
        key = (dice, points, fresh_entry, take_entry)
        found = self._carry_cache.get(key)
        if found is None:
            take = self.solution.carryover_value(dice, points, take_entry)
            found = take > self.solution.throw_value(rules.dice, 0, fresh_entry)
            self._carry_cache[key] = found
        return found

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        entry = entry_threshold(self.rules, ctx)
        key = (n, t, throw, strict, entry)
        found = self._keep_cache.get(key)
        if found is None:
            found = max(self.keep_values(n, t, throw, strict, entry), key=lambda kv: kv[1])[0]
            self._keep_cache[key] = found
        return found

    def keep_values(self, n: int, t: int, throw: Counts, strict: bool, entry: int) -> list[tuple[Counts, float]]:
        """Every valid keep of ``throw`` with its exact value (bank or throw on, whichever is better)."""
        rules, sol = self.rules, self.solution
        options = keeps_of(rules, throw, strict=strict)
        best = options[0].points
        out = []
        for o in options:
            bk = bankable_after(rules, n, o.points, best, o.counts)
            out.append((o.counts, sol.after_keep_value(dice_after(rules, n, o.size), t + o.points, bk, entry)))
        return out

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        entry = entry_threshold(self.rules, ctx)
        key = (n, t, entry)
        found = self._bank_cache.get(key)
        if found is None:
            found = t >= self.solution.throw_value(n, t, entry)
            self._bank_cache[key] = found
        return found
