"""What went wrong, kept as an English sentence's template and its values, so that it can be said in any language.

Every layer says what is wrong with a rules file, a record or a stored file
without choosing a language: ``str()`` of a :class:`Said` is the English (the
command line, logs, tests), and the window says it in the player's language
(:func:`greed_game.i18n.say`). The templates are the catalogs'
messages: ``scripts/messages.py`` extracts every ``Said("...")`` written with
a literal template.

A leaf: it imports nothing of the game, so the rules core, the files and the
stored data all raise through it.
"""

from __future__ import annotations

from collections.abc import Callable

_AS_IS = "{detail}"


class Said:
    """One sentence (or clause) for a player: an English template with named ``{values}``.

    A value is text (a name, a path, a detail from the system, never translated),
    a whole number (written as the language writes numbers) or another
    :class:`Said` (said in the same language).
    """

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: str | int | Said) -> None:
        self.template = template
        self.values = values

    def but(self, **values: str | int | Said) -> Said:
        """The same sentence with more (or other) values."""
        return Said(self.template, **{**self.values, **values})

    @staticmethod
    def as_is(detail: str) -> Said:
        """Text said as it is in every language: a detail from outside the game (a type's name, a system's
        message), never looked up in a catalog."""
        return Said(_AS_IS, detail=detail)

    @staticmethod
    def joined(*parts: Said) -> Said:
        """Whole sentences one after another (each translated on its own)."""
        return Said(" ".join(f"{{s{i}}}" for i in range(len(parts))), **{f"s{i}": p for i, p in enumerate(parts)})

    def say(self, translate: Callable[[str], str], number: Callable[[int], str]) -> str:
        """The sentence in a language: ``translate`` gives a template's translation, ``number`` writes numbers.

        A translation that names a value the sentence does not have falls back to the English template.
        """
        values = {k: _value(v, translate, number) for k, v in self.values.items()}
        try:
            return translate(self.template).format(**values)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**values)

    def __str__(self) -> str:
        return self.say(lambda template: template, lambda n: f"{n:,}")

    def __repr__(self) -> str:
        return f"Said({str(self)!r})"

    def _key(self) -> tuple[object, ...]:
        return (self.template, tuple(sorted((k, v._key() if isinstance(v, Said) else v)
                                            for k, v in self.values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def _value(value: str | int | Said, translate: Callable[[str], str], number: Callable[[int], str]) -> str:
    if isinstance(value, Said):
        return value.say(translate, number)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


class SaidError(ValueError):
    """An error whose message is a :class:`Said`; ``str(error)`` is the English."""

    def __init__(self, said: Said, /) -> None:
        self.said = said
        super().__init__(str(said))


def said_of(error: BaseException) -> Said:
    """What an error says: its :class:`Said`, or its message as it is (an error from outside the game)."""
    found = getattr(error, "said", None)
    return found if isinstance(found, Said) else Said.as_is(str(error) or error.__class__.__name__)


__all__ = ["Said", "SaidError", "said_of"]
