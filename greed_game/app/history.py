"""What the table's log and the scoreboard show, read from the core's game history.

Every figure comes from :mod:`greed_game.rules.history` (turns replayed
through the state machine) or from the scoring table, and every word from the
narrator; nothing here scores or writes a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from greed_game.narrator import Narrator, Tone
from greed_game.rules import Game
from greed_game.rules.history import History, game_history
from greed_game.stats import PlayerStats


@dataclass(frozen=True)
class LogLine:
    """One line of the table's log."""

    text: str
    seat: int
    tone: Tone = "plain"


def turn_log(game: Game, narrator: Narrator, hist: History | None = None) -> list[LogLine]:
    """One line a finished turn (and one a declined carryover), oldest first."""
    hist = hist if hist is not None else game_history(game)
    return [LogLine(line.text, seat, line.tone) for seat, line in narrator.log(hist.turns)]


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
