"""A die's six faces: which one is up in a pose, and how to label them so that face carries a value.

Faces are numbered by the die's own axes: 0 is +x, 1 is −x, 2 is +y, 3 is −y,
4 is +z, 5 is −z. A :data:`Layout` gives the value printed on each. Every
layout is a real die: opposite faces add up to seven and 1, 2, 3 go round
their shared corner counter-clockwise, as on dice sold in shops.
"""

from __future__ import annotations

import random
from itertools import permutations, product

import numpy as np
import numpy.typing as npt

Layout = tuple[int, int, int, int, int, int]
"""The value on each face, in face order (+x, −x, +y, −y, +z, −z)."""

FACE_NORMALS: tuple[tuple[int, int, int], ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
"""Each face's outward normal in the die's own frame."""

_BASE: Layout = (2, 5, 3, 4, 1, 6)
"""A shop die: 1 up, 2 on +x, 3 on +y, so 1, 2, 3 run counter-clockwise seen from their shared corner."""


def _rotations() -> list[npt.NDArray[np.int64]]:
    """The 24 turns that bring a cube onto itself (signed permutation matrices with determinant +1)."""
    found = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            m = np.zeros((3, 3), dtype=np.int64)
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sign
            if round(float(np.linalg.det(m))) == 1:
                found.append(m)
    return found


def _face_of(normal: npt.NDArray[np.int64]) -> int:
    return FACE_NORMALS.index((int(normal[0]), int(normal[1]), int(normal[2])))


def _layouts() -> tuple[Layout, ...]:
    """Every way a shop die can sit in its own frame: 24 layouts."""
    out = []
    for m in _rotations():
        values = [0] * 6
        for face, normal in enumerate(FACE_NORMALS):
            values[_face_of(m @ np.array(normal, dtype=np.int64))] = _BASE[face]
        out.append((values[0], values[1], values[2], values[3], values[4], values[5]))
    return tuple(out)


LAYOUTS = _layouts()


def top_face(rotation: npt.NDArray[np.floating]) -> tuple[int, float]:
    """The face pointing most nearly up for a 3×3 rotation matrix, and how far it is off vertical (degrees).

    The matrix turns the die's frame into the world's (z up); its bottom row
    holds the world height of each of the die's axes.
    """
    up = np.asarray(rotation, dtype=np.float64).reshape(3, 3)[2]
    axis = int(np.argmax(np.abs(up)))
    face = 2 * axis + (0 if up[axis] > 0 else 1)
    tilt = float(np.degrees(np.arccos(min(1.0, abs(float(up[axis]))))))
    return face, tilt


def label(face: int, value: int, rng: random.Random) -> Layout:
    """A shop die's layout with ``value`` on ``face`` (one of the four that fit, chosen by ``rng``)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    fits = [layout for layout in LAYOUTS if layout[face] == value]
    return fits[rng.randrange(len(fits))]
