"""The hands that throw for the table (:mod:`greed_game.play.voids`): the void-throw setting, void throws asked
for, and where each seat throws from."""

from __future__ import annotations

import random

import pytest

from greed_game.app.scenes.felt import CAMERA
from greed_game.app.scenes.table_parts import plate_position
from greed_game.physics import TABLE
from greed_game.play.voids import Hands, Toss, seat_spot


def _check_values(toss: Toss, values: tuple[int, ...]) -> None:
    assert len(toss.layouts) == len(values)
    for face, layout, value in zip(toss.film.faces, toss.layouts, values, strict=True):
        assert layout[face] == value


def test_with_voids_off_no_toss_is_void() -> None:
    hands = Hands(lambda: "off", random.Random(8))
    rng = random.Random(2)
    for n in range(60):
        values = tuple(rng.randint(1, 6) for _ in range(6 - n % 3))
        players = 2 + n % 4
        toss = hands.toss(values, n % players, players)
        assert toss.void is None and toss.against is None, f"toss {n}: {toss.film.void}"
        assert toss.film.void is None
        _check_values(toss, values)


@pytest.mark.parametrize(("reason", "against"), [("leaning", ("rail", "die")), ("off-felt", ("floor",))])
def test_a_void_asked_for_is_the_void_thrown(reason: str, against: tuple[str, ...]) -> None:
    hands = Hands(lambda: "off", random.Random(3))  # even with voids off
    hands.forced.append(reason)  # type: ignore[arg-type]
    values = (1, 5, 2, 2, 6, 3)
    toss = hands.toss(values, 0, 2)
    assert toss.void == reason
    assert toss.against in against
    assert hands.forced == []
    _check_values(toss, values)
    film = toss.film
    die = film.void[1] if film.void is not None else -1
    if reason == "leaning":
        assert film.cocked[die]
    else:
        assert film.fell[die] and film.off_felt[die]
    # one forced void only: the next throw follows the setting
    assert hands.toss(values, 0, 2).void is None


@pytest.mark.parametrize("players", range(1, 9))
def test_seats_sit_round_the_table_where_their_name_plates_are(players: int) -> None:
    spots = []
    for seat in range(players):
        x, side = seat_spot(seat, players)
        px, bottom = plate_position(seat, players)
        assert side == (-1 if bottom else 1)
        assert CAMERA.to_screen(x, 0.0)[0] == pytest.approx(px)
        assert -TABLE.half_width < x < TABLE.half_width
        spots.append((x, side))
    assert len(set(spots)) == players, "no two seats throw from one place"
    bottom = [x for x, side in spots if side == -1]
    top = [x for x, side in spots if side == 1]
    assert bottom == sorted(bottom) and top == sorted(top, reverse=True), "clockwise: left to right along the bottom"


def test_each_seat_throws_from_its_own_rail_across_the_felt() -> None:
    hands = Hands(lambda: "realistic", random.Random(4))
    for seat in range(4):
        flick = hands.flick(seat, 4)
        x, side = seat_spot(seat, 4)
        assert flick.side == side
        assert abs(flick.x - x) <= 1.0
        assert flick.aim[1] * side < 0, "the dice go away from the thrower's rail"


def test_a_void_says_how_many_dice_went_off_the_felt_and_where() -> None:
    from dataclasses import replace

    from greed_game.narrator import Narrator
    from greed_game.presets import preset

    hands = Hands(lambda: "rare", random.Random(3))
    film = hands.toss((1, 2, 3, 4, 5, 6), 0, 2).film
    words = Narrator(preset("classic-five"), ["You", "Ada"]).events
    cases = [
        ((True, True, True, True, False, False), (True, True, True, True, False, False), "floor", 4,
         "4 dice fell off the table: all 6 dice are thrown again"),
        ((False, True, False, False, False, False), (False, False, False, False, False, False), "rail", 1,
         "A die came to rest on the rail: all 6 dice are thrown again"),
        ((True, True, False, False, False, False), (True, False, False, False, False, False), "over", 2,
         "2 dice went over the rail: all 6 dice are thrown again"),
    ]
    for off, fell, against, count, said in cases:
        toss = Toss(replace(film, off_felt=off, fell=fell), ())
        assert toss.void == "off-felt" and toss.against == against and toss.void_count == count
        assert words.void("off-felt", toss.against, 6, toss.void_count).sub == said
