"""Headless games between computer levels, fast enough for tournaments.

:func:`play_game` runs a whole game with the computer levels' own decision
functions and plain integers instead of immutable states, which makes it many
times faster than stepping :class:`greed_game.rules.Game`. It decides no rule
itself: each one is a question to the core's rulings
(:mod:`greed_game.rules.rulings`), the same ones the state machine asks. It
can log the events it produced; the tests replay those logs through the rules
core and require the same scores and winners.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from greed_game.ai.levels import make_strategy
from greed_game.ai.players import Context, Level
from greed_game.ai.progress import TooHard
from greed_game.rules import (
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    Keep,
    Roll,
    RuleSet,
    after_turn,
    bank_minimum,
    carry_keeps,
    draw_dice,
    entry_need,
    high_to_top,
    next_seat,
    passes_dice,
    rescues,
    roll_off,
    strict_carry,
    turn_tables,
    winners_of,
)
from greed_game.rules.dice import counts_of, dice_of

if TYPE_CHECKING:
    from greed_game.ai.sources import Tables


@dataclass
class SeatStats:
    """What one seat did in one game."""

    turns: int = 0
    busts: int = 0
    banked: int = 0
    best_turn: int = 0


@dataclass
class GameResult:
    """The outcome of one headless game."""

    scores: list[int]
    winners: list[int]
    turns: int
    seats: list[SeatStats]
    events: list[Event] = field(default_factory=list)


def play_game(
    rules: RuleSet, levels: Sequence[Level], rng: random.Random, *, log: bool = False, max_turns: int = 100_000
) -> GameResult:
    """Play one game; seat ``i`` is played by ``levels[i]``."""
    players = len(levels)
    run = _Run(rules, rng, players, log)
    first, rounds = roll_off(rules, players, rng)
    if log and rounds:
        run.events.append(FirstPlayer(first))
    seat = first
    final = False
    owed: tuple[int, ...] = ()
    high_mark: int | None = None
    offer: tuple[int, int] | None = None
    turns = 0
    while True:
        turns += 1
        if turns > max_turns:
            raise TooHard(f"a game did not end within {max_turns:,} turns")
        banked, points, dice_left = run.turn(levels[seat], seat, final and seat in owed, offer)
        final, owed, high_mark = after_turn(rules, seat, run.scores, banked, final, owed, high_mark)
        nxt = next_seat(seat, players, final, owed)
        if nxt is None:
            break
        # Only a bank can pass the dice on (passes_dice says so too): a bust need not ask.
        offer = (points, dice_left) if banked and passes_dice(rules, banked, dice_left, players) else None
        seat = nxt
    winners = list(winners_of(rules, run.scores, run.reached))
    return GameResult(run.scores, winners, turns, run.stats, run.events)


class _Run:
    """One headless game's scores and log as plain integers and lists; every rule comes from the core."""

    def __init__(self, rules: RuleSet, rng: random.Random, players: int, log: bool) -> None:
        self.rules = rules
        self.rng = rng
        self.log = log
        self.events: list[Event] = []
        self.scores = [0] * players
        self.on_board = [entry_need(rules, False, 0) == 0] * players
        self.reached = [0] * players
        """The clock when each seat reached its score (the core's event index, in the same order)."""
        self.stats = [SeatStats() for _ in range(players)]
        self.clock = 0
        # Looked up once a game: a rule set hashes slowly, and these are asked on every throw.
        self.table = rules.table
        tables = turn_tables(rules)
        self.dice_next, self.bankable = tables.dice_after, tables.bankable

    # Longer than the package's 60-line bar on purpose: this is the fast engine's inner loop, run for every throw
    # of every tournament game, and splitting it into helpers would add a Python call (and the locals' reloading)
    # per throw, and the bar of 3,000 games a second has no room for that.
    def turn(
        self, level: Level, seat: int, in_final: bool, offer: tuple[int, int] | None
    ) -> tuple[bool, int, int]:
        """Play ``seat``'s turn; ``(banked, turn total, dice left)``.

        One loop over the throws, kept whole with the rule questions asked in
        line: it is the hot path of every tournament (the issue's bar is 3,000
        games a second).
        """
        rules, log, events = self.rules, self.log, self.events
        table, dice_count, dice_next, bankable = self.table, rules.dice, self.dice_next, self.bankable
        scores = self.scores
        on_board = self.on_board[seat]
        high = high_to_top(rules, seat, scores, in_final)
        # The seat's part of the bank rule (entry minimum, must-top) as the least total it lets bank.
        floor = bank_minimum(entry_need(rules, on_board, 0), scores[seat], high)
        ctx = Context(seat, tuple(scores), on_board, in_final, 0, floor)
        t = carried = 0
        n = dice_count
        strict = kept = last_best = False
        clock = self.clock
        if offer is not None:
            take = level.carry(ctx, offer[1], offer[0])
            if log:
                events.append(Carryover(take))
            clock += 1
            if take:
                t = carried = offer[0]
                n = offer[1]
                strict = strict_carry(rules)
                floor = bank_minimum(entry_need(rules, on_board, carried), scores[seat], high)
                ctx = Context(seat, ctx.scores, on_board, in_final, carried, floor)
        rand = self.rng.random
        while True:
            if log:
                thrown = draw_dice(self.rng, n)
                events.append(Roll(thrown))
                throw = counts_of(thrown)
            else:
                # The same random numbers draw_dice would use, counted straight away.
                tally = [0, 0, 0, 0, 0, 0]
                for _ in range(n):
                    tally[int(rand() * 6)] += 1
                throw = (tally[0], tally[1], tally[2], tally[3], tally[4], tally[5])
            clock += 1
            options = table.options(throw)
            if strict:
                options = carry_keeps(rules, options)
            if not options:
                if not rescues(rules, throw):
                    self.clock = clock
                    return self._ended(seat, False, t, n)
                n = dice_count
                strict = False
            else:
                keep = level.keep(ctx, n, t, throw, strict)
                points = table.points(keep)
                if points is None:
                    raise RuntimeError(f"{level.level} kept an invalid selection")
                if log:
                    events.append(Keep(dice_of(keep)))
                clock += 1
                last_best = points == options[0].points
                t += points
                n = dice_next[n][sum(keep)]
                kept = True
                strict = False
            if not bankable[kept][n][last_best] or t < floor:
                continue
            if level.bank(ctx, n, t):
                if log:
                    events.append(Bank())
                self.clock = clock
                return self._ended(seat, True, t, n)

    def _ended(self, seat: int, banked: bool, points: int, dice_left: int) -> tuple[bool, int, int]:
        """Count the turn that ended: its bank into the scores, and the seat's statistics."""
        st = self.stats[seat]
        st.turns += 1
        if banked:
            self.scores[seat] += points
            self.on_board[seat] = True
            self.reached[seat] = self.clock
            self.clock += 1
            st.banked += points
            st.best_turn = max(st.best_turn, points)
        else:
            st.busts += 1
        return banked, points, dice_left


@dataclass
class LevelTally:
    """Totals of one level over a tournament."""

    games: int = 0
    wins: float = 0.0
    turns: int = 0
    busts: int = 0
    banked: int = 0

    def add(self, seat: SeatStats, won: float) -> None:
        """Count one game played in ``seat``; ``won``: the share of the win (0 for a loss)."""
        self.games += 1
        self.turns += seat.turns
        self.busts += seat.busts
        self.banked += seat.banked
        self.wins += won

    def figures(self) -> dict[str, Any]:
        """The level's line of a tournament's report."""
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 2),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "points_per_turn": round(self.banked / self.turns, 2) if self.turns else 0.0,
            "bust_rate": round(self.busts / self.turns, 4) if self.turns else 0.0,
        }


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(
    rules: RuleSet,
    level_names: Sequence[str],
    games: int,
    seed: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    tables: Tables | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; seats rotate so that each level plays every seat equally often (``tables``: where
    the levels' solved tables are kept; None solves them now)."""
    players = len(level_names)
    if not 1 <= players <= 8:
        raise ValueError("a game has 1 to 8 players")
    built: dict[str, Level] = {}
    for name in level_names:
        if name not in built:
            built[name] = make_strategy(name, rules, tables)
    master_rng = random.Random(seed)
    tallies = {name: LevelTally() for name in built}
    total_turns = 0
    start = time.perf_counter()
    for g in range(games):
        shift = g % players
        seating = [level_names[(i + shift) % players] for i in range(players)]
        rng = random.Random(master_rng.getrandbits(64))
        result = play_game(rules, [built[name] for name in seating], rng)
        total_turns += result.turns
        share = 1.0 / len(result.winners)
        for seat_i, name in enumerate(seating):
            tallies[name].add(result.seats[seat_i], share if seat_i in result.winners else 0.0)
        if progress is not None:
            progress(g + 1, games)
    seconds = time.perf_counter() - start
    levels_out = {name: tally.figures() for name, tally in tallies.items()}
    return {
        "rules": rules.id,
        "players": list(level_names),
        "games": games,
        "seed": seed,
        "levels": levels_out,
        "turns_per_game": round(total_turns / games, 2) if games else 0.0,
        "rounds_per_game": round(total_turns / games / players, 2) if games else 0.0,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
    }


def progress_bar(stream: Any = None, *, every: float = 5.0) -> Callable[[int, int], None]:
    """Progress on stderr: a bar redrawn in place on a terminal, else one line every ``every`` seconds (a log)."""
    out = stream if stream is not None else sys.stderr
    terminal = out.isatty()
    last = [-1]
    said = [time.monotonic()]

    def show(done: int, total: int) -> None:
        pct = done * 100 // total
        if not terminal:
            now = time.monotonic()
            if now - said[0] >= every and done != total:
                said[0] = now
                out.write(f"greed-game: {done:,} of {total:,} games played ({pct}%)\n")
                out.flush()
            return
        if pct == last[0] and done != total:
            return
        last[0] = pct
        filled = pct * 30 // 100
        out.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {pct:3d}% {done}/{total} games")
        if done == total:
            out.write("\n")
        out.flush()

    return show
