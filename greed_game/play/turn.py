"""The table's flow without a window: whose move it is, what waits, what the players are told.

:class:`TurnController` holds a live game and drives it: a person's commands
and a computer's decisions (at a human pace), the void throws the settings
ask for, the pauses after a bank or a bust, and the autosave after every
event. It reads what each event meant from the core (``game.last``) and gets
every word from the narrator.

It never touches pixels and never calls the screen. After every change it
publishes one immutable :class:`~greed_game.play.snapshot.TableSnapshot` and
appends moments (:mod:`greed_game.play.moments`) for the screen to play; the
screen sends commands back through :meth:`TurnController.send`. What the
players see lags the core on purpose: while the dice fly, ``shown`` is still
the state before the throw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Literal

from greed_game.narrator import Line, Narrator, Said, Skin
from greed_game.play.advisor import Advisor
from greed_game.play.chatter import Chatter
from greed_game.play.lesson import LEARNER, Lesson
from greed_game.play.moments import (
    BankedMoment,
    BustMoment,
    Command,
    GameOverMoment,
    HoldDice,
    HotDiceMoment,
    KeptDice,
    LeaveTable,
    MomentQueue,
    OfferMoment,
    Thrown,
    TurnPassedMoment,
    VoidMoment,
)
from greed_game.play.notices import Notices
from greed_game.play.person import carry_out, refresh
from greed_game.play.prepare import Preparation
from greed_game.play.recorder import Pacing, Recorder, Saver
from greed_game.play.rolloff import RollOff
from greed_game.play.selection import Selection
from greed_game.play.snapshot import Assessment, KeptGroup, TableSnapshot, snapshot_of
from greed_game.play.voids import Hands
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    FirstPlayer,
    Game,
    Keep,
    Phase,
    Roll,
    State,
    Throw,
    Void,
    counts_of,
)
from greed_game.rules.game import VoidReason, outcome
from greed_game.rules.history import TurnResult, game_history
from greed_game.rules.record import MAX_EVENTS
from greed_game.rules.transitions import (
    Banked,
    Busted,
    CarryoverDeclined,
    CarryoverOffered,
    CarryoverTaken,
    FinalTurns,
    HotDice,
    Kept,
    NewScoreToBeat,
    Rescued,
    Step,
    TurnPassed,
)

PACE = {"slow": 1.5, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Multiplier of every pause and thinking time."""
CALLOUT_THROWN = 0.3
"""Seconds (at normal speed) a combination's callout stays once the dice are thrown on: it is gone, faded, as
they leave the hand (at 0.45 a hard throw by hand still crossed it, half faded)."""
THINK = 0.55
"""Seconds a computer player takes per decision at normal speed (its dice sat still long enough at 0.85 for a
player to feel kept waiting; at 0.7, a bold player's turn of eight throws took half a minute, helper-40)."""
THINK_ON = 0.3
"""Seconds a computer player takes to throw on after a keep at normal speed (its choice made with the keep)."""
VOID_READ = 0.6
"""Seconds (at normal speed) a void throw's banner is on show before a person may throw again: a key pressed to
hurry the dice does not throw the next at once, unseen."""
HOT_SEEN = 1.4
"""Seconds (at normal speed) the hot dice banner is on show before the six are thrown on (a computer's, or a
person's thrown with Space; at 1.0 it read as brief)."""
ROLL_OFF_READ = 1.9
"""Seconds (at normal speed) the roll-off's result is on show before the first thrower's dice are laid before
them."""
HOT_STAYS = 0.3
"""Seconds the hot dice banner stays once the six are thrown on (it comes once the kept dice are in the tray)."""

WATCHED = 5.0
"""How much longer a computer player thinks over a move a lesson explains."""

Mode = Literal["ready", "rolling", "wait", "over", "full", "roll-off"]
ROOM = 8
"""Events a move may add at most (a keep, a throw, voids): play stops this far below the record's limit."""

__all__ = ["PACE", "THINK", "THINK_ON", "Pacing", "Saver", "TurnController"]


class TurnController:
    """A game in progress, driven turn by turn for the table.

    Deliberately the one owner of the turn's moving parts (the mode, the pause
    and what follows it, the dice on the felt): the words, the hint, saving
    and the snapshot live in helpers of their own.
    """

    def __init__(
        self,
        game: Game,
        *,
        rng: random.Random,
        seed: int | None,
        rules_ref: str | dict[str, Any],
        overrides: dict[str, Any],
        saver: Saver,
        pacing: Callable[[], Pacing],
        skin: Callable[[], Skin],
        visual_rng: random.Random,
        prep: Preparation | None = None,
        lesson: Lesson | None = None,
    ) -> None:
        # Long on purpose: the one owner of the turn's moving parts names each here once, with what it is for.
        self.game = game
        self.rules = game.rules
        self.recorder = Recorder(game, rng, seed, rules_ref, overrides, saver)
        self._pacing = pacing
        self._skin = skin
        self.vrng = visual_rng
        """Visual chance only (which throws are void): never the dice values."""
        kinds = {seat: p.kind for seat, p in enumerate(game.players) if p.kind != "human"}
        if prep is None:
            prep = Preparation(self.rules, kinds, background=False, players=len(game.players))
        self.prep = prep
        """The computer players and the hint's tables, worked out off the window's thread."""
        self.advisor = Advisor(self.rules, prep)
        self.notices = Notices()
        self.selection = Selection()
        self.tray: list[KeptGroup] = []
        """The keeps of the turn on show, as the core scored them."""
        self.shown: State = game.state
        self.mode: Mode = "ready"
        self.timer = 0.0
        self.then: Callable[[], None] | None = None
        self.log: list[tuple[int, Line]] = []
        """The finished turns' lines, each with its seat."""
        self.throw_step: Step | None = None
        """The core's account of the throw being animated (read when the dice come to rest)."""
        self.turn_end: Step | None = None
        """The event that ended the last turn (a bank or a bust), for the next turn's banner."""
        self.hands = Hands(lambda: pacing().void_frequency, visual_rng)
        """Every throw simulated in 3D; void when the physics says so."""
        self.forced_voids = self.hands.forced
        """Void throws to make next, whatever the setting (tests, the smoke run)."""
        self.void_now: tuple[VoidReason, str | None, int] | None = None
        self.callout_rides = -1
        """The callout of a keep thrown on with Space (its serial): placed with the throw, clear of the dice's
        flight, it is not cut short as they leave the hand (0.45 s had read as a flash)."""
        self.voided: tuple[VoidReason, str | None, int] | None = None
        """Why the last throw was void, until the next (the status line keeps saying so once its banner is down)."""
        """The void the throw in the air shows, and what its die leans on or went over."""
        self.roll_off = RollOff()
        """The roll-off being shown with real dice."""
        self.throws = 0
        self.voids = 0
        self.busted = False
        """The dice on the felt are a bust (the table marks them until the turn passes)."""
        self.deciding = False
        """While the mode is ``wait``: whether it waits for a computer's move (its pause to think, or its player
        still being worked out)."""
        self.throwing_on = False
        """While the mode is ``wait``: whether the wait ends in a throw (a person's hot dice thrown on with Space,
        once their banner is read): the six lie ready in a row meanwhile."""
        self.reading = False
        """While the mode is ``wait``: whether it is hot dice's banner being read, whose time runs while the six are
        carried from the tray to the row (the screen holds other waits still meanwhile)."""
        self.roll_off_rounds: list[dict[int, tuple[int, ...]]] = []
        """The roll-off's rounds as thrown at this table (none for a game resumed)."""
        self.waited = 0.0
        """Seconds a computer's move has waited for its player to be worked out."""
        self.holding: HoldDice | None = None
        """A person's dice are in their hand (a drag on the felt), and what letting go does."""
        self.choice = Assessment()
        self.moments = MomentQueue(Chatter(game, lambda: self.narrator, pacing, visual_rng, self.notices).hear)
        """What the screen has still to play."""
        self._narrator: Narrator | None = None
        self._snapshot: TableSnapshot | None = None
        self._prep_shown: tuple[tuple[int, ...], str] = ((), "")
        """The optimal seats' stand-ins and problem as the snapshot shows them (a solve ends on another thread)."""
        self.lesson = lesson
        """Learn to play: the script this game follows first (None: a game like any other)."""
        self.recorder.heard = lesson.heard if lesson is not None else None

    # -- what the flow knows ----------------------------------------------------------------

    @property
    def pace(self) -> float:
        """Multiplier of pauses at the chosen animation speed."""
        return PACE.get(self._pacing().animation_speed, 1.0)

    @property
    def narrator(self) -> Narrator:
        """The game's words, in the vocabulary of the skin in use (the setting may change mid-game)."""
        skin = self._skin()
        if self._narrator is None or self._narrator.vocab.skin != skin:
            self._narrator = Narrator(self.rules, [p.name for p in self.game.players], skin)
        return self._narrator

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.game.players[seat].kind == "human"

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""
        return self.mode == "ready" and not self.shown.finished and self.is_human(self.shown.current)

    @property
    def snapshot(self) -> TableSnapshot:
        """The table as the players should see it now (published again after every change)."""
        if self._snapshot is None:
            self._snapshot = snapshot_of(self)
            self._prep_shown = (self.prep.standins, self.prep.win_problem)
        return self._snapshot

    # -- starting -----------------------------------------------------------------------------

    def start_new(self) -> None:
        """A new game: the first-player roll-off (where the rules have one) is made at once; a lesson's newcomer
        starts without one (the record says so as a roll-off would)."""
        if self.lesson is not None:
            if self.rules.first_player != "seat-order":
                self.recorder.play(FirstPlayer(LEARNER))
            self.recorder.save()
            self._snapshot = None
            return
        rounds = self.game.roll_off(self.recorder.rng)
        self.recorder.save()
        if rounds:
            self.roll_off.start(self.rules, rounds)
            _show_roll_off(self)
        self._snapshot = None

    def start_resumed(self, *, welcome: bool = True) -> None:
        """A resumed game: the tray and the dice as they lay; then (``welcome``) the log and a word of welcome."""
        history = game_history(self.game)  # one replay of the record serves the tray and the log
        self.tray = [KeptGroup(dice, points, hot) for dice, points, hot in history.open_keeps]
        if self.game.state.throw is not None:
            order = list(self.game.remaining_dice())
            self.vrng.shuffle(order)
            self.selection.throw(order)
        if welcome:
            self.log = _log(self, history.turns)
            self.notices.show(self.narrator.events.welcome_back(self.shown.current), 1.6)
        self._snapshot = None

    def enter(self) -> None:
        """The table is on screen: carry on where the flow stands."""
        if self.mode == "ready" and self.then is None:
            self.ready()

    # -- commands from the screen ----------------------------------------------------------------

    def send(self, command: Command) -> None:
        """Carry out a command from the screen (checked first: one refused now changes nothing, or says why)."""
        if not isinstance(command, HoldDice):
            self.holding = None  # (the hand let go: a throw, a click on a die, a key; a refused one too)
        if self.lesson is not None and self.human_turn and not self.lesson.allows(command, self.selection.faces()):
            self._snapshot = None  # the card asks again; nothing else changes
            return
        carry_out(self, command)
        self._snapshot = None

    def may_select(self) -> bool:
        """Whether a person may pick dice from the felt now."""
        return self.human_turn and self.shown.phase is Phase.KEEP

    def refresh(self) -> None:
        """Ask the core again what the selection is worth and what a bank would give."""
        refresh(self)
        self._snapshot = None

    # -- time ---------------------------------------------------------------------------------------

    def update(self, dt: float, *, hold: bool = False) -> None:
        """Advance the words on show and the pause by ``dt`` seconds; with ``hold``, a pause run out does not end
        yet (what follows it waits for the screen)."""
        # While dice fly with nothing counting down, the snapshot stays as it is (the screen asks for it at
        # every step of a throw, and building it is most of a step's cost).
        prep = self.prep
        ticking = (self.mode != "rolling" or not prep.done or bool(prep.standins) or self.notices.counting
                   or (prep.standins, prep.win_problem) != self._prep_shown)
        if not self.prep.done and self.mode == "wait" and self.deciding:
            # (only a computer's move waits for its player: a roll-off's throws showed the card over their dice)
            self.waited += dt
        ticking = self.advisor.catch_up(self.game.state, self.narrator, ready=self.mode == "ready") or ticking
        self.notices.tick(dt)
        if self.mode in ("wait", "over") and self.then is not None:
            self.timer -= dt
            if self.timer <= 0 and not hold:
                then, self.then = self.then, None
                then()
        if ticking:
            self._snapshot = None

    def wait(self, seconds: float, then: Callable[[], None]) -> None:
        self.mode = "wait"
        self.deciding = then == self._computer_step
        self.throwing_on = then == self.throw
        self.reading = False
        # A hold (math.inf) lasts until a key or click, whatever the speed (inf * 0 would be nan).
        self.timer = seconds if math.isinf(seconds) else seconds * self.pace
        self.then = then

    def ready(self) -> None:
        """Show the core's state and wait for the current player's decision."""
        state = self.game.state
        if state.rescued:
            self.selection.clear()  # the rescued pair leaves the felt: every die is thrown fresh
        self.shown = state
        self.mode = "ready"
        self.then = None
        self.advisor.offer(state)
        if state.finished:
            self._game_over()
            return
        if len(self.game.events) > MAX_EVENTS - ROOM:
            # Astronomically rare under the rules' limits, but a record past the limit could not be opened again.
            self.mode = "full"
            self.notices.show(self.narrator.events.record_full(MAX_EVENTS), 1e9)
            return
        if not self.is_human(state.current):
            # In a lesson the opponent's scripted moves come slowly: the newcomer reads the card that explains them.
            watched = self.lesson is not None and self.lesson.opponent_action() is not None
            kept = bool(self.game.events) and isinstance(self.game.events[-1], Keep)
            self.wait(THINK * WATCHED if watched else THINK_ON if kept else THINK, self._computer_step)
        self.refresh()

    # -- moves ------------------------------------------------------------------------------------

    def _computer_step(self) -> None:
        if not self.prep.done:
            self.then, self.timer = self._computer_step, 0.05
            return
        seat = self.game.state.current
        scripted = self.lesson.opponent_action() if self.lesson is not None else None
        self.perform(scripted or self.prep.strategies[seat].choose(self.rules, self.game.state))

    def perform(self, action: Action) -> None:
        """Carry out an action of the current player (a person's or a computer's)."""
        if isinstance(action, Throw):
            self.throw()
        elif isinstance(action, Keep):
            self.selection.choose(action.dice)
            if self.is_human(self.shown.current):
                self.keep()
            else:
                self.wait(THINK * 0.6, self.keep)
        elif isinstance(action, Bank):
            self.bank()
        elif isinstance(action, Carryover):
            self.answer(action.accept)
        self._snapshot = None

    def keep(self, throw_on: bool = False) -> None:
        """Keep the selection; ``throw_on``: a throw follows (at once, except after hot dice thrown with Space:
        their banner is read first; thrown by hand, the six are in the hand and hot dice are called out where the
        dice lay instead)."""
        self.recorder.play(Keep(self.selection.faces()))
        step = self.game.last
        kept = step.first(Kept) if step is not None else None
        assert kept is not None
        hot = step.first(HotDice) if step is not None else None
        self.tray.append(KeptGroup(kept.dice, kept.points, hot is not None))
        moment = KeptDice(self.selection.take(), kept.points)
        self.moments.append(moment)
        call = self.narrator.events.callout(kept)
        if call is not None:  # seen where the dice lay
            self.notices.call(call, 1.3 * self.pace + 0.5)
        # (a hand that picked up the dice to throw them set these aside: the throw is in its hands)
        by_hand = (throw_on and self.hands.by_hand is not None) or self.holding is not None
        if hot is not None:
            said = self.narrator.events.said(hot)
            if by_hand and said is not None:
                self.notices.call(said if call is None else Said(call.title, f"{call.sub}  ·  {said.title}",
                                                                 call.tone), 1.3 * self.pace + 0.5)
            else:
                # on show once the kept dice are in the tray: six carried from all over the felt crossed any card
                self.notices.show(said, HOT_SEEN * self.pace + HOT_STAYS, after=moment.carried * self.pace)
            self.moments.append(HotDiceMoment())
            self.selection.clear()
        self.ready()
        if call is not None and throw_on and not by_hand and hot is None and self.notices.callout is not None:
            self.callout_rides = self.notices.callout.serial
        if hot is not None and throw_on and not by_hand and self.mode == "ready":
            # (thrown at once, the banner was up 0.3 s, and gone before the kept dice reached the tray)
            self.wait(moment.carried + HOT_SEEN, self.throw)
            self.reading = True
        elif hot is not None and not throw_on and self.mode == "wait" and self.deciding:
            self.timer = max(self.timer, (moment.carried + HOT_SEEN) * self.pace)  # a computer throws on once read
            self.reading = True

    def bank(self) -> None:
        self.recorder.play(Bank())
        self.turn_end = step = self.game.last
        self.notices.message = ""  # (a refusal of this turn's had stayed up into the next player's, helper-43)
        banked = step.first(Banked) if step is not None else None
        if banked is not None and banked.kept:
            # Banked straight from the throw: its best dice are seen set aside, and the turn's total with them,
            # before the banner says what was banked.
            points = self.rules.table.points(counts_of(banked.kept)) or 0
            self.selection.choose(banked.kept)
            self.tray.append(KeptGroup(banked.kept, points))
            self.moments.append(KeptDice(self.selection.take(), points))
            self.shown = replace(self.shown, turn_points=self.shown.turn_points + points)
        said = self.narrator.events.said(banked, step) if banked is not None else None
        self.notices.show(said, 1.6 * self.pace + 0.3)
        self.moments.append(BankedMoment())
        # the seats' list counts the bank in under its banner (it had waited for the next turn, a second on), and
        # says who is on the board now (helper-37)
        self.shown = replace(self.shown, scores=self.game.state.scores, on_board=self.game.state.on_board)
        self.wait(1.2, self._turn_over)

    def answer(self, accept: bool) -> None:
        seat, offer = self.game.state.current, self.game.state.offer
        self.recorder.play(Carryover(accept))
        step = self.game.last
        answer = step.first(CarryoverTaken if accept else CarryoverDeclined) if step is not None else None
        self.notices.show(self.narrator.events.said(answer) if answer is not None else None, 1.2)
        # The log says so now, as the banner does (it had waited for the turn's end, helper-39); the turn's end
        # writes the log again from the record, this line among the rest.
        events = self.narrator.events
        said = (events.taken_line(seat, self.game.state.carried) if accept
                else events.declined_line(seat, offer.points if offer is not None else 0))
        self.log = [*self.log, (seat, said)]
        self.tray = []
        self.ready()

    # -- throwing ---------------------------------------------------------------------------------

    def throw(self) -> None:
        seat = self.game.state.current
        lesson = self.lesson
        chosen = lesson.dice() if lesson is not None else None
        if lesson is not None and lesson.void_first():  # asked before the roll moves the script on
            self.hands.forced.insert(0, "off-felt")
        roll = self.recorder.play(Throw(self.game.state.dice_left) if chosen is None else Roll(chosen))
        assert isinstance(roll, Roll)
        toss = self.hands.toss(tuple(roll.dice), seat, len(self.game.players))
        self.throw_step = self.game.last
        self.throws += 1
        self.void_now = (toss.void, toss.against, toss.void_count) if toss.void is not None else None
        self.voided = None
        self.mode = "rolling"
        self.advisor.close()
        self.notices.message = ""
        # Banners sit above the dice: the last one's news (whose turn, a void) is taken down as the dice fly;
        # a callout fades as they leave the hand (it rose where the thrown dice land).
        self.notices.banner = None
        call = self.notices.callout
        # (dice thrown at instant speed are at rest at once: no flight)
        if call is not None and self.pace > 0 and call.serial != self.callout_rides:
            call.ttl = min(call.ttl, CALLOUT_THROWN * self.pace)
        self.moments.append(Thrown(seat, self.selection.throw(roll.dice), toss))

    def settled(self) -> None:
        """The thrown dice are at rest. Now the players learn what the throw meant."""
        if self.mode != "rolling":
            return
        if self.roll_off.showing:
            # A moment to read whose die shows what before a tie is thrown again (or the banner names who starts).
            landed = self.roll_off.landed
            if len(landed) == 1 and self.roll_off.throws:
                # seat by seat, each throw is swept off for the next: what it scored is said while it lies there
                seat, dice = landed[0]
                self.notices.show(self.narrator.events.roll_off_throw(seat, dice), 1.3 * self.pace + 0.3)
                self.wait(1.4, lambda: _show_roll_off(self))
                return
            self.wait(0.9, lambda: _show_roll_off(self))
            return
        if self.void_now is not None:
            self._void(*self.void_now)
            return
        step = self.throw_step
        bust = step.first(Busted) if step is not None else None
        if bust is not None:
            self.turn_end = step
            self.busted = True
            self.notices.message = ""
            self.moments.append(BustMoment())
            if self.is_human(self.game.state.current if step is None else step.before.current):
                # A person sees which dice failed: the table holds until a key or a click.
                self.notices.show(self.narrator.events.said(bust), math.inf)
                self.wait(math.inf, self._turn_over)
            else:
                self.notices.show(self.narrator.events.said(bust), 1.9 * self.pace + 0.3)
                self.wait(1.6, self._turn_over)
            return
        rescue = step.first(Rescued) if step is not None else None
        if rescue is not None:
            self.notices.show(self.narrator.events.said(rescue), 1.8 * self.pace + 0.3)
            self.wait(1.2, self.ready)
            return
        self.ready()

    def _void(self, reason: VoidReason, against: str | None, count: int) -> None:
        self.voids += 1
        self.void_now = None
        self.voided = (reason, against, count)
        self.recorder.play(Void(reason))
        said = self.narrator.events.void(reason, against, self.game.state.dice_left, count)
        self.notices.show(said, 1.9 * self.pace + 0.4)
        self.moments.append(VoidMoment(reason))
        # A person throws again themselves, by hand if they like (a lesson throws for the newcomer, as its card
        # says); a computer's hand throws again once the banner is read.
        if self.is_human(self.game.state.current) and self.lesson is None:
            self.wait(VOID_READ, self.ready)
        else:
            self.wait(1.7, self.throw)

    def _turn_over(self) -> None:
        if self.lesson is not None:
            self.lesson.turn_over()
        self.busted = False
        self.advisor.close()  # advice is asked for, never handed to the next player unasked
        self.notices.banner = None
        self.notices.callout = None  # (a straight's callout stayed up into the next player's banner)
        self.selection.clear()
        self.tray = []
        self.log = _log(self, game_history(self.game).turns)
        step, self.turn_end = self.turn_end, None
        if self.game.state.finished or step is None:
            self.ready()
            return
        self.moments.append(OfferMoment() if step.first(CarryoverOffered) else TurnPassedMoment())
        # The most important news of the turn's end gets the banner; an offer has its own box.
        for kind, ttl in ((FinalTurns, 2.2), (NewScoreToBeat, 2.0), (CarryoverOffered, 0.0), (TurnPassed, 1.0)):
            found = step.first(kind)
            if found is not None:
                self.notices.show(self.narrator.events.said(found) if ttl else None, ttl * self.pace + 0.3)
                break
        self.ready()

    def _game_over(self) -> None:
        self.mode = "over"
        self.recorder.save()
        ended = outcome(self.rules, self.game.state)
        winners = ended.winners if ended is not None else ()
        self.notices.show(self.narrator.events.game_over(winners), 3.4)
        if winners:  # (the log had ended on the last bank, saying nothing of who won, helper-40)
            self.log = [*self.log, (winners[0], Line(self.narrator.events.winners(winners), "gold"))]
        self.moments.append(GameOverMoment())
        self.timer = 3.0 * self.pace  # (the win is celebrated before the scoreboard)
        self.then = lambda: self.moments.append(LeaveTable())


def _log(turn: TurnController, turns: Sequence[TurnResult]) -> list[tuple[int, Line]]:
    """The log of finished turns, after who won the roll-off (where the rules have one and a lesson did not
    skip it)."""
    lines = turn.narrator.events.log(turns)
    first = turn.game.events[0] if turn.game.events else None
    if isinstance(first, FirstPlayer) and turn.rules.first_player != "seat-order" and turn.lesson is None:
        lines.insert(0, (first.seat, turn.narrator.events.roll_off_line(first.seat, turn.roll_off_rounds)))
    return lines


def _show_roll_off(turn: TurnController, thrown: bool = False) -> None:
    """The roll-off's next throw (a tie said first), or, once every throw is at rest, who starts. A throw with a
    person's die in it waits for them to throw (``thrown``: they just did)."""
    tie = turn.roll_off.say_tie()
    if tie is not None:
        turn.notices.show(turn.narrator.events.roll_off_tie(tie), 1.3 * turn.pace)
        turn.wait(1.4, lambda: _show_roll_off(turn))
        return
    person = turn.roll_off.thrower(turn.is_human)
    if person is not None and not thrown and turn.pace > 0:
        turn.roll_off.wait_for(person, lambda: _show_roll_off(turn, thrown=True))
        turn.mode = "roll-off"
        return
    moment = turn.roll_off.next(turn.hands, len(turn.game.players), person)
    if moment is not None:
        turn.mode = "rolling"
        turn.moments.append(moment)
        return
    rounds = turn.roll_off.finish()
    turn.roll_off_rounds = rounds  # (for the log's line, which gives the throws as the banner does)
    turn.shown = turn.game.state  # the plates and the players' list mark who starts as the banner says it
    turn.log = _log(turn, ())
    # (down as the first thrower's row is laid: up a second longer, it hid the dice coming into the row, helper-42
    # and helper-43; the throws stay in the log)
    turn.notices.show(turn.narrator.events.roll_off(rounds, turn.game.state.current), ROLL_OFF_READ * turn.pace)
    turn.wait(ROLL_OFF_READ, turn.ready)
