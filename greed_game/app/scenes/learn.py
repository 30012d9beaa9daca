"""Learn to play: choose the rule family to learn, then a guided game at the real table.

On the menu for anyone, and offered once to a new player on the first start.
The lesson itself is a game at the table (:mod:`greed_game.play.lesson`);
this screen only chooses its rules, says what it will be like, and starts it
the way a new game starts (a game in progress is never replaced unasked).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_W, Canvas
from greed_game.app.dice_view import draw_upright
from greed_game.app.input import Input, KeyPress
from greed_game.app.navigation import Go, Pop, Replace, ToNewGame, went
from greed_game.app.portraits import draw_portrait
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.common import draw_backdrop, draw_heading, draw_keys_help, draw_panel, replacing
from greed_game.app.widgets import Button, FocusGroup, Widget
from greed_game.i18n import _
from greed_game.narrator.coach import faces_caption, lesson_about, lesson_lead
from greed_game.narrator.rules_text import description, rules_name
from greed_game.play.setup import GameSetup
from greed_game.presets import presets
from greed_game.rules import Player
from greed_game.storage.settings import LastSetup, SeatSetup

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App

OPPONENT_LEVEL = "expert"
"""The level of the lesson's opponent: it plays well, and its character (Ada) is friendly."""
FAMILIES = pygame.Rect(60, 150, 380, 430)
ABOUT = pygame.Rect(470, 150, 750, 430)


class LearnScene(Scene):
    """The rule family to learn (the five presets), what the lesson is, and Start."""

    name = "learn"

    def __init__(self, app: App, *, offer: bool = False) -> None:
        super().__init__(app)
        self.offer = offer
        self.rules = presets()
        self.chosen = 0
        self.focus = FocusGroup()
        self._build()
        if offer:
            # Offered once: whatever the answer, a new player is not asked again.
            app.settings.lesson_offered = True
            app.save_settings()

    def _build(self) -> None:
        widgets: list[Widget] = []
        for i, rules in enumerate(self.rules):
            rect = pygame.Rect(FAMILIES.x + 20, FAMILIES.y + 58 + i * 66, FAMILIES.w - 40, 54)
            widgets.append(Button(rect, rules_name(rules), partial(self.choose, i), primary=i == self.chosen, size=19))
        y = ABOUT.bottom + 36
        self.start_button = Button(pygame.Rect(LOGICAL_W - 60 - 300, y, 300, 54), _("Start the lesson"), self.start,
                                   primary=True, size=20, hint="Enter")
        back = _("Not now") if self.offer else _("Back")
        widgets += [self.start_button, Button(pygame.Rect(LOGICAL_W - 60 - 300 - 16 - 170, y, 170, 54), back,
                                              self.leave, hint="Esc", size=18)]
        self.focus.set(widgets)

    @property
    def opponent(self) -> str:
        """The opponent's name: the character of its level."""
        from greed_game.play.setup import computer_name

        return computer_name(OPPONENT_LEVEL, (), 1)

    def choose(self, index: int) -> Go | None:
        """Learn these rules (the choice is shown; Start begins)."""
        self.chosen = index
        focused = self.focus.focus
        self._build()
        self.focus.focus = focused
        return None

    def setup(self) -> GameSetup:
        """The lesson's game: the newcomer, then the opponent, under the chosen rules."""
        players = [Player(_("You"), "human"), Player(self.opponent, OPPONENT_LEVEL)]
        return GameSetup(self.rules[self.chosen].id, players)

    def start(self) -> Go | None:
        """The lesson at the table; a game in progress is first offered to be continued (or exported).

        A player who has never set up a game finds the rules just learnt on the new-game screen afterwards."""
        settings = self.app.settings
        if settings.last_setup is None:
            seats = (SeatSetup(_("You"), "human"), SeatSetup(self.opponent, OPPONENT_LEVEL))
            settings.last_setup = LastSetup(seats, self.rules[self.chosen].id)
            self.app.save_settings()
        return replacing(self.app, Replace(ToNewGame(self.setup(), lesson=True)))

    def leave(self) -> Go:
        """Back to the menu."""
        return Pop()

    def handle(self, event: Input) -> Go | None:
        if isinstance(event, KeyPress):
            if event.key == "escape":
                return self.leave()
            if event.key == "enter" and not self.focus.keyboard:
                return self.start()
        return went(self.focus.handle(event))

    def draw(self, canvas: Canvas) -> None:
        draw_backdrop(canvas)
        draw_heading(canvas, _("Learn to play"), (60, 36), 42)
        canvas.text(lesson_lead(self.offer), (60, 104), 18, theme.TEXT)
        draw_panel(canvas, FAMILIES, _("Rules to learn"))
        draw_panel(canvas, ABOUT)
        self.focus.draw(canvas)
        rules = self.rules[self.chosen]
        x, w = ABOUT.x + 30, ABOUT.w - 60
        canvas.text(rules_name(rules), (x, ABOUT.y + 24), 26, theme.GOLD, font="serif")
        y: float = ABOUT.y + 70
        y += canvas.paragraph(description(rules), pygame.Rect(x, y, w, 110), 18, theme.TEXT) + 8
        canvas.text(faces_caption(rules.dice), (x, y + 34), 15, theme.TEXT_DIM, anchor="midleft")
        left = x + canvas.text_width(faces_caption(rules.dice), 15) + 16
        for face in range(1, 7):
            draw_upright(canvas, rules.skin, face, (left + 22 + (face - 1) * 54, y + 34), 40)
        y += 78
        draw_portrait(canvas, OPPONENT_LEVEL, (x + 34, y + 36), 64)
        canvas.paragraph(lesson_about(self.opponent), pygame.Rect(x + 84, y, w - 84, 130), 17, theme.TEXT)
        draw_keys_help(canvas, _("↑ ↓ Tab move   ·   Enter choose or start   ·   Esc not now") if self.offer
                       else _("↑ ↓ Tab move   ·   Enter choose or start   ·   Esc back"))
