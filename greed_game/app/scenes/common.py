"""Pieces shared by the scenes: the felt backdrop, panels, headings; the way to the saved game."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from greed_game.app import theme
from greed_game.app.canvas import LOGICAL_H, LOGICAL_W, Anchor, Canvas
from greed_game.app.navigation import Go, Replace, ToSavedGame
from greed_game.i18n import _

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.rules import Game


def _felt(size: tuple[int, int], base: tuple[int, int, int], seed: int = 3) -> pygame.Surface:
    """A felt texture: the base colour darkening towards the edges, with a faint grain."""
    w, h = size
    # the darkening is smooth, so a small image scaled up shows no steps
    quarter = pygame.transform.smoothscale(_shading(base), (max(1, w // 4), max(1, h // 4)))
    s = pygame.transform.scale(quarter, (w, h))
    grain = _grain(seed)
    gw, gh = grain.get_size()
    for y in range(0, h, gh):
        for x in range(0, w, gw):
            s.blit(grain, (x, y))
    return s


@lru_cache(maxsize=8)
def _shading(base: tuple[int, int, int]) -> pygame.Surface:
    """The base colour, darker towards the edges, as a tiny image."""
    w, h = 32, 20
    v = pygame.Surface((w, h))
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.414)
            k = 1 - 0.43 * d**2.2
            v.set_at((x, y), (int(base[0] * k), int(base[1] * k), int(base[2] * k)))
    return v


@lru_cache(maxsize=4)
def _grain(seed: int) -> pygame.Surface:
    """A tile of faint light and dark specks (the weave of the felt)."""
    rng = random.Random(seed)
    tile = pygame.Surface((128, 128), pygame.SRCALPHA)
    for _k in range(128 * 128 // 90):
        v = rng.choice((0, 255))
        tile.set_at((rng.randrange(128), rng.randrange(128)), (v, v, v, 14))
    return tile


def felt_surface(canvas: Canvas, rect: pygame.Rect, base: tuple[int, int, int] = theme.FELT) -> pygame.Surface:
    """A felt texture for a logical rectangle at the current scale (cached)."""
    pr = canvas.rect(rect)
    return canvas.cached(("felt", pr.size, base), lambda: _felt(pr.size, base))


def draw_backdrop(canvas: Canvas) -> None:
    """The dark green felt behind menus and the scoreboard."""
    canvas.backdrop(felt_surface(canvas, pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H), theme.FELT_DARK))


def draw_panel(canvas: Canvas, rect: pygame.Rect, title: str | None = None, *, alpha: int = 235) -> None:
    """A dark rounded panel, optionally with a title in its top left."""
    canvas.box(rect.move(0, 4), (0, 0, 0, 80), radius=16)
    canvas.box(rect, (*theme.PANEL, alpha), radius=16, border=1.5, border_color=theme.PANEL_EDGE)
    if title:
        canvas.text(title.upper(), (rect.x + 22, rect.y + 16), 15, theme.GOLD, font="bold")


def draw_heading(
    canvas: Canvas, text: str, pos: tuple[float, float], size: float = 40, *, anchor: Anchor = "topleft"
) -> None:
    """A large serif heading with a shadow."""
    canvas.text(text, pos, size, theme.GOLD, font="serif", shadow=(0, 0, 0), anchor=anchor)


def draw_keys_help(canvas: Canvas, text: str) -> None:
    """The line of key help at the bottom of a screen."""
    canvas.text(text, (LOGICAL_W / 2, LOGICAL_H - 14), 13, theme.TEXT_DIM, anchor="midbottom")


def draw_scrim(canvas: Canvas) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    canvas.box((0, 0, LOGICAL_W, LOGICAL_H), theme.SCRIM)


def standing_line(game: Game, limit: int = 64) -> str:
    """Where a game stands in one line (``You 1,200 · Ada 900 — your turn``); with many seats or long names,
    whose turn first and the scores in short, so that the line stays readable where it is shown."""
    from greed_game.narrator import Narrator, num

    narrator = Narrator(game.rules, [p.name for p in game.players])
    state = game.state
    standing = narrator.seats.standing(state)
    if len(standing) <= limit or state.finished:
        return standing
    whose = narrator.by(state.current, _("your turn"), _("{name}'s turn"))
    return _("{whose}  ·  {count} players, top score {score}").format(whose=whose, count=state.players,
                                                                       score=num(max(state.scores)))


def continue_saved(app: App) -> Go | None:
    """To the saved game at the table; None (with the reason shown) when there is none."""
    resumed = app.saved_game()
    return None if resumed is None else Replace(ToSavedGame(resumed))


def replacing(app: App, start: Go) -> Go:
    """Go to ``start`` (a new game); while a game is in progress, first ask to continue it or replace it."""
    from greed_game.app.navigation import Push, ToReplaceGame
    from greed_game.narrator.rules_text import rules_name

    in_progress = app.storage.game_in_progress()
    if in_progress is None:
        return start
    _record, game = in_progress
    return Push(ToReplaceGame(rules_name(game.rules), standing_line(game), lambda: start))
