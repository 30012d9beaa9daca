"""Where a scene goes next, as data: a transition (push, pop, replace) to a named screen with its arguments.

A scene's ``handle`` and ``update`` return a transition (or None to stay); a
button's action may return one, which the focus group hands to its scene. The
scene stack applies it, building the screen through the route table
(``greed_game.app.routes``), the one module that knows every scene. So no
scene imports another to open it, and the screens, which lead to each other
in cycles (menu → table → scoreboard → menu), need no import cycle.

They are plain dataclasses, never changed once made: frozen ones would cost
the window's start 3 ms, this module being one of the first it imports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greed_game.play.setup import GameSetup
    from greed_game.replay import Replay
    from greed_game.rules import Event, Game, Player, Record, RuleSet
    from greed_game.storage import Resumed


# -- the screens, by name ------------------------------------------------------------------


@dataclass
class ToMenu:
    """The main menu (the autosave is flushed first, so Continue sees the game just left)."""


@dataclass
class ToSetup:
    """The new-game screen."""


@dataclass
class ToNewGame:
    """A new game at the table; ``lesson``: Learn to play (a guided game that becomes a real one)."""

    setup: GameSetup
    lesson: bool = False


@dataclass
class ToLearn:
    """Learn to play: the rule family to learn; ``offer``: offered to a new player on the first start."""

    offer: bool = False


@dataclass
class ToSavedGame:
    """The autosaved game at the table, exactly where it stopped."""

    resumed: Resumed


@dataclass
class ToScoreboard:
    """The finished game's scoreboard."""

    setup: GameSetup
    game: Game


@dataclass
class ToStatistics:
    """The statistics across games."""


@dataclass
class ToReplays:
    """Finished games and record files to watch."""


@dataclass
class ToReplay:
    """One game, watched step by step."""

    replay: Replay


@dataclass
class ToReview:
    """Each player's decisions against the exact chance of winning (two-player games)."""

    rules: RuleSet
    players: Sequence[Player]
    events: Sequence[Event]


@dataclass
class ToRules:
    """The readable rules: of preset ``preset_index``, or of ``rules`` when given."""

    preset_index: int = 0
    rules: RuleSet | None = None


@dataclass
class ToSettings:
    """The settings."""


@dataclass
class ToPause:
    """The table's menu; ``record`` gives the game's record as it is now (for the export)."""

    rules: RuleSet
    record: Callable[[], Record] | None = None


@dataclass
class ToReplaceGame:
    """Before a new game replaces the one in progress: continue that one, or ``start`` the new one."""

    rules_name: str
    standing: str
    start: Callable[[], Go | None] = field(compare=False)
    """Starts the new game once the old one is exported; where to go then (None: stay, the reason shown)."""


Target = (ToMenu | ToSetup | ToNewGame | ToLearn | ToSavedGame | ToScoreboard | ToStatistics | ToReplays | ToReplay
          | ToReview | ToRules | ToSettings | ToPause | ToReplaceGame)
"""Every screen a scene can ask for."""


# -- the transitions -----------------------------------------------------------------------


@dataclass
class Push:
    """Open ``to`` over the scene on top (an overlay or a sub-screen)."""

    to: Target


@dataclass
class Pop:
    """Close the top scene; the one below is live again."""


@dataclass
class Replace:
    """Replace every scene by ``to`` (a new main screen)."""

    to: Target


Go = Push | Pop | Replace
"""Where to go next."""


def went(used: Go | bool) -> Go | None:
    """The transition in what a focus group's ``handle`` returned (True or False: none)."""
    return None if isinstance(used, bool) else used
