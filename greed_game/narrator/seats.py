"""The words about each seat and the score: the side panel's notes, the top bar's chips and the
one-line standing of a game."""

from __future__ import annotations

from greed_game.narrator.voice import Tone, Voice
from greed_game.narrator.words import dice_count, num
from greed_game.rules.game import Phase, State
from greed_game.rules.rulings import high_to_top


class Seats(Voice):
    """Under each name, over the felt and in a game's summary: who plays, and how the scores stand."""

    def standing(self, state: State) -> str:
        """Where a game stands, in one line: ``You 1,200 · Ada 900 — your turn``."""
        scores = "  ·  ".join(f"{p.subject} {num(state.scores[i])}" for i, p in enumerate(self.people))
        if state.finished:
            return scores
        return f"{scores}  —  {self.person(state.current).possessive_mid} turn"


    def seat_note(self, kind: str, on_board: bool, *, standin: float | None = None, stood_in: bool = False) -> str:
        """Under a player's name: ``human`` or ``expert computer``, and whether the seat is on the board.

        ``standin``: an optimal seat played by master while its win tables are solved (that far);
        ``stood_in``: one that stays with master (its tables could not be solved).
        """
        who = "human" if kind == "human" else f"{kind} computer"
        if standin is not None:
            who = f"master plays · optimal {round(100 * min(1.0, standin))}% solved"
        elif stood_in:
            who = "optimal · plays as master"
        return who if on_board else f"{who}  ·  not on board"

    def chips(self, state: State) -> list[tuple[str, Tone]]:
        """The top bar's chips: final round, the score to top or beat, the entry minimum."""
        chips: list[tuple[str, Tone]] = []
        if state.finished:
            return chips
        if state.final:
            chips.append(("FINAL ROUND", "warn"))
            high = high_to_top(self.rules, state.current, state.scores, state.current in state.owed)
            if high is not None:
                chips.append((f"Must top {num(high)}", "bad"))
        if state.high_mark is not None:
            chips.append((f"Score to beat {num(state.high_mark)}", "warn"))
        if not state.on_board[state.current] and self.rules.entry_minimum:
            own = "" if self.rules.entry_counts_carried else " own"
            chips.append((f"Needs {num(self.rules.entry_minimum)}{own} points to get on the board", "info"))
        return chips[:3]

    def turn_note(self, state: State) -> tuple[str, Tone]:
        """Under the turn total: the points carried in, or the dice to throw."""
        if state.carried:
            return f"{num(state.carried)} carried", "info"
        if state.phase is Phase.ROLL and not state.finished:
            return f"{dice_count(state.dice_left)} to throw", "dim"
        return "", "dim"
