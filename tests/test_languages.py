"""The game in the languages it is played in: catalogs complete and in step with the code, a language offered
only when whole, chosen by GREED_LANG, the settings or the system, switched in the window at once, numbers and
plurals as each language writes them, and the command line's rules text in the language chosen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from script_modules import load_script

from greed_game import i18n
from greed_game.narrator import Narrator
from greed_game.narrator.words import dice_count, num
from greed_game.presets import preset
from greed_game.rules import RulesError
from greed_game.rules.transitions import GameOver
from greed_game.storage import Settings, Storage

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = [code for code in i18n.available() if code != i18n.SOURCE]


def _messages_script() -> object:
    return load_script("scripts/messages.py")


def test_every_catalog_has_every_message_the_code_uses_translated() -> None:
    problems = _messages_script().problems()  # type: ignore[attr-defined]
    assert problems == [], "\n".join(problems[:20])
    assert LANGUAGES, "no language beside English is complete"


def test_every_message_written_in_the_code_is_in_the_template() -> None:
    """The extractor skipped messages marked inside some calls (a ``Said(...)`` with empty strings among its
    arguments): the template and the check agreed, and those words were never translated."""
    import ast

    from babel.messages.pofile import read_po

    with (ROOT / "assets" / "locale" / "greed.pot").open("rb") as f:
        template = read_po(f)
    known: set[str] = set()
    for message in template:
        known.update(message.id if isinstance(message.id, tuple) else (message.id,))
    missing = []
    for path in sorted((ROOT / "greed_game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            first = node.args[0]
            if (node.func.id in ("_", "N_", "ngettext") and isinstance(first, ast.Constant)
                    and isinstance(first.value, str) and first.value not in known):
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {first.value}")
    assert not missing, missing


def test_a_catalog_missing_a_message_is_not_offered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = i18n.catalog_path("de")
    lines = source.read_text(encoding="utf-8").splitlines()
    # blank the translation of the first real message
    first = next(i for i, line in enumerate(lines) if line.startswith('msgid "') and line != 'msgid ""')
    lines[first + 1] = 'msgstr ""'
    target = tmp_path / "de" / "LC_MESSAGES" / "greed.po"
    target.parent.mkdir(parents=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    i18n._translations.cache_clear()
    try:
        assert "de" not in i18n.available()
        assert i18n.language("de").code == "en", "a half-translated language falls back to English"
    finally:
        monkeypatch.undo()
        i18n._translations.cache_clear()
    assert "de" in i18n.available()


def test_the_language_is_chosen_by_greed_lang_then_the_setting_then_the_system() -> None:
    assert i18n.choose("auto", {"GREED_LANG": "de"}) == "de"
    assert i18n.choose("en", {"GREED_LANG": "de"}) == "de"
    assert i18n.choose("de", {}) == "de"
    assert i18n.choose("auto", {"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.choose("auto", {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose("auto", {"GREED_LANG": "xx", "LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.system_language({"LANGUAGE": "fr:de"}) == "fr"


@pytest.mark.parametrize(("code", "thousand", "share"), [("en", "12,345", "49.8%"), ("de", "12.345", "49,8\u00a0%"),
                                                          ("fr", "12\u202f345", "49,8\u00a0%"),
                                                          ("es", "12.345", "49,8\u00a0%"), ("nl", "12.345", "49,8%")])
def test_numbers_are_written_as_each_language_writes_them(code: str, thousand: str, share: str) -> None:
    import gettext

    language = i18n.Language(code, code, gettext.NullTranslations())
    written = f"{12345:,}" if code == "en" else language.number(12345)
    assert written == thousand
    assert (f"{0.498 * 100:.1f}%" if code == "en" else language.percent(0.498)) == share


@pytest.mark.parametrize("code", LANGUAGES)
def test_plurals_and_the_table_s_words_come_from_the_catalog(code: str) -> None:
    import gettext

    from babel.messages.pofile import read_po

    with i18n.catalog_path(code).open("rb") as f:
        catalog = read_po(f, locale=code)
    forms = catalog.get(("{count} die", "{count} dice")).string
    i18n.use(code)
    for n in (0, 1, 2, 5):
        form = gettext.c2py(catalog.plural_expr)(n)  # the catalog's own rule, as gettext reads it
        assert dice_count(n) == forms[form].format(count=num(n))
    narrator = Narrator(preset("official"), [i18n._("You"), "Ada"])
    assert narrator.person(0).you, "the seat named You in the language in force is spoken to"
    said = narrator.events.winners([0])
    assert said == i18n._("You win!") and said != "You win!"
    assert num(10000) == i18n.current().number(10000)


def test_the_rules_text_speaks_the_language_and_json_stays_english(tmp_path: Path) -> None:
    env = {**os.environ, "GREED_LANG": "de", "GREED_DATA_DIR": str(tmp_path)}
    text = subprocess.run([sys.executable, "-m", "greed_game", "rules", "official"], env=env, capture_output=True,
                          text=True, check=True, timeout=120).stdout
    assert "WERTUNG" in text and "10.000" in text and "SCORING" not in text
    data = subprocess.run([sys.executable, "-m", "greed_game", "rules"], env=env, capture_output=True, text=True,
                          check=True, timeout=120).stdout
    assert '"name": "Official"' in data and "10,000" in data


def test_how_to_add_a_language_is_written_down() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "scripts/messages.py init" in readme and "scripts/messages.py check" in readme


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{[a-z_0-9]*\}", text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_translation_keeps_the_values_of_its_message(code: str) -> None:
    from babel.messages.pofile import read_po

    with i18n.catalog_path(code).open("rb") as f:
        catalog = read_po(f, locale=code)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = _placeholders(ids[-1])
        for s in strings:
            # a plural's singular may say "one" instead of {count}; nothing else may be dropped or added
            if _placeholders(s) != wanted and not (len(ids) > 1 and _placeholders(s) <= wanted):
                wrong.append(f"{message.id!r} -> {s!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("code", LANGUAGES)
def test_what_went_wrong_with_a_file_is_said_in_each_language(code: str, tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.settings_path.write_text("{", encoding="utf-8")
    assert storage.load_settings() == Settings()
    (problem,) = storage.take_problems()
    (aside,) = tmp_path.glob("settings.bad-*.json")
    english = str(problem)
    assert english.startswith("Your settings could not be used: the file is cut short") and aside.name in english
    i18n.use(code)
    said = i18n.say(problem)
    assert aside.name in said and said != english
    for template in ("Your settings could not be used: {why}.", "the file is cut short (it ends in the middle of "
                     "its data)", "The file was kept as {name}.", "The default settings are used."):
        assert i18n._(template) != template
    assert i18n._("The default settings are used.") in said
    assert i18n._("the file is cut short (it ends in the middle of its data)") in said


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_rules_file_s_fault_is_said_in_each_language_and_numbers_as_it_writes_them(code: str) -> None:
    with pytest.raises(RulesError) as caught:
        preset("official").with_overrides({"target": 99_999_999})
    english = str(caught.value.here)
    assert english.startswith("field 'target': must be at most 1,000 times the smallest score")
    i18n.use(code)
    said = i18n.say(caught.value.here)
    assert "'target'" in said and said.lower() != english.lower()
    assert i18n.number(99_999_999) in said, "the figures are written as the language writes them"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_game_over_caption_ends_as_the_language_ends_a_sentence(code: str) -> None:
    i18n.use(code)
    events = Narrator(preset("official"), [i18n._("You"), "Ada"]).events
    for seats in ((0,), (1,), (0, 1)):
        said = events._caption_part(GameOver(seats, (10_000, 10_000)), None)  # type: ignore[arg-type]
        assert said and not said.startswith("Game over")
        assert not re.search(r"\s[.!]$", said), said  # no space left before the full stop
        assert said.count("¡") == said.count("!") or "¡" not in said, said  # an opened exclamation is closed


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_preset_is_named_in_the_language_on_the_lesson_s_card(code: str) -> None:
    from greed_game.narrator.coach import LessonFacts
    from greed_game.narrator.rules_text import rules_name

    i18n.use(code)
    rules = preset("pass-the-dice")
    coach = Narrator(rules, [i18n._("You"), "Ada"]).coach
    facts = LessonFacts((5,), (2, 2, 2), 300, 3, (1, 5), 150, (1, 1, 1, 5, 5, 5), 200)
    title = coach.card("welcome", facts, 1, 9).title
    assert rules_name(rules) in title and rules.name not in title, title
