"""Dice set down by hand rather than thrown: for cases a throw gives too rarely to wait for (a die cocked
against a rail).

:func:`set_down` swaps the hand of :func:`greed_game.physics.simulate` for one that lays the dice at given
poses, still; everything else is the real simulation (the table, the dice's colliders, resting, and how the
film is read). Only tests use it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
import rapier3d as rp

from greed_game.physics import TABLE, Table, throw

Pose = tuple[float, float, float, float, float, float, float]
"""x, y, z, then the rotation as a quaternion (i, j, k, w), as a film holds it."""

CORE = throw.DIE_HALF - throw.DIE_ROUNDING


def set_down(monkeypatch: pytest.MonkeyPatch, poses: Sequence[Pose]) -> None:
    """The next simulations lay their dice at ``poses``, not moving (throw as many dice as there are poses)."""
    real = throw._add_dice

    def lay(world: rp.PhysicsWorld, count: int, *args: object) -> list[rp.RigidBodyHandle]:
        handles: list[rp.RigidBodyHandle] = real(world, count, *args)  # type: ignore[arg-type]
        assert count == len(poses), "throw as many dice as were set down"
        for handle, (x, y, z, i, j, k, w) in zip(handles, poses, strict=True):
            body = world.rigid_bodies[handle]
            body.position = rp.Isometry3((x, y, z), rp.Rotation3(w, i, j, k))
            body.linvel = (0.0, 0.0, 0.0)
            body.angvel = (0.0, 0.0, 0.0)
        return handles

    monkeypatch.setattr(throw, "_add_dice", lay)


def against_right_rail(degrees: float, table: Table = TABLE) -> Pose:
    """A die tipped ``degrees`` towards the right rail, one edge on the felt and the opposite one on the rail's
    inner face (both touching, within a few thousandths)."""
    a = math.radians(degrees)
    reach = CORE * (math.cos(a) + math.sin(a)) + throw.DIE_ROUNDING  # half its width and height, tipped
    half = -a / 2  # turned about +y by −a: its top leans towards +x
    return (table.half_width - reach - 0.005, 0.0, reach + 0.005, 0.0, math.sin(half), 0.0, math.cos(half))


def flat(x: float, y: float) -> Pose:
    return (x, y, throw.DIE_HALF + 0.005, 0.0, 0.0, 0.0, 1.0)
