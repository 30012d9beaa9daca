"""Tables set up in a known state, for screenshots and tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from greed_game.app.main import App
from greed_game.app.scenes.table import TableScene
from greed_game.play.setup import GameSetup
from greed_game.rules import PRESET_IDS, Event, FirstPlayer, Game, Player, Record, Roll, record_of
from greed_game.storage import Storage

if TYPE_CHECKING:
    from greed_game.app.scenes.setup import SetupScene

    from .conftest import Driver


def open_setup(app: App) -> SetupScene:
    """The new-game screen, opened from the menu as a person would."""
    from greed_game.app.scenes.menu import MenuScene
    from greed_game.app.scenes.setup import SetupScene

    app.show_menu()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.go(menu.open_setup())
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


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
    scene.restore()
    app.stack.replace(scene)
    return scene


def pick(table: TableScene, faces: Sequence[int]) -> None:
    """Pick the dice showing ``faces`` on the felt, as clicks on them would."""
    wanted = table.turn.selection.ids_of(faces)
    for die in table.dice:
        if die.ident in wanted:
            table.toggle(die)


TESS = Player("Tess", "human")
ADA = Player("Ada", "cautious")
BRUTUS = Player("Brutus", "bold")


def first_throw_at_rest(drive: Driver, seed: int) -> TableScene:
    """Tess and Ada at a Pass the Dice table, Tess's first throw thrown with Space and come to rest."""
    table = table_at(drive.app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=seed)
    drive.frames(2)
    drive.press("space")
    drive.until(lambda: table.turn.mode != "rolling")
    drive.frames(2)
    return table


def hot_dice_thrown_on(drive: Driver, faces: tuple[int, ...]) -> TableScene:
    """Tess's first throw at a Pass the Dice table shows ``faces`` (six that all score): she keeps them all and
    presses Space to throw the six on; returned as the keep is made."""
    table = table_at(drive.app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll(faces)], seed=3)
    drive.frames(2)
    pick(table, list(faces))
    drive.frames(2)
    drive.press("space")
    return table


def void_off_the_felt(drive: Driver, seed: int = 4) -> TableScene:
    """Tess's first throw at a Pass the Dice table, made void by a die gone over the rail, just declared so."""
    table = table_at(drive.app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=seed)
    table.turn.forced_voids.append("off-felt")
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.turn.voids == 1)
    return table


def first_throw_with_a_keep(drive: Driver, seed: int = 7) -> TableScene:
    """As :func:`first_throw_at_rest`, with one scoring die (a 1 or a 5) picked to keep."""
    table = first_throw_at_rest(drive, seed)
    scoring = [d.value for d in table.snap.dice if d.value in (1, 5)][:1]
    assert scoring, f"seed {seed}'s first throw has a 1 or a 5"
    pick(table, scoring)
    drive.frames(2)
    return table


def finished_game(
    seed: int = 11,
    rules: str = "pass-the-dice",
    players: Sequence[Player] = (Player("Tess", "cautious"), Player("Ada", "bold"), Player("Brutus", "cautious")),
    target: int = 3000,
) -> Game:
    """A whole game played by computer players (any seat's kind is played by a computer level)."""
    from greed_game.ai import strategy

    setup = GameSetup(rules, list(players), {"target": target})
    game = Game(setup.ruleset(), setup.players)
    rng = random.Random(seed)
    game.roll_off(rng)
    bots = [strategy(p.kind if p.kind != "human" else "cautious", game.rules) for p in players]
    while not game.finished:
        game.play(bots[game.state.current].choose(game.rules, game.state), rng)
    return game


def finished_record(seed: int = 11, rules: str = "pass-the-dice", **kwargs: Any) -> Record:
    """The record of :func:`finished_game`."""
    target = kwargs.get("target", 3000)
    return record_of(finished_game(seed, rules, **kwargs), rules, {"target": target})


HOUSE_RULES = """\
format = 1
id = "house"
name = "Our House Rules"
description = "Five dice, single 1s and 5s and triples; first to 2,000."
dice = 5
target = 2000

[scoring]
singles = { 1 = 100, 5 = 50 }

[scoring.of_a_kind.3]
1 = 1000
2 = 200
3 = 300
4 = 400
5 = 500
6 = 600
"""

BAD_RULES = """\
id = "broken"
name = "Broken"
dice = 9
target = 1000

[scoring]
singles = { 1 = 100 }
"""


def fill_storage(storage: Storage, *, games: int = 6) -> None:
    """Finished games, an export, a broken record file and two rules files (one good, one bad)."""
    kinds = ["cautious", "bold", "cautious", "bold"]
    names = ["Tess", "Ada", "Brutus", "Cleo"]
    for i in range(games):
        n = 2 + i % 3
        players = [Player(names[s], kinds[s]) for s in range(n)]
        storage.autosave.finish_game(finished_record(i + 1, PRESET_IDS[i % len(PRESET_IDS)], players=players))
    storage.archive.export_record(finished_record(99))
    storage.exports_dir.mkdir(parents=True, exist_ok=True)
    (storage.exports_dir / "broken.json").write_text('{"format": "greed-record/1", "rules": "pass', encoding="utf-8")
    rules = storage.root / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "house.toml").write_text(HOUSE_RULES, encoding="utf-8")
    (rules / "broken.toml").write_text(BAD_RULES, encoding="utf-8")
