"""The main menu: the first screen, drawn before anything of the game itself is imported."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from greed_game import __version__
from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.input import Input, KeyPress
from greed_game.app.navigation import (
    Go,
    Push,
    ToLearn,
    ToReplays,
    ToRules,
    ToSettings,
    ToSetup,
    ToStatistics,
    went,
)
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import (
    continue_saved,
    draw_backdrop,
    draw_keys_help,
    standing_line,
)
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.i18n import _

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App

CONTINUE_W = 340
"""The menu's buttons' width (logical pixels)."""
TITLE_FACES = (6, 5, 4, 2, 3, 1)
"""$ G R E E D."""
TITLE_TILT = (-7.0, 4.0, -3.0, 6.0, -5.0, 3.0)


class MenuScene(Scene):
    """Continue, New game, Rules, Settings, Quit."""

    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = FocusGroup(menu=True)
        self._hint: tuple[tuple[int, int, float] | None, str] = (None, "")
        self._build()

    def continue_hint(self) -> str:
        """What Continue would resume, in one line (``Classic Five: You 1,200 · Ada 900 — your turn``).

        Read without side effects: a damaged save says what is wrong when Continue is pressed. Read again only
        when the file changed.
        """
        path = self.app.storage.autosave_path
        try:
            stat = path.stat()
            key = (stat.st_mtime_ns, stat.st_size, self.app.canvas.scale)  # (the line is fitted to the window)
        except OSError:
            return ""
        if self._hint[0] != key:
            self._hint = (key, self._read_hint())
        return self._hint[1]

    def _read_hint(self) -> str:
        from greed_game.narrator.rules_text import rules_name
        from greed_game.storage import parse_saved_record, read_text

        try:
            _record, game = parse_saved_record(read_text(self.app.storage.autosave_path))
        except (OSError, ValueError, RecursionError):
            return ""
        if game.finished:
            return ""
        standing = standing_line(game, 48)
        full = f"{rules_name(game.rules)}: {standing}"
        # The rules' name goes first where the line would not fit under the button (a small window's text is
        # relatively larger): where the game stands is what a player looks for.
        return full if self.app.canvas.text_width(full, 11) <= CONTINUE_W - 12 else standing

    def _build(self) -> None:
        has_save = self.app.storage.has_saved_game()
        x, w, h, gap = LOGICAL_W // 2 - CONTINUE_W // 2, CONTINUE_W, 44, 8
        y = 250
        entries: list[tuple[str, Callable[[], Go | None], bool]] = [
            (_("Continue"), self._continue, has_save),
            (_("New game"), self.open_setup, True),
            (_("Learn to play"), self.open_learn, True),
            (_("Statistics"), self.open_statistics, True),
            (_("Replays"), self.open_replays, True),
            (_("Rules"), self.open_rules, True),
            (_("Settings"), self.open_settings, True),
            (_("Quit"), self.app.quit, True),
        ]
        buttons: list[Widget] = []
        for i, (label, action, enabled) in enumerate(entries):
            rect = pygame.Rect(x, y + i * (h + gap), w, h)
            hint = self.continue_hint() if i == 0 and has_save else ""
            buttons.append(Button(rect, label, action, enabled=enabled, primary=i == (0 if has_save else 1), size=20,
                                  hint=hint))
        self.focus.set(buttons, keep_focus=False)
        self.focus.focus = 0 if has_save else 1

    def resume(self) -> None:
        self._build()

    def _continue(self) -> Go | None:
        where = continue_saved(self.app)
        if where is None:
            self._build()  # the saved game may have been set aside: Continue is off now
            self.focus.keyboard = True
        return where

    def open_learn(self) -> Go:
        """Learn to play: a guided game."""
        return Push(ToLearn())

    def update(self, dt: float) -> Go | None:
        if self.app.first_start and not self.app.settings.lesson_offered:
            return Push(ToLearn(offer=True))  # a new player is offered the lesson once (the screen notes it)
        return None

    def open_statistics(self) -> Go:
        """The statistics across games."""
        return Push(ToStatistics())

    def open_replays(self) -> Go:
        """Finished games and record files to watch."""
        return Push(ToReplays())

    def open_setup(self) -> Go:
        """The new-game screen."""
        return Push(ToSetup())

    def open_rules(self) -> Go:
        return Push(ToRules())

    def open_settings(self) -> Go:
        return Push(ToSettings())

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress) and event.key == "escape":
            # Esc first goes to Quit, then quits: a stray Esc closed the game at once (nothing was lost, but the
            # player was out of it)
            last = len(self.focus.widgets) - 1
            if self.focus.keyboard and self.focus.focus == last:
                self.app.quit()
            else:
                self.focus.focus, self.focus.keyboard = last, True
            return None
        if isinstance(event, KeyPress) and event.key in ("left", "right"):
            return None
        return went(self.focus.handle(event))

    def draw(self, canvas: Canvas) -> None:
        first = self.focus.widgets[0] if self.focus.widgets else None
        if isinstance(first, Button) and first.hint:
            # (fitted to the window as it is now: made for a larger one, the line was cut, "— your t…")
            first.hint = self.continue_hint() or first.hint
        draw_backdrop(canvas)
        draw_title(canvas, 130)
        canvas.text(_("THE PUSH-YOUR-LUCK DICE GAME"), (LOGICAL_W / 2, 214), 17, theme.GOLD, font="bold",
                    anchor="center")
        self.focus.draw(canvas)
        sound = _("   ·   no sound device: playing without sound") if self.app.no_sound_device else ""
        keys = _("↑ ↓ choose   ·   Enter select   ·   F11 full screen{sound}   ·   version {version}").format(
            sound=sound, version=__version__)
        if self.focus.keyboard and self.focus.focus == len(self.focus.widgets) - 1:
            keys = _("Esc again or Enter: quit (the game in progress is kept for Continue)")
        draw_keys_help(canvas, keys)


def draw_title(canvas: Canvas, y: float, size: float = 84) -> None:
    """The game's name spelt in $GREED letter dice."""
    from greed_game.app.skins import face_image, shadow_image

    step = size * 1.2
    x0 = LOGICAL_W / 2 - step * 2.5
    px = canvas.px(size)
    for i, (face, tilt) in enumerate(zip(TITLE_FACES, TITLE_TILT, strict=True)):
        cx = x0 + i * step
        cy = y + (6 if i % 2 else -4)
        shadow = canvas.cached(("title-shadow", px, tilt), partial(pygame.transform.rotate, shadow_image(px), tilt))
        canvas.blit(shadow, (cx + 5, cy + 8))
        image = canvas.cached(("title", face, px, tilt),
                              partial(pygame.transform.rotozoom, face_image("greed", face, px), tilt, 1.0))
        canvas.blit(image, (cx, cy))
