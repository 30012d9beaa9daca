"""Every sentence a player reads about the game, from the core's transitions.

One :class:`Narrator` per game: it knows the rules in force, the players'
names and the dice's vocabulary, and nothing of pixels. The table's banners,
status line, log, hint and carryover box, the replay's captions, the refusals
of illegal actions and the end-of-game words all come from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from greed_game.narrator.words import (
    COUNT_WORDS,
    Person,
    Skin,
    Vocabulary,
    dice_count,
    join_and,
    num,
    pct,
    plural,
    sentence,
)
from greed_game.rules.dice import counts_of
from greed_game.rules.game import (
    Action,
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    IllegalAction,
    Keep,
    Phase,
    State,
    Throw,
    bank_keep,
    bank_total,
    hot_dice,
)
from greed_game.rules.history import TurnResult
from greed_game.rules.ruleset import RuleSet
from greed_game.rules.rulings import high_to_top, roll_off_mark
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

Tone = Literal["gold", "good", "bad", "info", "warn", "plain", "dim"]
"""What a line means, for the screen to colour: a gain, a loss, news, a warning, plain text."""


@dataclass(frozen=True)
class Said:
    """A headline and the line under it (a banner), with its tone."""

    title: str
    sub: str = ""
    tone: Tone = "plain"


@dataclass(frozen=True)
class OfferWords:
    """The carryover box: what is on offer, each answer, and the question."""

    headline: str
    take: str
    take_note: str
    """The strict condition of a carryover throw (empty when there is none)."""
    decline: str
    ask: str


@dataclass(frozen=True)
class Line:
    """A line of text with its tone (the hint, the log)."""

    text: str
    tone: Tone = "plain"
    indent: bool = False


class Narrator:
    """The words of one game: ``rules`` in force, the seats' ``names``, the dice's ``skin``."""

    def __init__(self, rules: RuleSet, names: Sequence[str], skin: Skin = "pips") -> None:
        self.rules = rules
        self.people = tuple(Person(n) for n in names)
        self.vocab = Vocabulary(skin)

    # -- people and dice -------------------------------------------------------------------

    def person(self, seat: int) -> Person:
        """The seat as sentences name it."""
        return self.people[seat]

    def dice(self, faces: Iterable[int]) -> str:
        """Dice in the skin's vocabulary: ``1 1 5`` or ``D D G``."""
        return self.vocab.dice(faces)

    def _carry_faces(self) -> str:
        return self.vocab.faces_or(self.rules.carryover_faces)

    # -- what happened ---------------------------------------------------------------------------

    def said(self, t: Transition) -> Said | None:
        """The banner for a transition (None for those the table shows otherwise)."""
        if isinstance(t, FirstChosen):
            return Said(self.person(t.seat).does("starts"), tone="gold")
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
            return Said(f"{p.does('banks')} {num(t.points)}", f"Total {num(t.score)}", "gold")
        if isinstance(t, CarryoverTaken):
            p = self.person(t.seat)
            return Said(f"{p.does('takes')} the dice", f"{num(t.points)} points and {dice_count(t.dice)} to throw",
                        "info")
        if isinstance(t, CarryoverDeclined):
            return Said(f"{self.person(t.seat).does('declines')}", f"A fresh start with {dice_count(t.dice)}",
                        "plain")
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
            return Said(f"{p.possessive} {'last turn' if t.final else 'turn'}", tone="plain")
        if isinstance(t, GameOver):
            return self.game_over(t.winners)
        return None

    def void(self, reason: str, against: str | None, dice: int) -> Said:
        """The banner of a void throw (``against``: what a cocked die leans on, when the table knows)."""
        return Said("Void throw", self.void_again(reason, against, dice), "warn")

    def game_over(self, winners: Sequence[int]) -> Said:
        """The banner at the end of the game."""
        return Said(self.winners(winners), tone="gold")

    def void_reason(self, reason: str, against: str | None) -> str:
        """Why a throw is void: a die off the felt, or cocked against ``against`` (``die``/``rail``)."""
        if reason == "off-felt":
            return "A die jumped off the table"
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
        """The banner of a first-player roll-off: who starts, and the last round's dice."""
        last = rounds[-1] if rounds else {}
        if self.rules.first_player == "best-roll":
            marks = {s: roll_off_mark(self.rules, d) for s, d in last.items()}
            shown = "  ·  ".join(f"{self.person(s).subject} {num(m)}" for s, m in marks.items())
        else:
            shown = "  ·  ".join(f"{self.person(s).subject} {self.dice(d)}" for s, d in last.items())
        p = self.person(first)
        return Said(f"{p.does('starts')}", f"Roll-off: {shown}" if shown else "", "gold")

    def names(self) -> str:
        """Every seat, as a list: ``You, Ada and Tess``."""
        return join_and([p.subject for p in self.people])

    def standing(self, state: State) -> str:
        """Where a game stands, in one line: ``You 1,200 · Ada 900 — your turn``."""
        scores = "  ·  ".join(f"{p.subject} {num(state.scores[i])}" for i, p in enumerate(self.people))
        if state.finished:
            return scores
        return f"{scores}  —  {self.person(state.current).possessive_mid} turn"

    def welcome_back(self, seat: int) -> Said:
        """The banner of a resumed game."""
        return Said("Welcome back", f"{self.person(seat).possessive} turn", "plain")

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

    # -- the status line and refusals ---------------------------------------------------------------

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

    def addressed(self, name: str, text: str) -> str:
        """A prompt for a shared screen, naming whose turn it is: ``Tess — Space: throw 6 dice`` (``name``
        as the seat's :meth:`person` says it, perhaps shortened to fit)."""
        return f"{name} — {text}" if text else name

    def keep_value(self, dice: Sequence[int], points: int) -> str:
        """What the selection is worth: ``Keep 1 5: 150 points``."""
        return f"Keep {self.dice(dice)}: {num(points)} {'point' if points == 1 else 'points'}"

    def keep_prompt(self, dice_on_felt: int, best: int) -> str:
        """What to do with a throw before anything is selected."""
        if dice_on_felt == 1:
            return f"Keep the die: click it or 1 ({num(best)})"
        return f"Keep dice: click or 1–{dice_on_felt} (best {num(best)})"

    def throw_prompt(self, dice: int) -> str:
        """``Space: throw 6 dice``."""
        return f"Space: throw {dice_count(dice)}"

    def bank_prompt(self, total: int) -> str:
        """``Enter: bank 1,250``."""
        return f"Enter: bank {num(total)}"

    def no_bank(self, exc: IllegalAction) -> str:
        """Why banking is not possible now, after ``No bank:``."""
        text = self.illegal(exc)
        return f"No bank: {text[:1].lower()}{text[1:]}"

    def playing(self, seat: int) -> str:
        """The status line while a computer plays."""
        return f"{self.person(seat).does('is')} playing…"

    offer_first = "Take (T) or decline (D) the dice first"
    lost_note = "lost in a bust"
    banked_note = "banked"
    keep_first = "Set aside at least one scoring die first"
    offer_status = ("Take or decline the dice passed on", "T take  ·  D decline")
    rolling = "Rolling…"
    hurry_human = "Any key: hurry up"
    hurry_computer = "Any key or click: hurry up"
    acknowledge = "Any key or click: on to the next turn"
    selected_note = "selected"
    empty_log = "Turns will be listed here."

    def illegal(self, exc: IllegalAction) -> str:
        """A refusal in plain words and in the dice's vocabulary."""
        f = exc.facts
        rule = exc.rule
        if rule in ("not-thrown", "free-die"):
            kept = _faces(f.get("dice"))
            loose = _faces(f.get("loose"))
            fault = f.get("fault")
            if fault == "empty" or not kept:
                return "Select at least one scoring die"
            what = self.dice(loose)
            if fault == "not-thrown":
                return f"Cannot keep {self.dice(kept)}: {what} {'was' if len(loose) == 1 else 'were'} not thrown"
            rest = " with the rest" if len(loose) < len(kept) else ""
            return f"Cannot keep {self.dice(kept)}: {what} {'does' if len(loose) == 1 else 'do'} not score{rest}"
        if rule == "carryover-keep":
            return f"The dice kept from a carryover throw must include a {self._carry_faces()}"
        if rule == "hot-dice-mandatory":
            return f"Hot dice: all {self.rules.dice} dice must be thrown again before banking"
        if rule == "nothing-kept":
            return "Set aside at least one die before banking"
        if rule == "keep-first":
            return self.keep_first
        if rule == "offer-pending":
            return self.offer_first
        if rule == "scoring-dice-left":
            return "You may not stop leaving scoring dice: banking keeps every scoring die of the throw"
        if rule == "entry-minimum":
            need, have = _int(f.get("need")), _int(f.get("have"))
            own = "" if f.get("carried_count", True) else " of your own (carried points do not count)"
            return f"To get on the board you need {num(need)} points{own} in one turn; you have {num(have)}"
        if rule == "must-top":
            high, total = _int(f.get("high")), _int(f.get("total"))
            return f"In the final turn you may bank only to top {num(high)}; banking now gives {num(total)}"
        if rule == "game-over":
            return "The game is over"
        return sentence(str(exc))

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

    def deciding(self, seat: int) -> str:
        """While a computer weighs an offer."""
        return f"{self.person(seat).does('is')} deciding…"

    # -- the hint ---------------------------------------------------------------------------------------

    def choice(self, actions: Sequence[Action], state: State) -> str:
        """One choice of the hint, from the actions that carry it out."""
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
            return f"bank {num(total)} (keeps {self.dice(kept)})" if kept else f"bank {num(total)}"
        if isinstance(first, Keep):
            points = self.rules.table.points(counts_of(first.dice)) or 0
            words = self.dice(first.dice)
            nxt = actions[1] if len(actions) > 1 else None
            if isinstance(nxt, Bank):
                return f"keep {words}, bank {num(state.turn_points + points)}"
            try:
                hot = hot_dice(self.rules, state, first.dice)
            except IllegalAction:
                hot = False
            count = nxt.count if isinstance(nxt, Throw) else state.dice_left - len(first.dice)
            return f"keep {words}, throw {count}{' (hot dice)' if hot else ''}"
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
        """The hint: the bust chance of throwing now, the advice, and the best choices with their values.

        ``choices`` are ``(actions, expected points, bust chance of the next throw)``, best first;
        ``chances``, with two players, each choice's exact chance of winning the game (then the advice
        is the choice that wins most often).
        """
        lines: list[Line] = []
        if bust is not None:
            lines.append(Line(f"Throwing {dice_count(state.dice_left)} now: {pct(bust)} chance of a bust", "warn"))
        if not choices:
            return lines
        who = "Best to win" if chances is not None else adviser
        lines.append(Line(f"{who}: {self.choice(choices[0][0], state)}", "good"))
        for i, (actions, value, risk) in enumerate(choices[:4]):
            text = self.choice(actions, state)
            figures = []
            # No-break spaces keep each figure whole when the hint wraps a long choice.
            if risk is not None:
                figures.append(f"≈\u00a0{num(round(value))}")
            if chances is not None:
                figures.append(f"wins\u00a0{pct(chances[i])}")
            if figures:
                text += "  " + " · ".join(figures)
            if risk is not None:
                text += f"  (bust\u00a0{pct(risk)})"
            lines.append(Line(text, "dim", indent=True))
        return lines

    @staticmethod
    def record_full(limit: int) -> Said:
        """Play stops: the game's record is as long as a record may be."""
        return Said("The game stops here", f"Its record is at the limit of {num(limit)} events: it is saved, "
                    "and Replays can show it", "warn")

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

    # -- the side panel and the top bar --------------------------------------------------------------

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


def _faces(value: object) -> tuple[int, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(v for v in value if isinstance(v, int))
    return ()


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0
