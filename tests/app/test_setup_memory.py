"""The new-game screen offers the last setup again, and a stale one falls back without a crash."""

from __future__ import annotations

import json
from collections.abc import Callable

from english import told

from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.table import TableScene
from greed_game.storage import Storage
from greed_game.storage.settings import LastSetup, SeatSetup

from .conftest import Driver
from .scenarios import HOUSE_RULES, open_setup


def _house_rules(storage: Storage) -> None:
    folder = storage.root / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text(HOUSE_RULES, encoding="utf-8")


def test_the_setup_started_is_offered_again_after_a_restart(make_app: Callable[..., App], storage: Storage) -> None:
    _house_rules(storage)
    app = make_app()
    setup = open_setup(app)
    setup.seats.add("master")
    setup.seats.add("human")
    setup.seats.names[0] = "Maximilian Wolfgang Ober"
    setup.seats.names[3] = ""
    setup.set_preset(next(i for i, c in enumerate(setup.choices) if c.path and c.path.name == "house.toml"))
    setup.target = 3500
    setup.skin = "greed"
    app.go(setup.start())
    Driver(app).frames(1)
    assert isinstance(app.stack.top, TableScene)
    app.close()

    restarted = App(storage=Storage(storage.root), size=(854, 480), clock="virtual", seed=2)  # settings from disk
    try:
        again = open_setup(restarted)
        assert again.seats.kinds == ["human", "cautious", "master", "human"]
        assert again.seats.names == ["Maximilian Wolfgang Ober", "Penny", "Hugo", ""]  # the levels' characters
        assert again.choice.path is not None and again.choice.path.name == "house.toml"
        assert again.target == 3500 and again.skin == "greed"
        assert not again.notes
    finally:
        restarted.close()


def test_leaving_with_back_keeps_the_setup_too(make_app: Callable[..., App]) -> None:
    app = make_app()
    setup = open_setup(app)
    setup.set_preset(2)
    setup.seats.add("expert")
    preset_id = setup.rules.id
    Driver(app).press("escape")
    assert isinstance(app.stack.top, MenuScene)
    again = open_setup(app)
    assert again.rules.id == preset_id and again.seats.kinds[-1] == "expert" and len(again.seats.kinds) == 3


def test_a_stale_setup_falls_back_and_says_what_changed(make_app: Callable[..., App], storage: Storage) -> None:
    stale = LastSetup((SeatSetup("Tess", "human"), SeatSetup("Robo", "grandmaster")), "gone.toml", True, 4000)
    app = make_app()
    app.settings.last_setup = stale
    setup = open_setup(app)
    assert setup.seats.kinds == ["human", "cautious"] and setup.seats.names == ["Tess", "Robo"]
    assert setup.preset_index == 0 and setup.target == setup.rules.target
    assert len(setup.notes) == 2
    assert "grandmaster" in setup.notes[0] and "gone.toml" in setup.notes[1]
    assert any("gone.toml" in t.text for t in app.toasts)
    app.go(setup.start())
    assert isinstance(app.stack.top, TableScene)


def test_an_impossible_target_falls_back_to_the_rules_own(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.settings.last_setup = LastSetup((SeatSetup("Tess", "human"),), "classic-five", False, 10**11)
    setup = open_setup(app)
    assert setup.rules.id == "classic-five" and setup.target == setup.rules.target
    assert "target" in setup.notes[0]


def test_a_target_chosen_stays_when_the_rules_change_and_the_rules_own_follows_them(
        make_app: Callable[..., App]) -> None:
    """Changing the rules had set a target of 2,000 back to the rules' 10,000 without a word (helper-35)."""
    app = make_app()
    setup = open_setup(app)
    ids = [c.rules.id if c.rules is not None else None for c in setup.choices]
    setup.set_preset(ids.index("pass-the-dice"))
    setup.type_target("2000")
    assert setup.target == 2000
    setup.set_preset(ids.index("official"))
    assert setup.rules.id == "official" and setup.target == 2000
    assert setup.setup().overrides == {"target": 2000}
    # the rules' own target follows the rules
    setup.type_target("10000")
    setup.set_preset(ids.index("classic-five"))
    assert setup.target == 3000 == setup.rules.target


def test_a_damaged_setup_in_the_settings_file_keeps_the_other_settings(storage: Storage) -> None:
    storage.root.mkdir(parents=True, exist_ok=True)
    data = {"format": "greed-settings/1", "sound": False, "last_setup": {"seats": [{"name": 3}], "rules": ""}}
    storage.settings_path.write_text(json.dumps(data))
    settings = storage.load_settings()
    assert settings.sound is False and settings.last_setup is None
    assert any("last_setup" in p for p in told(storage.take_problems()))
    assert json.loads(storage.settings_path.read_text()).get("last_setup") is None


def test_a_remembered_setup_survives_the_settings_file(storage: Storage) -> None:
    from greed_game.storage import Settings

    last = LastSetup((SeatSetup("", "human"), SeatSetup("Ada", "expert")), "official", False, 12000)
    assert storage.save_settings(Settings(last_setup=last))
    assert Storage(storage.root).load_settings().last_setup == last


def test_enter_on_a_choice_starts_the_game_with_that_choice_as_it_is(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    setup = open_setup(app)
    drive.frames(1)
    target = setup.target
    while getattr(setup.focus.focused, "label", None) != "Target":
        drive.press("tab")
    drive.press("right")  # ← → change the target
    changed = setup.target
    assert changed != target
    drive.press("enter")  # Enter starts, as the keys' help says; it does not step the target again
    drive.frames(1)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.rules.target == changed


def test_enter_in_a_name_starts_the_game_with_that_name(make_app: Callable[..., App]) -> None:
    from greed_game.app.widgets import TextField

    app = make_app()
    drive = Driver(app)
    setup = open_setup(app)
    drive.frames(1)
    for _ in range(30):
        if isinstance(setup.focus.focused, TextField):
            break
        drive.press("tab")
    field = setup.focus.focused
    assert isinstance(field, TextField)
    for _ in range(40):
        drive.press("backspace")
    drive.type("Quentin")
    drive.press("enter")  # as the keys' help says: Enter starts
    drive.frames(1)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert "Quentin" in [p.name for p in table.game.players]


def test_enter_after_adding_a_player_with_the_mouse_starts_the_game(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    setup = open_setup(app)
    seats = len(setup.seats.kinds)
    drive.click(setup.add_button.rect.center)
    assert len(setup.seats.kinds) == seats + 1
    drive.press("enter")  # as the keys' help says: Enter starts (it had added another seat)
    drive.frames(1)
    assert isinstance(app.stack.top, TableScene) and len(app.stack.top.game.players) == seats + 1


def test_a_seat_added_is_a_computer_of_a_level_not_yet_seated(make_app: Callable[..., App]) -> None:
    """A second seat of the same level had been "Penny 2", with the same face (helper-28, helper-29)."""
    setup = open_setup(make_app())
    first = list(setup.seats.kinds)
    setup.seats.add()
    setup.seats.add()
    added = setup.seats.kinds[len(first):]
    assert len(set(setup.seats.kinds)) == len(setup.seats.kinds), setup.seats.kinds
    assert all(kind != "human" for kind in added)
    assert len(set(setup.seats.names)) == len(setup.seats.names) and not any(" 2" in n for n in setup.seats.names)
