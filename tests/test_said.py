"""What went wrong, kept as an English template and its values: said in English by ``str()``, in any language by
``say``, with numbers written by the language and nested clauses said in the same language."""

from __future__ import annotations

import pickle

from greed_game.said import Said, SaidError, said_of


def test_english_is_the_template_with_its_values_and_numbers_grouped() -> None:
    said = Said("{name} has more wins ({wins}) than games ({games})", name="'Ada'", wins=12000, games=3)
    assert str(said) == "'Ada' has more wins (12,000) than games (3)"


def test_a_language_translates_every_clause_and_writes_its_own_numbers() -> None:
    inner = Said("the file is empty")
    said = Said.joined(Said("Your settings could not be used: {why}.", why=inner), Said("{n} left.", n=1500))
    words = {"Your settings could not be used: {why}.": "Einstellungen unbrauchbar: {why}.",
             "the file is empty": "die Datei ist leer", "{n} left.": "Noch {n}."}
    said_de = said.say(lambda t: words.get(t, t), lambda n: f"{n:,}".replace(",", "."))
    assert said_de == "Einstellungen unbrauchbar: die Datei ist leer. Noch 1.500."
    assert str(said) == "Your settings could not be used: the file is empty. 1,500 left."


def test_a_translation_naming_a_value_the_sentence_lacks_falls_back_to_english() -> None:
    said = Said("only {count} dice", count=2)
    assert said.say(lambda t: "nur {anzahl} Würfel", str) == "only 2 dice"
    assert said.say(lambda t: "nur {count Würfel", str) == "only 2 dice"


def test_sentences_compare_by_template_and_values_and_travel_between_processes() -> None:
    a = Said("The record {name} could not be opened: {problem}.", name="x.json", problem=Said("the file is empty"))
    b = a.but(problem=Said("the file is empty"))
    assert a == b and hash(a) == hash(b) and a != a.but(name="y.json")
    assert pickle.loads(pickle.dumps(a)) == a


def test_an_error_says_its_sentence_and_an_outside_error_its_message() -> None:
    error = SaidError(Said("the file is too large (at most {most} KB)", most=16384))
    assert str(error) == "the file is too large (at most 16,384 KB)" and said_of(error) is error.said
    outside = said_of(OSError("No space left on device"))
    assert str(outside) == "No space left on device"
