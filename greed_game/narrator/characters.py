"""The computer levels as characters: a name for each, and a few short lines of its own at the big moments.

A line is said by a computer seat only, by the character of its level, whatever the seat is called: a player
who typed a name for the seat keeps it, and the character still speaks for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from greed_game.i18n import N_, _
from greed_game.narrator.voice import Voice
from greed_game.narrator.words import num

Occasion = Literal["bust", "bank", "hot", "win", "close"]
"""The big moments a character speaks at: its own bust, its own big bank, its hot dice, its win, and a game
it lost by a hair."""
OCCASIONS: tuple[Occasion, ...] = ("bust", "bank", "hot", "win", "close")


@dataclass(frozen=True)
class Character:
    """One computer level as a person at the table: its ``name`` and its ``lines`` for each occasion
    (``{points}`` in a bank's line is the amount banked)."""

    level: str
    name: str
    manner: str
    """What the character is like, in a few words (the settings' help, the tests)."""
    lines: dict[Occasion, tuple[str, ...]]


# The lines are short on purpose: a bubble beside a row of the side panel holds one, at 854×480 too. None
# names the dice's faces or counts them, so every skin and rule family reads them the same.
CHARACTERS: dict[str, Character] = {
    c.level: c
    for c in (
        Character("cautious", "Penny", "banks early, counts every point", {
            "bust": (N_("Oh dear. I should have stopped."), N_("Tsk. Greedy of me."), N_("I ought to bank sooner.")),
            "bank": (
                N_("{points}. Tucked safely away."), N_("{points} in the bank, thank you."),
                N_("Safe and sound."),
            ),
            "hot": (N_("My word, every one scored!"), N_("Goodness, all of them!"), N_("Well, I never.")),
            "win": (N_("Slow and steady, dears."), N_("Every little bank adds up."), N_("Careful does it.")),
            "close": (N_("So close! Well played."), N_("Just short. Drat."), N_("A near thing, that.")),
        }),
        Character("bold", "Brutus", "throws on and on, loud about it", {
            "bust": (N_("Worth it. Every time."), N_("Bah! Again!"), N_("The dice owe me one.")),
            "bank": (N_("{points}! Who's next?"), N_("{points}. That's how it's done."), N_("Now we're talking!")),
            "hot": (N_("All of them! Keep coming!"), N_("Fortune loves the bold!"), N_("Ha! Again, again!")),
            "win": (N_("Nobody out-throws Brutus!"), N_("Go big or go home!"), N_("Told you so!")),
            "close": (
                N_("One more throw and it was mine."), N_("Next time I throw harder."),
                N_("Hah! You got lucky."),
            ),
        }),
        Character("expert", "Ada", "plays the expected points, says so", {
            "bust": (
                N_("It happens. The odds were fair."), N_("A known risk. Moving on."),
                N_("Expected, now and then."),
            ),
            "bank": (N_("{points}. As planned."), N_("{points}: a sound bank."), N_("The sums said stop.")),
            "hot": (N_("Every die scored. Onward."), N_("The sums favour a throw."), N_("All score. Throwing on.")),
            "win": (N_("The expectation held."), N_("The numbers agreed. Good game."), N_("As calculated.")),
            "close": (N_("A narrow miss. Noted."), N_("Close. Variance is like that."), N_("Fine margins. Well done.")),
        }),
        Character("master", "Hugo", "an old hand who plays to win", {
            "bust": (
                N_("Ah, the dice have a sense of humour."), N_("Seen worse. Much worse."),
                N_("Such is the game."),
            ),
            "bank": (
                N_("{points}, and the night is young."), N_("I'll take {points}, thank you."),
                N_("Patience pays."),
            ),
            "hot": (N_("Now that's a proper throw."), N_("Like the old days!"), N_("Every one! Splendid.")),
            "win": (N_("Forty years at the table, friend."), N_("A pleasure, as always."), N_("The old hand holds.")),
            "close": (
                N_("You had me sweating. Bravo."), N_("Well played. Very well played."),
                N_("By a whisker. Bravo."),
            ),
        }),
        Character("optimal", "Sibyl", "knows every chance, speaks like fate", {
            "bust": (N_("I foresaw this. Truly."), N_("Even fate stumbles."), N_("The threads were thin.")),
            "bank": (N_("{points}. As it was written."), N_("{points}. The dice obey."), N_("It is enough, for now.")),
            "hot": (N_("All of them. As I saw it."), N_("The dice align."), N_("The signs were clear.")),
            "win": (N_("It was always going to end so."), N_("The odds never lie for long."), N_("As foretold.")),
            "close": (
                N_("Fate was kind to you today."), N_("A thread's breadth. Well done."),
                N_("Not foretold. Bravo."),
            ),
        }),
    )
}
"""The character of each computer level, weakest first."""


def character_name(level: str) -> str | None:
    """The name of the character who plays ``level`` (None: a level without one)."""
    character = CHARACTERS.get(level)
    return character.name if character is not None else None


class Characters(Voice):
    """What a computer seat's character says at a big moment of its own."""

    def line(self, level: str, occasion: Occasion, rng: random.Random, *, points: int = 0) -> str | None:
        """One of the character's lines for ``occasion``, chosen by ``rng`` (None: the level has no character)."""
        character = CHARACTERS.get(level)
        if character is None:
            return None
        return _(rng.choice(character.lines[occasion])).format(points=num(points))


__all__ = ["CHARACTERS", "OCCASIONS", "Character", "Characters", "Occasion", "character_name"]
