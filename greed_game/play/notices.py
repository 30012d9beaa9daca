"""The words on show for a while: the banner across the felt, a combination's callout, a refusal, a computer
seat's line."""

from __future__ import annotations

from dataclasses import dataclass

from greed_game.narrator import Said


@dataclass
class Headline:
    """Words shown for a moment across the felt (``ttl``: seconds left)."""

    said: Said
    ttl: float
    serial: int = 0
    """Tells this notice from the next one with the same words."""
    delay: float = 0.0
    """Seconds before it is on show (its ``ttl`` counts from then)."""


@dataclass(frozen=True)
class Speech:
    """A line said by the computer seat ``seat``; ``ttl``: seconds left; ``serial`` tells one line from the next."""

    seat: int
    text: str
    ttl: float
    serial: int


class Notices:
    """What the table says for a while, counted down by the flow's clock."""

    def __init__(self) -> None:
        self.banner: Headline | None = None
        self.callout: Headline | None = None
        """A scoring combination just kept (a straight, three pairs, six of a kind), shown where it lay."""
        self.message = ""
        """A short message to the person at the table (why a move is refused)."""
        self.message_ttl = 0.0
        self.speech: Speech | None = None
        """A computer seat's character speaking beside its row (see :mod:`greed_game.play.chatter`)."""
        self._serial = 0

    def _next(self) -> int:
        self._serial += 1
        return self._serial

    def show(self, said: Said | None, ttl: float, after: float = 0.0) -> None:
        """Put the narrator's words on the felt for ``ttl`` seconds, ``after`` seconds from now (None: take the
        banner down)."""
        self.banner = None if said is None else Headline(said, ttl, self._next(), after)

    def call(self, said: Said, ttl: float) -> None:
        """Call out a combination just kept."""
        self.callout = Headline(said, ttl, self._next())

    def say(self, text: str) -> None:
        """A refusal or a reminder, for four seconds."""
        self.message = text
        self.message_ttl = 4.0

    def speak(self, seat: int, text: str, ttl: float) -> None:
        """A computer seat's line for ``ttl`` seconds, in place of any line still on show."""
        self.speech = Speech(seat, text, ttl, self._next())

    @property
    def counting(self) -> bool:
        """Whether any notice is on show, counting down (the table's look then changes with time)."""
        return (self.banner is not None or self.callout is not None or self.speech is not None
                or self.message_ttl > 0)

    def tick(self, dt: float) -> None:
        """Count every notice down by ``dt`` seconds; those run out are taken down."""
        if self.banner is not None:
            waited = min(dt, self.banner.delay)
            self.banner.delay -= waited
            self.banner.ttl -= dt - waited
            if self.banner.ttl <= 0:
                self.banner = None
        if self.callout is not None:
            self.callout.ttl -= dt
            if self.callout.ttl <= 0:
                self.callout = None
        if self.speech is not None:
            s = self.speech
            self.speech = Speech(s.seat, s.text, s.ttl - dt, s.serial) if s.ttl > dt else None
        if self.message_ttl > 0:
            self.message_ttl -= dt
            if self.message_ttl <= 0:
                self.message = ""
