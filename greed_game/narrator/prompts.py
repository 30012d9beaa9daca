"""The table's prompts and status lines: what to press, what a selection is worth, who is playing,
and why an action is refused."""

from __future__ import annotations

from collections.abc import Sequence

from greed_game.narrator.voice import Voice
from greed_game.narrator.words import COUNT_WORDS, dice_count, num, sentence
from greed_game.rules.game import IllegalAction


class Prompts(Voice):
    """The status line's words, the fixed notes of the table, and the refusals of illegal actions."""

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

    def hot_keep(self) -> str:
        """The selection sets aside every die on the felt and all of them score: said before the player
        decides, so that Space is known to bring every die back."""
        n = COUNT_WORDS.get(self.rules.dice, str(self.rules.dice))
        return f"All {n} score: throw all {n} again"

    def throw_prompt(self, dice: int) -> str:
        """``Space: throw 6 dice``."""
        return f"Space: throw {dice_count(dice)}"

    def bank_prompt(self, total: int) -> str:
        """``Enter: bank 1,250``."""
        return f"Enter: bank {num(total)}"

    def no_bank(self, exc: IllegalAction) -> str:
        """Why banking is not possible now, short enough for the status line's second line (the whole
        refusal is said when Enter is pressed)."""
        f, rule = exc.facts, exc.rule
        if rule in ("nothing-kept", "keep-first"):
            return "No bank yet: set aside a scoring die first"
        if rule == "entry-minimum":
            own = "" if f.get("carried_count", True) else " own"
            return f"No bank under {num(_int(f.get('need')))}{own} points: you have {num(_int(f.get('have')))}"
        if rule == "must-top":
            return f"No bank: {num(_int(f.get('total')))} does not top {num(_int(f.get('high')))}"
        if rule == "hot-dice-mandatory":
            return f"No bank: hot dice, throw all {self.rules.dice} again"
        if rule == "scoring-dice-left":
            return "No bank while scoring dice are left out"
        if rule == "offer-pending":
            return "No bank: take or decline the dice first"
        if rule in ("not-thrown", "free-die"):
            return "No bank with these dice picked"
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
    rolling_off = "Roll-off: who throws first?"
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


    def deciding(self, seat: int) -> str:
        """While a computer weighs an offer."""
        return f"{self.person(seat).does('is')} deciding…"



def _faces(value: object) -> tuple[int, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(v for v in value if isinstance(v, int))
    return ()


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0
