"""The route table: the scene for each screen a scene can ask for.

The one module that imports every scene. The scene stack is handed
:func:`build` when the window starts, so no scene imports this module (nor
another scene) to open a screen. Only the menu is imported with the window:
every other scene module is imported the first time its screen opens (the new-game screen too: it reads the
rules and the player's rules files), so the
window comes up without the table's physics and 3D view (numpy, rapier3d,
moderngl), the review's solver workers or the replay viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from greed_game.app.navigation import (
    Target,
    ToLearn,
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
from greed_game.app.scenes.menu import MenuScene

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App, Scene


def build(app: App, target: Target) -> Scene:
    """The scene ``target`` names, made for ``app``."""
    match target:
        case ToMenu():
            app.autosaver.flush()  # the menu's Continue reads the save: the game just left must be in it
            return MenuScene(app)
        case ToSetup():
            from greed_game.app.scenes.setup import SetupScene

            return SetupScene(app)
        case ToNewGame() | ToSavedGame():
            return _table(app, target)
        case ToLearn(offer):
            from greed_game.app.scenes.learn import LearnScene

            return LearnScene(app, offer=offer)
        case ToScoreboard(setup, game):
            from greed_game.app.scenes.scoreboard import ScoreboardScene

            return ScoreboardScene(app, setup, game)
        case ToStatistics():
            from greed_game.app.scenes.statistics import StatisticsScene

            return StatisticsScene(app)
        case ToReplays() | ToReplay():
            return _replays(app, target)
        case ToReview(rules, players, events):
            from greed_game.app.scenes.review import ReviewOverlay

            return ReviewOverlay(app, rules, players, events)
        case ToRules() | ToSettings() | ToPause() | ToReplaceGame():
            return _overlay(app, target)
        case _:
            assert_never(target)


def _table(app: App, target: ToNewGame | ToSavedGame) -> Scene:
    from greed_game.app.scenes.table import TableScene

    if isinstance(target, ToNewGame):
        return TableScene.new(app, target.setup, lesson=target.lesson)
    return TableScene.resumed(app, target.resumed)


def _replays(app: App, target: ToReplays | ToReplay) -> Scene:
    if isinstance(target, ToReplay):
        from greed_game.app.scenes.replay_viewer import ReplayScene

        return ReplayScene(app, target.replay)
    from greed_game.app.scenes.replay_list import ReplaysScene

    return ReplaysScene(app)


def _overlay(app: App, target: ToRules | ToSettings | ToPause | ToReplaceGame) -> Scene:
    from greed_game.app.scenes.overlays import PauseOverlay, ReplaceGameOverlay, RulesOverlay, SettingsOverlay

    match target:
        case ToRules(preset_index, rules):
            return RulesOverlay(app, preset_index, rules=rules)
        case ToSettings():
            return SettingsOverlay(app)
        case ToPause(rules, record):
            return PauseOverlay(app, rules, record)
        case ToReplaceGame(rules_name, standing, start):
            return ReplaceGameOverlay(app, rules_name, standing, start)
