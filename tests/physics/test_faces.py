"""A die's faces: every layout is a shop die, a label puts the core's value where asked, the top face is read
from the pose."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from greed_game.physics.faces import FACE_NORMALS, LAYOUTS, label, top_face


def _normal_of(layout: tuple[int, ...], value: int) -> np.ndarray:
    return np.array(FACE_NORMALS[layout.index(value)], dtype=np.float64)


def _turn(axis: tuple[float, float, float], degrees: float) -> np.ndarray:
    """The rotation matrix turning ``degrees`` about ``axis`` (Rodrigues), worked out here, not by the package."""
    k = np.array(axis, dtype=np.float64) / np.linalg.norm(axis)
    a = math.radians(degrees)
    cross = np.array(((0, -k[2], k[1]), (k[2], 0, -k[0]), (-k[1], k[0], 0)))
    return np.eye(3) + math.sin(a) * cross + (1 - math.cos(a)) * cross @ cross


def test_there_are_24_distinct_layouts_each_a_shop_die() -> None:
    assert len(LAYOUTS) == 24
    assert len(set(LAYOUTS)) == 24
    for layout in LAYOUTS:
        assert sorted(layout) == [1, 2, 3, 4, 5, 6], layout
        for face in range(0, 6, 2):  # faces 2k and 2k+1 are opposite (+axis, −axis)
            assert layout[face] + layout[face + 1] == 7, layout
        # 1, 2, 3 run counter-clockwise round their shared corner, seen from outside: their normals, in that
        # order, make a right-handed frame.
        n1, n2, n3 = (_normal_of(layout, v) for v in (1, 2, 3))
        assert float(np.dot(n1, np.cross(n2, n3))) == pytest.approx(1.0), layout


def test_a_mirror_image_die_is_not_among_the_layouts() -> None:
    """The handedness check above can fail: swapping two opposite pairs' sides makes a die that is not sold."""
    mirrored = LAYOUTS[0][1::-1] + LAYOUTS[0][2:]  # +x and −x swapped
    n1, n2, n3 = (_normal_of(mirrored, v) for v in (1, 2, 3))
    assert float(np.dot(n1, np.cross(n2, n3))) == pytest.approx(-1.0)
    assert mirrored not in LAYOUTS


@pytest.mark.parametrize("face", range(6))
def test_label_puts_the_value_on_the_face_asked_for(face: int) -> None:
    rng = random.Random(face)
    for value in range(1, 7):
        seen = set()
        for _ in range(40):
            layout = label(face, value, rng)
            assert layout[face] == value
            assert layout in LAYOUTS
            seen.add(layout)
        assert len(seen) == 4, "four turns of a shop die put a value on a face; the rng picks among them"


def test_label_refuses_a_value_no_die_shows() -> None:
    for value in (0, 7):
        with pytest.raises(ValueError):
            label(4, value, random.Random(1))


@pytest.mark.parametrize(
    ("axis", "degrees", "face", "tilt"),
    [
        ((0, 0, 1), 0, 4, 0.0),  # unturned: +z up
        ((0, 0, 1), 73, 4, 0.0),  # a spin about the vertical keeps the same face up
        ((1, 0, 0), 90, 2, 0.0),  # +y turned up
        ((1, 0, 0), -90, 3, 0.0),  # −y turned up
        ((0, 1, 0), 90, 1, 0.0),  # −x turned up
        ((0, 1, 0), -90, 0, 0.0),  # +x turned up
        ((1, 0, 0), 180, 5, 0.0),  # upside down
        ((1, 0, 0), 30, 4, 30.0),  # tilted, still nearer +z
        ((1, 0, 0), 50, 2, 40.0),  # tilted past the half: +y is nearer up, 40° off
        ((0, 1, 0), 190, 5, 10.0),
    ],
)
def test_top_face_of_known_turns(axis: tuple[float, float, float], degrees: float, face: int, tilt: float) -> None:
    found, off = top_face(_turn(axis, degrees))
    assert found == face
    assert off == pytest.approx(tilt, abs=1e-6)


def test_top_face_agrees_with_the_face_normal_pointing_highest() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        m = _turn(tuple(rng.normal(size=3)), float(rng.uniform(0, 360)))
        heights = [float((m @ np.array(n, dtype=np.float64))[2]) for n in FACE_NORMALS]
        face, tilt = top_face(m)
        assert face == int(np.argmax(heights))
        assert tilt == pytest.approx(math.degrees(math.acos(min(1.0, max(heights)))), abs=1e-6)
