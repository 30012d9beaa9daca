"""Every sentence a player reads about the game, from the core's transitions.

One :class:`Narrator` per game: it knows the rules in force, the players'
names and the dice's vocabulary, and nothing of pixels. The table's banners,
status line, log, hint and carryover box, the replay's captions, the refusals
of illegal actions and the end-of-game words all come from its parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from greed_game.narrator.characters import Characters
from greed_game.narrator.coach import Coach
from greed_game.narrator.events import Events
from greed_game.narrator.hints import Hints
from greed_game.narrator.prompts import Prompts
from greed_game.narrator.seats import Seats
from greed_game.narrator.voice import Voice
from greed_game.narrator.words import Person, Skin, Vocabulary, join_and
from greed_game.rules.ruleset import RuleSet


class Narrator(Voice):
    """The words of one game: ``rules`` in force, the seats' ``names``, the dice's ``skin``.

    The words come in parts, each a voice of its own over the same seats and dice (one class
    for all of them grew past what a reader takes in): :attr:`events` (banners, callouts, the
    log, the replay), :attr:`prompts` (the status line and refusals), :attr:`hints` (the hint and
    the carryover box), :attr:`seats` (the side panel, the top bar, the standing) and :attr:`characters` (what
    a computer seat's character says at its big moments), and :attr:`coach` (the cards of Learn to play).
    """

    def __init__(self, rules: RuleSet, names: Sequence[str], skin: Skin = "pips") -> None:
        super().__init__(rules, [Person(n) for n in names], Vocabulary(skin))
        self.events = Events(self.rules, self.people, self.vocab)
        self.prompts = Prompts(self.rules, self.people, self.vocab)
        self.hints = Hints(self.rules, self.people, self.vocab)
        self.seats = Seats(self.rules, self.people, self.vocab)
        self.characters = Characters(self.rules, self.people, self.vocab)
        self.coach = Coach(self.rules, self.people, self.vocab)

    def names(self) -> str:
        """Every seat, as a list: ``You, Ada and Tess``."""
        return join_and([p.subject for p in self.people])
