"""One immutable picture of the table, published by the flow after every change.

The screen draws a :class:`TableSnapshot` and nothing else: seats and scores,
the dice on the felt and which are picked, the tray, the turn box, the words
on show, the status lines, the hint, the log, and what each of the flow's
buttons does now. Every figure in it is the rules core's answer and every
sentence the narrator's; the screen only chooses where and how to draw them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from greed_game.i18n import _
from greed_game.i18n import current as current_language
from greed_game.narrator import CardWords, Line, Narrator, OfferWords, Said, Tone, num
from greed_game.narrator.rules_text import scoring_legend
from greed_game.play.moments import AnswerOffer, BankTurn, Command, HoldDice, ThrowDice, ToggleHint
from greed_game.play.notices import Headline, Notices, Speech
from greed_game.play.selection import Selection
from greed_game.rules import Game, IllegalAction, Phase, Player, RuleSet, State, bank_total, bank_wins, hot_dice

if TYPE_CHECKING:
    from greed_game.play.advisor import Advisor
    from greed_game.play.lesson import Lesson
    from greed_game.play.prepare import Preparation
    from greed_game.play.rolloff import RollOff
    from greed_game.rules.game import VoidReason
    from greed_game.rules.transitions import Step


@dataclass(frozen=True)
class KeptGroup:
    """One keep of the turn on show: its faces and the points the core gave it."""

    dice: tuple[int, ...]
    points: int
    hot: bool = False
    """Whether this keep scored the last of the dice (hot dice): a set is finished, and the tray marks it."""


@dataclass(frozen=True)
class DieOnFelt:
    """A die lying on the felt (or flying there): its id, its face, whether it is picked or advised."""

    id: int
    value: int
    selected: bool = False
    advised: bool = False


@dataclass(frozen=True)
class Notice:
    """Words on show for a while; ``serial`` tells a new notice from the same one counting down."""

    said: Said
    ttl: float
    serial: int


@dataclass(frozen=True)
class ButtonState:
    """One of the flow's buttons as it is now: its label, its key, the command it sends, and whether it may."""

    label: str
    key: str
    command: Command
    enabled: bool = True
    primary: bool = False


@dataclass(frozen=True)
class OfferBox:
    """The carryover box: the narrator's words, the bust odds of each answer, and who is asked."""

    words: OfferWords
    odds: tuple[str, str]
    ask: str
    reach: int | None = None
    """In a final turn, the total the odds are of reaching (not to lose); None: they are bust odds."""


@dataclass(frozen=True)
class Waiting:
    """A computer seat due to move is still being worked out: the words and how far it is."""

    text: str
    fraction: float


@dataclass(frozen=True)
class Assessment:
    """What a person's current choice is worth, as the core answers it, in the narrator's words."""

    points: int | None = None
    """What the selection adds to the turn (None: nothing valid picked)."""
    text: str = ""
    error: str = ""
    bank: int | None = None
    """What Enter would bank now (None: no bank allowed)."""
    bank_error: str = ""


Status = tuple[tuple[str, Tone], tuple[str, Tone]]


@dataclass(frozen=True)
class TableSnapshot:
    """The table as the players see it at one moment."""

    rules: RuleSet
    state: State
    """The state on show (it lags the core while the dice fly)."""
    players: tuple[Player, ...]
    seat_notes: tuple[str, ...]
    mode: str
    human_turn: bool
    may_select: bool
    acknowledging: bool
    rolling: bool
    dice: tuple[DieOnFelt, ...]
    tray: tuple[KeptGroup, ...]
    choice: Assessment
    busted: bool
    banner: Notice | None
    callout: Notice | None
    error: str
    """A refusal or a reminder in red, in place of the status lines."""
    status: Status
    hot_seat: bool
    """Several people share the screen (the prompts then name whose turn it is)."""
    addressee: int | None
    """The seat a shared screen's prompt names, or None."""
    turn_note: tuple[str, Tone]
    chips: tuple[tuple[str, Tone], ...]
    legend: str
    """What scores, said in the empty tray (``Scoring dice: 1 = 100 · 5 = 50 · combinations score more``)."""
    buttons: tuple[ButtonState, ...]
    hint: tuple[Line, ...] | None
    """The hint's lines while it is open on a person's turn, else None."""
    log: tuple[tuple[int, Line], ...]
    offer: OfferBox | None
    waiting: Waiting | None
    words: Narrator = field(repr=False, compare=False)
    """The narrator, for a name the screen must shorten to fit (every other word is here already)."""
    speech: Speech | None = None
    """A computer seat's character speaking (a line beside its row for a moment), or None."""
    coach: CardWords | None = None
    """Learn to play: the card of the idea being taught, or None (no lesson, or it is over)."""
    to_throw: int = 0
    """How many dice wait before the player whose throw it is: the dice left at a turn's start, the dice passed
    on with an offer; 0 while dice lie on the felt or fly, and while nobody is to throw."""
    roll_off_thrower: int | None = None
    """The person's seat a roll-off throw waits for (Space, Roll or a throw by hand), or None."""
    roll_off_dice: int = 0
    """How many dice that person throws in the roll-off (they wait in a row before them); 0 when none waits."""
    in_hand: bool = False
    """A person's dice are in their hand, to be thrown (a drag on the felt has taken them up)."""


class Flow(Protocol):
    """What the snapshot is made from: the flow's parts (:class:`~greed_game.play.turn.TurnController`)."""

    game: Game
    rules: RuleSet
    shown: State
    selection: Selection
    tray: list[KeptGroup]
    choice: Assessment
    notices: Notices
    advisor: Advisor
    roll_off: RollOff
    prep: Preparation
    log: list[tuple[int, Line]]
    busted: bool
    waited: float
    deciding: bool
    throwing_on: bool
    """While waiting: whether the wait ends in a throw (a person's hot dice, thrown on with Space once their banner
    is read)."""
    timer: float
    lesson: Lesson | None
    voided: tuple[VoidReason, str | None, int] | None
    holding: HoldDice | None
    """A person's dice are in their hand (a drag on the felt): what letting go does (None: they are not)."""
    turn_end: Step | None
    """The step that ended the turn on show (a bank or a bust), until the next turn begins."""

    @property
    def mode(self) -> str:
        """``ready``, ``rolling``, ``wait``, ``over``, ``full`` or ``roll-off`` (a person is to throw)."""

    @property
    def narrator(self) -> Narrator:
        """The game's words."""

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""

    def may_select(self) -> bool:
        """Whether a person may pick dice now."""

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""



def acknowledging(flow: Flow) -> bool:
    """Whether the table holds a person's bust until they press a key or click (a pause without end)."""
    return flow.mode == "wait" and flow.timer == math.inf


def assess(flow: Flow) -> Assessment:
    """Ask the core what the selection is worth and what a bank would give (nothing outside a person's move)."""
    state = flow.game.state
    if flow.mode != "ready" or state.finished:
        return Assessment()
    words = flow.narrator
    points: int | None = None
    text = error = bank_error = ""
    faces: tuple[int, ...] = ()
    if state.phase is Phase.KEEP:
        faces = flow.selection.faces()
        if faces:
            points, fault = flow.selection.value(flow.rules, state)
            rest = _completing(flow, faces) if fault is not None else None
            if rest is not None:
                # a straight or three pairs being picked die by die: on the way to a keep, not refused
                text, faces = words.prompts.part_of(faces, rest), ()
            elif fault is not None:
                error, faces = words.prompts.illegal(fault), ()
            elif points is not None:
                # Every die on the felt picked and all of them scoring: hot dice, said before the player decides.
                hot = hot_dice(flow.rules, state, faces)
                text = words.prompts.hot_keep(len(faces)) if hot else words.prompts.keep_value(faces, points)
        else:
            options = flow.game.options()
            text = words.prompts.keep_prompt(len(flow.selection.dice), options[0].points if options else 0)
    bank: int | None = None
    try:
        bank = bank_total(flow.rules, state, faces)[0]
    except IllegalAction as exc:
        bank_error = words.prompts.no_bank(exc)
    return Assessment(points, text, error, bank, bank_error)


def _completing(flow: Flow, faces: tuple[int, ...]) -> tuple[int, ...] | None:
    """The dice still to pick for ``faces`` (which do not score by themselves) to make the smallest keep of the
    throw that holds them all; None when no keep does."""
    picked = Counter(faces)
    fits = [Counter(o.dice) for o in flow.game.options() if not picked - Counter(o.dice)]
    if not fits:
        return None
    smallest = min(fits, key=lambda c: c.total())
    return tuple(sorted((smallest - picked).elements()))


def status(flow: Flow) -> Status:
    """The two lines left of the buttons, with their tones: what is selected or happening, and the keys."""
    s = flow.shown
    blank: tuple[str, Tone] = ("", "plain")
    words = flow.narrator
    banner = flow.notices.banner
    if s.finished:  # (the result follows in a moment; the line had gone blank for it)
        return (banner.said.title if banner else "", "good"), (words.prompts.moving_on(soon=True), "dim")
    if acknowledging(flow):
        # The last bust of a game leads to the result, not to another turn.
        on = words.prompts.moving_on(flow.game.state.finished)
        return (banner.said.title if banner else "", "bad"), (on, "dim")
    if flow.holding is not None and (flow.human_turn or flow.mode == "roll-off"):
        ask, keys = words.prompts.holding(flow.holding.throws)
        return (ask, "plain"), (keys, "dim")
    if flow.mode == "roll-off" and flow.roll_off.waiting is not None:
        ask, keys = words.prompts.roll_off_status(tie=flow.roll_off.breaking is not None)
        if sum(p.kind == "human" for p in flow.game.players) > 1:  # a shared screen: whose die it is
            ask = words.prompts.addressed(words.person(flow.roll_off.waiting).subject, ask)
        return (ask, "plain"), (keys, "dim")
    if flow.roll_off.showing:
        doing, how = words.prompts.roll_off_status(waiting=False)
        return (doing, "plain"), (how, "dim")
    if not flow.human_turn:
        if flow.is_human(s.current):
            doing = words.prompts.rolling() if flow.mode == "rolling" else banner.said.title if banner else ""
            return (doing, "plain"), (words.prompts.hurry(clicks=False), "dim")
        return (words.prompts.playing(s.current), "plain"), (words.prompts.hurry(), "dim")
    if s.phase is Phase.CARRYOVER:
        ask, keys = words.prompts.offer_status
        return (ask, "plain"), (keys, "dim")
    choice = flow.choice
    first: tuple[str, Tone] = (choice.error, "bad") if choice.error else (choice.text, "plain")
    if s.phase is Phase.ROLL:
        first = (words.prompts.throw_prompt(s.dice_left), "plain")
        if flow.voided is not None:  # (once the void's banner is down, the line still says why: helper-25)
            # (the keys first: cut at 854×480, the line had lost them, helper-36)
            first = (f"{first[0]}  ·  {words.events.void_reason(*flow.voided, short=True)}", "warn")
    if choice.bank is not None:
        # (a final turn's bank that leaves the player behind had been offered in green, helper-32)
        loses = words.hints.loses(s, choice.bank)
        # (the bank that won the game had read as any other, helper-35)
        wins = bank_wins(flow.rules, s.current, s.scores, choice.bank, s.final, s.owed)
        return first, (words.prompts.bank_prompt(choice.bank, loses, wins), "warn" if loses else "good")
    if s.phase is Phase.ROLL and s.turn_points == 0:
        # (before a turn's first throw "No bank yet: set aside a scoring die first" was no news, helper-35; the
        # throw by hand is)
        return first, (words.prompts.by_hand, "dim")
    if choice.bank_error:
        return first, (choice.bank_error, "dim")
    return first, blank


def buttons(flow: Flow) -> tuple[ButtonState, ...]:
    """The flow's buttons as they are now: Take and Decline while dice are on offer, else Roll and Bank; Hint."""
    human = flow.human_turn
    hint = ButtonState(_("Hint"), "H", ToggleHint(), enabled=human)
    if flow.mode == "roll-off":  # a person throws for who starts: Roll (or Space, or a throw by hand)
        return (ButtonState(_("Roll"), _("Space"), ThrowDice(), primary=True),
                ButtonState(_("Bank"), _("Enter"), BankTurn(), enabled=False), hint)
    if human and flow.shown.phase is Phase.CARRYOVER:
        return (
            ButtonState(_("Take"), "T", AnswerOffer(True), primary=True),
            ButtonState(_("Decline"), "D", AnswerOffer(False)),
            hint,
        )
    bank = flow.choice.bank
    label = _("Bank {points}").format(points=num(bank)) if bank is not None and human else _("Bank")
    # A lesson that asks for a bank offers Bank first; else throwing on is the everyday move.
    bank_first = flow.lesson is not None and flow.lesson.wants_bank()
    # Roll is lit only when Space would throw now: a first throw, or a keep that scores (else Space says why not).
    throwable = flow.shown.phase is Phase.ROLL or flow.choice.points is not None
    return (
        ButtonState(_("Roll"), _("Space"), ThrowDice(), enabled=human and throwable, primary=not bank_first),
        ButtonState(label, _("Enter"), BankTurn(), enabled=human and bank is not None, primary=bank_first),
        hint,
    )


def _notice(headline: Headline | None) -> Notice | None:
    # (a banner still to come is not on show)
    return None if headline is None or headline.delay > 0 else Notice(headline.said, headline.ttl, headline.serial)


def _seat_notes(flow: Flow) -> tuple[str, ...]:
    prep, words = flow.prep, flow.narrator
    return tuple(
        words.seats.seat_note(p.kind, flow.shown.on_board[i],
                        standin=prep.win_fraction if i in prep.standins else None,
                        stood_in=p.kind == "optimal" and bool(prep.win_problem))
        for i, p in enumerate(flow.game.players)
    )


def _offer(flow: Flow) -> OfferBox | None:
    s = flow.shown
    if s.phase is not Phase.CARRYOVER or s.offer is None or flow.mode != "ready" or flow.selection.dice:
        return None
    words = flow.narrator.hints.offer(s)
    ask = words.ask if flow.is_human(s.current) else flow.narrator.prompts.deciding(s.current)
    return OfferBox(words, flow.advisor.offer_odds, ask, flow.advisor.offer_reach)


def _waiting(flow: Flow) -> Waiting | None:
    prep = flow.prep
    # Not in the first moments: most rules are solved (or read from the cache) before a card would be seen.
    if prep.done or not prep.kinds or flow.is_human(flow.game.state.current) or flow.waited <= 0.3:
        return None
    return Waiting(flow.narrator.hints.working(prep.fraction), prep.fraction)


def snapshot_of(flow: Flow) -> TableSnapshot:
    """The table as it is now."""
    s = flow.shown
    words = flow.narrator
    may_select = flow.may_select()
    advisor = flow.advisor
    hint_open = advisor.open and flow.human_turn
    advised = flow.selection.ids_of(advisor.keep) if hint_open and advisor.keep and may_select else frozenset()
    asked = flow.lesson.keep_asked() if flow.lesson is not None else ()
    if asked and may_select:
        advised = flow.selection.ids_of(asked)  # the lesson's dice to pick are marked as the hint's are
    dice = tuple(
        DieOnFelt(die, value, die in flow.selection.picked, die in advised)
        for die, value in flow.selection.dice.items()
    )
    hot_seat = sum(p.kind == "human" for p in flow.game.players) > 1
    human = flow.human_turn
    return TableSnapshot(
        rules=flow.rules,
        state=s,
        players=tuple(flow.game.players),
        seat_notes=_seat_notes(flow),
        mode=flow.mode,
        human_turn=human,
        may_select=may_select,
        acknowledging=acknowledging(flow),
        rolling=flow.mode == "rolling",
        dice=dice,
        tray=tuple(flow.tray),
        choice=flow.choice,
        busted=flow.busted,
        banner=_notice(flow.notices.banner),
        callout=_notice(flow.notices.callout),
        error=flow.notices.message or (flow.choice.error if human else ""),
        status=status(flow),
        hot_seat=hot_seat,
        addressee=s.current if hot_seat and human else None,
        # (no dice "to throw" during a roll-off, or under a bust: the throw has been made)
        # (no "dice to throw" while they fly: the state on show lags the throw; nor under a bank's banner, whose dice
        # are not the next thrower's, helper-50)
        turn_note=("", "dim") if flow.busted or flow.roll_off.showing or (
            (flow.mode == "rolling" or flow.turn_end is not None) and not s.carried) else words.seats.turn_note(s),
        chips=tuple(words.seats.chips(s)),
        legend=scoring_legend(flow.rules, words.vocab),
        buttons=buttons(flow),
        hint=tuple(advisor.lines) if hint_open else None,
        log=tuple(flow.log),
        offer=_offer(flow),
        waiting=_waiting(flow),
        words=words,
        speech=flow.notices.speech,
        coach=_coach(flow),
        to_throw=_to_throw(flow),
        roll_off_thrower=flow.roll_off.waiting if flow.mode == "roll-off" else None,
        roll_off_dice=flow.roll_off.waiting_dice if flow.mode == "roll-off" else 0,
        in_hand=flow.holding is not None,  # (a hand let go is None)
    )


def _to_throw(flow: Flow) -> int:
    s = flow.shown
    # (a person's hot dice thrown on with Space wait for their banner to be read: the six lie ready meanwhile)
    someones_move = flow.mode == "ready" or (flow.mode == "wait" and (flow.deciding or flow.throwing_on))
    if flow.selection.dice or s.finished or flow.roll_off.showing or not someones_move:
        return 0
    if s.phase is Phase.CARRYOVER:
        return s.offer.dice if s.offer is not None else 0
    return s.dice_left if s.phase is Phase.ROLL else 0


def _coach(flow: Flow) -> CardWords | None:
    """Learn to play's card on show, in the narrator's words."""
    lesson = flow.lesson
    card = lesson.on_show(rolling=flow.mode == "rolling", seat=flow.shown.current) if lesson is not None else None
    if card is None or lesson is None:
        return None
    # Worded once per card (the snapshot is made every frame; the card changes a few times a lesson). The
    # language and the narrator itself (the skin's vocabulary; compared by identity) are in the key.
    key = (card, current_language().code, flow.narrator)
    if lesson.worded is None or lesson.worded[0] != key:
        words = flow.narrator.coach.card(card.idea, lesson.facts, card.number, card.of, nudged=card.nudge,
                                         seen=card.seen)
        lesson.worded = (key, words)
    return lesson.worded[1]


__all__ = [
    "Assessment",
    "ButtonState",
    "DieOnFelt",
    "KeptGroup",
    "Notice",
    "OfferBox",
    "TableSnapshot",
    "Waiting",
    "assess",
    "snapshot_of",
]
