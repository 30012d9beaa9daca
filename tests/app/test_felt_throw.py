"""The felt's throw: a die drawn from its pose, a throw by hand from the thrower's rail, and the table drawn
in 3D through OpenGL where a context can be had."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from greed_game.app.dice_view import DieView
from greed_game.app.gl_dice import rotations
from greed_game.app.main import App
from greed_game.app.scenes.felt import (
    CAMERA,
    FLICK_CURVE,
    FLICK_FULL,
    FLICK_LIFT,
    FLICK_SPEED,
    FLICK_SWING,
    HARDEST_NEAR,
    HOLD_MARGIN,
    HOLD_STILL,
    gesture_flick,
    pose_dice,
)
from greed_game.app.scenes.table import TableScene
from greed_game.app.scenes.table_parts import DIE, FELT, SIDE
from greed_game.physics import TABLE, Flick, Layout
from greed_game.physics.faces import LAYOUTS, top_face
from greed_game.play.moments import RollOffThrown
from greed_game.play.voids import Hands, Toss, seat_spot
from greed_game.rules import FirstPlayer, Phase, Player, Roll

from .conftest import Driver
from .scenarios import (
    ADA,
    BRUTUS,
    TESS,
    first_throw_at_rest,
    first_throw_with_a_keep,
    pick,
    table_at,
    void_off_the_felt,
)


def _quaternion(axis: tuple[float, float, float], degrees: float) -> tuple[float, float, float, float]:
    k = np.array(axis, dtype=np.float64) / np.linalg.norm(axis)
    s, c = math.sin(math.radians(degrees) / 2), math.cos(math.radians(degrees) / 2)
    return (float(k[0] * s), float(k[1] * s), float(k[2] * s), c)


def _posed(x: float, y: float, z: float, q: tuple[float, float, float, float], layout: Layout) -> DieView:
    view = DieView(layout[4], DIE, random.Random(1))
    pose_dice([view], np.array([(x, y, z, *q)], dtype=np.float32), [layout])
    return view


# -- a die from its pose -----------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS[::5])
@pytest.mark.parametrize("yaw", [0.0, 30.0, -120.0])
def test_a_flat_die_shows_its_top_value_lying_still_where_the_camera_puts_it(layout: Layout, yaw: float) -> None:
    x, y = 2.5, -1.25
    view = _posed(x, y, 0.5, _quaternion((0, 0, 1), yaw), layout)
    assert view.tumble.top == layout[4]  # face 4 (+z) is up
    assert view.tumble.phase == 0.0 and view.tumble.done
    assert (view.x, view.y) == pytest.approx(CAMERA.to_screen(x, y, 1.0))  # the middle of its top face
    assert view.size == pytest.approx(DIE)
    assert view.z == 0.0 and view.alpha == 255


def test_dice_posed_together_are_posed_as_each_alone() -> None:
    rng = np.random.default_rng(5)
    quats = rng.normal(size=(12, 4))
    quats[::3] = [_quaternion((0, 0, 1), float(a)) for a in rng.uniform(-180, 180, size=4)]  # lying flat
    rows = np.concatenate([rng.uniform(-6, 6, size=(12, 2)), rng.uniform(-2.5, 3, size=(12, 1)),
                           quats / np.linalg.norm(quats, axis=1, keepdims=True)], axis=1).astype(np.float32)
    layouts = [LAYOUTS[(7 * n) % len(LAYOUTS)] for n in range(12)]
    together = [DieView(3, DIE, random.Random(1)) for _ in range(12)]
    pose_dice(together, rows, layouts)
    for view, row, layout in zip(together, rows, layouts, strict=True):
        alone = DieView(3, DIE, random.Random(1))
        pose_dice([alone], row.reshape(1, 7), [layout])
        assert (view.pose, view.x, view.y, view.size, view.z, view.angle, view.alpha) == \
            (alone.pose, alone.x, alone.y, alone.size, alone.z, alone.angle, alone.alpha)
        assert (view.tumble.top, view.tumble.next, view.tumble.phase, view.tumble.done) == \
            (alone.tumble.top, alone.tumble.next, alone.tumble.phase, alone.tumble.done)
    assert len({v.tumble.top for v in together}) > 1, "the poses differ, and so do the faces up"


def test_a_die_turned_onto_another_face_shows_that_face() -> None:
    layout = LAYOUTS[7]
    view = _posed(0.0, 0.0, 0.5, _quaternion((1, 0, 0), 90), layout)  # +y turned up
    assert view.tumble.top == layout[2] and view.tumble.phase == 0.0
    tipped = _posed(0.0, 0.0, 0.65, _quaternion((1, 0, 0), 30), layout)  # rolling from +z towards +y
    assert tipped.tumble.top == layout[4] and tipped.tumble.next == layout[2]
    assert tipped.tumble.phase == pytest.approx(30 / 90, abs=1e-3)


def test_a_die_in_the_air_is_drawn_bigger_the_higher_it_is() -> None:
    layout = LAYOUTS[0]
    sizes = [_posed(1.0, 1.0, z, (0.0, 0.0, 0.0, 1.0), layout).size for z in (0.5, 2.0, 4.0)]
    assert sizes[0] == pytest.approx(DIE)
    assert sizes[0] < sizes[1] < sizes[2]
    high = _posed(1.0, 1.0, 4.0, (0.0, 0.0, 0.0, 1.0), layout)
    assert (high.x, high.y) == pytest.approx(CAMERA.to_screen(1.0, 1.0, 4.5))
    assert high.z > 0


# -- the gesture -------------------------------------------------------------------------------------------


def _drag(start: tuple[float, float], end: tuple[float, float], seconds: float, steps: int = 12) -> list[
        tuple[float, float, float]]:
    return [(start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps,
             seconds * k / steps) for k in range(steps + 1)]


def test_a_gesture_s_speed_is_held_between_the_gentlest_and_the_hardest_throw() -> None:
    start = (FELT.centerx, FELT.bottom - 30)
    fast = gesture_flick(_drag(start, (start[0] + 200, start[1] - 10), 0.02), 0, 2)  # (near the thrower's rail)
    slow = gesture_flick(_drag(start, (start[0] + 5, start[1] - 60), 2.0), 0, 2)
    middling = gesture_flick(_drag(start, (start[0], start[1] - 150), 0.3), 0, 2)
    slower = gesture_flick(_drag(start, (start[0], start[1] - 150), 0.35), 0, 2)
    assert fast.speed == FLICK_SPEED[1]
    assert slow.speed == FLICK_SPEED[0]
    assert FLICK_SPEED[0] < slower.speed < middling.speed < FLICK_SPEED[1]
    # a quicker drag throws harder, less than in proportion (let go at the same place)
    assert middling.speed == pytest.approx(slower.speed * (0.35 / 0.3) ** FLICK_CURVE)
    assert middling.speed > FLICK_SPEED[1] * (150 / DIE / 0.3 / FLICK_FULL) * 0.6, "a middling drag threw gently"
    assert math.hypot(*middling.aim) == pytest.approx(1.0)


def test_a_short_nudge_however_quick_throws_no_harder_than_its_length_allows() -> None:
    """A nudge of 30 px had thrown as hard as a long flick (helper-36)."""
    start = (FELT.centerx, FELT.bottom - 30)
    nudge = gesture_flick([(*start, 0.0), (start[0], start[1] - 30, 1 / 60)], 0, 2)
    longer = gesture_flick([(start[0], start[1] - 30 * k, k / 60) for k in range(3)], 0, 2)
    swing = gesture_flick([(start[0] + 40 * k, start[1] - 6 * k, k / 60) for k in range(5)], 0, 2)
    assert nudge.speed <= FLICK_SPEED[1] * 30 / DIE / FLICK_SWING
    assert nudge.speed < longer.speed < swing.speed == FLICK_SPEED[1]


def test_a_hand_held_still_then_flung_in_one_jump_throws_as_hard_as_the_jump() -> None:
    """Pressed, held still, then flung 250 px between two frames: measured over the whole pause, the throw had been
    a weak lob (helper-42)."""
    start = (FELT.centerx, FELT.bottom - 30)
    jump = gesture_flick([(*start, 0.0), (start[0], start[1] - 250, 0.4)], 0, 2)
    released = gesture_flick([(*start, 0.0), (start[0], start[1] - 250, 0.4), (start[0], start[1] - 250, 0.4)], 0, 2)
    assert released.speed == jump.speed, "the release heard in the frame of the jump"
    swift = gesture_flick(_drag(start, (start[0], start[1] - 250), 0.05), 0, 2)
    assert jump.speed == pytest.approx(swift.speed) and jump.speed > FLICK_SPEED[1] / 2, "as hard as a swift flick"
    nudge = gesture_flick([(*start, 0.0), (start[0], start[1] - 30, 0.4)], 0, 2)
    assert nudge.speed <= FLICK_SPEED[1] * 30 / DIE / FLICK_SWING, "a short jump no harder than its length allows"


def test_a_flick_back_towards_the_thrower_drops_the_dice_and_one_aslant_throws_gently() -> None:
    """A flick back had thrown forward as hard as one forward (helper-36); one back and aside had burst the dice
    over the felt (helper-38)."""
    start = (FELT.centerx, FELT.centery)
    end = (start[0] + 150, start[1] + 150)
    back = gesture_flick(_drag(start, (start[0], start[1] + 150), 0.08), 0, 2)
    aslant = gesture_flick(_drag(start, end, 0.3), 0, 2)
    forward = gesture_flick(_drag((start[0], start[1] + 300), end, 0.3), 0, 2)  # (let go at the same place)
    assert back.speed == FLICK_SPEED[0]
    assert back.speed < aslant.speed < forward.speed
    # (at 45° back, as hard as a gesture half as quick: the square of its share across)
    half = 150 * 2**0.5 / DIE / 0.3 / 2
    assert aslant.speed == pytest.approx(FLICK_SPEED[1] * (half / FLICK_FULL) ** FLICK_CURVE, rel=0.02)
    assert back.aim[1] > 0 and aslant.aim[1] > 0, "still thrown away from the thrower"


def _median_landing(flick: Flick, throws: int = 40) -> float:
    """How far up the felt (die units from its middle) six dice thrown with ``flick`` come to rest, the median."""
    import random
    import statistics

    from greed_game.physics.throw import simulate

    rests = [simulate(6, flick, random.Random(n)).poses[-1] for n in range(throws)]
    return statistics.median(float(y) for rest in rests for y in rest[:, 1] if abs(y) < TABLE.half_depth)


def test_an_everyday_drag_lands_the_dice_about_where_space_does_and_a_slow_one_rolls_them_out() -> None:
    """A drag of 300 px in 0.4 s ends past the felt's middle: thrown as hard as Space from there, it sent most dice
    to the far third."""
    from greed_game.physics import THROWING

    start = (FELT.centerx, FELT.bottom - 30)
    everyday = gesture_flick(_drag(start, (start[0], start[1] - 300), 0.4), 0, 2)
    slowest, hardest = THROWING["rare"].speed
    space = Flick(0.0, -1, (0.0, 1.0), (slowest + hardest) / 2, FLICK_LIFT)
    assert everyday.speed < slowest, "let go nearer the far rail, the hand throws gentler"
    assert abs(_median_landing(everyday) - _median_landing(space)) < 0.5
    flick = gesture_flick(_drag(start, (start[0], start[1] - 250), 0.08), 0, 2)
    assert flick.speed >= 1.5 * everyday.speed, "a flick threw hardly harder than an everyday drag"
    assert _median_landing(flick) > _median_landing(everyday) + 0.75, "a flick did not throw the dice further"
    # the hardest throw lands about as far up the felt wherever the hand let go: at full speed from the middle
    # line it had sent 85% of the dice to the far third, a third of such throws in a row along the far rail
    # (helper-28, helper-29), one in six void; scaled down as much as a drag, a hard flick there went hardly
    # further than one (helper-31)
    near_rail = gesture_flick(_drag(start, (start[0], start[1] - 250), 0.08), 0, 2, hand=(start[0], FELT.bottom - 20))
    assert near_rail.speed == FLICK_SPEED[1] and flick.speed == pytest.approx(FLICK_SPEED[1] * HARDEST_NEAR)
    assert abs(_median_landing(flick) - _median_landing(near_rail)) < 0.5
    slow = gesture_flick(_drag(start, (start[0], start[1] - 90), 0.75), 0, 2)
    assert slow.speed < slowest * 0.5, "a slow drag threw as hard as Space"
    # (the round heap of a person's hand leaves with its nearest die off the rail, its middle 1.3 from the felt's)
    assert _median_landing(slow) < -TABLE.half_depth / 5, "a slow drag did not roll the dice out of the hand"


def test_a_hand_that_pauses_an_instant_before_letting_go_still_throws_as_hard_as_it_moved() -> None:
    start = (FELT.centerx, FELT.bottom - 30)
    swing = _drag(start, (start[0], start[1] - 250), 0.3)
    t_end = swing[-1][2]
    paused = [*swing, *((swing[-1][0], swing[-1][1], t_end + k / 60) for k in range(1, 10))]  # still for 0.15 s
    assert gesture_flick(paused, 0, 2).speed == pytest.approx(gesture_flick(swing, 0, 2).speed)
    # (held still a while, the dice are let go gently)
    rested = [*swing, *((swing[-1][0], swing[-1][1], t_end + k / 60) for k in range(1, 40))]
    assert gesture_flick(rested, 0, 2).speed == FLICK_SPEED[0]


@pytest.mark.parametrize(("seat", "players"), [(0, 2), (1, 2), (2, 4), (3, 5)])
@pytest.mark.parametrize("direction", [0, 30, 80, 100, 150, 180 + 30, 180 + 90, 180 + 150])
def test_a_gesture_throws_from_the_thrower_s_rail_across_the_felt(seat: int, players: int, direction: float) -> None:
    """Whichever way the drag goes (even towards one's own rail), the dice go away from the thrower's rail."""
    x_seat, side = seat_spot(seat, players)
    sx, _ = CAMERA.to_screen(x_seat, 0.0)
    start = (sx, FELT.bottom - 40 if side == -1 else FELT.top + 40)
    a = math.radians(direction + 1)  # never exactly along the rail
    end = (start[0] + 150 * math.cos(a), start[1] - 150 * math.sin(a))
    flick = gesture_flick(_drag(start, end, 0.3), seat, players)
    assert flick.side == side
    assert flick.aim[1] * side < 0, f"aim {flick.aim} goes towards the thrower's own rail"
    # the sideways part of the drag is kept, up to 60° off straight across
    assert flick.aim[0] == pytest.approx(max(-math.sin(math.radians(60)), min(math.sin(math.radians(60)), math.cos(a))),
                                         abs=1e-6)
    # the hand lets go where the pointer did
    x_end, y_end = CAMERA.to_world(*end)
    assert flick.x == pytest.approx(x_end) and flick.reach == pytest.approx(side * y_end)


# -- at the table ------------------------------------------------------------------------------------------


def _watch_tosses(table: object) -> list[tuple[Flick | None, Toss]]:
    """Every toss the table's hands make from now on, with the flick it was thrown with (None: the hand's own)."""
    hands: Hands = table.turn.hands  # type: ignore[attr-defined]
    made: list[tuple[Flick | None, Toss]] = []
    real = hands.toss

    def toss(values: tuple[int, ...], seat: int, players: int, flick: Flick | None = None) -> Toss:
        by_hand = flick or hands.by_hand  # a person's gesture rides with the hands until their next throw
        out = real(values, seat, players, flick)
        made.append((by_hand, out))
        return out

    hands.toss = toss  # type: ignore[method-assign]
    return made


def test_a_throw_by_hand_leaves_from_the_person_s_rail(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=6)
    drive.frames(2)
    made = _watch_tosses(table)
    assert table.dice == [] and table.turn.throws == 0
    start = (FELT.centerx - 120.0, FELT.bottom - 36.0)
    assert not any(d.contains(start) for d in table.dice)
    end = (start[0] + 60, start[1] - 140)
    drive.drag(start, end, 0.25, frames=3)
    assert table.turn.throws == 1, "the drag threw the dice"
    rolls = [e for e in table.turn.recorder.record().events if isinstance(e, Roll)]
    assert len(rolls) == 1 and len(rolls[0].dice) == 6
    assert len(made) == 1
    flick, toss = made[0]
    assert flick is not None, "thrown by the gesture, not by the hand's own flick"
    assert flick.side == -1 and flick.aim[1] > 0
    x_end, y_end = CAMERA.to_world(*end)
    assert flick.x == pytest.approx(x_end)
    first = toss.film.poses[0]
    ys = first[:, 1]
    # the dice leave the hand over the bottom half of the felt, where the pointer let them go
    assert all(-TABLE.half_depth < y < 1.0 for y in ys), ys
    assert abs(float(np.mean(ys)) - y_end) < 0.8, (ys, y_end)
    assert abs(float(np.mean(first[:, 0])) - flick.x) < 2.0
    assert table.dice and all(d.value in range(1, 7) for d in table.dice)


def test_the_pointer_shows_what_a_press_would_do(make_app: Callable[..., App]) -> None:
    """A press held still on the felt had shown nothing: the dice stay put until the drag moves."""
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=6)
    drive.frames(2)
    to_window = app.display.to_window

    def over(pos: tuple[float, float]) -> str:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(*pos), rel=(0, 0), buttons=(0, 0, 0)))
        drive.frames(1)
        return app.display.pointer

    felt = (FELT.centerx - 120.0, FELT.bottom - 36.0)
    assert over(felt) == "hand", "the felt the dice may be thrown from"
    assert over((SIDE.centerx, SIDE.bottom - 20)) == "arrow"
    roll = next(w for w in table.actions.focus.widgets if getattr(w, "label", "") == "Roll")
    assert over(roll.rect.center) == "hand"
    over(felt)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*felt), button=1))
    drive.frames(1)
    assert app.display.pointer == "hold", "a press that may throw, held still"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*felt), button=1))
    drive.frames(1)
    assert app.display.pointer == "hand" and table.turn.throws == 0


def test_a_short_drag_is_a_click_not_a_throw(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=6)
    drive.frames(2)
    start = (FELT.centerx - 120.0, FELT.centery)
    assert not any(d.contains(start) for d in table.felt.hold.fresh)
    drive.drag(start, (start[0] + 5, start[1] - 12), 0.2, frames=3)
    assert table.turn.throws == 0


def test_a_click_on_the_dice_waiting_for_you_throws_them(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=6)
    drive.until(lambda: len(table.felt.hold.fresh) == 6 and not table.felt.hold.lying)
    row = table.felt.hold.fresh
    assert all(CAMERA.to_world(d.x, d.y)[1] < -TABLE.half_depth + 1.5 for d in row), "before Tess's rail"
    assert all(FELT.collidepoint(d.x, d.y) for d in row), "on the felt, waiting"
    die = row[2]
    drive.drag((die.x, die.y), (die.x + 3, die.y - 3), 0.1, frames=3)
    assert table.turn.throws == 1 and table.felt.playing is not None


@pytest.mark.usefixtures("view_3d")
def test_the_table_in_3d_draws_the_dice_through_opengl(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    assert app.views.gl() is not None and app.views.describe().startswith("3D")
    checked = 0
    for seed in (3, 4, 5):
        table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=seed)
        drive.frames(2)
        drive.press("space")
        drive.until(lambda table=table: table.turn.mode != "rolling" and not table.felt.moving())
        drive.frames(2)
        assert table.felt.drawn is not None, "the felt was not drawn through the 3D view"
        drive.shot(f"table-3d-{seed}")
        window = app.display.window
        assert window.get_size() == (1280, 720)  # logical pixels are the window's
        for d in table.dice:
            if d.lean is not None or d.value % 2 or d.pose is None:  # an odd value has a pip at the centre
                continue
            x, y, z = d.pose[:3]
            top = CAMERA.to_screen(x, y, z + 0.5)  # the middle of its top face, as the camera sees it
            c = window.get_at((round(top[0]), round(top[1])))
            assert c.r > 200 and c.g > 190 and c.b > 170 and c.r >= c.b, f"die {d.value} at {top}: {c}"
            checked += 1
        # (a point of the felt a die and a half from every die)
        empty = next(p for p in ((FELT.centerx + dx, FELT.bottom - 20) for dx in range(-300, 301, 50))
                     if all(math.dist(p, (d.x, d.y)) > 1.5 * DIE for d in table.dice))
        felt = window.get_at(empty)
        assert felt.g > felt.r + 30, f"the felt is green where no die lies: {felt}"
    assert checked > 0, "no resting die with an even value in three throws"


def test_the_dummy_driver_draws_the_table_flat(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GREED_VIEW", raising=False)
    app = make_app()
    table = first_throw_at_rest(Driver(app), seed=3)
    assert app.views.gl() is None and table.felt.drawn is None
    assert app.views.describe().startswith("flat")
    assert pygame.display.get_driver() == "dummy"


def test_a_sideways_drag_still_throws_across_the_felt() -> None:
    start = (FELT.centerx, FELT.bottom - 40)
    flick = gesture_flick(_drag(start, (start[0] + 200, start[1]), 0.2), 0, 2)
    assert flick.aim[1] > 0.3, f"aim {flick.aim}"


def test_the_dice_left_on_the_felt_are_gathered_into_the_hand_before_they_fly(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    lying = [(d.x, d.y) for d in table.felt.dice if not d.selected]
    drive.press("space")
    drive.until(lambda: table.felt.playing is not None)
    first = [(d.x, d.y) for d in table.felt.dice]
    assert len(first) == len(lying)
    # the first frame of the throw shows the dice where they lay, not already in the hand
    assert max(min(math.dist(a, b) for b in lying) for a in first) < 4
    track = [first]
    while table.felt.playing is not None and len(track) < 40:
        drive.frames(1)
        track.append([(d.x, d.y) for d in table.felt.dice])
    steps = [max(math.dist(a, b) for a, b in zip(one, two, strict=True)) for one, two in itertools.pairwise(track)]
    assert max(steps[:15]) < DIE, "no die jumps on its way to the hand"


def test_a_kept_die_is_carried_up_over_the_felt_and_set_down_in_the_tray(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.table_sections import KEEP_LIFT

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    drive.press("space")
    carried = next(t.view for t in table.tray.dice if t.view.tween is not None)
    heights, ringed = [], []
    while carried.tween is not None:
        heights.append(carried.z)
        ringed.append(carried.selected)
        drive.frames(1)
    assert max(heights) > KEEP_LIFT * 0.8, "half way the die is high over the felt"
    assert heights[0] < KEEP_LIFT * 0.3 and heights[-1] < KEEP_LIFT * 0.3, "it rises from the felt and comes down"
    drive.frames(1)
    assert carried.z == 0.0 and carried.place == "tray"
    # its gold ring on all the way (without it, one lifted past the dice in the hand read as live: helper-27)
    assert all(ringed) and not carried.selected


def _dull_picked(make_app: Callable[..., App]) -> tuple[Driver, TableScene, DieView]:
    """Tess's first throw at rest with a die picked that does not score (a click on it is refused: picked as a
    pick not yet whole would be, one of two 2s, say): the driver, the table and that die."""
    drive = Driver(make_app(animation_speed="normal"))
    table = first_throw_at_rest(drive, seed=7)
    dull = next(d for d in table.snap.dice if d.value not in (1, 5))
    table.turn.selection.choose([dull.value])
    table.turn.refresh()
    drive.frames(2)
    return drive, table, next(d for d in table.felt.dice if d.selected)


def test_a_throw_refused_for_a_die_that_does_not_score_shakes_that_die(make_app: Callable[..., App]) -> None:
    drive, table, die = _dull_picked(make_app)
    home = (die.x, die.y)
    throws = table.turn.throws
    drive.press("space")
    assert table.turn.throws == throws, "the throw was refused"
    assert "not score" in table.snap.error
    nudges = []
    while die.shake > 0:
        drive.frames(1)
        nudges.append(die.nudge())
    assert max(nudges) > 2 and min(nudges) < -2, "the die shook from side to side"
    assert die.nudge() == 0.0 and (die.x, die.y) == home and die.selected, "and is back where it lay, still picked"
    assert table.idle_for() > 0, "then nothing moves"


@pytest.mark.usefixtures("view_3d")
def test_letter_dice_in_flight_keep_their_letters_as_they_will_rest(make_app: Callable[..., App],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from greed_game.app.gl_dice import GLDice, rotations, top_quarters

    app = make_app(skin="greed", animation_speed="normal")
    assert app.views.gl() is not None
    seen: list[tuple[bool, object]] = []
    real = GLDice.render_part

    def recording(self: GLDice, *args: object, **kw: object) -> object:
        seen.append((bool(kw.get("moving")), kw.get("tops")))
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(GLDice, "render_part", recording)
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=5)
    drive.until(lambda: bool(table.felt.hold.fresh) and not table.felt.hold.lying)
    drive.press("space")
    drive.until(lambda: table.felt.playing is not None and table.felt.playing.t > table.felt.playing.lead)
    seen.clear()  # (while the row's dice are gathered, their letters are as they lie)
    drive.until(lambda: table.turn.mode != "rolling" and not table.felt.moving())
    drive.frames(2)
    assert table.felt.drawn is not None
    in_flight = {tops for moving, tops in seen if moving}
    # one turn of the letters for the whole flight: the one each die rests with
    final = np.array([d.pose for d in table.felt.dice], dtype=np.float32)
    assert in_flight == {tuple(top_quarters(rotations(final[:, 3:7])))}


def test_a_drag_picks_up_the_dice_left_and_a_drag_let_go_where_it_began_puts_them_back(
        make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    lying = {d.ident: (d.x, d.y) for d in table.felt.dice}
    kept = next(d.ident for d in table.felt.dice if d.selected)
    to_window = app.display.to_window
    start = (FELT.centerx, FELT.bottom - 30.0)
    assert not any(d.contains(start) for d in table.felt.dice)
    hand = (FELT.centerx + 150.0, FELT.bottom - 120.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 10)
    drive.frames(30)
    assert table.snap.status[0][0] == "Let go to throw", "the prompt still says what Space does"
    held = table.felt.dice
    # the dice left are in the hand under the pointer, up off the felt; the kept one was set aside, to the tray
    assert held and all(d.ident != kept for d in held)
    assert all(math.dist((d.x, d.y), hand) < 2.2 * DIE for d in held)
    assert all(d.pose is not None and d.pose[2] > 1.0 for d in held)
    assert [t.view.ident for t in table.tray.dice] == [kept]
    drive.hold_move(hand, (start[0] + 4, start[1] - 4), 10)  # back to where the drag began: a click, not a throw
    assert table.snap.status[0][0] == "Let go here: no throw", "the prompt said letting go there would throw"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(start[0] + 4, start[1] - 4), button=1))
    drive.frames(60)
    assert table.turn.throws == 1, "no throw came of it"
    assert table.snap.status[0][0] != "Let go to throw"
    assert table.game.state.phase is Phase.ROLL, "the die set aside stays kept: throw the others (or bank)"
    assert not table.felt.hold.lying
    for d in table.felt.dice:
        assert math.dist((d.x, d.y), lying[d.ident]) < 0.5, "every die is back where it lay"


def test_a_press_held_still_off_the_dice_takes_them_up(make_app: Callable[..., App],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A press held still had done nothing until the pointer moved (helper-28)."""
    import greed_game.app.scenes.felt as felt_module

    flicks: list[Flick] = []
    gesture = felt_module.gesture_flick
    monkeypatch.setattr(felt_module, "gesture_flick", lambda *a: flicks.append(gesture(*a)) or flicks[-1])
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    kept = next(d.ident for d in table.felt.dice if d.selected)
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(int(HOLD_STILL * 60) - 3)
    assert not table.felt.hold.lying and table.snap.status[0][0] != "Let go to throw", "not yet"
    # (the window had slept through the wait: the dice came up at the next input, in a single frame, helper-29)
    assert app.idle_for() == 0, "the window stays awake while a press is held"
    drive.until(lambda: bool(table.felt.hold.lying), 10)
    assert max(math.dist((d.x, d.y), start) for d in table.felt.dice) > DIE, "gathered into the hand, not there at once"
    drive.frames(40)
    assert table.felt.hold.lying, "held still, the press took the dice up"
    assert all(d.pose is not None and d.pose[2] > 1.0 for d in table.felt.dice), "up off the felt, in the hand"
    # jumbled in the hand, not a rosette of dice all flat as they lay (helper-31)
    tilts = [top_face(rotations(np.array([d.pose[3:7]], dtype=np.float32))[0])[1]
             for d in table.felt.dice if d.pose is not None]
    assert min(tilts) > 8.0, tilts
    assert [t.view.ident for t in table.tray.dice] == [kept], "the die picked was set aside"
    # let go without moving: the dice drop from the hand, a gentle throw (they had slid back where they lay,
    # which looked like a throw that did not count, helper-31)
    assert table.snap.status[0][0] == "Let go to throw"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.display.to_window(*start), button=1))
    drive.frames(2)
    assert table.turn.throws == 2 and not table.felt.hold.lying, "the dice were thrown"
    assert [f.speed for f in flicks] == [FLICK_SPEED[0]], "as gently as a throw by hand goes"


def test_a_slow_click_on_a_die_picks_it_and_a_press_held_on_it_takes_the_dice_up(
        make_app: Callable[..., App]) -> None:
    """A press held still on a die had taken nothing up until it moved, as a press off the dice does (helper-48)."""
    from greed_game.app.scenes.felt import HOLD_STILL_ON_DIE

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    other = next(d for d in table.felt.dice if not d.selected and d.value in (1, 5))  # (one that can be kept)
    at = app.display.to_window(other.x, other.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    drive.frames(int(HOLD_STILL_ON_DIE * 60) - 3)
    assert not table.felt.hold.lying, "a press on a die waits a slow click's while to be told from one"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    drive.frames(3)
    assert other.selected and table.turn.throws == 1, "a slow click picks the die"
    third = next(d for d in table.felt.dice if not d.selected)
    at = app.display.to_window(third.x, third.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    drive.until(lambda: bool(table.felt.hold.lying), int(HOLD_STILL_ON_DIE * 60) + 10)
    assert not third.selected and third.ident in table.felt.hold.lying, "held on, the press took the dice up"
    assert table.snap.status[0][0] == "Let go to throw"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    drive.frames(2)
    assert table.turn.throws == 2, "let go, the dice held are dropped: a gentle throw, as off the dice"


def test_after_a_die_fell_off_the_table_the_hand_picks_up_every_die_to_throw_again(
        make_app: Callable[..., App]) -> None:
    """The hand held only the dice still on the felt; the one lost popped up at the throw (helper-26)."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = void_off_the_felt(drive)
    drive.until(lambda: table.turn.mode == "ready")
    left = table.game.state.dice_left
    assert len(table.felt.dice) < left and table.felt.exits
    to_window = app.display.to_window
    start, hand = (FELT.centerx, FELT.bottom - 30.0), (FELT.centerx + 100.0, FELT.bottom - 150.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 10)
    drive.frames(40)
    assert len(table.felt.hold.lying) == left, "the die lost is not in the hand"
    assert not table.felt.exits, "the void's marks stay while the dice are thrown again"
    assert table.snap.banner is None, "the hand held the dice under the void's banner"
    held = [d for d in table.felt.dice + table.felt.hold.fresh if d.ident in table.felt.hold.lying]
    assert all(math.dist((d.x, d.y), hand) < 2.5 * DIE for d in held)
    end = (hand[0], hand[1] - 60)
    drive.hold_move(hand, end, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*end), button=1))
    drive.frames(1)
    playing = table.felt.playing
    assert playing is not None and not playing.brought.any(), "a die came in over the rail at the throw"


def test_the_menu_opened_mid_drag_puts_the_dice_back_and_the_line_no_longer_says_let_go(
        make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    to_window = app.display.to_window
    start = (FELT.centerx, FELT.bottom - 30.0)
    hand = (FELT.centerx + 150.0, FELT.bottom - 120.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 10)
    drive.frames(5)
    assert table.snap.status[0][0] == "Let go to throw"
    drive.press("escape")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*hand), button=1))
    drive.frames(2)
    drive.press("escape")  # back to the table
    drive.frames(60)
    assert app.stack.top is table and table.turn.throws == 1, "no throw came of it"
    assert table.snap.status[0][0] != "Let go to throw", "the line still said to let go, with nothing in the hand"
    assert not table.felt.hold.lying


def test_dice_kept_together_are_carried_one_after_another_not_as_a_clump(make_app: Callable[..., App]) -> None:
    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_at_rest(drive, seed=7)
    ones = [d.value for d in table.snap.dice if d.value == 1]
    assert len(ones) >= 2, "this seed's first throw has two 1s"
    pick(table, ones[:2])
    drive.frames(2)
    drive.press("space")
    carried = [t.view for t in table.tray.dice if t.view.tween is not None]
    assert len(carried) == 2
    first_up: list[int] = []
    tops = [0.0, 0.0]
    for frame in range(60):
        for n, view in enumerate(carried):
            if view.z > 0 and len(first_up) == n:
                first_up.append(frame)
            tops[n] = max(tops[n], view.z)
        drive.frames(1)
    assert len(first_up) == 2 and first_up[1] > first_up[0], "the second leaves the felt after the first"
    assert tops[1] > tops[0] * 1.1, "and is carried higher, over it"


def test_a_kept_dies_likeness_fades_in_over_it_in_3d_before_it_is_lifted(
        make_app: Callable[..., App], view_3d: None) -> None:
    from greed_game.app.dice_view import PICKED_LIFT
    from greed_game.app.gl_dice import top_turns

    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_at_rest(drive, seed=7)
    ones = [d.value for d in table.snap.dice if d.value == 1]
    pick(table, ones[:2])
    drive.frames(2)
    drive.press("space")
    carried = [t.view for t in table.tray.dice if t.view.tween is not None]
    assert len(carried) == 2
    # each likeness lies on its die's top face as the 3D die shows it: its marks turned alike, where it is drawn
    # (a likeness turned otherwise, or drawn raised as a picked die is, had shown two dice in one, helper-47)
    turns = top_turns(rotations(np.array([v.pose[3:7] for v in carried if v.pose is not None], dtype=np.float32)))
    for view, turn in zip(carried, turns, strict=True):
        assert view.pose is not None
        period = math.pi if view.tumble.top in (2, 3, 6) else math.pi / 2
        assert abs((view.angle - turn) / period - round((view.angle - turn) / period)) < 1e-6
        top = CAMERA.to_screen(view.pose[0], view.pose[1], view.pose[2] + 0.5)
        assert math.dist(top, (view.x, view.y - PICKED_LIFT)) < 0.5
    seen: dict[int, list[int]] = {id(v): [] for v in carried}
    for _ in range(60):
        drive.frames(1)
        for view in carried:
            tween = view.tween
            if tween is not None and tween.t < 0:
                # (swapped in a frame, a die with sides had turned into a flat tile as it was lifted, helper-46)
                assert view in table.felt.lifting, "the die is still drawn where it lies"
                assert view.z == 0, "and is not lifted yet"
                seen[id(view)].append(view.alpha)
            else:
                assert view.alpha == 255 and view not in table.felt.lifting, "lifted, it is its likeness alone"
    for alphas in seen.values():
        fading = [a for a in alphas if 0 < a < 255]
        assert len(fading) >= 3 and alphas == sorted(alphas), "its likeness fades in over a few frames"


def test_a_new_turns_dice_come_in_over_the_thrower_s_rail(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=7)
    drive.frames(2)
    assert table.felt.dice == []
    drive.press("space")
    drive.until(lambda: table.felt.playing is not None)
    first = [d.pose for d in table.felt.dice]
    # over Tess's rail (the bottom one), not already in the air over the felt
    assert all(p is not None and p[1] < -TABLE.half_depth for p in first), first
    hand = table.felt.playing.film.pose(0.0)
    track = [[(d.x, d.y) for d in table.felt.dice]]
    while table.felt.playing is not None and table.felt.playing.t < table.felt.playing.lead:
        drive.frames(1)
        track.append([(d.x, d.y) for d in table.felt.dice])
    steps = [max(math.dist(a, b) for a, b in zip(one, two, strict=True)) for one, two in itertools.pairwise(track)]
    assert max(steps) < DIE, "and into the hand without a jump"
    assert float(np.max(hand[:, 1])) > -TABLE.half_depth


def test_a_turns_last_dice_are_passed_to_the_next_thrower_with_its_keeps_from_the_tray(
        make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "classic-five", [ADA, BRUTUS], [FirstPlayer(0)], seed=7)
    drive.until(lambda: table.game.state.turn == 1 and table.snap.to_throw > 0, limit=3000)
    assert table.snap.dice == () and table.felt.dice == [], "the snapshot's felt is empty: the turn is over"
    x, side = seat_spot(table.game.state.current, 2)
    row = list(table.felt.hold.fresh)
    assert len(row) == table.snap.to_throw == 5
    carried = list(table.tray.passing)
    assert carried and table.tray.dice == [], "the last turn's keeps are carried out of the tray"
    unseen = [d for d in row if d.alpha == 0]
    assert len(unseen) == len(carried), "each to a die of the row, set down there when it arrives"
    # each turns over in the hand on its way, to the face it is set down showing (set down showing the kept 1s and
    # 5s, a row had read as a scoring throw not yet made, helper-44)
    assert sorted(v.tumble.target for v in carried) == sorted(d.tumble.top for d in unseen)
    assert any(v.showing != v.tumble.target for v in carried) or len(carried) == 1
    track = [[(d.x, d.y) for d in row]]
    fades: dict[int, list[float]] = {}
    while table.felt.hold.lying or table.felt.hold.hidden or table.tray.fading:
        for d in row:
            assert d.alpha == 0 or (d.pose is not None and abs(d.pose[1]) < TABLE.half_depth), (
                "no die of the row comes in over a rail (faint there, they read as ghosts, helper-41)")
        drive.frames(1)
        track.append([(d.x, d.y) for d in row])
        for v, left in table.tray.fading:
            fades.setdefault(id(v), []).append(left)
            shown = next(d for d in row if math.dist((d.x, d.y), (v.x, v.y)) < 2)
            assert shown.alpha == 255, "the die lies there under its fading likeness"
    assert table.tray.passing == [] and all(d.alpha == 255 for d in row), "the likenesses gave way to the dice"
    # each likeness fades over its die for a few frames (swapped in a frame, the flat likeness had turned into a
    # die with sides, helper-46)
    assert len(fades) == len(carried) and all(len(f) >= 4 and f == sorted(f, reverse=True) for f in fades.values())
    steps = [max(math.dist(a, b) for a, b in zip(one, two, strict=True)) for one, two in itertools.pairwise(track)]
    assert len(track) > 10 and max(steps) < DIE, "seen on their way, never jumping"
    rail = CAMERA.to_screen(x, side * TABLE.half_depth)[1]
    assert all(FELT.collidepoint(x, y) and 0 < (y - rail) * side < 2 * DIE for x, y in track[-1]), (
        "lying on the felt before the next thrower's rail")
    came_from_the_felt = [p for p, d in zip(track[0], row, strict=True) if d.alpha > 0 and FELT.collidepoint(p)]
    assert came_from_the_felt, "the dice left were passed on, not taken away and new ones brought"


def test_the_last_turns_keeps_lie_set_aside_in_the_tray_until_a_row_takes_them_the_six_always_on_the_table(
        make_app: Callable[..., App]) -> None:
    """Faded out when the next player took the dice passed on, they were missing later, and new dice faded in over
    the rail in their stead (helper-42)."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=7,
                     overrides={"entry_minimum": 0})
    drive.frames(2)
    drive.press("space")
    drive.until(lambda: table.turn.mode != "rolling")
    pick(table, [1])
    drive.frames(2)
    drive.press("enter")
    drive.until(lambda: table.snap.state.phase is Phase.CARRYOVER and table.felt.hold.fresh, limit=3000)
    assert len(table.felt.hold.fresh) == 5 and table.tray.passing == []
    assert [v.value for v in table.tray.aside] == [1], "the kept 1 lies set aside in the tray"
    drive.frames(30)
    assert not table.tray.moving(), "still there, and the window may sleep"
    drive.until(lambda: table.felt.playing is not None, limit=3000)
    assert table.felt.playing.film.count == 5, "Ada takes the five dice passed on"
    assert [v.value for v in table.tray.aside] == [1], "the 1 stays set aside"
    # from now on every row laid holds, with the dice set aside, the six
    rows = 0
    for _ in range(6000):
        drive.frames(1)
        if table.game.state.turn >= 4:
            break
        fresh = table.felt.hold.fresh
        if fresh and not table.felt.hold.lying and not table.felt.hold.hidden and not table.tray.passing:
            rows += 1
            assert len(fresh) + len(table.tray.aside) + len(table.tray.dice) == 6, (
                len(fresh), len(table.tray.aside), len(table.tray.dice))
            for d in fresh:
                assert d.pose is not None and abs(d.pose[1]) < TABLE.half_depth, "no die came in over a rail"
    assert rows > 0


@pytest.mark.parametrize("keep", [False, True])
def test_a_resumed_games_dice_lie_in_the_tray_and_its_first_row_takes_them_from_there(
        make_app: Callable[..., App], keep: bool) -> None:
    """Continue had laid the first row with six dice come in over the rail: the table did not know where they lay."""
    from greed_game.app.scenes.menu import MenuScene

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 2, 3, 4, 6, 6))] if keep else [FirstPlayer(0)]
    table = table_at(app, "pass-the-dice", [TESS, ADA], events, seed=3)
    drive.frames(5)
    table.turn.recorder.save()  # (Tess to throw six)
    if keep:  # (resumed with five on the felt and the 1 kept: none lies set aside)
        pick(table, [1])
        drive.frames(2)
        drive.press("space")
        drive.until(lambda: table.dice_at_rest() and table.human_turn, limit=3000)
    drive.press("escape")
    pause = app.stack.top
    drive.click(next(w for w in pause.focus.widgets if w.label == "Main menu").rect.center)  # type: ignore[attr-defined]
    assert isinstance(app.stack.top, MenuScene)
    drive.press("enter")  # (Continue)
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.game.events == table.game.events
    kept = sum(len(g.dice) for g in resumed.snap.tray)
    if keep:
        assert len(resumed.dice) == 5 and kept == 1 and resumed.tray.aside == []
        return
    row = list(resumed.felt.hold.fresh)
    assert len(row) == 6 and len(resumed.tray.passing) == 6, "the six are carried out of the tray"
    while resumed.felt.hold.lying or resumed.felt.hold.hidden:
        for d in row:
            assert d.alpha == 0 or (d.pose is not None and abs(d.pose[1]) < TABLE.half_depth), (
                "no die of the row comes in over a rail")
        drive.frames(1)
    assert resumed.tray.aside == [] and resumed.tray.passing == [] and all(d.alpha == 255 for d in row)


@pytest.mark.parametrize("view", ["3d", "flat"])
def test_a_die_past_the_tables_edge_is_hidden_not_cut_off_across_the_tray(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, view: str) -> None:
    from greed_game.app.gl_dice import GLDice
    from greed_game.app.scenes.table_parts import RAILS, TRAY

    if view == "3d":
        probe = GLDice.create()
        if probe is None:
            pytest.skip("no OpenGL 3.3 context here: the flat view's case covers the felt")
        probe.release()
    monkeypatch.setenv("GREED_VIEW", view)
    app = make_app()
    table = first_throw_at_rest(Driver(app), seed=4)
    tray = app.canvas.rect(pygame.Rect(TRAY.x, RAILS.bottom, TRAY.w, TRAY.bottom - RAILS.bottom))
    table.picture.draw(app.canvas, table.snap)
    before = pygame.image.tobytes(app.canvas.surface.subsurface(tray), "RGB")
    die = table.felt.dice[0]
    assert die.pose is not None and die.layout is not None
    # a die on its way in over the bottom rail, as far out as a die brought into the hand starts
    pose_dice([die], np.array([(0.0, -TABLE.half_depth - 1.0, 1.3, *die.pose[3:])], dtype=np.float32),
              [die.layout])
    assert die.y + die.size / 2 > RAILS.bottom, "(the die reaches past the table's edge)"
    die.label = 0  # (a die on its way has no key: keys are shown on dice at rest)
    table.felt.drawn = None
    table.picture.draw(app.canvas, table.snap)
    assert pygame.image.tobytes(app.canvas.surface.subsurface(tray), "RGB") == before


def test_a_dies_mark_is_where_it_went_over_the_rail() -> None:
    from greed_game.app.scenes.felt import went_over

    hands = Hands(lambda: "off", random.Random(3))
    for seed in range(4):
        hands.forced.append("off-felt")
        toss = hands.toss((1, 2, 3, 4, 5, 6), seed % 2, 2)
        n = toss.film.fell.index(True)
        x, y = went_over(toss.film, n)
        assert min(TABLE.half_width - abs(x), TABLE.half_depth - abs(y)) > -0.5, "just over the felt's edge"
        final = toss.film.final()[n]
        assert math.dist((x, y), (float(final[0]), float(final[1]))) > 0.5, "not where it came to lie"


def test_dice_that_fell_off_the_table_are_not_laid_back_on_the_felt(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = void_off_the_felt(drive)
    assert table.felt.exits and len(table.felt.dice) == 5
    # as when every die thrown went over (one die left to throw): the felt is left empty until the throw again
    table.felt.dice = []
    table.felt.sync(table.snap)
    assert table.felt.dice == [], "a die that fell was laid out again in the middle of the felt"


def test_dice_kept_with_a_throw_are_carried_off_before_the_others_are_gathered(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    lying = sorted((round(d.x, 3), round(d.y, 3)) for d in table.felt.dice if not d.selected)
    drive.press("space")
    drive.until(lambda: table.felt.playing is not None, limit=5)
    carried = [t.view for t in table.tray.dice if t.view.tween is not None]
    assert carried
    still = 0
    while all(v.tween is not None and v.tween.t < 0.6 * v.tween.duration for v in carried):
        drive.frames(1)
        assert sorted((round(d.x, 3), round(d.y, 3)) for d in table.felt.dice) == lying, "a die left moved"
        still += 1
    assert still >= 5, "the kept die was still near the felt"
    drive.frames(30)
    assert sorted((round(d.x, 3), round(d.y, 3)) for d in table.felt.dice) != lying, "then they are gathered"


def _pressed_at_a_turn_start(make_app: Callable[..., App]) -> tuple[App, Driver, TableScene, tuple[float, float]]:
    """Tess's turn starts, no die on the felt, and the button is pressed near her rail (where, returned)."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=7)
    drive.frames(2)
    assert table.felt.dice == []
    start = (FELT.centerx, FELT.bottom - 30.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    return app, drive, table, start


def test_a_drag_at_a_turns_start_brings_the_dice_into_the_hand_and_throws_them_from_there(
        make_app: Callable[..., App]) -> None:
    app, drive, table, start = _pressed_at_a_turn_start(make_app)
    to_window = app.display.to_window
    hand = (FELT.centerx + 150.0, FELT.bottom - 120.0)
    drive.hold_move(start, hand, 10)
    drive.frames(30)
    held = table.felt.hold.fresh
    assert len(held) == 6, "the turn's six dice are in the hand"
    assert all(math.dist((d.x, d.y), hand) < 2.2 * DIE and d.pose is not None and d.pose[2] > 1.0 for d in held)
    assert table.felt.dice == [], "nothing lies on the felt"
    # a flick up the felt: the throw leaves from the hand, where the dice were held (not over the rail)
    end = (hand[0], hand[1] - 60)
    drive.hold_move(hand, end, 3)
    held_at = [(float(d.pose[0]), float(d.pose[1])) for d in held if d.pose is not None]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*end), button=1))
    drive.frames(1)
    playing = table.felt.playing
    assert table.turn.throws == 1 and playing is not None and playing.start is not None
    starts = sorted((float(p[0]), float(p[1])) for p in playing.start)
    assert all(math.dist(a, b) < 0.3 for a, b in zip(starts, sorted(held_at), strict=True)), (starts, held_at)
    assert table.felt.hold.fresh == []


def test_held_dice_trail_a_pointer_gone_past_the_hand_s_reach_and_are_thrown_from_there(
        make_app: Callable[..., App]) -> None:
    """The heap stopped dead at the hand's reach while the pointer went on, as if the dice had been let go."""
    from greed_game.physics.throw import REACH_GIVE, REACH_MIN

    app, drive, table, start = _pressed_at_a_turn_start(make_app)
    to_window = app.display.to_window
    heaps = []
    for world_y in (-REACH_MIN, 0.0, 2.0):
        at = CAMERA.to_screen(0.0, world_y)
        drive.hold_move(start, at, 10)
        drive.frames(40)
        start = at
        heaps.append(float(np.mean([d.pose[1] for d in table.felt.hold.fresh if d.pose is not None])))
    assert heaps[1] - heaps[0] > 0.3 and heaps[2] - heaps[1] > 0.2, f"the heap did not follow the pointer on: {heaps}"
    assert heaps[2] < -(REACH_MIN - REACH_GIVE) + 0.5, "the hand crossed into the far half of the felt"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*start), button=1))
    drive.frames(1)
    playing = table.felt.playing
    assert playing is not None and playing.start is not None
    assert abs(float(np.mean(playing.start[:, 1])) - heaps[2]) < 0.5, "thrown from elsewhere than the heap"


def test_a_fling_past_the_middle_line_lets_the_dice_go_there_not_where_the_pointer_stops(
        make_app: Callable[..., App]) -> None:
    """Held on to, the heap stopped at the line while the pointer went on, and the dice were thrown from well
    behind it (helper-46)."""
    from greed_game.app.scenes.felt import LET_GO_PAST

    app, drive, table, start = _pressed_at_a_turn_start(make_app)
    to_window = app.display.to_window
    hand = CAMERA.to_screen(0.0, -3.0)
    drive.hold_move(start, hand, 10)
    drive.frames(40)
    assert len(table.felt.hold.fresh) == 6 and table.turn.throws == 0
    # on to the far rail at 25 dice a second: the hand lets go as the pointer passes the line
    far = CAMERA.to_screen(0.0, 4.0)
    frames = 0
    while table.turn.throws == 0 and frames < 20:
        drive.hold_move(CAMERA.to_screen(0.0, -3.0 + frames * 25 / 60), CAMERA.to_screen(0.0, -3.0 + (frames + 1)
                                                                                          * 25 / 60), 1)
        frames += 1
    assert table.turn.throws == 1, "the dice were let go with the button still down"
    pointer = -3.0 + frames * 25 / 60
    assert LET_GO_PAST <= pointer < LET_GO_PAST + 25 / 60, "as the pointer passed the line, not later"
    playing = table.felt.playing
    assert playing is not None and playing.start is not None
    assert -1.5 < float(np.mean(playing.start[:, 1])) < 0.0, "from the hand at its reach, in the thrower's half"
    assert float(np.mean(playing.film.final()[:, 1])) > 1.0, "thrown as hard as the fling went, up the felt"
    drive.hold_move(CAMERA.to_screen(0.0, pointer), far, 4)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*far), button=1))
    drive.frames(2)
    assert table.turn.throws == 1, "letting go of the button after it throws nothing more"


def test_dice_let_go_in_the_hand_fly_on_from_it_at_once_without_a_pause(make_app: Callable[..., App]) -> None:
    """Led into the film's first pose before it ran, they had stopped and hung in the air 0.1 to 0.2 s after a
    flick (helper-47)."""
    app, drive, table, start = _pressed_at_a_turn_start(make_app)
    to_window = app.display.to_window
    hand = CAMERA.to_screen(0.0, -3.0)
    drive.hold_move(start, hand, 10)
    drive.frames(40)
    end = CAMERA.to_screen(0.0, -1.5)
    drive.hold_move(hand, end, 6)
    held = [(float(d.pose[0]), float(d.pose[1])) for d in table.felt.hold.fresh if d.pose is not None]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*end), button=1))
    ys = []
    for _ in range(8):
        drive.frames(1)
        ys.append(float(np.mean([d.pose[1] for d in table.felt.dice if d.pose is not None])))
    playing = table.felt.playing
    assert playing is not None and playing.by_hand and playing.lead == 0.0
    assert abs(ys[0] - float(np.mean([y for _, y in held]))) < 0.5, "from where the hand held them"
    steps = [b - a for a, b in itertools.pairwise(ys)]
    assert min(steps) > 0.05, f"up the felt from the first frame on: {steps}"


def test_dice_gathered_all_but_into_the_hand_fly_on_at_once_when_flung(make_app: Callable[..., App]) -> None:
    """Pressed on the dice lying about and flung as they came together, they had stopped mid-felt for 0.2 s before
    they flew (helper-48)."""
    drive = Driver(make_app(animation_speed="normal"))
    table = first_throw_with_a_keep(drive)
    drive.frames(30)
    start = (FELT.centerx - 100.0, FELT.bottom - 60.0)
    mid, end = (start[0], start[1] - 60.0), (start[0], start[1] - 300.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=drive.app.display.to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, mid, 8)  # (not all in the hand yet: see in_hand)
    drive.hold_move(mid, end, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drive.app.display.to_window(*end), button=1))
    ys = []
    for _ in range(8):
        drive.frames(1)
        ys.append(float(np.mean([d.y for d in table.felt.dice])))
    playing = table.felt.playing
    assert playing is not None and playing.by_hand and playing.lead == 0.0
    assert all(b < a - 2.0 for a, b in itertools.pairwise(ys)), f"up the felt from the first frame on: {ys}"


def test_a_slow_drag_past_the_middle_line_keeps_the_dice_in_the_hand(make_app: Callable[..., App]) -> None:
    _app, drive, table, start = _pressed_at_a_turn_start(make_app)
    hand = CAMERA.to_screen(0.0, -3.0)
    drive.hold_move(start, hand, 10)
    drive.frames(40)
    drive.hold_move(hand, CAMERA.to_screen(0.0, 2.0), 60)  # five dice a second
    drive.frames(10)
    assert table.turn.throws == 0 and len(table.felt.hold.lying) == 6


@pytest.mark.usefixtures("view_3d")
@pytest.mark.parametrize("skin", ["greed", "pips"])
def test_a_roll_off_s_dice_are_gathered_into_the_first_thrower_s_row_and_drawn_in_3d(
        make_app: Callable[..., App], skin: str) -> None:
    """Swept back to their throwers, all six of the first turn's dice had come in over the rail."""
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal", skin=skin)
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [ADA, BRUTUS]))
    app.stack.replace(table)
    drive.until(lambda: len(table.felt.tags) == 2 and table.felt.playing is None, limit=3000)
    thrown = list(table.felt.dice)
    drive.until(lambda: len(table.felt.hold.fresh) == 6, limit=3000)
    assert table.turn.throws == 0
    assert all(any(d is f for f in table.felt.hold.fresh) for d in thrown), "the roll-off's two dice are in the row"
    assert table.felt.sweep.dice == [] and table.felt.tags == []
    # letter dice: the row's letters are drawn (the lists of dice drawn and of their letters once disagreed)
    drive.frames(20)
    assert table.felt.drawn is not None
    drive.until(lambda: table.turn.throws >= 1, limit=3000)


def test_a_new_game_s_dice_lie_set_aside_in_the_tray_and_none_comes_in_over_a_rail(
        make_app: Callable[..., App]) -> None:
    """The roll-off's dice and the first turn's had faded in over the rails, from nowhere (helper-42)."""
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [ADA, BRUTUS]))
    assert [v.value for v in table.tray.aside] == [1, 2, 3, 4, 5, 6], "the six lie in the tray"
    app.stack.replace(table)
    seen_thrown = False
    for _ in range(3000):
        if table.turn.throws >= 1:
            break
        for d in table.felt.dice + table.felt.hold.fresh:
            if d.alpha > 0 and d.pose is not None:
                assert abs(d.pose[0]) < TABLE.half_width and abs(d.pose[1]) < TABLE.half_depth, (
                    "a die came in over a rail")
        seen_thrown = seen_thrown or bool(table.felt.tags)
        fresh = table.felt.hold.fresh
        if fresh and not table.felt.tags:
            assert len(fresh) + len(table.tray.aside) == 6
        drive.frames(1)
    assert seen_thrown and table.turn.throws >= 1 and table.tray.aside == []


def test_the_roll_off_s_banner_is_down_before_the_first_thrower_s_row_is_laid(make_app: Callable[..., App]) -> None:
    """Up a second longer, it hid the dice coming into the row (helper-42, helper-43)."""
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [ADA, BRUTUS]))
    app.stack.replace(table)
    drive.until(lambda: table.turn.notices.banner is not None and table.turn.notices.banner.said.title.endswith(
        "starts"), limit=3000)
    drive.until(lambda: len(table.felt.hold.fresh) == 6, limit=3000)
    banner = table.turn.notices.banner
    assert banner is None or not banner.said.title.endswith("starts")


@pytest.mark.parametrize("speed", ["instant", "normal"])
def test_a_roll_off_thrown_seat_by_seat_takes_its_dice_from_the_tray_and_never_piles_them_up(
        make_app: Callable[..., App], speed: str) -> None:
    """At instant speed each seat's six were set aside again after its throw but never taken from the tray: forty
    dice piled up there, and drawn at a size below nothing they stopped the game (the monkey test)."""
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed=speed)
    drive = Driver(app)
    players = [Player(f"Bot {n}", "cautious") for n in range(4)]
    table = TableScene.new(app, GameSetup("dollar-greed", players))
    app.stack.replace(table)
    most = 0
    for _ in range(1500):
        drive.frames(1)
        most = max(most, len(table.tray.aside))
        if table.turn.throws >= 1:
            break
    assert table.turn.throws >= 1 and most <= 6


def test_every_die_brought_into_the_hand_comes_over_the_thrower_s_own_rail() -> None:
    from greed_game.app.scenes.felt import _brought_in

    hands = Hands(lambda: "realistic", random.Random(5))
    for n in range(40):
        seat = n % 2
        toss = hands.toss((1, 2, 3, 4, 5, 6), seat, 2)
        side = seat_spot(seat, 2)[1]
        film = toss.film
        # (a die may leave the hand past the middle line: it still comes in over the thrower's rail)
        assert all(float(y) * side > TABLE.half_depth for y in _brought_in(film)[:, 1])


def test_a_flat_die_fades_into_the_tables_edge_going_over_and_one_against_a_rail_is_whole() -> None:
    from greed_game.app.scenes.felt import edge_faded

    half = TABLE.half_depth + TABLE.rail  # the table's outer edge, below the felt's middle
    going = [_posed(0.0, -half + k * 0.25, 0.5, (0.0, 0.0, 0.0, 1.0), LAYOUTS[0]) for k in range(5)]
    against = _posed(2.0, -TABLE.half_depth + 0.5, 0.5, (0.0, 0.0, 0.0, 1.0), LAYOUTS[0])
    with edge_faded([*going, against]):
        seen = [d.alpha for d in going]
        assert seen[0] == 0 and seen == sorted(seen) and seen[-1] == 255 and 0 < seen[2] < 255
        assert against.alpha == 255
    assert all(d.alpha == 255 for d in going), "the dice's own alpha is theirs again"


def test_a_die_the_hand_brings_in_over_a_rail_fades_in_over_a_wider_band_not_through_a_hard_line(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.gl_dice import FALLS, PASSES
    from greed_game.app.scenes.felt import edge_faded, edge_marks

    half = TABLE.half_depth + TABLE.rail
    going = [_posed(0.0, -half + k * 0.25, 0.5, (0.0, 0.0, 0.0, 1.0), LAYOUTS[0]) for k in range(7)]
    with edge_faded(going):
        narrow = [d.alpha for d in going]
    with edge_faded(going, (), going):
        wide = [d.alpha for d in going]
    assert wide == sorted(wide) and all(w <= n for w, n in zip(wide, narrow, strict=True))
    # (wider, not much: faint for long over the dark room past the far rail, dice read as ghosts)
    assert sum(0 < a < 255 for a in wide) > sum(0 < a < 255 for a in narrow), "more steps between"

    # (the 3D view is told the same of each die: brought in while the hand gathers, falling after)
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = void_off_the_felt(drive)
    drive.until(lambda: table.turn.mode == "ready")
    drive.press("space")
    playing = table.felt.playing
    assert playing is not None and playing.brought.any(), "the die that fell comes in over the rail"
    marks = edge_marks(playing, table.felt.dice, table.felt.dice)
    assert marks == [PASSES if b else 0.0 for b in playing.brought]
    playing.t = playing.lead
    assert PASSES not in edge_marks(playing, table.felt.dice, table.felt.dice)
    assert set(edge_marks(playing, table.felt.dice, table.felt.dice)) <= {0.0, FALLS}


def test_a_flat_die_falling_off_the_table_is_seen_past_its_edge_and_hidden_only_under_it() -> None:
    from greed_game.app.scenes.felt import edge_faded, fall_seen

    edge = TABLE.half_width + TABLE.rail
    assert fall_seen(0.0, 0.0, 0.5) == 1.0
    assert fall_seen(edge + 0.7, 0.0, 0.3) == 1.0, "over the room beside the table"
    assert fall_seen(edge + 0.1, 0.0, -1.0) == 0.0, "under the table's edge"
    past = _posed(edge + 0.7, 0.0, 0.3, (0.0, 0.0, 0.0, 1.0), LAYOUTS[0])
    with edge_faded([past]):
        assert past.alpha == 0, "brought in or swept off: it fades into the edge"
    with edge_faded([past], [past]):
        assert past.alpha == 255, "falling: seen"


def test_a_hand_picking_the_dice_up_sets_the_kept_ones_aside_and_the_throw_leaves_at_once(
        make_app: Callable[..., App]) -> None:
    """Kept at the throw, the kept dice were carried to the tray through the dice thrown."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    kept = next(d for d in table.felt.dice if d.selected)
    to_window = app.display.to_window
    start, hand = (FELT.centerx, FELT.bottom - 30.0), (FELT.centerx + 150.0, FELT.bottom - 120.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 30)
    assert kept not in table.felt.dice and any(t.view is kept for t in table.tray.dice), "not set aside"
    assert table.turn.throws == 1 and table.game.state.phase is Phase.ROLL, "kept, not yet thrown"
    assert table.snap.status[0][0] == "Let go to throw"
    drive.frames(20)
    assert kept.tween is None, "the kept die is still on its way to the tray"
    drive.hold_move(hand, (hand[0], hand[1] - 140), 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(hand[0], hand[1] - 140), button=1))
    drive.until(lambda: table.felt.playing is not None)
    thrown = [(d.x, d.y) for d in table.felt.dice]
    assert len(thrown) == 5
    drive.frames(4)
    assert max(math.dist(a, (d.x, d.y)) for a, d in zip(thrown, table.felt.dice, strict=True)) > 4, "they left"


def test_a_dies_mark_shows_over_a_die_come_to_rest_on_it(make_app: Callable[..., App]) -> None:
    from greed_game.app import theme

    app = make_app(animation_speed="fast")
    table = void_off_the_felt(Driver(app))
    assert table.felt.playing is None and len(table.felt.exits) == 1
    x, y = table.felt.exits[0]
    die = table.felt.dice[0]
    assert die.pose is not None and die.layout is not None
    wx, wy = CAMERA.to_world(x, y)
    pose_dice([die], np.array([(wx, wy, 0.5, 0.0, 0.0, 0.0, 1.0)], dtype=np.float32), [die.layout])
    table.felt.drawn = None
    table.picture.draw(app.canvas, table.snap)
    seen = app.canvas.surface.get_at(app.canvas.pt(x, y))
    assert max(abs(a - b) for a, b in zip(seen[:3], theme.WARN, strict=True)) < 40, "the mark is hidden"


def test_a_handful_keeps_off_a_kept_die_lying_under_the_pointer(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive, seed=8)  # (the kept die lies in the hand's half of the felt)
    kept = next(d for d in table.felt.dice if d.selected)
    to_window = app.display.to_window
    # pressed beside the kept die and held over it
    start = next(p for p in ((kept.x + DIE * dx, kept.y + DIE * dy) for dx, dy in ((1.2, 0), (-1.2, 0), (0, 1.2)))
                 if FELT.collidepoint(p) and not any(d.contains(p) for d in table.felt.dice))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, (kept.x, kept.y), 10)
    drive.frames(40)
    held = [d for d in table.felt.dice if not d.selected]
    assert held and all(d.pose is not None and d.pose[2] > 1.0 for d in held), "the handful is up"
    assert min(math.dist((d.x, d.y), (kept.x, kept.y)) for d in held) > DIE * 1.1, "heaped on the kept die"


def test_a_drag_that_begins_on_a_die_throws_and_a_click_on_one_picks_it(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    other = next(d for d in table.felt.dice if not d.selected and d.value in (1, 5))  # (one that can be kept)
    drive.click((other.x, other.y), frames=2)
    assert other.selected, "a click on a die picks it"
    drive.click((other.x, other.y), frames=2)
    assert not other.selected, "and a second puts it back"
    start = (other.x, other.y)
    drive.drag(start, (start[0] + 20, start[1] - 160), 0.25, frames=3)
    assert table.turn.throws == 2, "a drag that began on a die threw the dice"


def _hold_up(app: App, drive: Driver, table: TableScene) -> tuple[float, float]:
    """Press on the felt clear of the dice near Tess's rail and hold the dice up 110 px above it, where the hand
    then is (returned)."""
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    hand = (start[0], start[1] - 110)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 30)
    drive.frames(30)
    return hand


def test_hot_dice_taken_up_by_hand_take_the_dice_kept_before_out_of_the_tray(make_app: Callable[..., App]) -> None:
    """The 1 kept before vanished from the tray and a die faded in over the rail into the hand in its stead."""
    from greed_game.rules import Keep

    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA],
                     [FirstPlayer(0), Roll((1, 2, 3, 4, 6, 6)), Keep((1,)), Roll((2, 2, 2, 5, 5))], seed=3)
    drive.frames(30)
    pick(table, [2, 2, 2, 5, 5])
    drive.frames(10)
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    seen_carried = False
    for _ in range(60):
        drive.frames(1)
        held = table.felt.hold.fresh
        for d in held:
            assert d.alpha == 0 or (d.pose is not None and abs(d.pose[1]) < TABLE.half_depth), (
                "no die comes into the hand over the rail")
        carried = list(table.tray.passing)
        if carried:
            seen_carried = True
            assert [v.value for v in carried] == [1], "the 1 kept before is carried out of the tray"
    held = table.felt.hold.fresh
    assert seen_carried and len(held) == 6 and all(d.alpha == 255 for d in held), "six in the hand, all seen"
    assert sorted(d.tumble.top for d in held) == [1, 2, 2, 2, 5, 5], "each showing the face it showed"


def test_space_gathers_dice_lying_far_off_into_the_hand_at_a_hand_s_pace(make_app: Callable[..., App]) -> None:
    """Dice lying across the felt had been pulled into the hand in about 150 ms (helper-44)."""
    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_at_rest(drive, 2)
    assert sorted(d.value for d in table.felt.dice) == [1, 1, 5, 6, 6, 6]
    left = [d for d in table.felt.dice if d.value == 6]
    pose_dice(left, np.array([(-6.0, 3.0, 0.5, 0.0, 0.0, 0.0, 1.0), (6.0, 3.0, 0.5, 0.0, 0.0, 0.0, 1.0),
                              (0.0, 3.2, 0.5, 0.0, 0.0, 0.0, 1.0)], dtype=np.float32),
              [d.layout for d in left if d.layout is not None])
    pick(table, [1, 1, 5])
    drive.frames(2)
    drive.press("space")
    playing = table.felt.playing
    assert playing is not None
    track = [[(d.x, d.y) for d in table.felt.dice]]
    while playing.t < playing.lead:
        drive.frames(1)
        track.append([(d.x, d.y) for d in table.felt.dice])
    steps = [max(math.dist(a, b) for a, b in zip(one, two, strict=True)) for one, two in itertools.pairwise(track)]
    assert max(steps) < 0.5 * DIE, "carried into the hand, not pulled in"
    # swept in together, not fetched one after another (one had waited by the rail while another was still on the
    # far side, helper-45)
    set_off = [next(n for n, (a, b) in enumerate(itertools.pairwise(path)) if math.dist(a, b) > 0.5)
               for path in zip(*track, strict=True)]
    assert max(set_off) - min(set_off) <= 2, set_off


def test_a_drag_after_keeping_every_die_takes_the_six_up_into_the_hand(make_app: Callable[..., App]) -> None:
    """Six more came in over the rail while the six kept flew to the tray: twelve dice (helper-26)."""
    from greed_game.app.scenes.table_sections import HELD_UNDER

    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_at_rest(drive, 2)  # (thrown: the dice lie where the physics left them)
    assert sorted(d.value for d in table.felt.dice) == [1, 1, 5, 6, 6, 6]
    pick(table, [1, 1, 5, 6, 6, 6])
    # (lying in a line before Tess's rail: where they lay, the callout would rise where her hand goes)
    dice = table.felt.dice
    pose_dice(dice, np.array([(-5.0 + 2.0 * n, -2.6, 0.5, 0.0, 0.0, 0.0, 1.0) for n in range(6)],
                             dtype=np.float32), [d.layout for d in dice if d.layout is not None])
    drive.frames(2)
    lay = {d.ident for d in table.felt.dice}
    to_window = app.display.to_window
    hand = _hold_up(app, drive, table)
    held = table.felt.hold.fresh
    assert len(held) == 6 and all(math.dist((d.x, d.y), hand) < 2.2 * DIE for d in held), "six in the hand"
    assert {d.ident for d in held} == lay and table.felt.dice == [], "not the dice that lay there"
    assert [g.hot for g in table.turn.tray] == [True], "set aside (kept) as the hand took them up"
    # the news is called out clear of where the hand may go (it sat on the dice held, helper-27)
    call = table.snap.callout
    assert call is not None and table.notices.callout_spot[0] == call.serial
    line = CAMERA.to_screen(0.0, -0.3, 1.5)[1]
    assert table.notices.callout_spot[1].bottom < line - DIE / 2, "the callout lies where the hand goes"
    assert len(table.tray.dice) == 6 and all(t.view.tween is None for t in table.tray.dice), "a second six flew"
    # the tray's six make way for the chip as the hand takes them up (six there and six in the hand, helper-29)
    assert table.tray.spent == 0
    # the hand taken up under the callout: it gives way to the dice (drawn above them, they had vanished under
    # it, helper-38)
    card = table.notices.callout_card
    assert card is not None
    drive.hold_move(hand, (card.centerx, card.bottom + 20), 10)
    drive.frames(20)
    boxes: list[tuple[pygame.Rect, tuple[int, ...]]] = []
    box = app.canvas.box
    app.canvas.box = lambda rect, color, **kw: (boxes.append((pygame.Rect(rect), color)), box(rect, color, **kw))[1]  # type: ignore[method-assign]
    try:
        table.notices.draw(app.canvas, table.snap)
    finally:
        app.canvas.box = box  # type: ignore[method-assign]
    shown = next(color for rect, color in boxes if rect == table.notices.callout_card)
    assert shown[3] <= 240 * HELD_UNDER + 1, shown
    hand = (card.centerx, card.bottom + 20)
    drive.hold_move(hand, (hand[0], hand[1] - 140), 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(hand[0], hand[1] - 140), button=1))
    drive.until(lambda: table.felt.playing is not None)
    assert table.turn.throws == 2 and len(table.felt.dice) == 6
    # read while the hand held them, the callout goes as they leave it (they had flown out through it, helper-37)
    assert table.snap.callout is None
    start_poses = table.felt.playing.start
    while table.felt.playing is not None:  # (the six had come back to the tray for the flight, helper-30)
        assert table.tray.spent == 0, "the chip stays while the six fly"
        drive.frames(1)
    assert table.tray.spent == 0
    assert all(abs(float(y)) < TABLE.half_depth for y in start_poses[:, 1]), "they leave from the hand, not the rail"


def test_hot_dice_thrown_on_with_space_come_back_from_the_tray_into_a_row_while_the_banner_is_read(
        make_app: Callable[..., App]) -> None:
    """The felt had stayed empty under the banner for over a second, then six new dice came in over the rail while
    the six kept lay in the tray."""
    from .scenarios import hot_dice_thrown_on

    drive = Driver(make_app(animation_speed="normal"))
    table = hot_dice_thrown_on(drive, (1, 1, 1, 5, 5, 5))
    row = list(table.felt.hold.fresh)
    assert len(row) == 6 and len(table.tray.passing) == 6, "the six are to come back from the tray at once"
    assert table.tray.lending is not None and table.tray.spent == -1, "first they lie in the tray"
    drive.until(lambda: table.tray.lending is None)
    assert table.tray.spent == 0, "taken up again, their set is shown as the chip"
    assert all(d.alpha == 0 for d in row)
    while table.felt.playing is None:
        for d in row:
            assert d.alpha == 0 or (d.pose is not None and abs(d.pose[1]) < TABLE.half_depth), "none over the rail"
        drive.frames(1)
    assert table.tray.passing == [] and sorted(d.tumble.top for d in row) == [1, 1, 1, 5, 5, 5], (
        "in the row before they are thrown on, showing the faces they were kept for")


def test_hot_dice_by_hand_after_earlier_keeps_bring_the_rest_into_the_hand_not_a_row(
        make_app: Callable[..., App]) -> None:
    """The dice in the tray come back too: they came in as a row over the rail, cut off at the tray, while the
    hand held the last die (helper-27)."""
    from greed_game.rules import Keep

    from .scenarios import pick

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 2, 3, 4)), Keep((1, 1, 1)), Roll((5, 5, 5))]
    table = table_at(app, "pass-the-dice", [TESS, ADA], events)
    drive.frames(2)
    pick(table, [5, 5, 5])
    drive.frames(2)
    laid: list[int] = []
    lay = table.felt.hold.lay
    table.felt.hold.lay = lambda dice, count, *rest: (laid.append(count), lay(dice, count, *rest))[1]  # type: ignore[method-assign]
    hand = _hold_up(app, drive, table)
    held = table.felt.hold.fresh
    assert len(held) == 6 and all(math.dist((d.x, d.y), hand) < 2.2 * DIE for d in held), "six in the hand"
    assert len(table.felt.hold.lying) == 6
    assert laid == [], "a row was laid over the hand"


def test_a_hand_gathers_a_lone_die_quicker_than_six() -> None:
    from greed_game.app.scenes.felt import GATHER, gather_time

    assert gather_time(6) == GATHER
    assert gather_time(1) < gather_time(2) < gather_time(6)
    assert gather_time(1) >= GATHER / 2  # still seen picked up


def test_the_roll_off_waits_with_your_die_before_you_and_a_drag_throws_it_from_under_the_pointer(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [TESS, ADA]))
    app.stack.replace(table)
    drive.until(lambda: table.turn.mode == "roll-off", limit=3000)
    drive.frames(40)
    row = table.felt.hold.fresh
    assert len(row) == 1, "your roll-off die waits in a row before you"
    assert row[0].pose is not None and row[0].pose[1] * seat_spot(0, 2)[1] > TABLE.half_depth / 2
    to_window = app.display.to_window
    start, hand = (row[0].x, row[0].y), (row[0].x + 100.0, row[0].y - 90.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, hand, 20)
    drive.frames(20)
    assert math.dist((row[0].x, row[0].y), hand) < 1.5 * DIE, "the die is under the pointer"
    held = row[0].pose
    assert held is not None
    end = (hand[0], hand[1] - 60)
    drive.hold_move(hand, end, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(*end), button=1))
    drive.frames(1)
    playing = table.felt.playing
    assert playing is not None and playing.start is not None and table.felt.tags
    mine = [n for n, (seat, _) in enumerate(table.felt.tags) if seat == 0]
    assert all(math.dist(playing.start[n][:2], held[:2]) < 0.5 for n in mine), "it leaves from the hand"
    assert table.felt.hold.fresh == []


def test_a_roll_off_thrown_seat_by_seat_keeps_the_dice_before_yours_on_show_clear_of_your_row(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    kept = 0
    for seed in range(3, 11):
        app = make_app(animation_speed="normal", seed=seed)
        drive = Driver(app)
        table = TableScene.new(app, GameSetup("dollar-greed", [ADA, TESS]))  # Ada throws all six first
        app.stack.replace(table)
        drive.until(lambda table=table: table.turn.mode == "roll-off", limit=4000)
        drive.frames(40)
        felt = table.felt
        assert len(felt.hold.fresh) == 6, "your six wait in a row"
        row = [d.pose for d in felt.hold.fresh if d.pose is not None]
        home = [felt.hold.lying.get(d.ident, d.pose) for d in felt.hold.fresh]  # (where each is going, or lies)
        assert all(math.dist(p[:2], h[:2]) > 0.95 for p in (d.pose for d in felt.dice if d.pose is not None)
                   for h in [*row, *home]), "a die lies in your row"
        assert len(felt.tags) == len(felt.dice)
        kept += bool(felt.dice)
    assert kept, "Ada's dice stay to compare with"


def test_a_cocked_dies_ring_goes_when_the_hand_picks_the_dice_up_to_throw_again(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=4)
    table.turn.forced_voids.append("leaning")
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.turn.voids == 1 and table.turn.mode == "ready")
    assert any(d.lean is not None and d.lean_amount > 0 for d in table.felt.dice), "the cocked die is ringed"
    start = (FELT.centerx, FELT.bottom - 40.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, (start[0] + 20, start[1] - 60), 6)
    assert table.felt.hold.lying, "the dice are in the hand"
    assert not any(d.lean_amount > 0 for d in table.felt.dice), "no ring follows a die in the hand"


def test_near_the_throwers_rail_the_hand_still_follows_the_pointer(make_app: Callable[..., App]) -> None:
    """Held 1.6 dice off the rail, the hand had stood still while the pointer moved 30 px nearer it (helper-31)."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=5)
    drive.frames(60)
    start = (FELT.centerx + 100.0, FELT.centery + 100.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)

    def heap_at(y: float) -> float:
        drive.hold_move(start, (start[0], y), 10)
        drive.frames(40)
        held = table.felt.hold.fresh + table.felt.dice
        return sum(d.y for d in held) / len(held)

    # (the pointer goes on 50 px towards the rail from where the heap's middle may come nearest it)
    margin = FELT.bottom - HOLD_MARGIN * DIE
    nearer, nearest = heap_at(margin), heap_at(margin + 50.0)
    assert nearest - nearer > 6.0, (nearer, nearest)
    assert max(d.y for d in table.felt.hold.fresh + table.felt.dice) < FELT.bottom + DIE / 2, "over the felt still"
    # the heap is kept clear of the rail (it had hung over it), and the seats' plates go under the dice in the hand
    # (the thrower's plate had been drawn over a held die, helper-40)
    held = [d for d in table.felt.hold.fresh + table.felt.dice if d.ident in table.felt.hold.lying]
    assert max(d.y + d.size * (1 + d.z / 320) / 2 for d in held) < FELT.bottom + 4
    assert table.picture._plates_under()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.display.to_window(*start), button=1))
    drive.frames(2)
    assert not table.picture._plates_under(), "back where they lay, at rest: the plates over them again"


def test_dice_shaken_in_the_hand_click_together(make_app: Callable[..., App]) -> None:
    """A shake of the hand had made no sound (helper-31): the dice click each time it turns back quickly."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=5)
    drive.frames(60)
    start = (FELT.centerx, FELT.centery + 120.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    up = (start[0], start[1] - 60.0)
    drive.hold_move(start, up, 20)  # slowly: the dice come up, nothing clicks
    drive.frames(20)
    assert table.felt.hold.lying
    clicks = lambda: sum(1 for name, _ in app.audio.played if name == "hit")  # noqa: E731
    assert clicks() == 0
    held = table.felt.hold.fresh + table.felt.dice

    def spread() -> float:  # (how far the dice stray from the heap's middle, die units)
        poses = np.array([d.pose[:2] for d in held if d.pose is not None])
        return float(np.max(np.linalg.norm(poses - poses.mean(axis=0), axis=1)))

    still = []
    for _ in range(8):
        drive.frames(1)
        still.append(spread())
    shaken = []
    for _ in range(4):
        drive.hold_move(up, (up[0] + 60.0, up[1]), 4)  # (to and fro six times a second)
        shaken.append(spread())
        drive.hold_move((up[0] + 60.0, up[1]), up, 4)
        shaken.append(spread())
    assert clicks() >= 4, app.audio.played
    # and they knock about in the hand (it had moved as one block, helper-33)
    assert max(shaken) - min(shaken) > 2 * (max(still) - min(still)) + 0.05, (still, shaken)


def test_dice_let_go_before_they_reached_the_hand_are_scooped_up_where_they_lie_and_thrown_from_there(
        make_app: Callable[..., App]) -> None:
    """A press flicked at once had thrown the dice from under the pointer, crossing the felt into the hand in a
    frame or two (helper-31, helper-36); gathered to the thrower's rail first, the first thing seen went against
    the gesture, after a pause (helper-37). Now the hand scoops them up where they lie, at once."""
    from greed_game.app.scenes.felt import CATCH_MAX

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    drive.frames(30)
    lying = [(d.pose[0], d.pose[1]) for d in table.felt.dice if not d.selected and d.pose is not None]
    mean_x = sum(x for x, _ in lying) / len(lying)
    mean_y = sum(y for _, y in lying) / len(lying)
    start = (FELT.left + 60.0 if mean_x > 0 else FELT.right - 60.0, FELT.bottom - 30.0)
    end = (start[0], start[1] - 45.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, end, 3)  # (a quick nudge, as soon as pressed)
    now = [(d.pose[0], d.pose[1]) for d in table.felt.dice if not d.selected and d.pose is not None]
    now_x = sum(x for x, _ in now) / len(now)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.display.to_window(*end), button=1))
    drive.frames(1)
    playing = table.felt.playing
    assert playing is not None, "thrown"
    assert playing.by_hand and playing.hold == 0.0, "at once: no pause for the kept die"
    assert playing.lead <= CATCH_MAX
    hand = playing.film.pose(0.0)
    hand_x, hand_y = float(np.mean(hand[:, 0])), float(np.mean(hand[:, 1]))
    pointer_x = CAMERA.to_world(*end)[0]
    assert abs(hand_x - now_x) < 1.0, "from where the dice were, on their way to the hand"
    assert abs(hand_x - pointer_x) > abs(now_x - pointer_x) - 1.0, "not from under the pointer"
    assert hand_y > min(mean_y, 0.0) - 1.5, "not carried back to the thrower's rail"
    moving = playing.film.pose(0.3)[:, :2] - hand[:, :2]
    assert float(np.mean(moving[:, 1])) > 0.5, "thrown up the felt"


def test_dice_taken_up_from_across_the_felt_are_carried_to_the_hand_not_pulled_into_it(
        make_app: Callable[..., App]) -> None:
    """Pressed away from the dice, they had zipped 300 px into the hand in a frame or two (helper-38): a die
    still far from the hand crosses the felt at most :data:`GATHER_SPEED`, then closes on the pointer."""
    from greed_game.app.scenes.felt import CAUGHT, GATHER_SPEED, HOLD_HEAP, _heap_middle

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    drive.frames(30)
    lying = [d for d in table.felt.dice if not d.selected]
    mean_x = sum(d.pose[0] for d in lying if d.pose) / len(lying)
    start = (FELT.left + 60.0 if mean_x > 0 else FELT.right - 60.0, FELT.bottom - 30.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.display.to_window(*start), button=1))
    drive.frames(1)
    drive.hold_move(start, (start[0], start[1] - 30.0), 2)
    heap = CAMERA.to_world(start[0], start[1] - 30.0)
    hold = table.felt.hold

    def places() -> dict[int, tuple[float, float]]:
        """Where each held die is going in the hand (as the hold works it out)."""
        held = [d for d in table.felt.dice + hold.fresh if d.ident in hold.lying and d.pose is not None]
        clear = [(d.pose[0], d.pose[1]) for d in table.felt.dice if d.ident not in hold.lying and d.pose]
        mx, my = _heap_middle((start[0], start[1] - 30.0), len(held), hold.side, clear)
        return {d.ident: (mx + HOLD_HEAP[n][0], my + HOLD_HEAP[n][1]) for n, d in enumerate(held)}

    steps, far_at_first = [], max(math.dist(d.pose[:2], heap) for d in lying if d.pose)
    for _ in range(60):
        before, going = {d.ident: d.pose[:2] for d in lying if d.pose}, places()
        drive.frames(1)
        steps += [math.dist(before[d.ident], d.pose[:2]) for d in lying
                  if d.pose and d.ident in going and math.dist(before[d.ident], going[d.ident]) > CAUGHT]
    assert far_at_first > 3 * CAUGHT, "the dice lay well away from the hand"
    assert len(steps) > 10 and max(steps) <= GATHER_SPEED / 60 * 1.05, max(steps)
    going = places()
    assert all(math.dist(d.pose[:2], going[d.ident]) < 0.5 for d in lying if d.pose), "in the hand within a second"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.display.to_window(*start), button=1))
    drive.frames(2)


def test_a_die_laid_in_the_row_is_turned_near_square_with_its_face_still_up() -> None:
    """Dice laid in the row at 45° had met corner to corner (helper-31)."""
    from greed_game.app.scenes.felt import ROW_YAW, _squared

    rng = random.Random(3)
    for n in range(40):
        yaw = math.radians(n * 9.0)
        lying = np.array([0.0, 0.0, math.sin(yaw / 2), math.cos(yaw / 2)], dtype=np.float32)
        tipped = np.array(_squared((1.0, 0.0, 0.0, 0.0), rng), dtype=np.float32)  # on its side: its z is level
        for before, after in ((lying, np.array(_squared(lying, rng), dtype=np.float32)),
                              (np.array((1.0, 0.0, 0.0, 0.0), dtype=np.float32), tipped)):
            turn_before, turn_after = rotations(before[None, :])[0], rotations(after[None, :])[0]
            assert top_face(turn_after)[0] == top_face(turn_before)[0], "the same face up"
            assert top_face(turn_after)[1] < 1.0, "still flat"
            level = turn_after[:, 0] if abs(turn_after[2, 0]) < abs(turn_after[2, 1]) else turn_after[:, 1]
            off = (math.atan2(level[1], level[0]) + math.pi / 4) % (math.pi / 2) - math.pi / 4
            assert abs(off) <= ROW_YAW + 1e-4


def test_the_dice_waiting_in_the_row_held_a_while_and_let_go_are_dropped_not_thrown_as_space_does(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """A press on the row held still and let go had thrown the dice as hard as Space, up the felt (helper-32); a
    quick click on the row still throws them as Space does."""
    import greed_game.app.scenes.felt as felt_module

    flicks: list[Flick] = []
    gesture = felt_module.gesture_flick
    monkeypatch.setattr(felt_module, "gesture_flick", lambda *a: flicks.append(gesture(*a)) or flicks[-1])
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=6)
    drive.until(lambda: len(table.felt.hold.fresh) == 6 and not table.felt.hold.lying)
    die = table.felt.hold.fresh[2]
    at = app.display.to_window(die.x, die.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    drive.frames(int(HOLD_STILL * 60) + 10)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    drive.frames(2)
    assert table.turn.throws == 1 and [f.speed for f in flicks] == [FLICK_SPEED[0]], "dropped, gently"
    # and not tossed up as a throw is (dropped with a throw's toss on the lively felt, one die had rolled nearly to
    # the far rail, helper-34)
    assert flicks[0].lift < 0.5 * FLICK_LIFT


def test_a_lone_die_in_the_hand_comes_nearer_the_rail_than_a_heap_of_six() -> None:
    """A lone die had stopped as far off the rail as a heap of six, a die and a half (helper-32)."""
    from greed_game.app.scenes.felt import Hold

    def held_y(count: int) -> float:
        rng = random.Random(1)
        views = []
        for n in range(count):
            view = DieView(1, DIE, rng)
            view.ident = n
            views.append(view)
        rows = np.array([(n - count / 2, -2.0, 0.5, 0.0, 0.0, 0.0, 1.0) for n in range(count)], dtype=np.float32)
        pose_dice(views, rows, [LAYOUTS[0]] * count)
        hold = Hold(side=-1, lying={v.ident: tuple(float(c) for c in row) for v, row in zip(views, rows, strict=True)})
        for _ in range(120):
            hold.step(views, (FELT.centerx, FELT.bottom - 2.0), 1 / 60)
        return min(v.pose[1] for v in views if v.pose is not None)  # (the nearest the rail)

    one, six = held_y(1), held_y(6)
    # (a heap of six: its middle 1.25 off the rail's wall, its nearest die 0.85 nearer; a lone die had stayed as
    # far off as that middle)
    assert -TABLE.half_depth + 0.8 < one < -TABLE.half_depth + 1.0, one
    assert six < one, "the heap's nearest die is nearer still, up in the air over the rail's edge"


def test_a_throw_goes_the_way_the_hand_went_as_it_let_go() -> None:
    """A drag up the felt that ended in a flick up and to the left had thrown nearly straight up (helper-32)."""
    start = (FELT.centerx + 100.0, FELT.bottom - 30.0)
    bend = (start[0], start[1] - 120.0)
    up = _drag(start, bend, 1.0)
    flick = [(x, y, t + 1.0) for x, y, t in _drag(bend, (bend[0] - 100.0, bend[1] - 100.0), 0.12)[1:]]
    aim = gesture_flick(up + flick, 0, 2).aim
    assert 35.0 < math.degrees(math.atan2(-aim[0], aim[1])) < 50.0  # (its last third of a second)
    # a drag that slowed to a crawl still goes its whole way
    crawl = [(x, y, t + 1.0) for x, y, t in _drag(bend, (bend[0] - 10.0, bend[1] - 10.0), 0.6)[1:]]
    aim = gesture_flick(up + crawl, 0, 2).aim
    assert abs(math.degrees(math.atan2(-aim[0], aim[1]))) < 10.0


def test_a_throw_by_hand_with_dice_picked_that_do_not_score_is_refused_as_space_is(
        make_app: Callable[..., App]) -> None:
    """A drag had done nothing at all with such a pick: no heap, no shake, no word (helper-32)."""
    drive, table, die = _dull_picked(make_app)
    lying = {d.ident: (d.x, d.y) for d in table.felt.dice}
    throws = table.turn.throws
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    drive.drag(start, (start[0], start[1] - 200.0), 0.3)
    assert table.turn.throws == throws, "the throw was refused"
    assert "not score" in table.snap.error, "and the line says why"
    assert die.shake > 0, "the die that does not score shakes"
    drive.frames(90)
    assert all(math.dist((d.x, d.y), lying[d.ident]) < 0.5 for d in table.felt.dice), "every die back where it lay"
    assert die.selected, "still picked"


def test_a_film_plays_quicker_while_the_dice_fly_than_as_they_roll_out() -> None:
    """At one pace a hard throw had looked gentle, and every throw had stopped dead (helper-31, helper-32)."""
    from greed_game.app.scenes.felt import PACE_FAST, Playing
    from greed_game.physics import THROWING, simulate

    rng = random.Random(2)
    film = simulate(6, THROWING["rare"].flick(-1, 0.0, rng), rng)
    playing = Playing(film, tuple(LAYOUTS[0] for _ in range(6)))
    paces = []
    while playing.t < playing.ends:
        paces.append(playing.pace())
        playing.t += 1 / 60
    assert max(paces) == pytest.approx(PACE_FAST), "in flight"
    assert paces[-1] == pytest.approx(1.0, abs=0.05), "coming to rest, at the speed setting's own rate"
    assert all(1.0 - 1e-6 <= p <= PACE_FAST + 1e-6 for p in paces)


def test_dice_brought_in_or_taken_off_over_a_rail_cross_it_quickly() -> None:
    """Eased at both ends, dice brought in over a rail had lingered faint over it and the plates there, and read
    as ghosts (helper-40): in the first 30% of their time on the way in they cover more than half of it (the band
    where they fade lies there), and dice taken off cover more than half of their way out in its last 30%."""
    from greed_game.app.scenes.felt import gathered

    start = np.zeros((1, 7), dtype=np.float32)
    start[0, 6] = 1.0
    end = start.copy()
    end[0, 1] = -4.0
    delays = np.zeros(1, dtype=np.float32)
    come = gathered(start, end, delays, 0.15, 0.0, arriving=np.array([True]))  # (a die takes half the gathering)
    assert float(come[0, 1]) < -2.0
    go = gathered(start, end, delays, 0.35, 0.0, leaving=True)
    assert float(go[0, 1]) > -2.0
    lying = gathered(start, end, delays, 0.15, 0.0)  # dice gathered from the felt ease in and out, as they did
    assert float(lying[0, 1]) > -1.0


def test_a_roll_off_tie_s_dice_are_in_the_tray_before_the_new_dice_come_out(make_app: Callable[..., App]) -> None:
    """The new dice had flown out of the tray through the tied dice coming back to it (helper-46)."""
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal", seed=2)
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [Player(f"Bot {n}", "cautious") for n in range(3)]))
    app.stack.replace(table)
    taken: list[int] = []
    roll_off = table.felt.roll_off

    def watched(moment: RollOffThrown, names: list[str]) -> list[DieView]:
        old = roll_off(moment, names)
        taken.append(len(old))
        return old

    table.felt.roll_off = watched  # type: ignore[method-assign]
    drive.until(lambda: bool(taken) and taken[-1] > 0, limit=1500)  # (seed 2: the three tie, all thrown again)
    landed = started = None
    for frame in range(120):
        playing = table.felt.playing
        if landed is None and not any(v.tween is not None and v.tween.lift > 0 for v in table.tray.aside):
            landed = frame
        if started is None and playing is not None and playing.t > playing.hold:
            started = frame
        drive.frames(1)
    assert landed is not None and started is not None and landed > 20
    assert started >= landed - 6, (landed, started)
