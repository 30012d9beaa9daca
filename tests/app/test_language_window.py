"""The window speaks the language chosen in Settings at once, and keeps the choice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from greed_game.app.main import App


def test_the_window_switches_language_at_once(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    from greed_game.app.scenes.menu import MenuScene
    from greed_game.app.scenes.overlays import SettingsOverlay
    from greed_game.app.widgets import Button

    from .conftest import Driver

    monkeypatch.delenv("GREED_LANG")
    app = make_app(language="en")
    drive = Driver(app)
    app.show_menu()
    drive.frames(2)
    overlay = SettingsOverlay(app)
    app.push(overlay)
    overlay.language.set_value("de")
    overlay._language("de")
    assert overlay.done.label == "Fertig" and app.settings.language == "de"
    drive.press("escape", frames=2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    labels = [w.label for w in menu.focus.widgets if isinstance(w, Button)]
    assert "Neues Spiel" in labels and "Spielen lernen" in labels
    assert app.storage.load_settings().language == "de", "the choice is saved"




def test_the_rules_screen_names_the_presets_in_the_language(make_app: Callable[..., App],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from greed_game.app.scenes.overlays import RulesOverlay
    from greed_game.presets import preset

    monkeypatch.setenv("GREED_LANG", "de")
    app = make_app()
    overlay = RulesOverlay(app)
    names = [label for _value, label in overlay.selector.options]
    assert "Würfel weitergeben" in names and preset("pass-the-dice").name not in names
