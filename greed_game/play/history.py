"""What the table's log and the scoreboard show, read from the core's game history.

Every figure comes from :mod:`greed_game.rules.history` (turns replayed
through the state machine) or from the scoring table, and every word from the
narrator; nothing here scores or writes a sentence.
"""

from __future__ import annotations

from greed_game.rules.history import History
from greed_game.stats import PlayerStats


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
