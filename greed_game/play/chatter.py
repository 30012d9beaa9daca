"""What the computer seats' characters say at their big moments, and for how long the words stay up.

The flow hands every moment it queues to :meth:`Chatter.hear`; a computer seat's own bust, its own big bank,
its hot dice, its win or a game it lost by a hair gets a line of its character from the narrator, one at a
time, which fades by itself. Nothing waits for it. People's seats never speak, and nothing is said while the
setting is off.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from greed_game.narrator import Narrator, Occasion
from greed_game.play.moments import BankedMoment, BustMoment, GameOverMoment, HotDiceMoment, Moment
from greed_game.play.notices import Notices, Speech
from greed_game.play.recorder import Pacing
from greed_game.rules import Game
from greed_game.rules.game import outcome
from greed_game.rules.transitions import Banked, Busted, HotDice

BIG_BANK = 1000
"""A bank of this many points or more is a big moment for the seat that banks it."""
CLOSE_SHARE = 0.1
"""A game lost by at most this share of the target is a close finish for the seat that lost it."""
SPEECH_TTL = 2.8
"""Seconds a line stays up (its last moments fading)."""
QUIET_TURNS = 2
"""After a line of its own, a character lets this many of its own turns pass before the next one (a bold player
busts often, and a line at every bust would soon be noise). The end of the game is always worth a line."""


class Chatter:
    """Chooses a line when a moment is queued and puts it up on ``notices`` (whose clock takes it down)."""

    def __init__(self, game: Game, words: Callable[[], Narrator], pacing: Callable[[], Pacing],
                 visual_rng: random.Random, notices: Notices) -> None:
        self.game = game
        self._words = words
        self._pacing = pacing
        self.notices = notices
        # A branch of the visual chance that draws nothing from it: the throws' paths and voids stay as they were.
        self.rng = random.Random(hash(visual_rng.getstate()))
        self.spoke: dict[int, int] = {}
        """The turn (the game's count) of each seat's last line."""

    def hear(self, moment: Moment) -> None:
        """A moment the flow queued: the seat it concerns may have something to say."""
        if not self._pacing().opponents_talk:
            return
        found = self._occasion(moment)
        if found is None:
            return
        seat, occasion, points = found
        player = self.game.players[seat]
        if player.kind == "human":
            return
        turn = self.game.state.turn
        last = self.spoke.get(seat)
        quiet = QUIET_TURNS * len(self.game.players)
        if occasion not in ("win", "close") and last is not None and turn - last <= quiet:
            return
        text = self._words().characters.line(player.kind, occasion, self.rng, points=points)
        if text is not None:
            self.spoke[seat] = turn
            self.notices.speak(seat, text, SPEECH_TTL)

    def _occasion(self, moment: Moment) -> tuple[int, Occasion, int] | None:
        """Whose moment it is, what kind, and the points it is about (the game's last step tells)."""
        if isinstance(moment, GameOverMoment):
            return self._finish()
        step = self.game.last
        if step is None:
            return None
        if isinstance(moment, BustMoment):
            busted = step.first(Busted)
            return None if busted is None else (busted.seat, "bust", 0)
        if isinstance(moment, HotDiceMoment):
            hot = step.first(HotDice)
            return None if hot is None else (hot.seat, "hot", 0)
        if isinstance(moment, BankedMoment):
            banked = step.first(Banked)
            if banked is not None and banked.points >= BIG_BANK:
                return banked.seat, "bank", banked.points
        return None

    def _finish(self) -> tuple[int, Occasion, int] | None:
        """A computer seat that won; else the computer seat that lost by the least, if by a hair."""
        state = self.game.state
        ended = outcome(self.game.rules, state)
        if ended is None or not ended.winners:
            return None
        computers = [seat for seat, p in enumerate(self.game.players) if p.kind != "human"]
        won = [seat for seat in computers if seat in ended.winners]
        if won:
            return won[0], "win", 0
        best = max(state.scores[w] for w in ended.winners)
        margin = CLOSE_SHARE * self.game.rules.target
        close = [seat for seat in computers if best - state.scores[seat] <= margin]
        if not close:
            return None
        return max(close, key=lambda seat: state.scores[seat]), "close", 0


__all__ = ["BIG_BANK", "CLOSE_SHARE", "QUIET_TURNS", "SPEECH_TTL", "Chatter", "Speech"]
