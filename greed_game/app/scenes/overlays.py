"""Overlays drawn over the scene below: the rules, the settings, the pause menu."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.input import Click, Input, KeyPress, Scroll
from greed_game.app.navigation import Go, Pop, Push, Replace, ToMenu, ToRules, ToSettings, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import continue_saved, draw_heading, draw_panel, draw_scrim
from greed_game.app.widgets import Button, FocusGroup, Selector, Widget, fit_middle
from greed_game.i18n import N_, _
from greed_game.i18n import current as current_language
from greed_game.narrator import num
from greed_game.narrator.rules_text import rules_name
from greed_game.play.user_rules import display_path

if TYPE_CHECKING:
    from pathlib import Path

    from greed_game.app.scenes.base import App
    from greed_game.app.skins import SkinName
    from greed_game.rules import Record, RuleSet


class Overlay(Scene):
    """A panel over the darkened scene below; Esc closes it."""

    opaque = False
    PANEL = pygame.Rect(0, 0, 0, 0)
    focus: FocusGroup

    def close(self) -> Go:
        """Go back to the scene below."""
        return Pop()

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress) and event.key == "escape":
            return self.close()
        return went(self.focus.handle(event))

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
        self.first = 0
        """The first row shown (the text scrolls by whole rows: none is ever cut in half)."""
        self._rows: list[RulesRow] = []
        self._built_for: tuple[int, float, str, str] | None = None
        p = self.PANEL
        self.selector = Selector(pygame.Rect(p.x + 30, p.y + 64, 560, 44), "", [(i, rules_name(r)) for i, r in
                                 enumerate(self.presets)], self.index, self._choose)
        self.close_button = Button(pygame.Rect(p.right - 190, p.y + 64, 160, 44), _("Close"), self.close, hint="Esc")
        self.focus = FocusGroup([self.selector, self.close_button])

    @property
    def body(self) -> pygame.Rect:
        """Where the text scrolls."""
        p = self.PANEL
        return pygame.Rect(p.x + 30, p.y + 124, p.w - 70, p.h - 164)

    @property
    def skin(self) -> SkinName:
        """The dice the rules are shown with: the setting's, or the rules' own."""
        rules = self.presets[self.index]
        chosen = self.app.settings.skin
        return rules.skin if chosen == "auto" else chosen

    def _choose(self, index: int) -> None:
        self.index = index
        self.first = 0

    def rows(self, canvas: Canvas) -> list[RulesRow]:
        """The rules as rows: wrapped lines of text, headings, blank lines, and the scoring combinations as dice
        with their points (in the skin shown)."""
        key = (self.index, canvas.scale, self.skin, current_language().code)
        if self._built_for != key:
            self._rows = self._build_rows(canvas)
            self._built_for = key
        return self._rows

    def _build_rows(self, canvas: Canvas) -> list[RulesRow]:
        from greed_game.narrator.rules_text import rules_text, scoring_rows
        from greed_game.narrator.words import Vocabulary

        rules = self.presets[self.index]
        skin = self.skin
        body = self.body
        out: list[RulesRow] = []
        paragraph: list[str] = []

        def flush() -> None:
            if paragraph:
                out.extend(RulesRow("text", line) for line in canvas.wrap(" ".join(paragraph), self.TEXT_SIZE, body.w))
                paragraph.clear()

        def bullet(text: str) -> None:
            for line in canvas.wrap("•  " + text, self.TEXT_SIZE, body.w - 20):
                out.append(RulesRow("text", "    " + line))

        section = ""
        pictured = False
        for raw in rules_text(rules, skin).splitlines()[1:]:
            stripped = raw.strip()
            if not stripped:
                flush()
                out.append(RulesRow("text", ""))
            elif stripped.isupper() and len(stripped) > 3 and not raw.startswith(" "):
                flush()
                section = stripped
                out.append(RulesRow("heading", stripped))
            elif raw.startswith("  ") and section == _("SCORING"):
                flush()
                if not pictured:  # the scoring lines, once, as pictures of the dice
                    pictured = True
                    for row in scoring_rows(rules, Vocabulary(skin)):
                        if row.combos:
                            out.extend(self._dice_rows(canvas, row.label, row.combos))
                        else:
                            for words in row.words:
                                bullet(words)
            elif raw.startswith("  "):
                flush()
                bullet(stripped)
            else:
                paragraph.append(stripped)
        flush()
        return out

    def _dice_rows(self, canvas: Canvas, label: str,
                   combos: tuple[tuple[tuple[int, ...], int], ...]) -> list[RulesRow]:
        """A label and its combinations laid out as dice and points: a row a line (the label on the first)."""
        body = self.body
        left, right = body.x + DICE_LABEL_W, body.right - 12
        rows = [RulesRow("dice", label, DICE_LINE_H)]
        x = float(left)
        for faces, points in combos:
            figure = num(points)
            w = len(faces) * (RULES_DIE + 4) + 6 + canvas.text_width(figure, 15, "bold")
            if x > left and x + w > right:
                rows.append(RulesRow("dice", "", DICE_LINE_H))
                x = float(left)
            rows[-1].cells.append((x, faces, figure))
            x += w + 26
        return rows

    def _last_first(self) -> int:
        """The furthest the text scrolls: the first row from which every row to the end fits."""
        room, first = float(self.body.h), len(self._rows)
        while first > 0 and room >= self._rows[first - 1].height:
            room -= self._rows[first - 1].height
            first -= 1
        return first

    def _page(self, direction: int) -> int:
        """The rows a page turn moves by: onward, to the first row not wholly shown; back, so that the row now
        first ends the page above it (rows differ in height, so a page is not a fixed count)."""
        room, first = float(self.body.h), min(self.first, self._last_first())
        rows = self._rows
        k = first
        if direction > 0:
            while k < len(rows) and room >= rows[k].height:
                room -= rows[k].height
                k += 1
        else:
            while k > 0 and room >= rows[k - 1].height:
                room -= rows[k - 1].height
                k -= 1
        return k - first if k != first else direction

    def _scroll_by(self, rows: int) -> None:
        self.first = max(0, min(self.first + rows, self._last_first()))

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            step = {"down": 1, "up": -1, "pagedown": self._page(1), "pageup": self._page(-1),
                    "space": self._page(1)}.get(event.key)
            if event.key == "escape":
                return self.close()
            if step is not None:
                self._scroll_by(step)
            elif event.key == "home":
                self.first = 0
            elif event.key == "end":
                self._scroll_by(len(self._rows))
            elif event.key in ("left", "right"):
                self.selector.key(event)
            elif event.key in ("enter", "tab"):
                return went(self.focus.handle(event))
            return None
        if isinstance(event, Scroll):
            self._scroll_by(-3 * event.dy)
            return None
        return went(self.focus.handle(event))

    def draw(self, canvas: Canvas) -> None:
        from greed_game.app.dice_view import draw_upright

        draw_scrim(canvas)
        p = self.PANEL
        draw_panel(canvas, p, alpha=250)
        draw_heading(canvas, _("Rules"), (p.x + 30, p.y + 14), 32)
        self.focus.draw(canvas)
        body = self.body
        rows = self.rows(canvas)
        last = self._last_first()
        first = min(self.first, last)
        y: float = body.y
        for row in rows[first:]:
            if y + row.height > body.bottom + 1:
                break  # only whole rows: the next one shows after a scroll
            if row.kind == "heading":
                canvas.text(row.text, (body.x, y + 4), 14, theme.GOLD, font="bold")
            elif row.kind == "dice":
                canvas.text(row.text, (body.x + 20, y + DICE_LINE_H / 2), 15, theme.TEXT, font="bold",
                            anchor="midleft", max_width=DICE_LABEL_W - 30)
                for x, faces, figure in row.cells:
                    cy = y + DICE_LINE_H / 2
                    for k, face in enumerate(faces):
                        draw_upright(canvas, self.skin, face, (x + k * (RULES_DIE + 4) + RULES_DIE / 2, cy), RULES_DIE)
                    canvas.text(figure, (x + len(faces) * (RULES_DIE + 4) + 6, cy), 15, theme.GOLD, font="bold",
                                anchor="midleft")
            elif row.text:
                canvas.text(row.text, (body.x, y), self.TEXT_SIZE, theme.TEXT)
            y += row.height
        if last > 0:
            track = pygame.Rect(p.right - 26, body.y, 6, body.h)
            canvas.box(track, (255, 255, 255, 25), radius=3)
            total = sum(r.height for r in rows)
            thumb_h = max(30.0, body.h * min(1.0, body.h / total))
            thumb_y = body.y + (body.h - thumb_h) * (first / last)
            canvas.box(pygame.Rect(track.x, thumb_y, 6, thumb_h), theme.GOLD_DARK, radius=3)
        canvas.text(_("↑ ↓ PgUp PgDn or the wheel scroll  ·  ← → another rule set  ·  Esc close"),
                    (p.centerx, p.bottom - 8), 13, theme.TEXT_DIM, anchor="midbottom")


RULES_DIE = 26.0
"""The size of the dice pictured in the rules."""
DICE_LINE_H = 38.0
DICE_LABEL_W = 250.0
"""Where the pictured combinations start, right of their label."""


@dataclass
class RulesRow:
    """One row of the rules screen."""

    kind: Literal["text", "heading", "dice"]
    text: str
    height: float = RulesOverlay.LINE_H
    cells: list[tuple[float, tuple[int, ...], str]] = field(default_factory=list)
    """For a row of dice: each combination's x, its faces and its points."""


SPEEDS = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant"))]
VOIDS = [("off", N_("Off")), ("rare", N_("Rare")), ("realistic", N_("Realistic"))]
ON_OFF = [(True, N_("On")), (False, N_("Off"))]
SKINS = [("auto", N_("As the rules say")), ("pips", N_("Classic pips")), ("greed", N_("$GREED letters"))]
VIEWS = [("auto", N_("3D where possible")), ("flat", N_("Flat"))]
"""The settings' choices; each label is translated where the settings are shown."""


def _said(options: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
    """Choices with their labels in the language in force."""
    return [(value, _(label)) for value, label in options]


def language_choices() -> list[tuple[Any, str]]:
    """The languages to choose from, each named in itself, after the system's (``auto``)."""
    from greed_game import i18n

    system = i18n.system_language()
    found = i18n.NAMES.get(system or "", "") if system in i18n.available() else i18n.NAMES[i18n.SOURCE]
    return [("auto", _("As the system: {language}").format(language=found))] + [
        (code, i18n.NAMES[code]) for code in i18n.available()]


class SettingsOverlay(Overlay):
    """Animation speed, void throws, sound, opponents' lines, full screen, die skin, dice view; saved at once."""

    name = "settings"
    PANEL = pygame.Rect(290, 40, 700, 640)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = FocusGroup()
        self._build()

    def _build(self) -> None:
        """The rows, in the language in force (built again when the language changes)."""
        s = self.app.settings
        p = self.PANEL
        # Eight rows, the help under them and Done: the rows are packed closer than elsewhere to leave the help
        # three lines clear of the button.
        x, w, h, gap = p.x + 40, p.w - 80, 40, 8
        y = p.y + 84

        def row(i: int) -> pygame.Rect:
            return pygame.Rect(x, y + i * (h + gap), w, h)

        self.speed = Selector(row(0), _("Animation speed"), _said(SPEEDS), s.animation_speed,
                              self._set("animation_speed"), label_width=250)
        self.void = Selector(row(1), _("Void throws"), _said(VOIDS), s.void_frequency, self._set("void_frequency"),
                             label_width=250)
        self.sound = Selector(row(2), _("Sound"), _said(ON_OFF), s.sound, self._set("sound"), label_width=250)
        self.talk = Selector(row(3), _("Opponents talk"), _said(ON_OFF), s.opponents_talk,
                             self._set("opponents_talk"), label_width=250)
        self.fullscreen = Selector(row(4), _("Full screen (F11)"), _said(ON_OFF), s.fullscreen, self._fullscreen,
                                   label_width=250)
        self.skin = Selector(row(5), _("Dice"), _said(SKINS), s.skin, self._set("skin"), label_width=250)
        self.view = Selector(row(6), _("Dice view"), _said(VIEWS), "flat" if s.view == "flat" else "auto",
                             self._set("view"), label_width=250)
        self.language = Selector(row(7), _("Language"), language_choices(), s.language, self._language,
                                 label_width=250)
        self.done = Button(pygame.Rect(p.centerx - 100, p.bottom - 70, 200, 52), _("Done"), self.close, hint="Esc",
                           primary=True)
        widgets: list[Widget] = [self.speed, self.void, self.sound, self.talk, self.fullscreen, self.skin,
                                 self.view, self.language, self.done]
        focused = self.focus.focus
        self.focus.set(widgets)
        self.focus.focus = focused
        self.focus.keyboard = True

    def _language(self, value: object) -> None:
        """Speak another language at once: every screen redraws in it."""
        from greed_game import i18n

        self.app.settings.language = value  # type: ignore[assignment]
        self.app.save_settings()
        i18n.use(i18n.choose(str(value)))
        self._build()

    def _set(self, field: str) -> Callable[[object], None]:
        def apply(value: object) -> None:
            setattr(self.app.settings, field, value)
            self.app.save_settings()

        return apply

    def _fullscreen(self, value: bool) -> None:
        self.app.set_fullscreen(value)

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress) and event.key == "escape":
            return self.close()
        return went(self.focus.handle(event))

    def update(self, dt: float) -> Go | None:
        self.fullscreen.set_value(self.app.settings.fullscreen)
        return None

    def draw(self, canvas: Canvas) -> None:
        draw_scrim(canvas)
        p = self.PANEL
        draw_panel(canvas, p, alpha=250)
        draw_heading(canvas, _("Settings"), (p.x + 40, p.y + 26), 32)
        self.focus.draw(canvas)
        canvas.paragraph(self.help, pygame.Rect(p.x + 40, self.language.rect.bottom + 30, p.w - 80, 60), 14,
                         theme.TEXT_DIM)
        canvas.text(_("Dice view in use: {view}").format(view=self.app.views.describe()),
                    (self.language.rect.right, self.language.rect.bottom + 6), 13,
                    theme.TEXT_DIM, anchor="topright")
        if self.app.no_sound_device:  # (the setting is what the player chose; the room may have no speakers)
            canvas.text(_("No sound device: playing without sound"),
                        (self.language.rect.x, self.language.rect.bottom + 6), 13, theme.TEXT_DIM)

    @property
    def help(self) -> str:
        """What the setting under the mouse, or else the focused one, does."""
        shown = self.focus.hover or self.focus.focused
        helps: dict[Widget | None, str] = {
            self.speed: _("Animation speed: how fast the dice fly and the computer players take their turns. "
                          "Instant skips the flight; the dice thrown are the same at every speed."),
            self.void: _("Void throws: a die over the rail or cocked voids the throw, as the physics shows it. Off "
                         "throws it again unseen; Rare throws gently, Realistic briskly. The odds of the dice never "
                         "change."),
            self.sound: _("Sound: the dice hitting the felt, keeps, banks, busts and hot dice.") + (
                _(" This computer has no sound device: the game plays without sound.") if self.app.no_sound_device
                else ""),
            self.talk: _("Opponents talk: each computer level is a character with a face, who says a line now and "
                         "then beside its row (a bust, a big bank, hot dice, a win, a close finish). Play never "
                         "waits for it."),
            self.fullscreen: _("Full screen: the game fills the screen; F11 switches at any time, in any screen."),
            self.skin: _("Dice: classic pips or the $GREED letter dice ($ G R E E D); \"As the rules say\" uses "
                         "each rule set's own. Only the pictures and their names change, never the scoring."),
            self.view: _("Dice view: 3D where this computer has OpenGL 3.3, else flat; flat draws the same throw "
                         "from above with less work."),
            self.language: _("Language: the words of every screen, the rules and the numbers. As the system "
                             "follows this computer's language where the game speaks it. GREED_LANG chooses too."),
            self.done: _("Every change is saved at once; Done or Esc goes back."),
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
        entries: list[tuple[str, Callable[[], Go | None], bool]] = [
            (_("Resume"), self.close, True),
            (_("Rules"), self._rules, True),
            (_("Settings"), self._settings, True),
            (_("Export record"), self.export, record is not None),
            (_("Main menu"), self._menu, True),
            (_("Quit"), self.app.quit, True),
        ]
        widgets: list[Widget] = [
            Button(pygame.Rect(x, y + i * (h + gap), w, h), label, action, primary=i == 0, size=19, enabled=enabled)
            for i, (label, action, enabled) in enumerate(entries)
        ]
        self.focus = FocusGroup(widgets, menu=True)

    def _rules(self) -> Go:
        return Push(ToRules(rules=self.rules))

    def _settings(self) -> Go:
        return Push(ToSettings())

    def _menu(self) -> Go:
        return Replace(ToMenu())

    def export(self) -> None:
        """Write the game's record to the exports folder and show where."""
        if self.record is not None:
            self.exported = self.app.export_record(self.record()) or self.exported

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, Click) and not self.PANEL.collidepoint(event.pos):
            return self.close()
        return super().handle(event)

    def draw(self, canvas: Canvas) -> None:
        p = self.draw_card(canvas, _("Paused"))
        if self.exported is not None:
            folder = display_path(self.exported.parent)
            canvas.text(_("Record exported to"), (p.centerx, p.bottom - 66), 13, theme.GREEN, anchor="center")
            canvas.text(fit_middle(canvas, folder + os.sep, 13, p.w - 40), (p.centerx, p.bottom - 46), 13,
                        theme.TEXT_DIM, anchor="center")
            canvas.text(fit_middle(canvas, self.exported.name, 13, p.w - 40), (p.centerx, p.bottom - 27), 13,
                        theme.TEXT, anchor="center")
        else:
            canvas.text(_("Your game is saved after every move."), (p.centerx, p.bottom - 30), 13, theme.TEXT_DIM,
                        anchor="center")
        self.focus.draw(canvas)


class ReplaceGameOverlay(Overlay):
    """Before a new game replaces the one in progress: continue that one, or start anyway (it is exported first)."""

    name = "replace-game"
    PANEL = pygame.Rect(LOGICAL_W // 2 - 330, 170, 660, 330)

    def __init__(self, app: App, rules_name: str, standing: str, start: Callable[[], Go | None]) -> None:
        super().__init__(app)
        self.rules_name = rules_name
        self.standing = standing
        self.start = start
        p = self.PANEL
        y, h = p.bottom - 74, 50
        self.focus = FocusGroup([
            Button(pygame.Rect(p.x + 30, y, 190, h), _("Continue it"), self._continue, primary=True, size=18),
            Button(pygame.Rect(p.x + 232, y, 250, h), _("Start the new game"), self.replace, size=18),
            Button(pygame.Rect(p.x + 494, y, 136, h), _("Back"), self.close, hint="Esc", size=18),
        ])

    def _continue(self) -> Go | None:
        return continue_saved(self.app)

    def replace(self) -> Go | None:
        """Export the game in progress, then start the new one (None: it could not be kept, the reason shown)."""
        record = self.app.storage.autosave.load_game()
        if record is not None and self.app.export_record(record) is None:
            return None  # the reason is shown; nothing is replaced until the old game is kept somewhere
        return self.start()

    def draw(self, canvas: Canvas) -> None:
        p = self.draw_card(canvas, _("A game is in progress"), 30)
        canvas.text(self.rules_name, (p.centerx, p.y + 96), 18, theme.GOLD, font="bold", anchor="center",
                    max_width=p.w - 60)
        canvas.text(self.standing, (p.centerx, p.y + 128), 16, theme.TEXT, anchor="center", max_width=p.w - 60)
        canvas.paragraph(_("Starting a new game replaces it. It is first exported, so you can still watch it in "
                           "Replays, or play it on from there later (with new dice to come)."),
                         pygame.Rect(p.x + 40, p.y + 160, p.w - 80, 70), 15, theme.TEXT_DIM)
        self.focus.draw(canvas)
