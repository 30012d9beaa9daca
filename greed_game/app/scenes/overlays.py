"""Overlays drawn over the scene below: the rules, the settings, the pause menu."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.input import Click, Input, KeyPress, Scroll
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import draw_heading, draw_panel, draw_scrim
from greed_game.app.user_rules import display_path
from greed_game.app.widgets import Button, FocusGroup, Selector, Widget, fit_middle

if TYPE_CHECKING:
    from pathlib import Path

    from greed_game.app.scenes.base import App
    from greed_game.rules import Record, RuleSet


class Overlay(Scene):
    """A panel over the darkened scene below; Esc closes it."""

    opaque = False
    PANEL = pygame.Rect(0, 0, 0, 0)
    focus: FocusGroup

    def close(self) -> None:
        """Go back to the scene below."""
        self.app.pop()

    def handle(self, event: Input) -> None:
        if isinstance(event, KeyPress) and event.key == "escape":
            self.close()
            return
        self.focus.handle(event)

    def draw_card(self, canvas: Canvas, title: str, size: int = 32) -> pygame.Rect:
        """The darkened scene, the panel and its heading; returns the panel."""
        draw_scrim(canvas)
        p = self.PANEL
        draw_panel(canvas, p, alpha=250)
        draw_heading(canvas, title, (p.centerx, p.y + 44), size, anchor="center")
        return p


class RulesOverlay(Overlay):
    """The readable rules of any preset, generated from its rules file; scrolls."""

    name = "rules"
    PANEL = pygame.Rect(120, 36, 1040, 648)
    TEXT_SIZE = 16
    LINE_H = 23

    def __init__(self, app: App, preset_index: int = 0, *, rules: RuleSet | None = None) -> None:
        super().__init__(app)
        from greed_game.presets import presets

        self.presets = list(presets())
        self.extra = rules
        """Rules of the game in progress when they are not a preset (a custom rules file)."""
        if rules is not None:
            same_id = [i for i, p in enumerate(self.presets) if p.id == rules.id and p.name == rules.name]
            if rules in self.presets:
                preset_index = self.presets.index(rules)
            elif same_id:  # a preset with changes (another target): show the rules as played
                preset_index = same_id[0]
                self.presets[preset_index] = rules
            else:  # a player's own rules file
                self.presets.append(rules)
                preset_index = len(self.presets) - 1
        self.index = preset_index
        self.scroll = 0.0
        self._lines: list[tuple[str, bool]] = []
        self._wrapped_for: tuple[int, float] | None = None
        p = self.PANEL
        self.selector = Selector(pygame.Rect(p.x + 30, p.y + 64, 560, 44), "", [(i, r.name) for i, r in
                                 enumerate(self.presets)], self.index, self._choose)
        self.close_button = Button(pygame.Rect(p.right - 190, p.y + 64, 160, 44), "Close", self.close, hint="Esc")
        self.focus = FocusGroup([self.selector, self.close_button])

    @property
    def body(self) -> pygame.Rect:
        """Where the text scrolls."""
        p = self.PANEL
        return pygame.Rect(p.x + 30, p.y + 124, p.w - 70, p.h - 164)

    def _choose(self, index: int) -> None:
        self.index = index
        self.scroll = 0.0

    def lines(self, canvas: Canvas) -> list[tuple[str, bool]]:
        """The wrapped text: ``(line, is_heading)``."""
        key = (self.index, canvas.scale)
        if self._wrapped_for != key:
            from greed_game.narrator.rules_text import rules_text

            rules = self.presets[self.index]
            chosen = self.app.settings.skin
            text = rules_text(rules, rules.skin if chosen == "auto" else chosen)
            out: list[tuple[str, bool]] = []
            paragraph: list[str] = []

            def flush() -> None:
                if paragraph:
                    for line in canvas.wrap(" ".join(paragraph), self.TEXT_SIZE, self.body.w):
                        out.append((line, False))
                    paragraph.clear()

            for raw in text.splitlines()[1:]:
                stripped = raw.strip()
                if not stripped:
                    flush()
                    out.append(("", False))
                elif stripped.isupper() and len(stripped) > 3:
                    flush()
                    out.append((stripped, True))
                elif raw.startswith("  "):
                    flush()
                    for line in canvas.wrap("•  " + stripped, self.TEXT_SIZE, self.body.w - 20):
                        out.append(("    " + line, False))
                else:
                    paragraph.append(stripped)
            flush()
            self._lines = out
            self._wrapped_for = key
        return self._lines

    def _scroll_by(self, lines: float) -> None:
        self._scroll_to(self.scroll + lines * self.LINE_H)

    def _limit(self) -> float:
        """The furthest scroll: whole lines, so that the last line can be read whole."""
        over = len(self._lines) * self.LINE_H - self.body.h
        return math.ceil(over / self.LINE_H) * self.LINE_H if over > 0 else 0.0

    def _scroll_to(self, offset: float) -> None:
        # Whole lines only: no line is ever shown cut in half at the top or the bottom.
        limit = self._limit() if self._lines else offset
        self.scroll = round(max(0.0, min(offset, limit)) / self.LINE_H) * self.LINE_H

    def handle(self, event: Input) -> None:
        if isinstance(event, KeyPress):
            step = {"down": 1, "up": -1, "pagedown": 12, "pageup": -12, "space": 12}.get(event.key)
            if event.key == "escape":
                self.close()
            elif step is not None:
                self._scroll_by(step)
            elif event.key == "home":
                self._scroll_to(0)
            elif event.key == "end":
                self._scroll_to(1e9)
            elif event.key in ("left", "right"):
                self.selector.key(event)
            elif event.key in ("enter", "tab"):
                self.focus.handle(event)
            return
        if isinstance(event, Scroll):
            self._scroll_by(-3 * event.dy)
            return
        self.focus.handle(event)

    def draw(self, canvas: Canvas) -> None:
        draw_scrim(canvas)
        p = self.PANEL
        draw_panel(canvas, p, alpha=250)
        draw_heading(canvas, "Rules", (p.x + 30, p.y + 14), 32)
        self.focus.draw(canvas)
        body = self.body
        lines = self.lines(canvas)
        total = len(lines) * self.LINE_H
        limit = self._limit()
        offset = min(self.scroll, limit)
        first = round(offset / self.LINE_H)
        y: float = body.y
        for text, heading in lines[first:]:
            if y + self.LINE_H > body.bottom + 1:
                break  # only whole lines: the next one shows after a scroll
            if heading:
                canvas.text(text, (body.x, y + 4), 14, theme.GOLD, font="bold")
            elif text:
                canvas.text(text, (body.x, y), self.TEXT_SIZE, theme.TEXT)
            y += self.LINE_H
        if limit > 0:
            track = pygame.Rect(p.right - 26, body.y, 6, body.h)
            canvas.box(track, (255, 255, 255, 25), radius=3)
            thumb_h = max(30, body.h * body.h / total)
            thumb_y = body.y + (body.h - thumb_h) * (offset / limit)
            canvas.box(pygame.Rect(track.x, thumb_y, 6, thumb_h), theme.GOLD_DARK, radius=3)
        canvas.text("↑ ↓ PgUp PgDn or the wheel scroll  ·  ← → another rule set  ·  Esc close",
                    (p.centerx, p.bottom - 8), 13, theme.TEXT_DIM, anchor="midbottom")


SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]
VOIDS = [("off", "Off"), ("rare", "Rare"), ("realistic", "Realistic")]
ON_OFF = [(True, "On"), (False, "Off")]
SKINS = [("auto", "As the rules say"), ("pips", "Classic pips"), ("greed", "$GREED letters")]


class SettingsOverlay(Overlay):
    """Animation speed, void throws, sound, full screen, die skin; saved at once."""

    name = "settings"
    PANEL = pygame.Rect(290, 70, 700, 580)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        p = self.PANEL
        x, w, h, gap = p.x + 40, p.w - 80, 48, 16
        y = p.y + 96

        def row(i: int) -> pygame.Rect:
            return pygame.Rect(x, y + i * (h + gap), w, h)

        self.speed = Selector(row(0), "Animation speed", SPEEDS, s.animation_speed, self._set("animation_speed"),
                              label_width=250)
        self.void = Selector(row(1), "Void throws", VOIDS, s.void_frequency, self._set("void_frequency"),
                             label_width=250)
        self.sound = Selector(row(2), "Sound", ON_OFF, s.sound, self._set("sound"), label_width=250)
        self.fullscreen = Selector(row(3), "Full screen (F11)", ON_OFF, s.fullscreen, self._fullscreen,
                                   label_width=250)
        self.skin = Selector(row(4), "Dice", SKINS, s.skin, self._set("skin"), label_width=250)
        self.done = Button(pygame.Rect(p.centerx - 100, p.bottom - 74, 200, 52), "Done", self.close, hint="Esc",
                           primary=True)
        widgets: list[Widget] = [self.speed, self.void, self.sound, self.fullscreen, self.skin, self.done]
        self.focus = FocusGroup(widgets)
        self.focus.keyboard = True

    def _set(self, field: str) -> Callable[[object], None]:
        def apply(value: object) -> None:
            setattr(self.app.settings, field, value)
            self.app.save_settings()

        return apply

    def _fullscreen(self, value: bool) -> None:
        self.app.set_fullscreen(value)

    def handle(self, event: Input) -> None:
        if isinstance(event, KeyPress) and event.key == "escape":
            self.close()
            return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        self.fullscreen.set_value(self.app.settings.fullscreen)

    def draw(self, canvas: Canvas) -> None:
        draw_scrim(canvas)
        p = self.PANEL
        draw_panel(canvas, p, alpha=250)
        draw_heading(canvas, "Settings", (p.x + 40, p.y + 26), 32)
        self.focus.draw(canvas)
        canvas.paragraph(self.help, pygame.Rect(p.x + 40, p.y + 420, p.w - 80, 72), 14, theme.TEXT_DIM)

    @property
    def help(self) -> str:
        """What the setting under the mouse, or else the focused one, does."""
        shown = self.focus.hover or self.focus.focused
        helps: dict[Widget | None, str] = {
            self.speed: "Animation speed: how fast the dice fly and the computer players take their turns. "
            "Instant skips the flight; the dice thrown are the same at every speed.",
            self.void: "Void throws: how often a die jumps off the table or ends cocked. The throw is then made "
            "again; the odds of the dice never change.",
            self.sound: "Sound: the dice hitting the felt, keeps, banks, busts and hot dice.",
            self.fullscreen: "Full screen: the game fills the screen; F11 switches at any time, in any screen.",
            self.skin: "Dice: classic pips or the $GREED letter dice ($ G R E E D); \"As the rules say\" uses each "
            "rule set's own. Only the pictures and their names change, never the scoring.",
            self.done: "Every change is saved at once; Done or Esc goes back.",
        }
        return helps.get(shown, helps[self.done])


class PauseOverlay(Overlay):
    """The table's menu: resume, rules, settings, export the record, back to the main menu, quit."""

    name = "pause"
    PANEL = pygame.Rect(LOGICAL_W // 2 - 210, 96, 420, 528)

    def __init__(self, app: App, rules: RuleSet, record: Callable[[], Record] | None = None) -> None:
        super().__init__(app)
        self.rules = rules
        self.record = record
        """The game's record as it is now (for the export), when there is a game."""
        self.exported: Path | None = None
        p = self.PANEL
        x, w, h, gap = p.x + 40, p.w - 80, 50, 12
        y = p.y + 84
        entries: list[tuple[str, Callable[[], None], bool]] = [
            ("Resume", self.close, True),
            ("Rules", self._rules, True),
            ("Settings", self._settings, True),
            ("Export record", self.export, record is not None),
            ("Main menu", self._menu, True),
            ("Quit", self.app.quit, True),
        ]
        widgets: list[Widget] = [
            Button(pygame.Rect(x, y + i * (h + gap), w, h), label, action, primary=i == 0, size=19, enabled=enabled)
            for i, (label, action, enabled) in enumerate(entries)
        ]
        self.focus = FocusGroup(widgets)

    def _rules(self) -> None:
        self.app.push(RulesOverlay(self.app, rules=self.rules))

    def _settings(self) -> None:
        self.app.push(SettingsOverlay(self.app))

    def _menu(self) -> None:
        self.app.show_menu()

    def export(self) -> None:
        """Write the game's record to the exports folder and show where."""
        if self.record is not None:
            self.exported = self.app.export_record(self.record()) or self.exported

    def handle(self, event: Input) -> None:
        if isinstance(event, Click) and not self.PANEL.collidepoint(event.pos):
            self.close()
            return
        super().handle(event)

    def draw(self, canvas: Canvas) -> None:
        p = self.draw_card(canvas, "Paused")
        if self.exported is not None:
            folder = display_path(self.exported.parent)
            canvas.text("Record exported to", (p.centerx, p.bottom - 66), 13, theme.GREEN, anchor="center")
            canvas.text(fit_middle(canvas, folder + os.sep, 13, p.w - 40), (p.centerx, p.bottom - 46), 13,
                        theme.TEXT_DIM, anchor="center")
            canvas.text(fit_middle(canvas, self.exported.name, 13, p.w - 40), (p.centerx, p.bottom - 27), 13,
                        theme.TEXT, anchor="center")
        else:
            canvas.text("Your game is saved after every move.", (p.centerx, p.bottom - 30), 13, theme.TEXT_DIM,
                        anchor="center")
        self.focus.draw(canvas)


class ReplaceGameOverlay(Overlay):
    """Before a new game replaces the one in progress: continue that one, or start anyway (it is exported first)."""

    name = "replace-game"
    PANEL = pygame.Rect(LOGICAL_W // 2 - 330, 170, 660, 330)

    def __init__(self, app: App, rules_name: str, standing: str, start: Callable[[], None]) -> None:
        super().__init__(app)
        self.rules_name = rules_name
        self.standing = standing
        self.start = start
        p = self.PANEL
        y, h = p.bottom - 74, 50
        self.focus = FocusGroup([
            Button(pygame.Rect(p.x + 30, y, 190, h), "Continue it", self._continue, primary=True, size=18),
            Button(pygame.Rect(p.x + 232, y, 250, h), "Start the new game", self._replace, size=18),
            Button(pygame.Rect(p.x + 494, y, 136, h), "Back", self.close, hint="Esc", size=18),
        ])

    def _continue(self) -> None:
        self.app.continue_game()

    def _replace(self) -> None:
        record = self.app.storage.load_game()
        if record is not None and self.app.export_record(record) is None:
            return  # the reason is shown; nothing is replaced until the old game is kept somewhere
        self.start()

    def draw(self, canvas: Canvas) -> None:
        p = self.draw_card(canvas, "A game is in progress", 30)
        canvas.text(self.rules_name, (p.centerx, p.y + 96), 18, theme.GOLD, font="bold", anchor="center",
                    max_width=p.w - 60)
        canvas.text(self.standing, (p.centerx, p.y + 128), 16, theme.TEXT, anchor="center", max_width=p.w - 60)
        canvas.paragraph("Starting a new game replaces it. It is first exported, so you can still watch it in "
                         "Replays; only Continue plays it on.", pygame.Rect(p.x + 40, p.y + 160, p.w - 80, 70), 15,
                         theme.TEXT_DIM)
        self.focus.draw(canvas)
