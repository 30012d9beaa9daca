"""The new-game screen's target, the settings help and the rules text read as a person expects."""

from __future__ import annotations

import re

import pytest

from greed_game.app.main import App
from greed_game.app.scenes.overlays import SettingsOverlay
from greed_game.app.scenes.setup import TARGET_PRESETS
from greed_game.app.scenes.table import TableScene
from greed_game.narrator.rules_text import rules_text, source_line
from greed_game.presets import preset
from greed_game.rules import PRESET_IDS

from .conftest import Driver
from .scenarios import open_setup


def test_the_target_selector_offers_presets_and_the_rules_own(app: App) -> None:
    setup = open_setup(app)
    values = [v for v, _ in setup.target_selector.options]
    assert set(TARGET_PRESETS) <= set(values) and setup.rules.target in values
    labels = dict(setup.target_selector.options)
    assert "rules" in labels[setup.rules.target] and "rules" not in labels[2000]
    assert len(values) < 20  # presets, not every step of 500


def test_a_typed_target_is_played(app: App, drive: Driver) -> None:
    setup = open_setup(app)
    setup.focus.focus_on(setup.target_field)
    drive.type("6")
    drive.type("2")
    drive.type("5")
    drive.type("0")
    assert setup.target == 6250 and not setup.target_problem
    assert setup.target_selector.value == 6250
    app.go(setup.start())
    table = app.stack.top
    assert isinstance(table, TableScene) and table.rules.target == 6250


@pytest.mark.parametrize(("typed", "words"),
                         [("12x", "whole number"), ("99999999", "at most 50,000"), ("0", "at least 1")])
def test_an_impossible_target_is_refused_in_words(app: App, typed: str, words: str) -> None:
    setup = open_setup(app)
    before = setup.target
    setup.target_field.value = typed
    setup.type_target(typed)
    assert setup.target == before and words in setup.target_problem
    setup.target_selector.step(1)  # choosing a preset clears what was typed, and the complaint
    assert setup.target_field.value == "" and not setup.target_problem


def test_the_settings_help_describes_the_focused_setting(app: App, drive: Driver) -> None:
    app.show_menu()
    overlay = SettingsOverlay(app)
    app.push(overlay)
    seen = []
    for _ in range(9):
        seen.append(overlay.help.split(":")[0])
        drive.press("down")
    assert seen == ["Animation speed", "Void throws", "Sound", "Opponents talk", "Full screen", "Dice", "Dice view",
                    "Language", "Every change is saved at once; Done or Esc goes back."]


@pytest.mark.parametrize("device", [True, False])
def test_settings_say_when_sound_is_on_but_there_is_no_sound_device(app: App, drive: Driver, device: bool) -> None:
    """"Sound: On" where nothing can be heard read as a fault (the setting stays what the player chose)."""
    app.no_sound_device = not device
    app.show_menu()
    overlay = SettingsOverlay(app)
    app.push(overlay)
    drive.press("down")
    drive.press("down")
    assert overlay.help.startswith("Sound:")
    assert ("no sound device" in overlay.help) is not device
    assert app.settings.sound is True


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_the_rules_say_where_they_come_from_without_codes(rules_id: str) -> None:
    text = rules_text(preset(rules_id))
    assert "Where these rules come from: " in text
    assert "Source" not in text and not re.search(r"\b\d{3}: ", text)


def test_a_source_without_a_number_is_kept_whole() -> None:
    assert source_line("12:30 games at the club") == "Where these rules come from: 12:30 games at the club."
    assert source_line("004: Greed Dice Game, Official Rules") == (
        "Where these rules come from: Greed Dice Game, Official Rules.")


@pytest.mark.parametrize("skin", ["pips", "greed"])
def test_the_rules_screen_pictures_every_scoring_combination(app: App, skin: str) -> None:
    from greed_game.app.scenes.overlays import RulesOverlay
    from greed_game.narrator.rules_text import scoring_rows
    from greed_game.narrator.words import Vocabulary

    app.settings.skin = skin  # type: ignore[assignment]
    overlay = RulesOverlay(app, PRESET_IDS.index("official"))
    app.push(overlay)
    rows = overlay.rows(app.canvas)
    pictured = [(faces, figure) for row in rows if row.kind == "dice" for _, faces, figure in row.cells]
    vocab = Vocabulary("greed" if skin == "greed" else "pips")
    wanted = [(faces, f"{points:,}") for row in scoring_rows(overlay.presets[overlay.index], vocab)
              for faces, points in row.combos]
    assert pictured == wanted and ((1, 1, 1), "1,000") in pictured
    assert not any(row.kind == "text" and "Three of a kind:" in row.text for row in rows)  # pictured, not listed
    labels = [row.text for row in rows if row.kind == "dice" and row.text]
    assert ("Large straight D-E-E-R-G" in labels) == (skin == "greed")
    assert ("Large straight 1-2-3-4-5" in labels) == (skin == "pips")


def test_the_rules_screen_scrolls_to_its_last_row_whole(app: App, drive: Driver) -> None:
    from greed_game.app.scenes.overlays import RulesOverlay

    overlay = RulesOverlay(app, 0)
    app.push(overlay)
    drive.frames(1)
    drive.press("end")
    last = overlay._last_first()
    assert overlay.first == last > 0
    shown = sum(r.height for r in overlay.rows(app.canvas)[last:])
    assert shown <= overlay.body.h
    assert shown + overlay.rows(app.canvas)[last - 1].height > overlay.body.h  # no further than needed
    drive.press("down")
    assert overlay.first == last


def test_statistics_show_computer_levels_on_request(app: App, drive: Driver) -> None:
    from greed_game.app.scenes.statistics import StatisticsScene

    from .scenarios import fill_storage

    fill_storage(app.storage, games=3)
    app.show_menu()
    scene = StatisticsScene(app)
    app.push(scene)
    assert [r.name for r in scene.rows] == [r.name for r in scene.view.players]
    drive.press("right")
    assert scene.by == "levels" and [r.name for r in scene.rows] == ["cautious", "bold"]  # weakest first
    assert scene.table.count == 2
    drive.press("left")
    assert scene.by == "names" and scene.table.count == len(scene.view.players)
