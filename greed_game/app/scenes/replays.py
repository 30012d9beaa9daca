"""Replays: the list of finished games and record files, and the viewer that steps through a game.

The list shows the finished games the storage keeps (``Storage.finished_games``)
and the record files in the exports folder, where the game writes its exports
and where a player can drop a record file; any other file can be opened by
typing its path. A record is opened with ``Storage.open_replay``: a file that
cannot be used is reported in plain words on the screen and never moved.

The viewer shows the table at each step of a :class:`greed_game.replay.Replay`:
the dice of the last throw, the dice kept this turn, the turn total, the
scores and the event in words. Every state comes from the replay (the rules
core); the viewer only lays them out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, draw_die, draw_upright
from greed_game.app.input import Click, Input, KeyPress, Scroll
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import draw_backdrop, draw_heading, draw_keys_help, draw_panel
from greed_game.app.scenes.table import (
    ACTIONS,
    DIE,
    FELT,
    SIDE,
    TOP_BAR,
    TRAY,
    TRAY_DIE,
    draw_plates,
    draw_player_rows,
    draw_table_background,
    draw_turn_box,
)
from greed_game.app.user_rules import display_path
from greed_game.app.widgets import Button, FocusGroup, ListBox, TextField, Widget, fit_middle
from greed_game.presets import replay
from greed_game.replay import Replay
from greed_game.rules import Bank, Carryover, FirstPlayer, Keep, Roll, Void
from greed_game.rules.history import game_history
from greed_game.rules.record import record_from_data
from greed_game.storage import parse_json, read_text

if TYPE_CHECKING:
    from greed_game.app.main import App
    from greed_game.app.skins import SkinName

MAX_FILES = 200
"""At most this many record files of the exports folder are listed (newest first)."""


# -- the list ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordSummary:
    """One line of the list of games: who played, who won, under which rules, when."""

    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    rules: str = ""
    turns: int = 0
    finished: bool = False
    when: str = ""
    problem: str | None = None
    """Why the record cannot be read (the row says so; opening it gives the full reason)."""


def _when(path: Path) -> str:
    try:
        return time.strftime("%d %b %Y, %H:%M", time.localtime(path.stat().st_mtime))
    except (OSError, ValueError, OverflowError):
        return ""


def summarize(path: Path) -> RecordSummary:
    """What the list shows of a record file; never raises (a bad file gets a ``problem``)."""
    when = _when(path)
    try:
        record = record_from_data(parse_json(read_text(path)))
        game = replay(record)
    except FileNotFoundError:
        return RecordSummary(when=when, problem="the file is gone")
    except RecursionError:
        return RecordSummary(when=when, problem="its data is nested too deeply")
    except Exception as exc:  # any unreadable record: shown as such, never a crash
        return RecordSummary(when=when, problem=str(exc) or exc.__class__.__name__)
    state = game.state
    return RecordSummary(
        players=tuple(p.name for p in game.players),
        scores=state.scores,
        winners=state.winners,
        rules=game.rules.name,
        turns=len(game_history(game).turns),
        finished=state.finished,
        when=when,
    )


def record_files(folder: Path) -> list[Path]:
    """The ``*.json`` files of a folder, newest first; none when it is missing or unreadable."""
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() == ".json" and not p.name.startswith(".")]
    except OSError:
        return []

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(found, key=mtime, reverse=True)[:MAX_FILES]


GAMES = pygame.Rect(40, 96, 724, 536)
FILES = pygame.Rect(792, 96, 448, 536)


class ReplaysScene(Scene):
    """Pick a finished game or a record file to watch."""

    name = "replays"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        storage = app.storage
        self.games: list[Path] = storage.finished_games()
        self.files: list[Path] = record_files(storage.exports_dir)
        self.summaries: dict[Path, RecordSummary] = {}
        self.error = ""
        """Why the last record could not be opened, in plain words."""
        self.path_text = ""
        self.games_list = ListBox(pygame.Rect(GAMES.x + 16, GAMES.y + 50, GAMES.w - 30, 476), 68, len(self.games),
                                  self._draw_game, self.open_game)
        self.path_field = TextField(pygame.Rect(FILES.x + 20, FILES.y + 76, FILES.w - 140, 44), "", self._typed,
                                    placeholder="/path/to/record.json", max_len=1000, show_end=True)
        self.open_button = Button(pygame.Rect(FILES.right - 110, FILES.y + 76, 90, 44), "Open", self.open_typed,
                                  size=16)
        self.files_list = ListBox(pygame.Rect(FILES.x + 16, FILES.y + 278, FILES.w - 30, 196), 49,
                                  len(self.files), self._draw_file, self.open_file,
                                  empty="No record files here yet. Export a game from its pause menu or its "
                                        "scoreboard, or copy a record file into this folder.")
        self.back = Button(pygame.Rect(40, 648, 200, 52), "Back", self.close, hint="Esc")
        widgets: list[Widget] = [self.games_list, self.path_field, self.open_button, self.files_list, self.back]
        self.focus = FocusGroup(widgets)
        if not self.games:
            self.focus.focus_on(self.path_field)

    # -- actions ------------------------------------------------------------------------

    def close(self) -> None:
        """Back to the menu."""
        self.app.pop()

    def _typed(self, text: str) -> None:
        self.path_text = text

    def open_game(self, index: int) -> None:
        """Watch finished game ``index`` of the list."""
        if 0 <= index < len(self.games):
            self.open(self.games[index])

    def open_file(self, index: int) -> None:
        """Watch record file ``index`` of the exports folder."""
        if 0 <= index < len(self.files):
            self.open(self.files[index])

    def open_typed(self) -> None:
        """Watch the record file whose path was typed."""
        text = self.path_text.strip().strip('"').strip("'")
        if not text:
            self.error = "Type the path of a record file first (for example one you were sent)."
            return
        self.open(Path(text).expanduser())

    def open(self, path: Path) -> bool:
        """Open a record file in the viewer; False (with the reason on the screen) when it cannot be used."""
        try:
            loaded = self.app.storage.open_replay(path)
        except Exception as exc:  # a record the storage failed to refuse cleanly: still not a crash
            loaded = None
            self.app.storage.report(f"The record {path.name} could not be opened ({exc.__class__.__name__}).")
        problems = self.app.storage.take_problems()
        mine = [p for p in problems if path.name in p]
        for other in problems:
            if other not in mine:
                self.app.toast(other)
        if loaded is None:
            self.error = mine[-1] if mine else f"The record {path.name} could not be opened."
            return False
        self.error = ""
        self.app.push(ReplayScene(self.app, loaded))
        return True

    def summary(self, path: Path) -> RecordSummary:
        """The list line of a record (read once)."""
        found = self.summaries.get(path)
        if found is None:
            found = summarize(path)
            self.summaries[path] = found
        return found

    # -- input --------------------------------------------------------------------------

    def handle(self, event: Input) -> None:
        if isinstance(event, KeyPress):
            if event.key == "escape":
                self.close()
                return
            if event.key == "enter" and self.focus.focused is self.path_field:
                self.open_typed()
                return
        if isinstance(event, Scroll):
            for box in (self.games_list, self.files_list):
                if box.contains(event.pos):
                    box.scroll(-event.dy)
            return
        self.focus.handle(event)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        draw_heading(canvas, "Replays", (40, 28), 38)
        draw_panel(canvas, GAMES, "Finished games")
        if not self.games:
            self._draw_no_games(canvas)
        if len(self.games) > self.games_list.rows_shown:
            top = self.games_list.top
            last = min(len(self.games), top + self.games_list.rows_shown)
            canvas.text(f"{top + 1}–{last} of {len(self.games)}", (GAMES.right - 22, GAMES.y + 18), 12,
                        theme.TEXT_DIM, anchor="topright")
        self._draw_files_panel(canvas)
        self.focus.draw(canvas)
        draw_keys_help(canvas, "Tab / ↑ ↓ move   ·   Enter or a click watches   ·   type a path, Enter opens   ·   "
                               "Esc back")

    def _draw_no_games(self, canvas: Canvas) -> None:
        r = GAMES
        skin: SkinName = "greed" if self.app.settings.skin == "greed" else "pips"
        for i, face in enumerate((3, 6, 2)):
            draw_upright(canvas, skin, face, (r.centerx - 70 + i * 70, r.y + 180 + (i % 2) * 8), 52)
        canvas.text("No finished games yet", (r.centerx, r.y + 270), 24, theme.TEXT, font="bold", anchor="center")
        text = ("Every game played to the end is kept here (the latest 200), to be watched again step by step, "
                "forward and back.")
        lines = canvas.wrap(text, 16, r.w - 160)
        for i, line in enumerate(lines):
            canvas.text(line, (r.centerx, r.y + 312 + i * 22), 16, theme.TEXT_DIM, anchor="center")

    def _draw_files_panel(self, canvas: Canvas) -> None:
        r = FILES
        draw_panel(canvas, r, "Record files")
        canvas.text("Type the path of a record file (.json):", (r.x + 22, r.y + 50), 14, theme.TEXT_DIM)
        if self.error:
            lines = min(4, len(canvas.wrap(self.error, 14, r.w - 56)))
            canvas.box(pygame.Rect(r.x + 16, r.y + 132, r.w - 32, 18 + lines * 17.5), (60, 40, 16, 150), radius=8)
            canvas.paragraph(self.error, pygame.Rect(r.x + 28, r.y + 140, r.w - 56, 72), 14, theme.WARN, spacing=1.25)
        folder = display_path(self.app.storage.exports_dir)
        canvas.text("Or pick one from the exports folder:", (r.x + 22, r.y + 228), 14, theme.TEXT_DIM)
        canvas.text(fit_middle(canvas, folder, 13, r.w - 44), (r.x + 22, r.y + 250), 13, theme.TEXT, font="sans")
        canvas.paragraph("Exported games are written to this folder; record files copied into it are listed too.",
                         pygame.Rect(r.x + 22, r.bottom - 52, r.w - 44, 40), 12, theme.TEXT_DIM)

    def _draw_game(self, canvas: Canvas, index: int, row: pygame.Rect, selected: bool) -> None:
        s = self.summary(self.games[index])
        x: float = row.x + 14
        if s.problem is not None:
            canvas.text("This record cannot be read", (x, row.y + 12), 16, theme.WARN, font="bold")
            canvas.text(f"{s.when}  ·  {s.problem}", (x, row.y + 38), 13, theme.TEXT_DIM, max_width=row.w - 28)
            return
        right = row.right - 14
        for seat, name in enumerate(s.players):
            won = seat in s.winners
            label = f"{'★ ' if won else ''}{name} {s.scores[seat]:,}"
            w = canvas.text_width(label, 15, "bold") + 28
            if x + w > right and seat < len(s.players) - 1:
                canvas.text(f"+{len(s.players) - seat} more", (x, row.y + 10), 14, theme.TEXT_DIM)
                break
            canvas.circle(theme.seat_color(seat), (x + 5, row.y + 20), 5)
            canvas.text(label, (x + 16, row.y + 10), 15, theme.GOLD if won else theme.TEXT, font="bold",
                        max_width=right - x - 16)
            x += w
        state = "" if s.finished else "  ·  unfinished"
        turns = f"{s.turns} {'turn' if s.turns == 1 else 'turns'}"
        canvas.text(f"{s.rules}  ·  {turns}  ·  {s.when}{state}", (row.x + 14, row.y + 38), 13, theme.TEXT_DIM,
                    max_width=row.w - 28)

    def _draw_file(self, canvas: Canvas, index: int, row: pygame.Rect, selected: bool) -> None:
        path = self.files[index]
        canvas.text(path.name, (row.x + 12, row.y + 6), 14, theme.TEXT, font="bold", max_width=row.w - 24)
        canvas.text(_when(path), (row.x + 12, row.y + 26), 12, theme.TEXT_DIM)


# -- the viewer --------------------------------------------------------------------------------


@dataclass
class Step:
    """What the table shows after one event of a replay."""

    seat: int
    """The seat whose event it was (its plate and row are lit)."""
    throw: list[DieView] = field(default_factory=list)
    """The dice of the last throw still on the felt."""
    void: bool = False
    groups: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    """The dice kept this turn, keep by keep, with the points each keep added."""
    points: int | None = None
    note: str | None = None
    note_color: tuple[int, int, int] = theme.TEXT_DIM
    title: str = ""
    sub: str = ""
    color: tuple[int, int, int] = theme.GOLD


def _remove(dice: list[DieView], kept: tuple[int, ...]) -> list[DieView]:
    """The dice left on the felt once ``kept`` were taken (matching values, rightmost first)."""
    left = list(dice)
    for value in kept:
        for i in range(len(left) - 1, -1, -1):
            if left[i].value == value:
                del left[i]
                break
    return left


def _lay_out(dice: tuple[int, ...], seed: int) -> list[DieView]:
    """Dice lying on the felt in a loose row, the same way every time for the same throw."""
    rng = random.Random(seed)
    n = len(dice)
    gap = 92.0
    x0 = FELT.centerx - gap * (n - 1) / 2
    views = []
    for i, value in enumerate(dice):
        v = DieView(value, DIE, rng)
        v.x = x0 + i * gap + rng.uniform(-12, 12)
        v.y = FELT.centery + 40 + rng.uniform(-26, 26) + (14 if i % 2 else -14)
        v.angle = rng.uniform(-0.35, 0.35)
        views.append(v)
    return views


def replay_step(rep: Replay, position: int) -> Step:
    """The table after ``position`` events of ``rep`` (0: before the first)."""
    states, events, players = rep.states, rep.record.events, rep.record.players
    if position <= 0:
        names = ", ".join(p.name for p in players)
        return Step(states[0].current, title="Replay", sub=names, color=theme.GOLD)
    if isinstance(events[position - 1], Void) and position >= 2:
        return _void_step(rep, position)
    before, after = states[position - 1], states[position]
    seat, turn = before.current, before.turn
    start = position - 1
    while start > 0:
        prev = start - 1
        if isinstance(events[prev], Void):  # a throw that did not count, and its void: same turn
            if prev >= 1 and states[prev - 1].turn == turn:
                start = prev - 1
                continue
            break
        if states[prev].turn != turn or isinstance(events[prev], FirstPlayer):
            break
        start = prev
    step = Step(seat)
    for j in range(start, position):
        event = events[j]
        if isinstance(event, Roll):
            step.throw = _lay_out(event.dice, j)
            step.void = False
        elif isinstance(event, Keep):
            step.throw = _remove(step.throw, event.dice)
            step.groups.append((event.dice, states[j + 1].turn_points - states[j].turn_points))
        elif isinstance(event, Void):
            step.void = True
        elif isinstance(event, Carryover):
            step.throw, step.groups = [], []
    name = players[seat].name
    event = events[position - 1]
    ended = after.turn != turn or (after.finished and not before.finished)
    if isinstance(event, FirstPlayer):
        step.title, step.sub = f"{players[event.seat].name} starts", "won the roll for the first turn"
    elif isinstance(event, Roll) and ended:
        lost = before.turn_points
        step.title, step.sub, step.color = "Bust!", (f"{name} loses {lost:,}" if lost else "No scoring dice"), theme.RED
        step.points, step.note, step.note_color = lost, "lost in a bust", theme.RED
    elif isinstance(event, Roll) and after.rescued:
        step.title, step.sub, step.color = "Doubles rescue", f"{after.dice_left} fresh dice", theme.BLUE
    elif isinstance(event, Keep) and not step.throw and before.throw is not None and after.dice_left == rep.rules.dice:
        step.title, step.sub, step.color = "Hot dice!", f"All {rep.rules.dice} dice come back", theme.GREEN
    elif isinstance(event, Bank):
        gained = after.scores[seat] - before.scores[seat]
        step.title, step.sub = f"{name} banks {gained:,}", f"Total {after.scores[seat]:,}"
        step.points, step.note, step.note_color = gained, "banked", theme.GREEN
    elif isinstance(event, Carryover):
        if event.accept and before.offer is not None:
            step.title, step.color = f"{name} takes the dice", theme.BLUE
            step.sub = f"{before.offer.points:,} points and {before.offer.dice} to throw"
        else:
            step.title, step.sub, step.color = f"{name} declines", "A fresh start with all the dice", theme.TEXT
    if ended and step.points is None:
        step.points, step.note = before.turn_points, ""
    if after.finished and not before.finished:
        winners = [players[s].name for s in after.winners]
        step.title = f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}!"
        step.sub = f"The game is over at {after.scores[after.winners[0]]:,} points" if after.winners else ""
        step.color = theme.GOLD
    if step.void:
        for die in step.throw:
            die.alpha = 110
    return step


def _void_step(rep: Replay, position: int) -> Step:
    """The table after a void: the throw that does not count, dimmed; the turn as before it."""
    step = replay_step(rep, position - 1)
    event = rep.record.events[position - 1]
    why = "A die left the felt" if isinstance(event, Void) and event.reason == "off-felt" else "A die leant"
    step.void = True
    for die in step.throw:
        die.alpha = 110
    step.title, step.sub, step.color = "Void throw", f"{why}: the dice are thrown again", theme.WARN
    step.points, step.note, step.note_color = None, None, theme.TEXT_DIM
    return step


PLAY_STEP = 0.8
"""Seconds between steps while the replay plays by itself."""
SCRUB = pygame.Rect(462, TOP_BAR.y + 16, 236, 8)


class ReplayScene(Scene):
    """A recorded game, step by step: ← → a step, PgUp PgDn a turn, Home End the ends, Space plays."""

    name = "replay"

    def __init__(self, app: App, rep: Replay) -> None:
        super().__init__(app)
        self.replay = rep
        self.players = list(rep.record.players)
        self.captions = [rep.caption(k) for k in range(len(rep) + 1)]
        self.playing = False
        self.timer = 0.0
        self._steps: dict[int, Step] = {}
        x, y, h = ACTIONS.right - 460, ACTIONS.y + 8, 50
        self.first_button = Button(pygame.Rect(x, y, 84, h), "First", self.first, hint="Home", size=16)
        self.back_button = Button(pygame.Rect(x + 92, y, 84, h), "◀ Back", self.back, hint="←", size=16)
        self.play_button = Button(pygame.Rect(x + 184, y, 92, h), "Play", self.toggle_play, hint="Space",
                                  primary=True, size=16)
        self.next_button = Button(pygame.Rect(x + 284, y, 84, h), "Next ▶", self.forward, hint="→", size=16)
        self.last_button = Button(pygame.Rect(x + 376, y, 84, h), "Last", self.last, hint="End", size=16)
        self.close_button = Button(pygame.Rect(SIDE.right - 110, SIDE.bottom - 50, 96, 40), "Close", self.close,
                                   hint="Esc", size=15)
        self.focus = FocusGroup([self.first_button, self.back_button, self.play_button, self.next_button,
                                 self.last_button, self.close_button], focus=3)
        self._sync()

    # -- stepping -----------------------------------------------------------------------

    @property
    def position(self) -> int:
        """Events applied so far."""
        return self.replay.position

    @property
    def step(self) -> Step:
        """What the table shows now."""
        found = self._steps.get(self.position)
        if found is None:
            found = replay_step(self.replay, self.position)
            self._steps[self.position] = found
        return found

    def _moved(self, moved: bool) -> None:
        if moved:
            self._sync()

    def _sync(self) -> None:
        self.play_button.label = "Pause" if self.playing else "Play"
        self.first_button.enabled = self.back_button.enabled = not self.replay.at_start
        self.next_button.enabled = self.last_button.enabled = not self.replay.at_end
        if self.replay.at_end and self.playing:
            self.playing = False
            self.play_button.label = "Play"

    def forward(self) -> None:
        """One event on."""
        self._moved(self.replay.forward())

    def back(self) -> None:
        """One event back."""
        self._moved(self.replay.back())

    def first(self) -> None:
        """Before the first event."""
        self._moved(self.replay.seek(0))

    def last(self) -> None:
        """After the last event."""
        self._moved(self.replay.seek(len(self.replay)))

    def seek(self, position: int) -> None:
        """Go to a position (clamped)."""
        self._moved(self.replay.seek(position))

    def toggle_play(self) -> None:
        """Play the events one after the other, or pause."""
        self.playing = not self.playing
        if self.playing and self.replay.at_end:
            self.replay.seek(0)
        self.timer = PLAY_STEP
        self._sync()

    def close(self) -> None:
        """Back to where the replay was opened from."""
        self.app.pop()

    # -- input --------------------------------------------------------------------------

    def handle(self, event: Input) -> None:
        if isinstance(event, KeyPress):
            keys: dict[str, Callable[[], None]] = {
                "escape": self.close,
                "left": self.back,
                "right": self.forward,
                "home": self.first,
                "end": self.last,
                "space": self.toggle_play,
                "pageup": lambda: self._moved(self.replay.previous_turn()),
                "pagedown": lambda: self._moved(self.replay.next_turn()),
            }
            action = keys.get(event.key)
            if action is not None:
                if event.key not in ("space", "escape"):
                    self.playing = False
                action()
                self._sync()
                return
            if event.key == "enter" and not self.focus.keyboard:
                self.forward()
                return
        if isinstance(event, Scroll):
            self._moved(self.replay.forward() if event.dy < 0 else self.replay.back())
            return
        if isinstance(event, Click) and event.button == 1:
            if SCRUB.inflate(0, 20).collidepoint(event.pos):
                share = (event.pos[0] - SCRUB.x) / SCRUB.w
                self.seek(round(share * len(self.replay)))
                return
            line = self._line_at(event.pos)
            if line is not None:
                self.seek(line)
                return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.timer -= dt
        if self.timer <= 0:
            self.timer = PLAY_STEP
            self._moved(self.replay.forward())
            self._sync()

    # -- drawing ------------------------------------------------------------------------

    @property
    def skin(self) -> SkinName:
        """The die skin: the setting, or the rules' own."""
        s = self.app.settings.skin
        return self.replay.rules.skin if s == "auto" else s

    def draw(self, canvas: Canvas) -> None:
        draw_table_background(canvas)
        state = self.replay.state
        step = self.step
        self._draw_top_bar(canvas)
        draw_plates(canvas, [p.name for p in self.players], state, step.seat)
        self._draw_tray(canvas, step)
        for die in step.throw:
            draw_die(canvas, self.skin, die)
        if step.void and step.throw:
            canvas.text("void", (FELT.centerx, FELT.centery + 110), 15, theme.WARN, font="bold", anchor="center")
        self._draw_caption_band(canvas, step)
        self._draw_actions(canvas)
        y = draw_player_rows(canvas, self.players, state, self.replay.rules.target, step.seat)
        self._draw_events(canvas, y)
        self.close_button.draw(canvas, focused=self.focus.keyboard and self.focus.focused is self.close_button,
                               hovered=self.focus.hover is self.close_button)

    def _draw_top_bar(self, canvas: Canvas) -> None:
        r = TOP_BAR
        rules = self.replay.rules
        canvas.text(rules.name, (r.x + 4, r.centery), 18, theme.GOLD, font="serif", anchor="midleft",
                    max_width=SCRUB.x - r.x - 130)
        name_w = min(canvas.text_width(rules.name, 18, "serif"), SCRUB.x - r.x - 130)
        canvas.text(f"to {rules.target:,}", (r.x + 16 + name_w, r.centery + 1), 14, theme.TEXT_DIM, anchor="midleft")
        chip = pygame.Rect(SCRUB.x - 94, r.y + 7, 80, 26)
        canvas.box(chip, (*theme.GOLD, 46), radius=13, border=1.2, border_color=theme.GOLD)
        canvas.text("REPLAY", chip.center, 13, theme.GOLD, font="bold", anchor="center")
        n = len(self.replay)
        canvas.box(SCRUB, (255, 255, 255, 40), radius=4)
        share = self.position / n if n else 0.0
        if share > 0:
            canvas.box(pygame.Rect(SCRUB.x, SCRUB.y, max(8, round(SCRUB.w * share)), SCRUB.h), theme.GOLD, radius=4)
        canvas.circle(theme.TEXT, (SCRUB.x + SCRUB.w * share, SCRUB.centery), 7)
        canvas.text(f"Event {self.position} of {n}", (r.right, r.centery), 14, theme.TEXT, font="bold",
                    anchor="midright")

    def _draw_caption_band(self, canvas: Canvas, step: Step) -> None:
        if not step.title:
            return
        band = pygame.Rect(FELT.x, FELT.y + 26, FELT.w, 92 if step.sub else 64)
        canvas.box(band, (10, 12, 14, 150))
        cy = band.centery - (14 if step.sub else 0)
        canvas.text(step.title, (band.centerx, cy), 34, step.color, font="serif", anchor="center", shadow=(0, 0, 0),
                    max_width=band.w - 40)
        if step.sub:
            canvas.text(step.sub, (band.centerx, band.centery + 26), 16, theme.TEXT, anchor="center",
                        max_width=band.w - 40)

    def _draw_tray(self, canvas: Canvas, step: Step) -> None:
        r = TRAY
        canvas.text("KEPT", (r.x + 36, r.centery), 12, (200, 170, 130), font="bold", anchor="center")
        count = sum(len(d) for d, _ in step.groups)
        gaps = max(0, len(step.groups) - 1)
        room = r.w - 280
        pitch = min(TRAY_DIE + 6, (room - gaps * 18) / max(1, count))
        x = r.x + 66 + pitch / 2
        for g, (dice, points) in enumerate(step.groups):
            if g:
                x += 18
            first = x
            for face in dice:
                draw_upright(canvas, self.skin, face, (x, r.y + 32), min(TRAY_DIE, pitch - 4))
                x += pitch
            canvas.text(f"+{points:,}", ((first + x - pitch) / 2, r.bottom - 10), 12, theme.GOLD, font="bold",
                        anchor="center")
        draw_turn_box(canvas, self.replay.state, points=step.points, note=step.note, note_color=step.note_color)

    def _draw_actions(self, canvas: Canvas) -> None:
        r = ACTIONS
        width = self.first_button.rect.x - r.x - 20
        lines = canvas.wrap(self.captions[self.position], 15, width, "bold")
        if len(lines) > 2:
            lines = [lines[0], canvas.fit(" ".join(lines[1:]), 15, width, "bold")]
        top = r.y + (12 if len(lines) > 1 else 22)
        for i, line in enumerate(lines):
            canvas.text(line, (r.x + 8, top + i * 22), 15, theme.TEXT, font="bold")
        focused = self.focus.focused if self.focus.keyboard else None
        for w in self.focus.widgets:
            if w is not self.close_button:
                w.draw(canvas, focused=w is focused, hovered=w is self.focus.hover and w.enabled)

    def _event_lines(self, top: float) -> tuple[list[int], float]:
        """The positions listed in the side panel from ``top`` down, and the line height."""
        line_h = 21.0
        room = max(1, int((SIDE.bottom - 62 - top) // line_h))
        total = len(self.captions)
        first = max(0, min(self.position - room // 2, total - room))
        return list(range(first, min(total, first + room))), line_h

    def _events_top(self) -> float:
        n = len(self.players)
        return SIDE.y + 38 + n * (50 if n <= 6 else 44) + 44

    def _line_at(self, pos: tuple[float, float]) -> int | None:
        top = self._events_top()
        if not (SIDE.x + 10 <= pos[0] <= SIDE.right - 10) or pos[1] < top:
            return None
        positions, line_h = self._event_lines(top)
        index = int((pos[1] - top) // line_h)
        return positions[index] if 0 <= index < len(positions) else None

    def _draw_events(self, canvas: Canvas, y: float) -> None:
        r = SIDE
        y += 10
        canvas.line(theme.PANEL_EDGE, (r.x + 16, y), (r.right - 16, y), 1)
        canvas.text("EVENTS", (r.x + 18, y + 10), 13, theme.GOLD, font="bold")
        canvas.text("click one to go there", (r.right - 18, y + 11), 11, theme.TEXT_DIM, anchor="topright")
        top = self._events_top()
        positions, line_h = self._event_lines(top)
        for i, k in enumerate(positions):
            ly = top + i * line_h
            current = k == self.position
            if current:
                canvas.box(pygame.Rect(r.x + 10, round(ly - 2), r.w - 20, round(line_h)), (*theme.GOLD, 40), radius=5,
                           border=1, border_color=theme.GOLD_DARK)
            ink = theme.TEXT if current else (theme.TEXT_DIM if k > self.position else (200, 198, 190))
            canvas.text(f"{k}", (r.x + 40, ly), 12, theme.TEXT_DIM, anchor="topright")
            canvas.text(self.captions[k], (r.x + 48, ly), 13, ink, font="bold" if current else "sans",
                        max_width=r.w - 66)
        draw_keys_help_side(canvas)


def draw_keys_help_side(canvas: Canvas) -> None:
    """The keys of the viewer, at the bottom of the side panel."""
    canvas.text("PgUp PgDn: a turn back or on", (SIDE.x + 18, SIDE.bottom - 30), 12, theme.TEXT_DIM,
                anchor="midleft")
