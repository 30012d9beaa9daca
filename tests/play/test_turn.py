"""The table's flow without a window: a fake view stands in for the felt, the dice and the tray."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from greed_game.narrator import Skin
from greed_game.play.moments import (
    BankedMoment,
    BankTurn,
    BustMoment,
    GameOverMoment,
    Hurry,
    LeaveTable,
    Refused,
    RollOffThrown,
    Settled,
    ThrowDice,
    Thrown,
    ToggleDie,
    ToggleHint,
)
from greed_game.play.turn import CALLOUT_THROWN, TurnController
from greed_game.presets import preset
from greed_game.rules import FirstPlayer, Game, Phase, Player, Record
from greed_game.rules.game import VoidReason


@dataclass
class Settings:
    animation_speed: str = "normal"
    void_frequency: str = "off"
    opponents_talk: bool = True


@dataclass
class Saver:
    saved: int = 0
    finished: list[Record] = field(default_factory=list)

    def save(self, record: Record, rng: random.Random, seed: int | None) -> None:
        self.saved += 1

    def finish(self, record: Record) -> None:
        self.finished.append(record)


class FakeView:
    """The screen as plain lists: it plays the flow's moments; thrown dice land on the next tick."""

    def __init__(self) -> None:
        self.flying = False
        self.void: VoidReason | None = None
        self.sounds: list[str] = []
        self.over = False
        self.throws: list[tuple[tuple[int, ...], int, VoidReason | None]] = []
        self.roll_offs: list[dict[int, int]] = []
        self.turn: TurnController | None = None

    def play(self) -> None:
        assert self.turn is not None
        for moment in self.turn.moments.take():
            if isinstance(moment, Thrown):
                assert not self.flying, "a throw started while dice were flying"
                self.flying, self.void = True, moment.void
                self.throws.append((tuple(v for _, v in moment.dice), moment.seat, moment.void))
                self.sounds.append("throw")
            elif isinstance(moment, RollOffThrown):
                assert not self.flying, "a roll-off throw started while dice were flying"
                self.flying, self.void = True, None
                self.roll_offs.append(dict(zip(moment.seats, moment.dice, strict=True)))
            elif isinstance(moment, LeaveTable):
                self.over = True
            elif isinstance(moment, (BustMoment, BankedMoment, GameOverMoment)):
                self.sounds.append("bust" if isinstance(moment, BustMoment) else "bank")

    def land(self) -> None:
        self.play()
        if self.flying and self.turn is not None:
            self.flying = False
            self.turn.send(Settled())
            self.play()

    @property
    def felt(self) -> list[int]:
        assert self.turn is not None
        return list(self.turn.selection.dice.values())


def _controller(
    players: list[Player], rules_id: str = "classic-five", *, seed: int = 4, skin: Skin = "pips",
    overrides: dict[str, object] | None = None,
) -> tuple[TurnController, FakeView, Saver]:
    rules = preset(rules_id).with_overrides(overrides or {})
    view, saver = FakeView(), Saver()
    turn = TurnController(
        Game(rules, players), rng=random.Random(seed), seed=seed, rules_ref=rules_id,
        overrides=dict(overrides or {}), saver=saver, pacing=Settings, skin=lambda: skin,
        visual_rng=random.Random(0),
    )
    view.turn = turn
    return turn, view, saver


def _first_throw(turn: TurnController, dice: tuple[int, ...]) -> None:
    """Seat 0 starts and has thrown ``dice``, on show."""
    from greed_game.rules import Roll

    turn.game.apply(FirstPlayer(0))
    turn.game.apply(Roll(dice))
    turn.selection.throw(list(dice))
    turn.ready()


def _run(turn: TurnController, view: FakeView, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(int(seconds / dt)):
        view.land()
        turn.update(dt)
        view.play()
        if view.over:
            return


def test_the_flow_needs_no_window() -> None:
    code = "import sys, greed_game.play.turn; assert 'pygame' not in sys.modules and 'moderngl' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_computers_play_a_whole_game_at_a_human_pace() -> None:
    turn, view, saver = _controller([Player("Ada", "expert"), Player("Bo", "cautious")],
                                    overrides={"target": 1000})
    turn.start_new()
    turn.enter()
    assert turn.mode == "wait"  # a computer thinks before it moves
    _run(turn, view, 600)
    assert view.over and turn.game.finished and turn.mode == "over"
    assert len(saver.finished) == 1 and saver.saved == len(turn.game.events)
    assert turn.notices.banner is not None and turn.notices.banner.said.title.endswith("wins!")
    # the log's last line says who won, as the banner does (it had ended on the last bank, helper-40)
    assert turn.log[-1][1].text == turn.notices.banner.said.title
    # (the line had gone blank while the result waited)
    assert turn.snapshot.status[1][0] == "The result follows; any key or click: now"
    assert "bust" in view.sounds and "bank" in view.sounds
    assert len(turn.log) >= 2 and turn.log[0][0] in (0, 1)


def test_a_bust_is_shown_only_when_the_dice_rest_and_held_until_the_person_moves_on() -> None:
    turn, view, _ = _controller([Player("You"), Player("Ada", "expert")], seed=1)
    turn.enter()
    while True:
        turn.send(ThrowDice())
        assert turn.mode == "rolling" and turn.shown.turn == 0
        assert turn.snapshot.turn_note[0] == "", "no dice 'to throw' while they fly"
        assert turn.notices.banner is None or turn.notices.banner.said.title != "Bust!"
        view.land()
        if turn.mode == "wait":  # a bust
            break
        turn.perform(turn.game.legal_actions()[0])  # keep the best
    assert turn.notices.banner is not None and turn.notices.banner.said.title == "Bust!"
    # A person's bust holds, however long, until they press a key or click: they see which dice failed.
    _run(turn, view, 30.0)
    assert turn.shown.current == 0 and turn.snapshot.acknowledging and turn.busted
    assert turn.notices.banner is not None and turn.notices.banner.said.title == "Bust!"
    assert turn.snapshot.status[1][0] == "Any key or click: on to the next turn"
    assert turn.snapshot.turn_note[0] == "", "no dice 'to throw' under a bust"
    turn.send(Hurry())
    _run(turn, view, 0.1)
    assert turn.shown.current == 1 and not turn.busted
    assert turn.notices.banner is not None and turn.notices.banner.said.title == "Ada's turn"


def test_a_person_is_told_why_a_move_is_refused_in_the_dice_vocabulary() -> None:
    for seed in range(50):
        turn, view, _ = _controller([Player("You")], "dollar-greed", seed=seed, skin="greed")
        turn.enter()
        turn.send(ThrowDice())
        view.land()
        dead = [f for f in view.felt if f in (2, 3, 4, 6)][:1]
        if turn.mode == "ready" and turn.shown.phase is Phase.KEEP and dead:
            break
    else:
        raise AssertionError("no throw with a die that does not score")
    turn.selection.choose(dead)
    turn.refresh()
    assert turn.choice.error.startswith("Cannot keep ")
    assert not any(ch.isdigit() for ch in turn.choice.error)
    turn.send(ThrowDice())
    assert turn.notices.message == turn.choice.error and turn.mode == "ready"


def test_a_refusal_goes_with_its_turn() -> None:
    """"2 cannot score in this throw" had stayed up, in red, into the next player's turn (helper-43)."""
    from greed_game.play.moments import BankTurn

    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "cautious")], "pass-the-dice",
                                overrides={"entry_minimum": 0})
    _first_throw(turn, (1, 2, 3, 4, 6, 6))
    turn.selection.choose((1, 2))
    turn.send(ThrowDice())
    assert turn.notices.message, "the 2 is refused"
    turn.selection.choose((1,))
    turn.send(BankTurn())
    assert turn.notices.message == ""
    # (under the bank's banner the turn's dice "to throw" were still said: helper-50)
    assert turn.notices.banner is not None and turn.notices.banner.said.title == "Tess banks 100"
    assert turn.snapshot.turn_note[0] == "", "no dice 'to throw' once the turn is banked"


def test_a_die_that_cannot_score_is_refused_when_picked_and_said_as_a_sentence() -> None:
    """Picked, such a die had turned every later pick red (helper-35); in the letter skin the refusal began with a
    small letter ("ebony E cannot score in this throw")."""
    from greed_game.rules import counts_of, keeps_of

    for seed in range(80):
        turn, view, _ = _controller([Player("You")], "official", seed=seed, skin="greed")
        turn.enter()
        turn.send(ThrowDice())
        view.land()
        if turn.mode != "ready" or turn.shown.phase is not Phase.KEEP:
            continue
        scoring = {f for o in keeps_of(turn.rules, counts_of(turn.selection.dice.values())) for f in o.dice}
        # a die whose word begins with a small letter (a colour: "ebony E")
        dead = [d for d, f in turn.selection.dice.items()
                if f not in scoring and turn.narrator.prompts.dice((f,))[:1].islower()]
        if dead:
            break
    else:
        raise AssertionError("no throw with a die that cannot score")
    turn.moments.take()
    turn.send(ToggleDie(dead[0]))
    assert not turn.selection.picked, "not picked"
    assert any(isinstance(m, Refused) and m.dice == (dead[0],) for m in turn.moments.take()), "it shakes"
    message = turn.notices.message
    assert message.endswith("cannot score in this throw") and message[0].isupper(), message


def test_void_throws_are_thrown_again_with_the_same_dice_count_by_the_person() -> None:
    turn, view, _ = _controller([Player("You")], seed=3)
    turn.enter()
    turn.forced_voids.extend(["off-felt", "leaning"])
    turn.send(ThrowDice())
    view.play()
    assert view.throws[-1][2] == "off-felt"
    view.land()
    assert turn.voids == 1 and turn.notices.banner is not None and turn.notices.banner.said.title == "Void throw"
    _run(turn, view, 5.0)
    assert len(view.throws) == 1 and turn.mode == "ready", "a person throws again themselves"
    assert turn.notices.banner is None
    line, tone = turn.snapshot.status[0]
    # the keys first (cut at 854×480, the line had lost them, helper-36), then why
    assert line.startswith("Space: throw 5 dice") and tone == "warn", "the reason went with the banner"
    assert line.split("  ·  ")[1].startswith(
        ("A die fell off the table", "A die went over the rail", "A die is on the rail"))
    turn.send(ThrowDice())
    view.play()
    assert "A die" not in turn.snapshot.status[0][0], "said over the next throw"
    assert len(view.throws) == 2 and view.throws[-1][2] == "leaning"
    assert len(view.throws[0][0]) == len(view.throws[1][0]) == 5
    view.land()
    assert turn.voids == 2
    # the banner says what the physics shows the die leaning on
    assert turn.notices.banner is not None
    assert re.search(r"cocked against (the rail|another die)", turn.notices.banner.said.sub)


def test_a_computer_s_void_throw_is_thrown_again_by_its_hand() -> None:
    turn, view, _ = _controller([Player("Ada", "cautious"), Player("Bo", "cautious")], seed=3)
    turn.forced_voids.append("off-felt")
    turn.enter()
    _run(turn, view, 5.5)
    assert turn.voids == 1 and len(view.throws) >= 2, "no one waits on a computer's throw"
    assert view.throws[0][2] == "off-felt" and len(view.throws[0][0]) == len(view.throws[1][0])


def test_a_shared_screen_reads_whose_turn_the_selection_and_the_advice() -> None:
    turn, view, _ = _controller([Player("Tess"), Player("Bo")], "pass-the-dice")
    _first_throw(turn, (1, 2, 3, 4, 5, 2))
    assert turn.snapshot.hot_seat and turn.human_turn and turn.snapshot.addressee == 0
    assert turn.snapshot.status[0][0] == "Keep dice: click or 1–6 (best 1,000)"
    assert turn.choice.points is None
    turn.selection.choose((1, 2, 3, 4, 5))
    turn.refresh()
    assert turn.choice.points == 1000 and turn.snapshot.status[0][0] == "Keep 1 2 3 4 5: 1,000 points"
    turn.selection.choose((2, 2))
    turn.refresh()
    assert turn.choice.points is None and turn.choice.error  # two 2s score nothing: no preview
    turn.send(ToggleHint())
    best = turn.game.options()
    assert turn.advisor.keep and turn.advisor.keep in {o.dice for o in best}  # the advice names dice to ring
    turn.send(ToggleHint())
    assert turn.advisor.keep == ()
    turn.selection.choose((1, 2, 3, 4, 5))
    turn.send(ThrowDice())
    callout = turn.notices.callout
    assert callout is not None and callout.said.title == "Straight!" and callout.said.sub == "+1,000"
    _run(turn, view, 3.0)
    assert turn.notices.callout is None  # it fades


def test_one_person_against_the_computer_is_not_named_in_every_prompt() -> None:
    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")])
    turn.enter()
    snap = turn.snapshot
    assert not snap.hot_seat and snap.addressee is None and snap.status[0][0] == "Space: throw 5 dice"


def test_a_hint_to_bank_straight_from_the_throw_rings_the_dice_the_bank_keeps() -> None:
    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "dollar-greed")
    _first_throw(turn, (6, 1, 6, 2, 6, 1))
    turn.send(ToggleHint())
    # The advice (two players: the choice that wins most often): bank, keeping the best dice (the rules say so).
    assert turn.advisor.lines[0].text.startswith("Best to win:") and "bank 800" in turn.advisor.lines[1].text
    assert turn.advisor.keep == (1, 1, 6, 6, 6)


@pytest.mark.parametrize("rules_id", ["pass-the-dice", "dollar-greed"])
def test_a_roll_off_is_thrown_with_real_dice_each_seat_from_its_place(rules_id: str) -> None:
    from greed_game.play.voids import seat_spot

    players = [Player("Ada", "expert"), Player("Bo", "expert"), Player("Cy", "expert")]
    turn, view, _ = _controller(players, rules_id)
    turn.start_new()
    assert turn.mode == "rolling"
    assert turn.snapshot.status[0][0] == "Roll-off: who throws first?"
    rounds = turn.roll_off.rounds
    first = next(m for m in turn.moments.take() if isinstance(m, RollOffThrown))
    # high-die: every seat's die at once; best-roll: the first seat's six dice
    assert first.seats == ((0, 1, 2) if rules_id == "pass-the-dice" else (0,) * 6)
    assert list(first.dice) == [v for seat in sorted(set(first.seats)) for v in rounds[0][seat]]
    film = first.toss.film
    assert film.void is None, "a roll-off throw is never void"
    start = film.poses[0]
    for n, seat in enumerate(first.seats):  # each die leaves from its seat's side of the table
        assert float(start[n, 1]) * seat_spot(seat, 3)[1] > 0
    for n, value in enumerate(first.dice):  # and rests showing the core's value
        assert first.toss.layouts[n][film.faces[n]] == value
    # every throw of the roll-off is played before the first turn starts, then the banner says who starts
    view.flying = True
    _run(turn, view, 30)
    assert not turn.roll_off.showing and turn.game.events[0].__class__.__name__ == "FirstPlayer"
    assert len(view.throws) >= 1 and view.throws[0][1] == turn.game.events[0].seat  # type: ignore[attr-defined]


def test_picking_every_die_when_all_of_them_score_says_hot_dice_before_the_throw() -> None:
    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 1, 1, 5, 5, 5))
    turn.selection.choose((1, 1, 1, 5, 5))
    turn.refresh()
    assert turn.snapshot.status[0][0] == "Keep 1 1 1 5 5: 1,100 points"
    turn.selection.choose((1, 1, 1, 5, 5, 5))
    turn.refresh()
    assert turn.snapshot.status[0][0] == "All six score: throw all six again"
    assert turn.snapshot.status[1] == ("Enter: bank 1,500", "good")
    turn.keep()
    assert [g.hot for g in turn.snapshot.tray] == [True], "the tray marks the finished set"


@pytest.mark.parametrize("kind", ["human", "expert"])
def test_the_hot_dice_banner_comes_once_the_kept_dice_are_in_the_tray(kind: str) -> None:
    """Six kept from all over the felt cross any card on their way to the tray: the banner waits for them, and a
    computer throws the six on only once it has been read."""
    from greed_game.play.moments import CARRY, CARRY_STAGGER
    from greed_game.play.turn import HOT_SEEN

    turn, view, _ = _controller([Player("Tess", kind), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 1, 1, 5, 5, 5))
    turn.selection.choose((1, 1, 1, 5, 5, 5))
    turn.keep()
    carried = CARRY + 5 * CARRY_STAGGER
    assert turn.notices.banner is not None and turn.snapshot.banner is None, "the banner over the dice carried"
    _run(turn, view, carried - 0.05)
    assert turn.snapshot.banner is None
    _run(turn, view, 0.1)
    banner = turn.snapshot.banner
    assert banner is not None and banner.said.title == "Hot dice!"
    if kind == "human":
        return
    _run(turn, view, HOT_SEEN - 0.15)
    assert not view.throws and turn.snapshot.banner is not None, "the six thrown on before the banner was read"
    _run(turn, view, 0.2)
    assert [len(dice) for dice, _, _ in view.throws[:1]] == [6], "the six not thrown on"


def test_the_hint_closes_when_the_turn_passes_to_another_person() -> None:
    turn, view, _ = _controller([Player("Tess"), Player("Bo")], "pass-the-dice")
    _first_throw(turn, (1, 1, 1, 5, 2, 3))
    turn.send(ToggleHint())
    assert turn.advisor.open and turn.snapshot.hint
    turn.selection.choose((1, 1, 1, 5))
    turn.send(BankTurn())
    _run(turn, view, 4.0)
    assert turn.shown.current == 1 and turn.human_turn  # Bo is asked about the dice passed on
    assert not turn.advisor.open and turn.snapshot.hint is None


@pytest.mark.parametrize("rules_id", ["pass-the-dice", "dollar-greed"])
def test_a_roll_off_s_tie_is_said_before_it_is_thrown_again(rules_id: str) -> None:
    from greed_game.play.rolloff import RollOff
    from greed_game.play.voids import Hands

    rules = preset(rules_id)
    shown = RollOff()
    # three seats; seats 0 and 2 tie, then seat 2 wins
    rounds = [{0: (6,) * (1 if rules_id == "pass-the-dice" else 6), 1: (2,) * 6, 2: (6,) * 6},
              {0: (3,) * 6, 2: (5,) * 6}]
    if rules_id == "pass-the-dice":
        rounds = [{seat: values[:1] for seat, values in r.items()} for r in rounds]
    shown.start(rules, rounds)
    ties = []
    while shown.throws:
        ties.append(shown.say_tie())
        assert shown.say_tie() is None, "said once"
        # (and kept for the line under the tray while the throw waits: once the banner had gone, nothing said why
        # the roll-off asked again, helper-37)
        assert shown.breaking == ties[-1] or (ties[-1] is None and shown.breaking is None)
        shown.next(Hands(lambda: "off", random.Random(1)), 3)
        assert shown.breaking is None
    if rules_id == "pass-the-dice":  # every seat's die at once
        assert ties == [None, (0, 2)]
    else:  # seat by seat: the tie is said before its first throw only
        assert ties == [None, None, None, (0, 2), None]
    players = [Player("Ada", "expert"), Player("Bo", "expert"), Player("You", "human")]
    turn, _view, _ = _controller(players, rules_id)
    said = turn.narrator.events.roll_off_tie((0, 2))
    assert said.title == "A tie" and said.sub == "Ada and You throw again"
    turn.roll_off.start(rules, rounds)
    turn.roll_off.next(Hands(lambda: "off", random.Random(1)), 3)
    while turn.roll_off.say_tie() is None:
        turn.roll_off.next(Hands(lambda: "off", random.Random(1)), 3)
    turn.roll_off.wait_for(2, lambda: None)
    turn.mode = "roll-off"
    from greed_game.play.snapshot import status

    (ask, _tone), _keys = status(turn)
    assert ask == "A tie: throw again to break it", ask


def test_the_roll_off_s_banner_and_the_seat_on_show_name_the_same_player() -> None:
    players = [Player("Penny 2", "cautious"), Player("Penny", "cautious"), Player("Bo", "cautious")]
    for seed in range(6):
        turn, view, _ = _controller(players, "pass-the-dice", seed=seed)
        turn.start_new()
        turn.moments.take()
        view.flying = True  # (the roll-off's first throw is under way)
        for _ in range(3000):
            if not (turn.roll_off.showing or turn.mode == "rolling"):
                break
            _run(turn, view, 1 / 60)
        banner = turn.notices.banner
        assert banner is not None and banner.said.title == f"{players[turn.game.state.current].name} starts"
        assert turn.snapshot.state.current == turn.game.state.current, "the players' list marks another seat"


def test_the_log_s_roll_off_line_gives_every_seat_s_throws_as_its_banner_did() -> None:
    """"You win the roll-off" alone had left the throws to the banner, gone in two seconds."""
    players = [Player("Ada", "cautious"), Player("Penny", "cautious"), Player("Bo", "cautious")]
    turn, view, _ = _controller(players, "pass-the-dice", seed=3)
    turn.start_new()
    turn.moments.take()
    view.flying = True
    for _ in range(3000):
        if not (turn.roll_off.showing or turn.mode == "rolling"):
            break
        _run(turn, view, 1 / 60)
    banner = turn.notices.banner
    assert banner is not None
    results = banner.said.sub.split(": ", 1)[1]
    first = turn.snapshot.log[0][1].text
    assert first == f"{players[turn.game.state.current].name} wins the roll-off: {results}", first
    # a game resumed: the throws are not known, and the line does without them
    n = turn.narrator
    assert n.events.roll_off_line(1).text == "Penny wins the roll-off"


def test_a_kept_combination_s_callout_ends_with_its_turn() -> None:
    turn, view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 2, 3, 4, 5, 6))
    turn.selection.choose((1, 2, 3, 4, 5, 6))
    turn.send(BankTurn())
    assert turn.notices.callout is not None and turn.notices.callout.said.title.startswith("Straight")
    for _ in range(600):
        if turn.shown.current == 1:
            break
        _run(turn, view, 1 / 60)
    assert turn.shown.current == 1 and turn.notices.callout is None, "the straight's callout is over Ada's turn"


def test_a_combination_kept_and_thrown_on_with_space_is_called_out_for_its_whole_time() -> None:
    """Cut short as the dice left the hand, it was up 0.45 s: a flash (helper-25). The screen places it clear of
    the throw's flight instead."""
    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (2, 2, 2, 2, 3, 6))
    turn.selection.choose((2, 2, 2, 2))
    turn.send(ThrowDice())
    call = turn.notices.callout
    assert turn.mode == "rolling" and call is not None and call.said.title == "Four 2s!"
    assert call.ttl > 1.5 * CALLOUT_THROWN * turn.pace + 1.0


def test_hot_dice_thrown_by_hand_are_called_out_where_the_dice_lay() -> None:
    from greed_game.physics import Flick

    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 1, 1, 5, 5, 5))
    turn.selection.choose((1, 1, 1, 5, 5, 5))
    turn.send(ThrowDice(Flick(0.0, -1, (0.0, 1.0), 8.0)))
    assert turn.mode == "rolling" and turn.notices.banner is None, "the six in the hand are thrown at once"
    call = turn.notices.callout
    assert call is not None and call.said.title == "Hot dice!", "the news rises where the dice lay"
    # where the dice lay is where the thrown ones land: the callout is gone as they leave the hand
    assert call.ttl <= CALLOUT_THROWN * turn.pace
    _run(turn, _view, CALLOUT_THROWN * turn.pace + 0.05)
    assert turn.notices.callout is None


def test_dice_picked_are_set_aside_when_a_hand_picks_up_the_others_to_throw() -> None:
    """Kept at the throw, they were carried to the tray through the dice thrown; hot dice are called out where
    the dice lay (a banner after the carry would be taken down by the throw, unread)."""
    from greed_game.play.moments import HoldDice

    turn, view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 1, 1, 5, 5, 5))
    turn.selection.choose((1, 1, 1, 5, 5, 5))
    turn.send(HoldDice(True, False))  # (a drag begun on a die may still be a click on it: no keep yet)
    assert turn.game.state.phase is Phase.KEEP
    turn.send(HoldDice(True, True, True))
    assert turn.game.state.phase is Phase.ROLL and [g.hot for g in turn.tray] == [True]
    call = turn.notices.callout
    assert call is not None and "Hot dice!" in (call.said.title + call.said.sub) and turn.notices.banner is None
    assert turn.holding is not None and not view.throws, "kept, and still in the hand"


def test_a_hand_picking_up_the_dice_keeps_nothing_that_cannot_be_kept() -> None:
    from greed_game.play.moments import HoldDice

    turn, _view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    _first_throw(turn, (1, 2, 3, 4, 6, 6))
    turn.selection.choose((1, 2))
    turn.send(HoldDice(True, True, True))
    assert turn.game.state.phase is Phase.KEEP and turn.tray == [], "a 2 was kept"


@pytest.mark.parametrize("speed", ["normal", "slow"])
def test_hot_dice_thrown_with_space_are_thrown_once_their_banner_has_been_read(speed: str) -> None:
    """Kept and thrown at once, the banner was up 0.3 s: gone before the kept dice reached the tray. At Slow, the
    banner (not scaled by the pace) ended 0.4 s before the throw that waited for it."""
    from greed_game.play.moments import CARRY, CARRY_STAGGER
    from greed_game.play.turn import HOT_SEEN

    turn, view, _ = _controller([Player("Tess"), Player("Ada", "expert")], "pass-the-dice")
    turn._pacing = lambda: Settings(animation_speed=speed)  # type: ignore[method-assign, arg-type]
    _first_throw(turn, (1, 1, 1, 5, 5, 5))
    turn.selection.choose((1, 1, 1, 5, 5, 5))
    turn.send(ThrowDice())
    assert turn.mode == "wait" and not view.throws
    _run(turn, view, (CARRY + 5 * CARRY_STAGGER + HOT_SEEN) * turn.pace - 0.1)
    banner = turn.snapshot.banner
    assert banner is not None and banner.said.title == "Hot dice!" and not view.throws
    assert turn.snapshot.status[0][0] == "Hot dice!"
    _run(turn, view, 0.2)
    assert [len(dice) for dice, _, _ in view.throws] == [6], "the six are thrown once it was read"


def test_roll_is_lit_only_when_space_would_throw() -> None:
    turn, view, _ = _controller([Player("Tess"), Player("Bo")], "pass-the-dice")

    def roll_lit() -> bool:
        return next(b for b in turn.snapshot.buttons if b.label == "Roll").enabled

    turn.game.apply(FirstPlayer(0))
    turn.ready()
    assert turn.game.state.phase is Phase.ROLL and roll_lit()  # the first throw of a turn
    turn.send(ThrowDice())
    _run(turn, view, 0.2)
    assert turn.game.state.phase is Phase.KEEP and turn.mode == "ready"
    assert not roll_lit()  # nothing kept yet: Space would only say to keep first
    scoring = turn.game.options()[0].dice
    turn.selection.choose(scoring)
    turn.refresh()
    assert roll_lit()
    turn.selection.choose(())
    turn.refresh()
    assert not roll_lit()


def test_a_roll_off_with_letter_dice_says_which_letter_is_high() -> None:
    turn, _view, _ = _controller([Player("You", "human"), Player("Ada", "expert")], "pass-the-dice", skin="greed")
    turn.start_new()
    assert turn.mode == "roll-off" and turn.snapshot.roll_off_thrower == 0
    assert turn.snapshot.status[0][0] == "Roll-off: the highest letter starts"
    assert turn.snapshot.status[1][0] == "$ G R E E D, high to low (emerald E over ebony)"


def test_a_roll_off_thrown_seat_by_seat_says_what_each_throw_scored_while_it_lies_there() -> None:
    """Each seat's dice are swept off for the next: the banner at the end named every result over the last
    seat's dice only."""
    from greed_game.rules.rulings import roll_off_mark

    turn, view, _ = _controller([Player("Ada", "expert"), Player("Bo", "expert")], "dollar-greed")
    turn.start_new()
    for _ in range(400):
        if view.roll_offs:
            break
        _run(turn, view, 1 / 20)
    (seat, dice), = turn.roll_off.landed  # (the view's record keeps a die a seat)
    assert len(dice) == 6
    banner = turn.snapshot.banner
    points = roll_off_mark(turn.rules, dice)
    name = turn.game.players[seat].name
    said = f"{name} throws {points:,}" if points else f"{name}'s dice score nothing"
    assert banner is not None and banner.said.title == said, banner
    assert turn.roll_off.throws, "the next seat's throw is still to come"


@pytest.mark.parametrize("rules_id", ["pass-the-dice", "dollar-greed"])
def test_a_person_throws_their_own_roll_off_die(rules_id: str) -> None:
    from greed_game.physics import Flick
    from greed_game.play.voids import seat_spot

    players = [Player("Ada", "expert"), Player("You", "human")]
    turn, view, _ = _controller(players, rules_id)
    turn.start_new()
    if rules_id == "dollar-greed":  # seat by seat: Ada's dice are thrown first, by her
        assert turn.mode == "rolling"
        for _ in range(200):
            if turn.mode == "roll-off":
                break
            _run(turn, view, 1 / 20)
    # the throw with your die in it waits for you: nothing is thrown, Roll is lit and the status says so
    assert turn.mode == "roll-off" and turn.snapshot.roll_off_thrower == 1
    turn.moments.take()
    _run(turn, view, 5.0)
    assert turn.mode == "roll-off" and not any(isinstance(m, RollOffThrown) for m in turn.moments.take())
    assert turn.snapshot.status[0][0] == ("Roll-off: the highest die starts" if rules_id == "pass-the-dice"
                                          else "Roll-off: the best-scoring throw starts")
    assert [b.label for b in turn.snapshot.buttons if b.enabled and b.primary] == ["Roll"]
    assert not turn.human_turn, "no keeping or banking in a roll-off"
    assert turn.snapshot.turn_note[0] == "", "no dice 'to throw' in a roll-off"
    # a throw by hand: your die leaves from where your hand let it go
    x, side = seat_spot(1, 2)
    flick = Flick(x + 2.0, side, (0.0, -float(side)), 9.0, 12.0)
    turn.send(ThrowDice(flick))
    thrown = next(m for m in turn.moments.take() if isinstance(m, RollOffThrown))
    assert 1 in thrown.seats and turn.mode == "rolling"
    yours = [n for n, seat in enumerate(thrown.seats) if seat == 1]
    start = thrown.toss.film.poses[0]
    middle = sum(float(start[n, 0]) for n in yours) / len(yours)
    assert abs(middle - (x + 2.0)) < 1.0, "your dice did not leave from where your hand let them go"
    # and then the game goes on to the first turn by itself
    view.flying = True
    for _ in range(3000):
        if not turn.roll_off.showing:
            break
        if turn.mode == "roll-off":
            turn.send(ThrowDice())
        _run(turn, view, 1 / 20)
    assert not turn.roll_off.showing
    # the log says who won it, from the record (so a resumed game says it too)
    starter = turn.game.state.current
    won = "You win the roll-off" if starter == 1 else "Ada wins the roll-off"
    assert turn.log and turn.log[0][1].text.startswith(f"{won}: "), turn.log
    turn.start_resumed()
    assert turn.log[0][1].text.startswith(won)


def test_computers_alone_and_instant_speed_throw_the_roll_off_at_once() -> None:
    turn, _view, _ = _controller([Player("Ada", "expert"), Player("Bo", "expert")], "pass-the-dice")
    turn.start_new()
    assert turn.mode == "rolling"

    class Instant:
        animation_speed = "instant"
        void_frequency = "off"
        opponents_talk = True

    people = [Player("You", "human"), Player("Bo", "expert")]
    turn = TurnController(Game(preset("pass-the-dice"), people), rng=random.Random(4), seed=4,
                          rules_ref="pass-the-dice", overrides={}, saver=Saver(), pacing=Instant,
                          skin=lambda: "pips", visual_rng=random.Random(0))
    turn.start_new()
    assert turn.mode == "rolling", "at instant speed nobody waits on a roll-off"


def test_a_bank_straight_from_the_throw_is_seen_setting_its_dice_aside() -> None:
    from greed_game.play.moments import KeptDice

    rules_id = next(r for r in ("dollar-greed", "official", "farkel-family", "classic-five", "pass-the-dice")
                    if preset(r).bank_keeps_best)
    turn, _view, _ = _controller([Player("Tess"), Player("Bo", "expert")], rules_id, overrides={"entry_minimum": 0})
    _first_throw(turn, (1, 5, 5, 2, 3, 4) if preset(rules_id).dice == 6 else (1, 5, 5, 2, 3))
    turn.moments.take()
    turn.send(BankTurn())  # nothing picked: the bank keeps the throw's best itself
    kept = [m for m in turn.moments.take() if isinstance(m, KeptDice)]
    assert kept and len(kept[0].dice) == 3, "the dice the bank keeps are seen going to the tray"
    banner = turn.notices.banner
    assert banner is not None and banner.said.title == f"Tess banks {turn.snapshot.state.turn_points:,}"
    assert sum(g.points for g in turn.tray) == turn.snapshot.state.turn_points, "the tray and the box agree"


def test_a_carryover_taken_or_declined_is_in_the_log_at_once() -> None:
    """(it had waited for the turn's end to be written, helper-39)"""
    from greed_game.play.moments import AnswerOffer
    from greed_game.rules import Bank, Keep, Roll

    for accept, said in ((True, "Ada takes the dice: 100 carried"), (False, "Ada declines 100")):
        turn, _view, _ = _controller([Player("Tess"), Player("Ada")], "official",
                                     overrides={"carryover_faces": [1], "entry_minimum": 0})
        for event in (FirstPlayer(0), Roll((1, 2, 3, 4, 6)), Keep((1,)), Bank()):
            turn.game.apply(event)
        turn.ready()
        assert turn.game.state.phase is Phase.CARRYOVER
        before = list(turn.log)
        turn.send(AnswerOffer(accept))
        assert turn.log[:len(before)] == before
        assert [line.text for _, line in turn.log[len(before):]] == [said]
