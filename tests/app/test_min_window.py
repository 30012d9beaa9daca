"""Below 854×480 the frame is drawn at 854×480 and scaled down whole, letterboxed: text keeps its layout."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from greed_game.app import theme
from greed_game.app.display import MIN_STAGE
from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.setup import SetupScene

from .conftest import SMALL, Driver


def _window_pos(app: App, logical: tuple[float, float]) -> tuple[int, int]:
    """Where a logical point shows in the window (through the scaled-down frame), worked out here."""
    x, y = app.canvas.pt(*logical)
    r = app.display.small_frame_rect()
    return (round(r.x + x * r.w / MIN_STAGE[0]), round(r.y + y * r.h / MIN_STAGE[1]))


def test_a_small_window_shows_the_whole_frame_scaled_down(make_app: Callable[..., App]) -> None:
    app = make_app(size=(640, 360))
    assert app.display.small_frame is not None and app.display.small_frame.get_size() == MIN_STAGE
    assert app.canvas.surface is app.display.small_frame and abs(app.canvas.scale - 480 / 720) < 1e-9
    app.show_menu()
    Driver(app).frames(2)
    assert app.display.window.get_size() == (640, 360)
    colours = {tuple(app.display.window.get_at((x, y)))[:3] for x in range(0, 640, 23) for y in range(0, 360, 19)}
    assert len(colours) > 20  # the menu is there, not a blank window


def test_a_window_of_another_shape_gets_bars(make_app: Callable[..., App]) -> None:
    app = make_app(size=(700, 600))
    app.show_menu()
    Driver(app).frames(2)
    r = app.display.small_frame_rect()
    assert r.w == 700 and r.h < 600 and r.y > 0
    assert tuple(app.display.window.get_at((350, 2)))[:3] == theme.LETTERBOX
    assert tuple(app.display.window.get_at((350, 597)))[:3] == theme.LETTERBOX


def test_clicks_land_where_the_scaled_frame_shows_them(make_app: Callable[..., App]) -> None:
    app = make_app(size=(640, 360))
    app.show_menu()
    drive = Driver(app)
    drive.frames(1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    new_game = next(w for w in menu.focus.widgets if getattr(w, "label", "") == "New game")
    pos = _window_pos(app, new_game.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    drive.frames(1)
    assert isinstance(app.stack.top, SetupScene)


def test_growing_the_window_draws_directly_again(make_app: Callable[..., App]) -> None:
    app = make_app(size=(640, 360))
    assert app.display.small_frame is not None
    app.display.resize(SMALL)
    assert app.display.small_frame is None and app.canvas.surface is app.display.window
    app.display.resize((800, 450))
    assert app.display.small_frame is not None
    app.display.resize((1280, 720))
    assert app.display.small_frame is None and app.canvas.scale == 1.0


def test_window_and_stage_points_map_both_ways(make_app: Callable[..., App]) -> None:
    app = make_app(size=(700, 600))
    for point in ((0.0, 0.0), (640.0, 360.0), (1279.0, 719.0), (93.5, 611.25)):
        assert app.display.to_window(*point) == _window_pos(app, point)
        back = app.display.to_logical(app.display.to_window(*point))
        assert abs(back[0] - point[0]) < 2.5 and abs(back[1] - point[1]) < 2.5  # a window pixel is 2 logical
