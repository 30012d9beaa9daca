"""What the table's log and the scoreboard show, read from the core's game history.

Every figure comes from :mod:`greed_game.rules.history` (turns replayed
through the state machine) or from the scoring table; nothing here scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from greed_game.rules import Carryover, Game, Keep, Void
from greed_game.rules.dice import counts_of
from greed_game.rules.history import History, game_history
from greed_game.stats import PlayerStats


@dataclass(frozen=True)
class LogLine:
    """One line of the table's log."""

    text: str
    seat: int
    kind: str = "info"
    """``bank``, ``bust``, ``carry`` or ``info``."""


def turn_log(game: Game, hist: History | None = None) -> list[LogLine]:
    """One line a finished turn (and one a declined carryover), oldest first."""
    hist = hist if hist is not None else game_history(game)
    names = [p.name for p in game.players]
    lines: list[LogLine] = []
    totals = [0] * len(names)
    for turn in hist.turns:
        name = names[turn.seat]
        totals[turn.seat] += turn.points
        events = game.events[turn.first_event : turn.last_event + 1]
        voids = sum(isinstance(e, Void) for e in events)
        if any(isinstance(e, Carryover) and not e.accept for e in events):
            lines.append(LogLine(f"{name} declines the dice", turn.seat, "carry"))
        extra = []
        if turn.carried:
            extra.append(f"{turn.carried:,} carried")
        if voids:
            extra.append(f"{voids} void")
        note = f" ({', '.join(extra)})" if extra else ""
        if turn.banked:
            text = f"{name} banks {turn.points:,}{note} → {totals[turn.seat]:,}"
            lines.append(LogLine(text, turn.seat, "bank"))
        else:
            throws = f"after {turn.throws} throws" if turn.throws > 1 else "on the first throw"
            lines.append(LogLine(f"{name} busts {throws}{note}", turn.seat, "bust"))
    return lines


def current_keeps(game: Game, hist: History | None = None) -> list[tuple[tuple[int, ...], int]]:
    """The keeps of the turn in progress with their points (for the tray of a resumed game)."""
    hist = hist if hist is not None else game_history(game)
    start = hist.turns[-1].last_event + 1 if hist.turns else 0
    keeps: list[tuple[tuple[int, ...], int]] = []
    for event in game.events[start:]:
        if isinstance(event, Keep):
            keeps.append((event.dice, game.rules.table.points(counts_of(event.dice)) or 0))
    return keeps


def seat_figures(hist: History, seat: int) -> PlayerStats:
    """Turns, busts, average and best turn of one seat in this game."""
    figures = PlayerStats(games=1)
    for turn in hist.turns_of(seat):
        figures.turns += 1
        figures.busts += turn.bust
        figures.total_banked += turn.points
        figures.best_turn = max(figures.best_turn, turn.points)
    return figures


def score_series(hist: History, players: int) -> list[list[int]]:
    """Each seat's score after each round (a round: every seat has had its turn); starts at 0."""
    series = [[0] for _ in range(players)]
    for turn in hist.turns:
        series[turn.seat].append(series[turn.seat][-1] + turn.points)
    return series
