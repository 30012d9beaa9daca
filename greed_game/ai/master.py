"""The master level: plays to win the game, not the turn.

Two computed pieces:

* ``reach[n][k]``: the exact maximum probability of banking at least ``k``
  more grid steps of points from throwing ``n`` dice, banking as soon as the
  mark is reached. It serves the final turn (the mark is what it takes to
  finish on top) and defines a family of turn policies "go for θ".
* A win-probability model on a coarse grid of (my score, leading opponent's
  score): for each policy "go for θ" the exact distribution of points it banks
  in a turn, then the win probability of each grid state by backward
  induction over the score sum, the two players alternating and each choosing
  the best θ. At the start of a turn the master picks the θ the model rates
  best and plays for it.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Callable

from greed_game.ai.players import Context, Expert, Level, bankable_after, entry_threshold
from greed_game.ai.progress import check_levels, report
from greed_game.ai.solver import Candidate, Solution, ThrowModel, points_step, solve, throw_model
from greed_game.rules import RuleSet, dice_after, final_need, highest_other, keeps_of, strict_carry
from greed_game.rules.dice import Counts, size


class ReachTable:
    """``value(n, need)``: best probability of banking ``need`` more points from throwing ``n`` dice."""

    def __init__(self, rules: RuleSet, max_points: int) -> None:
        self.rules = rules
        self.step = points_step(rules)
        # The best keep for each number of dice left is enough here, unlike for the win solver: the chance to
        # bank at least a mark never falls as the turn total rises, so a keep of fewer points with the same
        # dice left can never reach it more often (and the "go for θ" turns this table defines bank as soon
        # as the mark is met, so their model of the game never asks for less).
        self.models = [throw_model(rules, n) for n in range(rules.dice + 1)]
        self.strict_models = [throw_model(rules, n, strict=True) for n in range(rules.dice + 1)]
        self.top = -(-max_points // self.step)
        check_levels(self.top)
        dice = rules.dice
        reach = [[0.0] * (self.top + 1) for _ in range(dice + 1)]
        self.reach = reach
        # Level 0 (the mark is already met): survive until a bank is allowed; a fixed point
        # because hot dice that must be thrown lead back to level 0.
        for _ in range(200):
            changed = 0.0
            for n in range(1, dice + 1):
                v = self._level_value(n, 0)
                changed = max(changed, abs(v - reach[n][0]))
                reach[n][0] = v
            if changed < 1e-13:
                break
        for k in range(1, self.top + 1):
            if not k % 256:
                report("reach", k / self.top)
            for n in range(1, dice + 1):
                reach[n][k] = self._level_value(n, k)

    def after(self, nxt: int, k: int, bankable: bool) -> float:
        """Probability after a keep that leaves ``k`` steps to go and ``nxt`` dice to throw."""
        if k <= 0:
            return 1.0 if bankable else self.reach[nxt][0]
        if k > self.top:
            return 0.0
        return self.reach[nxt][k]

    def _level_value(self, n: int, k: int, model: ThrowModel | None = None) -> float:
        m = model if model is not None else self.models[n]
        total = m.rescue * self.after(self.rules.dice, k, True)
        step = self.step
        for p, cands in m.groups:
            total += p * max(self.after(nxt, k - pts // step, bk) for pts, nxt, bk in cands)
        return total

    def steps(self, points: int) -> int:
        """Grid steps needed to gain ``points`` (rounded up)."""
        return -(-points // self.step) if points > 0 else 0

    def value(self, n: int, need: int) -> float:
        """Probability of banking ``need`` more points, throwing ``n`` dice now."""
        k = self.steps(need)
        return self.after(n, k, False) if k > 0 else self.reach[n][0]

    def carry_value(self, dice: int, points: int, goal: int) -> float:
        """Probability of reaching a turn total of ``goal`` by taking a carryover."""
        model = self.strict_models[dice] if strict_carry(self.rules) else self.models[dice]
        k = self.steps(goal - points)
        total = model.rescue * self.after(self.rules.dice, k, False)
        for p, cands in model.groups:
            total += p * max(self.after(nxt, k - pts // self.step, bk) for pts, nxt, bk in cands)
        return total


Decide = Callable[[int, int, tuple[Candidate, ...]], tuple[Candidate, bool]]


def forward_distribution(
    models: list[ThrowModel], dice: int, decide: Decide, bank_rescue: Callable[[int], bool]
) -> dict[int, float]:
    """Exact distribution of the points banked in a turn from fresh dice under a policy.

    ``decide(n, t, candidates)`` picks a candidate and says whether to bank after it;
    ``bank_rescue(t)`` says whether to bank after a rescued pair.
    """
    out: dict[int, float] = defaultdict(float)
    mass: dict[tuple[int, int], float] = {(0, dice): 1.0}
    # Smallest total first; among equal totals fewer dice first (a rescued pair feeds full dice).
    queue = [(0, dice)]

    def push(key: tuple[int, int], amount: float) -> None:
        if key not in mass:
            mass[key] = 0.0
            heapq.heappush(queue, key)
        mass[key] += amount

    while queue:
        t, n = heapq.heappop(queue)
        m_here = mass.pop((t, n))
        if m_here < 1e-12:
            out[0] += m_here
            continue
        model = models[n]
        out[0] += m_here * model.bust
        if model.rescue:
            if bank_rescue(t):
                out[t] += m_here * model.rescue
            else:
                push((t, dice), m_here * model.rescue)
        for p, cands in model.groups:
            (pts, nxt, _), bank = decide(n, t, cands)
            if bank:
                out[t + pts] += m_here * p
            else:
                push((t + pts, nxt), m_here * p)
    return dict(out)


def policy_distribution(table: ReachTable, goal: int) -> dict[int, float]:
    """Exact distribution of points banked in a turn by the policy "go for ``goal``"."""

    def decide(n: int, t: int, cands: tuple[Candidate, ...]) -> tuple[Candidate, bool]:
        need = goal - t
        pick = max(cands, key=lambda c: (table.after(c[1], table.steps(need - c[0]), c[2]), c[0]))
        return pick, t + pick[0] >= goal and pick[2]

    return forward_distribution(table.models, table.rules.dice, decide, lambda t: t >= goal)


def expert_distribution(solution: Solution, entry: int) -> dict[int, float]:
    """Exact distribution of points banked in a turn by the expert (with an entry threshold)."""

    def decide(n: int, t: int, cands: tuple[Candidate, ...]) -> tuple[Candidate, bool]:
        best: tuple[Candidate, bool] | None = None
        best_v = -1.0
        for c in cands:
            pts, nxt, bk = c
            throw = solution.throw_value(nxt, t + pts, entry)
            bank = bk and t + pts >= entry and t + pts >= throw
            v = float(t + pts) if bank else throw
            if v > best_v:
                best, best_v = (c, bank), v
        assert best is not None
        return best

    def bank_rescue(t: int) -> bool:
        return t >= entry and t >= solution.throw_value(solution.rules.dice, t, entry)

    return forward_distribution(solution.models, solution.rules.dice, decide, bank_rescue)


class WinModel:
    """Win probability on a coarse score grid, two players alternating (the leader stands for all)."""

    def __init__(self, rules: RuleSet, solution: Solution | None = None) -> None:
        """The model of ``rules`` (``solution``: their turn tables, else solved now)."""
        self.rules = rules
        step = points_step(rules)
        target = rules.target
        self.bin = step * max(1, round(target / (40 * step)))
        self.size = -(-target // self.bin)
        top = max(c.points for c in rules.table.combos)
        self.reach = ReachTable(rules, target + 2 * top)
        # Policy 0 is the expert; -1 the expert still short of the entry minimum; others "go for θ".
        self.solution = solution if solution is not None else solve(rules)
        self.goals = [0, *_goal_grid(rules, step)]
        if rules.entry_minimum > 0:
            self.goals.append(-1)
        self.dists: list[list[tuple[int, float]]] = []
        self.bust: list[float] = []
        for goal in self.goals:
            if goal == 0:
                dist = expert_distribution(self.solution, 0)
            elif goal == -1:
                dist = expert_distribution(self.solution, rules.entry_minimum)
            else:
                dist = policy_distribution(self.reach, goal)
            self.bust.append(dist.get(0, 0.0))
            binned: dict[int, float] = defaultdict(float)
            for x, p in dist.items():
                if x > 0:
                    binned[x // self.bin] += p
            self.dists.append(sorted(binned.items()))
        self._best: dict[tuple[int, int], int] = {}
        self.win = self._solve()

    def _final_loss(self, lead: int) -> float:
        """Probability the trailing player, owed a final turn, catches a lead of ``lead`` points."""
        return self.reach.value(self.rules.dice, final_need(self.rules, 0, lead))

    def _allowed(self, a: int) -> list[int]:
        if a == 0 and self.rules.entry_minimum > 0:
            return [i for i, g in enumerate(self.goals) if g == -1 or g >= self.rules.entry_minimum]
        return [i for i, g in enumerate(self.goals) if g != -1]

    def _rest(self, a: int, b: int, i: int, win: list[list[float]]) -> float:
        total = 0.0
        size = self.size
        for x, p in self.dists[i]:
            a2 = a + x
            if a2 >= size:
                total += p * (1.0 - self._final_loss((a2 - b) * self.bin))
            else:
                total += p * (1.0 - win[b][a2])
        return total

    def _solve(self) -> list[list[float]]:
        size = self.size
        win = [[0.5] * size for _ in range(size)]
        for s in range(2 * size - 2, -1, -1):
            report("win", 1 - s / (2 * size - 1))
            pairs = [(a, s - a) for a in range(max(0, s - size + 1), min(size - 1, s) + 1)]
            rest = {
                (a, b): [(self.bust[i], self._rest(a, b, i, win)) for i in self._allowed(a)] for a, b in pairs
            }
            for _ in range(60):
                delta = 0.0
                for a, b in pairs:
                    v = max(p0 * (1.0 - win[b][a]) + r for p0, r in rest[(a, b)])
                    delta = max(delta, abs(v - win[a][b]))
                    win[a][b] = v
                if delta < 1e-10:
                    break
        return win

    def best_goal(self, my_score: int, their_score: int) -> int:
        """The policy the model rates best at these scores: 0 the expert, -1 expert short of entry, else a goal."""
        a = min(my_score // self.bin, self.size - 1)
        b = min(their_score // self.bin, self.size - 1)
        found = self._best.get((a, b))
        if found is not None:
            return found
        best_i, best_v = 0, -1.0
        for i in self._allowed(a):
            v = self.bust[i] * (1.0 - self.win[b][a]) + self._rest(a, b, i, self.win)
            if v > best_v + 1e-12:
                best_i, best_v = i, v
        self._best[(a, b)] = self.goals[best_i]
        return self.goals[best_i]

    def win_probability(self, my_score: int, their_score: int) -> float:
        """Estimated chance that the player to move, at ``my_score``, wins."""
        a = min(my_score // self.bin, self.size - 1)
        b = min(their_score // self.bin, self.size - 1)
        return self.win[a][b]


def _goal_grid(rules: RuleSet, step: int) -> list[int]:
    base = [150, 200, 250, 300, 350, 400, 500, 600, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000]
    goals = [max(step, round(g / step) * step) for g in base if g <= max(rules.target, 1000)]
    if rules.entry_minimum > 0:
        goals.append(-(-rules.entry_minimum // step) * step)
    return sorted(set(goals))


def final_goal(rules: RuleSet, ctx: Context) -> int:
    """The turn total the seat's final turn must bank not to lose (the entry minimum at least); 0 when it has
    nothing to catch up."""
    need = final_need(rules, ctx.scores[ctx.seat], highest_other(ctx.scores, ctx.seat))
    return max(need, entry_threshold(rules, ctx)) if need > 0 else 0


def carry_chances(reach: ReachTable, ctx: Context, dice: int, points: int, goal: int) -> tuple[float, float]:
    """The chance of reaching the turn total ``goal`` by taking a carryover of ``dice`` and ``points`` (its own
    entry minimum at least), and by starting fresh."""
    taking = Context(ctx.seat, ctx.scores, ctx.on_board, ctx.final, points)
    take_goal = max(goal, entry_threshold(reach.rules, taking))
    return reach.carry_value(dice, points, take_goal), reach.value(reach.rules.dice, goal)


class Master(Level):
    """Plays the policy the win model rates best for the score; exact win odds in final turns."""

    level = "master"

    def __init__(self, rules: RuleSet, model: WinModel | None = None) -> None:
        super().__init__(rules)
        self.model = model if model is not None else WinModel(rules)
        self.reach = self.model.reach
        self.expert = Expert(rules, self.model.solution)
        self._cache: dict[tuple[int, int, Counts, bool, int], Counts] = {}

    def goal(self, ctx: Context) -> int:
        """The turn total this turn plays for; 0 or less means "play as the expert"."""
        if ctx.final:
            return final_goal(self.rules, ctx)
        goal = self.model.best_goal(ctx.scores[ctx.seat], highest_other(ctx.scores, ctx.seat))
        return goal if goal <= 0 else max(goal, entry_threshold(self.rules, ctx))

    def carry(self, ctx: Context, dice: int, points: int) -> bool:
        goal = self.goal(ctx)
        if goal <= 0:
            return self.expert.carry(ctx, dice, points)
        take, fresh = carry_chances(self.reach, ctx, dice, points, goal)
        return take > fresh

    def keep(self, ctx: Context, n: int, t: int, throw: Counts, strict: bool) -> Counts:
        goal = self.goal(ctx)
        if goal <= 0:
            return self.expert.keep(ctx, n, t, throw, strict)
        key = (n, t, throw, strict, goal)
        found = self._cache.get(key)
        if found is not None:
            return found
        rules = self.rules
        options = keeps_of(rules, throw, strict=strict)
        best_points = options[0].points

        def score(o_counts: Counts, o_points: int) -> tuple[float, int]:
            nxt = dice_after(rules, n, size(o_counts))
            bk = bankable_after(rules, n, o_points, best_points, o_counts)
            return self.reach.after(nxt, self.reach.steps(goal - t - o_points), bk), o_points

        found = max(options, key=lambda o: score(o.counts, o.points)).counts
        self._cache[key] = found
        return found

    def bank(self, ctx: Context, n: int, t: int) -> bool:
        goal = self.goal(ctx)
        if goal <= 0:
            return self.expert.bank(ctx, n, t)
        return t >= goal


def describe(model: WinModel) -> dict[str, object]:
    """Figures of a win model, for inspection."""
    return {
        "bin": model.bin,
        "grid": model.size,
        "goals": model.goals,
        "opening_win": round(model.win[0][0], 4),
        "opening_policy": model.best_goal(0, 0),
        "log_states": round(math.log10(model.size**2), 2),
    }
