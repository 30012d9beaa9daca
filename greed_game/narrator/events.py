"""The words of what happens in a game: the banners across the felt, the callouts of a keep, the
log of finished turns and the replay's captions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from greed_game.narrator.voice import Line, Said, Voice
from greed_game.narrator.words import COUNT_WORDS, dice_count, join_and, num, plural, sentence
from greed_game.rules.dice import counts_of
from greed_game.rules.game import Event, FirstPlayer, State
from greed_game.rules.history import TurnResult
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

    def said(self, t: Transition) -> Said | None:
        """The banner for a transition (None for those the table shows otherwise)."""
        if isinstance(t, FirstChosen):
            p = self.person(t.seat)
            return Said(p.does("starts"), tone="gold", name=p.subject)
        if isinstance(t, HotDice):
            sub = f"All {t.dice} dice come back" + (": throw them again" if t.mandatory else "")
            return Said("Hot dice!", sub, "good")
        if isinstance(t, Busted):
            p = self.person(t.seat)
            if t.reason == "carryover-face":
                why = f"No {self._carry_faces()} on the carryover throw"
                sub = f"{why}: {p.does('loses')} {num(t.lost)}" if t.lost else why
            else:
                sub = f"{p.does('loses')} {num(t.lost)}" if t.lost else "No scoring dice"
            return Said("Bust!", sub, "bad")
        if isinstance(t, Rescued):
            return Said("Doubles rescue", f"A pair that does not score: {t.dice} fresh dice", "info")
        if isinstance(t, Banked):
            p = self.person(t.seat)
            return Said(f"{p.does('banks')} {num(t.points)}", f"Total {num(t.score)}", "gold", p.subject)
        if isinstance(t, CarryoverTaken):
            p = self.person(t.seat)
            return Said(f"{p.does('takes')} the dice", f"{num(t.points)} points and {dice_count(t.dice)} to throw",
                        "info", p.subject)
        if isinstance(t, CarryoverDeclined):
            p = self.person(t.seat)
            return Said(p.does("declines"), f"A fresh start with {dice_count(t.dice)}", "plain", p.subject)
        if isinstance(t, Voided):
            return self.void(t.reason, None, t.dice)
        if isinstance(t, FinalTurns):
            return Said("Final round", self.final_words(t.owed, t.score), "warn")
        if isinstance(t, NewScoreToBeat):
            p = self.person(t.seat)
            names = join_and([self.person(s).object for s in t.owed])
            return Said("New score to beat", f"{p.does('sets')} {num(t.score)}: one more turn each for {names}", "warn")
        if isinstance(t, TurnPassed):
            p = self.person(t.seat)
            return Said(f"{p.possessive} {'last turn' if t.final else 'turn'}", tone="plain", name=p.name)
        if isinstance(t, GameOver):
            return self.game_over(t.winners)
        return None

    def void(self, reason: str, against: str | None, dice: int) -> Said:
        """The banner of a void throw (``against``: what a cocked die leans on, when the table knows)."""
        return Said("Void throw", self.void_again(reason, against, dice), "warn")

    def game_over(self, winners: Sequence[int]) -> Said:
        """The banner at the end of the game."""
        name = self.person(winners[0]).subject if len(winners) == 1 else ""
        return Said(self.winners(winners), tone="gold", name=name)

    def void_reason(self, reason: str, against: str | None) -> str:
        """Why a throw is void: a die off the felt (over the rail to the ``floor``, or up on the ``rail``), or cocked
        against ``against`` (``die``/``rail``)."""
        if reason == "off-felt":
            return "A die came to rest on the rail" if against == "rail" else "A die fell off the table"
        if against is None:
            return "A die is cocked"
        return f"A die is cocked against {'another die' if against == 'die' else 'the rail'}"

    def void_again(self, reason: str, against: str | None, dice: int) -> str:
        """The line under a void throw's banner."""
        again = "the die is thrown again" if dice == 1 else f"all {dice} dice are thrown again"
        return f"{self.void_reason(reason, against)}: {again}"

    def final_words(self, owed: Sequence[int], score: int) -> str:
        """Who still plays in the final round, and what for."""
        names = join_and([self.person(s).object for s in owed])
        if self.rules.end == "must-top":
            return f"{sentence(names)} must top {num(score)} to win"
        if self.rules.end == "score-to-beat":
            return f"Score to beat: {num(score)} — one turn each for {names}"
        return f"One more turn for {names}" if len(owed) == 1 else f"One more turn each for {names}"

    def winners(self, seats: Sequence[int]) -> str:
        """``Ada wins!``, ``You win!``, ``Ada and Bo share the win!``."""
        if len(seats) == 1:
            return f"{self.person(seats[0]).does('wins')}!"
        return f"{join_and([self.person(s).subject for s in seats])} share the win!"

    def roll_off(self, rounds: Sequence[Mapping[int, tuple[int, ...]]], first: int) -> Said:
        """The banner of a first-player roll-off: who starts, and every seat's result (a seat that threw
        again after a tie, its last throw)."""
        last: dict[int, tuple[int, ...]] = {}
        for thrown in rounds:
            last.update(thrown)
        marks = {s: num(roll_off_mark(self.rules, d)) if self.rules.first_player == "best-roll" else self.dice(d)
                 for s, d in sorted(last.items())}
        # No-break spaces keep each seat's result whole when the banner wraps the line.
        shown = "  ·  ".join(f"{self.person(s).subject} {m}".replace(" ", "\u00a0") for s, m in marks.items())
        p = self.person(first)
        return Said(p.does("starts"), f"Roll-off: {shown}" if shown else "", "gold", p.subject)

    def welcome_back(self, seat: int) -> Said:
        """The banner of a resumed game."""
        return Said("Welcome back", f"{self.person(seat).possessive} turn", "plain")


    @staticmethod
    def record_full(limit: int) -> Said:
        """Play stops: the game's record is as long as a record may be."""
        return Said("The game stops here", f"Its record is at the limit of {num(limit)} events: it is saved, "
                    "and Replays can show it", "warn")


    def callout(self, kept: Kept) -> Said | None:
        """A combination worth calling out on the felt as it is kept (a straight, three pairs, $GREED,
        four or more of a kind), with the keep's points; None for singles and triples, the everyday."""
        parts = self.rules.table.breakdown(counts_of(kept.dice)) or ()
        names: list[str] = []
        for combo in parts:
            faces = combo.dice
            if len(set(faces)) == 1:
                if len(faces) <= 3:
                    continue
                name = f"{COUNT_WORDS[len(faces)]} {self.vocab.face_plural(faces[0])}"
            else:
                # The dice are on the felt for all to see: the name without its digits ("straight").
                name = combo.name.rstrip("0123456789- ") or combo.name
            names.append(name[:1].upper() + name[1:])
        if not names:
            return None
        return Said(" + ".join(names) + "!", f"+{num(kept.points)}", "gold")


    # -- the replay -------------------------------------------------------------------------------

    def opening(self, first_event: Event | None, starter: int) -> str:
        """The caption before the first event of a game."""
        names = join_and([p.subject for p in self.people])
        text = f"{self.rules.name} to {num(self.rules.target)}: {names}."
        if isinstance(first_event, FirstPlayer):
            return f"{text} A roll-off decides who starts."
        return f"{text} {self.person(starter).does('starts')}."

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
            p = self.person(t.seat)
            return f"{p.does('wins')} the roll-off and {'start' if p.you else 'starts'}."
        if isinstance(t, Thrown):
            p = self.person(t.seat)
            follow = step.transitions[1] if len(step.transitions) > 1 else None
            base = f"{p.does('throws')} {self.dice(t.dice)}"
            if isinstance(follow, Busted):
                why = f"no {self._carry_faces()}, bust" if follow.reason == "carryover-face" else "nothing scores, bust"
                lost = f" ({num(follow.lost)} lost)" if follow.lost else ""
                return f"{base}: {why}{lost}."
            if isinstance(follow, Rescued):
                return f"{base}: a pair that does not score, rescued with {follow.dice} fresh dice."
            return base + "."
        if isinstance(t, Kept):
            return (f"{self.person(t.seat).does('keeps')} {self.dice(t.dice)} for {num(t.points)} "
                    f"({num(t.turn_total)} this turn).")
        if isinstance(t, HotDice):
            return f"Hot dice: all {t.dice} dice come back."
        if isinstance(t, Banked):
            p = self.person(t.seat)
            kept = f" (keeping {self.dice(t.kept)})" if t.kept else ""
            return f"{p.does('banks')} {num(t.points)}{kept}, now {num(t.score)}."
        if isinstance(t, EnteredBoard):
            return f"{self.person(t.seat).does('is')} on the board."
        if isinstance(t, CarryoverOffered):
            p = self.person(t.seat)
            return f"{p.subject} may take {dice_count(t.dice)} and {num(t.points)} points."
        if isinstance(t, CarryoverTaken):
            return f"{self.person(t.seat).does('takes')} over {dice_count(t.dice)} and {num(t.points)} points."
        if isinstance(t, CarryoverDeclined):
            p = self.person(t.seat)
            return f"{p.does('declines')} the dice and {'start' if p.you else 'starts'} fresh."
        if isinstance(t, Voided):
            return f"The throw does not count ({self.void_reason(t.reason, None).lower()})."
        if isinstance(t, FinalTurns):
            words = self.final_words(t.owed, t.score)
            if self.rules.end == "score-to-beat":
                return f"{words}."
            if self.rules.end == "one-more-turn":
                words = words[:1].lower() + words[1:]
            return f"Final round: {words}."
        if isinstance(t, NewScoreToBeat):
            return f"New {self.final_words(t.owed, t.score)[:1].lower()}{self.final_words(t.owed, t.score)[1:]}."
        if isinstance(t, GameOver):
            return f"Game over: {self.winners(t.winners)[:-1]}."
        return ""

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
        """One finished turn: ``Ada banks 1,250 (600 carried) → 3,400`` or ``You bust on the first throw``."""
        p = self.person(turn.seat)
        extra = []
        if turn.carried:
            extra.append(f"{num(turn.carried)} carried")
        if turn.voids:
            extra.append(plural(turn.voids, "void throw"))
        note = f" ({', '.join(extra)})" if extra else ""
        if turn.banked:
            return Line(f"{p.does('banks')} {num(turn.points)}{note} → {num(total)}", "plain")
        throws = f"after {turn.throws} throws" if turn.throws > 1 else "on the first throw"
        return Line(f"{p.does('busts')} {throws}{note}", "bad")

    def declined_line(self, seat: int) -> Line:
        """The log line of a carryover declined."""
        return Line(f"{self.person(seat).does('declines')} the dice", "info")

    def log(self, turns: Sequence[TurnResult]) -> list[tuple[int, Line]]:
        """The whole log of finished turns, oldest first, each with its seat."""
        totals = [0] * len(self.people)
        out: list[tuple[int, Line]] = []
        for turn in turns:
            totals[turn.seat] += turn.points
            if turn.declined:
                out.append((turn.seat, self.declined_line(turn.seat)))
            out.append((turn.seat, self.log_line(turn, totals[turn.seat])))
        return out
