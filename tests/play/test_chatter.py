"""The computer seats' characters: a line of their own at each big moment, never for a person, never when off."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise

import pytest

from greed_game.narrator import CHARACTERS, Narrator, character_name
from greed_game.narrator.characters import OCCASIONS
from greed_game.play.chatter import BIG_BANK, SPEECH_TTL, Chatter
from greed_game.play.moments import BankedMoment, BustMoment, GameOverMoment, HotDiceMoment, Moment
from greed_game.play.notices import Notices, Speech
from greed_game.play.setup import computer_levels, computer_name, default_name
from greed_game.play.turn import TurnController
from greed_game.presets import preset
from greed_game.rules import Bank, Event, Game, Keep, Player, Roll

from .test_turn import Saver


@dataclass
class Talk:
    animation_speed: str = "normal"
    void_frequency: str = "off"
    opponents_talk: bool = True


def _heard(players: Sequence[Player], events: Sequence[Event], moment: Moment, *, talk: bool = True,
           rules_id: str = "classic-five", target: int | None = None) -> Speech | None:
    """What the chatter says when ``moment`` is queued after ``events``."""
    rules = preset(rules_id).with_overrides({"target": target} if target else {})
    game = Game(rules, list(players))
    for event in events:
        game.apply(event)
    notices = Notices()
    chatter = Chatter(game, lambda: Narrator(rules, [p.name for p in players]), lambda: Talk(opponents_talk=talk),
                      random.Random(3), notices)
    chatter.hear(moment)
    return notices.speech


def _same(settings: Talk) -> Talk:
    return settings


BUST: list[Event] = [Roll((2, 3, 4, 6, 6))]
HOT: list[Event] = [Roll((1, 1, 1, 5, 5)), Keep((1, 1, 1, 5, 5))]
BIG: list[Event] = [Roll((1, 1, 1, 1, 5)), Keep((1, 1, 1, 1, 5)), Bank()]
SMALL: list[Event] = [Roll((5, 5, 5, 2, 3)), Keep((5, 5, 5)), Bank()]
CASES: dict[str, tuple[list[Event], Moment]] = {
    "bust": (BUST, BustMoment()),
    "hot": (HOT, HotDiceMoment()),
    "bank": (BIG, BankedMoment()),
}


@pytest.mark.parametrize("level", list(CHARACTERS))
@pytest.mark.parametrize("occasion", list(CASES))
def test_a_computer_seat_says_a_line_of_its_own_at_its_moment(level: str, occasion: str) -> None:
    events, moment = CASES[occasion]
    said = _heard([Player("Zed", level), Player("You")], events, moment)
    assert said is not None and said.seat == 0 and said.ttl == SPEECH_TTL
    lines = [line.split("{")[0] for line in CHARACTERS[level].lines[occasion]]  # type: ignore[index]
    assert any(said.text.startswith(start) for start in lines)


@pytest.mark.parametrize("occasion", list(CASES))
def test_a_person_never_speaks_and_nothing_is_said_when_switched_off(occasion: str) -> None:
    events, moment = CASES[occasion]
    assert _heard([Player("You"), Player("Ada", "expert")], events, moment) is None
    assert _heard([Player("Ada", "expert"), Player("You")], events, moment, talk=False) is None


def test_a_small_bank_is_not_a_big_moment() -> None:
    assert _heard([Player("Ada", "expert"), Player("You")], SMALL, BankedMoment()) is None
    said = _heard([Player("Ada", "expert"), Player("You")], BIG, BankedMoment())
    banks = [line.format(points="1,150") for line in CHARACTERS["expert"].lines["bank"]]
    assert said is not None and said.text in banks
    assert BIG_BANK <= 1150


def _finish(loser: int) -> list[Event]:
    """A game to 1,000 that seat 0 wins with 1,100; seat 1's last turn banks ``loser`` (1,000 or 500)."""
    last = (1, 1, 1, 2, 3) if loser == 1000 else (5, 5, 5, 2, 3)
    return [Roll((1, 1, 1, 1, 2)), Keep((1, 1, 1, 1)), Bank(), Roll(last), Keep(last[:3]), Bank()]


def test_the_winner_speaks_at_the_end_and_a_close_loser_when_a_person_wins() -> None:
    won = _heard([Player("Hugo", "master"), Player("Penny", "cautious")], _finish(1000), GameOverMoment(),
                 target=1000)
    assert won is not None and won.seat == 0 and won.text in CHARACTERS["master"].lines["win"]
    close = _heard([Player("You"), Player("Penny", "cautious")], _finish(1000), GameOverMoment(), target=1000)
    assert close is not None and close.seat == 1 and close.text in CHARACTERS["cautious"].lines["close"]
    assert _heard([Player("You"), Player("Penny", "cautious")], _finish(500), GameOverMoment(), target=1000) is None
    assert _heard([Player("Hugo", "master"), Player("You")], _finish(1000), GameOverMoment(), target=1000,
                  talk=False) is None


def test_the_flow_puts_the_line_in_the_snapshot_and_it_fades_by_itself() -> None:
    from .test_turn import FakeView

    for talk in (True, False):
        settings = Talk(opponents_talk=talk)
        rules = preset("classic-five").with_overrides({"target": 1500})
        players = [Player("Brutus", "bold"), Player("Penny", "cautious")]
        turn = TurnController(Game(rules, players), rng=random.Random(2), seed=2, rules_ref="classic-five",
                              overrides={"target": 1500}, saver=Saver(), pacing=partial(_same, settings),
                              skin=lambda: "pips", visual_rng=random.Random(0))
        view = FakeView()
        view.turn = turn
        turn.enter()
        seen: list[Speech] = []
        for _ in range(60 * 600):
            view.land()
            turn.update(1 / 60)
            view.play()
            speech = turn.snapshot.speech
            if speech is not None and (not seen or seen[-1].serial != speech.serial):
                seen.append(speech)
            if view.over:
                break
        assert view.over
        assert bool(seen) == talk, "a game of computers has a bust or a big bank to speak of, unless switched off"
        for speech in seen:  # each a line of the seat's own character, its points filled in
            own = {line for lines in CHARACTERS[players[speech.seat].kind].lines.values() for line in lines}
            assert re.sub(r"\d[\d,]*", "{points}", speech.text) in own
        for _ in range(round(SPEECH_TTL * 60) + 2):  # nothing more happens: the last line fades by itself
            turn.update(1 / 60)
        assert turn.snapshot.speech is None


def test_the_characters_are_the_default_names_of_the_computer_seats() -> None:
    assert list(CHARACTERS) == list(computer_levels())
    names = [character_name(level) for level in computer_levels()]
    assert len(set(names)) == len(names) and all(names)
    assert computer_name("bold", ["You"], 1) == "Brutus" and computer_name("bold", ["Brutus"], 2) == "Brutus 2"
    assert default_name("Brutus 2", 2) and default_name("Ada", 1) and not default_name("Maximilian", 1)
    for character in CHARACTERS.values():
        assert set(character.lines) == set(OCCASIONS)
        assert all(len(lines) > 1 and all(len(line) <= 38 for line in lines) for lines in character.lines.values())


def test_a_character_lets_two_of_its_turns_pass_before_its_next_line() -> None:
    from greed_game.play.chatter import QUIET_TURNS

    players = [Player("You"), Player("Brutus", "bold")]
    rules = preset("classic-five")
    game = Game(rules, players)
    notices = Notices()
    chatter = Chatter(game, lambda: Narrator(rules, ["You", "Brutus"]), Talk, random.Random(3), notices)
    spoken: list[int] = []
    for _ in range(6 * (QUIET_TURNS + 1)):
        game.apply(Roll((2, 3, 4, 6, 6)))  # every turn a bust, the person's and the character's by turns
        notices.speech = None
        chatter.hear(BustMoment())
        if notices.speech is not None:
            spoken.append(game.state.turn)
            assert notices.speech.seat == 1
    # Brutus busts on every other turn, but speaks only after two quiet turns of his own.
    assert len(spoken) >= 3 and all(b - a == 2 * (QUIET_TURNS + 1) for a, b in pairwise(spoken))
