"""Headless games between computer levels, fast enough for tournaments.

:func:`play_game` runs a whole game with the computer levels' own decision
functions and plain integers instead of immutable states, which makes it many
times faster than stepping :class:`greed_game.rules.Game`. It can log the
events it produced; the tests replay those logs through the rules core and
require the same scores and winners, so the two cannot drift apart.
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
from greed_game.rules import Bank, Carryover, Event, FirstPlayer, Keep, Roll, RuleSet, draw_dice, roll_off
from greed_game.rules.dice import counts_of, dice_of, size

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
    table = rules.table
    players = len(levels)
    dice_count = rules.dice
    strict_mode = rules.carryover == "strict"
    carry_faces = rules.carryover_faces
    mandatory = rules.hot_dice == "mandatory"
    keeps_best = rules.bank_keeps_best
    must_top = rules.end == "must-top"
    counts_carried = rules.entry_counts_carried
    entry_min = rules.entry_minimum
    rand = rng.random
    events: list[Event] = []
    scores = [0] * players
    on_board = [entry_min == 0] * players
    reached = [0] * players
    stats = [SeatStats() for _ in range(players)]
    first, rounds = roll_off(rules, players, rng)
    if log and rounds:
        events.append(FirstPlayer(first))
    seat = first
    final = False
    owed: list[int] = []
    high_mark: int | None = None
    offer: tuple[int, int] | None = None
    turns = 0
    clock = 0
    while True:
        turns += 1
        if turns > max_turns:
            raise TooHard(f"a game did not end within {max_turns:,} turns")
        level = levels[seat]
        in_final = final and seat in owed
        ctx = Context(seat, tuple(scores), on_board[seat], in_final, 0)
        t = carried = 0
        n = dice_count
        strict = kept = last_best = False
        if offer is not None:
            take = level.carry(ctx, offer[1], offer[0])
            if log:
                events.append(Carryover(take))
            clock += 1
            if take:
                t = carried = offer[0]
                n = offer[1]
                strict = strict_mode
                ctx = Context(seat, ctx.scores, ctx.on_board, in_final, carried)
        offer = None
        banked = False
        while True:
            if log:
                thrown = draw_dice(rng, n)
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
                options = tuple(o for o in options if any(o.counts[f - 1] for f in carry_faces))
            if not options:
                if rules.doubles_rescue and n == 2 and max(throw) == 2:
                    n = dice_count
                    strict = False
                else:
                    break
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
                left = n - size(keep)
                n = left if left > 0 else dice_count
                kept = True
                strict = False
            # May the player bank now? The same conditions as the rules core's bank_total.
            if not kept or (mandatory and n == dice_count) or (keeps_best and not last_best):
                continue
            if not on_board[seat] and (t if counts_carried else t - carried) < entry_min:
                continue
            if must_top and in_final:
                high = max(s for i, s in enumerate(scores) if i != seat)
                if scores[seat] + t <= high:
                    continue
            if level.bank(ctx, n, t):
                banked = True
                if log:
                    events.append(Bank())
                break
        st = stats[seat]
        st.turns += 1
        if banked:
            scores[seat] += t
            on_board[seat] = True
            reached[seat] = clock
            clock += 1
            st.banked += t
            st.best_turn = max(st.best_turn, t)
        else:
            st.busts += 1
        others = [(seat + k) % players for k in range(1, players)]
        if rules.end == "score-to-beat":
            if banked and scores[seat] >= rules.target and (high_mark is None or scores[seat] > high_mark):
                final, owed, high_mark = True, others, scores[seat]
            elif seat in owed:
                owed.remove(seat)
        elif not final and banked and scores[seat] >= rules.target:
            final, owed = True, others
        elif seat in owed:
            owed.remove(seat)
        if final and not owed:
            break
        nxt = owed[0] if final else (seat + 1) % players
        if banked and rules.carryover != "none" and 0 < n < dice_count and players > 1:
            offer = (t, n)
        seat = nxt
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    if rules.end == "score-to-beat" and len(winners) > 1:
        first_reached = min(reached[i] for i in winners)
        winners = [i for i in winners if reached[i] == first_reached]
    return GameResult(scores, winners, turns, stats, events)


@dataclass
class LevelTally:
    """Totals of one level over a tournament."""

    games: int = 0
    wins: float = 0.0
    turns: int = 0
    busts: int = 0
    banked: int = 0


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
            tally = tallies[name]
            st = result.seats[seat_i]
            tally.games += 1
            tally.turns += st.turns
            tally.busts += st.busts
            tally.banked += st.banked
            if seat_i in result.winners:
                tally.wins += share
        if progress is not None:
            progress(g + 1, games)
    seconds = time.perf_counter() - start
    levels_out: dict[str, Any] = {}
    for name, tally in tallies.items():
        low, high = wilson(tally.wins, tally.games)
        levels_out[name] = {
            "games": tally.games,
            "wins": round(tally.wins, 2),
            "win_rate": round(tally.wins / tally.games, 4) if tally.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "points_per_turn": round(tally.banked / tally.turns, 2) if tally.turns else 0.0,
            "bust_rate": round(tally.busts / tally.turns, 4) if tally.turns else 0.0,
        }
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
