"""The words of what happens in a game: the banners across the felt, the callouts of a keep, the
log of finished turns and the replay's captions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from greed_game.i18n import _, ngettext
from greed_game.narrator.rules_text import combination_name, rules_name
from greed_game.narrator.voice import Line, Said, Voice
from greed_game.narrator.words import join_and, num, sentence
from greed_game.rules.dice import counts_of
from greed_game.rules.game import Event, FirstPlayer, State
from greed_game.rules.history import TurnResult
from greed_game.rules.ruleset import RuleSet
from greed_game.rules.rulings import roll_off_mark
from greed_game.rules.transitions import (
    Banked,
    Busted,
    CarryoverDeclined,
    CarryoverOffered,
    CarryoverTaken,
    EnteredBoard,
    FinalTurns,
    FirstChosen,
    GameOver,
    HotDice,
    Kept,
    NewScoreToBeat,
    Rescued,
    Step,
    Thrown,
    Transition,
    TurnPassed,
    Voided,
    transitions,
)


class Events(Voice):
    """Banners, callouts, the log and the replay's captions: the words of the game's events."""

    # -- banners ------------------------------------------------------------------------------------

    def said(self, t: Transition, step: Step | None = None) -> Said | None:
        """The banner for a transition (None for those the table shows otherwise); ``step``, the event's that
        made it, lets a bank say that no dice are passed on because every die of the turn scored (the next
        player's turn had begun with no offer and no word why)."""
        if isinstance(t, FirstChosen):
            return Said(self.by(t.seat, _("You start"), _("{name} starts")), tone="gold",
                        name=self.person(t.seat).subject)
        if isinstance(t, HotDice):
            sub = (_("All {count} dice come back: throw them again") if t.mandatory
                   else _("All {count} dice come back")).format(count=num(t.dice))
            return Said(_("Hot dice!"), sub, "good")
        if isinstance(t, Busted):
            return Said(_("Bust!"), self._bust_line(t), "bad")
        if isinstance(t, Rescued):
            return Said(_("Doubles rescue"), _("A pair that does not score: {count} fresh dice").format(
                count=num(t.dice)), "info")
        if isinstance(t, Banked):
            title = self.by(t.seat, _("You bank {points}"), _("{name} banks {points}"), points=num(t.points))
            sub = _("Total {score}").format(score=num(t.score))
            if step is not None and _none_passed(self.rules, step):
                sub = _("Total {score}\nHot dice: no dice to pass on").format(score=num(t.score))
            return Said(title, sub, "gold", self.person(t.seat).subject)
        if isinstance(t, CarryoverTaken):
            title = self.by(t.seat, _("You take the dice"), _("{name} takes the dice"))
            sub = ngettext("{points} points and {count} die to throw", "{points} points and {count} dice to throw",
                           t.dice).format(points=num(t.points), count=num(t.dice))
            # (white, as a decline's: in blue the title had read faintly over the felt, helper-41)
            return Said(title, sub, "plain", self.person(t.seat).subject)
        if isinstance(t, CarryoverDeclined):
            # (what was turned down: "Penny declines" alone had not said, helper-40)
            title = self.by(t.seat, _("You decline {points}"), _("{name} declines {points}"), points=num(t.points))
            sub = ngettext("A fresh start with {count} die", "A fresh start with {count} dice", t.dice).format(
                count=num(t.dice))
            return Said(title, sub, "plain", self.person(t.seat).subject)
        if isinstance(t, Voided):
            return self.void(t.reason, None, t.dice)
        if isinstance(t, FinalTurns):
            return Said(_("Final round"), self.final_words(t.owed, t.score), "warn")
        if isinstance(t, NewScoreToBeat):
            names = join_and([self.person(s).object for s in t.owed])
            sub = self.by(t.seat, _("You set {score}: one more turn each for {names}"),
                          _("{name} sets {score}: one more turn each for {names}"), score=num(t.score), names=names)
            return Said(_("New score to beat"), sub, "warn")
        if isinstance(t, TurnPassed):
            if t.final:
                title = self.by(t.seat, _("Your last turn"), _("{name}'s last turn"))
            else:
                title = self.by(t.seat, _("Your turn"), _("{name}'s turn"))
            return Said(title, tone="plain", name=self.person(t.seat).name)
        if isinstance(t, GameOver):
            return self.game_over(t.winners)
        return None

    def _bust_line(self, t: Busted) -> str:
        """The line under a bust's banner: what was lost, and why when it is the carryover's rule."""
        if t.reason == "carryover-face":
            if t.lost:
                return self.by(t.seat, _("No {faces} on the carryover throw: you lose {points}"),
                               _("No {faces} on the carryover throw: {name} loses {points}"),
                               faces=self._carry_faces(), points=num(t.lost))
            return _("No {faces} on the carryover throw").format(faces=self._carry_faces())
        if t.lost and t.carried >= t.lost:  # the points were the player before's: say so, not "yours"
            return self.by(t.seat, _("You lose the {points} carried"), _("{name} loses the {points} carried"),
                           points=num(t.lost))
        if t.lost and t.carried:
            return self.by(t.seat, _("You lose {points} ({carried} of them carried)"),
                           _("{name} loses {points} ({carried} of them carried)"), points=num(t.lost),
                           carried=num(t.carried))
        if t.lost:
            return self.by(t.seat, _("You lose {points}"), _("{name} loses {points}"), points=num(t.lost))
        return _("No scoring dice")

    def void(self, reason: str, against: str | None, dice: int, count: int = 1) -> Said:
        """The banner of a void throw (``against``: what a cocked die leans on, when the table knows; ``count``:
        how many dice made it void)."""
        return Said(_("Void throw"), self.void_again(reason, against, dice, count), "warn")

    def game_over(self, winners: Sequence[int]) -> Said:
        """The banner at the end of the game."""
        name = self.person(winners[0]).subject if len(winners) == 1 else ""
        return Said(self.winners(winners), tone="gold", name=name)

    def void_reason(self, reason: str, against: str | None, count: int = 1, *, short: bool = False) -> str:
        """Why a throw is void: ``count`` dice off the felt (over the rail to the ``floor``, up on the ``rail``, or
        some of each: ``over``), or cocked against ``against`` (``die``/``rail``); ``short`` as the status line
        under the felt needs it (the banner says it whole: "A die is cocked against the rail" had been cut at
        854×480, helper-46)."""
        if short and reason == "off-felt" and against == "rail":
            return ngettext("A die is on the rail", "{count} dice are on the rail", count).format(count=num(count))
        if short and reason != "off-felt":
            against = None
        if reason == "off-felt":
            if against == "rail":
                said = ngettext("A die came to rest on the rail", "{count} dice came to rest on the rail", count)
            elif against == "over":
                said = ngettext("A die went over the rail", "{count} dice went over the rail", count)
            else:
                said = ngettext("A die fell off the table", "{count} dice fell off the table", count)
            return said.format(count=num(count))
        if count > 1:
            return ngettext("{count} die is cocked", "{count} dice are cocked", count).format(count=num(count))
        if against is None:
            return _("A die is cocked")
        return _("A die is cocked against another die") if against == "die" else _("A die is cocked against the rail")

    def void_again(self, reason: str, against: str | None, dice: int, count: int = 1) -> str:
        """The line under a void throw's banner."""
        again = ngettext("{reason}: the die is thrown again", "{reason}: all {count} dice are thrown again", dice)
        return again.format(reason=self.void_reason(reason, against, count), count=num(dice))

    def final_words(self, owed: Sequence[int], score: int) -> str:
        """Who still plays in the final round, and what for."""
        names = join_and([self.person(s).object for s in owed])
        if self.rules.end == "must-top":
            if len(owed) == 1:
                return self.by(owed[0], _("You must top {score} to win"), _("{name} must top {score} to win"),
                               score=num(score))
            return _("{names} must top {score} to win").format(names=sentence(names), score=num(score))
        if self.rules.end == "score-to-beat":
            return _("Score to beat: {score} — one turn each for {names}").format(score=num(score), names=names)
        if len(owed) == 1:
            return _("One more turn for {names}").format(names=names)
        return _("One more turn each for {names}").format(names=names)

    def winners(self, seats: Sequence[int]) -> str:
        """``Ada wins!``, ``You win!``, ``Ada and Bo share the win!``."""
        if len(seats) == 1:
            return self.by(seats[0], _("You win!"), _("{name} wins!"))
        return _("{names} share the win!").format(names=join_and([self.person(s).subject for s in seats]))

    def roll_off(self, rounds: Sequence[Mapping[int, tuple[int, ...]]], first: int) -> Said:
        """The banner of a first-player roll-off: who starts, and every seat's result (a seat that threw
        again after a tie, each of its throws: ``6 → 5``)."""
        shown = self._roll_off_results(rounds)
        title = self.by(first, _("You start"), _("{name} starts"))
        # (after a tie the tied seats' second throws are listed with the others' first: say so)
        line = _("Roll-off, after a tie: {results}") if len(rounds) > 1 else _("Roll-off: {results}")
        return Said(title, line.format(results=shown) if shown else "", "gold", self.person(first).subject)

    def _roll_off_results(self, rounds: Sequence[Mapping[int, tuple[int, ...]]]) -> str:
        """Every seat's roll-off result, ``You 6  ·  Penny 2 → 4`` (a seat that threw again after a tie, each of
        its throws)."""
        throws: dict[int, list[tuple[int, ...]]] = {}
        for thrown in rounds:
            for seat, dice in thrown.items():
                throws.setdefault(seat, []).append(dice)

        def mark(dice: tuple[int, ...]) -> str:
            if self.rules.first_player == "best-roll":
                return num(roll_off_mark(self.rules, dice))
            if self.vocab.skin == "greed":  # a letter does not say which die is higher: the number on its face does
                return f"{self.dice(dice)} ({max(dice)})"
            return self.dice(dice)

        # (a seat's last throw alone, listed with the others' first, had read as if every seat threw again,
        # helper-40)
        marks = {s: " → ".join(mark(d) for d in each) for s, each in sorted(throws.items())}
        # No-break spaces keep each seat's result whole when the banner wraps the line.
        return "  ·  ".join(f"{self.person(s).subject} {m}".replace(" ", "\u00a0") for s, m in marks.items())

    def roll_off_throw(self, seat: int, dice: Sequence[int]) -> Said:
        """The banner over one seat's roll-off throw, thrown seat by seat: what it counts for."""
        mark = roll_off_mark(self.rules, dice)
        # (the words are chosen before the banner is made: the catalog's reader skips a call's nested messages)
        if self.rules.first_player == "best-roll" and mark == 0:
            title = self.by(seat, _("Your dice score nothing"), _("{name}'s dice score nothing"))
        else:
            title = self.by(seat, _("You throw {points}"), _("{name} throws {points}"), points=num(mark))
        return Said(title, "", "plain", self.person(seat).subject)

    def roll_off_tie(self, seats: Sequence[int]) -> Said:
        """The banner before a roll-off's tie is thrown again: who throws again."""
        names = join_and([self.person(s).subject for s in seats])
        # Translators: the roll-off for the first player; {names} is a list of players, "Ada and Bo".
        again = _("{names} throw again").format(names=names)
        return Said(_("A tie"), again, "plain")

    def welcome_back(self, seat: int) -> Said:
        """The banner of a resumed game."""
        return Said(_("Welcome back"), self.by(seat, _("Your turn"), _("{name}'s turn")), "plain")

    @staticmethod
    def record_full(limit: int) -> Said:
        """Play stops: the game's record is as long as a record may be."""
        return Said(_("The game stops here"), _("Its record is at the limit of {limit} events: it is saved, and "
                                                "Replays can show it").format(limit=num(limit)), "warn")

    def callout(self, kept: Kept) -> Said | None:
        """A combination worth calling out on the felt as it is kept (a straight, three pairs, $GREED,
        four or more of a kind), with the keep's points; None for singles and triples, the everyday."""
        parts = self.rules.table.breakdown(counts_of(kept.dice)) or ()
        names: list[str] = []
        rest: list[int] = []
        for combo in parts:
            faces = combo.dice
            if len(set(faces)) == 1:
                if len(faces) <= 3:
                    rest += faces
                    continue
                name = self.vocab.many(len(faces), faces[0])
            else:
                # The dice are on the felt for all to see: the name without its digits ("straight"); letter dice
                # in a run say what they spell ("Straight!" for $GREE had read as the wrong word, helper-46).
                name = self.vocab.spelled(faces) or combination_name(combo.name.rstrip("0123456789- ") or combo.name)
            names.append(name[:1].upper() + name[1:])
        if not names:
            return None
        if rest:  # the points are the whole keep's: its other dice are named too ("Four 1s + 5")
            names.append(self.vocab.dice(rest))
        return Said(_("{combinations}!").format(combinations=" + ".join(names)), f"+{num(kept.points)}", "gold")

    # -- the replay -------------------------------------------------------------------------------

    def opening(self, first_event: Event | None, starter: int) -> str:
        """The caption before the first event of a game."""
        names = join_and([p.subject for p in self.people])
        text = _("{rules} to {target}: {names}.").format(rules=rules_name(self.rules), target=num(self.rules.target),
                                                         names=names)
        if isinstance(first_event, FirstPlayer):
            return _("{opening} A roll-off decides who starts.").format(opening=text)
        return _("{opening} {starts}.").format(opening=text, starts=self.by(starter, _("You start"),
                                                                             _("{name} starts")))

    def caption(self, step: Step) -> str:
        """The replay's words for one event: what it was and what it meant."""
        parts: list[str] = []
        for t in step.transitions:
            text = self._caption_part(t, step)
            if text:
                parts.append(text)
        return " ".join(parts)

    def _caption_part(self, t: Transition, step: Step) -> str:
        if isinstance(t, FirstChosen):
            return self.by(t.seat, _("You win the roll-off and start."), _("{name} wins the roll-off and starts."))
        if isinstance(t, Thrown):
            return self._thrown_caption(t, step)
        if isinstance(t, Kept):
            return self.by(t.seat, _("You keep {dice} for {points} ({total} this turn)."),
                           _("{name} keeps {dice} for {points} ({total} this turn)."),
                           dice=self.dice(t.dice), points=num(t.points), total=num(t.turn_total))
        if isinstance(t, HotDice):
            return _("Hot dice: all {count} dice come back.").format(count=num(t.dice))
        if isinstance(t, Banked):
            if t.kept:
                return self.by(t.seat, _("You bank {points} (keeping {dice}), now {score}."),
                               _("{name} banks {points} (keeping {dice}), now {score}."),
                               points=num(t.points), dice=self.dice(t.kept), score=num(t.score))
            return self.by(t.seat, _("You bank {points}, now {score}."), _("{name} banks {points}, now {score}."),
                           points=num(t.points), score=num(t.score))
        if isinstance(t, EnteredBoard):
            return self.by(t.seat, _("You are on the board."), _("{name} is on the board."))
        if isinstance(t, CarryoverOffered):
            return self.by(t.seat, ngettext("You may take {count} die and {points} points.",
                                            "You may take {count} dice and {points} points.", t.dice),
                           ngettext("{name} may take {count} die and {points} points.",
                                    "{name} may take {count} dice and {points} points.", t.dice),
                           count=num(t.dice), points=num(t.points))
        if isinstance(t, CarryoverTaken):
            return self.by(t.seat, ngettext("You take over {count} die and {points} points.",
                                            "You take over {count} dice and {points} points.", t.dice),
                           ngettext("{name} takes over {count} die and {points} points.",
                                    "{name} takes over {count} dice and {points} points.", t.dice),
                           count=num(t.dice), points=num(t.points))
        if isinstance(t, CarryoverDeclined):
            return self.by(t.seat, _("You decline the dice and start fresh."),
                           _("{name} declines the dice and starts fresh."))
        if isinstance(t, Voided):
            return _("The throw does not count ({reason}).").format(reason=self.void_reason(t.reason, None).lower())
        if isinstance(t, FinalTurns):
            words = self.final_words(t.owed, t.score)
            if self.rules.end == "score-to-beat":
                return _("{words}.").format(words=words)
            if self.rules.end == "one-more-turn":
                words = words[:1].lower() + words[1:]
            return _("Final round: {words}.").format(words=words)
        if isinstance(t, NewScoreToBeat):
            words = self.final_words(t.owed, t.score)
            return _("New {words}.").format(words=words[:1].lower() + words[1:])
        if isinstance(t, GameOver):
            # the exclamation is the sentence's own (a French one stands after a no-break space)
            return _("Game over: {winners}.").format(winners=self.winners(t.winners).rstrip("!").rstrip())
        return ""

    def _thrown_caption(self, t: Thrown, step: Step) -> str:
        follow = step.transitions[1] if len(step.transitions) > 1 else None
        dice = self.dice(t.dice)
        if isinstance(follow, Busted):
            if follow.reason == "carryover-face":
                if follow.lost:
                    return self.by(t.seat, _("You throw {dice}: no {faces}, bust ({points} lost)."),
                                   _("{name} throws {dice}: no {faces}, bust ({points} lost)."),
                                   dice=dice, faces=self._carry_faces(), points=num(follow.lost))
                return self.by(t.seat, _("You throw {dice}: no {faces}, bust."),
                               _("{name} throws {dice}: no {faces}, bust."), dice=dice, faces=self._carry_faces())
            if follow.lost:
                return self.by(t.seat, _("You throw {dice}: nothing scores, bust ({points} lost)."),
                               _("{name} throws {dice}: nothing scores, bust ({points} lost)."),
                               dice=dice, points=num(follow.lost))
            return self.by(t.seat, _("You throw {dice}: nothing scores, bust."),
                           _("{name} throws {dice}: nothing scores, bust."), dice=dice)
        if isinstance(follow, Rescued):
            return self.by(t.seat, _("You throw {dice}: a pair that does not score, rescued with {count} fresh dice."),
                           _("{name} throws {dice}: a pair that does not score, rescued with {count} fresh dice."),
                           dice=dice, count=num(follow.dice))
        return self.by(t.seat, _("You throw {dice}."), _("{name} throws {dice}."), dice=dice)

    def replay_captions(self, states: Sequence[State], events: Sequence[Event]) -> list[str]:
        """The caption of every position of a replay (0: before the first event)."""
        out = [self.opening(events[0] if events else None, states[0].current)]
        for k, event in enumerate(events):
            before, after = states[k], states[k + 1]
            step = Step(before, event, after, transitions(self.rules, before, event, after))
            out.append(self.caption(step))
        return out

    # -- the log ------------------------------------------------------------------------------------

    def log_line(self, turn: TurnResult, total: int) -> Line:
        """One finished turn: ``Ada banks 1,250 (600 carried) → 3,400`` (``Ada banks 900``: her first points) or ``You
        bust after 3 throws (450 lost)``."""
        extra = []
        if turn.lost and turn.carried:  # ("1,550 lost, 1,550 carried" had read as two sums, helper-38)
            lost = _("{points} lost, all carried") if turn.carried >= turn.lost else _(
                "{points} lost, {carried} of them carried")
            extra.append(lost.format(points=num(turn.lost), carried=num(turn.carried)))
        elif turn.lost:  # (a bust had read the same whatever it cost, helper-35)
            extra.append(_("{points} lost").format(points=num(turn.lost)))
        elif turn.carried:
            extra.append(_("{points} carried").format(points=num(turn.carried)))
        if turn.voids:
            # (a void throw counts for nothing and is thrown again: "(1 void throw)" alone had left a player
            # wondering what it meant)
            extra.append(ngettext("{count} void throw, thrown again", "{count} void throws, thrown again",
                                  turn.voids).format(count=num(turn.voids)))
        # (each note held together: wrapped at 854×480 the log had read "(650 / lost)", helper-36)
        extra = [e.replace(" ", "\u00a0") for e in extra]
        note = _(" ({notes})").format(notes=_(", ").join(extra)) if extra else ""
        if turn.banked:
            # a seat's first points without their total ("banks 900 → 900" read oddly, helper-39)
            you, other = ((_("You bank {points}{notes}"), _("{name} banks {points}{notes}")) if total == turn.points
                          else (_("You bank {points}{notes} → {total}"), _("{name} banks {points}{notes} → {total}")))
            return Line(self.by(turn.seat, you, other, points=num(turn.points), notes=note, total=num(total)), "plain")
        if turn.throws > 1:
            text = self.by(turn.seat, _("You bust after {count} throws{notes}"),
                           _("{name} busts after {count} throws{notes}"), count=num(turn.throws), notes=note)
        else:
            text = self.by(turn.seat, _("You bust on the first throw{notes}"),
                           _("{name} busts on the first throw{notes}"), notes=note)
        return Line(text, "bad")

    def roll_off_line(self, seat: int, rounds: Sequence[Mapping[int, tuple[int, ...]]] = ()) -> Line:
        """The log's first line where a roll-off decided who starts: ``Penny wins the roll-off: You 2  ·  Penny 5``
        (without the throws when they are not known: a game resumed)."""
        shown = self._roll_off_results(rounds)
        if shown:
            return Line(self.by(seat, _("You win the roll-off: {results}"), _("{name} wins the roll-off: {results}"),
                                results=shown), "info")
        return Line(self.by(seat, _("You win the roll-off"), _("{name} wins the roll-off")), "info")

    def declined_line(self, seat: int, points: int) -> Line:
        """The log line of a carryover of ``points`` declined (as its banner says it)."""
        return Line(self.by(seat, _("You decline {points}"), _("{name} declines {points}"), points=num(points)), "info")

    def taken_line(self, seat: int, points: int) -> Line:
        """The log line of a carryover taken."""
        return Line(self.by(seat, _("You take the dice: {points} carried"),
                            _("{name} takes the dice: {points} carried"), points=num(points)), "info")

    def log(self, turns: Sequence[TurnResult]) -> list[tuple[int, Line]]:
        """The whole log of finished turns, oldest first, each with its seat."""
        totals = [0] * len(self.people)
        out: list[tuple[int, Line]] = []
        for turn in turns:
            totals[turn.seat] += turn.points
            if turn.declined:
                out.append((turn.seat, self.declined_line(turn.seat, turn.declined_points)))
            if turn.carried:
                out.append((turn.seat, self.taken_line(turn.seat, turn.carried)))
            out.append((turn.seat, self.log_line(turn, totals[turn.seat])))
        return out


def _none_passed(rules: RuleSet, step: Step) -> bool:
    """Whether the bank of ``step`` passed no dice on where the rules pass them and the game goes on: only when
    every die of the turn scored (hot dice) does a bank offer nothing."""
    return (rules.carryover != "none" and step.before.players > 1 and step.first(CarryoverOffered) is None
            and step.first(GameOver) is None)
