"""The new-game screen: the seats, the rules and the target."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.input import Input, KeyPress
from greed_game.app.navigation import (
    Go,
    Pop,
    Push,
    Replace,
    ToNewGame,
    ToRules,
    went,
)
from greed_game.app.portraits import draw_portrait
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import (
    draw_backdrop,
    draw_heading,
    draw_keys_help,
    draw_panel,
    replacing,
)
from greed_game.app.widgets import Button, FocusGroup, Selector, TextField, Widget, fit_middle
from greed_game.i18n import _, say
from greed_game.narrator import num
from greed_game.narrator.rules_text import description, summary
from greed_game.narrator.seats import level_name
from greed_game.play.setup import (
    FALLBACK_LEVEL,
    GameSetup,
    computer_levels,
    computer_name,
    default_name,
    unique_names,
)
from greed_game.play.user_rules import RulesChoice, display_path, rules_choices, user_rules_dir
from greed_game.rules import Player, RulesError
from greed_game.storage.settings import LastSetup, SeatSetup

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.rules import RuleSet

SkinChoice = Literal["auto", "pips", "greed"]
SEAT_ROW_H = 52
SEAT_WIDGETS = 3
"""Widgets in a seat's row: who plays, the name, the button that removes it."""
TARGET_PRESETS = (1000, 2000, 3000, 4000, 5000, 6000, 7500, 10_000, 12_500, 15_000, 20_000)
"""The targets offered by the selector (any other can be typed)."""
NAME_LEN = 24
"""The longest name the new-game screen takes."""
PLAYERS_PANEL = pygame.Rect(40, 96, 640, 536)
RULES_PANEL = pygame.Rect(704, 96, 544, 536)
RX, RW = RULES_PANEL.x + 24, RULES_PANEL.w - 48
"""Where the rules panel's content starts and how wide it is."""


class SeatRows:
    """The players panel: who sits in each seat (human or a computer level) and under what name.

    Kept apart from :class:`SetupScene` so that the seats' own rules (default names that follow the kind, one
    seat at least, eight at most) live next to the rows that change them.
    """

    def __init__(self, levels: Sequence[str], changed: Callable[[], None]) -> None:
        self.levels = levels
        self.kinds: list[str] = ["human"]
        self.names: list[str] = [_("You")]
        self._changed = changed
        """Called when the rows must be laid out again (a seat removed, a name replaced)."""

    def add(self, kind: str = "") -> None:
        """Add a seat (by default a computer of the first level not yet seated: a second of the same level had
        been "Penny 2", with the same face) if there is room."""
        if len(self.kinds) >= 8:
            return
        kind = kind or next((level for level in self.levels if level not in self.kinds), self.levels[0])
        self.kinds.append(kind)
        self.names.append(self._default_name(len(self.kinds) - 1, kind))

    def _default_name(self, seat: int, kind: str) -> str:
        if kind == "human":
            return _("Player {number}").format(number=seat + 1)
        return computer_name(kind, [n for i, n in enumerate(self.names) if i != seat], seat)

    def remove(self, seat: int) -> None:
        """Remove a seat (at least one stays)."""
        if len(self.kinds) > 1:
            del self.kinds[seat]
            del self.names[seat]
            self._changed()

    def set_kind(self, seat: int, kind: str) -> None:
        """Make a seat human or a computer level; default names follow the kind."""
        old = self.kinds[seat]
        self.kinds[seat] = kind
        # A computer seat's default name is its level's character, so it follows a change of level too.
        if default_name(self.names[seat], seat) and kind != old:
            self.names[seat] = self._default_name(seat, kind)
            self._changed()

    def _rename(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def widgets(self, top: int) -> list[Widget]:
        """Each seat's row from ``top`` down: who plays, the name, a button to remove it (:data:`SEAT_WIDGETS`
        a seat)."""
        widgets: list[Widget] = []
        kind_options = [("human", _("Human"))] + [(lvl, _("Computer: {level}").format(level=level_name(lvl)))
                                                    for lvl in self.levels]
        for seat in range(len(self.kinds)):
            y = top + seat * SEAT_ROW_H
            widgets.append(Selector(pygame.Rect(96, y, 256, 40), "", kind_options, self.kinds[seat],
                                    partial(self.set_kind, seat)))
            widgets.append(TextField(pygame.Rect(362, y, 256, 40), self.names[seat], partial(self._rename, seat),
                                     placeholder=_("Player {number}").format(number=seat + 1), max_len=NAME_LEN,
                                     size=16))
            remove = Button(pygame.Rect(628, y, 40, 40), "✕", partial(self.remove, seat),
                            enabled=len(self.kinds) > 1, size=16)
            widgets.append(remove)
        return widgets

    def draw(self, canvas: Canvas) -> None:
        """The seats' numbers in their colours beside the rows, and a computer seat's character's face."""
        for seat in range(len(self.kinds)):
            y = 150 + seat * SEAT_ROW_H + 20
            computer = self.kinds[seat] != "human"
            x = 52 if computer else 70  # the number steps aside for the face
            if computer:
                draw_portrait(canvas, self.kinds[seat], (79, y), 30)
            canvas.circle(theme.seat_color(seat), (x, y), 9 if computer else 11)
            canvas.text(str(seat + 1), (x, y), 12 if computer else 13, theme.TEXT_DARK, font="bold", anchor="center")


class SetupScene(Scene):
    """Seats (1 to 8, human or computer), preset, target, die skin, Start."""

    name = "setup"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choices: list[RulesChoice] = rules_choices(app.storage)
        """The presets, then the player's own rules files (some perhaps unavailable)."""
        self.rules_folder = user_rules_dir(app.storage)
        self.levels = computer_levels()
        self.seats = SeatRows(self.levels, self._rebuild)
        self.seats.add(self.levels[0])
        self.preset_index = 0
        self.target = self.rules.target
        self._in_force: tuple[tuple[int, int], RuleSet] | None = None
        self.skin: SkinChoice = app.settings.skin
        self.notes: list[str] = []
        self.target_problem = ""
        """Why the target typed cannot be used (empty when it can, or nothing was typed)."""
        """What of the remembered setup could not be taken back, in plain words."""
        if app.settings.last_setup is not None:
            self.notes = self.recall(app.settings.last_setup)
            for note in self.notes:
                app.toast(note, warning=False)
        self.focus = FocusGroup()
        self._build()
        self.focus.focus_on(self.start_button)

    # -- model ----------------------------------------------------------------------

    @property
    def choice(self) -> RulesChoice:
        """The chosen entry of the rules list."""
        return self.choices[self.preset_index]

    @property
    def rules(self) -> RuleSet:
        """The chosen rules (the first preset's while an unavailable file is chosen)."""
        chosen = self.choice.rules
        if chosen is not None:
            return chosen
        first = self.choices[0].rules
        assert first is not None
        return first

    def recall(self, last: LastSetup) -> list[str]:
        """Take back a remembered setup; what cannot be (a rules file since removed, a level this version
        does not have, a target these rules refuse) falls back to what there is. Returns what changed."""
        notes: list[str] = []
        kinds, names = [], []
        for seat in last.seats[:8]:
            kind = seat.kind
            if kind != "human" and kind not in self.levels:
                kind = FALLBACK_LEVEL if FALLBACK_LEVEL in self.levels else self.levels[0]
                notes.append(_("The computer level {level!r} is not in this version: {kind} plays instead.").format(
                    level=seat.kind[:40], kind=level_name(kind)))
            kinds.append(kind)
            names.append(seat.name[:NAME_LEN])
        if kinds:
            self.seats.kinds, self.seats.names = kinds, names
        index = next((i for i, c in enumerate(self.choices) if c.usable and (
            (c.path is not None and c.path.name == last.rules) if last.rules_file
            else (c.is_preset and c.rules is not None and c.rules.id == last.rules))), None)
        if index is None:
            if last.rules_file:
                note = _("Your rules file {name!r}, played last time, cannot be found or played now: {chosen} is "
                         "chosen instead.").format(name=last.rules[:60], chosen=self.choices[0].label)
            else:
                note = _("The rules {name!r}, played last time, cannot be found or played now: {chosen} is chosen "
                         "instead.").format(name=last.rules[:40], chosen=self.choices[0].label)
            notes.append(note)
            return notes
        self.preset_index = index
        self.target = self.rules.target
        if last.target is not None and last.target != self.rules.target:
            try:
                self.rules.with_overrides({"target": last.target})
            except ValueError:
                notes.append(_("A target of {target} is not possible under these rules: {chosen} is chosen "
                               "instead.").format(target=num(last.target), chosen=num(self.rules.target)))
            else:
                self.target = last.target
        return notes

    def remembered(self) -> LastSetup:
        """The setup as it stands, to be offered again next time."""
        choice = self.choice
        on_file = choice.path is not None
        rules = choice.path.name if choice.path is not None else (choice.rules.id if choice.rules else "")
        target = None if self.target == self.rules.target else self.target
        return LastSetup(tuple(SeatSetup(n, k) for n, k in zip(self.seats.names, self.seats.kinds, strict=True)),
                         rules or "pass-the-dice", on_file, target)

    def remember(self) -> None:
        """Keep the setup (and the dice chosen) in the settings."""
        self.app.settings.last_setup = self.remembered()
        self.app.settings.skin = self.skin
        self.app.save_settings()

    def leave(self) -> Go:
        """Back to the menu; the setup is kept for next time."""
        self.remember()
        return Pop()

    def set_preset(self, index: int) -> None:
        """Choose a preset; the target follows it, unless one was chosen that these rules allow too (it had gone
        back to the rules' own without a word, helper-35)."""
        chosen = None if self.target == self.rules.target else self.target
        self.preset_index = index
        self.target = self.rules.target
        if chosen is not None and self.choice.usable:
            try:
                self.rules.with_overrides({"target": chosen})
            except ValueError:
                pass
            else:
                self.target = chosen
        self.target_problem = ""
        self._rebuild()

    def setup(self) -> GameSetup:
        """The game as configured."""
        names = unique_names(self.seats.names)
        players = [Player(n, k) for n, k in zip(names, self.seats.kinds, strict=True)]
        overrides: dict[str, Any] = {} if self.target == self.rules.target else {"target": self.target}
        return GameSetup(self.choice.reference(), players, overrides)

    def start(self) -> Go | None:
        """Start the game as configured (not while an unavailable rules file is chosen)."""
        if not self.choice.usable:
            return None
        self.remember()
        return replacing(self.app, Replace(ToNewGame(self.setup())))

    def configure_computers(self) -> None:
        """Two computer seats, the weakest and the strongest, and the shortest preset at its own target (the
        smoke run: the strongest plays from the tables shipped for it)."""
        self.seats.kinds = [self.levels[0], self.levels[-1]]
        self.seats.names = [computer_name(kind, (), seat) for seat, kind in enumerate(self.seats.kinds)]
        usable = [i for i, c in enumerate(self.choices) if c.rules is not None and c.path is None]
        self.set_preset(min(usable, key=lambda i: self.choices[i].rules.target))  # type: ignore[union-attr]
        self.target = self.rules.target
        self._rebuild()

    # -- widgets ----------------------------------------------------------------------

    def _targets(self) -> list[tuple[int, str]]:
        """The usual targets, the rules' own (marked) and the one chosen (perhaps typed)."""
        values = sorted({*TARGET_PRESETS, self.rules.target, self.target})
        return [(v, _("{target} (rules)").format(target=num(v)) if v == self.rules.target else num(v)) for v in values]

    def type_target(self, text: str) -> None:
        """A target typed in the free field: taken when the rules allow it, else the problem is shown."""
        digits = "".join(ch for ch in text if ch not in ", _.' ")
        self.target_problem = ""
        if not digits:
            return
        if not digits.isdecimal() or len(digits) > 9:
            self.target_problem = _("A target is a whole number of points, such as 6000.")
            return
        value = int(digits)
        try:
            self.rules.with_overrides({"target": value})
        except RulesError as exc:
            # "must be at most 1,000 times the smallest score (50): 50,000, not 99,999", or at most the largest target
            facts = exc.problem.values
            most, least = facts.get("most", facts.get("high")), facts.get("low")
            if isinstance(most, int):
                self.target_problem = _("Not {value}: these rules allow a target of at most {limit}.").format(
                    value=num(value), limit=num(most))
            elif isinstance(least, int):
                self.target_problem = _("Not {value}: a target is at least {least}.").format(
                    value=num(value), least=num(least))
            else:
                self.target_problem = _("Not {value}: {problem}").format(value=num(value), problem=say(exc.here))[:200]
            return
        self.target = value
        self.target_selector.options = self._targets()
        self.target_selector.set_value(value)

    def _rebuild(self) -> None:
        focused = self.focus.focus
        self._build()
        self.focus.focus = min(focused, len(self.focus.widgets) - 1)
        self.focus._fix_focus(1)

    def _build(self) -> None:
        top = 150
        widgets = self.seats.widgets(top)
        add_y = top + len(self.seats.kinds) * SEAT_ROW_H + 4
        self.add_button = Button(pygame.Rect(96, add_y, 200, 40), _("+ Add player"), self._add,
                                 enabled=len(self.seats.kinds) < 8, size=16)
        widgets.append(self.add_button)
        x = RX
        usable = self.choice.usable
        names = [(i, c.label) for i, c in enumerate(self.choices)]
        widgets.append(Selector(pygame.Rect(x, 150, RW, 44), _("Rules"), names, self.preset_index, self.set_preset,
                                label_width=110))
        widgets.append(Button(pygame.Rect(x, 384, 200, 40), _("Read the rules"), self._read_rules, size=15,
                              enabled=usable))
        target = Selector(pygame.Rect(x, 448, RW - 132, 44), _("Target"), self._targets(), self.target,
                          self._set_target, label_width=110, wrap=False)
        target.enabled = usable
        self.target_selector = target
        self.target_field = TextField(pygame.Rect(x + RW - 122, 448, 122, 44), "", self.type_target,
                                      placeholder=_("other…"), max_len=11, size=16)
        self.target_field.enabled = usable
        widgets += [target, self.target_field]
        skin_options: list[tuple[SkinChoice, str]] = [
            ("auto", _("Preset default (letters)") if self.rules.skin == "greed" else _("Preset default (pips)")),
            ("pips", _("Classic pips")),
            ("greed", _("$GREED letters")),
        ]
        widgets.append(Selector(pygame.Rect(x, 514, RW, 44), _("Dice"), skin_options, self.skin, self._set_skin,
                                label_width=110))
        self.back_button = Button(pygame.Rect(40, 648, 200, 52), _("Back"), self.leave, hint="Esc")
        self.start_button = Button(pygame.Rect(1040, 648, 200, 52), _("Start"), self.start, hint="Enter", primary=True,
                                   enabled=usable)
        widgets += [self.back_button, self.start_button]
        self.focus.set(widgets)

    def _add(self) -> None:
        self.seats.add()
        self._rebuild()
        # on the new seat's row (who plays: ← →), from where Enter starts, as the keys' help says; left on the
        # button, Enter added another seat instead
        self.focus.focus_on(self.focus.widgets[SEAT_WIDGETS * (len(self.seats.kinds) - 1)])

    def _set_target(self, value: int) -> None:
        self.target = value
        self.target_field.value = ""  # the preset chosen replaces what was typed
        self.target_problem = ""

    def rules_in_force(self) -> RuleSet:
        """The chosen rules with the chosen target (what the game will be played under)."""
        rules = self.rules
        if self.target == rules.target:
            return rules
        key = (id(rules), self.target)
        if self._in_force is None or self._in_force[0] != key:
            self._in_force = (key, rules.with_overrides({"target": self.target}))
        return self._in_force[1]

    def _set_skin(self, value: SkinChoice) -> None:
        self.skin = value

    def _read_rules(self) -> Go | None:
        if not self.choice.usable:
            return None
        if self.choice.is_preset and self.target == self.rules.target:
            return Push(ToRules(self.preset_index))
        return Push(ToRules(rules=self.rules_in_force()))

    @property
    def shown_skin(self) -> str:
        """The skin the dice will have."""
        return self.rules.skin if self.skin == "auto" else self.skin

    # -- scene ------------------------------------------------------------------------

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            focused = self.focus.focused
            if event.key == "escape":
                return self.leave()
            if event.key == "enter" and isinstance(focused, (TextField, Selector)):
                return self.start()  # as the keys' help says: Tab moves on, Enter starts (from a name or target too)
        return went(self.focus.handle(event))

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        draw_heading(canvas, _("New game"), (40, 28), 38)
        draw_panel(canvas, PLAYERS_PANEL, _("Players"))
        canvas.text(_("Who plays"), (104, 128), 13, theme.TEXT_DIM)
        canvas.text(_("Name"), (370, 128), 13, theme.TEXT_DIM)
        self.seats.draw(canvas)
        draw_panel(canvas, RULES_PANEL, _("Rules and dice"))
        self._draw_rules_text(canvas)
        from greed_game.app.dice_view import draw_upright

        skin = self.shown_skin
        for face in range(1, 7):
            draw_upright(canvas, skin, face, (RX + 110 + (face - 1) * 56 + 22, 586), 42)  # type: ignore[arg-type]
        canvas.text(_("Faces"), (RX, 586), 15, theme.TEXT_DIM, anchor="midleft")
        self.focus.draw(canvas)
        if self.target_problem:
            canvas.text(self.target_problem, (RX, 494), 12, theme.RED, max_width=RW)
        draw_keys_help(canvas, _("Tab / ↑ ↓ move   ·   ← → change   ·   type a name   ·   Enter start   ·   Esc back"))


    def _draw_rules_text(self, canvas: Canvas) -> None:
        choice = self.choice
        folder = display_path(self.rules_folder)
        if choice.rules is None:
            canvas.text(_("This rules file cannot be played:"), (RX, 208), 16, theme.WARN, font="bold")
            used = canvas.paragraph(choice.problem or "", pygame.Rect(RX, 234, RW, 110), 15, theme.TEXT)
            canvas.paragraph(_("Correct the file and open this screen again."),
                             pygame.Rect(RX, 240 + used, RW, 22),
                             14, theme.TEXT_DIM)
        else:
            rules = self.rules_in_force()
            canvas.paragraph(description(rules) or _("No description."), pygame.Rect(RX, 208, RW, 92), 16,
                             theme.TEXT)
            figures, rules_line = summary(rules)
            canvas.text(figures, (RX, 304), 13, theme.TEXT_DIM, max_width=RW)
            # the rules in words take a second line where a language (or a strict house) needs it, never an ellipsis
            canvas.paragraph(rules_line, pygame.Rect(RX, 322, RW, 32), 13, theme.TEXT_DIM, spacing=1.2)
        if choice.path is not None:
            where = _("Your rules file: {path}").format(path=display_path(choice.path))
        else:
            where = _("Your own rules files (.toml) go in {folder}").format(folder=folder)
        canvas.text(fit_middle(canvas, where, 12, RW), (RX, 365), 12, theme.TEXT_DIM, anchor="midleft")


