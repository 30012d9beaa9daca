"""The table's flow without a window: whose move it is, what waits, what the players are told.

:class:`TurnController` holds a live game and drives it: a person's decisions
and a computer's (at a human pace), the void throws the settings ask for,
the pauses after a bank or a bust, and the autosave after every event. It
reads what each event meant from the core (``game.last``) and gets every
word from the narrator. It never touches pixels: the scene that draws the
table implements :class:`TableView`, throws the dice when asked and says when
they come to rest. What the players see lags the core on purpose: while the
dice fly, ``shown`` is still the state before the throw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from greed_game.ai import Strategy
from greed_game.narrator import Line, Narrator, Said, Skin
from greed_game.play.prepare import Preparation
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    Event,
    Game,
    IllegalAction,
    Keep,
    Phase,
    Record,
    Roll,
    State,
    Throw,
    Void,
    apply,
    record_of,
)
from greed_game.rules.game import VoidReason, bank_total
from greed_game.rules.history import game_history
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
VOID_CHANCE = {"off": 0.0, "rare": 0.025, "realistic": 0.07}
"""How often a throw is void, by the void-throw setting."""
THINK = 0.85
KEEP_GLIDE = 0.32
"""Seconds (at normal pace) for kept dice to glide to the tray before the next throw."""
"""Seconds a computer player takes per decision at normal speed."""

Mode = Literal["ready", "rolling", "wait", "over", "full"]
ROOM = 8
"""Events a move may add at most (a keep, a throw, voids): play stops this far below the record's limit."""


@dataclass
class Headline:
    """Words shown for a moment across the felt."""

    said: Said
    ttl: float


class Pacing(Protocol):
    """The settings the flow reads (the app's settings, which may change mid-game)."""

    @property
    def animation_speed(self) -> str:
        """``slow``, ``normal``, ``fast`` or ``instant``."""

    @property
    def void_frequency(self) -> str:
        """``off``, ``rare`` or ``realistic``."""


class Saver(Protocol):
    """Where the record goes after every event (the app's autosaver)."""

    def save(self, record: Record, rng: random.Random, seed: int | None) -> None:
        """Keep an unfinished game."""

    def finish(self, record: Record) -> None:
        """Keep a finished game."""


class TableView(Protocol):
    """What the flow asks of the scene that draws the table."""

    def throw_dice(self, dice: tuple[int, ...], seat: int, void: VoidReason | None) -> None:
        """Throw these dice from ``seat``'s side; call :meth:`TurnController.settled` when they rest."""

    def finish_throw(self) -> None:
        """Let flying dice come to rest at once."""

    def lean_die(self) -> str | None:
        """Cock a die for a leaning void; returns what it leans on (``die`` or ``rail``)."""

    def selected_faces(self) -> tuple[int, ...]:
        """The faces of the dice a person has selected, ascending."""

    def dice_on_felt(self) -> int:
        """How many thrown dice lie on the felt."""

    def select(self, faces: tuple[int, ...]) -> None:
        """Mark dice showing ``faces`` as selected (a computer's keep, before it is made)."""

    def keep_selected(self, faces: tuple[int, ...], points: int) -> None:
        """Move the selected dice to the tray as one group worth ``points``."""

    def clear_dice(self) -> None:
        """Take every die off the felt."""

    def clear_tray(self) -> None:
        """Empty the tray."""

    def hurry(self) -> None:
        """Finish every moving animation now."""

    def sound(self, name: str, volume: float) -> None:
        """Play a sound."""

    def game_over(self) -> None:
        """The game is over and its words have been shown: move on to the scoreboard."""


class TurnController:
    """A game in progress, driven turn by turn for the table."""

    def __init__(
        self,
        game: Game,
        view: TableView,
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
    ) -> None:
        self.game = game
        self.rules = game.rules
        self.view = view
        self.dice_rng = rng
        self.seed = seed
        self.rules_ref = rules_ref
        self.overrides = overrides
        self.saver = saver
        self._pacing = pacing
        self._skin = skin
        self.vrng = visual_rng
        """Visual chance only (which throws are void): never the dice values."""
        kinds = {seat: p.kind for seat, p in enumerate(game.players) if p.kind != "human"}
        if prep is None:
            prep = Preparation(self.rules, kinds, background=False, players=len(game.players))
        self.prep = prep
        """The computer players and the hint's tables, worked out off the window's thread."""
        self._prep_seen = self.prep.done
        self.shown: State = game.state
        self.mode: Mode = "ready"
        self.timer = 0.0
        self.then: Callable[[], None] | None = None
        self.banner: Headline | None = None
        self.message = ""
        self.message_ttl = 0.0
        self.hint_open = False
        self.hint: list[Line] = []
        self.hint_keep: tuple[int, ...] = ()
        """The dice the hint's advice keeps (the table rings them on the felt)."""
        self.offer_odds = ("–", "–")
        """Bust chances of taking and of declining the carryover on offer."""
        self.log: list[tuple[int, Line]] = []
        """The finished turns' lines, each with its seat."""
        self.throw_step: Step | None = None
        """The core's account of the throw being animated (read when the dice come to rest)."""
        self.turn_end: Step | None = None
        """The event that ended the last turn (a bank or a bust), for the next turn's banner."""
        self.forced_voids: list[VoidReason] = []
        """Void throws to make next, whatever the setting (tests, the smoke run)."""
        self.void_now: VoidReason | None = None
        self.throws = 0
        self.voids = 0
        self.sel_text = ""
        self.sel_error = ""
        self.sel_points: int | None = None
        """What the selection on the felt adds to the turn (None: nothing valid selected)."""
        self.callout: Headline | None = None
        """A scoring combination just kept (a straight, three pairs, six of a kind), shown where it lay."""
        self.bank_preview: int | None = None
        self.bank_error = ""
        self.finished_saved = False
        self.busted = False
        """The dice on the felt are a bust (the table marks them until the turn passes)."""
        self._narrator: Narrator | None = None

    # -- what the flow knows ----------------------------------------------------------------

    @property
    def strategies(self) -> dict[int, Strategy]:
        """The computer seats' players (empty until the preparation is done)."""
        return self.prep.strategies if self.prep.done else {}

    @property
    def preparing(self) -> bool:
        """Whether a computer seat waits for its player to be worked out."""
        return not self.prep.done and bool(self.prep.kinds)

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
    def hot_seat(self) -> bool:
        """Whether several people share the screen (the prompts then name whose turn it is)."""
        return sum(p.kind == "human" for p in self.game.players) > 1

    @property
    def addressee(self) -> int | None:
        """The seat the prompts speak to by name: the current person's, when several share the screen."""
        return self.shown.current if self.hot_seat and self.human_turn else None

    @property
    def acknowledging(self) -> bool:
        """Whether the table holds a person's bust until they press a key or click."""
        return self.mode == "wait" and self.timer == math.inf

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""
        return self.mode == "ready" and not self.shown.finished and self.is_human(self.shown.current)

    def record(self) -> Record:
        """The game's record as it is now."""
        return record_of(self.game, self.rules_ref, self.overrides)

    # -- starting -----------------------------------------------------------------------------

    def start_new(self) -> None:
        """A new game: the first-player roll-off (where the rules have one) is made at once."""
        rounds = self.game.roll_off(self.dice_rng)
        self._save()
        if rounds:
            self.show(self.narrator.roll_off(rounds, self.game.state.current), 2.2 * self.pace + 0.4)
            self._wait(1.6, self.ready)

    def start_resumed(self) -> None:
        """A resumed game: the log as it was, and a word of welcome."""
        self.refresh_log()
        self.show(self.narrator.welcome_back(self.shown.current), 1.6)

    def enter(self) -> None:
        """The table is on screen: carry on where the flow stands."""
        if self.mode == "ready" and self.then is None:
            self.ready()

    # -- the record --------------------------------------------------------------------------

    def _save(self) -> None:
        record = self.record()
        if self.game.finished:
            if not self.finished_saved:
                self.finished_saved = True
                self.saver.finish(record)
            return
        self.saver.save(record, self.dice_rng, self.seed)

    def _apply(self, action: Action | Event) -> Event:
        """Apply an action to the game (raises IllegalAction, changing nothing) and autosave."""
        applied = self.game.play(action, self.dice_rng)
        self._save()
        return applied

    # -- words and pauses ----------------------------------------------------------------------

    def show(self, said: Said | None, ttl: float) -> None:
        """Put the narrator's words for a moment on the felt."""
        self.banner = None if said is None else Headline(said, ttl)

    def say(self, text: str) -> None:
        """A short message to the person at the table (why a move is refused)."""
        self.message = text
        self.message_ttl = 4.0

    def refresh_log(self) -> None:
        """The log of finished turns, from the core's history."""
        self.log = self.narrator.log(game_history(self.game).turns)

    def _wait(self, seconds: float, then: Callable[[], None]) -> None:
        self.mode = "wait"
        # A hold (math.inf) lasts until a key or click, whatever the speed (inf * 0 would be nan).
        self.timer = seconds if math.isinf(seconds) else seconds * self.pace
        self.then = then

    def ready(self) -> None:
        """Show the core's state and wait for the current player's decision."""
        state = self.game.state
        self.shown = state
        self.mode = "ready"
        self.then = None
        self._offer_odds()
        if state.finished:
            self._game_over()
            return
        if len(self.game.events) > MAX_EVENTS - ROOM:
            # Astronomically rare under the rules' limits, but a record past the limit could not be opened again.
            self.mode = "full"
            self.show(self.narrator.record_full(MAX_EVENTS), 1e9)
            return
        if not self.is_human(state.current):
            self._wait(THINK, self._computer_step)
        self.refresh()

    def _offer_odds(self) -> None:
        state = self.game.state
        self.offer_odds = ("–", "–")
        if state.phase is Phase.CARRYOVER and self.prep.done and self.prep.advice:
            from greed_game.play.odds import offer_odds

            self.offer_odds = offer_odds(self.rules, state, self.prep.solutions)

    def update(self, dt: float) -> None:
        """Advance the banner, the message and the pause by ``dt`` seconds."""
        if not self._prep_seen and self.prep.done:
            self._prep_seen = True
            if self.mode == "ready":
                self._offer_odds()
            if self.hint_open:
                self._compute_hint()
        elif self.hint_open and not self._prep_seen:
            self._compute_hint()  # the progress figure
        if self.banner is not None:
            self.banner.ttl -= dt
            if self.banner.ttl <= 0:
                self.banner = None
        if self.callout is not None:
            self.callout.ttl -= dt
            if self.callout.ttl <= 0:
                self.callout = None
        if self.message_ttl > 0:
            self.message_ttl -= dt
            if self.message_ttl <= 0:
                self.message = ""
        if self.mode in ("wait", "over") and self.then is not None:
            self.timer -= dt
            if self.timer <= 0:
                then, self.then = self.then, None
                then()

    def skip(self) -> None:
        """Hurry the current animation or pause (a key during a computer's turn)."""
        if self.mode == "rolling":
            self.view.finish_throw()
        elif self.mode in ("wait", "over"):
            self.timer = 0.0
        self.view.hurry()

    # -- moves ------------------------------------------------------------------------------------

    def _computer_step(self) -> None:
        if not self.prep.done:
            self.then, self.timer = self._computer_step, 0.05
            return
        seat = self.game.state.current
        self.perform(self.strategies[seat].choose(self.rules, self.game.state))

    def perform(self, action: Action) -> None:
        """Carry out an action of the current player (a person's or a computer's)."""
        if isinstance(action, Throw):
            self._throw()
        elif isinstance(action, Keep):
            faces = tuple(sorted(action.dice))
            self.view.select(faces)
            if self.is_human(self.shown.current):
                self._keep(faces)
            else:
                self._wait(THINK * 0.6, lambda: self._keep(faces))
        elif isinstance(action, Bank):
            self._bank()
        elif isinstance(action, Carryover):
            self._answer(action.accept)

    def _keep(self, faces: tuple[int, ...]) -> None:
        before = self.game.state
        self._apply(Keep(faces))
        step = self.game.last
        kept = step.first(Kept) if step is not None else None
        call = self.narrator.callout(kept) if kept is not None else None
        # Seen where the dice lay (the view notes the spot as they leave for the tray).
        self.callout = None if call is None else Headline(call, 1.3 * self.pace + 0.5)
        self.view.keep_selected(faces, self.game.state.turn_points - before.turn_points)
        self.view.sound("keep", 0.7)
        hot = step.first(HotDice) if step is not None else None
        if hot is not None:
            self.show(self.narrator.said(hot), 1.4)
            self.view.sound("hot", 0.8)
            self.view.clear_dice()
        self.ready()

    def _bank(self) -> None:
        self._apply(Bank())
        self.turn_end = step = self.game.last
        banked = step.first(Banked) if step is not None else None
        self.show(self.narrator.said(banked) if banked is not None else None, 1.6 * self.pace + 0.3)
        self.view.sound("bank", 0.9)
        self._wait(1.2, self._turn_over)

    def _answer(self, accept: bool) -> None:
        self._apply(Carryover(accept))
        step = self.game.last
        answer = step.first(CarryoverTaken if accept else CarryoverDeclined) if step is not None else None
        self.show(self.narrator.said(answer) if answer is not None else None, 1.2)
        self.view.clear_tray()
        self.ready()

    # -- throwing ---------------------------------------------------------------------------------

    def _decide_void(self) -> VoidReason | None:
        if self.forced_voids:
            return self.forced_voids.pop(0)
        chance = VOID_CHANCE.get(self._pacing().void_frequency, 0.0)
        if chance and self.vrng.random() < chance:
            return self.vrng.choice(("off-felt", "leaning"))
        return None

    def _throw(self) -> None:
        seat = self.game.state.current
        void = self._decide_void()
        roll = self._apply(Throw(self.game.state.dice_left))
        assert isinstance(roll, Roll)
        self.throw_step = self.game.last
        self.throws += 1
        self.void_now = void
        self.mode = "rolling"
        self.hint_open = False
        self.hint_keep = ()
        self.message = ""
        self.view.throw_dice(roll.dice, seat, void)
        self.view.sound("throw", 0.8)

    def settled(self) -> None:
        """The view: the thrown dice are at rest. Now the players learn what the throw meant."""
        if self.void_now is not None:
            self._void(self.void_now)
            return
        step = self.throw_step
        bust = step.first(Busted) if step is not None else None
        if bust is not None:
            self.turn_end = step
            self.view.sound("bust", 0.9)
            self.busted = True
            if self.is_human(self.game.state.current if step is None else step.before.current):
                # A person sees which dice failed: the table holds until a key or a click.
                self.show(self.narrator.said(bust), math.inf)
                self._wait(math.inf, self._turn_over)
            else:
                self.show(self.narrator.said(bust), 1.9 * self.pace + 0.3)
                self._wait(1.6, self._turn_over)
            return
        rescue = step.first(Rescued) if step is not None else None
        if rescue is not None:
            self.show(self.narrator.said(rescue), 1.8 * self.pace + 0.3)
            self._wait(1.2, self._after_rescue)
            return
        self.ready()

    def _after_rescue(self) -> None:
        self.view.clear_dice()
        self.ready()

    def _void(self, reason: VoidReason) -> None:
        self.voids += 1
        self.void_now = None
        against = self.view.lean_die() if reason == "leaning" else None
        self._apply(Void(reason))
        self.show(self.narrator.void(reason, against, self.game.state.dice_left), 1.9 * self.pace + 0.4)
        self.view.sound("void", 0.8)
        self._wait(1.7, self._throw)

    def _turn_over(self) -> None:
        self.busted = False
        self.banner = None
        self.view.clear_dice()
        self.view.clear_tray()
        self.refresh_log()
        step, self.turn_end = self.turn_end, None
        if self.game.state.finished or step is None:
            self.ready()
            return
        # The most important news of the turn's end gets the banner; an offer has its own box.
        for kind, ttl in ((FinalTurns, 2.2), (NewScoreToBeat, 2.0), (CarryoverOffered, 0.0), (TurnPassed, 1.0)):
            found = step.first(kind)
            if found is not None:
                self.show(self.narrator.said(found) if ttl else None, ttl * self.pace + 0.3)
                break
        self.ready()

    def _game_over(self) -> None:
        self.mode = "over"
        self._save()
        self.show(self.narrator.game_over(self.game.winners), 3.0)
        self.view.sound("bank", 1.0)
        self.timer = 2.0 * self.pace
        self.then = self.view.game_over

    # -- a person's decisions ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Ask the core what the selection is worth and what a bank would give."""
        self.sel_text = self.sel_error = self.bank_error = ""
        self.bank_preview = self.sel_points = None
        state = self.game.state
        if self.mode != "ready" or state.finished:
            return
        after = state
        if state.phase is Phase.KEEP:
            sel = self.view.selected_faces()
            if sel:
                try:
                    after = apply(self.rules, state, Keep(sel))
                    self.sel_points = after.turn_points - state.turn_points
                    self.sel_text = self.narrator.keep_value(sel, self.sel_points)
                except IllegalAction as exc:
                    self.sel_error = self.narrator.illegal(exc)
                    after = state
            else:
                options = self.game.options()
                self.sel_text = self.narrator.keep_prompt(self.view.dice_on_felt(), options[0].points if options else 0)
        try:
            self.bank_preview = bank_total(self.rules, after)[0]
        except IllegalAction as exc:
            self.bank_error = self.narrator.no_bank(exc)
        if self.hint_open:
            self._compute_hint()

    def may_select(self) -> bool:
        """Whether a person may pick dice from the felt now."""
        return self.human_turn and self.shown.phase is Phase.KEEP

    def _my_move(self) -> bool:
        """Whether a person may throw or bank now (says why not when an offer is pending)."""
        if not self.human_turn:
            return False
        if self.game.state.phase is Phase.CARRYOVER:
            self.say(self.narrator.offer_first)
            return False
        return True

    def roll(self) -> None:
        """Space: keep the selection (if any) and throw the dice left."""
        if not self._my_move():
            return
        state = self.game.state
        if state.phase is Phase.KEEP:
            sel = self.view.selected_faces()
            if not sel:
                self.say(self.narrator.keep_first)
                return
            try:
                apply(self.rules, state, Keep(sel))
            except IllegalAction as exc:
                self.say(self.narrator.illegal(exc))
                return
            self._keep(sel)
            if self.mode != "ready":
                return
            # The kept dice reach the tray before the others are thrown again.
            self._wait(KEEP_GLIDE, self._throw)
            return
        self._throw()

    def bank(self) -> None:
        """Enter: keep the selection (if any) and bank."""
        if not self._my_move():
            return
        state = self.game.state
        sel = self.view.selected_faces() if state.phase is Phase.KEEP else ()
        try:
            after = apply(self.rules, state, Keep(sel)) if sel else state
            bank_total(self.rules, after)
        except IllegalAction as exc:
            self.say(self.narrator.illegal(exc))
            return
        if sel:
            self._keep(sel)
        self._bank()

    def answer(self, accept: bool) -> None:
        """T / D: take or decline the dice passed on."""
        if self.human_turn and self.game.state.phase is Phase.CARRYOVER:
            self._answer(accept)

    def toggle_hint(self) -> None:
        """H: show or hide the bust odds and the computer's advice."""
        self.hint_open = not self.hint_open
        if self.hint_open:
            self._compute_hint()
        else:
            self.hint_keep = ()

    def _compute_hint(self) -> None:
        from greed_game.play.odds import hint_lines

        self.hint_keep = ()
        if not self.prep.done:
            self.hint = self.narrator.hint_pending(self.prep.fraction)
        elif not self.prep.advice:
            self.hint = self.narrator.hint_unavailable(self.prep.problem or "they were not worked out")
        else:
            self.hint, self.hint_keep = hint_lines(self.rules, self.game.state, self.narrator, self.prep.win,
                                                   self.prep.solutions)

    def status(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The two lines left of the buttons, with their tones: what is selected or happening, and the keys."""
        s = self.shown
        blank = ("", "plain")
        if s.finished:
            return blank, blank
        words = self.narrator
        if self.acknowledging:
            return (self.banner.said.title if self.banner else "", "bad"), (words.acknowledge, "dim")
        if not self.human_turn:
            if self.is_human(s.current):
                doing = words.rolling if self.mode == "rolling" else self.banner.said.title if self.banner else ""
                return (doing, "plain"), (words.hurry_human, "dim")
            return (words.playing(s.current), "plain"), (words.hurry_computer, "dim")
        if s.phase is Phase.CARRYOVER:
            ask, keys = words.offer_status
            return (ask, "plain"), (keys, "dim")
        first = (self.sel_error, "bad") if self.sel_error else (self.sel_text, "plain")
        if s.phase is Phase.ROLL:
            first = (words.throw_prompt(s.dice_left), "plain")
        if self.bank_preview is not None:
            return first, (words.bank_prompt(self.bank_preview), "good")
        if self.bank_error:
            return first, (self.bank_error, "dim")
        return first, blank
