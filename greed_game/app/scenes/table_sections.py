"""The table screen in sections, each with its own rectangle, drawing and input (as Arcade's ``Section``).

The felt (the dice and their physics), the tray with the turn box, the
buttons with the status lines, the side panel (players, log, hint) and the
top bar. Banners and callouts are a layer of their own above the dice. Every
section draws the flow's :class:`~greed_game.play.snapshot.TableSnapshot`
and turns its clicks and keys into the flow's commands; none decides a rule
or writes a sentence about the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas, FontName
from greed_game.app.dice_view import DieView, draw_die, draw_upright
from greed_game.app.input import Click, Input, KeyPress, Move
from greed_game.app.navigation import Go
from greed_game.app.physics import STEP, DiceWorld, Felt
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
    draw_turn_box,
    plate_position,
    players_bottom,
    short_name,
)
from greed_game.app.skins import SkinName
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.narrator import Line, Said, num
from greed_game.play.moments import (
    AnswerOffer,
    BankTurn,
    Command,
    KeptDice,
    Settled,
    ThrowDice,
    Thrown,
    ToggleDie,
    ToggleHint,
)
from greed_game.play.snapshot import Notice, OfferBox, TableSnapshot, Waiting

MAX_THROW_TIME = 7.0


class Section:
    """A region of the table screen: it draws the snapshot there and turns input there into commands."""

    rect: pygame.Rect = FELT

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        """Draw this section of ``snap``."""

    def handle(self, event: Input, snap: TableSnapshot) -> Command | Go | None:
        """The command an event means here (or where to go next), if any."""
        return None


# -- the felt ---------------------------------------------------------------------------------------------


class FeltSection(Section):
    """The felt: the thrown dice, simulated to rest and drawn where they lie; a click picks a die."""

    rect = FELT

    def __init__(self, vrng: random.Random, skin: Callable[[], SkinName], pace: Callable[[], float]) -> None:
        self.vrng = vrng
        self.skin = skin
        self.pace = pace
        self.world = DiceWorld(Felt(FELT.x, FELT.y, FELT.w, FELT.h, RAIL_W), DIE)
        self.dice: list[DieView] = []
        self.exits: list[tuple[float, float]] = []
        """Where dice of the last throw left the felt (a void throw), marked until the next throw."""
        self.hover: DieView | None = None
        self.callout_at: tuple[float, float] = FELT.center
        """Where the last kept dice lay (a combination's callout rises from there)."""
        self.physics_debt = 0.0
        self.void: str | None = None
        """The void the throw in the air is to show."""

    # -- moments -----------------------------------------------------------------------------------

    def throw(self, moment: Thrown, players: int) -> None:
        """Throw the dice from the seat's side of the felt (a die jumps off for an off-felt void)."""
        jumper = self.vrng.randrange(len(moment.dice)) if moment.void == "off-felt" else None
        self.clear()
        x, bottom = plate_position(moment.seat, players)
        origin = (x, FELT.bottom - 4) if bottom else (x, FELT.top + 4)
        bodies = self.world.throw(len(moment.dice), origin, self.vrng, jumper=jumper)
        self.dice = []
        for (ident, value), body in zip(moment.dice, bodies, strict=True):
            view = DieView(value, DIE, self.vrng, body)
            view.ident = ident
            self.dice.append(view)
        self.physics_debt = 0.0
        self.void = moment.void

    def take(self, moment: KeptDice) -> list[DieView]:
        """The kept dice leave the felt for the tray (the callout rises where they lay)."""
        kept = [d for d in self.dice if d.ident in moment.dice]
        if kept:
            self.callout_at = (sum(d.x for d in kept) / len(kept), min(d.y for d in kept) - DIE * 0.6)
        self.dice = [d for d in self.dice if d.ident not in moment.dice]
        return kept

    def clear(self) -> None:
        """Take every die off the felt."""
        self.world.clear()
        self.dice = []
        self.exits = []
        self.hover = None

    def sync(self, snap: TableSnapshot) -> None:
        """Match the snapshot: dice no longer on the felt go, a resumed game's dice are laid out, picks shown."""
        if not snap.dice:
            if self.dice or self.exits:
                self.clear()
            return
        wanted = {d.id: d for d in snap.dice}
        if not any(d.ident in wanted for d in self.dice):
            # Dice the screen never saw thrown (a resumed game): laid out at rest.
            bodies = self.world.scatter(len(snap.dice), self.vrng)
            self.dice = []
            for die, body in zip(snap.dice, bodies, strict=True):
                view = DieView(die.value, DIE, self.vrng, body)
                view.ident = die.id
                view.tumble.finish()
                self.dice.append(view)
            self.label()
        self.dice = [d for d in self.dice if d.ident in wanted]
        for d in self.dice:
            d.selected = wanted[d.ident].selected

    # -- the throw in the air ------------------------------------------------------------------------

    def run(self, dt: float, rate: float) -> Settled | None:
        """Step the physics by ``dt`` at ``rate`` (0: straight to rest); the dice's report once at rest."""
        if rate == 0:
            return self.finish()
        self.physics_debt += dt * rate
        while self.physics_debt >= STEP:
            self.physics_debt -= STEP
            self.world.step(STEP)
            for d in self.dice:
                d.update(STEP)
        settled = self.world.at_rest and all(d.tumble.done or d.place == "gone" for d in self.dice)
        if settled or self.world.time > MAX_THROW_TIME:
            return self.settle()
        return None

    def finish(self) -> Settled:
        """Let the dice fly to rest at once (instant speed, or a skip)."""
        while not self.world.at_rest and self.world.time < MAX_THROW_TIME:
            self.world.step(STEP)
            for d in self.dice:
                d.update(STEP)
        self.world.impacts.take()
        return self.settle()

    def settle(self) -> Settled:
        """The dice are at rest: dice gone over the rail are marked where they went, the rest labelled."""
        self.world.stop()
        for d in self.dice:
            d.update(0.0)
            if d.place != "gone":
                d.tumble.finish()
        gone = [d for d in self.dice if d.place == "gone" or (d.phys is not None and d.phys.gone)]
        # Where a die went over the rail: the nearest point of the felt's edge to where it was last seen.
        self.exits = [
            (min(max(d.x, FELT.left + 12), FELT.right - 12), min(max(d.y, FELT.top + 12), FELT.bottom - 12))
            for d in gone
        ]
        self.dice = [d for d in self.dice if d not in gone]
        self.label()
        leaning = self.lean() if self.void == "leaning" else None
        self.void = None
        return Settled(leaning)

    def lean(self) -> str | None:
        """Cock a random die against its neighbour or the rail; returns which."""
        if not self.dice:
            return None
        die = self.dice[self.vrng.randrange(len(self.dice))]
        if die.phys not in self.world.dice:
            return None
        target, direction, against = self.world.lean_target(self.world.dice.index(die.phys))
        die.move_to(target[0], target[1], die.angle, DIE, 0.25 * self.pace())
        die.lean = direction
        die.lean_amount = 1.0
        die.place = "table"
        return against or None

    def label(self) -> None:
        """Number the dice left to right (the keys 1–6 pick them)."""
        for n, d in enumerate(sorted(self.dice, key=lambda d: (d.x, d.y)), start=1):
            d.label = n

    def hurry(self) -> None:
        """Finish every moving die at once."""
        for d in self.dice:
            if d.tween is not None:
                d.tween.t = d.tween.duration

    # -- input and drawing ---------------------------------------------------------------------------

    def handle(self, event: Input, snap: TableSnapshot) -> Command | None:
        if isinstance(event, Move):
            self.hover = next((d for d in self.dice if d.contains(event.pos)), None)
            return None
        if not snap.may_select:
            return None
        die: DieView | None = None
        if isinstance(event, Click):
            die = next((d for d in self.dice if d.contains(event.pos)), None)
        elif isinstance(event, KeyPress) and event.key.isdigit() and event.key != "0":
            die = next((d for d in self.dice if d.label == int(event.key)), None)
        return ToggleDie(die.ident) if die is not None else None

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        skin = self.skin()
        show_labels = snap.may_select
        advised = {d.id for d in snap.dice if d.advised}
        for x, y in self.exits:  # a void throw's die that left the felt: a mark where it went over
            canvas.circle((60, 20, 16), (x, y), 17)
            canvas.circle(theme.WARN, (x, y), 17, 2.5)
            canvas.line(theme.WARN, (x - 7, y - 7), (x + 7, y + 7), 3)
            canvas.line(theme.WARN, (x - 7, y + 7), (x + 7, y - 7), 3)
        for d in sorted(self.dice, key=lambda d: d.z):
            if d.ident in advised and not d.selected:
                # The hint's advice on the dice themselves: a firm ring and a fainter one around it.
                canvas.polygon(theme.GREEN, d.corners(1.2), 3)
                canvas.polygon((60, 130, 70), d.corners(1.32), 2)
            draw_die(canvas, skin, d, hover=d is self.hover and show_labels, show_label=show_labels)
            if snap.busted and d.at_rest:
                canvas.polygon(theme.RED, d.corners(1.16), 3)  # every die on the felt failed to score

    def lying(self) -> list[tuple[float, float]]:
        """Where dice lie (a die on its way somewhere counts where it goes) and where dice went over the rail."""
        return [(d.tween.end[0], d.tween.end[1]) if d.tween is not None else (d.x, d.y)
                for d in self.dice if d.place == "table"] + self.exits


# -- the tray and the turn box ------------------------------------------------------------------------------


@dataclass
class TrayDie:
    """A kept die in the tray."""

    view: DieView
    group: int


class TraySection(Section):
    """The tray: the turn's kept dice in groups with their points, and the turn box."""

    rect = TRAY

    def __init__(self, vrng: random.Random, skin: Callable[[], SkinName]) -> None:
        self.vrng = vrng
        self.skin = skin
        self.dice: list[TrayDie] = []
        self.groups = 0

    def add(self, views: list[DieView], pace: float, *, animate: bool = True) -> None:
        """Dice arrive as one group (gliding from the felt unless ``animate`` is off)."""
        group = self.groups
        self.groups += 1
        for v in views:
            v.selected = False
            v.place = "tray"
            v.lean = None
            v.tumble.finish()
            self.dice.append(TrayDie(v, group))
        for t, (x, y) in zip(self.dice, self._slots(), strict=True):
            if animate and pace > 0:
                t.view.move_to(x, y, 0.0, TRAY_DIE, 0.3 * pace)
            else:
                t.view.x, t.view.y, t.view.angle, t.view.size = x, y, 0.0, TRAY_DIE

    def sync(self, snap: TableSnapshot) -> None:
        """Match the snapshot: an empty tray empties; keeps the screen never saw (a resumed game) appear."""
        if not snap.tray:
            self.dice, self.groups = [], 0
            return
        while self.groups < len(snap.tray):
            faces = snap.tray[self.groups].dice
            self.add([DieView(face, DIE, self.vrng) for face in faces], 0.0, animate=False)

    def update(self, dt: float) -> None:
        """Glide the dice on their way in."""
        for t in self.dice:
            t.view.update(dt)

    def hurry(self) -> None:
        """Every die in its place at once."""
        for t in self.dice:
            if t.view.tween is not None:
                t.view.tween.t = t.view.tween.duration

    def moving(self) -> bool:
        """Whether a die is still on its way in."""
        return any(t.view.tween is not None for t in self.dice)

    def _slots(self) -> list[tuple[float, float]]:
        count = len(self.dice)
        gaps = max(0, self.groups - 1)
        room = TRAY.w - 280
        step = min(TRAY_DIE + 6, (room - gaps * 18) / max(1, count))
        x = TRAY.x + 66 + step / 2
        slots: list[tuple[float, float]] = []
        last_group = 0
        for t in self.dice:
            if t.group != last_group:
                x += 18
                last_group = t.group
            slots.append((x, TRAY.y + 36))
            x += step
        return slots

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = TRAY
        skin = self.skin()
        canvas.text("KEPT", (r.x + 36, r.centery), 12, (200, 170, 130), font="bold", anchor="center")
        placed: dict[int, list[float]] = {}
        for t, (sx, _sy) in zip(self.dice, self._slots(), strict=True):
            placed.setdefault(t.group, []).append(sx)
        for g, xs in placed.items():
            if g < len(snap.tray):
                canvas.text(f"+{num(snap.tray[g].points)}", ((min(xs) + max(xs)) / 2, r.bottom - 10), 12,
                            theme.GOLD, font="bold", anchor="center")
        for t in self.dice:
            v = t.view
            if v.tween is None:
                draw_upright(canvas, skin, v.value, (v.x, v.y - 4), v.size)
        note, tone = snap.turn_note
        points = snap.choice.points if snap.human_turn else None
        draw_turn_box(canvas, snap.state, note=note, note_color=theme.tone_color(tone),
                      adding=None if points is None else (points, snap.words.prompts.selected_note))

    def draw_moving(self, canvas: Canvas) -> None:
        """Kept dice on their way to the tray, drawn over the felt's words."""
        skin = self.skin()
        for t in self.dice:
            if t.view.tween is not None:
                draw_die(canvas, skin, t.view)


# -- the buttons and the status lines ----------------------------------------------------------------------


class ActionsSection(Section):
    """Below the tray: the status lines (or a refusal in red) and the buttons of the flow, then Menu."""

    rect = ACTIONS

    def __init__(self, open_menu: Callable[[], Go]) -> None:
        self.open_menu = open_menu
        self.focus = FocusGroup()
        self._for: tuple[object, ...] | None = None
        self._sent: list[Command] = []

    def sync(self, snap: TableSnapshot) -> None:
        """Build the buttons again when what they do has changed."""
        if self._for == snap.buttons:
            return
        self._for = snap.buttons
        x, y, h = ACTIONS.right - 454, ACTIONS.y + 8, 50
        widths = (110, 140, 90)
        widgets: list[Widget] = []
        for state, w in zip(snap.buttons, widths, strict=True):
            size = 17 if state.label.startswith("Bank") else 18
            widgets.append(Button(pygame.Rect(x, y, w, h), state.label, self._sender(state.command),
                                  hint=state.key, enabled=state.enabled, primary=state.primary, size=size))
            x += w + 8
        widgets.append(Button(pygame.Rect(ACTIONS.right - 90, y, 90, h), "Menu", self.open_menu, hint="Esc"))
        self.focus.set(widgets)

    def _sender(self, command: Command) -> Callable[[], Go | None]:
        def send() -> None:
            self._sent.append(command)

        return send

    def pressed(self) -> Command | None:
        """The command of the button just clicked or activated (None for Menu, which opens by itself)."""
        return self._sent.pop() if self._sent else None

    def handle(self, event: Input, snap: TableSnapshot) -> Command | Go | None:
        """A person's keys: Space throws, Enter banks (or presses the focused button: Menu goes), H, T and D."""
        if not isinstance(event, KeyPress):
            return None
        key = event.key
        if key == "enter":
            focused = self.focus.focused if self.focus.keyboard else None
            if isinstance(focused, Button) and focused.enabled and focused.label != "Roll":
                where = focused.activate()
                return where if where is not None else self.pressed()
            return BankTurn()
        if key in ("tab", "left", "right"):
            self.focus.handle(KeyPress("tab", shift=key == "left" or event.shift))
            return None
        keys: dict[str, Command] = {"space": ThrowDice(), "h": ToggleHint(), "t": AnswerOffer(True),
                                    "y": AnswerOffer(True), "d": AnswerOffer(False), "n": AnswerOffer(False)}
        return keys.get(key)

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = ACTIONS
        x = r.x + 8
        width = ACTIONS.right - 454 - x - 12
        (first, first_tone), second = snap.status
        if snap.error:
            lines = canvas.wrap(snap.error, 14, width, "bold")
            if len(lines) > 2:
                lines = [lines[0], canvas.fit(" ".join(lines[1:]), 14, width, "bold")]
            for i, line in enumerate(lines):
                canvas.text(line, (x, r.y + 12 + i * 22), 14, theme.RED, font="bold")
        else:
            if snap.addressee is not None:  # a shared screen: the prompt names whose turn it is, shortened
                words = snap.words
                rest = canvas.text_width(words.prompts.addressed("", first), 15, "bold")
                name = short_name(canvas, words.person(snap.addressee).subject, 15, min(width * 0.4, width - rest))
                first = words.prompts.addressed(name, first)
            self._draw_status(canvas, (first, first_tone), second, x, width)
        self.focus.draw(canvas)

    @staticmethod
    def _draw_status(
        canvas: Canvas, first: tuple[str, str], second: tuple[str, str], x: float, width: float
    ) -> None:
        """The two status lines, never more: the first is whole once a name in it is shortened, the second is
        the narrator's short form; a line still too wide gets a smaller size before it is cut."""
        lines: list[tuple[tuple[str, str], float, int, FontName]] = [
            (first, ACTIONS.y + 12, 15, "bold"), (second, ACTIONS.y + 37, 13, "sans")]
        for (text, tone), y, size, font in lines:
            while size > 11 and canvas.text_width(text, size, font) > width:
                size -= 1
            canvas.text(text, (x, y), size, theme.tone_color(tone), font=font, max_width=width)


# -- the side panel and the top bar ---------------------------------------------------------------------------


class SideSection(Section):
    """The side panel: the players with their scores and notes, then the hint while it is open, and the log.

    The hint goes above the log, never in its place; when both would not fit under the players' rows, the
    rows drop their notes while the hint is open.
    """

    rect = SIDE
    LOG_LINE = 21
    """A log entry's first line; its further lines (a long one wraps) are :attr:`WRAPPED` apart."""
    WRAPPED = 17
    LOG_ROOM = 24 + 4 * LOG_LINE
    """The log keeps its heading and four lines under an open hint."""

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = SIDE
        s = snap.state
        hint = self.hint_lines(canvas, snap)
        hint_h = self.hint_height(hint)
        full = players_bottom(s.players) + 20 + hint_h + self.LOG_ROOM > r.bottom
        y = draw_player_rows(canvas, snap.players, snap.seat_notes, s, snap.rules.target, s.current,
                             compact=bool(hint) and full)
        y += 10
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        y += 10
        if hint:
            box = pygame.Rect(r.x + 10, round(y), r.w - 20, round(min(hint_h, r.bottom - self.LOG_ROOM - y)))
            self._draw_hint(canvas, hint, box)
            y = box.bottom + 12
        self._draw_log(canvas, snap, y)

    def _draw_log(self, canvas: Canvas, snap: TableSnapshot, y: float) -> None:
        """The log's newest entries that fit, each wrapped whole onto as many lines as it needs."""
        r = SIDE
        canvas.text("LOG", (r.x + 18, y), 13, theme.GOLD, font="bold")
        y += 24
        if not snap.log:
            canvas.text(snap.words.prompts.empty_log, (r.x + 18, y), 13, theme.TEXT_DIM)
            return
        shown: list[tuple[int, Line, list[str]]] = []
        room = r.bottom - 12 - y
        for seat, line in reversed(snap.log):
            parts = canvas.wrap(line.text, 13, r.w - 48)
            need = self.LOG_LINE + self.WRAPPED * (len(parts) - 1)
            if need > room:
                break
            room -= need
            shown.append((seat, line, parts))
        for seat, line, parts in reversed(shown):
            canvas.circle(theme.seat_color(seat), (r.x + 22, y + 8), 4)
            for i, part in enumerate(parts):
                canvas.text(part, (r.x + 32, y + i * self.WRAPPED), 13, theme.tone_color(line.tone))
            y += self.LOG_LINE + self.WRAPPED * (len(parts) - 1)

    @staticmethod
    def hint_lines(canvas: Canvas, snap: TableSnapshot) -> list[tuple[str, Line, bool]]:
        """The open hint's lines wrapped to the box (each part, its line, and whether it starts the line);
        empty while the hint is closed."""
        out: list[tuple[str, Line, bool]] = []
        for line in snap.hint or ():
            for i, part in enumerate(canvas.wrap(line.text, 14, SIDE.w - 54)):
                out.append((part, line, i == 0))
        return out

    @staticmethod
    def hint_height(lines: list[tuple[str, Line, bool]]) -> float:
        """The hint box's height for ``lines`` (0 without a hint)."""
        if not lines:
            return 0.0
        return 36 + sum(19 + (4 if first else 0) for _, _, first in lines) + 6

    @staticmethod
    def _draw_hint(canvas: Canvas, lines: list[tuple[str, Line, bool]], box: pygame.Rect) -> None:
        canvas.box(box, (12, 16, 20, 200), radius=10, border=1, border_color=theme.GOLD_DARK)
        canvas.text("HINT", (box.x + 12, box.y + 10), 13, theme.GOLD, font="bold")
        canvas.text("H closes", (box.right - 12, box.y + 10), 12, theme.TEXT_DIM, anchor="topright")
        y = box.y + 32
        for part, line, first in lines:
            y += 4 if first else 0
            if y + 19 > box.bottom - 4:
                return
            indent = 22 if line.indent else 12
            canvas.text(part, (box.x + indent, y), 14, theme.tone_color(line.tone))
            y += 19


class TopBarSection(Section):
    """Above the felt: the rules' name and target, the chips; the players' name plates on the rails."""

    rect = TOP_BAR

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        r = TOP_BAR
        rules = snap.rules
        canvas.text(rules.name, (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft")
        name_w = canvas.text_width(rules.name, 18, "serif")
        canvas.text(f"to {num(rules.target)}", (r.x + 16 + name_w, r.centery + 1), 14, theme.TEXT_DIM,
                    anchor="midleft")
        draw_chips(canvas, [(text, theme.tone_color(tone)) for text, tone in snap.chips], r.right, r.y + 7)
        draw_plates(canvas, [p.name for p in snap.players], snap.state, snap.state.current)


# -- above the dice ----------------------------------------------------------------------------------------------


class NoticeLayer(Section):
    """Banners, callouts, the carryover box and the waiting card: drawn above the dice, never under them."""

    rect = FELT

    def __init__(self, felt: FeltSection) -> None:
        self.felt = felt
        self.card: tuple[int, pygame.Rect] = (-1, FELT)
        """The banner on show (its serial) and the card it was given: a banner stays where it first appeared."""

    def place(self, canvas: Canvas, banner: Notice | None) -> None:
        """A new banner gets its place once, clear of the dice lying there then (it never jumps about)."""
        if banner is not None and self.card[0] != banner.serial:
            self.card = (banner.serial, banner_card(canvas, banner.said, self.felt.lying()))

    def draw(self, canvas: Canvas, snap: TableSnapshot) -> None:
        banner = snap.banner
        if banner is not None and self.card[0] == banner.serial and snap.waiting is None:
            draw_banner(canvas, banner.said, banner.ttl, self.card[1])
        if snap.callout is not None:
            self._draw_callout(canvas, snap.callout.said, snap.callout.ttl)
        if snap.offer is not None:
            self._draw_offer(canvas, snap.offer)
        if snap.waiting is not None:
            self._draw_waiting(canvas, snap.waiting)

    def _draw_callout(self, canvas: Canvas, said: Said, ttl: float) -> None:
        """A combination just kept, rising from where its dice lay and fading."""
        alpha = max(0.0, min(1.0, ttl / 0.4))
        x, y = self.felt.callout_at
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

    @staticmethod
    def _draw_waiting(canvas: Canvas, waiting: Waiting) -> None:
        box = pygame.Rect(0, 0, 520, 150)
        box.center = FELT.center
        canvas.box(box, (12, 16, 20, 235), radius=14, border=1.5, border_color=theme.GOLD_DARK)
        canvas.text("GETTING THE COMPUTER PLAYERS READY", (box.centerx, box.y + 24), 13, theme.GOLD, font="bold",
                    anchor="center")
        canvas.text(waiting.text, (box.centerx, box.y + 58), 17, theme.TEXT, anchor="center", max_width=box.w - 40)
        bar = pygame.Rect(box.x + 40, box.y + 82, box.w - 80, 10)
        canvas.box(bar, (40, 44, 48, 255), radius=5)
        filled = bar.copy()
        filled.w = max(10, round(bar.w * min(1.0, waiting.fraction)))
        canvas.box(filled, theme.GOLD, radius=5)
        canvas.text("Esc: back to the menu (the game is kept for Continue)", (box.centerx, box.bottom - 24), 13,
                    theme.TEXT_DIM, anchor="center")

    @staticmethod
    def _draw_offer(canvas: Canvas, offer: OfferBox) -> None:
        words = offer.words
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
        take, fresh = offer.odds
        for i, (text, pct) in enumerate([(words.take, take), (words.decline, fresh)]):
            y = box.y + 88 + extra + i * 30 + (18 if i and words.take_note else 0)
            canvas.text(text, (box.x + 26, y), 16, theme.TEXT, anchor="midleft", max_width=box.w - 190)
            canvas.text(f"bust {pct}", (box.right - 26, y), 16, theme.WARN, font="bold", anchor="midright")
            if i == 0 and words.take_note:
                canvas.text(words.take_note, (box.x + 40, y + 22), 12, theme.TEXT_DIM, anchor="midleft",
                            max_width=box.w - 66)
        canvas.text(offer.ask, (box.centerx, box.bottom - 22), 14, theme.TEXT_DIM, anchor="center")
