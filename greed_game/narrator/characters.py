"""The computer levels as characters: a name for each, and a few short lines of its own at the big moments.

A line is said by a computer seat only, by the character of its level, whatever the seat is called: a player
who typed a name for the seat keeps it, and the character still speaks for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

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
            "bust": ("Oh dear. I should have stopped.", "Tsk. Greedy of me.", "That is why I bank early."),
            "bank": ("{points}. Tucked safely away.", "{points} in the bank, thank you.", "Safe and sound."),
            "hot": ("My word, every one scored!", "Goodness, all of them!", "Well, I never."),
            "win": ("Slow and steady, dears.", "Every little bank adds up.", "Careful does it."),
            "close": ("So close! Well played.", "Just short. Drat.", "A near thing, that."),
        }),
        Character("bold", "Brutus", "throws on and on, loud about it", {
            "bust": ("Worth it. Every time.", "Bah! Again!", "The dice owe me one."),
            "bank": ("{points}! Who's next?", "{points}. That's how it's done.", "Now we're talking!"),
            "hot": ("All of them! Keep coming!", "Fortune loves the bold!", "Ha! Again, again!"),
            "win": ("Nobody out-throws Brutus!", "Go big or go home!", "Told you so!"),
            "close": ("One more throw and it was mine.", "Next time I throw harder.", "Hah! You got lucky."),
        }),
        Character("expert", "Ada", "plays the expected points, says so", {
            "bust": ("It happens. The odds were fair.", "A known risk. Moving on.", "Expected, now and then."),
            "bank": ("{points}. As planned.", "{points}: a sound bank.", "The sums said stop."),
            "hot": ("Every die scored. Onward.", "The sums favour a throw.", "All score. Throwing on."),
            "win": ("The expectation held.", "The numbers agreed. Good game.", "As calculated."),
            "close": ("A narrow miss. Noted.", "Close. Variance is like that.", "Fine margins. Well done."),
        }),
        Character("master", "Hugo", "an old hand who plays to win", {
            "bust": ("Ah, the dice have a sense of humour.", "Seen worse. Much worse.", "Such is the game."),
            "bank": ("{points}, and the night is young.", "I'll take {points}, thank you.", "Patience pays."),
            "hot": ("Now that's a proper throw.", "Like the old days!", "Every one! Splendid."),
            "win": ("Forty years at the table, friend.", "A pleasure, as always.", "The old hand holds."),
            "close": ("You had me sweating. Bravo.", "Well played. Very well played.", "By a whisker. Bravo."),
        }),
        Character("optimal", "Sibyl", "knows every chance, speaks like fate", {
            "bust": ("I foresaw this. Truly.", "Even fate stumbles.", "The threads were thin."),
            "bank": ("{points}. As it was written.", "{points}. The dice obey.", "It is enough, for now."),
            "hot": ("All of them. As I saw it.", "The dice align.", "The signs were clear."),
            "win": ("It was always going to end so.", "The odds never lie for long.", "As foretold."),
            "close": ("Fate was kind to you today.", "A thread's breadth. Well done.", "Not foretold. Bravo."),
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
        return rng.choice(character.lines[occasion]).format(points=num(points))


__all__ = ["CHARACTERS", "OCCASIONS", "Character", "Characters", "Occasion", "character_name"]
