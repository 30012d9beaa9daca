"""The route table: the scene for each screen a scene can ask for.

The one module that imports every scene. The scene stack is handed
:func:`build` when the window starts, so no scene imports this module (nor
another scene) to open a screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from greed_game.app.navigation import (
    Target,
    ToMenu,
    ToNewGame,
    ToPause,
    ToReplaceGame,
    ToReplay,
    ToReplays,
    ToReview,
    ToRules,
    ToSavedGame,
    ToScoreboard,
    ToSettings,
    ToSetup,
    ToStatistics,
)
from greed_game.app.scenes.menu import MenuScene, SetupScene
from greed_game.app.scenes.overlays import PauseOverlay, ReplaceGameOverlay, RulesOverlay, SettingsOverlay
from greed_game.app.scenes.replay_list import ReplaysScene
from greed_game.app.scenes.replay_viewer import ReplayScene
from greed_game.app.scenes.review import ReviewOverlay
from greed_game.app.scenes.scoreboard import ScoreboardScene
from greed_game.app.scenes.statistics import StatisticsScene

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App, Scene
    from greed_game.app.scenes.table import TableScene


def _table() -> type[TableScene]:
    """The table scene, imported the first time a game opens: it brings the dice's physics and the 3D view
    (numpy, rapier3d, moderngl), which the menu can come up without."""
    from greed_game.app.scenes.table import TableScene

    return TableScene


def build(app: App, target: Target) -> Scene:
    """The scene ``target`` names, made for ``app``."""
    match target:
        case ToMenu():
            app.autosaver.flush()  # the menu's Continue reads the save: the game just left must be in it
            return MenuScene(app)
        case ToSetup():
            return SetupScene(app)
        case ToNewGame(setup):
            return _table().new(app, setup)
        case ToSavedGame(resumed):
            return _table().resumed(app, resumed)
        case ToScoreboard(setup, game):
            return ScoreboardScene(app, setup, game)
        case ToStatistics():
            return StatisticsScene(app)
        case ToReplays():
            return ReplaysScene(app)
        case ToReplay(replay):
            return ReplayScene(app, replay)
        case ToReview(rules, players, events):
            return ReviewOverlay(app, rules, players, events)
        case ToRules(preset_index, rules):
            return RulesOverlay(app, preset_index, rules=rules)
        case ToSettings():
            return SettingsOverlay(app)
        case ToPause(rules, record):
            return PauseOverlay(app, rules, record)
        case ToReplaceGame(rules_name, standing, start):
            return ReplaceGameOverlay(app, rules_name, standing, start)
        case _:
            assert_never(target)
