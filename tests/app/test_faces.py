"""The dice faces as a player reads them: letters upright, the two E's apart without colour, a $ that stands
out, pips with soft edges, key badges clear of other dice; and the sprite cache and the canvas's clear."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pygame
import pytest

from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, SpriteCache, badge_spot, die_sprite, fold, glyph_quarter
from greed_game.app.skins import BODY, face_image, ink_image

LETTER_FACES = (1, 2, 4, 5, 6)
"""Letter faces that look different turned a quarter or a half (the E's bar aside, every letter does)."""


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def _grey(image: pygame.Surface) -> list[int]:
    """Grey levels of ``image`` composed over the ivory body (so transparent pixels read as the body)."""
    flat = pygame.Surface(image.get_size())
    flat.fill(BODY)
    flat.blit(image, (0, 0))
    data = pygame.image.tobytes(flat, "RGB")
    return [round(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) for i in range(0, len(data), 3)]


def _centre(image: pygame.Surface, side: int) -> pygame.Surface:
    r = pygame.Rect(0, 0, side, side)
    r.center = image.get_rect().center
    return image.subsurface(r.clip(image.get_rect())).copy()


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean grey difference of two images seen small (a pixel's shift from turning does not count)."""
    ga, gb = (_grey(pygame.transform.smoothscale(i, (20, 20))) for i in (a, b))
    return sum(abs(x - y) for x, y in zip(ga, gb, strict=True)) / len(ga)


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance."""

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_a_letter_is_never_turned_more_than_45_degrees_from_upright() -> None:
    for tenth in range(0, 3600, 7):
        degrees = tenth / 10
        q = glyph_quarter("greed", degrees)
        assert -45 <= degrees + 90 * q - 360 * round((degrees + 90 * q) / 360) <= 45
        assert -45 <= fold(degrees) <= 45
    assert glyph_quarter("pips", 170) == 0


@pytest.mark.parametrize("window", [(1280, 720), (854, 480)])
@pytest.mark.parametrize("face", LETTER_FACES)
def test_a_resting_letter_die_shows_its_letter_upright_at_any_angle(face: int, window: tuple[int, int]) -> None:
    canvas = Canvas(pygame.Surface(window))
    px = canvas.px(56)
    upright = [face_image("greed", face, px, q) for q in range(4)]
    # a $ turned half round looks like itself: only its quarter turns are told apart
    wrong = (1, 3) if face == 6 else (1, 2, 3)
    for degrees in (0, 20, 44, 46, 90, 120, 180, 200, 265, 300, 359):
        die = DieView(face, 56, random.Random(1))
        die.angle = -math.radians(degrees)
        sprite = die_sprite(canvas, "greed", die)
        # turn the sprite back by what the letter is allowed to lean: what is left must be the upright face
        inner = round(px * 0.7)  # the letter, inside the rounded rim
        back = _centre(pygame.transform.rotozoom(sprite, -fold(degrees), 1.0), inner)
        scores = [_difference(back, _centre(u, inner)) for u in upright]
        assert scores[0] * 1.5 < min(scores[q] for q in wrong), (face, degrees, scores)


def test_the_two_es_differ_in_greyscale_at_every_size() -> None:
    for px in (24, 40, 56, 112):
        ebony = _grey(_centre(face_image("greed", 2, px), round(px * 0.8)))
        emerald = _grey(_centre(face_image("greed", 3, px), round(px * 0.8)))
        # a dark letter on the light face against a light letter on a dark stone
        mean_ebony, mean_emerald = sum(ebony) / len(ebony), sum(emerald) / len(emerald)
        assert mean_ebony - mean_emerald > 60, (px, mean_ebony, mean_emerald)
        dark_ebony = sum(1 for g in ebony if g < 100) / len(ebony)
        dark_emerald = sum(1 for g in emerald if g < 140) / len(emerald)
        assert dark_ebony < 0.35 and dark_emerald > 0.45, (px, dark_ebony, dark_emerald)


def _ink_colour(face: int, px: int) -> tuple[int, int, int]:
    """The middle colour (by luminance) of the opaque pixels of a face's marks."""
    ink = ink_image("greed", face, px)
    data = pygame.image.tobytes(ink, "RGBA")
    pixels = [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 4) if data[i + 3] >= 250]
    assert len(pixels) > px * px * 0.04
    pixels.sort(key=_luminance)
    return pixels[len(pixels) // 2]


def test_the_silver_dollar_stands_out_from_the_ivory_body() -> None:
    for px in (32, 56, 112):
        assert contrast(_ink_colour(6, px), BODY) >= 3.0, px


def test_every_letter_has_contrast_against_the_body() -> None:
    for face in range(1, 7):
        assert contrast(_ink_colour(face, 56), BODY) >= 3.0, face


def _disc_coverage(cx: float, cy: float, r: float, x: int, y: int, n: int = 8) -> float:
    """The share of pixel ``(x, y)`` an ideal disc covers."""
    inside = sum(1 for i in range(n) for j in range(n)
                 if math.hypot(x + (i + 0.5) / n - cx, y + (j + 0.5) / n - cy) <= r)
    return inside / (n * n)


@pytest.mark.parametrize("px", [20, 28, 40, 56])
def test_pips_are_round_with_soft_edges_at_small_sizes(px: int) -> None:
    from greed_game.app.skins import _PIPS

    for face in (1, 5, 6):
        ink = ink_image("pips", face, px)
        r = px * (0.11 if face == 1 else 0.092)
        errors = []
        soft = 0
        for fx, fy in _PIPS[face]:
            cx, cy = fx * px, fy * px
            for x in range(int(cx - r - 2), int(cx + r + 3)):
                for y in range(int(cy - r - 2), int(cy + r + 3)):
                    if abs(math.hypot(x + 0.5 - cx, y + 0.5 - cy) - r) < 1.0:
                        alpha = ink.get_at((x, y)).a
                        soft += 24 < alpha < 232
                        errors.append(abs(alpha / 255 - _disc_coverage(cx, cy, r, x, y)))
        # the rim of each pip is as much covered as an ideal disc would cover it; the pips drawn with
        # whole-pixel circles were off by about 0.3 (jagged), a hard-edged disc by 0.1 to 0.36
        assert sum(errors) / len(errors) < 0.15, (face, sum(errors) / len(errors))
        assert soft >= 2 * len(_PIPS[face]), (face, soft)
    body = face_image("pips", 3, px)
    corner = [body.get_at((x, y)).a for x in range(px // 4) for y in range(px // 4)]
    assert any(24 < a < 232 for a in corner)


def test_a_badge_goes_where_no_other_die_lies() -> None:
    rng = random.Random(2)
    die = DieView(3, 56, rng)
    die.x, die.y = 400, 300
    blocker = DieView(5, 56, rng)
    blocker.x, blocker.y = 400 + 56, 300 + 56  # over the lower right corner, where a badge goes first
    alone = badge_spot(die)
    assert alone == (428, 328)
    spot = badge_spot(die, [die, blocker])
    assert spot != alone
    for other in (die, blocker):
        if other is die:
            continue
        dx, dy = spot[0] - other.x, spot[1] - other.y
        assert max(abs(dx), abs(dy)) > 28 + 11


def test_sprite_cache_keeps_to_its_budget() -> None:
    cache = SpriteCache(budget=100 * 100 * 4 * 3)
    for i in range(10):
        cache.get(i, lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and cache.bytes <= cache.budget
    built: list[int] = []

    def build() -> pygame.Surface:
        built.append(1)
        return pygame.Surface((1, 1))

    cache.get(9, build)
    assert not built
    cache.get(0, build)
    assert built


def test_clear_is_skipped_under_a_backdrop_and_done_before_anything_else() -> None:
    window = pygame.Surface((1280, 800))  # letterboxed: 40 px bars above and below
    canvas = Canvas(window)
    window.fill((1, 2, 3))
    canvas.clear((200, 0, 0))
    assert window.get_at((5, 5)) == pygame.Color(200, 0, 0)  # the bar at once
    backdrop = pygame.Surface(canvas.stage.size)
    backdrop.fill((0, 90, 0))
    canvas.backdrop(backdrop)
    assert window.get_at((640, 400)) == pygame.Color(0, 90, 0)
    window.fill((1, 2, 3), canvas.stage)
    canvas.clear((200, 0, 0))
    canvas.circle((255, 255, 255), (10, 10), 2)
    assert window.get_at((640, 400)) == pygame.Color(200, 0, 0)  # filled before the circle was drawn
    window.fill((1, 2, 3), canvas.stage)
    canvas.clear((200, 0, 0))
    assert canvas.surface.get_at((640, 400)) == pygame.Color(200, 0, 0)  # touched directly: filled first


def test_a_cocked_dies_tag_goes_away_from_what_it_leans_against() -> None:
    from greed_game.app.dice_view import COCKED_TAG, cocked_tag_center

    die = DieView(2, 56, random.Random(3))
    die.x, die.y = 300, 100
    for angle in (0.0, 0.4, math.pi / 4):
        die.angle = angle
        corners = [pygame.Rect(round(x), round(y), 1, 1) for x, y in die.corners(1.3)]
        ring = corners[0].unionall(corners[1:])
        for lean in ((0.0, -1.0), (0.0, 1.0), (1.0, 0.0), (-1.0, 0.0)):
            die.lean = lean
            x, y = cocked_tag_center(die)
            # the tag lies on the far side of the die from the rail or die it leans on, clear of its ring
            assert (x - die.x) * lean[0] + (y - die.y) * lean[1] < 0, lean
            tag = pygame.Rect(0, 0, *COCKED_TAG)
            tag.center = (round(x), round(y))
            assert not tag.colliderect(ring), (angle, lean)


def test_a_cocked_dies_tag_stays_on_the_felt_when_the_far_side_would_take_it_onto_a_rail() -> None:
    from greed_game.app.dice_view import COCKED_TAG, cocked_tag_center

    felt = pygame.Rect(100, 100, 800, 450)
    die = DieView(2, 56, random.Random(3))
    # Just above the bottom rail, leaning on a die above it: the far side from that die is over the rail.
    die.x, die.y, die.angle, die.lean = 400, felt.bottom - 34, 0.3, (0.0, -1.0)
    x, y = cocked_tag_center(die, felt)
    tag = pygame.Rect(0, 0, *COCKED_TAG)
    tag.center = (round(x), round(y))
    assert felt.contains(tag)
    corners = [pygame.Rect(round(cx), round(cy), 1, 1) for cx, cy in die.corners(1.3)]
    assert not tag.colliderect(corners[0].unionall(corners[1:])), "beside the die, clear of its ring"
    assert cocked_tag_center(die)[1] > felt.bottom - 10, "without the felt given it would lie over the rail"


def test_badges_of_dice_side_by_side_do_not_overlap() -> None:
    from greed_game.app.dice_view import BADGE_R, badge_spot

    rng = random.Random(5)
    left, right = DieView(1, 56, rng), DieView(5, 56, rng)
    left.x, left.y = 300, 300
    right.x, right.y = 300 + 56 + 16, 300
    felt = pygame.Rect(100, 100, 305, 400)  # the right die's right-hand corners are too near the rail
    alone = [badge_spot(die, [left, right], felt) for die in (left, right)]
    assert math.dist(*alone) < 2 * BADGE_R, "each placed alone, the two badges overlap in the gap"
    taken: list[tuple[float, float]] = []
    for die in (left, right):
        taken.append(badge_spot(die, [left, right], felt, taken))
    assert math.dist(*taken) >= 2 * BADGE_R + 2


def test_a_cocked_dies_tag_keeps_off_the_other_dice_where_it_can() -> None:
    from greed_game.app.dice_view import COCKED_TAG, cocked_tag_center

    felt = pygame.Rect(100, 100, 800, 450)
    rng = random.Random(4)
    die, leaned_on, above = DieView(2, 56, rng), DieView(3, 56, rng), DieView(4, 56, rng)
    die.x, die.y, die.lean = 400, 420, (0.0, 1.0)  # leaning on the die below it
    leaned_on.x, leaned_on.y = 400, 476
    away = cocked_tag_center(die, felt)
    above.x, above.y = away  # a die lies where the tag would go
    x, y = cocked_tag_center(die, felt, [die, leaned_on, above])
    tag = pygame.Rect(0, 0, *COCKED_TAG)
    tag.center = (round(x), round(y))
    for other in (leaned_on, above):
        square = pygame.Rect(0, 0, 56, 56)
        square.center = (round(other.x), round(other.y))
        assert not tag.colliderect(square)
    assert felt.contains(tag)


@pytest.mark.parametrize("window", [(1280, 720), (854, 480), (640, 360)])
def test_a_dies_key_badge_stays_large_enough_to_read_in_a_small_window(window: tuple[int, int]) -> None:
    from greed_game.app.dice_view import BADGE_MIN_PX, BADGE_R, badge_radius, draw_badge

    canvas = Canvas(pygame.Surface(window))
    r = badge_radius(canvas)
    assert r == BADGE_R if window == (1280, 720) else r > BADGE_R
    die = DieView(3, 56, random.Random(1))
    die.x, die.y, die.label = 300.0, 300.0, 4
    canvas.surface.fill((0, 0, 0))
    draw_badge(canvas, die)
    _, by = canvas.pt(*badge_spot(die, r=r))
    across = [x for x in range(canvas.surface.get_width()) if canvas.surface.get_at((x, by))[:3] != (0, 0, 0)]
    assert max(across) - min(across) + 1 >= 2 * BADGE_MIN_PX - 1, "the key drawn is at least 20 px across"


@pytest.mark.parametrize("window", [(1280, 720), (854, 480)])
def test_a_dies_key_badge_keeps_off_its_corner_pip(window: tuple[int, int]) -> None:
    """Held to its least size in a small window, the badge at the die's corner lay over the corner pip of a 4, 5
    or 6."""
    from greed_game.app.dice_view import badge_radius

    canvas = Canvas(pygame.Surface(window))
    r = badge_radius(canvas)
    die = DieView(6, 56, random.Random(1))
    die.x, die.y = 300.0, 300.0
    bx, by = badge_spot(die, r=r)
    pip = (die.x + (0.74 - 0.5) * die.size, die.y + (0.74 - 0.5) * die.size)  # the lower right pip of a 5
    assert math.dist((bx, by), pip) >= r + 0.092 * die.size + 1
