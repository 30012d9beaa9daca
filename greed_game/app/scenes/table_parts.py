"""The regions of the table that the game and the replay viewer both draw.

The layout (logical pixels at 1280×720), the backdrop with rails, felt and
tray frame, the name plates, the chips of the top bar, the turn box, the
players' rows and the banner. Every word drawn here is handed in by the
caller (from the narrator); nothing here knows the rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt
import pygame

from greed_game.app import theme
from greed_game.app.canvas import Canvas, FontName
from greed_game.app.portraits import draw_seat_badge
from greed_game.app.scenes.common import draw_panel, felt_surface
from greed_game.i18n import _
from greed_game.narrator import Said, num
from greed_game.rules import Player, State

# -- layout (logical pixels) -----------------------------------------------------------

TOP_BAR = pygame.Rect(16, 6, 868, 40)
RAILS = pygame.Rect(16, 52, 868, 500)
RAIL_W = 26
FELT = pygame.Rect(RAILS.x + RAIL_W, RAILS.y + RAIL_W, RAILS.w - 2 * RAIL_W, RAILS.h - 2 * RAIL_W)
TRAY = pygame.Rect(16, 560, 868, 80)
ACTIONS = pygame.Rect(16, 648, 868, 64)
SIDE = pygame.Rect(898, 6, 366, 706)
DIE = 56.0
TRAY_DIE = 40.0
TRAY_DICE = (TRAY.x + 66, TRAY.right - 214)
"""Where the tray's dice lie (logical px across): after its "KEPT" label, before the turn box."""


# -- helpers ---------------------------------------------------------------------------------------------


def plate_position(seat: int, players: int) -> tuple[float, bool]:
    """Where a seat's name plate sits: its x and whether it is on the bottom rail.

    Seats go round the table clockwise: the bottom rail left to right, then
    the top rail right to left.
    """
    bottom_count = math.ceil(players / 2)
    if seat < bottom_count:
        n, i, bottom = bottom_count, seat, True
    else:
        n, i, bottom = players - bottom_count, players - 1 - seat, False
    x = FELT.x + FELT.w * (i + 1) / (n + 1)
    return x, bottom


# -- drawing pieces shared with the replay viewer ---------------------------------------------------------


def draw_table_background(canvas: Canvas) -> None:
    """The backdrop, the rails, the felt, the tray frame and the side panel (built once a scale)."""

    def build() -> pygame.Surface:
        stage = canvas.rect(pygame.Rect(0, 0, 1280, 720))
        surface = pygame.Surface(stage.size)
        target, canvas.surface = canvas.surface, surface
        ox, oy = canvas.ox, canvas.oy
        canvas.ox = canvas.oy = 0
        try:
            surface.blit(felt_surface(canvas, pygame.Rect(0, 0, 1280, 720), theme.BACKDROP), (0, 0))
            _draw_rails(canvas)
            surface.blit(felt_surface(canvas, FELT), canvas.rect(FELT).topleft)
            _felt_shadow(canvas)
            _draw_tray_frame(canvas)
            draw_panel(canvas, SIDE)
        finally:
            canvas.surface = target
            canvas.ox, canvas.oy = ox, oy
        return surface

    canvas.backdrop(canvas.cached(("table-background",), build))


def draw_chips(canvas: Canvas, chips: list[tuple[str, tuple[int, int, int]]], right: float, y: float) -> None:
    """Chips right-aligned at ``right``, on a row whose top is ``y``."""
    x = right
    for text, color in reversed(chips):
        w = canvas.text_width(text, 13, "bold") + 22
        chip = pygame.Rect(round(x - w), round(y), round(w), 26)
        # (filled solid, as the backdrop shows through 46 of 255: a die flung over the far rail passes under it)
        r, g, b = (round(back + (c - back) * 46 / 255) for back, c in zip(theme.BACKDROP, color, strict=True))
        canvas.box(chip, (r, g, b), radius=13, border=1.2, border_color=color)
        canvas.text(text, chip.center, 13, color, font="bold", anchor="center")
        x -= w + 8


def short_name(canvas: Canvas, name: str, size: float, width: float, font: FontName = "bold") -> str:
    """``name`` as it fits in ``width``: whole, else its first word with initials ("Maximilian W. O.",
    "Maximilian W.", "Maximilian"), else cut with an ellipsis."""
    if canvas.text_width(name, size, font) <= width:
        return name
    words = name.split()
    for keep in range(len(words) - 1, -1, -1):
        shorter = " ".join([words[0], *(w[0] + "." for w in words[1 : keep + 1])])
        if canvas.text_width(shorter, size, font) <= width:
            return shorter
    return canvas.fit(name, size, width, font)


def draw_plates(canvas: Canvas, names: Sequence[str], state: State, active_seat: int | None,
                avoid: Sequence[pygame.Rect] = (), slid: Callable[[int, int], int] | None = None) -> None:
    """The players' name plates on the rails; the active seat's plate is gold. A plate over one of the rects
    ``avoid`` (dice lying against its rail) moves along the rail clear of it and of the other plates, the shorter
    way: drawn where ``slid`` says for the seat and that place (on its way there), if given."""
    n = state.players
    bottom_count = math.ceil(n / 2)
    plates: list[tuple[pygame.Rect, str]] = []
    for seat in range(n):
        x, bottom = plate_position(seat, n)
        y = RAILS.bottom - RAIL_W / 2 if bottom else RAILS.y + RAIL_W / 2
        on_rail = bottom_count if bottom else n - bottom_count
        room = FELT.w / (on_rail + 1) - 12  # plates on one rail never meet
        shown = short_name(canvas, names[seat], 12, min(room, 240) - 16)
        w = max(64.0, min(room, canvas.text_width(shown, 12, "bold") + 28))
        plate = pygame.Rect(0, 0, round(w), 20)
        plate.center = (round(x), round(y))
        plates.append((plate, shown))
    for seat, (plate, shown) in enumerate(plates):
        # (moved clear of a die, a plate had run into its neighbour's name at 854×480)
        others = [other for other, _ in plates[:seat] + plates[seat + 1 :]]
        plate.x = _clear_along(plate, avoid, others)
        if slid is not None:
            plate.x = slid(seat, plate.x)
        active = seat == active_seat and not state.finished
        fill = theme.GOLD if active else (60, 36, 20)
        canvas.box(plate, fill, radius=10, border=1, border_color=theme.seat_color(seat))
        canvas.text(shown, plate.center, 12, theme.TEXT_DARK if active else theme.TEXT, font="bold",
                    anchor="center", max_width=plate.w - 12)


def _clear_along(plate: pygame.Rect, avoid: Sequence[pygame.Rect], others: Sequence[pygame.Rect] = ()) -> int:
    """Where along its rail (its left edge) ``plate`` is clear of ``avoid`` and of the plates ``others``, the
    shorter way from where it is, kept over the felt's width (where it is, if it cannot be)."""
    hits = [r for r in avoid if r.colliderect(plate)]
    if not hits:
        return plate.x
    options = []
    for left in (min(r.left for r in hits) - plate.w - 2, max(r.right for r in hits) + 2):
        moved = plate.move(left - plate.x, 0)
        if FELT.left <= left and moved.right <= FELT.right and not any(
            r.colliderect(moved) for r in (*avoid, *others)
        ):
            options.append(left)
    return min(options, key=lambda left: abs(left - plate.x), default=plate.x)


def draw_turn_box(
    canvas: Canvas, s: State, *, note: str, note_color: tuple[int, int, int] = theme.TEXT_DIM,
    points: int | None = None, adding: tuple[int, str] | None = None, lost: bool = False,
) -> None:
    """The "this turn" box at the right of the tray: the turn total (or ``points``) and a note under it; or,
    while dice are selected, what they would add (``adding``: points and their note) under the total. A total
    ``lost`` to a bust is struck through in red (left as it stood, it read as kept)."""
    r = TRAY
    box = pygame.Rect(r.right - 204, r.y + 10, 188, r.h - 20)  # (room for "DIESER ZUG 3.150" at 854×480)
    canvas.box(box, (20, 14, 10, 200), radius=10)
    canvas.text(_("THIS TURN"), (box.x + 14, box.y + 8), 11, (200, 170, 130), font="bold")
    shown = num(s.turn_points if points is None else points)
    # Top row, right of the label: the note below it (bottom left) can then never run into it. In a small
    # window the label is relatively wider, so the figure gets smaller rather than run into it.
    room = box.w - 28 - canvas.text_width(_("THIS TURN"), 11, "bold") - 8
    size = 26.0
    while size > 14 and canvas.text_width(shown, size, "bold") > room:
        size -= 1
    figure = canvas.text(shown, (box.right - 14, box.y + 4 + (26 - size) / 2), size,
                         theme.tone_color("bad") if lost else theme.TEXT, font="bold", anchor="topright")
    if lost:
        left, right = canvas.to_logical((figure.left, 0))[0], canvas.to_logical((figure.right, 0))[0]
        y = box.y + 4 + 13
        canvas.line(theme.tone_color("bad"), (left - 2, y), (right + 2, y), 2.5)
    if adding is not None:
        # The selection's worth under the total ("850" over "+ 400") in place of the note, while choosing.
        canvas.text(f"+ {num(adding[0])}", (box.right - 14, box.bottom - 6), 17, theme.GOLD, font="bold",
                    anchor="bottomright")
        canvas.text(adding[1], (box.x + 14, box.bottom - 8), 11, theme.GOLD, anchor="bottomleft")
    elif note:
        canvas.text(note, (box.x + 14, box.bottom - 8), 11, note_color, anchor="bottomleft", max_width=box.w - 28)


PLAYER_ROW_H = 56
"""The height of a player's row in the side panel: a name line and a note line even at 854×480, and 8 rows
leave room for the log."""
COMPACT_ROW_H = 30
"""A player's row without its note: the side panel's rows while the hint needs their room."""
FACE = 38
"""A seat's portrait (a person's initial) across, in a full row; a compact row's is :data:`COMPACT_FACE`."""
COMPACT_FACE = 20
FACE_ROOM = FACE + 8
"""How far a row's name and note start right of where they would without the portrait."""
SPEECH_SIZE = 13


@dataclass(frozen=True)
class Spoken:
    """A line a seat's character says beside its row, in place of the note: the seat, the words, how opaque."""

    seat: int
    text: str
    alpha: float = 1.0


def players_bottom(players: int) -> float:
    """The y below the players' rows of the side panel when every note fits on one line."""
    return SIDE.y + 38 + players * PLAYER_ROW_H


def draw_player_rows(
    canvas: Canvas, players: Sequence[Player], notes: Sequence[str], s: State, target: int, active_seat: int | None,
    *, compact: bool = False, spoken: Spoken | None = None,
) -> float:
    """The players at the top of the side panel with their faces, scores and ``notes``; returns the y below them.

    Each row has its name and score on one line and the note on the next, placed by the fonts' real heights so
    that they never meet; a note too long for its line wraps onto a second one (the row grows), and a long name
    loses its middle words to initials, then ends in an ellipsis. ``compact``: names and scores only.
    ``spoken``: a seat's line, in a bubble under its note (a compact row shows none).
    """
    r = SIDE
    canvas.text(_("PLAYERS"), (r.x + 18, r.y + 14), 13, theme.GOLD, font="bold")
    # The note is placed by the fonts' real heights: a small window draws text relatively larger.
    name_h = canvas.font(16, "bold").get_height() / canvas.scale
    note_h = canvas.font(12).get_height() / canvas.scale
    speech_h = canvas.font(SPEECH_SIZE).get_height() / canvas.scale
    text_x = 16 + (COMPACT_FACE + 6 if compact else FACE_ROOM)
    room = r.w - 32 - text_x
    y: float = r.y + 38
    for seat in range(s.players):
        said = spoken if spoken is not None and spoken.seat == seat and not compact else None
        lines = [] if compact else canvas.wrap(notes[seat], 12, room)
        speech = canvas.wrap(said.text, SPEECH_SIZE, room) if said else []
        # A bubble sits under the note, above the bar under it (in place of the note, it had hidden "cautious
        # computer · not on board", helper-40); the row grows when it needs more room.
        bubble_y = name_h + 4 + len(lines) * note_h + 3
        extra = max(0, len(lines) - 1) * note_h
        if said:
            extra = max(extra, bubble_y + len(speech) * (speech_h + 2) + 4 + 10 - (PLAYER_ROW_H - 6))
        # A compact row is at least the name's real height with the bar under it: a small window's text is larger.
        row_h = max(COMPACT_ROW_H, name_h + 16) if compact else PLAYER_ROW_H + extra
        row = pygame.Rect(r.x + 10, round(y), r.w - 20, round(row_h - 6))
        _draw_row(canvas, row, players[seat], seat, s, target, active_seat, text_x)
        face = COMPACT_FACE if compact else FACE
        draw_seat_badge(canvas, players[seat].kind, players[seat].name, theme.seat_color(seat),
                        (row.x + 8 + face / 2, row.y + (row.h / 2 if compact else 4 + face / 2)), face)
        for i, line in enumerate(lines):
            canvas.text(line, (row.x + text_x, row.y + 4 + name_h + i * note_h), 12,
                        theme.TEXT_DIM if s.on_board[seat] else theme.BLUE)
        if said is not None:
            # (below the name's descenders: at 854×480 the bubble's top had cut across the name, helper-28)
            _draw_bubble(canvas, speech, pygame.Rect(row.x + text_x - 6, round(row.y + bubble_y), 0, 0), speech_h,
                         said.alpha)
        y += row_h
    return y


def _draw_bubble(canvas: Canvas, lines: list[str], at: pygame.Rect, line_h: float, alpha: float) -> None:
    """A speech bubble whose top left is ``at``, its tail towards the portrait on its left."""
    w = max(canvas.text_width(line, SPEECH_SIZE) for line in lines) + 14
    bubble = pygame.Rect(at.x, at.y, round(w), round(len(lines) * (line_h + 2) + 4))
    step = round(alpha * 8) / 8  # a few steps of fading: each is a cached box and cached text
    paper = (246, 238, 216, round(240 * step))
    tail_y = bubble.y + min(bubble.h / 2, 10)
    canvas.polygon(paper[:3] if step > 0.9 else _mix(paper, step),
                   [(bubble.x + 1, tail_y - 4), (bubble.x - 6, tail_y + 1), (bubble.x + 1, tail_y + 4)])
    canvas.box(bubble, paper, radius=7, border=1 if step > 0.5 else 0, border_color=theme.GOLD_DARK)
    ink = _mix((40, 30, 24, 255), step) if step < 1 else (40, 30, 24)
    for i, line in enumerate(lines):
        canvas.text(line, (bubble.x + 7, bubble.y + 3 + i * (line_h + 2)), SPEECH_SIZE, ink)


def _mix(color: tuple[int, int, int, int], alpha: float) -> tuple[int, int, int]:
    """``color`` over the side panel at ``alpha`` (text and the tail are drawn opaque)."""
    return (round(theme.PANEL[0] + (color[0] - theme.PANEL[0]) * alpha),
            round(theme.PANEL[1] + (color[1] - theme.PANEL[1]) * alpha),
            round(theme.PANEL[2] + (color[2] - theme.PANEL[2]) * alpha))


def _draw_row(canvas: Canvas, row: pygame.Rect, player: Player, seat: int, s: State, target: int,
              active_seat: int | None, text_x: float) -> None:
    """A player's row: its box, the seat's colour, the name and the score, and the bar of the way to the target."""
    active = seat == active_seat and not s.finished
    canvas.box(row, (255, 255, 255, 22) if active else (0, 0, 0, 40), radius=8,
               border=1.5 if active else 0, border_color=theme.GOLD)
    color = theme.seat_color(seat)
    canvas.box(pygame.Rect(row.x, row.y, 5, row.h), color, radius=2)
    score = num(s.scores[seat])
    score_w = canvas.text_width(score, 18, "bold")
    canvas.text(score, (row.right - 12, row.y + 3), 18, theme.TEXT, font="bold", anchor="topright")
    name_room = row.w - text_x - 12 - score_w - 12
    if s.winners and seat in s.winners:
        star_w = canvas.text_width("★", 16)
        canvas.text("★", (row.right - 18 - score_w, row.y + 3), 16, theme.GOLD, anchor="topright")
        name_room -= star_w + 6
    canvas.text(short_name(canvas, player.name, 16, name_room), (row.x + text_x, row.y + 3), 16, theme.TEXT,
                font="bold", max_width=name_room)
    share = min(1.0, s.scores[seat] / target) if target else 0.0
    bar = pygame.Rect(row.x + text_x, row.bottom - 5, row.w - text_x - 12, 3)
    canvas.box(bar, (255, 255, 255, 30), radius=2)
    if share > 0:
        canvas.box(pygame.Rect(bar.x, bar.y, max(2, bar.w * share), bar.h), color, radius=2)


def tray_places(groups: Sequence[int], reserved: float = 0.0, end: float = 0.0) -> tuple[list[float], float]:
    """Where each kept die lies along the tray (``groups``: each die's group, in order) and how big it is drawn:
    the groups apart, the dice smaller once there are many (after hot dice), never one over another; the first
    ``reserved`` px of the tray are left free (for the sets hot dice finished), and the last ``end`` (for the dice
    set aside)."""
    count = len(groups)
    room = TRAY_DICE[1] - TRAY_DICE[0] - reserved - end
    gaps = len(set(groups)) - 1 if groups else 0
    # the groups' gaps narrow before the dice shrink much (a die 24 px apart still reads)
    gap = max(4.0, min(18.0, (room - count * 24.0) / max(1, gaps)))
    step = min(TRAY_DIE + 6, (room - gaps * gap) / max(1, count))
    x = TRAY_DICE[0] + reserved + step / 2
    places: list[float] = []
    last = groups[0] if groups else 0
    for group in groups:
        if group != last:
            x += gap
            last = group
        places.append(x)
        x += step
    return places, max(8.0, min(TRAY_DIE, step - 4))  # (however many dice, never drawn at nothing)


def banner_card(canvas: Canvas, said: Said, dice: Sequence[tuple[float, float]] = (),
                passing: Sequence[tuple[float, float]] = (), rows: Sequence[tuple[float, float]] = ()) -> pygame.Rect:
    """Where the banner goes: a card on the felt as wide as its words, placed clear of every die lying
    there (so a person sees which dice a bust or a hot dice was about), then of the ``passing`` points (the
    way of dice on the move), then of the ``rows`` (where dice may come to lie), as near the middle as it can
    be. Where the full card would cover a die or the way of one, a compact one (smaller words) that fits between
    the dice, then a narrow one (its line wrapped); when nothing is clear (dice everywhere), the card covering
    fewest dice, then fewest points of their way."""
    lying, crossing, lines = _rounded(dice), _rounded(passing), _rounded(rows)
    best: tuple[tuple[int, int], pygame.Rect] | None = None
    for shape in BANNER_SHAPES:
        w, h = _banner_layout(canvas, said, shape).size
        under, card = _clear_spot(w, h, lying, crossing, lines)
        if best is None or under < best[0]:
            best = (under, card)
        if under == (0, 0):
            break
    assert best is not None
    return best[1].copy()


def _rounded(points: Sequence[tuple[float, float]]) -> tuple[tuple[int, int], ...]:
    # (so that dice lying still, nearly always the case under a card, hit the cache)
    return tuple(sorted((round(x / 4) * 4, round(y / 4) * 4) for x, y in points))


CALLOUT_H = 38
"""A callout card's height (logical pixels)."""
CALLOUT_RISE = 24
"""How far a callout rises as it fades (logical pixels)."""


def callout_spot(w: int, at: tuple[float, float], dice: Sequence[tuple[float, float]] = (),
                 passing: Sequence[tuple[float, float]] = (),
                 rows: Sequence[tuple[float, float]] = ()) -> pygame.Rect:
    """Where a combination's callout, ``w`` wide, rises (the card at its foot first, at its top last): as near
    ``at`` (just over where its dice lay) as it can be while clear of the dice lying, then of the kept dice's
    way to the tray (``passing``), then of the ``rows`` where the next dice come to lie."""
    h = CALLOUT_H + CALLOUT_RISE
    toward = (round(at[0]), round(at[1] - CALLOUT_RISE / 2))  # (the spot's middle, the card half-way up)
    return _clear_spot(w, h, _rounded(dice), _rounded(passing), _rounded(rows), toward)[1].copy()


@dataclass(frozen=True)
class BannerLayout:
    """A banner's words and sizes: the full card, or a compact or narrow one that fits between dice."""

    title: str
    title_size: int
    subs: list[str]
    sub_size: int
    size: tuple[int, int]
    title_y: int
    """The title's middle, from the card's top (when there is a line under it)."""
    sub_y: int
    sub_h: int


BannerShape = Literal["full", "compact", "narrow"]
BANNER_SHAPES: tuple[BannerShape, ...] = ("full", "compact", "narrow")
NARROW_WORDS = 300
"""The widest a narrow banner's line is (logical pixels): wrapped, it fits between dice spread wide."""


def _banner_layout(canvas: Canvas, said: Said, shape: BannerShape) -> BannerLayout:
    title = banner_title(canvas, said)
    big = title_size(canvas, title)
    compact = shape != "full"
    subs = canvas.wrap(said.sub, 15, NARROW_WORDS) if shape == "narrow" and said.sub else banner_lines(canvas, said.sub)
    if compact:
        size, sub_size, sub_h, title_y, sub_y, pad, band = min(big, 30), 15, 20, 26, 58, 48, 54
    else:
        size, sub_size, sub_h, title_y, sub_y, pad, band = big, 17, SUB_LINE_H, 36, 82, 72, 76
    words = max([canvas.text_width(title, size, "serif"), *(canvas.text_width(line, sub_size) for line in subs)])
    w = int(min(FELT.w - 16, words + pad))
    h = band + sub_h * len(subs) + (4 if subs else 0)
    return BannerLayout(title, size, subs, sub_size, (w, h), title_y, sub_y, sub_h)


BANNER_GAP = 14
"""The room a banner is given around it, where it can be had, from a die's reach (logical pixels)."""
SUB_LINE_H = 24
"""The height of a line under a banner's title."""
BANNER_WORDS = FELT.w - 88
"""The widest a banner's words may be."""


def title_size(canvas: Canvas, title: str) -> int:
    """The banner title's size: 44, smaller for a long one (a long name) down to 28, so it is seldom cut."""
    size = 44
    while size > 28 and canvas.text_width(title, size, "serif") > BANNER_WORDS:
        size -= 2
    return size


def banner_title(canvas: Canvas, said: Said, size: float = 28, width: float = BANNER_WORDS) -> str:
    """The title as it fits in ``width`` at ``size`` (a banner's smallest): a name too long is shortened,
    never the words around it (``Maximilian W. O. takes the dice``)."""
    title = said.title
    if not said.name or said.name not in title or canvas.text_width(title, size, "serif") <= width:
        return title
    rest = canvas.text_width(title.replace(said.name, "", 1), size, "serif")
    return title.replace(said.name, short_name(canvas, said.name, size, width - rest, "serif"), 1)


def banner_lines(canvas: Canvas, sub: str) -> list[str]:
    """The line under a banner's title, wrapped whole onto as many lines as it needs (a roll-off of eight)."""
    return canvas.wrap(sub, 17, BANNER_WORDS) if sub else []


def _inside(points: tuple[tuple[int, int], ...], xs: npt.NDArray[np.int64], ys: npt.NDArray[np.int64], w: int,
            h: int, reach: float) -> npt.NDArray[np.int64]:
    """For each card ``w`` × ``h`` at ``(x, y)`` (``ys`` by ``xs``), how many ``points`` lie within ``reach`` of it
    (strictly): one product of two tables, where a loop over the cards and points had stalled the window for over
    half a second with a thousand points of dice's ways (helper-45's session)."""
    if not points:
        return np.zeros((len(ys), len(xs)), dtype=np.int64)
    px, py = np.array(points, dtype=np.float64).T
    across = (px[None, :] > xs[:, None] - reach) & (px[None, :] < xs[:, None] + w + reach)
    down = (py[None, :] > ys[:, None] - reach) & (py[None, :] < ys[:, None] + h + reach)
    return np.asarray(down.astype(np.int64) @ across.astype(np.int64).T)


@lru_cache(maxsize=64)
def _clear_spot(w: int, h: int, dice: tuple[tuple[int, int], ...],
                passing: tuple[tuple[int, int], ...] = (),
                lines: tuple[tuple[int, int], ...] = (),
                toward: tuple[int, int] = FELT.center) -> tuple[tuple[int, int], pygame.Rect]:
    """The best place for a ``w`` × ``h`` card, as near ``toward`` as it can be, and how many dice lie under
    it and how many points of ``passing`` it covers."""
    reach = DIE * 0.75  # a die's half-diagonal: a turned die reaches that far from its centre
    near = reach + BANNER_GAP
    xs = np.arange(FELT.left + 8, FELT.right - 8 - w + 1, 16, dtype=np.int64)
    ys = np.arange(FELT.top + 8, FELT.bottom - 8 - h + 1, 8, dtype=np.int64)
    if not len(xs) or not len(ys):  # a felt narrower than the words: across the middle
        return (len(dice), len(passing)), pygame.Rect(FELT.x, FELT.centery - h // 2, FELT.w, h)
    covered, crossed, on_rows = (_inside(points, xs, ys, w, h, reach) for points in (dice, passing, lines))
    crowded = _inside(dice, xs, ys, w, h, near)
    off = np.hypot(xs[None, :] + w / 2 - toward[0], (ys[:, None] + h / 2 - toward[1]) * 1.6)
    # a die lying under the card is worse than a die passing under it, and one passing now worse than a row that
    # may come; a card with room around it before one nearer the middle pressed against a die (the first such,
    # row by row, on a tie)
    keys = [k.ravel() for k in (off, crowded, on_rows, crossed, covered)]
    best = int(np.lexsort(keys)[0])
    y, x = divmod(best, len(xs))
    return (int(covered[y, x]), int(crossed[y, x])), pygame.Rect(int(xs[x]), int(ys[y]), w, h)


def draw_banner(canvas: Canvas, said: Said, ttl: float, card: pygame.Rect) -> None:
    """The narrator's words large on the felt in ``card`` (see :func:`banner_card`), fading out at the end."""
    alpha = max(0.0, min(1.0, ttl / 0.3))
    # all but opaque: a die passing under the card showed through it, across its words (helper-28)
    canvas.box(card, (10, 12, 14, int(240 * alpha)), radius=14, border=1.5 if alpha > 0.5 else 0,
               border_color=theme.tone_color(said.tone))
    ink = theme.tone_color(said.tone)
    fade = round(255 * alpha)  # (the words fade with the card: greyed, they read as a banner out of order)
    cx = card.centerx
    # The card says which layout it was given, by its size.
    layouts = (_banner_layout(canvas, said, shape) for shape in BANNER_SHAPES)
    shape = next((s for s in layouts if s.size == card.size), None) or _banner_layout(canvas, said, "full")
    canvas.text(shape.title, (cx, card.y + (shape.title_y if shape.subs else card.h / 2)), shape.title_size, ink,
                font="serif", anchor="center", shadow=(0, 0, 0), max_width=card.w - 24, alpha=fade)
    for i, line in enumerate(shape.subs):
        canvas.text(line, (cx, card.y + shape.sub_y + shape.sub_h * i), shape.sub_size, theme.TEXT, anchor="center",
                    max_width=card.w - 24, alpha=fade)


WALLS = (
    ((52, 30, 16), (34, 19, 10)),
    ((40, 23, 12), (28, 16, 8)),
    ((78, 45, 24), (56, 32, 17)),
    ((86, 50, 26), (60, 35, 18)),
)
"""The rails' inner walls, left, top, right and bottom, each at its top and at the felt: the light comes from the
upper left (as the dice's shadows say), so the walls facing it are lit and the felt's edge is darker."""


def rail_walls() -> list[list[tuple[float, float]]]:
    """The rails' inner walls as the camera above the felt's middle sees them (left, top, right, bottom): each
    wall's top stands ``rail_height`` above the felt, so it looks a little further out than its foot."""
    from greed_game.app.camera import HEIGHT
    from greed_game.physics.table import TABLE

    grow = HEIGHT / (HEIGHT - TABLE.rail_height) - 1
    bx, by = FELT.w / 2 * grow, FELT.h / 2 * grow
    left, top, right, bottom = FELT.left, FELT.top, FELT.right, FELT.bottom
    return [
        [(left, top), (left - bx, top - by), (left - bx, bottom + by), (left, bottom)],
        [(left, top), (left - bx, top - by), (right + bx, top - by), (right, top)],
        [(right, top), (right + bx, top - by), (right + bx, bottom + by), (right, bottom)],
        [(left, bottom), (left - bx, bottom + by), (right + bx, bottom + by), (right, bottom)],
    ]


def _draw_rails(canvas: Canvas) -> None:
    r = RAILS
    canvas.box(r.move(0, 6), (0, 0, 0, 110), radius=30)
    canvas.box(r, theme.RAIL_DARK, radius=30)
    canvas.box(r.inflate(-4, -4), theme.RAIL, radius=28)
    _grained(canvas, r, 30)
    inner = r.inflate(-10, -10)
    canvas.box(inner, None, radius=24, border=2, border_color=theme.RAIL_LIGHT)
    # The inner walls give the rails their height: each in two bands, darker towards the felt.
    for wall, (lit, foot) in zip(rail_walls(), WALLS, strict=True):
        canvas.polygon(lit, wall)
        (a, b, c, d) = wall
        canvas.polygon(foot, [a, _mid(a, b), _mid(d, c), d])
    for wall in rail_walls():
        canvas.line(theme.RAIL_LIGHT, wall[1], wall[2], 1.5)


def _grained(canvas: Canvas, rect: pygame.Rect, radius: int, *, sides: bool = True) -> None:
    """Wood grain over the frame drawn in ``rect`` (``sides``: its left and right sides' grain runs down them;
    else all of it across)."""
    pr = canvas.rect(rect)
    grain = _wood_grain(pr.size, canvas.px(radius), pr.w / rect.w, sides)
    canvas.surface.blit(grain, pr.topleft, special_flags=pygame.BLEND_RGB_MULT)


def _wood_grain(size: tuple[int, int], radius: int, scale: float, sides: bool = True) -> pygame.Surface:
    """The rails' grain, to multiply their colour by: light and dark streaks along each rail (across the top and
    bottom ones, down the ``sides``), gently wavering; white (no change) elsewhere."""
    import numpy as np

    band = RAIL_W + 4
    logical = (round(size[0] / scale), round(size[1] / scale))
    flat = pygame.Surface(logical)
    flat.fill((255, 255, 255))
    # (not numpy's random: the executable leaves it out, as the game never needed it)
    draw = random.Random(7)
    streaks = np.array([draw.gauss(0.0, 1.0) for _ in range(4096)], dtype=np.float32)

    def strip(length: int, offset: float) -> pygame.Surface:
        along = np.arange(length, dtype=np.float32)[:, None] + offset
        over = np.arange(band, dtype=np.float32)[None, :] + np.zeros((length, 1), dtype=np.float32)
        waver = 5.0 * np.sin(along / 83.0 + 1.3) + 2.5 * np.sin(along / 37.0 + over / 11.0)
        rings = np.sin((over + waver) * (2 * np.pi / 7.5))
        fine = streaks[((over + 0.6 * waver) * 3.0).astype(np.int32) % streaks.size]
        grain = (np.clip(0.88 + 0.06 * rings + 0.035 * fine, 0.0, 1.0) * 255).astype(np.uint8)
        surface = pygame.Surface((length, band))
        pygame.surfarray.blit_array(surface, np.repeat(grain[:, :, None], 3, axis=2))
        return surface

    w, h = logical
    if sides:
        flat.blit(strip(w, 0.0), (0, 0))
        flat.blit(strip(w, 311.0), (0, h - band))
        for n, x in enumerate((0, w - band)):
            flat.blit(pygame.transform.rotate(strip(h - 2 * band, 97.0 + 211.0 * n), -90), (x, band))
    else:
        for n, y in enumerate(range(0, h, band)):
            flat.blit(strip(w, 173.0 * n), (0, y))
    grain = pygame.transform.smoothscale(flat, size)
    # (outside the rails' rounded corners the backdrop shows: left as it is)
    corners = pygame.Surface(size, pygame.SRCALPHA)
    corners.fill((255, 255, 255, 255))
    pygame.draw.rect(corners, (0, 0, 0, 0), corners.get_rect(), border_radius=radius)
    grain.blit(corners, (0, 0))
    return grain


def _mid(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _felt_shadow(canvas: Canvas) -> None:
    for i in range(6):
        canvas.box(pygame.Rect(FELT.x, FELT.y + i * 2, FELT.w, 2), (0, 0, 0, 60 - i * 10))
        canvas.box(pygame.Rect(FELT.x + i * 2, FELT.y, 2, FELT.h), (0, 0, 0, 40 - i * 6))


def _draw_tray_frame(canvas: Canvas) -> None:
    r = TRAY
    canvas.box(r.move(0, 4), (0, 0, 0, 90), radius=14)
    canvas.box(r, theme.RAIL_DARK, radius=14)
    canvas.box(r.inflate(-6, -6), theme.TRAY, radius=12)
    _grained(canvas, r, 14, sides=False)
    canvas.box(pygame.Rect(r.x + 60, r.y + 8, r.w - 270, r.h - 16), theme.TRAY_INNER, radius=10)
