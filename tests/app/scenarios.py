"""Tables set up in a known state, for screenshots and tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from greed_game.app.main import App
from greed_game.app.scenes.table import TableScene
from greed_game.app.setup import GameSetup
from greed_game.rules import Event, Game, Player


def table_at(
    app: App,
    rules: str,
    players: Sequence[Player],
    events: Sequence[Event] = (),
    *,
    seed: int = 5,
    overrides: dict[str, object] | None = None,
) -> TableScene:
    """A table whose game has had ``events``, shown as if resumed there."""
    setup = GameSetup(rules, list(players), dict(overrides or {}))
    game = Game(setup.ruleset(), setup.players)
    for event in events:
        game.apply(event)
    scene = TableScene(app, setup, game, random.Random(seed), seed)
    scene._restore_table()
    app.stack.replace(scene)
    return scene


TESS = Player("Tess", "human")
ADA = Player("Ada", "cautious")
BRUTUS = Player("Brutus", "bold")
