"""The 3D dice renderer: its projection agrees with the camera, a die lands where the flat view puts it, with
the right face up, and no context means no renderer rather than an error."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import moderngl
import numpy as np
import pygame
import pytest

from greed_game.app import theme
from greed_game.app.camera import Camera
from greed_game.app.gl_dice import GLDice, footprints, projection, rotations, rounded_cube, top_quarters
from greed_game.app.scenes.table_parts import DIE, FELT
from greed_game.physics.faces import LAYOUTS, Layout
from greed_game.physics.table import TABLE

CAMERA = Camera(FELT.center, DIE)
STAGE = (0, 0, 1280, 720)
SIZE = (1280, 720)
FIVE_UP: Layout = next(layout for layout in LAYOUTS if layout[4] == 5)
FLAT = (0.0, 0.0, 0.0, 1.0)


@pytest.fixture(scope="module")
def dice() -> Iterator[GLDice]:
    renderer = GLDice.create()
    if renderer is None:
        pytest.skip("no OpenGL 3.3 context on this machine (neither the platform's own nor EGL): the 3D dice "
                    "cannot be drawn here, the flat view is used instead")
    yield renderer
    renderer.release()


def pixel(image: pygame.Surface, world: tuple[float, float, float], area: tuple[float, ...] = STAGE,
          size: tuple[int, int] = SIZE) -> pygame.Color:
    """The pixel of ``image`` where the camera sees ``world``."""
    sx, sy = CAMERA.to_screen(*world)
    x = int((sx - area[0]) * size[0] / area[2])
    y = int((sy - area[1]) * size[1] / area[3])
    return image.get_at((x, y))


def die_pixels(image: pygame.Surface) -> int:
    """How many pixels are wholly die (a shadow is never opaque)."""
    return int(np.count_nonzero(pygame.surfarray.pixels_alpha(image) == 255))


def render_one(dice: GLDice, pose: tuple[float, ...], **kw: object) -> pygame.Surface:
    poses = np.array([pose], dtype=np.float32)
    return dice.render(poses, [FIVE_UP], "pips", CAMERA, SIZE, STAGE, **kw)  # type: ignore[arg-type]


# -- without a context ------------------------------------------------------------------------------------


def test_a_felt_point_lands_where_the_camera_puts_it_even_off_centre() -> None:
    rng = np.random.default_rng(3)
    for area in (STAGE, (FELT.x, FELT.y, FELT.w, FELT.h), (100.0, 40.0, 500.0, 300.0)):
        m = projection(CAMERA, area)
        for x, y in rng.uniform(-7, 7, size=(20, 2)):
            for z in (0.0, 2.5):
                clip = m @ np.array([x, y, z, 1.0])
                ndc = clip[:3] / clip[3]
                sx, sy = CAMERA.to_screen(float(x), float(y), z)
                assert ndc[0] == pytest.approx(2 * (sx - area[0]) / area[2] - 1, abs=1e-4)
                assert ndc[1] == pytest.approx(2 * (sy - area[1]) / area[3] - 1, abs=1e-4)
                assert -1 < ndc[2] < 1


def test_the_mesh_is_a_unit_cube_with_rounded_edges() -> None:
    verts, index = rounded_cube()
    pos, normals = verts[:, 0:3], verts[:, 3:6]
    assert np.abs(pos).max() == pytest.approx(0.5, abs=1e-6)
    assert np.linalg.norm(normals, axis=1) == pytest.approx(1.0, abs=1e-5)
    # a corner is cut off by the rounding: no vertex reaches the cube's corner
    assert np.linalg.norm(pos, axis=1).max() < np.sqrt(3) * 0.5 - 0.05
    assert index.max() < len(verts) and len(index) % 3 == 0


def test_the_top_face_and_its_turn_keep_a_letter_upright() -> None:
    quarter_turn = np.array([[0.0, 0.0, np.sin(np.pi / 4), np.cos(np.pi / 4)]], dtype=np.float32)
    assert top_quarters(rotations(np.array([FLAT], dtype=np.float32))) == [(4, 0)]
    # the die turned a quarter anticlockwise: its marks are turned back a quarter (three anticlockwise)
    assert top_quarters(rotations(quarter_turn)) == [(4, 3)]


def test_a_tilted_die_has_a_longer_footprint_across_its_tilt() -> None:
    s, c = np.sin(np.radians(35) / 2), np.cos(np.radians(35) / 2)
    poses = np.array([(0, 0, 0.5, *FLAT), (0, 0, 0.7, 0.0, s, 0.0, c)], dtype=np.float32)
    feet = footprints(poses, rotations(poses[:, 3:]))
    assert feet[0, 4:6] == pytest.approx((0.5, 0.5), abs=1e-5)
    assert feet[1, 4] == pytest.approx(0.5 * (np.cos(np.radians(35)) + np.sin(np.radians(35))), abs=1e-4)
    assert feet[1, 5] == pytest.approx(0.5, abs=1e-5)


def test_no_context_means_no_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> moderngl.Context:
        raise RuntimeError("no display, no EGL")

    monkeypatch.setattr(moderngl, "create_context", refuse)
    assert GLDice.create() is None


# -- drawn ------------------------------------------------------------------------------------------------


def test_a_die_lying_flat_shows_five_where_the_camera_puts_it(dice: GLDice) -> None:
    x, y = 1.0, -0.5
    image = render_one(dice, (x, y, 0.5, *FLAT))
    assert image.get_size() == SIZE and image.get_flags() & pygame.SRCALPHA
    top = 1.0
    ivory = [pixel(image, (x + dx, y + dy, top)) for dx, dy in ((0.0, 0.3), (-0.22, 0.0), (0.0, -0.3), (0.3, 0.0))]
    for c in ivory:
        assert c.a == 255 and c.r > 200 and c.g > 195 and c.b > 180 and c.r >= c.b, c
    # five pips: the middle and the four corners (a six would have pips halfway down its sides)
    for dx, dy in ((0.0, 0.0), (-0.24, 0.24), (0.24, 0.24), (-0.24, -0.24), (0.24, -0.24)):
        c = pixel(image, (x + dx, y + dy, top))
        assert c.a == 255 and max(c.r, c.g, c.b) < 90, (dx, dy, c)
    for far in ((x + 2.5, y), (x - 2.5, y), (x, y + 2.5), (x, y - 2.5)):
        assert pixel(image, (*far, 0.0)).a == 0


def test_the_colour_is_premultiplied_and_the_shadow_falls_to_the_lower_right(dice: GLDice) -> None:
    x, y = -3.0, 1.0
    image = render_one(dice, (x, y, 0.5, *FLAT), highlights=["hover"])
    rgb = pygame.surfarray.pixels3d(image)
    alpha = pygame.surfarray.pixels_alpha(image)
    assert (rgb.max(axis=2).astype(int) <= alpha.astype(int) + 1).all()
    plain = render_one(dice, (x, y, 0.5, *FLAT))
    lower_right, upper_left = pixel(plain, (x + 0.6, y - 0.6, 0.0)), pixel(plain, (x - 0.6, y + 0.6, 0.0))
    assert 0 < lower_right.a < 255 and lower_right.r == lower_right.g == lower_right.b == 0
    assert lower_right.a > upper_left.a


def test_a_die_higher_up_looks_bigger(dice: GLDice) -> None:
    low = die_pixels(render_one(dice, (0.0, 0.0, 0.5, *FLAT)))
    high = die_pixels(render_one(dice, (0.0, 0.0, 3.5, *FLAT)))
    assert high > low * 1.15


def test_a_die_falling_off_the_table_is_drawn_smaller_and_casts_no_shadow(dice: GLDice) -> None:
    x, y = 6.5, -1.0  # (seen inside the table's edge, which hides what is past it)
    resting = render_one(dice, (x, y, 0.5, *FLAT))
    falling = render_one(dice, (x, y, -2.0, *FLAT))
    assert pixel(falling, (x, y, -1.5)).a == 255
    assert 0 < die_pixels(falling) < die_pixels(resting)
    assert pixel(resting, (x + 0.6, y - 0.6, 0.0)).a > 0
    assert pixel(falling, (x + 0.6, y - 0.6, 0.0)).a == 0


def test_a_die_going_over_the_tables_edge_fades_into_it_and_one_against_a_rail_does_not(dice: GLDice) -> None:
    edge = TABLE.half_width + TABLE.rail
    crossing = render_one(dice, (edge, 0.0, 0.5, *FLAT))
    seen = [pixel(crossing, (edge - k * 0.05, 0.0, 0.0)).a for k in range(1, 6)]
    # nothing past the edge, fading towards it, whole a fifth of a die inside it
    assert pixel(crossing, (edge + 0.05, 0.0, 0.0)).a == 0
    assert seen[-1] == 255 and seen[0] < 128
    assert all(b >= a for a, b in itertools.pairwise(seen)) and seen[0] < seen[2] < seen[-1]
    against = render_one(dice, (TABLE.half_width - 0.5, TABLE.half_depth - 0.5, 0.5, *FLAT))
    assert die_pixels(against) >= die_pixels(render_one(dice, (0.0, 0.0, 0.5, *FLAT))) * 0.98


def test_a_die_falling_off_the_table_is_seen_past_its_edge_and_hidden_only_under_it(dice: GLDice) -> None:
    edge = TABLE.half_width + TABLE.rail
    past = (edge + 0.7, 0.0, 0.3, *FLAT)  # over the room beside the table, above the felt's height
    assert die_pixels(render_one(dice, past)) == 0, "a die brought in or swept off fades into the edge"
    falling = render_one(dice, past, falls=[True])
    assert pixel(falling, (edge + 0.7, 0.0, 0.8)).a == 255, "a die falling off the table is seen falling"
    # fallen below the felt right beside the table: the table is between it and the eye
    under = render_one(dice, (edge + 0.5, 0.0, -1.0, *FLAT), falls=[True])
    assert pixel(under, (edge + 0.1, 0.0, -0.5)).a == 0
    assert pixel(under, (edge + 0.9, 0.0, -0.5)).a > 0, "(its far side is past what the table hides)"
    lower = render_one(dice, (edge + 0.7, 0.0, -0.9, *FLAT), falls=[True])
    assert 0 < pygame.surfarray.pixels_alpha(lower).max() < 255, "it fades on its way down"


def test_a_selected_die_has_a_gold_ring(dice: GLDice) -> None:
    x, y = 2.0, 1.5
    image = render_one(dice, (x, y, 0.5, *FLAT), highlights=["selected"])
    ring = pixel(image, (x + 0.5 * 1.14, y, 1.0))
    assert ring.a > 200
    assert abs(ring.r - theme.GOLD[0]) < 30 and abs(ring.g - theme.GOLD[1]) < 30 and abs(ring.b - theme.GOLD[2]) < 30
    assert pixel(render_one(dice, (x, y, 0.5, *FLAT)), (x + 0.5 * 1.14, y, 1.0)).a < 200


def test_a_die_turned_half_a_quarter_keeps_its_rings_corners(dice: GLDice) -> None:
    x, y = -2.0, 1.0
    turned = (0.0, 0.0, math.sin(math.pi / 8), math.cos(math.pi / 8))  # 45 degrees: a corner points along x
    image = render_one(dice, (x, y, 0.5, *turned), highlights=["selected"])
    corner = 0.5 * 1.14 * math.sqrt(2)
    assert pixel(image, (x + corner - 0.02, y, 1.0)).a > 200, "the ring's corner is cut off"
    assert pixel(image, (x - corner + 0.02, y, 1.0)).a > 200


def test_a_selected_die_against_the_rail_keeps_its_ring_on_the_felt(dice: GLDice) -> None:
    from greed_game.physics import TABLE

    x, y = TABLE.half_width - 0.52, 0.0  # touching the right rail's inner wall
    image = render_one(dice, (x, y, 0.5, *FLAT), highlights=["selected"])
    assert pixel(image, (x - 0.5 * 1.14, y, 1.0)).a > 200, "the ring on the felt's side"
    assert pixel(image, (x + 0.5 * 1.14, y, 1.0)).a < 60, "none on the rail (its wall hides the felt there)"
    plain = render_one(dice, (x, y, 0.5, *FLAT))
    edge = (TABLE.half_width - 0.03, y + 0.3, 1.0)
    assert pixel(image, edge) != pixel(plain, edge), "closed along the felt's edge: a whole ring"


def test_an_area_drawn_small_and_off_centre_still_agrees_with_the_camera(dice: GLDice) -> None:
    area = (FELT.x, FELT.y, FELT.w, FELT.h)
    size = (FELT.w * 2 // 3, FELT.h * 2 // 3)
    poses = np.array([(-2.0, 1.0, 0.5, *FLAT)], dtype=np.float32)
    image = dice.render(poses, [FIVE_UP], "greed", CAMERA, size, area)
    assert image.get_size() == size
    assert pixel(image, (-2.0 + 0.3, 1.0 + 0.3, 1.0), area, size).a == 255
    assert pixel(image, (-2.0 + 1.5, 1.0, 0.0), area, size).a == 0


def test_the_skin_decides_the_faces(dice: GLDice) -> None:
    poses = np.array([(0.0, 0.0, 0.5, *FLAT)], dtype=np.float32)
    pips = pygame.surfarray.array3d(dice.render(poses, [FIVE_UP], "pips", CAMERA, SIZE, STAGE))
    letters = pygame.surfarray.array3d(dice.render(poses, [FIVE_UP], "greed", CAMERA, SIZE, STAGE))
    assert np.abs(pips.astype(int) - letters).sum(axis=2).max() > 100


def _edge_shades(image: pygame.Surface) -> int:
    """How many pixels a die covers in part: the softened edge that multisampling draws, pixels beside the die
    that are not wholly die yet carry some of its light colour (a shadow's pixels are black)."""
    alpha = pygame.surfarray.array_alpha(image).astype(int)
    light = pygame.surfarray.array3d(image).max(axis=2).astype(int)
    whole = alpha == 255
    beside = np.zeros_like(whole)
    beside[1:, :] |= whole[:-1, :]
    beside[:-1, :] |= whole[1:, :]
    beside[:, 1:] |= whole[:, :-1]
    beside[:, :-1] |= whole[:, 1:]
    return int(np.count_nonzero(beside & ~whole & (light > 60)))


def test_dice_in_flight_are_drawn_quickly_on_a_software_renderer_and_at_rest_in_full(dice: GLDice) -> None:
    tilted = (0.5, 0.5, 0.9, 0.2, 0.3, 0.1, 0.927)  # a quaternion of length 1: a die tumbling
    rest, flight = render_one(dice, tilted), render_one(dice, tilted, moving=True)
    same_place = abs(die_pixels(rest) - die_pixels(flight)) < 0.08 * die_pixels(rest)
    assert same_place, "the quick picture shows the same die in the same place"
    if dice.software and dice.samples >= 2:
        assert _edge_shades(rest) >= 10 and _edge_shades(flight) * 3 < _edge_shades(rest), \
            "at rest the edges are multisampled, in flight they are not"
    else:
        assert _edge_shades(rest) == _edge_shades(flight), "hardware draws every frame in full"


def test_a_die_in_flight_is_lit_as_at_rest(dice: GLDice) -> None:
    # in flight a software renderer lights a die at its vertices: its flat faces must shade as at rest, face by
    # face (only the gloss, which no tumbling die shows, may differ)
    tilted = (0.5, 0.5, 0.9, 0.2, 0.3, 0.1, 0.927)
    rest, flight = render_one(dice, tilted), render_one(dice, tilted, moving=True)
    opaque = (pygame.surfarray.pixels_alpha(rest) == 255) & (pygame.surfarray.pixels_alpha(flight) == 255)
    a = pygame.surfarray.array3d(rest)[opaque].astype(int)
    b = pygame.surfarray.array3d(flight)[opaque].astype(int)
    assert opaque.sum() > 500
    ivory = (a.min(axis=1) > 150) & (b.min(axis=1) > 150)  # the body, not the pips (their edges move a little)
    assert np.median(np.abs(a[ivory] - b[ivory]).max(axis=1)) <= 6, "the faces shade alike"
    for channel in range(3):
        for image in (a, b):
            levels = np.unique(image[ivory, channel] // 16)
            assert len(levels) >= 3, "the faces turned to the light differ in shade, in flight as at rest"
        assert abs(np.mean(a[ivory, channel]) - np.mean(b[ivory, channel])) < 6


def test_the_part_drawn_is_the_whole_pictures_box(dice: GLDice) -> None:
    poses = np.array([(1.0, -0.5, 0.5, *FLAT), (-2.0, 1.0, 1.6, 0.2, 0.3, 0.1, 0.927)], dtype=np.float32)
    layouts = [FIVE_UP, FIVE_UP]
    whole = dice.render(poses, layouts, "pips", CAMERA, SIZE, STAGE)
    box = dice.drawn.copy()
    part = dice.render_part(poses, layouts, "pips", CAMERA, SIZE, STAGE)
    assert part is not None and dice.drawn == box and part.get_size() == box.size
    assert 0 < box.w * box.h < SIZE[0] * SIZE[1] // 4, "two dice fill a small box, not the stage"
    assert np.array_equal(pygame.surfarray.array3d(whole.subsurface(box)), pygame.surfarray.array3d(part))
    assert np.array_equal(pygame.surfarray.array_alpha(whole.subsurface(box)), pygame.surfarray.array_alpha(part))
    outside = pygame.surfarray.array_alpha(whole).copy()
    outside[box.x:box.right, box.y:box.bottom] = 0
    assert not outside.any(), "nothing is drawn outside the box"
    assert dice.render_part(poses[:0], [], "pips", CAMERA, SIZE, STAGE) is None


def test_dice_in_flight_drawn_ahead_are_handed_over_a_frame_late(dice: GLDice) -> None:
    flights = [np.array([(x, 0.4 * x, 1.2, 0.2, 0.3, 0.1, 0.927), (-x, 1.0, 0.8, *FLAT)], dtype=np.float32)
               for x in (-2.0, -1.0, 0.0, 1.0)]
    layouts = [FIVE_UP, FIVE_UP]

    def picture(image: pygame.Surface | None) -> tuple[tuple[int, ...], bytes]:
        assert image is not None
        return tuple(dice.drawn), pygame.image.tobytes(image, "RGBA")

    # each frame on its own, waited for
    alone = [picture(dice.render_part(p, layouts, "pips", CAMERA, SIZE, STAGE, moving=True)) for p in flights]
    assert len(set(alone)) == len(flights), "the frames differ"
    ahead = [picture(dice.render_part(p, layouts, "pips", CAMERA, SIZE, STAGE, moving=True, ahead=True))
             for p in flights]
    if not dice.software:
        assert ahead == alone, "a hardware renderer draws each frame when asked"
        return
    # the first is waited for, shown again while the second is drawn; from then on each is a frame late
    assert ahead == [alone[0], alone[0], alone[1], alone[2]]
    rest = np.array([(0.0, 0.0, 0.5, *FLAT)] * 2, dtype=np.float32)
    rest[1, 0] = 2.0
    landed = picture(dice.render_part(rest, layouts, "pips", CAMERA, SIZE, STAGE, ahead=True))
    assert landed == picture(dice.render_part(rest, layouts, "pips", CAMERA, SIZE, STAGE)), \
        "dice at rest are drawn when asked, and what was drawn ahead is let go"
    again = picture(dice.render_part(flights[3], layouts, "pips", CAMERA, SIZE, STAGE, moving=True, ahead=True))
    assert again == alone[3], "a new flight starts with its own first frame"


def test_another_context_made_current_in_between_changes_nothing(dice: GLDice) -> None:
    # a second renderer (or a benchmark's own context) made current: ours must still draw with its own objects
    first = pygame.surfarray.array3d(render_one(dice, (0.5, 0.5, 0.9, 0.2, 0.3, 0.1, 0.927)))
    other = GLDice.create(samples=0)
    assert other is not None
    try:
        render_one(other, (2.0, 1.0, 0.5, *FLAT))
        again = pygame.surfarray.array3d(render_one(dice, (0.5, 0.5, 0.9, 0.2, 0.3, 0.1, 0.927)))
    finally:
        other.release()
    assert np.array_equal(first, again)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every face the renderer draws for its marks, as (skin, size)."""
    from greed_game.app import gl_dice

    faces: list[tuple[str, int]] = []
    real = gl_dice.ink_image

    def counting(skin: str, value: int, px: int) -> pygame.Surface:
        faces.append((skin, px))
        return real(skin, value, px)  # type: ignore[arg-type]

    monkeypatch.setattr(gl_dice, "ink_image", counting)
    return faces


def test_each_skins_faces_are_drawn_once(dice: GLDice, drawn: list[tuple[str, int]]) -> None:
    poses = np.array([(0.0, 0.0, 0.5, *FLAT)], dtype=np.float32)
    looks = []
    for skin in ("pips", "greed", "pips", "greed", "pips"):
        image = dice.render(poses, [FIVE_UP], skin, CAMERA, SIZE, STAGE)  # type: ignore[arg-type]
        looks.append(pygame.surfarray.array3d(image))
    # six faces per skin at most once each (the module's earlier tests may have drawn them already)
    assert len(drawn) <= 12 and len(set(drawn)) == len(drawn) // 6
    assert np.array_equal(looks[0], looks[2]) and np.array_equal(looks[1], looks[3])
    assert not np.array_equal(looks[0], looks[1]), "the skin decides the faces"


def test_a_prepared_size_draws_no_faces_when_the_dice_fly_and_land(dice: GLDice,
                                                                    drawn: list[tuple[str, int]]) -> None:
    size = (1000, 563)  # a size no other test draws at
    dice.prepare("pips", CAMERA, size, STAGE)
    assert drawn, "preparing draws the faces for this size"
    prepared = len(drawn)
    poses = np.array([(0.3, 0.2, 2.5, 0.2, 0.3, 0.1, 0.927)], dtype=np.float32)
    dice.render(poses, [FIVE_UP], "pips", CAMERA, size, STAGE, moving=True)
    dice.render(np.array([(0.3, 0.2, 0.5, *FLAT)], dtype=np.float32), [FIVE_UP], "pips", CAMERA, size, STAGE)
    assert len(drawn) == prepared, "in flight and at rest, the faces were ready"
    dice.prepare("pips", CAMERA, size, STAGE)
    assert len(drawn) == prepared, "preparing again draws nothing"
