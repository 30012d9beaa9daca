"""How a die looks: tumbling through faces, coming to rest on its value, moving to the tray.

The value a die ends on is given (it comes from the rules core); the
:class:`Tumble` only chooses which faces are seen on the way, so that the die
settles showing that value after whole quarter turns. A quarter turn is drawn
as a cube rolling over: the top face narrows while the next one widens.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.physics import PhysDie
from greed_game.app.skins import SkinName, body_image, face_image, ink_image, shadow_image

SETTLE_SPEED = 330.0
"""Below this speed (px/s) a tumbling die heads for its final face."""
MIN_TIP_RATE = 5.0
"""Quarter turns a second of a die tipping over in place onto its final face."""
AIR_SPIN = 7.0
"""Quarter turns a second while in the air."""


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

    def pose(self) -> tuple[float, float, float, float]:
        """The pose now (eased)."""
        u = 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)
        u = u * u * (3 - 2 * u)
        return tuple(a + (b - a) * u for a, b in zip(self.start, self.end, strict=True))  # type: ignore[return-value]

    @property
    def finished(self) -> bool:
        return self.t >= self.duration


class DieView:
    """One die as the player sees it."""

    def __init__(self, value: int, size: float, rng: random.Random, phys: PhysDie | None = None) -> None:
        self.value = value
        self.size = size
        self.base = size
        """The size the faces are drawn at (``size`` changes on the way to the tray)."""
        self.phys = phys
        self.tumble = Tumble(value, rng)
        self.axis = 0
        self.place: Place = "table"
        self.selected = False
        self.label = 0
        self.x, self.y, self.angle = (phys.pos[0], phys.pos[1], phys.angle) if phys else (0.0, 0.0, 0.0)
        self.z = phys.z if phys else 0.0
        self.tween: Tween | None = None
        self.lean: tuple[float, float] | None = None
        """Direction a cocked die tilts towards (a void throw), or None."""
        self.lean_amount = 0.0
        self.alpha = 255
        if phys is None:
            self.tumble.finish()

    @property
    def at_rest(self) -> bool:
        """Whether the die lies still showing its value."""
        return self.tumble.done and self.tween is None and (self.phys is None or self.phys.speed < 3)

    @property
    def showing(self) -> int:
        """The face on top now."""
        return self.tumble.top

    def move_to(self, x: float, y: float, angle: float, size: float, duration: float) -> None:
        """Glide to a pose (to the tray, or leaning against something); at once when ``duration`` is 0."""
        if duration <= 0:
            self.x, self.y, self.angle, self.size = x, y, angle, size
            self.tween = None
            return
        self.tween = Tween((self.x, self.y, self.angle, self.size), (x, y, angle, size), duration)

    def update(self, dt: float) -> None:
        """Follow the body, tumble, glide."""
        if self.tween is not None:
            self.tween.t += dt
            self.x, self.y, self.angle, self.size = self.tween.pose()
            if self.tween.finished:
                self.tween = None
            return
        p = self.phys
        if p is None or self.place != "table":
            return
        self.x, self.y = p.pos
        self.angle = p.angle
        self.z = max(0.0, p.z)
        if p.gone:
            self.place = "gone"
            return
        if p.off:
            self.alpha = max(0, min(255, int(255 * (1 + p.z / 70))))
            self.z = 0.0
        t = self.tumble
        rolled = p.take_rolled()
        quarters = rolled / (self.size * 1.05)
        if p.z > 0:
            quarters += AIR_SPIN * dt
        elif p.speed < SETTLE_SPEED:
            t.settle()
        if p.jumper:
            t.settling = False
        if t.settling and not t.done and p.speed < 60 and p.z <= 0:
            quarters = max(quarters, MIN_TIP_RATE * dt)
        if t.phase == 0.0 and quarters > 0:
            v = p.body.velocity
            if v.length > 1:
                local = math.atan2(v.y, v.x) - p.angle
                self.axis = round(local / (math.pi / 2)) % 4
        t.advance(quarters)

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


def _rolling_image(skin: SkinName, top: int, nxt: int, phase: float, px: int) -> pygame.Surface:
    """One die rolling over towards +x, seen from above: the next face rises on the left
    while the top face tilts away on the right; the block looks wider mid-roll."""
    phi = phase * math.pi / 2
    wa = max(1, round(px * math.cos(phi)))
    wb = max(1, round(px * math.sin(phi)))
    image = pygame.transform.smoothscale(body_image(px, px), (wa + wb, px))
    image.blit(pygame.transform.smoothscale(ink_image(skin, nxt, px), (wb, px)), (0, 0))
    image.blit(pygame.transform.smoothscale(ink_image(skin, top, px), (wa, px)), (wb, 0))
    for x, w, light in ((0, wb, math.sin(phi)), (wb, wa, math.cos(phi))):
        k = max(0, min(255, int(255 * (0.62 + 0.38 * light))))
        if k < 255 and w > 0:
            image.fill((k, k, k), pygame.Rect(x, 0, w, px), special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.line(image, (150, 140, 124), (wb, 2), (wb, px - 3))
    return image


def die_sprite(canvas: Canvas, skin: SkinName, die: DieView) -> pygame.Surface:
    """The die drawn at its current pose, rotated, in physical pixels.

    Faces are drawn once at the die's own size; height and the glide to the
    tray only zoom the finished sprite.
    """
    px = canvas.px(die.base)
    zoom = die.size / die.base * (1 + die.z / 320)
    t = die.tumble
    degrees = -math.degrees(die.angle)
    if die.lean is not None and die.lean_amount > 0:
        phase = 0.36 * die.lean_amount
        local = math.atan2(die.lean[1], die.lean[0]) - die.angle
        axis = round(local / (math.pi / 2)) % 4
        side = next(f for f in range(1, 7) if adjacent(die.showing, f))
        image = _rolling_image(skin, die.showing, side, phase, px)
        return pygame.transform.rotozoom(image, degrees - 90 * axis, zoom)
    if t.phase > 0.0:
        image = _rolling_image(skin, t.top, t.next, t.phase, px)
        return pygame.transform.rotozoom(image, degrees - 90 * die.axis, zoom)
    if abs(zoom - 1.0) > 1e-3 or die.tween is not None or (die.phys is not None and die.phys.speed > 0):
        return pygame.transform.rotozoom(face_image(skin, t.top, px), degrees, zoom)
    key = ("die", skin, t.top, px, round(degrees * 4) / 4)
    return canvas.cached(key, lambda: pygame.transform.rotozoom(face_image(skin, t.top, px), key[4], 1.0))


def draw_die(canvas: Canvas, skin: SkinName, die: DieView, *, hover: bool = False, show_label: bool = False) -> None:
    """Draw a die with its shadow, selection ring and keyboard label."""
    if die.place == "gone" or die.alpha <= 0:
        return
    lift = 4.0 if die.selected else 0.0
    z = die.z + lift
    px = canvas.px(die.size)
    degrees = -math.degrees(die.angle)
    shadow_key = ("shadow", px, round(degrees % 90 / 3) * 3)
    shadow = canvas.cached(shadow_key, lambda: pygame.transform.rotate(shadow_image(px), shadow_key[2]))
    off = 3 + z * 0.45
    canvas.blit(shadow, (die.x + off, die.y + off * 1.3))
    sprite = die_sprite(canvas, skin, die)
    if die.alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(die.alpha)
    canvas.blit(sprite, (die.x, die.y - lift))
    if die.selected or hover:
        ring = die.corners(1.14, lift)
        canvas.polygon(theme.GOLD if die.selected else (255, 255, 255), ring, 3 if die.selected else 2)
    if die.lean is not None and die.lean_amount > 0:
        canvas.polygon(theme.WARN, die.corners(1.3), 2)
        tag_y = die.y - die.size * 0.95
        canvas.box(pygame.Rect(round(die.x - 34), round(tag_y - 11), 68, 22), (30, 24, 10), radius=11,
                   border=1.2, border_color=theme.WARN)
        canvas.text("cocked", (die.x, tag_y), 13, theme.WARN, font="bold", anchor="center")
    if show_label and die.label:
        bx, by = die.x + die.size * 0.5, die.y + die.size * 0.5
        canvas.circle((20, 24, 28), (bx, by), 11)
        canvas.circle(theme.GOLD if die.selected else theme.TEXT_DIM, (bx, by), 11, 1.5)
        canvas.text(str(die.label), (bx, by + 0.5), 13, theme.TEXT, font="bold", anchor="center")


def draw_upright(canvas: Canvas, skin: SkinName, face: int, center: tuple[float, float], size: float) -> None:
    """A die lying straight (tray, menus, previews)."""
    px = canvas.px(size)
    canvas.blit(shadow_image(px), (center[0] + 2, center[1] + 3))
    canvas.blit(face_image(skin, face, px), center)
