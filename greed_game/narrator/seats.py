"""The words about each seat and the score: the side panel's notes, the top bar's chips and the
one-line standing of a game."""

from __future__ import annotations

from greed_game.i18n import N_, _
from greed_game.narrator.voice import Tone, Voice
from greed_game.narrator.words import dice_count, num
from greed_game.rules.game import Phase, State
from greed_game.rules.rulings import high_to_top, highest_other


class Seats(Voice):
    """Under each name, over the felt and in a game's summary: who plays, and how the scores stand."""

    def standing(self, state: State) -> str:
        """Where a game stands, in one line: ``You 1,200 · Ada 900 — your turn``."""
        scores = "  ·  ".join(_("{name} {score}").format(name=p.subject, score=num(state.scores[i]))
                              for i, p in enumerate(self.people))
        if state.finished:
            return scores
        whose = self.by(state.current, _("your turn"), _("{name}'s turn"))
        return _("{scores}  —  {whose}").format(scores=scores, whose=whose)

    def seat_note(self, kind: str, on_board: bool, *, standin: float | None = None, stood_in: bool = False) -> str:
        """Under a player's name: ``human`` or ``expert computer``, and whether the seat is on the board.

        ``standin``: an optimal seat played by master while its win tables are solved (that far);
        ``stood_in``: one that stays with master (its tables could not be solved).
        """
        who = _("human") if kind == "human" else _("{level} computer").format(level=level_name(kind))
        if standin is not None:
            who = _("master plays · optimal {percent}% solved").format(percent=round(100 * min(1.0, standin)))
        elif stood_in:
            who = _("optimal · plays as master")
        return who if on_board else _("{who}  ·  not on board").format(who=who)

    def chips(self, state: State) -> list[tuple[str, Tone]]:
        """The top bar's chips: final round, the score to top or beat, the entry minimum."""
        chips: list[tuple[str, Tone]] = []
        if state.finished:
            return chips
        if state.final:
            chips.append((_("FINAL ROUND"), "warn"))
            high = high_to_top(self.rules, state.current, state.scores, state.current in state.owed)
            if high is not None:
                chips.append((_("Must top {score}").format(score=num(high)), "bad"))
            elif self.rules.end == "one-more-turn" and state.current in state.owed:
                # A last turn banked below the leader loses all the same: say what wins, and that reaching the
                # leader shares the win (it had said "more than" only, of a bank that ties, helper-33).
                leader = highest_other(state.scores, state.current)
                if leader > state.scores[state.current]:
                    chips.append((_("Beat {score} to win ({score} ties)").format(score=num(leader)), "bad"))
        if state.high_mark is not None:
            chips.append((_("Score to beat {score}").format(score=num(state.high_mark)), "warn"))
        # In the final round what wins is the news; the entry minimum is below it anyway (the target is higher).
        if not state.on_board[state.current] and self.rules.entry_minimum and not state.final:
            need = num(self.rules.entry_minimum)
            if self.rules.entry_counts_carried:
                chips.append((_("Needs {points} points to get on the board").format(points=need), "info"))
            else:
                chips.append((_("Needs {points} own points to get on the board").format(points=need), "info"))
        return chips[:3]

    def turn_note(self, state: State) -> tuple[str, Tone]:
        """Under the turn total: the points on offer or carried in, or the dice to throw."""
        if state.phase is Phase.CARRYOVER and state.offer is not None:  # (the stake, while it is weighed)
            return _("{points} on offer").format(points=num(state.offer.points)), "info"
        if state.carried:
            return _("{points} carried").format(points=num(state.carried)), "info"
        if state.phase is Phase.ROLL and not state.finished:
            return _("{dice} to throw").format(dice=dice_count(state.dice_left)), "dim"
        return "", "dim"


LEVEL_NAMES: dict[str, str] = {"cautious": N_("cautious"), "bold": N_("bold"), "expert": N_("expert"),
                               "master": N_("master"), "optimal": N_("optimal"), "human": N_("human")}
"""The computer levels' names as players read them (the ids stay English in files and on the command line)."""


def level_name(kind: str) -> str:
    """A computer level (or ``human``) in the language in force; a level this version does not know, as it is."""
    return _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else kind
