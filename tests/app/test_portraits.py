"""The computer characters' portraits: one for each level, each its own, readable small."""

from __future__ import annotations

import itertools

import pygame
import pytest

from greed_game.app.portraits import PAINTERS, paint
from greed_game.narrator import CHARACTERS


def _pixels(image: pygame.Surface) -> list[tuple[int, int, int]]:
    w, h = image.get_size()
    return [tuple(image.get_at((x, y)))[:3] for y in range(h) for x in range(w)]  # type: ignore[misc]


def test_every_character_has_a_portrait() -> None:
    assert set(PAINTERS) == set(CHARACTERS)


@pytest.mark.parametrize("px", [25, 38, 120])
def test_the_portraits_are_distinct_images(px: int) -> None:
    # 25 pixels: a side panel's portrait at 854×480.
    images = {level: _pixels(paint(level, px)) for level in PAINTERS}
    for (a, pa), (b, pb) in itertools.combinations(images.items(), 2):
        differ = sum(1 for p, q in zip(pa, pb, strict=True) if sum(abs(x - y) for x, y in zip(p, q, strict=True)) > 90)
        assert differ > len(pa) * 0.25, f"{a} and {b} look alike at {px} px"


def test_a_portrait_is_a_round_cameo_of_the_size_asked() -> None:
    image = paint("master", 40)
    assert image.get_size() == (40, 40)
    assert image.get_at((0, 0)).a == 0 and image.get_at((20, 20)).a == 255  # transparent corners
