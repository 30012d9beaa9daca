"""Scenario records under tests/records, replayed: every knob of every preset, and illegal events.

Each record is a ``greed-record/1`` game. The expected outcomes below are worked out by
hand from RULES.md, not copied from the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from greed_game.presets import replay
from greed_game.rules import (
    Event,
    Game,
    IllegalAction,
    Offer,
    Record,
    RecordError,
    Roll,
    State,
    Void,
    read_record,
    write_record,
)
from greed_game.rules.record import event_to_data, summary

RECORDS = Path(__file__).resolve().parent.parent / "records"


def load(name: str) -> Record:
    return read_record((RECORDS / name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Outcome:
    """The exact state a record must replay to."""

    scores: tuple[int, ...]
    on_board: tuple[bool, ...]
    current: int
    events: int
    phase: str = "roll"
    turn_points: int = 0
    carried: int = 0
    dice_left: int | None = None
    """None: the preset's full set of dice."""
    winners: tuple[int, ...] = ()
    final: bool = False
    owed: tuple[int, ...] = ()
    offer: Offer | None = None
    high_mark: int | None = None

    def check(self, game: Game) -> None:
        s = game.state
        expected = {
            "finished": self.phase == "over",
            "scores": list(self.scores),
            "winners": list(self.winners),
            "current_player": self.current,
            "turn_points": self.turn_points,
            "phase": self.phase,
            "on_board": list(self.on_board),
            "dice_left": game.rules.dice if self.dice_left is None else self.dice_left,
            "final_round": self.final,
            "owed_final_turns": list(self.owed),
            "events": self.events,
            "rules": game.rules.id,
        }
        assert summary(game) == expected
        assert s.offer == self.offer
        assert s.carried == self.carried
        assert s.high_mark == self.high_mark
        assert s.throw is None or self.phase == "keep"


T, F = True, False

OUTCOMES: dict[str, Outcome] = {
    # --- pass-the-dice (000) -------------------------------------------------------------
    # 100 + 500 = 600 >= 500: on the board; the next player declines the 2 dice, then busts.
    "pass-the-dice-entry-met.json": Outcome((600, 0), (T, F), current=0, events=7),
    # 1000 banked with 3 dice left; Ben builds 1050 (carried points count for the entry) and
    # passes 2 dice on; Cy builds 1100 and passes 1 die on; Ann takes it.
    "pass-the-dice-carryover-chain.json": Outcome(
        (1000, 1050, 1100), (T, T, T), current=0, events=12, turn_points=1100, carried=1100, dice_left=1
    ),
    # Declined: Ben starts fresh with six dice and keeps three 6s.
    "pass-the-dice-carryover-declined.json": Outcome(
        (1000, 0), (T, F), current=1, events=6, turn_points=600, dice_left=3
    ),
    # 1-2-3-4-5-6 = 2000 banked on hot dice: no carryover. Ben takes hot dice (1500), throws on and busts.
    "pass-the-dice-hot-dice-optional.json": Outcome((2000, 0), (T, F), current=0, events=6),
    # Two void throws change nothing; the 2-3-4-5-6 straight (1000) is lost on the last die.
    "pass-the-dice-void.json": Outcome((0, 0), (F, F), current=1, events=7),
    # Cy (seat 2) won the roll-off and busts; Ann keeps four 1s (2000, doubling).
    "pass-the-dice-first-player.json": Outcome(
        (0, 0, 0), (F, F, F), current=0, events=4, turn_points=2000, dice_left=2
    ),
    # Target 1000: Ann reaches it, Ben ties in his final turn: "tie or beat", both win.
    "pass-the-dice-final-tie.json": Outcome(
        (1000, 1000), (T, T), current=1, events=7, phase="over", winners=(0, 1), final=True
    ),
    # Ben triggers the end; Cy (carryover, 1050) and Ann (bust) each get exactly one turn.
    "pass-the-dice-final-turns.json": Outcome(
        (0, 1000, 1050), (F, T, T), current=0, events=10, phase="over", winners=(2,), final=True
    ),
    # The source example, but Dianna's last throw was off the felt; she throws a 5 instead:
    # 2850 carried + 50 = 2900 on hot dice, 1850 + 2900 = 4750 beats William.
    "pass-the-dice-void-final-throw.json": Outcome(
        (4750, 2850), (T, T), current=0, events=28, phase="over", winners=(0,), final=True
    ),
    # --- classic-five (001) --------------------------------------------------------------
    # 1 1 1 3 1: four 1s keep = 1100 (no four of a kind); Ben keeps 1 1 5 = 250 from 5 1 3 4 1.
    "classic-five-entry-met.json": Outcome(
        (1100, 0), (T, F), current=1, events=5, turn_points=250, dice_left=2
    ),
    # Target 1000, three players: Ben tops Ann after hot dice, Cy busts in his final turn.
    "classic-five-final-round.json": Outcome(
        (1000, 1250, 0), (T, T, F), current=2, events=11, phase="over", winners=(1,), final=True
    ),
    # --- dollar-greed (002) --------------------------------------------------------------
    # Banking right after 6 6 6 2 3 keeps the three $ (600): 100 + 600 = 700. Ben keeps
    # three D = three singles = 300 (no DDD triple).
    "dollar-greed-bank-keeps-best.json": Outcome(
        (700, 0), (T, F), current=1, events=6, turn_points=300, dice_left=3
    ),
    # Ben starts (roll-off); two same-colour triples (600) force a throw of all six; banking
    # then keeps the best selection (the D): 700.
    "dollar-greed-hot-dice.json": Outcome((0, 700), (F, T), current=0, events=7),
    # Target 1000: Ann banks DDDD; Ben may not bank at 1000 (tie), throws on and tops with 1050.
    "dollar-greed-must-top.json": Outcome(
        (1000, 1050), (T, T), current=1, events=7, phase="over", winners=(1,), final=True
    ),
    # Three players: Ben busts, Cy reaches a tie (1050), may not bank it and busts. Ann wins.
    "dollar-greed-must-top-bust.json": Outcome(
        (1050, 0, 0), (T, F, F), current=2, events=11, phase="over", winners=(0,), final=True
    ),
    # --- farkel-family (003) -------------------------------------------------------------
    # 1050 with two dice left; 4 4 is a non-scoring pair: six fresh dice, 1-2-3-4-5-6 (1000),
    # banked 2050. Ben's three pairs (1000) use all six dice: hot dice.
    "farkel-family-doubles-rescue.json": Outcome(
        (2050, 0), (T, T), current=1, events=10, turn_points=1000
    ),
    # Banking right after the rescue: 1050, and no carryover (six fresh dice, none left unthrown).
    "farkel-family-doubles-rescue-bank.json": Outcome((1050, 0), (T, T), current=1, events=6),
    # 4 6 is no pair: a bust. Ben's 2 2 6 6 3 4 is only two pairs: a bust.
    "farkel-family-no-rescue.json": Outcome((0, 0), (T, T), current=0, events=4),
    # No entry minimum; free carryovers chained twice; Ann's void throw changes nothing and
    # her single last die busts.
    "farkel-family-carryover.json": Outcome((100, 150), (T, T), current=1, events=13),
    # Target 1000: four 5s plus a pair as three pairs (1000); Ben ties with three pairs: both win.
    "farkel-family-final-round.json": Outcome(
        (1000, 1000), (T, T), current=1, events=6, phase="over", winners=(0, 1), final=True
    ),
    # --- official (004) ------------------------------------------------------------------
    # 1 2 3 4 1 = 850 (small straight + single 1) on hot dice, no carryover.
    "official-entry-met.json": Outcome((850, 0), (T, F), current=1, events=5, turn_points=500, dice_left=2),
    # Ben takes 1000 on two dice, throws 1 5 (hot dice), keeps three 1s: own points 1150 >= 600,
    # banks 2150 and offers 2 dice; Ann declines (it is lost).
    "official-carryover-success.json": Outcome((1000, 2150), (T, T), current=0, events=10),
    # A strict carryover of 3 dice thrown as 2 2 2: a triple alone is a bust; nothing passes on.
    "official-strict-carryover-triple.json": Outcome((1150, 750), (T, T), current=0, events=14),
    # The carryover throw after a void is still strict: 3 3 3 busts.
    "official-void-strict-carryover.json": Outcome((150, 0), (T, T), current=0, events=7),
    # Target 1000: Ann sets 1000, Ben beats it (1050), Cy ties 1050, Ann busts. Ben reached
    # 1050 first and wins the tie.
    "official-score-to-beat.json": Outcome(
        (1000, 1050, 1050), (T, T, T), current=0, events=13, phase="over", winners=(1,), final=True,
        high_mark=1050,
    ),
    # Ann 1000 (mark), Ben busts, Cy beats (1050): a new cycle; Ann beats again (3000): another
    # cycle; Ben busts on the carried die, Cy busts. Ann wins.
    "official-score-to-beat-cycles.json": Outcome(
        (3000, 0, 1050), (T, F, T), current=2, events=15, phase="over", winners=(0,), final=True,
        high_mark=3000,
    ),
}

ILLEGAL: dict[str, tuple[int, str]] = {
    "pass-the-dice-entry-missed.json": (4, "entry-minimum"),
    "pass-the-dice-no-offer-after-hot-dice.json": (3, "no-offer"),
    "pass-the-dice-first-player-late.json": (1, "first-player-late"),
    "classic-five-entry-missed.json": (4, "entry-minimum"),
    "classic-five-no-carryover.json": (3, "no-offer"),
    "dollar-greed-bank-after-non-best-keep.json": (2, "scoring-dice-left"),
    "dollar-greed-bank-all-dice-score.json": (1, "hot-dice-mandatory"),
    "dollar-greed-hot-dice-mandatory.json": (2, "hot-dice-mandatory"),
    "dollar-greed-entry-missed.json": (1, "entry-minimum"),
    "dollar-greed-must-top-tie.json": (3, "must-top"),
    "official-entry-missed.json": (2, "entry-minimum"),
    "official-carried-points-do-not-count.json": (6, "entry-minimum"),
    "official-carryover-keep-needs-1-or-5.json": (5, "carryover-keep"),
    "illegal-after-game-over.json": (3, "game-over"),
    "illegal-keep-not-thrown.json": (1, "not-thrown"),
    "illegal-keep-free-die.json": (1, "free-die"),
    "illegal-wrong-dice-count.json": (2, "wrong-dice-count"),
    "illegal-roll-value.json": (0, "bad-value"),
    "illegal-void-not-after-roll.json": (2, "void-not-after-roll"),
    "illegal-roll-before-answer.json": (3, "offer-pending"),
    "illegal-bank-before-keep.json": (1, "keep-first"),
    "illegal-bank-before-throw.json": (0, "nothing-kept"),
    "illegal-first-player-seat.json": (0, "no-such-seat"),
}


def test_every_record_has_an_expected_outcome() -> None:
    files = {p.name for p in RECORDS.glob("*.json")}
    known = set(OUTCOMES) | set(ILLEGAL) | {"source-000-example.json"}
    assert files == known
    assert not set(OUTCOMES) & set(ILLEGAL)


def test_source_000_example_game() -> None:
    game = replay(load("source-000-example.json"))
    state = game.state
    assert state.finished
    assert state.scores == (1850, 2850)
    assert state.winners == (1,)
    assert [p.name for p in game.players] == ["Dianna", "William"]
    assert game.rules.target == 2000


def test_source_000_example_step_by_step() -> None:
    """The scores the source prints between the turns of its example."""
    record = load("source-000-example.json")
    checkpoints = {5: (500, 0), 7: (500, 0), 16: (1850, 0), 22: (1850, 2850), 24: (1850, 2850)}
    for upto, scores in checkpoints.items():
        assert replay(record, upto=upto).state.scores == scores, upto
    # William may roll the single die left by Dianna, building on her 500.
    after_bank = replay(record, upto=5).state
    assert after_bank.phase.value == "carryover"
    assert after_bank.offer == Offer(500, 1, 0)
    # William's 5 5 5 adds 500 to the 1350 he took over: 1850, hot dice.
    mid = replay(record, upto=19).state
    assert (mid.current, mid.turn_points, mid.dice_left) == (1, 1850, 6)


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_scenario_record(name: str) -> None:
    game = replay(load(name))
    OUTCOMES[name].check(game)


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_record_names_event_and_rule(name: str) -> None:
    index, rule = ILLEGAL[name]
    record = load(name)
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert err.index == index
    assert err.rule == rule
    message = str(err)
    assert message.startswith(f"event {index} ")
    assert json.dumps(event_to_data(record.events[index])) in message
    assert f"[{rule}]" in message
    # The illegal event is the last of each record: everything before it replays.
    assert index == len(record.events) - 1
    replay(record, upto=index)


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_event_leaves_the_game_as_it_was(name: str) -> None:
    index, rule = ILLEGAL[name]
    record = load(name)
    game = replay(record, upto=index)
    before: State = game.state
    events_before = list(game.events)
    with pytest.raises(IllegalAction) as info:
        game.apply(record.events[index])
    assert info.value.rule == rule
    assert game.state is before
    assert game.state == replay(record, upto=index).state
    assert game.events == events_before


def _without_voids(record: Record) -> Record:
    events = list(record.events)
    kept: list[Event] = []
    for i, event in enumerate(events):
        if isinstance(event, Void):
            continue
        if isinstance(event, Roll) and i + 1 < len(events) and isinstance(events[i + 1], Void):
            continue
        kept.append(event)
    return replace(record, events=kept)


VOID_RECORDS = sorted(n for n in OUTCOMES if any(isinstance(e, Void) for e in load(n).events))


def test_void_records_exist_for_each_preset() -> None:
    rules = {load(n).rules for n in VOID_RECORDS}
    assert rules == {"pass-the-dice", "classic-five", "dollar-greed", "farkel-family", "official"}


@pytest.mark.parametrize("name", VOID_RECORDS)
def test_void_throws_change_nothing_but_the_throw(name: str) -> None:
    record = load(name)
    voids = sum(isinstance(e, Void) for e in record.events)
    with_voids = replay(record).state
    without = replay(_without_voids(record)).state
    assert with_voids.events == without.events + 2 * voids
    # ``reached`` holds event indexes (for tie-breaks): shifted by the voids, but in the same order.
    assert with_voids == replace(without, events=with_voids.events, reached=with_voids.reached)
    seats = range(with_voids.players)
    assert sorted(seats, key=lambda i: with_voids.reached[i]) == sorted(seats, key=lambda i: without.reached[i])


@pytest.mark.parametrize("name", VOID_RECORDS)
def test_void_restores_the_state_before_the_throw(name: str) -> None:
    record = load(name)
    for i, event in enumerate(record.events):
        if isinstance(event, Void):
            before_roll = replay(record, upto=i - 1).state
            after_void = replay(record, upto=i + 1).state
            assert after_void == replace(before_roll, events=before_roll.events + 2)


@pytest.mark.parametrize("name", ["source-000-example.json", *sorted(OUTCOMES)])
def test_record_text_round_trip(name: str) -> None:
    record = load(name)
    again = read_record(write_record(record))
    assert again.rules == record.rules
    assert again.overrides == record.overrides
    assert again.players == record.players
    assert again.events == record.events
    assert replay(again).state == replay(record).state


def test_record_keeps_unknown_fields() -> None:
    data: dict[str, Any] = json.loads((RECORDS / "pass-the-dice-void.json").read_text(encoding="utf-8"))
    data["date"] = "2024-01-01"
    record = read_record(json.dumps(data))
    assert record.extra == {"date": "2024-01-01"}
    assert json.loads(write_record(record))["date"] == "2024-01-01"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "chess-pgn", "rules": "official", "players": [{"name": "A"}]}', "not a Greed game record"),
        ('{"format": "greed-record/2", "rules": "official", "players": [{"name": "A"}]}', "newer"),
        ('{"format": "greed-record/1", "rules": 7, "players": [{"name": "A"}]}', "'rules'"),
        ('{"format": "greed-record/1", "rules": "official", "players": []}', "'players'"),
        ('{"format": "greed-record/1", "rules": "official", "players": [{"name": "A"}], "events": {}}', "'events'"),
    ],
)
def test_malformed_record_is_refused(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        read_record(text)


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"roll": "123"}, "dice must be a list"),
        ({"keep": [1, True]}, "dice must be a list"),
        ({"bank": False}, "bank must be true"),
        ({"carryover": "yes"}, "carryover must be true or false"),
        ({"void": "sideways"}, "void must be"),
        ({"first_player": True}, "seat number"),
        ({"pass": True}, "unknown event"),
        ({"roll": [1], "keep": [1]}, "one key"),
    ],
)
def test_malformed_event_names_its_index(event: dict[str, Any], words: str) -> None:
    data = {
        "format": "greed-record/1",
        "rules": "pass-the-dice",
        "players": [{"name": "A"}],
        "events": [{"roll": [1, 2, 3, 4, 6, 6]}, event],
    }
    with pytest.raises(RecordError, match=words) as info:
        read_record(json.dumps(data))
    assert info.value.index == 1
    assert str(info.value).startswith("event 1:")


def test_record_with_unknown_rules_is_refused() -> None:
    data: dict[str, Any] = {"format": "greed-record/1", "rules": "yahtzee", "players": [{"name": "A"}]}
    with pytest.raises(RecordError, match="yahtzee"):
        replay(read_record(json.dumps(data)))
    data.update(rules="official", overrides={"target": -5})
    with pytest.raises(RecordError, match="target") as info:
        replay(read_record(json.dumps(data)))
    assert info.value.rule == "rules"


def test_inline_rules_table_record() -> None:
    from greed_game.presets import preset

    table = preset("classic-five").to_dict()
    data = json.loads((RECORDS / "classic-five-entry-met.json").read_text(encoding="utf-8"))
    data["rules"] = table
    game = replay(read_record(json.dumps(data)))
    OUTCOMES["classic-five-entry-met.json"].check(game)
