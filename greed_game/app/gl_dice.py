"""The dice drawn in 3D from their true pose with OpenGL 3.3 (moderngl), into a pygame surface.

An offscreen context renders the dice (rounded cubes, faces textured with the
skin's marks, a key light from the upper left), their soft contact shadows on
the felt and the rings that mark a die selected, hovered, advised or bust.
The frame is read back into a surface the size of the area it covers, to be
blitted over the 2D felt. The perspective is the :class:`Camera`'s own: a
point of the felt plane lands on the pixel ``camera.to_screen`` gives it, so
the 3D view and the flat view agree.

Where no context can be had, :meth:`GLDice.create` returns None and the
caller draws the flat view instead.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import sys
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Literal

import moderngl
import numpy as np
import numpy.typing as npt
import pygame

from greed_game.app import theme
from greed_game.app.camera import Camera
from greed_game.app.skins import BODY, SkinName, ink_image
from greed_game.physics.faces import Layout
from greed_game.physics.table import TABLE
from greed_game.physics.throw import DIE_ROUNDING

Highlight = Literal["selected", "hover", "advised", "bust"]
Area = pygame.Rect | tuple[float, float, float, float]
F32 = npt.NDArray[np.float32]

ROUNDING = DIE_ROUNDING
"""Radius of a die's rounded edges and corners, die units (the physics' collider's)."""
ROUND_STEPS = 4
"""Facets across each 45° of a rounded edge (enough for a smooth silhouette at 4K)."""
FLIGHT_STEPS = 1
"""Steps of the rounded edges of a die in flight on a software renderer: it sets up every triangle on the
CPU, and a tumbling die shows no facets (at rest a die is drawn with :data:`ROUND_STEPS`)."""
SAMPLES = 4
"""Multisampling of the offscreen frame."""
SOFTWARE = ("llvmpipe", "softpipe", "swrast", "software rasterizer")
"""Words in a renderer's name that mean it draws on the CPU."""
FRAME_STEP = 64
"""The offscreen frames' sizes go in steps of this many pixels."""
KEPT_MARKS = 8
"""Face textures kept (by skin, size and whether for dice in flight): both skins at two window sizes."""

SKIN_BODY: dict[str, tuple[int, int, int]] = {"pips": BODY, "greed": BODY}
"""The colour of a die's body in each skin (the face art of both skins is drawn on the same ivory)."""

RINGS: dict[str, tuple[tuple[int, int, int], float, float]] = {
    "selected": (theme.GOLD, 1.14, 3.0),
    "hover": ((255, 255, 255), 1.14, 2.0),
    "advised": (theme.GREEN, 1.2, 3.0),
    "bust": (theme.RED, 1.16, 3.0),
}
"""Each highlight's colour, size (in die sides) and line width (logical px), as the flat view draws them."""

LIGHT = (-0.45, 0.35, 1.0)
"""Towards the key light: above, to the left and a little up the screen (the flat view's shadows fall the
other way)."""
FALLEN_SHADOW = -0.6
"""A die whose centre is this far below the felt is over the floor, beyond the table: it casts no shadow."""
EDGE_FADE = 0.22
"""How far inside the table's outer edge (die units, as seen on the felt's plane) a die going over it begins to
fade; a die resting against a rail is seen no nearer the edge than about twice this."""
PASSING_FADE = 2.0
"""How much wider the fade is for a die brought in over a rail or taken off over one (the hand carries it in
from out of sight), and that die fades as a whole, by where its middle is: in the narrow band across it, it came
up through a hard line, as if sliced; over a band twice as wide again, it was faint for long over the rail and the
dark room past it, and read as a ghost (helper-25)."""
FALLS = 1.0
"""The ``falls`` mark of a die falling from the table."""
PASSES = 2.0
"""The ``falls`` mark of a die brought in over a rail or taken off over one."""

# Each face's tangents (right, up) in the die's frame, seen from outside: right × up is the face's normal, and
# with the die unturned every side face reads upright from above the +z face's top edge.
_TANGENTS: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = (
    ((0, 1, 0), (0, 0, 1)),
    ((0, -1, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, 0, 1)),
    ((1, 0, 0), (0, 0, 1)),
    ((1, 0, 0), (0, 1, 0)),
    ((1, 0, 0), (0, -1, 0)),
)
_NORMALS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
_TANGENT_ARRAY = np.array(_TANGENTS, dtype=np.float64)


def projection(camera: Camera, area: Area, *, near: float = 0.5, far_beyond: float = 12.0) -> F32:
    """The matrix taking a world point (die units) to clip space for the area's pixels, rows downward.

    The eye is ``camera.height`` above the felt's middle; the frustum is off
    centre when ``area`` (logical px) is not centred on the felt. Clip y grows
    down the screen, so the framebuffer's first row is the image's top row and
    the read-back needs no flip. ``far_beyond``: how far below the felt depth
    still resolves (a die falling off the table).
    """
    ax, ay, aw, ah = (float(v) for v in _rect(area))
    h, u = camera.height, camera.unit
    cx, cy = camera.center
    ox = 2 * (cx - ax) / aw - 1
    oy = 2 * (cy - ay) / ah - 1
    far = h + far_beyond
    a = -(far + near) / (far - near)
    b = -2 * far * near / (far - near)
    # Eye depth is z - h; clip w is the distance below the eye, h - z, as Camera.depth_scale divides by.
    return np.array([
        [2 * u * h / aw, 0.0, -ox, ox * h],
        [0.0, -2 * u * h / ah, -oy, oy * h],
        [0.0, 0.0, a, b - a * h],
        [0.0, 0.0, -1.0, h],
    ], dtype=np.float32)


def _rect(area: Area) -> tuple[float, float, float, float]:
    if isinstance(area, pygame.Rect):
        return (area.x, area.y, area.w, area.h)
    return (float(area[0]), float(area[1]), float(area[2]), float(area[3]))


def rounded_cube(radius: float = ROUNDING, steps: int = ROUND_STEPS) -> tuple[F32, npt.NDArray[np.int32]]:
    """A unit cube with rounded edges: vertices (position, normal, face, face x, face y) and triangle indices.

    Each face is a grid whose lines crowd into the rounded band, spaced so the
    normal turns by equal angles; every vertex is pulled onto the rounded box
    (the inner box grown by ``radius``). The face coordinates run −0.5 to 0.5
    along the face's tangents and place its marks.
    """
    core = 0.5 - radius
    bend = np.tan(np.linspace(0.0, math.pi / 4, steps + 1))
    side = np.concatenate([-core - radius * bend[::-1], core + radius * bend])
    n = side.size
    verts, tris = [], []
    for face, (normal, (right, up)) in enumerate(zip(_NORMALS, _TANGENTS, strict=True)):
        s, t = np.meshgrid(side, side, indexing="ij")
        p = (0.5 * np.array(normal)[None, None] + s[..., None] * np.array(right) + t[..., None] * np.array(up))
        inner = np.clip(p, -core, core)
        out = p - inner
        normals = out / np.linalg.norm(out, axis=-1, keepdims=True)
        pos = inner + radius * normals
        block = np.concatenate([pos, normals, np.full((n, n, 1), face), s[..., None], t[..., None]], axis=-1)
        verts.append(block.reshape(-1, 9))
        base = face * n * n
        i, j = np.meshgrid(np.arange(n - 1), np.arange(n - 1), indexing="ij")
        a = (base + i * n + j).ravel()
        # right × up is outward, so (a, a+right, a+right+up) winds anticlockwise seen from outside
        tris += [np.stack([a, a + n, a + n + 1], axis=1), np.stack([a, a + n + 1, a + 1], axis=1)]
    return (np.concatenate(verts).astype(np.float32), np.concatenate(tris).astype(np.int32).ravel())


def rotations(quats: F32) -> npt.NDArray[np.float64]:
    """3×3 matrices (n, 3, 3) of quaternions (i, j, k, w): their columns are the die's axes in the world."""
    q = np.asarray(quats, dtype=np.float64)
    x, y, z, w = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)], axis=-1),
        np.stack([2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)], axis=-1),
        np.stack([2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)], axis=-1),
    ], axis=1)


def top_quarters(rot: npt.NDArray[np.float64]) -> list[tuple[int, int]]:
    """For each die, its top face and the quarter turns (anticlockwise) that bring that face's marks
    within 45° of upright on the screen.

    Letters are read, so (as in the flat view) the face on top shows its
    letter from the side nearest the top of the screen, never on its side.
    """
    n = rot.shape[0]
    up = rot[:, 2, :]
    axis = np.argmax(np.abs(up), axis=1)
    face = 2 * axis + (up[np.arange(n), axis] <= 0)
    # the screen's y of each top face's tangents (right, up) in the world
    right_y, up_y = np.einsum("nj,nkj->kn", rot[:, 1, :], _TANGENT_ARRAY[face])
    # where the marks' top points after 0, 1, 2, 3 quarter turns: up, left, down, right
    quarter = np.argmax(np.stack([up_y, -right_y, -up_y, right_y], axis=1), axis=1)
    return [(int(f), int(q)) for f, q in zip(face, quarter, strict=True)]


def top_turns(rot: npt.NDArray[np.float64]) -> list[float]:
    """For each die, how its top face's marks are turned on the screen (radians, clockwise from upright, as a
    flat die's ``angle``), before any quarter turn :func:`top_quarters` gives letters."""
    n = rot.shape[0]
    up = rot[:, 2, :]
    axis = np.argmax(np.abs(up), axis=1)
    face = 2 * axis + (up[np.arange(n), axis] <= 0)
    right = np.einsum("nij,nj->ni", rot, _TANGENT_ARRAY[face, 0])
    # (the screen's y grows downwards, the world's away from the bottom rail)
    return [float(a) for a in np.arctan2(-right[:, 1], right[:, 0])]


def footprints(poses: F32, rot: npt.NDArray[np.float64]) -> F32:
    """Per die, what its shadow and ring need: x, y, the turn (cos, sin) of its footprint, its half width
    and half depth along that turn, its corner radius, the height of its lowest point above the felt and
    the height of its top.

    A die lying flat has a square footprint turned as it is; a tilted one's is
    longer across the tilt and rounder (a cube on its corner throws a near hexagon).
    """
    n = poses.shape[0]
    out = np.zeros((n, 9), dtype=np.float32)
    reach = np.abs(rot[:, 2, :]).sum(axis=1)
    most = np.argmax(np.abs(rot[:, 2, :]), axis=1)
    side = rot[np.arange(n), :, (most + 1) % 3]
    angle = np.arctan2(side[:, 1], side[:, 0])
    # a quarter turn looks the same: keep the angle within ±45° so nearby frames agree
    angle -= np.pi / 2 * np.round(angle / (np.pi / 2))
    c, s = np.cos(angle)[:, None], np.sin(angle)[:, None]
    across, along = rot[:, 0, :], rot[:, 1, :]
    out[:, 2] = c[:, 0]
    out[:, 3] = s[:, 0]
    out[:, 4] = 0.5 * np.abs(c * across + s * along).sum(axis=1)
    out[:, 5] = 0.5 * np.abs(-s * across + c * along).sum(axis=1)
    tilt = np.clip((reach - 1.0) / (math.sqrt(3) - 1.0), 0.0, 1.0)
    out[:, 0:2] = poses[:, 0:2]
    out[:, 6] = 0.1 + 0.3 * tilt
    out[:, 7] = np.maximum(0.0, poses[:, 2] - 0.5 * reach)
    out[:, 8] = poses[:, 2] + 0.5 * reach
    return out


_QUAT_ROTATE = """
vec3 turn(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
"""

_LIGHTING = """
// (the diffuse and ambient light a point of a die receives, its gloss) for its normal and place
vec2 lighting(vec3 n, vec3 world) {
    vec3 l = normalize(light);
    vec3 v = normalize(eye - world);
    float diffuse = max(dot(n, l), 0.0);
    float sky = mix(0.12, 0.42, 0.5 + 0.5 * n.z);
    // the felt shades the foot of a die's sides
    float foot = mix(0.55, 1.0, clamp(world.z / 0.7 + 0.25, 0.0, 1.0));
    float g = max(dot(n, normalize(l + v)), 0.0);
    g *= g; g *= g; g *= g; g *= g; g *= g; g *= g;  // to the 64th: a tight gloss without pow()
    return vec2(sky * foot + 0.66 * diffuse, g);
}
"""

# QUICK (a die in flight on a software renderer): lit at its vertices, not at each pixel. A face is flat, so
# only the gloss differs, on a die tumbling too fast to show it; llvmpipe draws such a die in two thirds the time.
_DIE_VS = _QUAT_ROTATE + """
uniform mat4 mvp;
uniform vec3 light;
uniform vec3 eye;
in vec3 in_pos; in vec3 in_normal; in float in_face; in vec2 in_st;
in vec3 i_center; in vec4 i_quat; in vec3 i_lay_a; in vec3 i_lay_b; in vec2 i_top; in float i_fall;
uniform vec3 edge;
uniform float rail;
out vec2 v_uv; flat out float v_layer; out vec2 v_seen;
out vec2 v_top; out float v_z; out float v_out; flat out float v_fall; flat out vec2 v_mid;
#ifdef QUICK
out vec2 v_light;
""" + _LIGHTING + """
#else
out vec3 v_world; out vec3 v_normal;
#endif
void main() {
    vec3 world = i_center + turn(i_quat, in_pos);
    // where the point is seen on the felt's plane, as the window's clip to the table's edge sees it
    v_seen = world.xy * eye.z / max(eye.z - world.z, 1e-3);
    // where it is seen on the plane of the rails' tops, how far past the table's edge it is, and how high
    v_top = world.xy * (eye.z - rail) / max(eye.z - world.z, 1e-3);
    v_out = max(abs(world.x) - edge.x, abs(world.y) - edge.y);
    v_mid = i_center.xy * eye.z / max(eye.z - i_center.z, 1e-3);
    v_z = world.z;
    v_fall = i_fall;
#ifdef QUICK
    v_light = lighting(turn(i_quat, in_normal), world);
#else
    v_world = world;
    v_normal = turn(i_quat, in_normal);
#endif
    int face = int(in_face + 0.5);
    v_layer = (face < 3 ? i_lay_a[face] : i_lay_b[face - 3]) - 1.0;
    vec2 st = in_st;
    if (face == int(i_top.x + 0.5)) {
        for (int k = 0; k < int(i_top.y + 0.5); k++) st = vec2(st.y, -st.x);
    }
    v_uv = vec2(st.x + 0.5, 0.5 - st.y);
    gl_Position = mvp * vec4(world, 1.0);
}
"""

_DIE_FS = """
uniform sampler2DArray marks;
uniform vec3 body;
uniform vec3 edge;
uniform float passing;
in vec2 v_uv; flat in float v_layer; in vec2 v_seen;
in vec2 v_top; in float v_z; in float v_out; flat in float v_fall; flat in vec2 v_mid;
#ifdef QUICK
in vec2 v_light;
#else
uniform float sharpen;
uniform vec3 light;
uniform vec3 eye;
in vec3 v_world; in vec3 v_normal;
""" + _LIGHTING + """
#endif
out vec4 frag;
void main() {
#ifdef QUICK
    // (marks drawn at the die's size, without mipmaps)
    vec4 ink = texture(marks, vec3(v_uv, v_layer));
    vec2 lit_by = v_light;
#else
    vec4 ink = texture(marks, vec3(v_uv, v_layer), sharpen);
    vec2 lit_by = lighting(normalize(v_normal), v_world);
#endif
    // the marks are premultiplied and laid on the body as a 2D blit would, then lit in linear light (a gamma
    // of 2, squared here and rooted at the end: pow() costs a software renderer a fifth of the frame)
    vec3 albedo = body * (1.0 - ink.a) + ink.rgb;
    albedo *= albedo;
    vec3 lit = albedo * lit_by.x + vec3(lit_by.y * mix(0.22, 0.08, ink.a));
    // a die brought in or swept off over a rail fades into the table's outer edge (past it is the window's
    // edge), not cut off there by a straight line
    vec2 past = abs(v_seen) - edge.xy;
    float a = smoothstep(0.0, 1.0, -max(past.x, past.y) / edge.z);
    if (v_fall > 1.5) {
        // one the hand brings in (or takes off) fades as a whole by where its middle is: in a band across it,
        // it came up through a line, as if sliced, and half see-through over the rail's plates
        vec2 mid = abs(v_mid) - edge.xy;
        a = smoothstep(0.0, 1.0, (-max(mid.x, mid.y) - 0.25) / (edge.z * passing));
    }
    if (v_fall > 0.5 && v_fall < 1.5) {
        // a die falling from the table is seen falling: only the table hides it (what is past its edge and
        // seen within it, on the rails' tops, is under it), and it fades on its way down to the floor (as the
        // flat view's die does: gone 1.7 below the felt, where the table stops showing it)
        vec2 top = abs(v_top) - edge.xy;
        float under = v_out > 0.0 ? 1.0 - smoothstep(-edge.z, 0.0, max(top.x, top.y)) : 0.0;
        a = (1.0 - under) * clamp(1.0 + (v_z + 0.1) / 1.6, 0.0, 1.0);
    }
    frag = vec4(sqrt(clamp(lit, 0.0, 1.0)).bgr * a, a);
}
"""


def _die_program(ctx: moderngl.Context, *, quick: bool) -> moderngl.Program:
    """The dice's shaders, lit at each pixel or (``quick``) at each vertex."""
    head = "#version 330\n" + ("#define QUICK\n" if quick else "")
    program = ctx.program(vertex_shader=head + _DIE_VS, fragment_shader=head + _DIE_FS)
    program["rail"].value = TABLE.rail_height  # type: ignore[union-attr]
    if not quick:
        program["sharpen"].value = -0.35  # type: ignore[union-attr]
    return program


_FLAT_VS = """#version 330
uniform mat4 mvp;
uniform vec2 fall;
in vec2 in_corner;
in vec3 i_center; in vec2 i_turn; in vec2 i_size; in vec3 i_shape;
out vec2 v_offset; out vec2 v_world; flat out vec2 v_turn; flat out vec2 v_size; flat out vec3 v_shape;
void main() {
    // as _reach() and _shift() say in Python: a shadow's quad is centred on the shadow, a ring's on its die;
    // it holds the turned footprint and what the shader draws round it, no more (a software renderer pays by
    // the pixel, and a high die's soft shadow is large)
    vec2 turned = abs(i_turn);
    vec2 extent = vec2(dot(i_size, turned), dot(i_size, turned.yx));
    float h = i_shape.y;
    float pad = fall == vec2(0.0) ? 0.22 : (h < 0.35 ? 0.21 + 0.35 * h : 0.15 + 0.21 * h);
    v_offset = fall * (0.15 + 0.35 * h) + in_corner * (extent + pad);
    v_world = i_center.xy + v_offset;
    v_turn = i_turn;
    v_size = i_size;
    v_shape = i_shape;
    gl_Position = mvp * vec4(i_center + vec3(v_offset, 0.0), 1.0);
}
"""

_SDF = """
float box(vec2 p, vec2 half_size, float radius) {
    vec2 q = abs(p) - (half_size - radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}
vec2 local(vec2 d, vec2 c) { return vec2(c.x * d.x + c.y * d.y, -c.y * d.x + c.x * d.y); }
"""

_SHADOW_FS = "#version 330\n" + _SDF + """
uniform vec2 fall;
uniform vec3 edge;
in vec2 v_offset; in vec2 v_world; flat in vec2 v_turn; flat in vec2 v_size; flat in vec3 v_shape;
out vec4 frag;
void main() {
    // v_shape: corner radius, height above the felt, fade (1 on the felt, 0 over the floor)
    float h = v_shape.y;
    float contact = clamp(1.0 - h / 0.35, 0.0, 1.0);
    // a die on its edge or corner meets the felt along a line or at a point: its contact shadow is drawn
    // smaller and fainter than a face's (the whole footprint dark made a black ring around a rolling die)
    float tilt = clamp((v_shape.x - 0.1) / 0.3, 0.0, 1.0);
    float near = box(local(v_offset, v_turn), v_size - 0.02 - 0.3 * tilt * min(v_size.x, v_size.y), v_shape.x);
    float tight = contact * 0.6 * (1.0 - 0.75 * tilt) * (1.0 - smoothstep(-0.04, 0.06, near));
    float blur = 0.13 + 0.15 * h;
    float far = box(local(v_offset - fall * (0.15 + 0.35 * h), v_turn), v_size + 0.02 + 0.06 * h,
                    v_shape.x + blur * 0.5);
    float soft = 0.45 / (1.0 + 0.9 * h) * (1.0 - smoothstep(-blur, blur, far));
    vec2 past = abs(v_world) - edge.xy;
    float kept = smoothstep(0.0, 1.0, -max(past.x, past.y) / edge.z);
    frag = vec4(0.0, 0.0, 0.0, (1.0 - (1.0 - tight) * (1.0 - soft)) * v_shape.z * kept);
}
"""

_RING_FS = "#version 330\n" + _SDF + """
in vec2 v_offset; in vec2 v_world; flat in vec2 v_turn; flat in vec2 v_size; flat in vec3 v_shape;
uniform vec4 colors[4];
uniform vec2 felt;
out vec4 frag;
void main() {
    // v_shape: half line width, unused, which colour
    // a ring keeps within the felt: where it would run on past the felt's edge (over the rail's inner wall), it
    // runs along that edge instead, a whole ring still (cut off there, it had seemed to sink under the wood,
    // helper-49)
    vec2 out_by = abs(v_world) - felt;
    float d = max(box(local(v_offset, v_turn), v_size, 0.06), max(out_by.x, out_by.y) + v_shape.x);
    float aa = max(fwidth(d), 1e-4);
    float a = 1.0 - smoothstep(v_shape.x - aa, v_shape.x + aa, abs(d));
    frag = colors[int(v_shape.z + 0.5)] * a;
}
"""

_RESOLVE_VS = """#version 330
void main() { gl_Position = vec4(vec2(gl_VertexID % 2, gl_VertexID / 2) * 4.0 - 1.0, 0.0, 1.0); }
"""

_RESOLVE_FS = """#version 330
uniform sampler2DMS frame;
uniform int count;
out vec4 frag;
void main() {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < count; i++) sum += texelFetch(frame, ivec2(gl_FragCoord.xy), i);
    frag = sum / float(count);
}
"""

_Frame = tuple[moderngl.Framebuffer, moderngl.Framebuffer, moderngl.Texture | None]
"""The frame drawn into, the plain frame read back, and the multisampled colour between them (None without
multisampling: then the two frames are one)."""

_HIGHLIGHTS: tuple[Highlight, ...] = ("selected", "hover", "advised", "bust")


class GLDice:
    """An offscreen OpenGL renderer of the dice; made with :meth:`create`, reused every frame.

    The surface :meth:`render` returns holds premultiplied colour: blit it
    with ``special_flags=pygame.BLEND_PREMULTIPLIED``, which lays the dice's
    antialiased edges and their shadows cleanly over what is beneath.
    """

    def __init__(self, ctx: moderngl.Context, backend: str, samples: int = SAMPLES) -> None:
        self.ctx = ctx
        self.backend = backend
        """How the context was made: "default" (the platform's own) or "egl"."""
        self.renderer = str(ctx.info.get("GL_RENDERER", "unknown"))
        """The GL renderer's name (say "llvmpipe" for Mesa's software rasteriser)."""
        self.software = any(name in self.renderer.lower() for name in SOFTWARE)
        """Whether the renderer is software on the CPU (Settings may say so; its costs differ)."""
        self.samples = min(samples, int(ctx.max_samples))
        self._die = _die_program(ctx, quick=False)
        self._die_quick = _die_program(ctx, quick=True) if self.software else self._die
        self._shadow = ctx.program(vertex_shader=_FLAT_VS, fragment_shader=_SHADOW_FS)
        self._ring = ctx.program(vertex_shader=_FLAT_VS, fragment_shader=_RING_FS)
        self._die_inst = ctx.buffer(reserve=16 * 16 * 4, dynamic=True)
        self._dice = self._dice_mesh(ROUND_STEPS, self._die)
        self._dice_in_flight = self._dice_mesh(FLIGHT_STEPS, self._die_quick) if self.software else self._dice
        quad = np.array([-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1], dtype=np.float32)
        self._quad = ctx.buffer(quad.tobytes())
        self._shadow_inst = ctx.buffer(reserve=16 * 10 * 4, dynamic=True)
        self._ring_inst = ctx.buffer(reserve=16 * 10 * 4, dynamic=True)
        flat = ("3f 2f 2f 3f/i", "i_center", "i_turn", "i_size", "i_shape")
        self._shadows = ctx.vertex_array(self._shadow, [(self._quad, "2f", "in_corner"), (self._shadow_inst, *flat)])
        self._rings = ctx.vertex_array(self._ring, [(self._quad, "2f", "in_corner"), (self._ring_inst, *flat)])
        self._ring["colors"].value = [_premultiplied(RINGS[h][0]) for h in _HIGHLIGHTS]  # type: ignore[union-attr]
        self._ring["felt"].value = (TABLE.half_width, TABLE.half_depth)  # type: ignore[union-attr]
        edge = (TABLE.half_width + TABLE.rail, TABLE.half_depth + TABLE.rail, EDGE_FADE)
        for program in (self._die, self._die_quick, self._shadow):
            program["edge"].value = edge  # type: ignore[union-attr]
        for program in (self._die, self._die_quick):
            program["passing"].value = PASSING_FADE  # type: ignore[union-attr]
        self._marks: moderngl.TextureArray | None = None
        self._kept_marks: OrderedDict[tuple[str, int, bool], moderngl.TextureArray] = OrderedDict()
        """Marks drawn before, by skin, size and whether for dice in flight: a skin chosen again, or a window sized
        back, costs nothing."""
        self._frame: _Frame | None = None
        self._frame_size = (0, 0)
        self._flight: moderngl.Framebuffer | None = None
        """The frame of dice in flight on a software renderer (no multisampling), near the box's size."""
        resolve = ctx.program(vertex_shader=_RESOLVE_VS, fragment_shader=_RESOLVE_FS)
        resolve["count"].value = max(1, self.samples)  # type: ignore[union-attr]
        self._resolve = ctx.vertex_array(resolve, [])
        self.drawn = pygame.Rect(0, 0, 0, 0)
        """The part of the last surface rendered that holds anything (physical px)."""
        self._flush = _flusher(ctx)
        self._prepared: tuple[SkinName, float] | None = None
        self._ahead: tuple[pygame.Rect, tuple[int, int, int, int]] | None = None
        """Where the flight frame holds dice drawn ahead and not yet read back: the box and its viewport."""
        self._handed: tuple[pygame.Surface, pygame.Rect] | None = None
        """The picture last handed over while drawing ahead, and its box."""

    @classmethod
    def create(cls, *, samples: int = SAMPLES) -> GLDice | None:
        """A renderer on an offscreen OpenGL 3.3 context, or None where none can be had (never raises).

        The platform's own context is tried first, then EGL (which needs no
        display: a headless machine with Mesa gets llvmpipe).
        """
        # EGL first where it exists: it needs no window, and a GLX context made on the window's own X display
        # leaves that window black.
        for backend in (("egl", "default") if sys.platform.startswith("linux") else ("default",)):
            ctx = None
            try:
                ctx = standalone_context(backend)
                if ctx.version_code < 330:
                    raise RuntimeError(f"OpenGL {ctx.version_code} is older than 3.3")
                # (a context just made is current already; this says the renderer's objects are made on it)
                with ctx:
                    return cls(ctx, backend, samples)
            except Exception:
                # any failure here means no 3D view: the flat view draws the same poses
                if ctx is not None:
                    _quietly_release(ctx)
        return None

    def release(self) -> None:
        """Free the context and everything made on it."""
        _quietly_release(self.ctx)

    def prepare(self, skin: SkinName, camera: Camera, size_px: tuple[int, int], area: Area) -> None:
        """Draw ahead what the dice of ``skin`` at this size will need (their marks for flight and for rest), so
        that no throw waits for it: the first die to come to rest waited 60 ms here on llvmpipe, a visible
        stall as it landed. Costs nothing once drawn."""
        die_px = camera.unit * max(1, int(size_px[0])) / _rect(area)[2]
        if self._prepared == (skin, die_px):
            return  # (the table asks every frame; making the context current and back costs a frame 0.1 ms)
        self._prepared = (skin, die_px)
        with self.ctx:
            self._ensure_marks(skin, die_px)
            if self.software:
                self._ensure_marks(skin, die_px, quick=True)

    def render(self, poses: F32, layouts: Sequence[Layout], skin: SkinName, camera: Camera,
               size_px: tuple[int, int], area: Area,
               highlights: Sequence[Highlight | None] | None = None, *, moving: bool = False,
               tops: Sequence[tuple[int, int]] | None = None, falls: Sequence[float] | None = None) -> pygame.Surface:
        """The dice at ``poses`` (n, 7), drawn for a ``size_px`` area of the window covering the logical
        ``area``; transparent where there is neither die nor shadow, colour premultiplied.

        ``layouts`` gives the value on each die's faces, ``highlights`` a ring
        for each die (or None). A die fallen below the felt is drawn without a
        shadow; clipping it to the table is the caller's. :attr:`drawn` is then
        the part of the surface that holds anything. ``moving``: dice in flight,
        which a software renderer draws without multisampling (it costs it two
        thirds of the frame, and an edge in motion shows no steps), with fewer
        steps to their rounded edges, lit at their vertices, their marks drawn
        at their size without mipmaps; dice at rest are drawn once, in full,
        and then not again.

        ``tops``, for letter dice: which face of each die has its letter
        turned, and by how many quarter turns (see :func:`top_quarters`). By
        default the face on top now, turned to read upright; a die in flight
        is given the face it will rest on, turned as it will rest, so that no
        letter jumps a quarter turn when another face comes up.

        ``falls``: for each die, :data:`FALLS` when it is falling from the
        table, seen falling past its edge; :data:`PASSES` when it is brought in
        or taken off over a rail, fading over a wider band; else 0 (the others
        fade into the edge: past it is the window's edge).
        """
        w, h = max(1, int(size_px[0])), max(1, int(size_px[1]))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        part = self.render_part(poses, layouts, skin, camera, (w, h), area, highlights, moving=moving, tops=tops,
                                falls=falls)
        if part is not None:
            # adding to the cleared surface copies the pixels as they are (a plain blit would blend them)
            out.blit(part, self.drawn.topleft, special_flags=pygame.BLEND_RGBA_ADD)
        return out

    def render_part(self, poses: F32, layouts: Sequence[Layout], skin: SkinName, camera: Camera,
                    size_px: tuple[int, int], area: Area, highlights: Sequence[Highlight | None] | None = None, *,
                    moving: bool = False, tops: Sequence[tuple[int, int]] | None = None,
                    falls: Sequence[float] | None = None, ahead: bool = False) -> pygame.Surface | None:
        """Only the part of :meth:`render`'s surface that holds anything (None when nothing does); it goes at
        :attr:`drawn` in the area. The table blits this, not a whole area's surface mostly transparent.

        ``ahead``, for dice in flight on a software renderer: these poses are
        drawn and left to the renderer's own threads while the game goes on
        with its frame (waiting for them was half the frame); they are read
        back at the next call, and what this call returns is the picture the
        last one asked for. The dice are seen a frame late, all of them
        alike; the first call of a run waits for its own picture, and the
        second shows it again.
        """
        self.drawn = pygame.Rect(0, 0, 0, 0)
        # another context (a second renderer, a benchmark's baseline) may be current on this thread: GL names
        # are the context's own, and drawing with ours in theirs draws the wrong objects or crashes
        with self.ctx:
            return self._render(poses, layouts, skin, camera, size_px, area, highlights, moving=moving, tops=tops,
                                falls=falls, ahead=ahead)

    def _render(self, poses: F32, layouts: Sequence[Layout], skin: SkinName, camera: Camera,
                size_px: tuple[int, int], area: Area, highlights: Sequence[Highlight | None] | None, *,
                moving: bool, tops: Sequence[tuple[int, int]] | None,
                falls: Sequence[float] | None = None, ahead: bool = False) -> pygame.Surface | None:
        w, h = max(1, int(size_px[0])), max(1, int(size_px[1]))
        poses = np.ascontiguousarray(poses, dtype=np.float32).reshape(-1, 7)
        quick = moving and self.software
        flush = self._flush if ahead and quick else None
        if flush is None or poses.shape[0] == 0:
            self._ahead = self._handed = None  # (what was drawn ahead is let go)
        if poses.shape[0] == 0:
            return None
        ax, ay, aw, ah = _rect(area)
        rot = rotations(poses[:, 3:7])
        feet = footprints(poses, rot)
        shadows = _shadow_instances(poses, feet, falls)
        rings = _ring_instances(feet, highlights or [], camera.unit)
        # Only the box around what is drawn is rendered, resolved and read back: multisampling costs by the
        # pixel (a software renderer most of all), and six dice cover a small part of the table.
        box = _bounds(poses, shadows, rings, camera, area, (w, h))
        if box.w <= 0 or box.h <= 0:
            self._ahead = self._handed = None
            return None
        handed = self._read_ahead() if flush is not None else None
        self._ensure_marks(skin, camera.unit * w / aw, quick=quick)
        viewport = (0, 0, box.w, box.h)
        if quick:
            msaa = resolved = self._flight_frame(box.w, box.h)
            samples = None
            msaa.use()
            # the whole frame, which llvmpipe clears at half the cost of a part of it (that it draws)
            msaa.clear(0.0, 0.0, 0.0, 0.0, depth=1.0)
        else:
            msaa, resolved, samples = self._ensure_frame(box.w, box.h)
            msaa.use()
            msaa.clear(0.0, 0.0, 0.0, 0.0, depth=1.0, viewport=viewport)
        self.ctx.viewport = viewport
        part = (ax + box.x * aw / w, ay + box.y * ah / h, box.w * aw / w, box.h * ah / h)
        self._draw(poses, rot, layouts, skin, camera, projection(camera, part), shadows, rings, quick=quick,
                   tops=tops, falls=falls)
        if samples is not None:
            # resolved by a shader over the box alone (a framebuffer copy would resolve the whole frame)
            resolved.use()
            self.ctx.viewport = viewport
            self.ctx.disable(moderngl.BLEND | moderngl.DEPTH_TEST | moderngl.CULL_FACE)
            samples.use(0)
            self._resolve.render(moderngl.TRIANGLES, vertices=3)
        if flush is not None:
            flush()
            self._ahead = (box, viewport)
            handed = handed or self._handed or self._read_ahead()
            assert handed is not None  # (the picture just drawn, read back at once the first time)
            self._handed = handed
            self.drawn = handed[1]
            return handed[0]
        data = resolved.read(viewport=viewport, components=4, alignment=1)
        self.drawn = box
        return pygame.image.frombuffer(data, box.size, "BGRA")

    def _read_ahead(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The picture drawn ahead into the flight frame, read back (None when there is none)."""
        if self._ahead is None or self._flight is None:
            return None
        box, viewport = self._ahead
        self._ahead = None
        data = self._flight.read(viewport=viewport, components=4, alignment=1)
        return pygame.image.frombuffer(data, box.size, "BGRA"), box

    def _draw(self, poses: F32, rot: npt.NDArray[np.float64], layouts: Sequence[Layout], skin: SkinName,
              camera: Camera, matrix: F32, shadows: F32, rings: F32, *, quick: bool = False,
              tops: Sequence[tuple[int, int]] | None = None, falls: Sequence[float] | None = None) -> None:
        """The three instanced draws: shadows on the felt, the dice, then the rings over them (``quick``: the
        dice with fewer steps to their rounded edges, lit at their vertices, their marks without mipmaps)."""
        ctx = self.ctx
        n = poses.shape[0]
        mvp = matrix.T.copy()
        die = self._die_quick if quick else self._die
        for program in (die, self._shadow, self._ring):
            program["mvp"].write(mvp.tobytes())  # type: ignore[union-attr]
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self._ring["fall"].value = (0.0, 0.0)  # type: ignore[union-attr]
        if shadows.shape[0]:
            self._shadow["fall"].value = _cast()  # type: ignore[union-attr]
            _fill(self._shadow_inst, shadows)
            self._shadows.render(moderngl.TRIANGLES, instances=shadows.shape[0])
        ctx.disable(moderngl.BLEND)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        # the projection's rows run downward, which turns outward faces clockwise
        ctx.front_face = "cw"
        if skin != "greed":
            tops = [(-1, 0)] * n
        elif tops is None:
            tops = top_quarters(rot)
        inst = np.zeros((n, 16), dtype=np.float32)
        inst[:, 0:7] = poses
        inst[:, 7:13] = np.asarray(layouts, dtype=np.float32).reshape(n, 6)
        inst[:, 13:15] = np.asarray(tops, dtype=np.float32)
        if falls is not None:
            inst[:, 15] = np.asarray(falls, dtype=np.float32)
        _fill(self._die_inst, inst)
        assert self._marks is not None
        self._marks.use(0)
        die["marks"].value = 0  # type: ignore[union-attr]
        die["body"].value = tuple(c / 255 for c in SKIN_BODY.get(skin, BODY))  # type: ignore[union-attr]
        die["light"].value = LIGHT  # type: ignore[union-attr]
        die["eye"].value = (0.0, 0.0, camera.height)  # type: ignore[union-attr]
        (self._dice_in_flight if quick else self._dice).render(moderngl.TRIANGLES, instances=n)
        if rings.shape[0]:
            ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
            ctx.enable(moderngl.BLEND)
            _fill(self._ring_inst, rings)
            self._rings.render(moderngl.TRIANGLES, instances=rings.shape[0])

    def _dice_mesh(self, steps: int, program: moderngl.Program) -> moderngl.VertexArray:
        """The dice's vertex array with rounded edges of ``steps`` steps (one instance a die), drawn by
        ``program``."""
        verts, index = rounded_cube(steps=steps)
        return self.ctx.vertex_array(program, [
            (self.ctx.buffer(verts.tobytes()), "3f 3f 1f 2f", "in_pos", "in_normal", "in_face", "in_st"),
            (self._die_inst, "3f 4f 3f 3f 2f 1f/i", "i_center", "i_quat", "i_lay_a", "i_lay_b", "i_top", "i_fall"),
        ], index_buffer=self.ctx.buffer(index.tobytes()), index_element_size=4)

    def _ensure_marks(self, skin: SkinName, die_px: float, *, quick: bool = False) -> None:
        """The six faces' marks as a texture array, drawn when the skin or the die's size is new.

        Drawn at twice the die's size on screen and mipmapped, so a die at
        rest samples a level drawn near its own size (crisp), and a die seen
        at a slant is filtered rather than shimmering. The last few are kept
        (drawing and mipmapping one costs a software renderer 15 ms).
        ``quick``, for dice in flight on a software renderer: drawn at the
        die's own size, without mipmaps, which llvmpipe sets up for each draw
        (a fifth of a millisecond on the game's thread, a tenth of the frame);
        a tumbling die shows no difference.
        """
        px = int(min(512, max(64, 4 * math.ceil(die_px * 2 / 4))))
        if quick:
            px //= 2
        key = (skin, px, quick)
        kept = self._kept_marks.get(key)
        if kept is not None:
            self._kept_marks.move_to_end(key)
            self._marks = kept
            return
        if not pygame.font.get_init():
            pygame.font.init()
        layers = b"".join(pygame.image.tobytes(ink_image(skin, v, px), "RGBA_PREMULT") for v in range(1, 7))
        while len(self._kept_marks) >= KEPT_MARKS:
            self._kept_marks.popitem(last=False)[1].release()
        marks = self.ctx.texture_array((px, px, 6), 4, layers)
        if quick:
            marks.filter = (moderngl.LINEAR, moderngl.LINEAR)
        else:
            marks.build_mipmaps()
            marks.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
            # a software renderer filters anisotropically at a cost that triples the frame; a die at rest shows
            # its top face square on, where trilinear filtering is as crisp
            marks.anisotropy = 1.0 if self.software else min(16.0, float(self.ctx.max_anisotropy))
        marks.repeat_x = marks.repeat_y = False
        self._marks = self._kept_marks[key] = marks

    def _ensure_frame(self, w: int, h: int) -> _Frame:
        """Frames of at least ``w`` × ``h``: grown in steps of :data:`FRAME_STEP` as needed, never shrunk
        (a throw spreading over the felt makes a few, not one a frame; only the box drawn is touched)."""
        need = (FRAME_STEP * math.ceil(w / FRAME_STEP), FRAME_STEP * math.ceil(h / FRAME_STEP))
        have = self._frame_size
        if self._frame is not None and need[0] <= have[0] and need[1] <= have[1]:
            return self._frame
        size = (max(need[0], have[0]), max(need[1], have[1]))
        self._release_frame()
        ctx = self.ctx
        plain = ctx.framebuffer(ctx.renderbuffer(size, 4), ctx.depth_renderbuffer(size))
        if self.samples < 2:
            self._frame = (plain, plain, None)
        else:
            colour = ctx.texture(size, 4, samples=self.samples)
            msaa = ctx.framebuffer(colour, ctx.depth_renderbuffer(size, samples=self.samples))
            self._frame = (msaa, plain, colour)
        self._frame_size = size
        return self._frame

    def _flight_frame(self, w: int, h: int) -> moderngl.Framebuffer:
        """A frame of at least ``w`` × ``h`` and at most two steps of :data:`FRAME_STEP` more: each is cleared
        whole, so it stays near the box's size (made again a few times a throw)."""
        frame = self._flight
        if frame is not None and w <= frame.width <= w + 2 * FRAME_STEP and h <= frame.height <= h + 2 * FRAME_STEP:
            return frame
        if frame is not None:
            _release(frame)
        size = (FRAME_STEP * math.ceil(w / FRAME_STEP), FRAME_STEP * math.ceil(h / FRAME_STEP))
        self._flight = self.ctx.framebuffer(self.ctx.renderbuffer(size, 4), self.ctx.depth_renderbuffer(size))
        return self._flight

    def _release_frame(self) -> None:
        if self._frame is None:
            return
        for fbo in {self._frame[0], self._frame[1]}:
            _release(fbo)
        self._frame = None


def _release(frame: moderngl.Framebuffer) -> None:
    """Free a frame and what is attached to it."""
    for attachment in (*frame.color_attachments, frame.depth_attachment):
        if attachment is not None:
            attachment.release()
    frame.release()


def _shadow_instances(poses: F32, feet: F32, falls: Sequence[float] | None = None) -> F32:
    """Shadow quads for the dice above the table (none for a die falling past its edge or gone over it); a die
    brought in or taken off over a rail (``falls``: :data:`PASSES`) casts one as faint as it is drawn."""
    fade = np.clip((poses[:, 2] - FALLEN_SHADOW) / (0.5 - FALLEN_SHADOW), 0.0, 1.0)
    if falls is not None:
        # (as the dice's shader fades such a die, as a whole: its full shadow on the rail, the die still unseen,
        # came in ahead of it as a dark square)
        passing = np.asarray(falls, dtype=np.float32)[: len(poses)] == PASSES
        mid = np.maximum(np.abs(poses[:, 0]) - (TABLE.half_width + TABLE.rail),
                         np.abs(poses[:, 1]) - (TABLE.half_depth + TABLE.rail))
        u = np.clip((-mid - 0.25) / (EDGE_FADE * PASSING_FADE), 0.0, 1.0)
        fade = np.where(passing, fade * u * u * (3.0 - 2.0 * u), fade)
    # and none for a die gone over the table's outer edge (its shadow lay on the rail after it)
    past = np.maximum(np.abs(poses[:, 0]) - (TABLE.half_width + TABLE.rail),
                      np.abs(poses[:, 1]) - (TABLE.half_depth + TABLE.rail))
    fade *= np.clip((0.3 - past) / 0.6, 0.0, 1.0)
    keep = fade > 0.0
    out = np.zeros((int(keep.sum()), 10), dtype=np.float32)
    out[:, 0:2] = feet[keep, 0:2]
    out[:, 3:9] = feet[keep, 2:8]
    out[:, 9] = fade[keep]
    return out


def _reach(rows: F32, *, ring: bool = False) -> npt.NDArray[np.float32]:
    """How far from its middle each shadow's (or ``ring``'s) quad reaches at most, die units (the flat
    shader's own sums): its turned footprint, and for a shadow the soft edge round it (wider the higher the
    die) or, on the felt, the contact shadow's offset from it."""
    c, s = np.abs(rows[:, 3]), np.abs(rows[:, 4])
    extent = np.maximum(rows[:, 5] * c + rows[:, 6] * s, rows[:, 5] * s + rows[:, 6] * c)
    h = rows[:, 8]
    pad = np.full_like(h, 0.22) if ring else np.where(h < 0.35, 0.21 + 0.35 * h, 0.15 + 0.21 * h)
    return np.asarray(extent + pad, dtype=np.float32)


def _shift(height: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """Where a shadow's quad is centred, from its die's middle (x, y per row): away from the light, further
    the higher the die."""
    return np.outer(0.15 + 0.35 * np.asarray(height, dtype=np.float64), _cast())


def _bounds(poses: F32, shadows: F32, rings: F32, camera: Camera, area: Area, size: tuple[int, int]) -> pygame.Rect:
    """The pixels of the area that the dice, their shadows and their rings may touch (within ``size``)."""
    reach = float(np.sqrt(3) / 2)
    shift = _shift(shadows[:, 8])
    x = np.concatenate([poses[:, 0], poses[:, 0], shadows[:, 0] + shift[:, 0], rings[:, 0]])
    y = np.concatenate([poses[:, 1], poses[:, 1], shadows[:, 1] + shift[:, 1], rings[:, 1]])
    z = np.concatenate([poses[:, 2] + reach, poses[:, 2] - reach, shadows[:, 2], rings[:, 2]])
    # a die's sphere seen at its top and its bottom height, so the box holds it wherever it is on the screen
    big = np.concatenate([poses[:, 2] + reach, poses[:, 2] + reach, shadows[:, 2], rings[:, 2]])
    r = np.concatenate([np.full(2 * poses.shape[0], reach),
                        _reach(shadows), _reach(rings, ring=True)])
    k = camera.unit * camera.height / np.maximum(1e-3, camera.height - z)
    half = r * camera.unit * camera.height / np.maximum(1e-3, camera.height - big)
    sx, sy = camera.center[0] + x * k, camera.center[1] - y * k
    ax, ay, aw, ah = _rect(area)
    fx, fy = size[0] / aw, size[1] / ah
    left = max(0, math.floor((float((sx - half).min()) - ax) * fx) - 1)
    top = max(0, math.floor((float((sy - half).min()) - ay) * fy) - 1)
    right = min(size[0], math.ceil((float((sx + half).max()) - ax) * fx) + 1)
    bottom = min(size[1], math.ceil((float((sy + half).max()) - ay) * fy) + 1)
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


def _ring_instances(feet: F32, highlights: Sequence[Highlight | None], unit: float) -> F32:
    """Ring quads for the highlighted dice, level with each die's top."""
    rows = []
    for i, mark in enumerate(highlights):
        if mark is None or i >= feet.shape[0]:
            continue
        _color, grow, width = RINGS[mark]
        x, y, c, s, half_w, half_d, _r, _h, top = (float(v) for v in feet[i])
        rows.append((x, y, top, c, s, half_w * grow, half_d * grow, 0.5 * width / unit, 0.0,
                     float(_HIGHLIGHTS.index(mark))))
    return np.array(rows, dtype=np.float32).reshape(-1, 10)


def _cast() -> tuple[float, float]:
    """Which way shadows fall on the felt: away from the light."""
    length = math.hypot(LIGHT[0], LIGHT[1])
    return (-LIGHT[0] / length, -LIGHT[1] / length)


def _premultiplied(rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """A ring's colour as the frame stores it: premultiplied, in the byte order the surface reads (BGRA)."""
    return (rgb[2] / 255, rgb[1] / 255, rgb[0] / 255, 1.0)


def _fill(buffer: moderngl.Buffer, rows: F32) -> None:
    data = np.ascontiguousarray(rows, dtype=np.float32).tobytes()
    if len(data) > buffer.size:
        buffer.orphan(len(data) * 2)
    buffer.write(data)


def standalone_context(backend: str) -> moderngl.Context:
    """An offscreen OpenGL 3.3 context: ``"egl"`` (no display needed) or ``"default"`` (the platform's own)."""
    if backend == "egl":
        # the stubs type ``backend`` wrongly (a dict); the library takes the backend's name
        return moderngl.create_context(standalone=True, require=330, backend="egl")  # type: ignore[arg-type]
    return moderngl.create_context(standalone=True, require=330)


def _flusher(ctx: moderngl.Context) -> Callable[[], None] | None:
    """The context's glFlush, which moderngl does not offer: it sets the renderer to work on what was drawn and
    returns at once (None where the context's loader cannot give it: then nothing is drawn ahead)."""
    try:
        address = ctx.mglo._context.load("glFlush")
    except Exception:
        return None
    return ctypes.CFUNCTYPE(None)(address) if address else None


def _quietly_release(ctx: moderngl.Context) -> None:
    # a context that failed half way may not release cleanly; there is nothing left to free
    with contextlib.suppress(Exception):
        ctx.release()
