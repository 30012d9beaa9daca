"""Every sentence a player reads about the game, in one place (pure: no pygame, no files).

:class:`Narrator` turns the core's transitions and refusals into words in the
dice's own vocabulary and speaks to a seat named "You"; :func:`rules_text`
words a rule set from its fields.
"""

from __future__ import annotations

from greed_game.narrator.characters import CHARACTERS, Character, Occasion, character_name
from greed_game.narrator.coach import CardWords, Idea, LessonFacts
from greed_game.narrator.narrator import Narrator
from greed_game.narrator.voice import Line, OfferWords, Said, Tone
from greed_game.narrator.words import Person, Skin, Vocabulary, dice_count, num, pct

__all__ = [
    "CHARACTERS",
    "CardWords",
    "Character",
    "Idea",
    "LessonFacts",
    "Line",
    "Narrator",
    "Occasion",
    "OfferWords",
    "Person",
    "Said",
    "Skin",
    "Tone",
    "Vocabulary",
    "character_name",
    "dice_count",
    "num",
    "pct",
]
