"""The dice on the table in three dimensions: a throw simulated to rest (rapier3d), filmed, then read.

No window and no files: the flow simulates a throw here, the table screen
plays the film back and draws each die from its true pose, and the throw
laboratory (``greed-game throws``) measures many throws. The physics never
decides a value: each die's faces are labelled after the simulation so that
the face it ends on carries the value the rules core drew.
"""

from greed_game.physics.faces import FACE_NORMALS, Layout, label, top_face
from greed_game.physics.table import TABLE, Table
from greed_game.physics.throw import (
    COCKED_DEGREES,
    THROWING,
    Film,
    Flick,
    Impact,
    Throwing,
    simulate,
    throw_until,
)

__all__ = [
    "COCKED_DEGREES",
    "FACE_NORMALS",
    "TABLE",
    "THROWING",
    "Film",
    "Flick",
    "Impact",
    "Layout",
    "Table",
    "Throwing",
    "label",
    "simulate",
    "throw_until",
    "top_face",
]
