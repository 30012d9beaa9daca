"""The table: the felt with its rails, the dice, the tray, the players and the log.

This is the view of a game in progress. The flow (whose move, the pauses,
the computer players, void throws, what the players are told) lives in the
pygame-free :class:`~greed_game.play.turn.TurnController`; the scene draws
it, turns clicks and keys into its calls, and throws the pymunk dice when
it asks, telling it when they come to rest. The scene never scores, never
decides a rule and never writes a sentence about the game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, draw_die, draw_upright
from greed_game.app.input import Click, Input, KeyPress, Move, Scroll
from greed_game.app.physics import STEP, DiceWorld, Felt
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.table_parts import (
    ACTIONS,
    DIE,
    FELT,
    RAIL_W,
    SIDE,
    TOP_BAR,
    TRAY,
    TRAY_DIE,
    banner_card,
    draw_banner,
    draw_chips,
    draw_plates,
    draw_player_rows,
    draw_table_background,
    draw_turn_box,
    plate_position,
    short_name,
)
from greed_game.app.skins import SkinName
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.narrator import Said, num
from greed_game.play.prepare import Preparation
from greed_game.play.setup import GameSetup
from greed_game.play.turn import TurnController
from greed_game.rules import Game, Phase, Record, State
from greed_game.rules.game import VoidReason
from greed_game.rules.history import game_history

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.storage import Resumed

# -- pacing --------------------------------------------------------------------------------

PHYSICS_RATE = {"slow": 0.75, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""How fast the dice fly (0: straight to rest)."""
MAX_THROW_TIME = 7.0


@dataclass
class TrayDie:
    """A kept die in the tray."""

    view: DieView
    group: int


class TableScene(Scene):
    """A game in progress: the view of a :class:`TurnController` (dice, tray, panel, buttons)."""

    name = "table"

    def __init__(self, app: App, setup: GameSetup, game: Game, rng: random.Random, seed: int | None) -> None:
        super().__init__(app)
        self.setup = setup
        self.rules = game.rules
        self.game = game
        self.vrng = random.Random(app.rng.random())
        """Everything visual (throw paths, tumbling faces, void throws): never the dice values."""
        kinds = {seat: p.kind for seat, p in enumerate(game.players) if p.kind != "human"}
        # On a virtual clock (tests, the smoke run) the work is done in line, so runs are repeatable.
        self.prep = Preparation(game.rules, kinds, background=not app.virtual, players=len(game.players),
                                solutions=app.solutions)
        """Solving runs off the window's thread; leaving the table stops it (a solve of an optimal seat's win
        tables goes on, for the next game under these rules)."""
        self.prep_seconds = 0.0
        self.turn = TurnController(
            game,
            self,
            rng=rng,
            seed=seed,
            rules_ref=setup.rules_ref,
            overrides=setup.overrides,
            saver=app.autosaver,
            pacing=lambda: app.settings,
            skin=lambda: self.skin,
            visual_rng=self.vrng,
            prep=self.prep,
        )
        self.world = DiceWorld(Felt(FELT.x, FELT.y, FELT.w, FELT.h, RAIL_W), DIE)
        self.dice: list[DieView] = []
        self.tray: list[TrayDie] = []
        self.groups: list[tuple[tuple[int, ...], int]] = []
        self.physics_debt = 0.0
        self.hover_die: DieView | None = None
        self.callout_at: tuple[float, float] = FELT.center
        """Where the last kept dice lay (a combination's callout rises from there)."""
        self.exits: list[tuple[float, float]] = []
        self._banner_card: tuple[object, pygame.Rect] = (None, FELT)
        """The banner on show and the card it was given (a banner stays where it first appeared)."""
        """Where dice of the last throw left the felt (a void throw), marked until the next throw."""
        self.focus = FocusGroup()
        self._buttons_for: tuple[object, ...] = ()
        self._buttons()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, app: App, setup: GameSetup) -> TableScene:
        """A new game: the first-player roll-off (where the rules have one) is made at once."""
        seed = app.new_seed()
        rng = random.Random(seed)
        scene = cls(app, setup, Game(setup.ruleset(), setup.players), rng, seed)
        scene.turn.start_new()
        return scene

    @classmethod
    def resumed(cls, app: App, resumed: Resumed) -> TableScene:
        """The autosaved game, exactly where it stopped."""
        record = resumed.record
        setup = GameSetup(record.rules, list(record.players), dict(record.overrides))
        scene = cls(app, setup, resumed.game, resumed.rng, resumed.seed)
        scene._restore_table()
        scene.turn.start_resumed()
        return scene

    def _restore_table(self) -> None:
        for dice, points in game_history(self.game).open_keeps:
            self._add_to_tray([DieView(face, DIE, self.vrng) for face in dice], dice, points, animate=False)
        if self.game.state.throw is not None:
            order = list(self.game.remaining_dice())
            self.vrng.shuffle(order)
            bodies = self.world.scatter(len(order), self.vrng)
            self.dice = [DieView(v, DIE, self.vrng, b) for v, b in zip(order, bodies, strict=True)]
            for d in self.dice:
                d.tumble.finish()
            self._label_dice()

    # -- properties ------------------------------------------------------------------------

    @property
    def skin(self) -> SkinName:
        """The die skin: the setting, or the rules' own."""
        s = self.app.settings.skin
        return self.rules.skin if s == "auto" else s

    @property
    def shown(self) -> State:
        """The state the players see (it lags the core while the dice fly)."""
        return self.turn.shown

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""
        return self.turn.human_turn

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.turn.is_human(seat)

    def dice_at_rest(self) -> bool:
        """Whether thrown dice lie still on the felt (waiting for a decision or a pause to end)."""
        return self.turn.mode in ("ready", "wait") and bool(self.dice) and all(d.at_rest for d in self.dice)

    def record(self) -> Record:
        """The game's record as it is now."""
        return self.turn.record()

    # -- what the controller asks of the view -------------------------------------------------

    def throw_dice(self, dice: tuple[int, ...], seat: int, void: VoidReason | None) -> None:
        """Throw the dice from the seat's side of the felt (a die jumps off for an off-felt void)."""
        jumper = self.vrng.randrange(len(dice)) if void == "off-felt" else None
        self.clear_dice()
        bodies = self.world.throw(len(dice), self.seat_origin(seat), self.vrng, jumper=jumper)
        self.dice = [DieView(v, DIE, self.vrng, b) for v, b in zip(dice, bodies, strict=True)]
        self.physics_debt = 0.0

    def finish_throw(self) -> None:
        """Let the dice fly to rest at once (instant speed, or a skip)."""
        while not self.world.at_rest and self.world.time < MAX_THROW_TIME:
            self.world.step(STEP)
            for d in self.dice:
                d.update(STEP)
        self.world.impacts.take()
        self._settled()

    def lean_die(self) -> str | None:
        """Cock a random die against its neighbour or the rail; returns which."""
        if not self.dice:
            return None
        die = self.dice[self.vrng.randrange(len(self.dice))]
        if die.phys not in self.world.dice:
            return None
        target, direction, against = self.world.lean_target(self.world.dice.index(die.phys))
        die.move_to(target[0], target[1], die.angle, DIE, 0.25 * self.turn.pace)
        die.lean = direction
        die.lean_amount = 1.0
        die.place = "table"
        return against or None

    def selected_faces(self) -> tuple[int, ...]:
        """The faces of the selected dice, sorted."""
        return tuple(sorted(d.value for d in self.dice if d.selected))

    def dice_on_felt(self) -> int:
        """How many dice lie on the felt."""
        return len(self.dice)

    def select(self, faces: tuple[int, ...]) -> None:
        """Select the dice showing ``faces`` (lowest labels first), nothing else."""
        chosen = set(self._dice_for(faces))
        for i, d in enumerate(self.dice):
            d.selected = i in chosen

    def keep_selected(self, faces: tuple[int, ...], points: int) -> None:
        """Move the selected dice to the tray."""
        kept = [d for d in self.dice if d.selected]
        if kept:
            self.callout_at = (sum(d.x for d in kept) / len(kept), min(d.y for d in kept) - DIE * 0.6)
        self.dice = [d for d in self.dice if not d.selected]
        self._add_to_tray(kept, faces, points, animate=True)

    def clear_dice(self) -> None:
        """Take every die off the felt."""
        self.world.clear()
        self.dice = []
        self.exits = []
        self.hover_die = None

    def clear_tray(self) -> None:
        """Empty the tray."""
        self.tray = []
        self.groups = []

    def hurry(self) -> None:
        """Finish every moving die at once."""
        for d in self.dice + [t.view for t in self.tray]:
            if d.tween is not None:
                d.tween.t = d.tween.duration

    def sound(self, name: str, volume: float) -> None:
        """Play one of the game's sounds."""
        self.app.audio.play(name, volume)

    def game_over(self) -> None:
        """On to the scoreboard."""
        self._to_scoreboard()

    # -- throwing ----------------------------------------------------------------------------------

    def seat_origin(self, seat: int) -> tuple[float, float]:
        """Where a seat's throws start: the felt's edge in front of its name plate."""
        x, bottom = plate_position(seat, self.game.state.players)
        return (x, FELT.bottom - 4) if bottom else (x, FELT.top + 4)

    def _run_physics(self, dt: float) -> None:
        rate = PHYSICS_RATE[self.app.settings.animation_speed]
        if rate == 0:
            self.finish_throw()
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

    def _settled(self) -> None:
        self.world.stop()
        for d in self.dice:
            d.update(0.0)
            if d.place != "gone":
                d.tumble.finish()
        # Where a die went over the rail: the nearest point of the felt's edge to where it was last seen.
        self.exits = [
            (min(max(d.x, FELT.left + 12), FELT.right - 12), min(max(d.y, FELT.top + 12), FELT.bottom - 12))
            for d in self.dice
            if d.place == "gone" or (d.phys is not None and d.phys.gone)
        ]
        self.dice = [d for d in self.dice if d.place != "gone" and not (d.phys is not None and d.phys.gone)]
        self._label_dice()
        self.turn.settled()

    def _to_scoreboard(self) -> None:
        from greed_game.app.scenes.scoreboard import ScoreboardScene

        self.app.stack.replace(ScoreboardScene(self.app, self.setup, self.game))

    # -- dice and tray ------------------------------------------------------------------------------

    def _label_dice(self) -> None:
        for n, d in enumerate(sorted(self.dice, key=lambda d: (d.x, d.y)), start=1):
            d.label = n

    def _dice_for(self, faces: tuple[int, ...]) -> list[int]:
        wanted = sorted(faces)
        chosen: list[int] = []
        for i in sorted(range(len(self.dice)), key=lambda i: self.dice[i].label):
            if self.dice[i].value in wanted:
                wanted.remove(self.dice[i].value)
                chosen.append(i)
        return chosen

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
        pace = self.turn.pace
        for t, (x, y) in zip(self.tray, self._tray_slots(), strict=True):
            if animate and pace > 0:
                t.view.move_to(x, y, 0.0, TRAY_DIE, 0.3 * pace)
            else:
                t.view.x, t.view.y, t.view.angle, t.view.size = x, y, 0.0, TRAY_DIE

    # -- a person's input ---------------------------------------------------------------------------

    def toggle(self, die: DieView) -> None:
        """Select or unselect a die on the table (a person's keep)."""
        if not self.turn.may_select() or die not in self.dice:
            return
        die.selected = not die.selected
        self.turn.message = ""
        self.turn.refresh()

    def _buttons(self) -> None:
        x, y, h = ACTIONS.right - 454, ACTIONS.y + 8, 50
        turn = self.turn
        human = turn.human_turn
        self._buttons_for = (human, turn.shown.phase, turn.bank_preview)
        carry = human and turn.shown.phase is Phase.CARRYOVER
        widgets: list[Widget] = []
        if carry:
            widgets.append(Button(pygame.Rect(x, y, 110, h), "Take", lambda: turn.answer(True), hint="T",
                                  primary=True))
            widgets.append(Button(pygame.Rect(x + 118, y, 140, h), "Decline", lambda: turn.answer(False), hint="D"))
        else:
            widgets.append(Button(pygame.Rect(x, y, 110, h), "Roll", turn.roll, hint="Space", primary=True,
                                  enabled=human))
            label = f"Bank {num(turn.bank_preview)}" if turn.bank_preview is not None and human else "Bank"
            widgets.append(Button(pygame.Rect(x + 118, y, 140, h), label, turn.bank, hint="Enter",
                                  enabled=human and turn.bank_preview is not None, size=17))
        widgets.append(Button(pygame.Rect(x + 266, y, 90, h), "Hint", turn.toggle_hint, hint="H", enabled=human))
        widgets.append(Button(pygame.Rect(x + 364, y, 90, h), "Menu", self.open_menu, hint="Esc"))
        self.focus.set(widgets)

    def open_menu(self) -> None:
        """Esc: the pause menu."""
        from greed_game.app.scenes.overlays import PauseOverlay

        self.app.push(PauseOverlay(self.app, self.rules, self.record))

    def enter(self) -> None:
        self.turn.enter()

    def exit(self) -> None:
        self.prep.cancel()

    def resume(self) -> None:
        self.turn.refresh()

    def handle(self, event: Input) -> None:
        turn = self.turn
        if isinstance(event, Move):
            self.focus.handle(event)
            self.hover_die = next((d for d in self.dice if d.contains(event.pos)), None)
            return
        if isinstance(event, Scroll):
            return
        if isinstance(event, KeyPress) and event.key == "escape":
            if self.waiting_card:
                self.app.show_menu()  # the game is autosaved: Continue resumes it
            else:
                self.open_menu()
            return
        if not turn.human_turn:
            if isinstance(event, Click) and self.focus.handle(event):
                return
            if isinstance(event, (KeyPress, Click)):
                turn.skip()
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
            turn.roll()
        elif key == "enter":
            focused = self.focus.focused if self.focus.keyboard else None
            if focused is not None and focused.enabled and isinstance(focused, Button) and focused.label != "Roll":
                focused.activate()
            else:
                turn.bank()
        elif key == "h":
            turn.toggle_hint()
        elif key in ("t", "y"):
            turn.answer(True)
        elif key in ("d", "n"):
            turn.answer(False)
        elif key.isdigit() and key != "0":
            die = next((d for d in self.dice if d.label == int(key)), None)
            if die is not None:
                self.toggle(die)
        elif key in ("tab", "left", "right"):
            self.focus.handle(KeyPress("tab", shift=key == "left" or event.shift))

    # -- time ------------------------------------------------------------------------------------------

    @property
    def waiting_card(self) -> bool:
        """Whether the table shows that a computer player, due to move, is still being worked out.

        A person plays on meanwhile; and not in the first moments: most rules are solved (or read from
        the cache) before a card would be seen.
        """
        turn = self.turn
        return turn.preparing and not turn.is_human(turn.game.state.current) and self.prep_seconds > 0.3

    def idle_for(self) -> float:
        turn = self.turn
        if not (turn.mode == "ready" or turn.acknowledging):
            return 0.0
        if (turn.banner is not None and turn.banner.ttl != math.inf) or turn.callout is not None:
            return 0.0
        if any(not d.at_rest for d in self.dice) or any(t.view.tween is not None for t in self.tray):
            return 0.0
        wake = super().idle_for()
        if turn.message_ttl > 0:
            wake = min(wake, turn.message_ttl)
        if not self.prep.done or self.prep.standins:
            wake = min(wake, 0.25)  # progress figures, the moment the computer players are ready
        return wake

    def update(self, dt: float) -> None:
        turn = self.turn
        if not self.prep.done:
            self.prep_seconds += dt
        if self._buttons_for != (turn.human_turn, turn.shown.phase, turn.bank_preview):
            self._buttons()
        for t in self.tray:
            t.view.update(dt)
        if turn.mode == "rolling":
            turn.update(dt)
            self._run_physics(dt)
            self._place_banner()
            return
        for d in self.dice:
            d.update(dt)
        turn.update(dt)
        self._place_banner()

    def _place_banner(self) -> None:
        """A new banner gets its place once, clear of the dice lying there then (it never jumps about)."""
        banner = self.turn.banner
        if banner is not None and self._banner_card[0] is not banner:
            # A die on its way somewhere (a cocked die sliding to what it leans on) counts where it goes.
            lying = [(d.tween.end[0], d.tween.end[1]) if d.tween is not None else (d.x, d.y)
                     for d in self.dice if d.place == "table"] + self.exits
            self._banner_card = (banner, banner_card(self.app.canvas, banner.said, lying))

    # -- drawing ---------------------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        turn = self.turn
        draw_table_background(canvas)
        self._draw_top_bar(canvas)
        self._draw_plates(canvas)
        self._draw_tray(canvas)
        if turn.banner is not None and self._banner_card[0] is turn.banner and not self.waiting_card:
            # Drawn under the dice, so none is ever hidden.
            draw_banner(canvas, turn.banner.said, turn.banner.ttl, self._banner_card[1])
        show_labels = turn.may_select()
        advised = set(self._dice_for(turn.hint_keep)) if turn.hint_keep and turn.hint_open and show_labels else set()
        self._draw_exits(canvas)
        for i, d in sorted(enumerate(self.dice), key=lambda e: e[1].z):
            if i in advised and not d.selected:
                # The hint's advice on the dice themselves: a firm ring and a fainter one around it.
                canvas.polygon(theme.GREEN, d.corners(1.2), 3)
                canvas.polygon((60, 130, 70), d.corners(1.32), 2)
            draw_die(canvas, self.skin, d, hover=d is self.hover_die and show_labels, show_label=show_labels)
            if turn.busted and d.at_rest:
                canvas.polygon(theme.RED, d.corners(1.16), 3)  # every die on the felt failed to score
        for t in self.tray:
            if t.view.tween is not None:
                draw_die(canvas, self.skin, t.view)  # kept dice on their way to the tray, over the felt's words
        if turn.callout is not None:
            self._draw_callout(canvas, turn.callout.said, turn.callout.ttl)
        if self.shown.phase is Phase.CARRYOVER and turn.mode == "ready" and not self.dice:
            self._draw_offer(canvas)
        self._draw_actions(canvas)
        self._draw_side(canvas)
        if self.waiting_card:
            self._draw_preparing(canvas)

    def _draw_exits(self, canvas: Canvas) -> None:
        """A void throw's die that left the felt: a mark on the rail where it went over."""
        for x, y in self.exits:
            canvas.circle((60, 20, 16), (x, y), 17)
            canvas.circle(theme.WARN, (x, y), 17, 2.5)
            canvas.line(theme.WARN, (x - 7, y - 7), (x + 7, y + 7), 3)
            canvas.line(theme.WARN, (x - 7, y + 7), (x + 7, y - 7), 3)

    def _draw_callout(self, canvas: Canvas, said: Said, ttl: float) -> None:
        """A combination just kept, rising from where its dice lay and fading."""
        alpha = max(0.0, min(1.0, ttl / 0.4))
        x, y = self.callout_at
        rise = (1.0 - min(1.0, ttl / 1.8)) * 24
        text = f"{said.title}  {said.sub}"
        w = canvas.text_width(text, 22, "bold") + 28
        x = min(max(x, FELT.left + w / 2 + 4), FELT.right - w / 2 - 4)
        y = min(max(y - rise, FELT.top + 22), FELT.bottom - 22)
        card = pygame.Rect(round(x - w / 2), round(y - 19), round(w), 38)
        canvas.box(card, (12, 14, 10, int(215 * alpha)), radius=19, border=1.5 if alpha > 0.5 else 0,
                   border_color=theme.GOLD)
        canvas.text(text, (x, y), 22, theme.GOLD if alpha > 0.5 else theme.TEXT_DIM, font="bold", anchor="center",
                    shadow=(0, 0, 0))

    def _draw_preparing(self, canvas: Canvas) -> None:
        box = pygame.Rect(0, 0, 520, 150)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 235), radius=14, border=1.5, border_color=theme.GOLD_DARK)
        canvas.text("GETTING THE COMPUTER PLAYERS READY", (box.centerx, box.y + 24), 13, theme.GOLD, font="bold",
                    anchor="center")
        canvas.text(self.turn.narrator.working(self.prep.fraction), (box.centerx, box.y + 58), 17, theme.TEXT,
                    anchor="center", max_width=box.w - 40)
        bar = pygame.Rect(box.x + 40, box.y + 82, box.w - 80, 10)
        canvas.box(bar, (40, 44, 48, 255), radius=5)
        filled = bar.copy()
        filled.w = max(10, round(bar.w * min(1.0, self.prep.fraction)))
        canvas.box(filled, theme.GOLD, radius=5)
        canvas.text("Esc: back to the menu (the game is kept for Continue)", (box.centerx, box.bottom - 24), 13,
                    theme.TEXT_DIM, anchor="center")

    def _draw_top_bar(self, canvas: Canvas) -> None:
        r = TOP_BAR
        rules = self.rules
        canvas.text(rules.name, (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft")
        name_w = canvas.text_width(rules.name, 18, "serif")
        canvas.text(f"to {num(rules.target)}", (r.x + 16 + name_w, r.centery + 1), 14, theme.TEXT_DIM,
                    anchor="midleft")
        draw_chips(canvas, self._chips(), r.right, r.y + 7)

    def _chips(self) -> list[tuple[str, tuple[int, int, int]]]:
        return [(text, theme.tone_color(tone)) for text, tone in self.turn.narrator.chips(self.shown)]

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
        words = self.turn.narrator
        note, tone = words.turn_note(self.shown)
        points = self.turn.sel_points if self.human_turn else None
        draw_turn_box(canvas, self.shown, note=note, note_color=theme.tone_color(tone),
                      adding=None if points is None else (points, words.selected_note))

    def _draw_actions(self, canvas: Canvas) -> None:
        r = ACTIONS
        x = r.x + 8
        width = ACTIONS.right - 454 - x - 12
        (first, first_tone), (second, second_tone) = self.turn.status()
        error = self.turn.message or (self.turn.sel_error if self.human_turn else "")
        if error:
            lines = canvas.wrap(error, 14, width, "bold")
            if len(lines) > 2:
                lines = [lines[0], canvas.fit(" ".join(lines[1:]), 14, width, "bold")]
            for i, line in enumerate(lines):
                canvas.text(line, (x, r.y + 12 + i * 22), 14, theme.RED, font="bold")
        else:
            seat = self.turn.addressee
            if seat is not None:  # a shared screen: the prompt names whose turn it is, a long name shortened
                words = self.turn.narrator
                name = short_name(canvas, words.person(seat).subject, 15, width * 0.4)
                first = words.addressed(name, first)
            self._draw_status(canvas, (first, first_tone), (second, second_tone), x, width)
        self.focus.draw(canvas)

    def _draw_status(
        self, canvas: Canvas, first: tuple[str, str], second: tuple[str, str], x: float, width: float
    ) -> None:
        """The two status lines; a line too long for one line wraps onto two smaller ones rather than lose its
        end (the other line then gets a smaller size)."""
        top = ACTIONS.y
        (text1, tone1), (text2, tone2) = first, second
        ink1, ink2 = theme.tone_color(tone1), theme.tone_color(tone2)
        if canvas.text_width(text1, 15, "bold") > width:
            lines = canvas.wrap(text1, 14, width, "bold")
            lines = [lines[0], canvas.fit(" ".join(lines[1:]), 14, width, "bold")] if len(lines) > 1 else lines
            for i, line in enumerate(lines):
                canvas.text(line, (x, top + 3 + i * 19), 14, ink1, font="bold")
            canvas.text(text2, (x, top + 45), 12, ink2, max_width=width)
        elif canvas.text_width(text2, 13) > width:
            canvas.text(text1, (x, top + 6), 15, ink1, font="bold")
            canvas.paragraph(text2, pygame.Rect(round(x), top + 28, round(width), 34), 12, ink2, spacing=1.35)
        else:
            canvas.text(text1, (x, top + 12), 15, ink1, font="bold")
            canvas.text(text2, (x, top + 37), 13, ink2)

    def _draw_side(self, canvas: Canvas) -> None:
        r = SIDE
        prep, words = self.prep, self.turn.narrator
        notes = [
            words.seat_note(p.kind, self.shown.on_board[i],
                            standin=prep.win_fraction if i in prep.standins else None,
                            stood_in=p.kind == "optimal" and bool(prep.win_problem))
            for i, p in enumerate(self.game.players)
        ]
        y = draw_player_rows(canvas, self.game.players, notes, self.shown, self.rules.target, self.shown.current)
        y += 10
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        y += 10
        if self.turn.hint_open and self.human_turn:
            self._draw_hint(canvas, pygame.Rect(r.x + 10, y, r.w - 20, r.bottom - 10 - y))
            return
        canvas.text("LOG", (r.x + 18, y), 13, theme.GOLD, font="bold")
        y += 24
        line_h = 21
        room = int((r.bottom - 12 - y) // line_h)
        lines = self.turn.log[-room:] if room > 0 else []
        if not lines:
            canvas.text(self.turn.narrator.empty_log, (r.x + 18, y), 13, theme.TEXT_DIM)
        for seat, line in lines:
            canvas.circle(theme.seat_color(seat), (r.x + 22, y + 8), 4)
            canvas.text(line.text, (r.x + 32, y), 13, theme.tone_color(line.tone), max_width=r.w - 48)
            y += line_h

    def _draw_hint(self, canvas: Canvas, box: pygame.Rect) -> None:
        canvas.box(box, (12, 16, 20, 200), radius=10, border=1, border_color=theme.GOLD_DARK)
        canvas.text("HINT", (box.x + 12, box.y + 10), 13, theme.GOLD, font="bold")
        canvas.text("H closes", (box.right - 12, box.y + 10), 12, theme.TEXT_DIM, anchor="topright")
        y = box.y + 36
        for line in self.turn.hint:
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
        words = self.turn.narrator.offer(s)
        # A headline with long names takes two lines rather than lose its end.
        heads = canvas.wrap(words.headline, 20, 530, "bold")
        if len(heads) > 2:
            heads = [heads[0], canvas.fit(" ".join(heads[1:]), 20, 530, "bold")]
        extra = 26 * (len(heads) - 1)
        box = pygame.Rect(0, 0, 560, 190 + extra)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 225), radius=14, border=1.5, border_color=theme.BLUE)
        canvas.text("DICE PASSED ON", (box.centerx, box.y + 22), 13, theme.BLUE, font="bold", anchor="center")
        for i, head in enumerate(heads):
            canvas.text(head, (box.centerx, box.y + 52 + 26 * i), 20, theme.TEXT, font="bold", anchor="center")
        take, fresh = self.turn.offer_odds
        lines = [(words.take, take), (words.decline, fresh)]
        for i, (text, pct) in enumerate(lines):
            y = box.y + 88 + extra + i * 30 + (18 if i and words.take_note else 0)
            canvas.text(text, (box.x + 26, y), 16, theme.TEXT, anchor="midleft", max_width=box.w - 190)
            canvas.text(f"bust {pct}", (box.right - 26, y), 16, theme.WARN, font="bold", anchor="midright")
            if i == 0 and words.take_note:
                canvas.text(words.take_note, (box.x + 40, y + 22), 12, theme.TEXT_DIM, anchor="midleft",
                            max_width=box.w - 66)
        ask = words.ask if self.is_human(s.current) else self.turn.narrator.deciding(s.current)
        canvas.text(ask, (box.centerx, box.bottom - 22), 14, theme.TEXT_DIM, anchor="center")
