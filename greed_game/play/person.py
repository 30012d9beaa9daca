"""A person's commands at the table, checked with the rules core's questions before the flow carries them out.

The screen maps a click or a key to one command (toggle a die, throw, bank,
take, decline, the hint, hurry). Here it is checked (is it this person's
move, what does the selection give, may they bank) and either handed to the
flow or refused with the narrator's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from greed_game.physics import Flick
from greed_game.play.moments import (
    AnswerOffer,
    BankTurn,
    Command,
    HoldDice,
    Hurry,
    MomentQueue,
    Refused,
    Settled,
    ThrowDice,
    ToggleDie,
    ToggleHint,
)
from greed_game.play.snapshot import Flow as SnapshotFlow
from greed_game.play.snapshot import assess
from greed_game.play.voids import Hands
from greed_game.rules import IllegalAction, Phase, bank_total, counts_of, keeps_of


class Flow(SnapshotFlow, Protocol):
    """The parts of the flow a person's commands reach (:class:`~greed_game.play.turn.TurnController`)."""

    def keep(self, throw_on: bool = False) -> None:
        """Keep the picked dice (``throw_on``: a throw follows at once)."""

    def bank(self) -> None:
        """Bank the turn."""

    def answer(self, accept: bool) -> None:
        """Take or decline the dice passed on."""

    def throw(self) -> None:
        """Throw the dice left."""

    def wait(self, seconds: float, then: Callable[[], None]) -> None:
        """Pause, then go on with ``then``."""

    hands: Hands
    moments: MomentQueue

    def settled(self) -> None:
        """The thrown dice are at rest."""


def refresh(flow: Flow) -> None:
    """Ask the core what the selection is worth and what a bank would give; the hint follows the dice."""
    flow.choice = assess(flow)
    if flow.advisor.open and flow.mode == "ready" and not flow.game.state.finished:
        flow.advisor.compute(flow.game.state, flow.narrator)


def carry_out(flow: Flow, command: Command) -> None:
    """Carry out a command from the screen (one refused now changes nothing, or says why)."""
    if isinstance(command, HoldDice):
        set_aside = command.sets_aside and (flow.holding is None or not flow.holding.sets_aside)
        if command.held and flow.holding is None:
            # (read: the hand is at the dice, which went under it; hot dice taken up had flown out through their
            # callout, helper-37)
            flow.notices.banner = flow.notices.callout = None
        flow.holding = command if command.held else None
        if set_aside:
            _set_aside(flow)
    elif isinstance(command, ToggleDie):
        if not flow.may_select():
            return
        if _never_scores(flow, command.die):
            # Refused as a good table refuses it: picked, it had turned every later pick red, and the only way out
            # was to click it again, which nothing said (helper-35).
            face = flow.selection.dice[command.die]
            refusal = IllegalAction(f"a {face} cannot score in this throw", "never-scores", dice=(face,))
            flow.notices.say(flow.narrator.prompts.illegal(refusal))
            flow.moments.append(Refused((command.die,)))
        elif flow.selection.toggle(command.die):
            flow.notices.message = ""
            refresh(flow)
    elif isinstance(command, ThrowDice):
        _throw(flow, command.flick)
    elif isinstance(command, BankTurn):
        _bank(flow)
    elif isinstance(command, AnswerOffer):
        if flow.human_turn and flow.game.state.phase is Phase.CARRYOVER:
            flow.answer(command.accept)
    elif isinstance(command, ToggleHint):
        flow.advisor.toggle()
        refresh(flow)
    elif isinstance(command, Hurry):
        if flow.mode in ("wait", "over"):
            flow.timer = 0.0
    elif isinstance(command, Settled):
        flow.settled()


def _never_scores(flow: Flow, die: int) -> bool:
    """Whether picking ``die`` (not picked yet) cannot lead to any keep: no keep of the dice on the felt holds
    one more of its face than are picked already."""
    selection = flow.selection
    if die not in selection.dice or die in selection.picked:
        return False
    face = selection.dice[die]
    picked = sum(1 for d in selection.picked if selection.dice[d] == face)
    options = keeps_of(flow.rules, counts_of(selection.dice.values()))
    return not any(option.counts[face - 1] > picked for option in options)


def _my_move(flow: Flow) -> bool:
    """Whether a person may throw or bank now (says why not when an offer is pending)."""
    if not flow.human_turn:
        return False
    if flow.game.state.phase is Phase.CARRYOVER:
        flow.notices.say(flow.narrator.prompts.offer_first)
        return False
    return True


def _throw(flow: Flow, flick: Flick | None) -> None:
    """Space or a throw by hand: keep the selection (if any) and throw the dice left; in a roll-off waiting for
    a person, their die (and the others of that throw)."""
    if flow.mode == "roll-off":
        flow.hands.by_hand = flick
        flow.roll_off.thrown_by_person()
        return
    if not _my_move(flow):
        return
    flow.hands.by_hand = flick
    if flick is not None:
        # (read while the hand held the dice: hot dice thrown by hand had flown out through their callout,
        # helper-37)
        flow.notices.callout = None
    state = flow.game.state
    if state.phase is not Phase.KEEP:
        flow.throw()
        return
    points, fault = flow.selection.value(flow.rules, state)
    if fault is not None:
        _refuse(flow, fault)
    elif points is None:
        flow.notices.say(flow.narrator.prompts.keep_first)
    else:
        flow.keep(throw_on=True)
        if flow.mode == "ready":
            # At once: the others are gathered into the hand while the kept dice glide to the tray.
            flow.throw()


def _set_aside(flow: Flow) -> None:
    """A hand picking up the dice left to throw them sets the dice picked aside first, as at a real table: they
    are kept, and carried to the tray while the hand holds the others (kept at the throw, they crossed the
    thrown dice on their way). A selection that cannot be kept stays picked, for the throw to refuse; a lesson
    waits for the throw that it asks for."""
    state = flow.game.state
    if (not flow.human_turn or flow.lesson is not None or state.phase is not Phase.KEEP
            or not flow.selection.faces()):
        return
    points, fault = flow.selection.value(flow.rules, state)
    if fault is None and points is not None:
        flow.keep()


def _refuse(flow: Flow, fault: IllegalAction) -> None:
    """Say why the dice picked may not be kept, and have them shake (the screen shows which)."""
    flow.notices.say(flow.narrator.prompts.illegal(fault))
    picked = tuple(d for d in flow.selection.dice if d in flow.selection.picked)
    if picked:
        flow.moments.append(Refused(picked))


def _bank(flow: Flow) -> None:
    """Enter: keep the selection (if any) and bank."""
    if not _my_move(flow):
        return
    state = flow.game.state
    faces = flow.selection.faces() if state.phase is Phase.KEEP else ()
    try:
        bank_total(flow.rules, state, faces)
    except IllegalAction as exc:
        _refuse(flow, exc)
        return
    if faces:
        flow.keep()
    flow.bank()
