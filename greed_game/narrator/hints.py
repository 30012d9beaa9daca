"""The words of advice: the hint's lines and the carryover box's offer."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from greed_game.narrator.voice import Line, OfferWords, Voice
from greed_game.narrator.words import COUNT_WORDS, dice_count, join_and, num, pct, sentence
from greed_game.rules.dice import counts_of
from greed_game.rules.game import (
    Action,
    Bank,
    Carryover,
    IllegalAction,
    Keep,
    State,
    Throw,
    bank_keep,
    bank_total,
    hot_dice,
)

MAX_CHOICES = 3
"""Choices the hint lists with their figures (it shares the side panel with the players and the log)."""


class Hints(Voice):
    """The hint (its advice, choices and odds, or why there is none yet) and the carryover box."""

    # -- the carryover box -----------------------------------------------------------------------------

    def offer(self, state: State) -> OfferWords:
        """The words of the carryover box for the offer in ``state``."""
        o = state.offer
        assert o is not None
        giver, taker = self.person(o.seat), self.person(state.current)
        dice = dice_count(o.dice)
        note = ""
        if self.rules.carryover == "strict":
            note = f"Needs a {self._carry_faces()} in the throw and in the keep"
        ask = "Take (T) or decline (D)?" if taker.you else f"{taker.subject}: take (T) or decline (D)?"
        return OfferWords(
            headline=f"{giver.does('banked', 'banked')} {num(o.points)} with {dice} left",
            take=f"Take: throw {dice} for {num(o.points)}+",
            take_note=note,
            decline=f"Decline: start fresh with {dice_count(self.rules.dice)}",
            ask=ask,
        )


    # -- the hint ---------------------------------------------------------------------------------------

    def these(self, dice: Sequence[int]) -> str:
        """Kept dice named so that a face is never read as a count: ``the 5``, ``the 1 and the 5``,
        ``three 2s``; a run of many faces (a straight) as the faces themselves, ``1 2 3 4 5``."""
        groups: list[str] = []
        for face, run in groupby(sorted(dice)):
            n = len(list(run))
            groups.append(f"the {self.vocab.face(face)}" if n == 1 else
                          f"{COUNT_WORDS[n]} {self.vocab.face_plural(face)}")
        return join_and(groups) if len(groups) <= 2 else self.dice(dice)

    def choice(self, actions: Sequence[Action], state: State) -> str:
        """One choice of the hint, from the actions that carry it out: ``keep the 5 and throw 4 dice``."""
        first = actions[0]
        if isinstance(first, Carryover):
            o = state.offer
            if first.accept and o is not None:
                return f"take {dice_count(o.dice)} and {num(o.points)} points"
            return f"decline and throw {dice_count(self.rules.dice)} fresh"
        if isinstance(first, Throw):
            return f"throw {dice_count(first.count)}"
        if isinstance(first, Bank):
            try:
                total = bank_total(self.rules, state)[0]
            except IllegalAction:
                total = state.turn_points
            kept = bank_keep(self.rules, state)
            return f"bank {num(total)}, keeping {self.these(kept)}" if kept else f"bank {num(total)}"
        if isinstance(first, Keep):
            points = self.rules.table.points(counts_of(first.dice)) or 0
            words = self.these(first.dice)
            # "keep the 1 and the 5, then throw 4 dice": never two "and"s in a row.
            then = ", then" if " and " in words else " and"
            nxt = actions[1] if len(actions) > 1 else None
            if isinstance(nxt, Bank):
                return f"keep {words}{then} bank {num(state.turn_points + points)}"
            try:
                hot = hot_dice(self.rules, state, first.dice)
            except IllegalAction:
                hot = False
            if hot:
                return f"keep {words}{then} throw all {COUNT_WORDS[self.rules.dice]} again (hot dice)"
            count = nxt.count if isinstance(nxt, Throw) else state.dice_left - len(first.dice)
            return f"keep {words}{then} throw {dice_count(count)}"
        return ""

    def hint(
        self,
        state: State,
        bust: float | None,
        choices: Sequence[tuple[Sequence[Action], float, float | None]],
        *,
        adviser: str = "Expert",
        chances: Sequence[float] | None = None,
    ) -> list[Line]:
        """The hint: the bust chance of throwing now, the advice, and the best choices with their figures.

        ``choices`` are ``(actions, expected points, bust chance of the next throw)``, best first;
        ``chances``, with two players, each choice's exact chance of winning the game (then the advice
        is the choice that wins most often). Each figure says what it is: the points to expect from
        here on average, the win chance, the bust chance.
        """
        lines: list[Line] = []
        if bust is not None:
            lines.append(Line(f"Bust chance if you throw {dice_count(state.dice_left)} now: {pct(bust)}", "warn"))
        if not choices:
            return lines
        who = "Best to win" if chances is not None else adviser
        lines.append(Line(f"{who}: {self.choice(choices[0][0], state)}", "good"))
        for i, (actions, value, risk) in enumerate(choices[:MAX_CHOICES]):
            lines.append(Line(sentence(self.choice(actions, state)), "plain", indent=True))
            figures = []
            # No-break spaces keep each figure whole when the hint wraps.
            if risk is not None:
                figures.append(f"≈\u00a0{num(round(value))}\u00a0points from here on average")
            if chances is not None:
                figures.append(f"win\u00a0chance\u00a0{pct(chances[i])}")
            if risk is not None:
                figures.append(f"bust\u00a0chance\u00a0{pct(risk)}")
            if figures:
                lines.append(Line(" · ".join(figures), "dim", indent=True))
        return lines


    @staticmethod
    def working(fraction: float) -> str:
        """The computer players and the hint are being worked out, ``fraction`` of the current stage done."""
        return f"Working out the odds of these rules… {round(100 * min(1.0, fraction))}%"

    def hint_pending(self, fraction: float) -> list[Line]:
        """The hint while its tables are still being solved."""
        return [Line(self.working(fraction), "dim")]

    @staticmethod
    def hint_unavailable(problem: str) -> list[Line]:
        """The hint when these rules cannot be solved (the reason, as the solver words it)."""
        return [Line("No hint for these rules:", "warn"), Line(problem, "dim", indent=True)]
