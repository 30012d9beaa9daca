"""Moments at the table a person can follow: banners clear of the dice, the void's mark, the hint on the felt."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import pygame

from greed_game.app.main import App
from greed_game.app.scenes.felt import CAMERA
from greed_game.app.scenes.table_parts import BANNER_GAP, DIE, FELT, RAILS, banner_card
from greed_game.narrator import Said
from greed_game.physics import THROWING, simulate
from greed_game.rules import FirstPlayer, Player, Roll

from .conftest import Driver
from .scenarios import ADA, TESS, first_throw_at_rest, hot_dice_thrown_on, pick, table_at, void_off_the_felt


def _covers(card: pygame.Rect, x: float, y: float) -> bool:
    """Whether a die lying at (x, y), turned any way, would reach under the card."""
    reach = DIE / 2 * math.sqrt(2)
    return card.left - reach < x < card.right + reach and card.top - reach < y < card.bottom + reach


def test_a_banner_card_never_covers_a_resting_die(app: App) -> None:
    rng = random.Random(9)
    said = Said("Bust!", "Maximilian Wolfgang loses 1,250", "bad")
    cards = set()
    hand = THROWING["realistic"]
    for n in (6, 6, 6, 5, 4, 3, 6, 6, 2, 1, 6, 6):
        film = simulate(n, hand.flick(-1, rng.uniform(-4, 4), rng), rng, throwing=hand)
        final = film.final()
        lying = [CAMERA.to_screen(float(p[0]), float(p[1])) for i, p in enumerate(final) if not film.fell[i]]
        card = banner_card(app.canvas, said, lying)
        assert FELT.contains(card), "the card leaves the felt"
        assert not [p for p in lying if _covers(card, *p)], f"the card {card} covers a die"
        cards.add((card.x, card.y))
    assert len(cards) > 1  # the card moves out of the dice's way, it is not always in one place
    # an empty felt: the card sits in the middle
    middle = banner_card(app.canvas, said, [])
    assert abs(middle.centerx - FELT.centerx) <= 16 and abs(middle.centery - FELT.centery) <= 8


def test_a_banner_too_wide_for_the_gaps_between_the_dice_is_made_compact_rather_than_laid_over_one(app: App) -> None:
    # Three dice left on the felt after a bank at 1280x720 (seen in a game): the full card fits nowhere clear.
    said = Said("Penny banks 600", "Total 1,900")
    lying = [(331.0, 214.0), (489.0, 309.0), (376.0, 383.0)]
    full = banner_card(app.canvas, said, [])
    card = banner_card(app.canvas, said, lying)
    assert card.w < full.w and card.h < full.h
    assert not any(_covers(card, x, y) for x, y in lying), card
    # with room enough, the full card
    assert banner_card(app.canvas, said, [(FELT.left + 40, FELT.top + 40)]).size == full.size


def test_a_banner_card_keeps_room_around_it_where_the_felt_has_room(app: App) -> None:
    said = Said("Bust!", "Ada loses 250", "bad")
    middle = banner_card(app.canvas, said, [])
    # a die just under where the card would sit: the card moves clear of it with room to spare, not against it
    x, y = middle.centerx, middle.bottom + DIE * 0.75 + 2
    card = banner_card(app.canvas, said, [(x, y)])
    reach = DIE * 0.75 + BANNER_GAP
    assert not (card.left - reach < x < card.right + reach and card.top - reach < y < card.bottom + reach), card


def test_a_bank_banner_keeps_off_the_path_of_the_dice_carried_to_the_tray(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal", seed=5)  # (the throw's felt: without the care, a die crossed)
    drive = Driver(app)
    table = table_at(app, "farkel-family", [TESS, ADA], [FirstPlayer(0)], seed=2)  # no entry minimum
    drive.frames(2)
    drive.press("space")
    drive.until(lambda: table.dice_at_rest() and table.snap.may_select)
    pick(table, [d.value for d in table.snap.dice if d.value in (1, 5)][:3])  # (seed 2: three dice)
    drive.frames(2)
    drive.press("enter")  # keep and bank at once: the dice are carried to the tray as the banner comes up
    drive.until(lambda: table.snap.banner is not None and table.notices.card[0] == table.snap.banner.serial,
                limit=30)
    carried = [t.view for t in table.tray.dice if t.view.tween is not None]
    assert len(carried) == 3, "the kept dice are on their way"
    card = table.notices.card[1]
    assert not [d for d in table.felt.dice if _covers(card, d.x, d.y)], "the banner covers a die left lying"
    crossed = []
    while any(v.tween is not None for v in carried):
        crossed += [(v.x, v.y) for v in carried if FELT.collidepoint(v.x, v.y) and _covers(card, v.x, v.y)]
        drive.frames(1)
    assert not crossed, f"a carried die passed under the banner {card}"


def test_a_banner_keeps_off_the_way_the_dice_in_the_tray_are_carried_to_the_next_row(app: App) -> None:
    """The dice set aside in the tray, carried to the next thrower's row just after the banner came up, passed
    under it (helper-44)."""
    from greed_game.app.scenes.felt import row_way
    from greed_game.app.scenes.table_parts import TRAY, TRAY_DICE

    said = Said("Brutus declines 600", "A fresh start with 6 dice")
    starts = [(TRAY_DICE[1] - 20.0 - 32 * n, TRAY.y + 36.0) for n in range(3)]
    way = row_way(starts, 1, 2)  # (to the top row)
    assert way and all(FELT.collidepoint(p) for p in way)
    assert any(p[1] < FELT.top + 2 * DIE for p in way) and any(p[1] > FELT.bottom - DIE for p in way)
    middle = [p for p in way if _covers(banner_card(app.canvas, said), *p)]
    card = banner_card(app.canvas, said, [], way)
    grazed = [p for p in way if _covers(card, *p)]
    assert len(middle) > 10 and len(grazed) <= 2, (len(middle), grazed, card)  # (at most a die's corner near it)
    assert row_way([], 1, 2) == []


def test_a_banner_s_place_among_a_thousand_points_of_dice_s_ways_is_the_one_a_card_by_card_search_finds() -> None:
    """Searched card by card and point by point, a banner's place had stalled the window for over half a second
    with the ways of six dice set aside (a thousand points); counted as tables, it is the same place."""
    from greed_game.app.scenes.table_parts import _clear_spot

    rng = random.Random(3)
    reach, near = DIE * 0.75, DIE * 0.75 + BANNER_GAP

    def points(n: int) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((rng.randrange(FELT.left, FELT.right, 4), rng.randrange(FELT.top, FELT.bottom, 4))
                            for _ in range(n)))

    for _ in range(20):
        w, h = rng.choice([(300, 78), (220, 60), (160, 100)])
        dice, passing, lines = points(rng.randint(0, 8)), points(rng.randint(0, 300)), points(30)

        def under(pts: tuple[tuple[int, int], ...], x: int, y: int, r: float, w: int = w, h: int = h) -> int:
            return sum(1 for px, py in pts if x - r < px < x + w + r and y - r < py < y + h + r)

        best = min((under(dice, x, y, reach), under(passing, x, y, reach), under(lines, x, y, reach),
                     under(dice, x, y, near), math.hypot(x + w / 2 - FELT.centerx, (y + h / 2 - FELT.centery) * 1.6),
                     y, x) for y in range(FELT.top + 8, FELT.bottom - 8 - h + 1, 8)
                    for x in range(FELT.left + 8, FELT.right - 8 - w + 1, 16))
        (covered, crossed), card = _clear_spot(w, h, dice, passing, lines)
        assert (covered, crossed, card.topleft) == (best[0], best[1], (best[6], best[5]))


def test_a_die_off_the_felt_leaves_a_mark_the_banner_keeps_clear_of(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = void_off_the_felt(drive)
    drive.frames(2)
    assert len(table.felt.exits) == 1
    x, y = table.felt.exits[0]
    # on the rail where the die went over, not on the felt (where it looked like it marked a die lying there)
    assert RAILS.collidepoint(x, y) and not FELT.collidepoint(x, y), "the mark is not on the rail"
    card = table.notices.card[1]
    assert table.turn.notices.banner is not None and table.notices.card[0] == table.turn.notices.banner.serial
    assert not _covers(card, x, y) and not [d for d in table.dice if _covers(card, d.x, d.y)]
    drive.shot("void-off-felt-mark")
    # the mark stays while the person's dice wait for them, and goes with the void throw once they throw again
    drive.until(lambda: table.turn.mode == "ready")
    assert len(table.felt.exits) == 1
    drive.press("space")
    assert table.turn.mode == "rolling" and table.felt.exits == []


def test_the_hint_rings_the_dice_it_advises_and_the_turn_box_shows_the_selection(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, Player("Bo")], [FirstPlayer(0), Roll((1, 2, 3, 4, 5, 6))])
    drive.frames(2)
    assert app.display.window.get_size() == (1280, 720)  # logical pixels are the window's: the felt is FELT

    def felt() -> bytes:
        return pygame.image.tobytes(app.display.window.subsurface(FELT), "RGB")

    plain = felt()
    drive.press("h")
    assert table.turn.advisor.keep == (1, 2, 3, 4, 5, 6)
    assert felt() != plain  # the rings are on the felt, not only in the side panel
    drive.shot("hint-rings")
    for d in table.dice:
        table.toggle(d)
    drive.frames(1)
    assert table.turn.choice.points == 2000
    drive.press("space")
    assert table.turn.notices.callout is not None and table.turn.notices.callout.said.title == "Straight!"


def test_a_die_on_the_rail_never_hides_a_seats_name_plate(app: App) -> None:
    """A die come to lie where a seat's plate is: the plate makes way along the rail, whole (drawn over the die, it
    had hidden the edge of a die lying against the far rail, helper-32)."""
    from greed_game.app.scenes.table_parts import RAIL_W, RAILS, plate_position
    from greed_game.app.scenes.table_sections import PLATE_SPEED

    table = first_throw_at_rest(Driver(app), seed=4)
    x, _ = plate_position(1, 2)  # Ada's plate, on the top rail
    rail = app.canvas.rect(pygame.Rect(RAILS.x, RAILS.y, RAILS.w, RAIL_W))
    fill = (60, 36, 20)

    def plate_pixels() -> int:
        strip = app.canvas.surface.subsurface(rail)
        return sum(1 for i in range(strip.get_width()) for j in range(strip.get_height())
                   if tuple(strip.get_at((i, j)))[:3] == fill)

    table.picture.draw(app.canvas, table.snap)
    before = plate_pixels()
    assert before > 200
    die = table.felt.dice[0]
    die.x, die.y = x, RAILS.y + RAIL_W / 2  # a die come to lie on the plate
    assert die.at_rest
    table.picture.draw(app.canvas, table.snap)
    # it slides there, no quicker than a hand would push it (it had jumped aside and back, helper-44)
    shown = [table.top._plates[1][0]]
    while table.top.sliding() and len(shown) < 120:
        table.top.slide(1 / 60)
        table.picture.draw(app.canvas, table.snap)
        shown.append(table.top._plates[1][0])
    assert not table.top.sliding() and len(shown) > 10
    assert max(abs(b - a) for a, b in itertools.pairwise(shown)) <= PLATE_SPEED / 60 + 1e-6
    assert abs(shown[-1] - shown[0]) > 20
    assert plate_pixels() == before, "the plate is whole, moved clear of the die"
    middle = app.canvas.rect(pygame.Rect(round(x) - 2, round(RAILS.y + RAIL_W / 2) - 2, 4, 4))
    assert all(tuple(app.canvas.surface.get_at(p))[:3] != fill
               for p in ((middle.x, middle.y), (middle.right - 1, middle.bottom - 1))), "the die lies there, seen"

def test_roll_off_badges_tell_the_throwers_apart() -> None:
    from greed_game.app.scenes.felt import badge_letters

    assert badge_letters([(0, "You"), (1, "Penny")]) == ["Y", "P"]
    assert badge_letters([(0, "Player 1"), (1, "Penny")]) == ["Pl", "Pe"]
    shown = badge_letters([(0, "Player 1"), (1, "Player 2"), (2, "Penny"), (3, "ada")])
    assert shown == ["1", "2", "Pe", "A"]
    assert len(set(badge_letters([(seat, "Sam") for seat in range(8)]))) == 8
    # six dice a seat (the $GREED roll-off): each die its thrower's initial, not the seat's number (helper-29)
    assert badge_letters([(0, "You")] * 6 + [(1, "Penny")] * 6) == ["Y"] * 6 + ["P"] * 6


def test_a_straight_s_callout_keeps_clear_of_the_hot_dice_banner(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.felt import ROW_LINES
    from greed_game.app.scenes.table_parts import callout_spot

    app = make_app(size=(854, 480))
    table = table_at(app, "pass-the-dice", [TESS, Player("Bo")], [FirstPlayer(0), Roll((1, 2, 3, 4, 5, 6))])
    canvas = app.canvas
    straight = Said("Straight!", "+1,000")
    w = table.notices._callout_width(canvas, straight)
    for where in ((FELT.centerx, FELT.centery), (FELT.centerx, FELT.top + 40), (FELT.centerx, FELT.bottom - 30)):
        banner = banner_card(canvas, Said("Hot dice!", "All 6 dice come back"))
        # the straight was kept right where the banner stands
        spot = callout_spot(w, (banner.centerx, where[1]), rows=ROW_LINES)
        for ttl in (1.8, 1.0, 0.3):
            table.notices._draw_callout(canvas, straight, ttl, banner, spot)
            card = table.notices.callout_card
            assert card is not None and not card.colliderect(banner), (where, ttl)
            assert FELT.contains(card)
        for ttl in (1.8, 1.0, 0.3):
            table.notices._draw_callout(canvas, straight, ttl, None, spot)
            alone = table.notices.callout_card
            # (alone, it keeps off the rows, where the next thrower's dice come to lie, and rises in its spot)
            assert alone is not None and spot.contains(alone), (where, ttl)
            reach = DIE * 0.75
            assert not any(alone.inflate(2 * reach, 2 * reach).collidepoint(p) for p in ROW_LINES), (where, ttl)


def test_a_callout_by_the_rail_keeps_off_the_dice_there() -> None:
    """Four dice kept by the top rail, two left lying beside and under them: the callout rises near where they
    lay, over none of the dice left and not across the kept dice's way to the tray (it was pushed down off the
    row onto them)."""
    from greed_game.app.scenes.table_parts import TRAY, callout_spot

    top = FELT.top + DIE * 0.9
    kept = [(FELT.centerx + (i - 1.5) * DIE * 1.1, top) for i in range(4)]
    lying = [(FELT.centerx + DIE * 3.5, top + DIE * 0.4), (FELT.centerx + DIE * 0.5, top + DIE * 1.6)]
    way = [(x + (TRAY.centerx - x) * k / 10, y + (TRAY.centery - y) * k / 10) for x, y in kept for k in range(11)]
    at = (sum(x for x, _ in kept) / 4, top - DIE * 0.75 - 20)
    spot = callout_spot(260, at, lying, way)
    reach = DIE * 0.75
    assert FELT.contains(spot)
    for x, y in [*lying, *way]:
        assert not spot.inflate(2 * reach, 2 * reach).collidepoint(x, y), (x, y, spot)
    # (beside the kept dice: a card 260 wide has its middle nearly five dice from theirs)
    assert math.dist(spot.center, at) < 5 * DIE, "the callout is far from the dice it names"


def test_a_bank_banner_just_after_a_keep_keeps_clear_of_its_callout(make_app: Callable[..., App]) -> None:
    """The callout of the keep rises for a moment more: the banner that follows is placed clear of it (745 of
    1,100 frames with both up had them touching in four computer games, and the callout, pushed above the
    banner, then lay over a die in 66)."""
    app = make_app()
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)])
    canvas = app.canvas
    for at in ((FELT.centerx, FELT.centery), (FELT.centerx - 120, FELT.centery + 40), (FELT.left + 150, FELT.top + 90)):
        table.felt.callout_at = at
        table.turn.notices.call(Said("Four 1s!", "+2,000"), 2.0)
        table.turn._snapshot = None
        table.notices.place(canvas, table.snap)
        table.turn.notices.show(Said("Tess banks 2,000", "Total 2,000"), 2.0)
        table.turn._snapshot = None
        table.notices.place(canvas, table.snap)
        spot, card = table.notices.callout_spot[1], table.notices.card[1]
        assert not card.colliderect(spot.inflate(2 * BANNER_GAP, 2 * BANNER_GAP)), (at, spot, card)


def test_a_die_in_the_air_passes_over_a_seats_plate(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.table_parts import RAIL_W, RAILS, plate_position

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=4)
    drive.frames(2)
    drive.press("space")
    drive.until(lambda: table.felt.playing is not None and bool(table.felt.dice))
    x, _ = plate_position(1, 2)  # Ada's plate, on the top rail
    plate = app.canvas.rect(pygame.Rect(round(x) - 20, round(RAILS.y + RAIL_W / 2) - 6, 40, 12))
    table.picture.draw(app.canvas, table.snap)
    empty = pygame.image.tobytes(app.canvas.surface.subsurface(plate), "RGB")
    die = table.felt.dice[0]
    die.x, die.y = x, RAILS.y + RAIL_W / 2  # a die flying over the plate
    table.felt.drawn = None
    table.picture.draw(app.canvas, table.snap)
    assert pygame.image.tobytes(app.canvas.surface.subsurface(plate), "RGB") != empty, "the die went under the plate"


def test_the_roll_off_s_marks_stay_on_show_beside_its_banner_never_under_it(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.felt import badge_letters
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("pass-the-dice", [Player("Ada", "cautious"), Player("Bo", "cautious"),
                                                            Player("Cy", "cautious")]))
    app.stack.replace(table)
    drive.until(lambda: table.snap.banner is not None and not table.felt.playing)
    drive.frames(2)
    letters = set(badge_letters(table.felt.tags))
    said: list[tuple[str, tuple[float, float]]] = []
    real = app.canvas.text

    def text(words: str, at: tuple[float, float], *args: object, **kw: object) -> object:
        said.append((words, at))
        return real(words, at, *args, **kw)  # type: ignore[arg-type]

    app.canvas.text = text  # type: ignore[method-assign]
    table.picture.draw(app.canvas, table.snap)
    marks = [at for words, at in said if words in letters]
    card = table.notices.card[1]
    assert marks, "the throwers' marks are on show while the banner says who starts"
    assert not any(card.inflate(8, 8).collidepoint(at) for at in marks)


def test_a_win_is_celebrated_with_confetti_that_falls_through_the_table_and_is_gone() -> None:
    from greed_game.app.scenes.confetti import Confetti
    from greed_game.app.scenes.table_parts import RAILS

    confetti = Confetti()
    confetti.burst(random.Random(1), [(200, 80, 60)], RAILS)
    assert confetti.falling and all(RAILS.collidepoint(p.x, p.y) for p in confetti.pieces)
    highest = RAILS.bottom
    for _ in range(60 * 2):
        confetti.step(1 / 60)
        highest = min([highest, *(p.y for p in confetti.pieces)])
    assert highest < RAILS.centery, "shot up over the table"
    for _ in range(60 * 12):
        confetti.step(1 / 60)
    assert not confetti.falling, "and gone once fallen"


def test_the_end_of_a_game_with_a_winner_throws_confetti(make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.table import TableScene
    from greed_game.play.setup import GameSetup

    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = TableScene.new(app, GameSetup("farkel-family", [Player("Ada", "bold"), Player("Bo", "bold")],
                                          {"target": 1000}))
    app.stack.replace(table)
    drive.until(lambda: table.turn.mode == "over", limit=60 * 900)
    assert table.game.state.winners and table.notices.confetti.falling
    assert table.idle_for() == 0, "the window draws the confetti falling"
    drive.frames(1)
    card = table.notices.card[1]
    assert table.snap.banner is not None and table.notices.card[0] == table.snap.banner.serial
    assert not [d for d in table.felt.dice if _covers(card, d.x, d.y)], "who won, clear of the last dice"
    assert abs(card.centerx - FELT.centerx) <= FELT.w / 4 and abs(card.centery - FELT.centery) <= FELT.h / 4, \
        "and near the middle"


def test_confetti_is_for_a_person_s_win_or_a_game_of_computers_not_a_person_s_loss() -> None:
    from greed_game.app.scenes.table import _celebrated

    from .scenarios import finished_game

    people = (Player("Tess", "human"), Player("Ada", "bold"))
    outcomes = set()
    for seed in range(6):
        game = finished_game(seed=seed, players=people)
        won = 0 in game.state.winners
        assert _celebrated(game) == won
        outcomes.add(won)
    assert outcomes == {True, False}, "(both a win and a loss were seen)"
    assert _celebrated(finished_game(seed=1, players=(Player("Ada", "bold"), Player("Bo", "cautious"))))


def test_a_banner_keeps_off_the_rows_where_the_next_thrower_s_dice_come_to_lie(app: App) -> None:
    from greed_game.app.scenes.felt import ROW_LINES

    said = Said("Penny starts", "Roll-off: You 1  ·  Penny 3")
    for lying in ([], [(FELT.centerx - 200, FELT.centery + 30)], [(FELT.left + 60, FELT.top + 200)]):
        card = banner_card(app.canvas, said, lying, ROW_LINES)
        assert not [p for p in lying if _covers(card, *p)]
        assert not [p for p in ROW_LINES if _covers(card, *p)], (lying, card)
    # a die lying in the middle leaves no room between the rows: the card keeps off the die first
    card = banner_card(app.canvas, said, [(FELT.centerx, FELT.centery)], ROW_LINES)
    assert not _covers(card, FELT.centerx, FELT.centery)


def test_a_bank_straight_from_a_keep_places_its_banner_clear_of_the_keep_s_callout(
        make_app: Callable[..., App]) -> None:
    """Kept and banked with one Enter, the callout and the banner are new in the same frame: the callout is
    placed first and the banner keeps clear of it (the callout was pushed against the banner's top)."""
    app = make_app()
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)])
    table.felt.callout_at = (FELT.centerx, FELT.centery)
    table.turn.notices.call(Said("Three pairs!", "+1,000"), 2.0)
    table.turn.notices.show(Said("Tess banks 1,000", "Total 1,000"), 2.0)
    table.turn._snapshot = None
    table.notices.place(app.canvas, table.snap)
    spot, card = table.notices.callout_spot[1], table.notices.card[1]
    assert not card.colliderect(spot.inflate(2 * BANNER_GAP, 2 * BANNER_GAP)), (spot, card)


def test_a_combination_kept_and_thrown_on_with_space_is_called_out_clear_of_the_throw(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.felt import flight_path

    for seed in range(4):
        app = make_app(animation_speed="normal", seed=seed)
        drive = Driver(app)
        table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((2, 2, 2, 2, 3, 6))], seed=seed)
        drive.frames(2)
        pick(table, [2, 2, 2, 2])
        drive.press("space", frames=0)
        drive.frames(1)
        path = flight_path(table.felt)
        assert len(path) > 20 and table.snap.callout is not None
        card = table.notices.callout_spot[1]
        assert table.notices.callout_spot[0] == table.snap.callout.serial
        assert not any(_covers(card, x, y) for x, y in path), f"seed {seed}: the callout lies across the throw"


def test_hot_dice_thrown_on_with_space_are_thrown_once_their_banner_is_read_not_later(
        make_app: Callable[..., App]) -> None:
    """The banner's time had waited for the six to be carried to the tray and back: thrown on 3.6 s after the keep,
    the banner gone a second before (helper-46)."""
    from greed_game.play.turn import HOT_SEEN

    drive = Driver(make_app(animation_speed="normal"))
    table = hot_dice_thrown_on(drive, (1, 2, 3, 4, 5, 6))
    shown = 0
    frames = 0
    while table.felt.playing is None and frames < 600:
        banner = table.snap.banner
        shown += banner is not None and banner.said.title == "Hot dice!"
        assert not (table.tray.passing and table.turn.mode == "rolling"), "thrown before the six were in the row"
        drive.frames(1)
        frames += 1
    assert table.felt.playing is not None
    assert shown / 60 >= HOT_SEEN - 0.1, "the banner was on show its time"
    assert frames / 60 < HOT_SEEN + 0.9, f"thrown on {frames / 60:.2f} s after the keep"


def test_a_computers_hot_dice_are_thrown_on_once_their_banner_is_read(make_app: Callable[..., App]) -> None:
    from greed_game.play.turn import HOT_SEEN

    from .scenarios import BRUTUS

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    # ($GREED's hot dice must be thrown on)
    table = table_at(app, "dollar-greed", [BRUTUS, TESS], [Roll((1, 2, 3, 4, 5, 6))], seed=3)
    drive.until(lambda: bool(table.tray.dice), limit=600)
    frames = 0
    while table.felt.playing is None and frames < 600:
        carried_in = bool(table.tray.passing)
        drive.frames(1)
        frames += 1
        assert not (carried_in and table.felt.playing is not None), "thrown on before the six were in the row"
    assert frames / 60 < HOT_SEEN + 0.9, f"thrown on {frames / 60:.2f} s after the keep"


def test_a_row_passed_on_to_the_next_thrower_is_turned_over_and_clear_of_their_turn_s_banner(
        make_app: Callable[..., App]) -> None:
    """Laid for hot dice to be thrown on and then banked, the six had reached the next player still showing the
    straight just banked, 1 to 6 (helper-47); and the banner of that player's turn had lain over the row."""

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [ADA, TESS], [FirstPlayer(0), Roll((1, 2, 3, 4, 5, 6))], seed=11)
    drive.until(lambda: len(table.felt.hold.fresh) == 6 and not table.felt.hold.lying and not table.tray.moving(),
                limit=900)
    faces = {id(d): d.showing for d in table.felt.hold.fresh}
    assert sorted(faces.values()) == [1, 2, 3, 4, 5, 6], "(laid for Ada to throw on, showing the straight)"
    drive.until(lambda: table.snap.human_turn, limit=900)
    drive.until(lambda: not table.felt.hold.lying, limit=900)
    row = table.felt.hold.fresh
    assert {id(d) for d in row} == set(faces), "the same six, passed on"
    assert all(d.showing != faces[id(d)] for d in row), "each turned over on its way"
    card = table.notices.card[1]
    assert table.snap.banner is not None and card is not None
    assert not any(card.colliderect(pygame.Rect(d.x - d.size / 2, d.y - d.size / 2, d.size, d.size)) for d in row)
