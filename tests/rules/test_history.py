"""Per-turn figures derived from a game's events (greed_game.rules.history)."""

from __future__ import annotations

from pathlib import Path

import pytest

from greed_game.presets import preset, replay
from greed_game.rules import Bank, Carryover, Event, Game, IllegalAction, Keep, Player, Roll, Void, read_record
from greed_game.rules.history import TurnResult, face_counts, game_history, history

RECORDS = Path(__file__).resolve().parent.parent / "records"


def test_source_example_turn_by_turn() -> None:
    game = replay(read_record((RECORDS / "source-000-example.json").read_text(encoding="utf-8")))
    h = game_history(game)
    assert h.turns == (
        TurnResult(seat=0, points=500, banked=True, carried=0, throws=2, first_event=0, last_event=4),
        TurnResult(seat=1, points=0, banked=False, carried=500, throws=1, first_event=5, last_event=6, lost=500),
        TurnResult(seat=0, points=1350, banked=True, carried=0, throws=4, first_event=7, last_event=15),
        TurnResult(seat=1, points=2850, banked=True, carried=1350, throws=2, first_event=16, last_event=21),
        TurnResult(seat=0, points=0, banked=False, carried=2850, throws=1, first_event=22, last_event=23,
                   lost=2850),
    )
    assert [t.own_points for t in h.turns] == [500, 0, 1350, 1500, 0]
    assert [t.bust for t in h.turns] == [False, True, False, False, True]
    assert sum(t.points for t in h.turns_of(0)) == game.state.scores[0] == 1850
    assert sum(t.points for t in h.turns_of(1)) == game.state.scores[1] == 2850
    # Rolls: 6+4+1+6+5+6+5+3+6+1 dice
    assert h.faces == (7, 10, 12, 4, 9, 1) == face_counts(game.events)
    assert h.state == game.state


def test_a_void_bust_is_not_a_turn() -> None:
    rules = preset("classic-five")
    events: list[Event] = [
        Roll((2, 3, 4, 6, 6)),
        Void("leaning"),
        Roll((1, 3, 4, 6, 6)),
        Keep((1,)),
        Roll((2, 3, 4, 6)),
        Void("off-felt"),
    ]
    h = history(rules, 2, events)
    assert h.turns == ()
    assert h.state.current == 0 and h.state.turn_points == 100
    # The voided dice were still shown by the dice.
    assert h.faces == face_counts(events) == (1, 2, 3, 3, 0, 5)
    h = history(rules, 2, [*events, Roll((2, 3, 4, 6)), Roll((1, 1, 1, 2, 2))])
    assert h.turns == (
        TurnResult(seat=0, points=0, banked=False, carried=0, throws=2, first_event=0, last_event=6, voids=2,
                   lost=100),
    )


def test_doubles_rescue_and_a_bank() -> None:
    rules = preset("farkel-family")
    events: list[Event] = [
        Roll((1, 1, 5, 5, 2, 3)),
        Keep((1, 1, 5, 5)),
        Roll((4, 4)),  # rescued: six fresh dice
        Roll((1, 2, 3, 4, 6, 6)),
        Keep((1,)),
        Bank(),
        Carryover(False),
        Roll((2, 3, 4, 6, 6, 2)),
    ]
    h = history(rules, 2, events)
    assert h.turns == (
        TurnResult(seat=0, points=400, banked=True, carried=0, throws=3, first_event=0, last_event=5),
        TurnResult(seat=1, points=0, banked=False, carried=0, throws=1, first_event=6, last_event=7, declined=True,
                   declined_points=400),
    )


def test_an_illegal_event_raises_like_apply() -> None:
    with pytest.raises(IllegalAction):
        history(preset("classic-five"), 2, [Bank()])


def test_live_game_in_progress_lists_finished_turns_only() -> None:
    game = Game(preset("classic-five"), [Player("A"), Player("B")])
    game.apply(Roll((1, 5, 2, 3, 4)))
    game.apply(Keep((1, 5)))
    assert game_history(game).turns == ()


def test_the_keeps_of_the_turn_in_progress_survive_a_void_bust() -> None:
    rules = preset("classic-five")
    events: list[Event] = [Roll((1, 2, 3, 4, 6)), Keep((1,)), Roll((5, 2, 3, 4)), Keep((5,))]
    assert history(rules, 2, events).open_keeps == (((1,), 100, False), ((5,), 50, False))
    busted = [*events, Roll((2, 3, 4))]
    assert history(rules, 2, busted).open_keeps == ()
    assert history(rules, 2, [*busted, Void("leaning")]).open_keeps == (((1,), 100, False), ((5,), 50, False))


def test_an_open_keep_says_whether_it_made_hot_dice() -> None:
    rules = preset("pass-the-dice")
    events: list[Event] = [Roll((1, 1, 1, 5, 5, 2)), Keep((1, 1, 1, 5)), Roll((5, 5)), Keep((5, 5)),
                           Roll((1, 2, 3, 4, 6, 6)), Keep((1,))]
    assert [hot for _, _, hot in history(rules, 2, events).open_keeps] == [False, True, False]
