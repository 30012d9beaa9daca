"""The table: the felt with its rails, the dice, the tray, the players and the log.

The data path is short: an input becomes a core action (``Throw``, ``Keep``,
``Bank``, ``Carryover``); the core's ``Game`` validates and applies it (or
raises :class:`IllegalAction`, whose message the table shows); the record is
autosaved; then the table animates the new state. The table never scores and
never decides a rule: points, validity, bankability and odds all come from
the core.

What the players see lags the core on purpose: while the dice fly, the panel
still shows the state before the throw (``shown``); it catches up when the
dice come to rest. A void throw is decided before the dice are thrown (how
often is a display setting; the values still come from the dice source), the
throw is animated as void, then ``Void`` is applied and the dice are thrown
again.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, draw_die, draw_upright
from greed_game.app.history import LogLine, current_keeps, turn_log
from greed_game.app.input import Click, Input, KeyPress, Move, Scroll
from greed_game.app.physics import STEP, DiceWorld, Felt
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import felt_surface
from greed_game.app.setup import FALLBACK_LEVEL, GameSetup
from greed_game.app.skins import SkinName
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.narrator import Line, Narrator, Said
from greed_game.rules import (
    Action,
    Bank,
    Carryover,
    Event,
    Game,
    IllegalAction,
    Keep,
    Phase,
    Player,
    Record,
    Roll,
    RuleSet,
    State,
    Throw,
    Void,
    apply,
)
from greed_game.rules.game import VoidReason, bank_total
from greed_game.rules.history import game_history
from greed_game.rules.transitions import (
    Banked,
    Busted,
    CarryoverDeclined,
    CarryoverOffered,
    CarryoverTaken,
    FinalTurns,
    HotDice,
    NewScoreToBeat,
    Rescued,
    Step,
    TurnPassed,
)

if TYPE_CHECKING:
    from greed_game.ai import Strategy
    from greed_game.app.main import App
    from greed_game.storage import Resumed

# -- layout (logical pixels) -----------------------------------------------------------

TOP_BAR = pygame.Rect(16, 6, 868, 40)
RAILS = pygame.Rect(16, 52, 868, 500)
RAIL_W = 26
FELT = pygame.Rect(RAILS.x + RAIL_W, RAILS.y + RAIL_W, RAILS.w - 2 * RAIL_W, RAILS.h - 2 * RAIL_W)
TRAY = pygame.Rect(16, 560, 868, 80)
ACTIONS = pygame.Rect(16, 648, 868, 64)
SIDE = pygame.Rect(898, 6, 366, 706)
DIE = 56.0
TRAY_DIE = 40.0

# -- pacing --------------------------------------------------------------------------------

PACE = {"slow": 1.5, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Multiplier of every pause and thinking time."""
PHYSICS_RATE = {"slow": 0.75, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""How fast the dice fly (0: straight to rest)."""
VOID_CHANCE = {"off": 0.0, "rare": 0.025, "realistic": 0.07}
"""How often a throw is void, by the void-throw setting."""
THINK = 0.85
"""Seconds a computer player takes per decision at normal speed."""
MAX_THROW_TIME = 7.0

Mode = Literal["ready", "rolling", "wait", "over"]


@dataclass
class Banner:
    """A large message across the felt."""

    title: str
    sub: str = ""
    color: tuple[int, int, int] = theme.GOLD
    ttl: float = 1.5


@dataclass
class TrayDie:
    """A kept die in the tray."""

    view: DieView
    group: int


class TableScene(Scene):
    """A game in progress."""

    name = "table"

    def __init__(self, app: App, setup: GameSetup, game: Game, rng: random.Random, seed: int | None) -> None:
        super().__init__(app)
        self.setup = setup
        self.rules = game.rules
        self.game = game
        self.dice_rng = rng
        self.seed = seed
        self.vrng = random.Random(app.rng.random())
        """Everything visual (throw paths, tumbling faces, void throws): never the dice values."""
        self.strategies: dict[int, Strategy] = {}
        from greed_game.ai import strategy

        for seat, p in enumerate(game.players):
            if p.kind != "human":
                try:
                    self.strategies[seat] = strategy(p.kind, self.rules)
                except ValueError:
                    self.strategies[seat] = strategy(FALLBACK_LEVEL, self.rules)
        self.world = DiceWorld(Felt(FELT.x, FELT.y, FELT.w, FELT.h, RAIL_W), DIE)
        self.dice: list[DieView] = []
        self.tray: list[TrayDie] = []
        self.groups: list[tuple[tuple[int, ...], int]] = []
        self.shown: State = game.state
        self.mode: Mode = "ready"
        self.timer = 0.0
        self.then: Callable[[], None] | None = None
        self.banner: Banner | None = None
        self.message = ""
        self.message_ttl = 0.0
        self.hint_open = False
        self.hint: list[Line] = []
        self.offer_odds = ("–", "–")
        """Bust chances of taking and of declining the carryover on offer."""
        self.log: list[LogLine] = []
        self.throw_step: Step | None = None
        """The core's account of the throw being animated (read when the dice come to rest)."""
        self.turn_end: Step | None = None
        """The event that ended the last turn (a bank or a bust), for the next turn's banner."""
        self.forced_voids: list[VoidReason] = []
        """Void throws to make next, whatever the setting (tests, the smoke run)."""
        self.void_now: VoidReason | None = None
        self.throws = 0
        self.voids = 0
        self.physics_debt = 0.0
        self.hover_die: DieView | None = None
        self.sel_text = ""
        self.sel_error = ""
        self.bank_preview: int | None = None
        self.bank_error = ""
        self.finished_saved = False
        self._narrator: Narrator | None = None
        self.focus = FocusGroup()
        self._buttons_for: tuple[object, ...] = ()
        self._buttons()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, app: App, setup: GameSetup) -> TableScene:
        """A new game: the first-player roll-off (where the rules have one) is made at once."""
        seed = app.new_seed()
        rng = random.Random(seed)
        game = Game(setup.ruleset(), setup.players)
        scene = cls(app, setup, game, rng, seed)
        rounds = game.roll_off(rng)
        scene._save()
        if rounds:
            said = scene.narrator.roll_off(rounds, game.state.current)
            scene._show(said, 2.2 * scene.pace + 0.4)
            scene._wait(1.6, scene._ready)
        return scene

    @classmethod
    def resumed(cls, app: App, resumed: Resumed) -> TableScene:
        """The autosaved game, exactly where it stopped."""
        record = resumed.record
        setup = GameSetup(record.rules, list(record.players), dict(record.overrides))
        scene = cls(app, setup, resumed.game, resumed.rng, resumed.seed)
        scene._restore_table()
        scene._show(scene.narrator.welcome_back(scene.shown.current), 1.6)
        return scene

    def _restore_table(self) -> None:
        hist = game_history(self.game)
        self.log = turn_log(self.game, self.narrator, hist)
        for dice, points in current_keeps(self.game, hist):
            self._add_to_tray([DieView(face, DIE, self.vrng) for face in dice], dice, points, animate=False)
        state = self.game.state
        if state.throw is not None:
            faces = self.game.remaining_dice()
            order = list(faces)
            self.vrng.shuffle(order)
            bodies = self.world.scatter(len(order), self.vrng)
            self.dice = [DieView(v, DIE, self.vrng, b) for v, b in zip(order, bodies, strict=True)]
            for d in self.dice:
                d.tumble.finish()
            self._label_dice()

    # -- properties ------------------------------------------------------------------------

    @property
    def pace(self) -> float:
        """Multiplier of pauses at the chosen animation speed."""
        return PACE[self.app.settings.animation_speed]

    @property
    def skin(self) -> SkinName:
        """The die skin: the setting, or the rules' own."""
        s = self.app.settings.skin
        return self.rules.skin if s == "auto" else s

    @property
    def narrator(self) -> Narrator:
        """The game's words, in the vocabulary of the skin in use (the setting may change mid-game)."""
        skin = self.skin
        if self._narrator is None or self._narrator.vocab.skin != skin:
            self._narrator = Narrator(self.rules, [p.name for p in self.game.players], skin)
        return self._narrator

    def _show(self, said: Said | None, ttl: float) -> None:
        """Put the narrator's words for a moment on the felt as a banner."""
        self.banner = None if said is None else Banner(said.title, said.sub, theme.tone_color(said.tone), ttl)

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.game.players[seat].kind == "human"

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""
        return self.mode == "ready" and not self.shown.finished and self.is_human(self.shown.current)

    def dice_at_rest(self) -> bool:
        """Whether thrown dice lie still on the felt (waiting for a decision or a pause to end)."""
        return self.mode in ("ready", "wait") and bool(self.dice) and all(d.at_rest for d in self.dice)

    # -- the record --------------------------------------------------------------------------

    def record(self) -> Record:
        """The game's record as it is now."""
        from greed_game.rules import record_of

        return record_of(self.game, self.setup.rules_ref, self.setup.overrides)

    def _save(self) -> None:
        record = self.record()
        if self.game.finished:
            if not self.finished_saved:
                self.finished_saved = True
                self.app.autosaver.finish(record)
            return
        self.app.autosaver.save(record, self.dice_rng, self.seed)

    def _apply(self, event: Action | Event) -> Event:
        """Apply an action to the game (raises IllegalAction, changing nothing) and autosave."""
        applied = self.game.play(event, self.dice_rng)
        self._save()
        return applied

    # -- flow ----------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.mode == "ready" and self.then is None:
            self._ready()

    def _wait(self, seconds: float, then: Callable[[], None]) -> None:
        self.mode = "wait"
        self.timer = seconds * self.pace
        self.then = then

    def _ready(self) -> None:
        """Show the core's state and wait for the current player's decision."""
        state = self.game.state
        self.shown = state
        self.mode = "ready"
        self.then = None
        if state.phase is Phase.CARRYOVER:
            from greed_game.app.odds import offer_odds

            self.offer_odds = offer_odds(self.rules, state)
        if state.finished:
            self._game_over()
            return
        if not self.is_human(state.current):
            self._wait(THINK, self._computer_step)
        self._refresh()

    def _computer_step(self) -> None:
        seat = self.game.state.current
        action = self.strategies[seat].choose(self.rules, self.game.state)
        self.perform(action)

    def perform(self, action: Action) -> None:
        """Carry out an action of the current player (a person's or a computer's)."""
        if isinstance(action, Throw):
            self._throw()
        elif isinstance(action, Keep):
            indices = self._dice_for(action.dice)
            for d in self.dice:
                d.selected = False
            for i in indices:
                self.dice[i].selected = True
            if self.is_human(self.shown.current):
                self._keep(indices)
            else:
                self._wait(THINK * 0.6, lambda: self._keep(indices))
        elif isinstance(action, Bank):
            self._bank()
        elif isinstance(action, Carryover):
            self._answer(action.accept)

    def _dice_for(self, faces: tuple[int, ...]) -> list[int]:
        wanted = sorted(faces)
        chosen: list[int] = []
        for i in sorted(range(len(self.dice)), key=lambda i: self.dice[i].label):
            if self.dice[i].value in wanted:
                wanted.remove(self.dice[i].value)
                chosen.append(i)
        return chosen

    def _keep(self, indices: list[int]) -> None:
        before = self.game.state
        faces = tuple(sorted(self.dice[i].value for i in indices))
        self._apply(Keep(faces))
        step = self.game.last
        after = self.game.state
        kept = [self.dice[i] for i in indices]
        self.dice = [d for i, d in enumerate(self.dice) if i not in indices]
        self._add_to_tray(kept, faces, after.turn_points - before.turn_points, animate=True)
        self.app.audio.play("keep", 0.7)
        hot = step.first(HotDice) if step is not None else None
        if hot is not None:
            self._show(self.narrator.said(hot), 1.4)
            self.app.audio.play("hot", 0.8)
            self._clear_dice()
        self._ready()

    def _bank(self) -> None:
        self._apply(Bank())
        self.turn_end = step = self.game.last
        banked = step.first(Banked) if step is not None else None
        self._show(self.narrator.said(banked) if banked is not None else None, 1.6 * self.pace + 0.3)
        self.app.audio.play("bank", 0.9)
        self._wait(1.2, self._turn_over)

    def _answer(self, accept: bool) -> None:
        self._apply(Carryover(accept))
        step = self.game.last
        answer = step.first(CarryoverTaken if accept else CarryoverDeclined) if step is not None else None
        self._show(self.narrator.said(answer) if answer is not None else None, 1.2)
        self._clear_tray()
        self._ready()

    # -- throwing ----------------------------------------------------------------------------------

    def _decide_void(self) -> VoidReason | None:
        if self.forced_voids:
            return self.forced_voids.pop(0)
        chance = VOID_CHANCE[self.app.settings.void_frequency]
        if chance and self.vrng.random() < chance:
            return self.vrng.choice(("off-felt", "leaning"))
        return None

    def seat_origin(self, seat: int) -> tuple[float, float]:
        """Where a seat's throws start: the felt's edge in front of its name plate."""
        x, bottom = plate_position(seat, self.game.state.players)
        return (x, FELT.bottom - 4) if bottom else (x, FELT.top + 4)

    def _throw(self) -> None:
        state = self.game.state
        void = self._decide_void()
        roll = self._apply(Throw(state.dice_left))
        assert isinstance(roll, Roll)
        self.throw_step = self.game.last
        self.throws += 1
        jumper = self.vrng.randrange(len(roll.dice)) if void == "off-felt" else None
        self._clear_dice()
        bodies = self.world.throw(len(roll.dice), self.seat_origin(state.current), self.vrng, jumper=jumper)
        self.dice = [DieView(v, DIE, self.vrng, b) for v, b in zip(roll.dice, bodies, strict=True)]
        self.void_now = void
        self.mode = "rolling"
        self.physics_debt = 0.0
        self.hint_open = False
        self.message = ""
        self.app.audio.play("throw", 0.8)

    def _run_physics(self, dt: float) -> None:
        rate = PHYSICS_RATE[self.app.settings.animation_speed]
        if rate == 0:
            self._finish_throw()
            return
        self.physics_debt += dt * rate
        while self.physics_debt >= STEP:
            self.physics_debt -= STEP
            self.world.step(STEP)
            for d in self.dice:
                d.update(STEP)
        for kind, strength in self.world.impacts.take():
            self.app.audio.play("hit" if kind == "hit" else "thud", strength * (0.9 if kind == "hit" else 0.7))
        settled = self.world.at_rest and all(d.tumble.done or d.place == "gone" for d in self.dice)
        if settled or self.world.time > MAX_THROW_TIME:
            self._settled()

    def _finish_throw(self) -> None:
        """Let the dice fly to rest at once (instant speed, or a skip)."""
        while not self.world.at_rest and self.world.time < MAX_THROW_TIME:
            self.world.step(STEP)
            for d in self.dice:
                d.update(STEP)
        self.world.impacts.take()
        self._settled()

    def _settled(self) -> None:
        self.world.stop()
        for d in self.dice:
            d.update(0.0)
            if d.place != "gone":
                d.tumble.finish()
        self.dice = [d for d in self.dice if d.place != "gone" and not (d.phys is not None and d.phys.gone)]
        self._label_dice()
        if self.void_now is not None:
            self._void(self.void_now)
            return
        step = self.throw_step
        bust = step.first(Busted) if step is not None else None
        if bust is not None:
            self.turn_end = step
            self._show(self.narrator.said(bust), 1.9 * self.pace + 0.3)
            self.app.audio.play("bust", 0.9)
            self.mode = "wait"
            self._wait(1.6, self._turn_over)
            return
        rescue = step.first(Rescued) if step is not None else None
        if rescue is not None:
            self._show(self.narrator.said(rescue), 1.8 * self.pace + 0.3)
            self._wait(1.2, self._after_rescue)
            return
        self._ready()

    def _after_rescue(self) -> None:
        self._clear_dice()
        self._ready()

    def _void(self, reason: VoidReason) -> None:
        self.voids += 1
        self.void_now = None
        against = ""
        if reason == "leaning" and self.dice:
            index = self.vrng.randrange(len(self.dice))
            die = self.dice[index]
            if die.phys in self.world.dice:
                target, direction, against = self.world.lean_target(self.world.dice.index(die.phys))
                die.move_to(target[0], target[1], die.angle, DIE, 0.25 * self.pace)
                die.lean = direction
                die.lean_amount = 1.0
                die.place = "table"
        self._apply(Void(reason))
        sub = self.narrator.void_again(reason, against or None, self.game.state.dice_left)
        self._show(Said("Void throw", sub, "warn"), 1.9 * self.pace + 0.4)
        self.app.audio.play("void", 0.8)
        self._wait(1.7, self._throw)

    def _turn_over(self) -> None:
        self._clear_dice()
        self._clear_tray()
        self.log = turn_log(self.game, self.narrator)
        step, self.turn_end = self.turn_end, None
        if self.game.state.finished or step is None:
            self._ready()
            return
        # The most important news of the turn's end gets the banner; an offer has its own box.
        for kind, ttl in ((FinalTurns, 2.2), (NewScoreToBeat, 2.0), (CarryoverOffered, 0.0), (TurnPassed, 1.0)):
            found = step.first(kind)
            if found is not None:
                self._show(self.narrator.said(found) if ttl else None, ttl * self.pace + 0.3)
                break
        self._ready()

    def _game_over(self) -> None:
        self.mode = "over"
        self._save()
        self._show(Said(self.narrator.winners(self.game.winners), tone="gold"), 3.0)
        self.app.audio.play("bank", 1.0)
        self.timer = 2.0 * self.pace
        self.then = self._to_scoreboard

    def _to_scoreboard(self) -> None:
        from greed_game.app.scenes.scoreboard import ScoreboardScene

        self.app.stack.replace(ScoreboardScene(self.app, self.setup, self.game))

    # -- dice and tray ------------------------------------------------------------------------------

    def _clear_dice(self) -> None:
        self.world.clear()
        self.dice = []
        self.hover_die = None

    def _clear_tray(self) -> None:
        self.tray = []
        self.groups = []

    def _label_dice(self) -> None:
        for n, d in enumerate(sorted(self.dice, key=lambda d: (d.x, d.y)), start=1):
            d.label = n

    def _tray_slots(self) -> list[tuple[float, float]]:
        count = len(self.tray)
        gaps = max(0, len(self.groups) - 1)
        room = TRAY.w - 280
        step = min(TRAY_DIE + 6, (room - gaps * 18) / max(1, count))
        x = TRAY.x + 66 + step / 2
        slots: list[tuple[float, float]] = []
        last_group = 0
        for t in self.tray:
            if t.group != last_group:
                x += 18
                last_group = t.group
            slots.append((x, TRAY.y + 36))
            x += step
        return slots

    def _add_to_tray(self, views: list[DieView], faces: tuple[int, ...], points: int, *, animate: bool) -> None:
        group = len(self.groups)
        self.groups.append((faces, points))
        for v in views:
            v.selected = False
            v.place = "tray"
            v.lean = None
            v.tumble.finish()
            self.tray.append(TrayDie(v, group))
        for t, (x, y) in zip(self.tray, self._tray_slots(), strict=True):
            if animate and self.pace > 0:
                t.view.move_to(x, y, 0.0, TRAY_DIE, 0.3 * self.pace)
            else:
                t.view.x, t.view.y, t.view.angle, t.view.size = x, y, 0.0, TRAY_DIE

    # -- selection and what the buttons would do ------------------------------------------------

    def selection(self) -> tuple[int, ...]:
        """The faces of the selected dice, sorted."""
        return tuple(sorted(d.value for d in self.dice if d.selected))

    def _refresh(self) -> None:
        """Ask the core what the selection is worth and what a bank would give."""
        self.sel_text = self.sel_error = self.bank_error = ""
        self.bank_preview = None
        state = self.game.state
        if self.mode != "ready" or state.finished:
            self._buttons()
            return
        after = state
        if state.phase is Phase.KEEP:
            sel = self.selection()
            if sel:
                try:
                    after = apply(self.rules, state, Keep(sel))
                    self.sel_text = self.narrator.keep_value(sel, after.turn_points - state.turn_points)
                except IllegalAction as exc:
                    self.sel_error = self.narrator.illegal(exc)
                    after = state
            else:
                best = self.game.options()[0].points if self.game.options() else 0
                self.sel_text = self.narrator.keep_prompt(len(self.dice), best)
        try:
            self.bank_preview = bank_total(self.rules, after)[0]
        except IllegalAction as exc:
            self.bank_error = self.narrator.no_bank(exc)
        if self.hint_open:
            self._compute_hint()
        self._buttons()

    def toggle(self, die: DieView) -> None:
        """Select or unselect a die on the table (a person's keep)."""
        if not self.human_turn or self.shown.phase is not Phase.KEEP or die not in self.dice:
            return
        die.selected = not die.selected
        self.message = ""
        self._refresh()

    def _my_move(self) -> bool:
        """Whether a person may throw or bank now (says why not when an offer is pending)."""
        if not self.human_turn:
            return False
        if self.game.state.phase is Phase.CARRYOVER:
            self._say(self.narrator.offer_first)
            return False
        return True

    def _selected_indices(self) -> list[int]:
        return [i for i, d in enumerate(self.dice) if d.selected]

    def roll(self) -> None:
        """Space: keep the selection (if any) and throw the dice left."""
        if not self._my_move():
            return
        state = self.game.state
        if state.phase is Phase.KEEP:
            sel = self.selection()
            if not sel:
                self._say(self.narrator.keep_first)
                return
            try:
                apply(self.rules, state, Keep(sel))
            except IllegalAction as exc:
                self._say(self.narrator.illegal(exc))
                return
            self._keep(self._selected_indices())
            if self.mode != "ready":
                return
        self._throw()

    def bank(self) -> None:
        """Enter: keep the selection (if any) and bank."""
        if not self._my_move():
            return
        state = self.game.state
        sel = self.selection() if state.phase is Phase.KEEP else ()
        try:
            after = apply(self.rules, state, Keep(sel)) if sel else state
            bank_total(self.rules, after)
        except IllegalAction as exc:
            self._say(self.narrator.illegal(exc))
            return
        if sel:
            self._keep(self._selected_indices())
        self._bank()

    def answer(self, accept: bool) -> None:
        """T / D: take or decline the dice passed on."""
        if self.human_turn and self.game.state.phase is Phase.CARRYOVER:
            self._answer(accept)

    def _say(self, text: str) -> None:
        self.message = text
        self.message_ttl = 4.0

    def toggle_hint(self) -> None:
        """H: show or hide the bust odds and the computer's advice."""
        self.hint_open = not self.hint_open
        if self.hint_open:
            self._compute_hint()

    def _compute_hint(self) -> None:
        from greed_game.app.odds import hint_lines

        self.hint = hint_lines(self.rules, self.game.state, self.narrator)

    # -- input ---------------------------------------------------------------------------------------

    def _buttons(self) -> None:
        x, y, h = ACTIONS.right - 454, ACTIONS.y + 8, 50
        human = self.human_turn
        self._buttons_for = (human, self.shown.phase, self.bank_preview)
        carry = human and self.shown.phase is Phase.CARRYOVER
        widgets: list[Widget] = []
        if carry:
            widgets.append(Button(pygame.Rect(x, y, 110, h), "Take", lambda: self.answer(True), hint="T",
                                  primary=True))
            widgets.append(Button(pygame.Rect(x + 118, y, 140, h), "Decline", lambda: self.answer(False), hint="D"))
        else:
            widgets.append(Button(pygame.Rect(x, y, 110, h), "Roll", self.roll, hint="Space", primary=True,
                                  enabled=human))
            label = f"Bank {self.bank_preview:,}" if self.bank_preview is not None and human else "Bank"
            widgets.append(Button(pygame.Rect(x + 118, y, 140, h), label, self.bank, hint="Enter",
                                  enabled=human and self.bank_preview is not None, size=17))
        widgets.append(Button(pygame.Rect(x + 266, y, 90, h), "Hint", self.toggle_hint, hint="H", enabled=human))
        widgets.append(Button(pygame.Rect(x + 364, y, 90, h), "Menu", self.open_menu, hint="Esc"))
        self.focus.set(widgets)

    def open_menu(self) -> None:
        """Esc: the pause menu."""
        from greed_game.app.scenes.overlays import PauseOverlay

        self.app.push(PauseOverlay(self.app, self.rules, self.record))

    def resume(self) -> None:
        self._refresh()

    def skip(self) -> None:
        """Hurry the current animation or pause (a key during a computer's turn)."""
        if self.mode == "rolling":
            self._finish_throw()
        elif self.mode in ("wait", "over"):
            self.timer = 0.0
        for d in self.dice + [t.view for t in self.tray]:
            if d.tween is not None:
                d.tween.t = d.tween.duration

    def handle(self, event: Input) -> None:
        if isinstance(event, Move):
            self.focus.handle(event)
            self.hover_die = next((d for d in self.dice if d.contains(event.pos)), None)
            return
        if isinstance(event, Scroll):
            return
        if isinstance(event, KeyPress) and event.key == "escape":
            self.open_menu()
            return
        if not self.human_turn:
            if isinstance(event, Click) and self.focus.handle(event):
                return
            if isinstance(event, (KeyPress, Click)):
                self.skip()
            return
        if isinstance(event, Click):
            if self.focus.handle(event):
                return
            die = next((d for d in self.dice if d.contains(event.pos)), None)
            if die is not None:
                self.toggle(die)
            return
        if not isinstance(event, KeyPress):
            return
        key = event.key
        if key == "space":
            self.roll()
        elif key == "enter":
            focused = self.focus.focused if self.focus.keyboard else None
            if focused is not None and focused.enabled and isinstance(focused, Button) and focused.label != "Roll":
                focused.activate()
            else:
                self.bank()
        elif key == "h":
            self.toggle_hint()
        elif key in ("t", "y"):
            self.answer(True)
        elif key in ("d", "n"):
            self.answer(False)
        elif key.isdigit() and key != "0":
            die = next((d for d in self.dice if d.label == int(key)), None)
            if die is not None:
                self.toggle(die)
        elif key in ("tab", "left", "right"):
            self.focus.handle(KeyPress("tab", shift=key == "left" or event.shift))

    # -- time ------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._buttons_for != (self.human_turn, self.shown.phase, self.bank_preview):
            self._buttons()
        if self.banner is not None:
            self.banner.ttl -= dt
            if self.banner.ttl <= 0:
                self.banner = None
        if self.message_ttl > 0:
            self.message_ttl -= dt
            if self.message_ttl <= 0:
                self.message = ""
        for t in self.tray:
            t.view.update(dt)
        if self.mode == "rolling":
            self._run_physics(dt)
            return
        for d in self.dice:
            d.update(dt)
        if self.mode in ("wait", "over") and self.then is not None:
            self.timer -= dt
            if self.timer <= 0:
                then, self.then = self.then, None
                then()

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        draw_table_background(canvas)
        self._draw_top_bar(canvas)
        self._draw_plates(canvas)
        self._draw_tray(canvas)
        show_labels = self.human_turn and self.shown.phase is Phase.KEEP
        for d in sorted(self.dice, key=lambda d: d.z):
            draw_die(canvas, self.skin, d, hover=d is self.hover_die and show_labels, show_label=show_labels)
        if self.shown.phase is Phase.CARRYOVER and self.mode == "ready" and not self.dice:
            self._draw_offer(canvas)
        if self.banner is not None:
            draw_banner(canvas, self.banner)
        self._draw_actions(canvas)
        self._draw_side(canvas)

    def _draw_top_bar(self, canvas: Canvas) -> None:
        r = TOP_BAR
        rules = self.rules
        canvas.text(rules.name, (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft")
        name_w = canvas.text_width(rules.name, 18, "serif")
        canvas.text(f"to {rules.target:,}", (r.x + 16 + name_w, r.centery + 1), 14, theme.TEXT_DIM, anchor="midleft")
        draw_chips(canvas, self._chips(), r.right, r.y + 7)

    def _chips(self) -> list[tuple[str, tuple[int, int, int]]]:
        return state_chips(self.rules, self.shown)

    def _draw_plates(self, canvas: Canvas) -> None:
        draw_plates(canvas, [p.name for p in self.game.players], self.shown, self.shown.current)

    def _draw_tray(self, canvas: Canvas) -> None:
        r = TRAY
        canvas.text("KEPT", (r.x + 36, r.centery), 12, (200, 170, 130), font="bold", anchor="center")
        slots = self._tray_slots()
        groups: dict[int, list[float]] = {}
        for t, (sx, _sy) in zip(self.tray, slots, strict=True):
            groups.setdefault(t.group, []).append(sx)
        for g, xs in groups.items():
            if g < len(self.groups):
                canvas.text(f"+{self.groups[g][1]:,}", ((min(xs) + max(xs)) / 2, r.bottom - 10), 12, theme.GOLD,
                            font="bold", anchor="center")
        for t in self.tray:
            v = t.view
            if v.tween is None:
                draw_upright(canvas, self.skin, v.value, (v.x, v.y - 4), v.size)
            else:
                draw_die(canvas, self.skin, v)
        draw_turn_box(canvas, self.shown)

    def _draw_actions(self, canvas: Canvas) -> None:
        r = ACTIONS
        x = r.x + 8
        width = ACTIONS.right - 454 - x - 12
        first, second = self._status()
        error = self.message or (self.sel_error if self.human_turn else "")
        if error:
            lines = canvas.wrap(error, 14, width, "bold")
            if len(lines) > 2:
                lines = [lines[0], canvas.fit(" ".join(lines[1:]), 14, width, "bold")]
            for i, line in enumerate(lines):
                canvas.text(line, (x, r.y + 12 + i * 22), 14, theme.RED, font="bold")
        else:
            text, color = first
            canvas.text(text, (x, r.y + 12), 15, color, font="bold", max_width=width)
            text, color = second
            canvas.text(text, (x, r.y + 37), 13, color, max_width=width)
        self.focus.draw(canvas)

    def _status(self) -> tuple[tuple[str, tuple[int, int, int]], tuple[str, tuple[int, int, int]]]:
        """The two lines left of the buttons: what is selected or happening, and what the keys do."""
        s = self.shown
        blank = ("", theme.TEXT)
        if s.finished:
            return blank, blank
        words = self.narrator
        if not self.human_turn:
            if self.is_human(s.current):
                doing = words.rolling if self.mode == "rolling" else self.banner.title if self.banner else ""
                return (doing, theme.TEXT), (words.hurry_human, theme.TEXT_DIM)
            return (words.playing(s.current), theme.TEXT), (words.hurry_computer, theme.TEXT_DIM)
        if s.phase is Phase.CARRYOVER:
            ask, keys = words.offer_status
            return (ask, theme.TEXT), (keys, theme.TEXT_DIM)
        first = (self.sel_error, theme.RED) if self.sel_error else (self.sel_text, theme.TEXT)
        if s.phase is Phase.ROLL:
            first = (words.throw_prompt(s.dice_left), theme.TEXT)
        if self.bank_preview is not None:
            return first, (words.bank_prompt(self.bank_preview), theme.GREEN)
        if self.bank_error:
            return first, (self.bank_error, theme.TEXT_DIM)
        return first, blank

    def _draw_side(self, canvas: Canvas) -> None:
        r = SIDE
        y = draw_player_rows(canvas, self.game.players, self.shown, self.rules.target, self.shown.current)
        y += 10
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        y += 10
        if self.hint_open and self.human_turn:
            self._draw_hint(canvas, pygame.Rect(r.x + 10, y, r.w - 20, r.bottom - 10 - y))
            return
        canvas.text("LOG", (r.x + 18, y), 13, theme.GOLD, font="bold")
        y += 24
        line_h = 21
        room = int((r.bottom - 12 - y) // line_h)
        lines = self.log[-room:] if room > 0 else []
        if not lines:
            canvas.text(self.narrator.empty_log, (r.x + 18, y), 13, theme.TEXT_DIM)
        for line in lines:
            canvas.circle(theme.seat_color(line.seat), (r.x + 22, y + 8), 4)
            canvas.text(line.text, (r.x + 32, y), 13, theme.tone_color(line.tone), max_width=r.w - 48)
            y += line_h

    def _draw_hint(self, canvas: Canvas, box: pygame.Rect) -> None:
        canvas.box(box, (12, 16, 20, 200), radius=10, border=1, border_color=theme.GOLD_DARK)
        canvas.text("HINT", (box.x + 12, box.y + 10), 13, theme.GOLD, font="bold")
        canvas.text("H closes", (box.right - 12, box.y + 10), 12, theme.TEXT_DIM, anchor="topright")
        y = box.y + 36
        for line in self.hint:
            for part in canvas.wrap(line.text, 14, box.w - 34):
                if y > box.bottom - 20:
                    return
                indent = 22 if line.indent else 12
                canvas.text(part, (box.x + indent, y), 14, theme.tone_color(line.tone))
                y += 21
            y += 4

    def _draw_offer(self, canvas: Canvas) -> None:
        s = self.shown
        offer = s.offer
        if offer is None:
            return
        box = pygame.Rect(0, 0, 560, 190)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 225), radius=14, border=1.5, border_color=theme.BLUE)
        words = self.narrator.offer(s)
        canvas.text("DICE PASSED ON", (box.centerx, box.y + 22), 13, theme.BLUE, font="bold", anchor="center")
        canvas.text(words.headline, (box.centerx, box.y + 52), 20, theme.TEXT, font="bold", anchor="center",
                    max_width=box.w - 30)
        take, fresh = self.offer_odds
        lines = [(words.take, take), (words.decline, fresh)]
        for i, (text, pct) in enumerate(lines):
            y = box.y + 88 + i * 30 + (18 if i and words.take_note else 0)
            canvas.text(text, (box.x + 26, y), 16, theme.TEXT, anchor="midleft", max_width=box.w - 190)
            canvas.text(f"bust {pct}", (box.right - 26, y), 16, theme.WARN, font="bold", anchor="midright")
            if i == 0 and words.take_note:
                canvas.text(words.take_note, (box.x + 40, y + 22), 12, theme.TEXT_DIM, anchor="midleft",
                            max_width=box.w - 66)
        ask = words.ask if self.is_human(s.current) else self.narrator.deciding(s.current)
        canvas.text(ask, (box.centerx, box.bottom - 22), 14, theme.TEXT_DIM, anchor="center")


# -- helpers ---------------------------------------------------------------------------------------------


def plate_position(seat: int, players: int) -> tuple[float, bool]:
    """Where a seat's name plate sits: its x and whether it is on the bottom rail.

    Seats go round the table clockwise: the bottom rail left to right, then
    the top rail right to left.
    """
    bottom_count = math.ceil(players / 2)
    if seat < bottom_count:
        n, i, bottom = bottom_count, seat, True
    else:
        n, i, bottom = players - bottom_count, players - 1 - seat, False
    x = FELT.x + FELT.w * (i + 1) / (n + 1)
    return x, bottom


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# -- drawing pieces shared with the replay viewer ---------------------------------------------------------


def draw_table_background(canvas: Canvas) -> None:
    """The backdrop, the rails, the felt, the tray frame and the side panel (built once a scale)."""

    def build() -> pygame.Surface:
        stage = canvas.rect(pygame.Rect(0, 0, 1280, 720))
        surface = pygame.Surface(stage.size)
        target, canvas.surface = canvas.surface, surface
        ox, oy = canvas.ox, canvas.oy
        canvas.ox = canvas.oy = 0
        try:
            surface.blit(felt_surface(canvas, pygame.Rect(0, 0, 1280, 720), theme.BACKDROP), (0, 0))
            _draw_rails(canvas)
            surface.blit(felt_surface(canvas, FELT), canvas.rect(FELT).topleft)
            _felt_shadow(canvas)
            _draw_tray_frame(canvas)
            from greed_game.app.scenes.common import draw_panel

            draw_panel(canvas, SIDE)
        finally:
            canvas.surface = target
            canvas.ox, canvas.oy = ox, oy
        return surface

    image = canvas.cached(("table-background",), build)
    canvas.surface.blit(image, canvas.rect(pygame.Rect(0, 0, 1280, 720)).topleft)


def state_chips(rules: RuleSet, s: State) -> list[tuple[str, tuple[int, int, int]]]:
    """The chips of the top bar: final round, the score to beat, the entry minimum."""
    chips: list[tuple[str, tuple[int, int, int]]] = []
    if s.finished:
        return chips
    if s.final:
        chips.append(("FINAL ROUND", theme.WARN))
        if rules.end == "must-top" and s.current in s.owed:
            high = max(sc for i, sc in enumerate(s.scores) if i != s.current)
            chips.append((f"Must top {high:,}", theme.RED))
    if s.high_mark is not None:
        chips.append((f"Score to beat {s.high_mark:,}", theme.WARN))
    if not s.on_board[s.current] and rules.entry_minimum:
        own = "" if rules.entry_counts_carried else " own"
        chips.append((f"Needs {rules.entry_minimum:,}{own} points to get on the board", theme.BLUE))
    return chips[:3]


def draw_chips(canvas: Canvas, chips: list[tuple[str, tuple[int, int, int]]], right: float, y: float) -> None:
    """Chips right-aligned at ``right``, on a row whose top is ``y``."""
    x = right
    for text, color in reversed(chips):
        w = canvas.text_width(text, 13, "bold") + 22
        chip = pygame.Rect(round(x - w), round(y), round(w), 26)
        canvas.box(chip, (*color, 46), radius=13, border=1.2, border_color=color)
        canvas.text(text, chip.center, 13, color, font="bold", anchor="center")
        x -= w + 8


def draw_plates(canvas: Canvas, names: Sequence[str], state: State, active_seat: int | None) -> None:
    """The players' name plates on the rails; the active seat's plate is gold."""
    n = state.players
    for seat in range(n):
        x, bottom = plate_position(seat, n)
        y = RAILS.bottom - RAIL_W / 2 if bottom else RAILS.y + RAIL_W / 2
        active = seat == active_seat and not state.finished
        w = min(150, 780 / max(1, math.ceil(n / 2)) - 12)
        plate = pygame.Rect(0, 0, w, 20)
        plate.center = (round(x), round(y))
        fill = theme.GOLD if active else (60, 36, 20)
        canvas.box(plate, fill, radius=10, border=1, border_color=theme.seat_color(seat))
        canvas.text(names[seat], plate.center, 12, theme.TEXT_DARK if active else theme.TEXT, font="bold",
                    anchor="center", max_width=w - 12)


def draw_turn_box(
    canvas: Canvas, s: State, *, points: int | None = None, note: str | None = None,
    note_color: tuple[int, int, int] = theme.TEXT_DIM,
) -> None:
    """The "this turn" box at the right of the tray: the turn total and a note under it.

    ``points`` and ``note`` replace what the state says (the replay shows a turn that just ended).
    """
    r = TRAY
    box = pygame.Rect(r.right - 196, r.y + 10, 180, r.h - 20)
    canvas.box(box, (20, 14, 10, 200), radius=10)
    canvas.text("THIS TURN", (box.x + 14, box.y + 8), 11, (200, 170, 130), font="bold")
    shown = s.turn_points if points is None else points
    # Top row, right of the label: the note below it (bottom left) can then never run into it.
    canvas.text(f"{shown:,}", (box.right - 14, box.y + 4), 26, theme.TEXT, font="bold", anchor="topright")
    if note is not None:
        if note:
            canvas.text(note, (box.x + 14, box.bottom - 8), 11, note_color, anchor="bottomleft")
    elif s.carried:
        canvas.text(f"{s.carried:,} carried", (box.x + 14, box.bottom - 8), 11, theme.BLUE, anchor="bottomleft")
    elif s.phase is Phase.ROLL and not s.finished:
        n = s.dice_left
        canvas.text(f"{n} {'die' if n == 1 else 'dice'} to throw", (box.x + 14, box.bottom - 8), 11,
                    theme.TEXT_DIM, anchor="bottomleft")


def draw_player_rows(
    canvas: Canvas, players: Sequence[Player], s: State, target: int, active_seat: int | None
) -> float:
    """The players at the top of the side panel with their scores; returns the y below them."""
    r = SIDE
    canvas.text("PLAYERS", (r.x + 18, r.y + 14), 13, theme.GOLD, font="bold")
    n = s.players
    row_h = 50 if n <= 6 else 44
    y: float = r.y + 38
    for seat in range(n):
        row = pygame.Rect(r.x + 10, y, r.w - 20, row_h - 6)
        active = seat == active_seat and not s.finished
        canvas.box(row, (255, 255, 255, 22) if active else (0, 0, 0, 40), radius=8,
                   border=1.5 if active else 0, border_color=theme.GOLD)
        color = theme.seat_color(seat)
        canvas.box(pygame.Rect(row.x, row.y, 5, row.h), color, radius=2)
        p = players[seat]
        canvas.text(p.name, (row.x + 16, row.y + 5), 16, theme.TEXT, font="bold", max_width=170)
        kind = "human" if p.kind == "human" else f"{p.kind} computer"
        board = "" if s.on_board[seat] else "  ·  not on board"
        canvas.text(kind + board, (row.x + 16, row.bottom - 7), 12,
                    theme.TEXT_DIM if s.on_board[seat] else theme.BLUE, anchor="bottomleft", max_width=row.w - 28)
        canvas.text(f"{s.scores[seat]:,}", (row.right - 12, row.y + 4), 20, theme.TEXT, font="bold",
                    anchor="topright")
        share = min(1.0, s.scores[seat] / target) if target else 0.0
        bar = pygame.Rect(row.x + 16, row.bottom - 4, row.w - 28, 3)
        canvas.box(bar, (255, 255, 255, 30), radius=2)
        if share > 0:
            canvas.box(pygame.Rect(bar.x, bar.y, max(2, bar.w * share), bar.h), color, radius=2)
        if s.winners and seat in s.winners:
            canvas.text("★", (row.right - 90, row.y + 6), 16, theme.GOLD, anchor="topright")
        y += row_h
    return y


def draw_banner(canvas: Canvas, b: Banner) -> None:
    """A large message across the middle of the felt, fading out at the end of its time."""
    cx, cy = FELT.centerx, FELT.centery
    alpha = max(0.0, min(1.0, b.ttl / 0.3))
    band = pygame.Rect(FELT.x, cy - 56, FELT.w, 112 if b.sub else 84)
    band.centery = cy
    canvas.box(band, (10, 12, 14, int(170 * alpha)))
    ink = b.color if alpha > 0.5 else theme.TEXT_DIM
    canvas.text(b.title, (cx, band.centery - (16 if b.sub else 0)), 44, ink, font="serif", anchor="center",
                shadow=(0, 0, 0), max_width=FELT.w - 40)
    if b.sub:
        canvas.text(b.sub, (cx, band.centery + 30), 17, theme.TEXT, anchor="center", max_width=FELT.w - 40)


def _draw_rails(canvas: Canvas) -> None:
    r = RAILS
    canvas.box(r.move(0, 6), (0, 0, 0, 110), radius=30)
    canvas.box(r, theme.RAIL_DARK, radius=30)
    canvas.box(r.inflate(-4, -4), theme.RAIL, radius=28)
    inner = r.inflate(-10, -10)
    canvas.box(inner, None, radius=24, border=2, border_color=theme.RAIL_LIGHT)
    canvas.box(FELT.inflate(6, 6), theme.RAIL_DARK, radius=8)


def _felt_shadow(canvas: Canvas) -> None:
    for i in range(6):
        canvas.box(pygame.Rect(FELT.x, FELT.y + i * 2, FELT.w, 2), (0, 0, 0, 60 - i * 10))
        canvas.box(pygame.Rect(FELT.x + i * 2, FELT.y, 2, FELT.h), (0, 0, 0, 40 - i * 6))


def _draw_tray_frame(canvas: Canvas) -> None:
    r = TRAY
    canvas.box(r.move(0, 4), (0, 0, 0, 90), radius=14)
    canvas.box(r, theme.RAIL_DARK, radius=14)
    canvas.box(r.inflate(-6, -6), theme.TRAY, radius=12)
    canvas.box(pygame.Rect(r.x + 60, r.y + 8, r.w - 270, r.h - 16), theme.TRAY_INNER, radius=10)
