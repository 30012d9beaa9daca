"""During a throw the table draws only where the dice were and are: the window must look exactly as if drawn whole."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from greed_game.app.main import App
from greed_game.app.scenes.table import TableScene
from greed_game.rules import FirstPlayer

from .conftest import SMALL, Driver
from .scenarios import ADA, TESS, table_at


def _differences(a: bytes, b: bytes, size: tuple[int, int]) -> str:
    """Where two RGB frames differ: how many pixels, within which box."""
    w = size[0]
    spots = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    xs, ys = [s % w for s in spots], [s // w for s in spots]
    return f"{len(spots)} pixels differ, within x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"


def _throws_drawn_in_part(app: App, seeds: tuple[int, ...], every: int) -> int:
    """Throw the dice with each seed; every ``every`` frames (and at rest) the window, drawn in part since the
    last check, is compared with the same frame drawn whole. Returns how many frames were drawn in part."""
    drive = Driver(app)
    partial = 0
    for seed in seeds:
        table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=seed)
        if seed == seeds[0]:
            table.turn.hands.forced.append("off-felt")  # a die over the rail, past the stage's edge if it can
        drive.frames(2)
        drive.press("space")
        frames = 0
        drawn_in_part = table.draw_changed
        counted = [0]

        def counting(canvas: object, table: TableScene = table, counted: list[int] = counted) -> bool:
            done = TableScene.draw_changed(table, canvas)  # type: ignore[arg-type]
            counted[0] += done
            return done

        table.draw_changed = counting  # type: ignore[method-assign]
        while table.turn.mode == "rolling":
            drive.frames(1)
            frames += 1
            if frames % every and table.turn.mode == "rolling":
                continue
            window = app.display.window
            seen = pygame.image.tobytes(window, "RGB")
            app._alone = None  # the same frame, drawn whole
            app.draw()
            whole = pygame.image.tobytes(window, "RGB")
            assert seen == whole, f"seed {seed}, frame {frames}: {_differences(seen, whole, window.get_size())}"
        table.draw_changed = drawn_in_part  # type: ignore[method-assign]
        partial += counted[0]
    return partial


def _mid_throw(app: App, frames: int) -> tuple[Driver, TableScene]:
    """A table of two (Tess to throw), ``frames`` frames after Space."""
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=3)
    drive.frames(2)
    drive.press("space")
    drive.frames(frames)
    return drive, table


@pytest.mark.parametrize("size", [(1280, 720), SMALL, (1280, 900)])  # the last with letterbox bars
def test_a_throw_drawn_in_part_looks_as_if_drawn_whole_flat(make_app: Callable[..., App],
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int]) -> None:
    monkeypatch.delenv("GREED_VIEW", raising=False)
    app = make_app(size=size, animation_speed="normal", void_frequency="realistic")
    assert app.views.gl() is None
    partial = _throws_drawn_in_part(app, (3, 4, 5, 6), every=6)
    assert partial > 40, f"only {partial} frames were drawn in part"


@pytest.mark.usefixtures("view_3d")
def test_a_throw_drawn_in_part_looks_as_if_drawn_whole_in_3d(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal", void_frequency="realistic", skin="greed")
    assert app.views.gl() is not None
    partial = _throws_drawn_in_part(app, (3, 4, 7), every=5)
    assert partial > 30, f"only {partial} frames were drawn in part"


def test_a_pointer_moved_during_a_throw_draws_the_next_frame_whole(make_app: Callable[..., App],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GREED_VIEW", raising=False)
    app = make_app(animation_speed="normal")
    drive, table = _mid_throw(app, 4)
    assert table.turn.mode == "rolling"
    calls: list[bool] = []
    real = table.draw_changed
    table.draw_changed = lambda canvas: calls.append(real(canvas)) or calls[-1]  # type: ignore[method-assign]
    drive.frames(1)
    assert calls == [True]  # mid-throw, nothing but the dice changed: drawn in part
    over_buttons = app.display.to_window(700.0, 680.0)  # one may light up
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_buttons, rel=(0, 0), buttons=(0, 0, 0)))
    drive.frames(1)
    assert calls == [True, False]  # drawn whole: the scene cannot tell what the pointer lit up
    drive.frames(3)
    assert calls[-1] is True  # and in part again once nothing but the dice moves


def _outside_untouched(app: App, draw: Callable[[], None], rect: pygame.Rect) -> str:
    """Draw on a window filled with a colour no screen uses; what changed outside ``rect`` (empty: nothing)."""
    window = app.display.window
    window.fill((1, 2, 3))
    draw()
    window.fill((1, 2, 3), app.canvas.rect(rect))
    blank = pygame.Surface(window.get_size())
    blank.fill((1, 2, 3))
    seen, empty = pygame.image.tobytes(window, "RGB"), pygame.image.tobytes(blank, "RGB")
    return "" if seen == empty else _differences(seen, empty, window.get_size())


@pytest.mark.parametrize("size", [(1280, 720), SMALL])
def test_the_buttons_and_the_side_panel_draw_only_in_their_rectangles(make_app: Callable[..., App],
                                                                     size: tuple[int, int]) -> None:
    # a throw over the side panel is drawn again there by the panel alone: it must not reach past its edge
    from greed_game.app.scenes.table_parts import ACTIONS, SIDE

    app = make_app(size=size)
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=3)
    drive.frames(2)
    drive.press("space")
    drive.until(lambda: table.human_turn)
    drive.press("h")  # the hint open in the side panel
    snap = table.snap
    assert snap.hint
    for section, rect in ((table.side, SIDE), (table.actions, ACTIONS)):
        stray = _outside_untouched(app, lambda section=section: section.draw(app.canvas, snap), rect)
        assert not stray, f"{type(section).__name__} drew outside its rectangle: {stray}"


def test_a_solve_that_ends_during_a_throw_shows_at_once(make_app: Callable[..., App]) -> None:
    # the win tables' solve ends on another thread: the seat's note must not wait for the dice to settle
    app = make_app(animation_speed="normal")
    drive, table = _mid_throw(app, 2)
    prep = table.prep
    prep.standins, prep._win_fraction = (1,), 0.5  # as the solve's thread leaves them under way
    drive.frames(1)
    assert "solved" in table.snap.seat_notes[1]
    prep.standins, prep._win_fraction = (), 1.0  # and once it has ended
    drive.frames(1)
    assert table.turn.mode == "rolling"
    assert "solved" not in table.snap.seat_notes[1]


def test_a_window_made_again_during_a_throw_is_drawn_whole(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive, _ = _mid_throw(app, 4)
    app.display.resize((1280, 720))  # the same size: the canvas's scale and place do not change
    app.display.window.fill((1, 2, 3))  # whatever the new window holds, the last frame is not on it
    drive.frames(1)
    seen = pygame.image.tobytes(app.display.window, "RGB")
    app._alone = None
    app.draw()
    assert seen == pygame.image.tobytes(app.display.window, "RGB")



def test_an_image_kept_by_size_is_one_a_key_made_again_at_a_new_size() -> None:
    # the surface under the dice: one a window, not one for each size the window has had
    from greed_game.app.canvas import Canvas

    canvas = Canvas(pygame.Surface((1280, 720)))

    def keep() -> pygame.Surface:
        size = canvas.surface.get_size()
        return canvas.cached(("under the dice",), lambda: pygame.Surface(size), size=size)

    first = keep()
    assert keep() is first and first.get_size() == (1280, 720)
    canvas.set_target(pygame.Surface((1500, 720)))  # wider at the same scale: letterboxed, the cache kept
    wider = keep()
    assert wider is not first and wider.get_size() == (1500, 720)
    assert keep() is wider
    canvas.set_target(pygame.Surface((1280, 720)))
    assert keep().get_size() == (1280, 720)
