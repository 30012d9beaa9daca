"""The table's prompts and status lines: what to press, what a selection is worth, who is playing,
and why an action is refused."""

from __future__ import annotations

from collections.abc import Sequence

from greed_game.i18n import _, ngettext
from greed_game.narrator.voice import Voice
from greed_game.narrator.words import count_word, dice_count, num, sentence
from greed_game.rules.game import IllegalAction


class Prompts(Voice):
    """The status line's words, the fixed notes of the table, and the refusals of illegal actions."""

    def addressed(self, name: str, text: str) -> str:
        """A prompt for a shared screen, naming whose turn it is: ``Tess — Space: throw 6 dice`` (``name``
        as the seat's :meth:`person` says it, perhaps shortened to fit)."""
        return _("{name} — {prompt}").format(name=name, prompt=text) if text else name

    def keep_value(self, dice: Sequence[int], points: int) -> str:
        """What the selection is worth: ``Keep 1 5: 150 points``."""
        return ngettext("Keep {dice}: {points} point", "Keep {dice}: {points} points", points).format(
            dice=self.dice(dice), points=num(points))

    def part_of(self, dice: Sequence[int], rest: Sequence[int]) -> str:
        """Dice picked that score only with more: ``Pick 1 2 4 5 6 too, to keep 3`` (it had said "5 6 6 score only
        with 6", of a 5 that scores alone)."""
        return _("Pick {rest} too, to keep {dice}").format(dice=self.dice(dice), rest=self.dice(rest))

    def keep_prompt(self, dice_on_felt: int, best: int) -> str:
        """What to do with a throw before anything is selected."""
        if dice_on_felt == 1:
            return _("Keep the die: click it or 1 ({best})").format(best=num(best))
        return _("Keep dice: click or 1–{count} (best {best})").format(count=dice_on_felt, best=num(best))

    def hot_keep(self, picked: int | None = None) -> str:
        """The selection sets aside every die on the felt (``picked`` of them; all the rules' dice when None)
        and all of them score: said before the player decides, so that Space is known to bring every die back."""
        count = count_word(self.rules.dice)
        if picked is None or picked >= self.rules.dice:
            return _("All {count} score: throw all {count} again").format(count=count)
        return ngettext("The last die scores: throw all {count} again",
                        "The last {picked} dice score: throw all {count} again", picked).format(
                            count=count, picked=count_word(picked))

    def throw_prompt(self, dice: int) -> str:
        """``Space: throw 6 dice``."""
        return _("Space: throw {dice}").format(dice=dice_count(dice))

    @property
    def by_hand(self) -> str:
        """The other way to throw, said before a turn's first throw."""
        return _("Or drag the dice to throw them by hand")

    def bank_prompt(self, total: int, loses: bool = False, wins: bool = False) -> str:
        """``Enter: bank 1,250``; ``loses``: a final turn's bank that leaves the player behind; ``wins``: the
        game's last turn, banked over every other score."""
        if wins:
            return _("Enter: bank {points} and win").format(points=num(total))
        if loses:
            return _("Enter: bank {points}, too few to win").format(points=num(total))
        return _("Enter: bank {points}").format(points=num(total))

    def no_bank(self, exc: IllegalAction) -> str:
        """Why banking is not possible now, short enough for the status line's second line (the whole
        refusal is said when Enter is pressed)."""
        f, rule = exc.facts, exc.rule
        if rule in ("nothing-kept", "keep-first"):
            return _("No bank yet: set aside a scoring die first")
        if rule == "entry-minimum":
            need, have = num(_int(f.get("need"))), num(_int(f.get("have")))
            if f.get("carried_count", True):
                return _("No bank under {need} points: you have {have}").format(need=need, have=have)
            return _("No bank under {need} own points: you have {have}").format(need=need, have=have)
        if rule == "must-top":
            return _("No bank: {total} does not top {high}").format(total=num(_int(f.get("total"))),
                                                                    high=num(_int(f.get("high"))))
        if rule == "hot-dice-mandatory":
            return _("No bank: hot dice, throw all {count} again").format(count=num(self.rules.dice))
        if rule == "scoring-dice-left":
            return _("No bank while scoring dice are left out")
        if rule == "offer-pending":
            return _("No bank: take or decline the dice first")
        if rule in ("not-thrown", "free-die"):
            return _("No bank with these dice picked")
        text = self.illegal(exc)
        return _("No bank: {reason}").format(reason=text[:1].lower() + text[1:])

    def playing(self, seat: int) -> str:
        """The status line while a computer plays."""
        return self.by(seat, _("You are playing…"), _("{name} is playing…"))

    @property
    def offer_first(self) -> str:
        return _("Take (T) or decline (D) the dice first")

    @property
    def lost_note(self) -> str:
        return _("lost in a bust")

    @property
    def banked_note(self) -> str:
        return _("banked")

    @property
    def keep_first(self) -> str:
        return _("Set aside at least one scoring die first")

    @property
    def offer_status(self) -> tuple[str, str]:
        return _("Take or decline the dice passed on"), _("T take  ·  D decline")

    @staticmethod
    def rolling() -> str:
        """Dice in the air."""
        return _("Rolling…")

    @staticmethod
    def holding(throws: bool = True) -> tuple[str, str]:
        """A person holds their dice (a drag on the felt): what letting go does (``throws``: a throw; else, back
        where the drag began, none)."""
        if not throws:
            return _("Let go here: no throw"), _("Drag away from here to throw")
        return _("Let go to throw"), _("The faster you move, the harder the throw")

    def roll_off_status(self, waiting: bool = True, tie: bool = False) -> tuple[str, str]:
        """A roll-off: what to do and how while a person's throw waits for them (``waiting``; ``tie``: to break
        a tie), else what is under way; with letter dice, which letter is high, until the dice have said who
        starts."""
        letters = self.vocab.skin == "greed" and self.rules.first_player != "best-roll"
        # Translators: the letters are the faces of the $GREED dice, from the highest to the lowest; of the two
        # E's, the emerald one (3) is higher than the ebony one (2): named as the log and the prompts name them.
        ranking = _("$ G R E E D, high to low (emerald E over ebony)")
        if not waiting:
            return _("Roll-off: who throws first?"), ranking if letters else self.hurry()
        if tie:  # (once the tie's banner had gone, nothing said why the roll-off asked again, helper-37)
            ask = _("A tie: throw again to break it")
        elif letters:
            ask = _("Roll-off: the highest letter starts")
        elif self.rules.first_player == "best-roll":
            ask = _("Roll-off: the best-scoring throw starts")
        else:  # (a 1 lost to a 4 and nothing had said why: Greed players read a 1 as the best face, helper-44)
            ask = _("Roll-off: the highest die starts")
        return ask, ranking if letters else _("Space or Roll, or drag on the felt to throw by hand")

    @staticmethod
    def hurry(clicks: bool = True) -> str:
        """How to hurry what is under way (``clicks``: a click does too; not while a person's dice fly, when
        a click on the felt may be a throw by hand)."""
        return _("Any key or click: hurry up") if clicks else _("Any key: hurry up")

    @staticmethod
    def moving_on(ended: bool = False, *, soon: bool = False) -> str:
        """How to go on from what the table shows: to the next turn, or (``ended``) to the result; ``soon``: the
        result comes by itself while a won game is celebrated (the line had read as if it waited for a key,
        helper-35)."""
        if soon:
            return _("The result follows; any key or click: now")
        return _("Any key or click: on to the result") if ended else _("Any key or click: on to the next turn")

    @property
    def selected_note(self) -> str:
        return _("selected")

    @property
    def empty_log(self) -> str:
        return _("Turns will be listed here.")

    def illegal(self, exc: IllegalAction) -> str:
        """A refusal in plain words and in the dice's vocabulary."""
        f = exc.facts
        rule = exc.rule
        if rule in ("not-thrown", "free-die"):
            return self._not_keepable(f)
        if rule == "never-scores":  # (a die clicked that nothing on the felt could be kept with)
            # (a sentence: the letter skin's words begin with a colour, "ebony E")
            return sentence(_("{die} cannot score in this throw").format(die=self.dice(_faces(f.get("dice")))))
        if rule == "carryover-keep":
            return _("The dice kept from a carryover throw must include a {faces}").format(faces=self._carry_faces())
        if rule == "hot-dice-mandatory":
            return _("Hot dice: all {count} dice must be thrown again before banking").format(
                count=num(self.rules.dice))
        if rule == "nothing-kept":
            return _("Set aside at least one die before banking")
        if rule == "keep-first":
            return self.keep_first
        if rule == "offer-pending":
            return self.offer_first
        if rule == "scoring-dice-left":
            return _("You may not stop leaving scoring dice: banking keeps every scoring die of the throw")
        if rule == "entry-minimum":
            need, have = num(_int(f.get("need"))), num(_int(f.get("have")))
            if f.get("carried_count", True):
                return _("To get on the board you need {need} points in one turn; you have {have}").format(
                    need=need, have=have)
            return _("To get on the board you need {need} points of your own (carried points do not count) in "
                     "one turn; you have {have}").format(need=need, have=have)
        if rule == "must-top":
            return _("In the final turn you may bank only to top {high}; banking now gives {total}").format(
                high=num(_int(f.get("high"))), total=num(_int(f.get("total"))))
        if rule == "game-over":
            return _("The game is over")
        return sentence(str(exc))

    def _not_keepable(self, f: dict[str, object]) -> str:
        """Why the dice picked cannot be kept: one was not thrown, or some do not score."""
        kept = _faces(f.get("dice"))
        loose = _faces(f.get("loose"))
        if f.get("fault") == "empty" or not kept:
            return _("Select at least one scoring die")
        values = {"kept": self.dice(kept), "loose": self.dice(loose)}
        if f.get("fault") == "not-thrown":
            return ngettext("Cannot keep {kept}: {loose} was not thrown", "Cannot keep {kept}: {loose} were not thrown",
                            len(loose)).format(**values)
        if len(loose) < len(kept):
            return ngettext("Cannot keep {kept}: {loose} does not score with the rest",
                            "Cannot keep {kept}: {loose} do not score with the rest", len(loose)).format(**values)
        # (none of them scores: named once, "Cannot keep E, R, $: E, R, $ do not score" wrapped at 854×480)
        return ngettext("Cannot keep {kept}: it does not score", "Cannot keep {kept}: none of them scores",
                        len(kept)).format(**values)

    def deciding(self, seat: int) -> str:
        """While a computer weighs an offer."""
        return self.by(seat, _("You are deciding…"), _("{name} is deciding…"))


def _faces(value: object) -> tuple[int, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(v for v in value if isinstance(v, int))
    return ()


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0
