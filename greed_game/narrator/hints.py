"""The words of advice: the hint's lines and the carryover box's offer."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from greed_game.i18n import N_, _
from greed_game.narrator.voice import Line, OfferWords, Voice
from greed_game.narrator.words import count_word, dice_count, join_and, num, pct, sentence
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
from greed_game.rules.rulings import banks_short

MAX_CHOICES = 3
"""Choices the hint lists with their figures (it shares the side panel with the players and the log)."""


class Hints(Voice):
    """The hint (its advice, choices and odds, or why there is none yet) and the carryover box."""

    # -- the carryover box -----------------------------------------------------------------------------

    def offer(self, state: State) -> OfferWords:
        """The words of the carryover box for the offer in ``state``."""
        o = state.offer
        assert o is not None
        dice = dice_count(o.dice)
        note = ""
        if self.rules.carryover == "strict":
            note = _("Needs a {faces} in the throw and in the keep").format(faces=self._carry_faces())
        ask = self.by(state.current, _("Take (T) or decline (D)?"), _("{name}: take (T) or decline (D)?"))
        return OfferWords(
            headline=self.by(o.seat, _("You banked {points} with {dice} left"),
                             _("{name} banked {points} with {dice} left"), points=num(o.points), dice=dice),
            take=_("Take: throw {dice} for {points}+").format(dice=dice, points=num(o.points)),
            take_note=note,
            decline=_("Decline: start fresh with {dice}").format(dice=dice_count(self.rules.dice)),
            ask=ask,
        )

    # -- the hint ---------------------------------------------------------------------------------------

    def these(self, dice: Sequence[int]) -> str:
        """Kept dice named so that a face is never read as a count: ``the 5``, ``the 1 and the 5``,
        ``three 2s``; a run of many faces (a straight) as the faces themselves, ``1 2 3 4 5``."""
        groups: list[str] = []
        for face, run in groupby(sorted(dice)):
            n = len(list(run))
            groups.append(self.vocab.the(face) if n == 1 else self.vocab.many(n, face))
        return join_and(groups) if len(groups) <= 2 else self.dice(dice)

    def choice(self, actions: Sequence[Action], state: State) -> str:
        """One choice of the hint, from the actions that carry it out: ``keep the 5 and throw 4 dice``."""
        first = actions[0]
        if isinstance(first, Carryover):
            o = state.offer
            if first.accept and o is not None:
                return _("take {dice} and {points} points").format(dice=dice_count(o.dice), points=num(o.points))
            return _("decline and throw {dice} fresh").format(dice=dice_count(self.rules.dice))
        if isinstance(first, Throw):
            return _("throw {dice}").format(dice=dice_count(first.count))
        if isinstance(first, Bank):
            try:
                total = bank_total(self.rules, state)[0]
            except IllegalAction:
                total = state.turn_points
            kept = bank_keep(self.rules, state)
            if kept:
                return _("bank {points}, keeping {dice}").format(points=num(total), dice=self.these(kept))
            return _("bank {points}").format(points=num(total))
        if isinstance(first, Keep):
            return self._keep_choice(first, actions[1] if len(actions) > 1 else None, state)
        return ""

    def _keep_choice(self, keep: Keep, nxt: Action | None, state: State) -> str:
        """``keep the 5 and throw 4 dice``; ``keep the 1 and the 5, then throw 4 dice`` (never two "and"s)."""
        points = self.rules.table.points(counts_of(keep.dice)) or 0
        words = self.these(keep.dice)
        two = len(set(keep.dice)) == 2  # named as two groups: "the 1 and the 5"
        if isinstance(nxt, Bank):
            text = _("keep {dice}, then bank {points}") if two else _("keep {dice} and bank {points}")
            return text.format(dice=words, points=num(state.turn_points + points))
        try:
            hot = hot_dice(self.rules, state, keep.dice)
        except IllegalAction:
            hot = False
        if hot:
            text = (_("keep {dice}, then throw all {count} again (hot dice)") if two
                    else _("keep {dice} and throw all {count} again (hot dice)"))
            return text.format(dice=words, count=count_word(self.rules.dice))
        count = nxt.count if isinstance(nxt, Throw) else state.dice_left - len(keep.dice)
        text = _("keep {dice}, then throw {count}") if two else _("keep {dice} and throw {count}")
        return text.format(dice=words, count=dice_count(count))

    def hint(
        self,
        state: State,
        bust: float | None,
        choices: Sequence[tuple[Sequence[Action], float, float | None]],
        *,
        adviser: str = N_("Expert"),
        chances: Sequence[float] | None = None,
        reach: int | None = None,
    ) -> list[Line]:
        """The hint: the bust chance of throwing now, the advice, and the best choices with their figures.

        ``choices`` are ``(actions, expected points, bust chance of the next throw)``, best first;
        ``chances``, with two players, each choice's exact chance of winning the game (then the advice
        is the choice that wins most often); with ``reach``, each choice's chance of reaching that total in a
        final turn. Each figure says what it is: the points to expect from
        here on average, the win chance, the bust chance.
        """
        lines: list[Line] = []
        if bust is not None:
            lines.append(Line(_("Bust chance if you throw {dice} now: {chance}").format(
                dice=dice_count(state.dice_left), chance=pct(bust)), "warn"))
        if not choices:
            return lines
        best = self.choice(choices[0][0], state)
        if chances is not None and reach is not None:
            lines.append(Line(_("Best to reach {total}: {choice}").format(total=num(reach), choice=best), "good"))
        elif chances is not None:
            lines.append(Line(_("Best to win: {choice}").format(choice=best), "good"))
        else:
            lines.append(Line(_("{adviser}: {choice}").format(adviser=_(adviser), choice=best), "good"))
        for i, (actions, value, risk) in enumerate(choices[:MAX_CHOICES]):
            lines.append(Line(sentence(self.choice(actions, state)), "plain", indent=True))
            figures = []
            # No-break spaces keep each figure whole when the hint wraps.
            if risk is not None:
                figures.append(_("≈ {points} points from here on average").format(points=num(round(value))))
            else:
                # A bank throws no more: its figure is what it scores, with nothing to lose, unless it is a final
                # turn's bank that leaves the player behind (it had read "no risk" of a certain loss, helper-31).
                figure = _("{points} points, too few to win") if self.loses(state, value) else _(
                    "{points} points, no risk")
                figures.append(figure.format(points=num(round(value))))
            if chances is not None and reach is not None:
                figures.append(_("{chance} to reach {total}").format(chance=pct(chances[i]), total=num(reach)))
            elif chances is not None:
                figures.append(_("win chance {chance}").format(chance=pct(chances[i])))
            if risk is not None:
                figures.append(_("bust chance {chance}").format(chance=pct(risk)))
            if figures:
                lines.append(Line(" · ".join(f.replace(" ", "\u00a0") for f in figures), "dim", indent=True))
        return lines

    def loses(self, state: State, banked: float) -> bool:
        """Whether banking ``banked`` points now loses the game: the player's final turn, and too few to catch
        the leader (or the score to beat)."""
        me = state.current
        return banks_short(self.rules, me, state.scores, banked, state.final and me in state.owed, state.high_mark)

    @staticmethod
    def working(fraction: float) -> str:
        """The computer players and the hint are being worked out, ``fraction`` of the current stage done."""
        return _("Working out the odds of these rules… {percent}%").format(percent=round(100 * min(1.0, fraction)))

    def hint_pending(self, fraction: float) -> list[Line]:
        """The hint while its tables are still being solved."""
        return [Line(self.working(fraction), "dim")]

    @staticmethod
    def hint_unavailable(problem: str) -> list[Line]:
        """The hint when these rules cannot be solved (the reason, as the solver words it)."""
        return [Line(_("No hint for these rules:"), "warn"), Line(problem, "dim", indent=True)]
