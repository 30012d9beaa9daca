"""How a die looks in the flat view: a sprite seen from above, part way through a roll, moving to the tray.

On the felt a die's pose comes from the physics' film (see
:mod:`greed_game.app.scenes.felt`): the face most nearly up, the face rolling
up next and how far the die has turned towards it. A roll is drawn as a cube
rolling over: the top face narrows while the next one widens.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import STAGE, Canvas, clipped
from greed_game.app.skins import SkinName, body_image, face_image, ink_image, shadow_image
from greed_game.i18n import _


def opposite(face: int) -> int:
    """The face on the other side of a standard die."""
    return 7 - face


def adjacent(a: int, b: int) -> bool:
    """Whether faces ``a`` and ``b`` share an edge."""
    return a != b and b != opposite(a)


class Tumble:
    """The faces a rolling die shows, ending on ``target``."""

    def __init__(self, target: int, rng: random.Random) -> None:
        self.target = target
        self.rng = rng
        self.top = rng.randint(1, 6)
        self.next = self._random_next()
        self.phase = 0.0
        self.settling = False
        self.done = False

    def _random_next(self) -> int:
        return self.rng.choice([f for f in range(1, 7) if adjacent(self.top, f)])

    def _next_towards_target(self) -> int:
        if adjacent(self.top, self.target):
            return self.target
        return self.rng.choice([f for f in range(1, 7) if adjacent(self.top, f) and adjacent(f, self.target)])

    def settle(self) -> None:
        """Head for the final face from the next quarter turn on."""
        if not self.settling:
            self.settling = True
            if self.phase == 0.0:
                self._start_turn()

    def _start_turn(self) -> None:
        if self.settling:
            if self.top == self.target:
                self.done = True
                self.phase = 0.0
                return
            self.next = self._next_towards_target()
        else:
            self.next = self._random_next()

    def advance(self, quarters: float) -> bool:
        """Turn by ``quarters`` quarter turns; True when a face came to the top."""
        if self.done or quarters <= 0:
            return False
        self.phase += quarters
        flipped = False
        while self.phase >= 1.0 and not self.done:
            self.phase -= 1.0
            self.top = self.next
            flipped = True
            self._start_turn()
        if self.done:
            self.phase = 0.0
        return flipped

    def finish(self) -> None:
        """Show the final face at once."""
        self.top = self.target
        self.phase = 0.0
        self.settling = self.done = True


Place = Literal["table", "tray", "gone"]


@dataclass
class Tween:
    """A straight move of a die from one pose to another."""

    start: tuple[float, float, float, float]
    end: tuple[float, float, float, float]
    """``(x, y, angle, size)`` at the start and at the end."""
    duration: float
    t: float = 0.0
    lift: float = 0.0
    """How high (logical pixels) the die is lifted half way: a die picked up off the felt rises over the others."""

    def _done(self) -> float:
        """How much of the move is done, 0 to 1 (0 while ``t`` is below 0: a wait before the move)."""
        return 1.0 if self.duration <= 0 else min(1.0, max(0.0, self.t) / self.duration)

    def pose(self) -> tuple[float, float, float, float]:
        """The pose now (eased)."""
        return self.at(self._done())

    def at(self, u: float) -> tuple[float, float, float, float]:
        """The pose ``u`` (0 to 1) of the way along the move (eased); the size stays near the smaller end's until
        near the larger end: dice going from the tray's close slots to a row's wide ones (or back) had grown
        before they drew apart and were carried through one another (helper-44)."""
        u = u * u * (3 - 2 * u)
        (x0, y0, a0, s0), (x1, y1, a1, s1) = self.start, self.end
        grown = u * u if s1 > s0 else 1 - (1 - u) * (1 - u)
        return x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, a0 + (a1 - a0) * u, s0 + (s1 - s0) * grown

    def height(self) -> float:
        """How high the die is now: up and down again along the way, highest half way; lifted before it is
        carried far, set down once there (rising as it went, a kept die had slid over a die lying beside it as if
        through it, helper-46)."""
        return self.lift * float(math.sin(math.pi * self._done()) ** 0.75)

    @property
    def finished(self) -> bool:
        return self.t >= self.duration

    def quicken(self, left: float) -> None:
        """Finish within ``left`` seconds from here, on the same way on (a wait before the move is cut)."""
        if self.t <= 0:
            self.t, self.duration = 0.0, min(self.duration, left)
            return
        u = self._done()
        if u < 1 and self.duration - self.t > left:
            self.duration = left / (1 - u)
            self.t = u * self.duration


SHAKE = 0.36
"""How long a refused die shakes, seconds."""
SHAKE_PX = 6.0
"""How far a refused die shakes at first, logical pixels."""
SHAKES = 3
"""How many times a refused die shakes from side to side."""


class DieView:
    """One die as the player sees it."""

    def __init__(self, value: int, size: float, rng: random.Random) -> None:
        self.value = value
        self.size = size
        self.base = size
        """The size the faces are drawn at (``size`` changes on the way to the tray)."""
        self.tumble = Tumble(value, rng)
        self.tumble.finish()
        self.axis = 0
        self.place: Place = "table"
        self.selected = False
        self.label = 0
        self.ident = 0
        """The flow's id of this die while it lies on the felt (the command a click sends names it)."""
        self.x, self.y, self.angle = 0.0, 0.0, 0.0
        self.z = 0.0
        self.moving = False
        """The die is in flight or rolling (a film is playing)."""
        self.tween: Tween | None = None
        self.lean: tuple[float, float] | None = None
        """Direction a cocked die tilts towards (a void throw), or None."""
        self.lean_amount = 0.0
        self.shake = 0.0
        """Seconds left of a refusal's shake (see :meth:`nudge`)."""
        self.alpha = 255
        self.pose: tuple[float, ...] | None = None
        """On the felt, the physics' pose (x, y, z, then the rotation i, j, k, w) the 3D view draws."""
        self.layout: tuple[int, int, int, int, int, int] | None = None
        """On the felt, the value on each of the die's faces (see :mod:`greed_game.physics.faces`)."""

    @property
    def at_rest(self) -> bool:
        """Whether the die lies still showing its value."""
        return not self.moving and self.tween is None

    @property
    def showing(self) -> int:
        """The face on top now."""
        return self.tumble.top

    def move_to(self, x: float, y: float, angle: float, size: float, duration: float, *, lift: float = 0.0,
                after: float = 0.0) -> None:
        """Glide to a pose (to the tray) ``after`` seconds from now, ``lift`` pixels up half way; at once when
        ``duration`` is 0."""
        if duration <= 0:
            self.x, self.y, self.angle, self.size = x, y, angle, size
            self.tween = None
            return
        self.tween = Tween((self.x, self.y, self.angle, self.size), (x, y, angle, size), duration, t=-after,
                           lift=lift)

    def nudge(self) -> float:
        """How far (logical pixels, to the right) a refused die is shaken off its place now: a few quick
        shakes from side to side, dying away."""
        if self.shake <= 0:
            return 0.0
        done = SHAKE - self.shake
        return SHAKE_PX * (self.shake / SHAKE) * math.sin(done * math.tau * SHAKES / SHAKE)

    def update(self, dt: float) -> None:
        """Glide on the way to the tray; a refusal's shake dies away."""
        self.shake = max(0.0, self.shake - dt)
        if self.tween is not None:
            self.tween.t += dt
            self.x, self.y, self.angle, self.size = self.tween.pose()
            self.z = self.tween.height()
            if self.tween.finished:
                self.tween = None
                self.z = 0.0

    def contains(self, pos: tuple[float, float]) -> bool:
        """Whether a logical point is on the die (for clicks)."""
        dx, dy = pos[0] - self.x, pos[1] - self.y
        c, s = math.cos(-self.angle), math.sin(-self.angle)
        lx, ly = dx * c - dy * s, dx * s + dy * c
        half = self.size * 0.56
        return abs(lx) <= half and abs(ly) <= half

    def corners(self, grow: float = 1.0, lift: float = 0.0) -> list[tuple[float, float]]:
        """The die's outline on the stage (``lift`` raises it on screen)."""
        h = self.size * 0.5 * grow
        c, s = math.cos(self.angle), math.sin(self.angle)
        y = self.y - lift
        return [(self.x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in ((-h, -h), (h, -h), (h, h), (-h, h))]


def shake(dice: Sequence[DieView], ids: Collection[int]) -> None:
    """Shake the dice among ``dice`` whose ids are ``ids`` (dice refused: they may not be kept)."""
    for d in dice:
        if d.ident in ids:
            d.shake = SHAKE


ANGLE_STEP = 1.0
"""Degrees between the turns a die's sprite is drawn at (sprites are cached by their pose)."""
PHASE_STEPS = 16
"""Poses drawn of a quarter roll."""
SPRITE_BYTES = 48 * 2**20
"""Memory the cache of rotated sprites may take."""


class SpriteCache:
    """Finished die sprites by pose, least recently used dropped once they pass a memory budget.

    A die that slides, spins or rolls through poses already drawn (in this
    throw or an earlier one) costs a blit, not a rescale and a rotation.
    """

    def __init__(self, budget: int = SPRITE_BYTES) -> None:
        self.budget = budget
        self.bytes = 0
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The sprite for ``key``, built on a miss."""
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
            return image
        image = build()
        self._images[key] = image
        self.bytes += _size(image)
        while self.bytes > self.budget and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self.bytes -= _size(old)
        return image

    def __len__(self) -> int:
        return len(self._images)


def _size(image: pygame.Surface) -> int:
    return image.get_width() * image.get_height() * image.get_bytesize()


SPRITES = SpriteCache()


def glyph_quarter(skin: SkinName, degrees: float) -> int:
    """Quarter turns (anticlockwise) to give a face's marks on a die turned ``degrees`` so that they read
    within 45° of upright.

    Letters are read, so a letter die shows its letter from the side nearest
    the top of the screen: never on its side, never upside down (a D turned
    over looks mirrored). Pips are not read that way and stay as printed.
    """
    if skin != "greed":
        return 0
    return -round(degrees / 90) % 4


def fold(degrees: float) -> float:
    """How far from upright a letter on a die turned ``degrees`` is drawn, within ±45°."""
    return degrees - 90 * round(degrees / 90)


def _roll_widths(px: int, steps: int) -> tuple[int, int]:
    """Widths of the face going (``wa``) and the face coming (``wb``) part way through a quarter roll."""
    phi = steps / PHASE_STEPS * math.pi / 2
    return max(1, round(px * math.cos(phi))), max(1, round(px * math.sin(phi)))


def _shade(steps: int, coming: bool) -> int:
    """How lit a face is part way through a roll (255: fully), the one coming up or the one going."""
    phi = steps / PHASE_STEPS * math.pi / 2
    light = math.sin(phi) if coming else math.cos(phi)
    return max(0, min(255, int(255 * (0.62 + 0.38 * light))))


@lru_cache(maxsize=128)
def _roll_body(px: int, steps: int) -> pygame.Surface:
    """The body of a die part way through a quarter roll: two shaded sides and the edge between them."""
    wa, wb = _roll_widths(px, steps)
    image = pygame.transform.smoothscale(body_image(px, px), (wa + wb, px))
    for x, w, k in ((0, wb, _shade(steps, True)), (wb, wa, _shade(steps, False))):
        if k < 255:
            image.fill((k, k, k), pygame.Rect(x, 0, w, px), special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.line(image, (150, 140, 124), (wb, 2), (wb, px - 3))
    return image


@lru_cache(maxsize=512)
def _roll_ink(skin: SkinName, face: int, px: int, quarter: int, steps: int, coming: bool) -> pygame.Surface:
    """A face's marks narrowed and shaded as its side of a rolling die (shading the marks and the body alike
    is the same as shading the finished side)."""
    wa, wb = _roll_widths(px, steps)
    image = pygame.transform.smoothscale(ink_image(skin, face, px, quarter), (wb if coming else wa, px))
    k = _shade(steps, coming)
    if k < 255:
        image.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)
    return image


def _rolling_image(skin: SkinName, top: int, nxt: int, phase: float, px: int, quarter: int = 0) -> pygame.Surface:
    """One die rolling over towards +x, seen from above: the next face rises on the left
    while the top face tilts away on the right; the block looks wider mid-roll.

    The faces' marks are turned ``quarter`` quarter turns (see :func:`glyph_quarter`); ``phase`` is
    taken to the nearest of :data:`PHASE_STEPS` poses."""
    steps = min(PHASE_STEPS - 1, max(1, round(phase * PHASE_STEPS)))
    image = _roll_body(px, steps).copy()
    blend = pygame.BLEND_ALPHA_SDL2  # transparent marks leave the body as it is (see skins.face_image)
    image.blit(_roll_ink(skin, nxt, px, quarter, steps, True), (0, 0), special_flags=blend)
    image.blit(_roll_ink(skin, top, px, quarter, steps, False), (_roll_widths(px, steps)[1], 0), special_flags=blend)
    return image


def _turned(image: pygame.Surface, degrees: float, zoom: float) -> pygame.Surface:
    """``image`` turned with filtering and zoomed (a whole quarter turn unzoomed is exact, not filtered:
    the filter would blur it and shift it by a pixel)."""
    if degrees % 90 == 0 and abs(zoom - 1.0) < 1e-3:
        return pygame.transform.rotate(image, degrees)
    return pygame.transform.rotozoom(image, degrees, zoom)


def _turned_small(image: pygame.Surface, degrees: float, zoom: float) -> pygame.Surface:
    """``image`` (drawn small) turned with filtering, then zoomed up smoothly: the turn, which costs by the
    pixel, is done at the small size."""
    turned = pygame.transform.rotozoom(image, degrees, 1.0)
    w, h = turned.get_size()
    return pygame.transform.smoothscale(turned, (max(1, round(w * zoom)), max(1, round(h * zoom))))


ROLL_PX = 96
"""Largest size, physical pixels, a rolling die is drawn at before it is zoomed to its own size: in a
large window a die in mid-roll is drawn small and zoomed up (it moves too fast for the detail to show);
at rest it is drawn at full size."""


def die_sprite(canvas: Canvas, skin: SkinName, die: DieView) -> pygame.Surface:
    """The die drawn at its current pose, rotated, in physical pixels.

    Faces are drawn once at the die's own size; height and the glide to the
    tray only zoom the finished sprite. Sprites are kept by pose (turn to a
    degree, roll to a sixteenth of a quarter, zoom to a sixty-fourth), so the
    frame's cost stays a few blits however large the window.
    """
    px = canvas.px(die.base)
    zoom = round(die.size / die.base * (1 + die.z / 320) * 64) / 64
    t = die.tumble
    degrees = round(-math.degrees(die.angle) / ANGLE_STEP) * ANGLE_STEP % 360
    if t.phase > 0.0:
        return _rolled(skin, t.top, t.next, t.phase, die.axis, degrees, zoom, px)
    if die.lean is not None and die.lean_amount > 0:
        phase = 0.36 * die.lean_amount
        local = math.atan2(die.lean[1], die.lean[0]) - die.angle
        axis = round(local / (math.pi / 2)) % 4
        side = next(f for f in range(1, 7) if adjacent(die.showing, f))
        return _rolled(skin, die.showing, side, phase, axis, degrees, zoom, px)
    quarter = glyph_quarter(skin, degrees)
    key = ("face", skin, t.top, quarter, px, degrees, zoom)
    return SPRITES.get(key, lambda: _turned(face_image(skin, t.top, px, quarter), degrees, zoom))


def _rolled(skin: SkinName, top: int, nxt: int, phase: float, axis: int, degrees: float, zoom: float,
            px: int) -> pygame.Surface:
    """A die part way through a quarter roll along its ``axis``, turned ``degrees`` on screen."""
    steps = min(PHASE_STEPS - 1, max(1, round(phase * PHASE_STEPS)))
    # the rolling image lies along the roll: its marks turn by the axis to stay with the die
    quarter = (glyph_quarter(skin, degrees) + axis) % 4
    key = ("roll", skin, top, nxt, steps, axis, px, degrees, zoom, quarter)

    def build() -> pygame.Surface:
        if px >= ROLL_PX * 1.5:
            image = _rolling_image(skin, top, nxt, steps / PHASE_STEPS, ROLL_PX, quarter)
            return _turned_small(image, degrees - 90 * axis, zoom * px / ROLL_PX)
        image = _rolling_image(skin, top, nxt, steps / PHASE_STEPS, px, quarter)
        return _turned(image, degrees - 90 * axis, zoom)

    return SPRITES.get(key, build)


PICKED_LIFT = 4.0
"""How far (logical pixels) a picked die is drawn raised off the felt, flat."""
LIFT_SHADOW = 70.0
"""How high (logical pixels) a carried die is when its shadow has faded away."""
BADGE_R = 11.0
"""Radius of a die's key badge, logical pixels."""
BADGE_MIN_PX = 10.5
"""The smallest a badge's radius gets in window pixels (a small window shrinks the table, not its keys)."""


def badge_radius(canvas: Canvas) -> float:
    """A badge's radius in logical pixels at the canvas's scale."""
    return max(BADGE_R, BADGE_MIN_PX / canvas.scale)
_BADGE_SPOTS = ((1, 1), (-1, 1), (1, -1), (-1, -1), (1.25, 0), (0, 1.25), (-1.25, 0), (0, -1.25))
"""Where a badge may sit, in half die sizes from the centre: the lower right corner first."""


def badge_spot(die: DieView, neighbours: Sequence[DieView] | None = None,
               inside: pygame.Rect | None = None, taken: Sequence[tuple[float, float]] = (),
               r: float = BADGE_R) -> tuple[float, float]:
    """Where ``die``'s key badge goes: the first of its corners (lower right first) that no other die covers.

    The other dice are ``neighbours`` when given. A spot is free when the badge's disc keeps clear of every
    other die, of the badges already placed at ``taken``, and of the rails when ``inside`` (the felt) is given
    (a die against the rail keeps its badge off the name plates there); when none is, the one least covered is
    taken.
    """
    if neighbours is not None:
        others = [(d.x, d.y, d.angle, d.size) for d in neighbours
                  if d is not die and d.place == "table" and d.alpha > 0]
    else:
        others = []
    # (a badge held to its least size in a small window is larger beside the die: set out by as much, it kept
    # off the corner's pip)
    half = die.size * 0.5 + max(0.0, r - BADGE_R)
    best, best_cover = (die.x + half, die.y + half), math.inf
    for sx, sy in _BADGE_SPOTS:
        x, y = die.x + sx * half, die.y + sy * half
        cover = sum(_overlap(other, x, y, r + 3) for other in others)
        cover += sum(max(0.0, 2 * r + 3 - math.dist((x, y), spot)) for spot in taken)
        if inside is not None and not inside.inflate(-2 * r, -2 * r).collidepoint(x, y):
            cover += die.size  # off the felt counts as deep as being under another die
        if cover <= 0:
            return (x, y)
        if cover < best_cover:
            best, best_cover = (x, y), cover
    return best


def _overlap(square: tuple[float, float, float, float], x: float, y: float, r: float) -> float:
    """How deep a disc at ``(x, y)`` of radius ``r`` reaches into a die ``(x, y, angle, size)`` (0 when
    clear)."""
    cx, cy, angle, size = square
    dx, dy = x - cx, y - cy
    c, s = math.cos(-angle), math.sin(-angle)
    lx, ly = dx * c - dy * s, dx * s + dy * c
    half = size * 0.5
    qx, qy = max(0.0, abs(lx) - half), max(0.0, abs(ly) - half)
    return max(0.0, r - math.hypot(qx, qy))


def draw_badge(canvas: Canvas, die: DieView, neighbours: Sequence[DieView] | None = None,
               inside: pygame.Rect | None = None, taken: list[tuple[float, float]] | None = None) -> None:
    """The die's key (1–6) on a small keycap at a corner no other die covers (within ``inside``, if given), nor
    another badge of ``taken`` (to which this one's spot is added)."""
    if not die.label or die.place == "gone":
        return
    lift = PICKED_LIFT if die.selected else 0.0
    r = badge_radius(canvas)
    bx, by = badge_spot(die, neighbours, inside, taken or (), r)
    if taken is not None:
        taken.append((bx, by))
    by -= lift
    # Drawn as a key on a keyboard, its side showing below its top: a number in a disc beside a die was read as
    # the die's value.
    half, side = r, r * 0.22
    canvas.box((bx - half, by - half + side, 2 * half, 2 * half), (6, 8, 10), radius=r * 0.3)
    canvas.box((bx - half, by - half, 2 * half, 2 * half), (40, 44, 52), radius=r * 0.3, border=1.2,
               border_color=theme.GOLD if die.selected else (120, 124, 132))
    canvas.text(str(die.label), (bx, by + 0.5), 12 * r / BADGE_R, theme.TEXT, font="bold", anchor="center")


COCKED_TAG = (84, 26)
"""Size of the "cocked" tag, logical pixels."""
COCKED_RING = 0.8
"""Radius of the round warning ring around a cocked die drawn in 3D, in die sizes."""


def cocked_tag_center(die: DieView, inside: pygame.Rect | None = None,
                      others: Sequence[DieView] = ()) -> tuple[float, float]:
    """Where the "cocked" tag of a leaning die goes: on the side away from what it leans against.

    A die cocked against a rail gets its tag towards the middle of the felt,
    never over the rail and the name plates on it; one cocked against a die
    keeps its tag off that die. When that side would take the tag off
    ``inside`` (the felt: a die near a rail leaning away from it) or over one
    of the ``others`` dice, the tag goes to the die's left or right, and only
    as a last resort over what it leans on; where every side is taken, the
    one least covered.
    """
    lx, ly = die.lean if die.lean is not None else (0.0, 1.0)
    # how far the warning ring around the turned die reaches along either axis
    ring = die.size * 0.5 * 1.3 * (abs(math.cos(die.angle)) + abs(math.sin(die.angle)))
    across, down = ring + COCKED_TAG[0] / 2 + 4, ring + COCKED_TAG[1] / 2 + 4
    if abs(ly) >= abs(lx):
        away, back = math.copysign(1.0, -ly), math.copysign(1.0, ly)
        spots = [(die.x, die.y + away * down), (die.x + across, die.y), (die.x - across, die.y),
                 (die.x, die.y + back * down)]
    else:
        away, back = math.copysign(1.0, -lx), math.copysign(1.0, lx)
        spots = [(die.x + away * across, die.y), (die.x, die.y - down), (die.x, die.y + down),
                 (die.x + back * across, die.y)]
    room = inside.inflate(-6, -6) if inside is not None else None
    squares = [(d.x, d.y, d.angle, d.size) for d in others if d is not die and d.place == "table" and d.alpha > 0]
    # the tag as three discs along its length, each as high as the tag
    half = COCKED_TAG[1] / 2
    reach = COCKED_TAG[0] / 2 - half
    best, best_cover = spots[0], math.inf
    for x, y in spots:
        tag = pygame.Rect(0, 0, *COCKED_TAG)
        tag.center = (round(x), round(y))
        if room is not None and not room.contains(tag):
            continue
        cover = sum(_overlap(square, x + dx, y, half) for square in squares for dx in (-reach, 0.0, reach))
        if cover <= 0:
            return (x, y)
        if cover < best_cover:
            best, best_cover = (x, y), cover
    return best


def draw_die(canvas: Canvas, skin: SkinName, die: DieView, *, hover: bool = False, show_label: bool = False,
             neighbours: Sequence[DieView] | None = None, inside: pygame.Rect | None = None,
             taken: list[tuple[float, float]] | None = None) -> None:
    """Draw a die with its shadow, selection ring and keyboard label.

    The label goes to a corner no other die covers (the ``neighbours`` given,
    else the dice in the die's physical world); :func:`draw_badge` draws
    labels on their own, after every die, so no die drawn later can touch one.
    """
    if die.place == "gone" or die.alpha <= 0:
        return
    lift = PICKED_LIFT if die.selected else 0.0
    z = die.z + lift
    px = canvas.px(die.size)
    degrees = -math.degrees(die.angle)
    shadow_key = ("shadow", px, round(degrees % 90 / 3) * 3)
    shadow = canvas.cached(shadow_key, lambda: pygame.transform.rotate(shadow_image(px), shadow_key[2]))
    off = 3 + z * 0.45
    if z > LIFT_SHADOW / 4 or die.alpha < 255:
        # a die carried high casts a fainter shadow (it fell as a dark square on the tray's panel); a fading die's
        # fades with it (left dark, it had greyed the die drawn under it)
        shadow = shadow.copy()
        # (faded as the cube of the die's own: under a die half seen it is the other die's shadow that shows)
        shadow.set_alpha(round(255 * max(0.0, 1.0 - z / LIFT_SHADOW) * (die.alpha / 255) ** 3))
    canvas.blit(shadow, (die.x + off, die.y + off * 1.3))
    sprite = die_sprite(canvas, skin, die)
    if die.alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(die.alpha)
    canvas.blit(sprite, (die.x, die.y - lift))
    if die.selected or hover:
        ring = die.corners(1.14, lift)
        # the ring lies on the felt: the rail's inner wall hides what would run past it
        with clipped(canvas, inside if inside is not None else STAGE):
            canvas.polygon(theme.GOLD if die.selected else (255, 255, 255), ring, 3 if die.selected else 2)
    draw_cocked(canvas, die, inside=inside, others=neighbours or ())
    if show_label:
        draw_badge(canvas, die, neighbours, inside, taken)


def draw_cocked(canvas: Canvas, die: DieView, word: str | None = None, inside: pygame.Rect | None = None,
                others: Sequence[DieView] = (), *, round_ring: bool = False) -> None:
    """A die that makes its throw void: a warning ring and a tag saying why (kept within ``inside``, if
    given, and off the ``others`` dice where it can be).

    ``round_ring`` for a die drawn in 3D: a cocked die's outline there is no
    square the sprite's turn describes, and a circle round it fits whatever
    way it leans.
    """
    if die.lean is None or die.lean_amount <= 0:
        return
    # (drawn thick enough to be seen in a small window: a 1-pixel ring was lost among the dice)
    if round_ring:
        canvas.circle(theme.WARN, (die.x, die.y), die.size * COCKED_RING, 3)
    else:
        canvas.polygon(theme.WARN, die.corners(1.3), 3)
    tag_x, tag_y = cocked_tag_center(die, inside, others)
    canvas.box(pygame.Rect(round(tag_x - COCKED_TAG[0] / 2), round(tag_y - COCKED_TAG[1] / 2), *COCKED_TAG),
               (30, 24, 10), radius=13, border=2, border_color=theme.WARN)
    canvas.text(_("cocked") if word is None else word, (tag_x, tag_y), 16, theme.WARN, font="bold", anchor="center",
                max_width=COCKED_TAG[0] - 10)


def draw_upright(canvas: Canvas, skin: SkinName, face: int, center: tuple[float, float], size: float, *,
                 alpha: int = 255) -> None:
    """A die lying straight (tray, menus, previews); ``alpha`` below 255: fading."""
    px = canvas.px(size)
    shadow, image = shadow_image(px), face_image(skin, face, px)
    if alpha < 255:
        shadow, image = shadow.copy(), image.copy()  # (the images are shared)
        shadow.set_alpha(alpha)
        image.set_alpha(alpha)
    canvas.blit(shadow, (center[0] + 2, center[1] + 3))
    canvas.blit(image, center)
