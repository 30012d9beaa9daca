"""Replays: the list of finished games and record files.

The list shows the finished games the storage keeps (``Archive.finished_games``)
and the record files in the exports folder, where the game writes its exports
and where a player can drop a record file; any other file can be opened by
typing its path. A record is opened with ``Archive.open_replay``: a file that
cannot be used is reported in plain words on the screen and never moved.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import draw_upright
from greed_game.app.input import Input, KeyPress, Scroll
from greed_game.app.navigation import Go, Pop, Push, ToReplaceGame, ToReplay, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import (
    continue_saved,
    draw_backdrop,
    draw_heading,
    draw_keys_help,
    draw_panel,
    standing_line,
)
from greed_game.app.scenes.table_parts import short_name
from greed_game.app.widgets import Button, FocusGroup, ListBox, TextField, Widget, fit_middle
from greed_game.i18n import _, moment, ngettext, say
from greed_game.narrator import num
from greed_game.narrator.rules_text import rules_name
from greed_game.play.user_rules import display_path
from greed_game.rules.history import game_history
from greed_game.rules.record import record_from_data
from greed_game.said import Said, said_of
from greed_game.storage import check_record, parse_json, read_text

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
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
    current: int = 0
    """The seat whose turn it is (an unfinished game)."""
    when: str = ""
    problem: str | None = None
    """Why the record cannot be read (the row says so; opening it gives the full reason)."""


def _when(path: Path) -> str:
    try:
        return moment(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return ""


def summarize(path: Path) -> RecordSummary:
    """What the list shows of a record file; never raises (a bad file gets a ``problem``)."""
    when = _when(path)
    try:
        record = record_from_data(parse_json(read_text(path)))
        game = check_record(record, kinds=False)  # the same checks as opening it: names, rules, events
    except FileNotFoundError:
        return RecordSummary(when=when, problem=_("the file is gone"))
    except RecursionError:
        return RecordSummary(when=when, problem=_("its data is nested too deeply"))
    except Exception as exc:  # any unreadable record: shown as such, never a crash
        return RecordSummary(when=when, problem=say(said_of(exc)))
    state = game.state
    return RecordSummary(
        players=tuple(p.name for p in game.players),
        scores=state.scores,
        winners=state.winners,
        rules=rules_name(game.rules),
        turns=len(game_history(game).turns),
        finished=state.finished,
        current=state.current,
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
        self.games: list[Path] = storage.archive.finished_games()
        self.files: list[Path] = record_files(storage.exports_dir)
        self.summaries: dict[Path, RecordSummary] = {}
        self.error = ""
        """Why the last record could not be opened, in plain words."""
        self.path_text = ""
        self.games_list = ListBox(pygame.Rect(GAMES.x + 16, GAMES.y + 50, GAMES.w - 30, 476), 68, len(self.games),
                                  self._draw_game, self.open_game)
        self.files_list = ListBox(pygame.Rect(FILES.x + 16, FILES.y + 104, FILES.w - 30, 260), 65,
                                  len(self.files), self._draw_file, self.open_file,
                                  empty=_("No record files here yet. Export a game from its pause menu or its "
                                          "scoreboard, or copy a record file into this folder."))
        self.play_on_button = Button(pygame.Rect(FILES.x + 20, FILES.y + 372, FILES.w - 40, 38),
                                     _("Play the selected game on"), self.play_on_selected, size=15)
        self.path_field = TextField(pygame.Rect(FILES.x + 20, FILES.y + 470, FILES.w - 140, 44), "", self._typed,
                                    placeholder="/path/to/record.json", max_len=1000, show_end=True)
        self.open_button = Button(pygame.Rect(FILES.right - 110, FILES.y + 470, 90, 44), _("Open"), self.open_typed,
                                  size=16)
        self.back = Button(pygame.Rect(40, 648, 200, 52), _("Back"), self.close, hint="Esc")
        widgets: list[Widget] = [self.games_list, self.files_list, self.play_on_button, self.path_field,
                                 self.open_button, self.back]
        self.focus = FocusGroup(widgets)
        if not self.games:
            self.focus.focus_on(self.path_field)
        self._follow_selection()

    def resume(self) -> None:
        self._follow_selection()

    # -- actions ------------------------------------------------------------------------

    def close(self) -> Go:
        """Back to the menu."""
        return Pop()

    def _typed(self, text: str) -> None:
        self.path_text = text

    def open_game(self, index: int) -> Go | None:
        """Watch finished game ``index`` of the list."""
        return self.open(self.games[index]) if 0 <= index < len(self.games) else None

    def open_file(self, index: int) -> Go | None:
        """Watch record file ``index`` of the exports folder."""
        return self.open(self.files[index]) if 0 <= index < len(self.files) else None

    def open_typed(self) -> Go | None:
        """Watch the record file whose path was typed."""
        text = self.path_text.strip().strip('"').strip("'")
        if not text:
            self.error = _("Type the path of a record file first (for example one you were sent).")
            return None
        return self.open(Path(text).expanduser())

    def open(self, path: Path) -> Go | None:
        """To the viewer of a record file; None (with the reason on the screen) when it cannot be used."""
        try:
            loaded = self.app.storage.archive.open_replay(path)
        except Exception as exc:  # a record the storage failed to refuse cleanly: still not a crash
            loaded = None
            self.app.storage.report(Said("The record {name} could not be opened ({problem}).", name=path.name,
                                         problem=exc.__class__.__name__))
        problems = self.app.storage.take_problems()
        mine = [p for p in problems if p.values.get("name") == path.name]  # the sentences that name this file
        for other in problems:
            if other not in mine:
                self.app.toast(other)
        if loaded is None:
            self.error = say(mine[-1]) if mine else _("The record {name} could not be opened.").format(name=path.name)
            return None
        self.error = ""
        return Push(ToReplay(loaded))

    def _follow_selection(self) -> None:
        """The Play-on button follows the selection of the list: shown for an unfinished game only."""
        chosen = self.selected_unfinished()
        self.play_on_button.visible = self.play_on_button.enabled = chosen is not None

    def selected_unfinished(self) -> Path | None:
        """The record file selected in the list, if it holds an unfinished game that can be played on."""
        index = self.files_list.selected
        if not 0 <= index < len(self.files):
            return None
        path = self.files[index]
        s = self.summary(path)
        return path if s.problem is None and not s.finished else None

    def play_on_selected(self) -> Go | None:
        """Play on the unfinished game of the selected record file."""
        path = self.selected_unfinished()
        return None if path is None else self.play_on(path)

    def play_on(self, path: Path) -> Go | None:
        """Play on an unfinished game from its record file, with new dice to come (a record keeps none); None
        (with the reason on the screen) when it cannot be.

        A game in progress is not replaced unseen: the player is asked first, and if they go ahead it is
        exported like any game set aside. The record file itself is left as it is.
        """
        from greed_game.storage import parse_saved_record

        try:
            record, game = parse_saved_record(read_text(path))
        except (OSError, ValueError, RecursionError) as exc:
            self.error = _("The record {name} cannot be played on: {problem}").format(name=path.name, problem=exc)
            return None
        if game.finished:
            self.error = _("The game of {name} is finished: it can only be watched.").format(name=path.name)
            return None
        record.extra.clear()  # whatever dice state it carries is not this window's to trust

        def start() -> Go | None:
            seed = self.app.new_seed()
            if self.app.storage.autosave.save_game(record, rng=random.Random(seed), seed=seed):
                return continue_saved(self.app)
            self.app.show_problems()
            return None

        in_progress = self.app.storage.game_in_progress()
        if in_progress is None:
            return start()
        _record, current = in_progress
        return Push(ToReplaceGame(rules_name(current.rules), standing_line(current), start))

    def summary(self, path: Path) -> RecordSummary:
        """The list line of a record (read once)."""
        found = self.summaries.get(path)
        if found is None:
            found = summarize(path)
            self.summaries[path] = found
        return found

    # -- input --------------------------------------------------------------------------

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            if event.key == "escape":
                return self.close()
            if event.key == "enter" and self.focus.focused is self.path_field:
                return self.open_typed()
        if isinstance(event, Scroll):
            for box in (self.games_list, self.files_list):
                if box.contains(event.pos):
                    box.scroll(-event.dy)
            return None
        where = went(self.focus.handle(event))
        self._follow_selection()
        return where

    # -- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        draw_heading(canvas, _("Replays"), (40, 28), 38)
        draw_panel(canvas, GAMES, _("Finished games"))
        if not self.games:
            self._draw_no_games(canvas)
        if len(self.games) > self.games_list.rows_shown:
            top = self.games_list.top
            last = min(len(self.games), top + self.games_list.rows_shown)
            canvas.text(_("{first}–{last} of {count}").format(first=top + 1, last=last, count=len(self.games)),
                        (GAMES.right - 22, GAMES.y + 18), 12,
                        theme.TEXT_DIM, anchor="topright")
        self._draw_files_panel(canvas)
        self.focus.draw(canvas)
        draw_keys_help(canvas, _("Tab / ↑ ↓ move   ·   Enter or a click watches   ·   type a path, Enter opens   ·   "
                                 "Esc back"))

    def _draw_no_games(self, canvas: Canvas) -> None:
        r = GAMES
        skin: SkinName = "greed" if self.app.settings.skin == "greed" else "pips"
        for i, face in enumerate((3, 6, 2)):
            draw_upright(canvas, skin, face, (r.centerx - 70 + i * 70, r.y + 180 + (i % 2) * 8), 52)
        canvas.text(_("No finished games yet"), (r.centerx, r.y + 270), 24, theme.TEXT, font="bold", anchor="center")
        text = _("Every game played to the end is kept here (the latest 200), to be watched again step by step, "
                 "forward and back.")
        lines = canvas.wrap(text, 16, r.w - 160)
        for i, line in enumerate(lines):
            canvas.text(line, (r.centerx, r.y + 312 + i * 22), 16, theme.TEXT_DIM, anchor="center")

    def _draw_files_panel(self, canvas: Canvas) -> None:
        r = FILES
        draw_panel(canvas, r, _("Record files"))
        canvas.paragraph(_("Exports, and unfinished games set aside for a new one, are written here (files "
                           "copied here are listed too):"), pygame.Rect(r.x + 22, r.y + 44, r.w - 44, 36), 12,
                         theme.TEXT_DIM)
        folder = display_path(self.app.storage.exports_dir)
        canvas.text(fit_middle(canvas, folder, 13, r.w - 44), (r.x + 22, r.y + 82), 13, theme.TEXT, font="sans")
        if self.error:
            lines = min(2, len(canvas.wrap(self.error, 13, r.w - 56)))
            canvas.box(pygame.Rect(r.x + 16, r.y + 416, r.w - 32, 14 + lines * 16.5), (60, 40, 16, 150), radius=8)
            canvas.paragraph(self.error, pygame.Rect(r.x + 28, r.y + 422, r.w - 56, 34), 13, theme.WARN,
                             spacing=1.25)
        else:
            canvas.text(_("Or type the path of a record file (.json):"), (r.x + 22, r.y + 444), 14, theme.TEXT_DIM)

    def _draw_game(self, canvas: Canvas, index: int, row: pygame.Rect, selected: bool) -> None:
        s = self.summary(self.games[index])
        x: float = row.x + 14
        if s.problem is not None:
            canvas.text(_("This record cannot be read"), (x, row.y + 12), 16, theme.WARN, font="bold")
            canvas.text(f"{s.when}  ·  {s.problem}", (x, row.y + 38), 13, theme.TEXT_DIM, max_width=row.w - 28)
            return
        right = row.right - 14
        for seat, name in enumerate(s.players):
            won = seat in s.winners
            label = f"{'★ ' if won else ''}{name} {num(s.scores[seat])}"
            w = canvas.text_width(label, 15, "bold") + 28
            if x + w > right and seat < len(s.players) - 1:
                canvas.text(_("+{count} more").format(count=len(s.players) - seat), (x, row.y + 10), 14,
                            theme.TEXT_DIM)
                break
            canvas.circle(theme.seat_color(seat), (x + 5, row.y + 20), 5)
            canvas.text(label, (x + 16, row.y + 10), 15, theme.GOLD if won else theme.TEXT, font="bold",
                        max_width=right - x - 16)
            x += w
        state = "" if s.finished else _("  ·  unfinished")
        turns = ngettext("{count} turn", "{count} turns", s.turns).format(count=num(s.turns))
        canvas.text(f"{s.rules}  ·  {turns}  ·  {s.when}{state}", (row.x + 14, row.y + 38), 13, theme.TEXT_DIM,
                    max_width=row.w - 28)

    def _draw_file(self, canvas: Canvas, index: int, row: pygame.Rect, selected: bool) -> None:
        """A record file: who played and the scores, whether the game is finished (or whose turn it is),
        then the file's name and date; an unfinished game (one set aside for a new game) stands out."""
        path = self.files[index]
        s = self.summary(path)
        x, w = row.x + 12, row.w - 24
        if s.problem is not None:
            canvas.text(_("This record cannot be read"), (x, row.y + 4), 14, theme.WARN, font="bold", max_width=w)
            canvas.text(s.problem, (x, row.y + 23), 12, theme.TEXT_DIM, max_width=w)
        else:
            scores = "  ·  ".join(f"{'★ ' if seat in s.winners else ''}{name} {num(s.scores[seat])}"
                                  for seat, name in enumerate(s.players))
            if canvas.text_width(scores, 14, "bold") > w:  # first names, then an ellipsis
                scores = "  ·  ".join(f"{'★ ' if seat in s.winners else ''}{(name.split() or [name])[0]} "
                                      f"{num(s.scores[seat])}" for seat, name in enumerate(s.players))
            canvas.text(scores, (x, row.y + 4), 14, theme.TEXT, font="bold", max_width=w)
            turns = ngettext("{count} turn", "{count} turns", s.turns).format(count=num(s.turns))
            if s.finished:
                status, ink = _("Finished  ·  {turns}").format(turns=turns), theme.TEXT_DIM
            else:
                whose = s.players[s.current] if 0 <= s.current < len(s.players) else "?"
                status = _("Unfinished  ·  {name} to play  ·  {turns}").format(
                    name=short_name(canvas, whose, 12, w / 3), turns=turns)
                ink = theme.GOLD
            canvas.text(status, (x, row.y + 23), 12, ink, font="bold" if not s.finished else "sans", max_width=w)
        head = "  ·  ".join(part for part in (s.rules, s.when) if part) + "  ·  "
        name = fit_middle(canvas, path.name, 11, max(40.0, w - canvas.text_width(head, 11)))
        canvas.text(head + name, (x, row.y + 41), 11, theme.TEXT_DIM, max_width=w)
