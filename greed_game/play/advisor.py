"""The hint and the odds of an offer, as the computer players' solver gives them once it is ready."""

from __future__ import annotations

from greed_game.narrator import Line, Narrator
from greed_game.play.odds import final_offer_odds, hint_lines, offer_odds
from greed_game.play.prepare import Preparation
from greed_game.rules import Phase, RuleSet, State


class Advisor:
    """Whether the hint is open, what it says and which dice it keeps; the bust odds of an offer."""

    def __init__(self, rules: RuleSet, prep: Preparation) -> None:
        self.rules = rules
        self.prep = prep
        self.open = False
        self.lines: list[Line] = []
        self.keep: tuple[int, ...] = ()
        """The faces the advice keeps (the table rings those dice on the felt)."""
        self.offer_odds = ("–", "–")
        """Bust chances of taking and of declining the carryover on offer; in a final turn, chances of reaching
        :attr:`offer_reach`."""
        self.offer_reach: int | None = None
        """The total a final turn must reach not to lose, when the offer's odds are of reaching it."""
        self._seen = prep.done

    def toggle(self) -> None:
        """Open or close the hint (the flow works its lines out when it refreshes)."""
        self.open = not self.open
        if not self.open:
            self.keep = ()

    def close(self) -> None:
        """Close the hint (the dice are thrown: its advice no longer applies)."""
        self.open = False
        self.keep = ()

    def compute(self, state: State, narrator: Narrator) -> None:
        """The hint's lines for ``state``: the advice, or how far its tables are, or why there are none."""
        self.keep = ()
        if not self.prep.done:
            self.lines = narrator.hints.hint_pending(self.prep.fraction)
        elif not self.prep.advice:
            self.lines = narrator.hints.hint_unavailable(self.prep.problem or "they were not worked out")
        else:
            self.lines, self.keep = hint_lines(self.rules, state, narrator, self.prep.win, self.prep.solutions)

    def offer(self, state: State) -> None:
        """The bust odds of the offer in ``state`` (dashes until the solver is ready, or without an offer)."""
        self.offer_odds, self.offer_reach = ("–", "–"), None
        final = final_offer_odds(self.rules, state) if state.phase is Phase.CARRYOVER else None
        if final is not None:
            self.offer_odds, self.offer_reach = final
        elif state.phase is Phase.CARRYOVER and self.prep.done and self.prep.advice:
            self.offer_odds = offer_odds(self.rules, state, self.prep.solutions)

    def catch_up(self, state: State, narrator: Narrator, *, ready: bool) -> bool:
        """Show what the preparation has reached: its progress in an open hint, the advice once it is done.
        Whether anything shown may have changed."""
        if not self._seen and self.prep.done:
            self._seen = True
            if ready:
                self.offer(state)
            if self.open:
                self.compute(state, narrator)
            return True
        if self.open and not self._seen:
            self.compute(state, narrator)
            return True
        return False
