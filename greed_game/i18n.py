"""The language the game speaks: gettext catalogs kept with Babel, plural forms, and numbers as each language
writes them.

Messages are marked where they are written (``_("...")``, ``ngettext(...)``,
``N_("...")`` for a message translated later) and extracted to
``assets/locale/greed.pot`` by ``scripts/messages.py``; each language has its
catalog ``assets/locale/<code>/LC_MESSAGES/greed.po``, read with Babel when the
language is chosen (the built game ships it compiled, ``greed.mo``, which is read
first). English is the
language the messages are written in and needs no catalog.

A language is offered only when its catalog is complete: a half-translated
table would speak two languages at once. The language in force changes at
once (the window redraws in it); machine-readable output (JSON on the
command line, records, saves) never goes through here.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greed_game.said import Said

LANG_ENV = "GREED_LANG"
"""The environment variable that chooses the language (a portable install), over the setting."""
DOMAIN = "greed"
SOURCE = "en"
"""The language the messages are written in."""
NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "nl": "Nederlands"}
"""Every language the game knows, each in its own words (the order of the Settings list)."""


@dataclass(frozen=True)
class Language:
    """One language: its code, its name in itself, and its messages (None: the messages as written)."""

    code: str
    name: str
    translations: _gettext.NullTranslations

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return self.translations.gettext(message)

    def ngettext(self, one: str, many: str, n: int) -> str:
        """The form of ``one``/``many`` that goes with ``n`` in this language (its own plural rules)."""
        return self.translations.ngettext(one, many, n)

    def number(self, value: int | float) -> str:
        """A number as this language writes it: ``1,250``, ``1.250``, ``1 250``."""
        from babel.numbers import format_decimal

        return str(format_decimal(value, locale=self.code))

    def percent(self, share: float, digits: int = 1) -> str:
        """A share as a percentage with ``digits`` decimals, as this language writes it: ``49.8%``, ``49,8 %``."""
        if self.code == SOURCE:
            return f"{share:.{digits}%}"
        from babel import Locale
        from babel.numbers import format_percent

        # The language's own pattern (``#,##0 %`` in German, the sign before in some), with the decimals asked.
        pattern = Locale.parse(self.code).percent_formats[None].pattern
        if digits:
            pattern = pattern.replace("#,##0", "#,##0." + "0" * digits, 1)
        return str(format_percent(share, format=pattern, locale=self.code))


def catalog_dir() -> Path:
    """The folder of the catalogs (``assets/locale``)."""
    from greed_game.resources import asset_path

    return asset_path("locale")


def catalog_path(code: str) -> Path:
    """Where language ``code``'s catalog is kept."""
    return catalog_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _translations(code: str) -> _gettext.NullTranslations | None:
    """Language ``code``'s messages, or None when it has no complete catalog (missing, damaged, or with a
    message untranslated or fuzzy)."""
    if code == SOURCE:
        return _gettext.NullTranslations()
    compiled = catalog_path(code).with_suffix(".mo")
    if compiled.is_file():  # the build compiles the catalogs; a checkout reads them as they are written
        try:
            with compiled.open("rb") as f:
                return _gettext.GNUTranslations(f)
        except (OSError, ValueError):
            pass
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with catalog_path(code).open("rb") as f:
            catalog = read_po(f, locale=code, domain=DOMAIN)
    except (OSError, ValueError, ImportError):
        return None
    if not complete(catalog):
        return None
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def complete(catalog: object) -> bool:
    """Whether a Babel catalog translates every message, none of them fuzzy."""
    for message in catalog:  # type: ignore[attr-defined]
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            return False
    return True


def available() -> list[str]:
    """The languages that can be chosen: English, and those whose catalog is complete."""
    return [code for code in NAMES if _translations(code) is not None]


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the system asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the platform's own locale),
    as one of the game's codes; None when it is none of them."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in NAMES:
                return code
    if environ is None:
        import locale  # only when the environment names no language

        with contextlib.suppress(ValueError, TypeError):
            found = locale.getlocale()[0]
            if found:
                code = found.split("_")[0].lower()
                return code if code in NAMES else None
    return None


def choose(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``GREED_LANG``, else the setting, else (``auto``) the system's; English when the
    one asked for is not available."""
    env = os.environ if environ is None else environ
    # Only the language asked for is read (the window starts without reading every catalog).
    for wanted in (env.get(LANG_ENV, "").strip().lower(), setting if setting != "auto" else ""):
        if wanted in NAMES and _translations(wanted) is not None:
            return wanted
    found = system_language(environ)
    return found if found is not None and _translations(found) is not None else SOURCE


def language(code: str) -> Language:
    """Language ``code`` (English when it cannot be had)."""
    translations = _translations(code)
    if translations is None:
        code, translations = SOURCE, _gettext.NullTranslations()
    return Language(code, NAMES.get(code, code), translations)


_current = language(SOURCE)


def use(code: str) -> Language:
    """Speak language ``code`` from now on (English when it cannot be had); the language now in force."""
    global _current
    _current = language(code)
    return _current


def current() -> Language:
    """The language in force."""
    return _current


def _(message: str) -> str:
    """``message`` in the language in force."""
    return _current.gettext(message)


def ngettext(one: str, many: str, n: int) -> str:
    """The form of a message that goes with ``n``, in the language in force."""
    return _current.ngettext(one, many, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, as said in ``context`` (a word that differs by what it names)."""
    return _current.translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only (it is translated where it is shown)."""
    return message


def percent(share: float, digits: int = 0) -> str:
    """A share as a percentage with ``digits`` decimals, as the language in force writes it: ``42%``, ``42 %``."""
    return _current.percent(share, digits)


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals, as the language in force writes it: ``1,234.5``, ``1.234,5``."""
    if _current.code == SOURCE:
        return f"{value:,.{digits}f}"
    from babel.numbers import format_decimal

    return str(format_decimal(round(value, digits), format="#,##0." + "0" * digits, locale=_current.code))


def moment(timestamp: float) -> str:
    """A date and time (a file's), as the language in force writes them: ``25 Nov 2026, 21:40``."""
    import time

    if _current.code == SOURCE:
        return time.strftime("%d %b %Y, %H:%M", time.localtime(timestamp))
    from datetime import datetime

    from babel.dates import format_datetime

    return str(format_datetime(datetime.fromtimestamp(timestamp), "d MMM y, HH:mm", locale=_current.code))


def number(value: int | float) -> str:
    """A number as the language in force writes it."""
    if _current.code == SOURCE:
        return f"{value:,}"
    return _current.number(value)


def say(said: Said | str) -> str:
    """What went wrong (a :class:`~greed_game.said.Said` from the rules, the files or the stored data) in the
    language in force, its first letter capitalised; text that is already worded is returned as it is."""
    text = said if isinstance(said, str) else said.say(_, number)
    return text[:1].upper() + text[1:]


__all__ = [
    "DOMAIN",
    "LANG_ENV",
    "NAMES",
    "N_",
    "SOURCE",
    "Language",
    "_",
    "available",
    "catalog_dir",
    "catalog_path",
    "choose",
    "complete",
    "current",
    "decimal",
    "language",
    "moment",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "system_language",
    "use",
]
