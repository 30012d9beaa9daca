"""The game's messages and their catalogs, kept with Babel.

    python scripts/messages.py extract          the messages marked in the code -> assets/locale/greed.pot
    python scripts/messages.py update           every catalog brought up to the .pot (new messages empty)
    python scripts/messages.py init CODE        a new language's catalog, from the .pot
    python scripts/messages.py check            exit 1 when the .pot is behind the code or a catalog lacks a
                                                message, leaves one untranslated, or marks one fuzzy
    python scripts/messages.py compile DIR      every catalog compiled (.mo) under DIR, as the build ships them

Messages are marked with ``_()``, ``N_()`` and ``ngettext()`` (``greed_game.i18n``), and what went wrong with
``Said("...")`` (``greed_game.said``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from greed_game.i18n import complete

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / "greed.pot"
DOMAIN = "greed"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "Said": None}


def extracted() -> Catalog:
    """Every message marked in the package, with where it is written."""
    catalog = Catalog(project="Greed", domain=DOMAIN, charset="utf-8")
    found = extract_from_dir(str(ROOT / "greed_game"), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"greed_game/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def catalogs() -> Iterator[tuple[str, Path]]:
    """Each language's code and catalog file."""
    for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        yield path.parent.parent.name, path


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=116, omit_header=False, sort_output=False, ignore_obsolete=True)


def ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def problems() -> list[str]:
    """What ``check`` finds wrong, in sentences."""
    found: list[str] = []
    code_ids = ids(extracted())
    template = read(TEMPLATE) if TEMPLATE.is_file() else Catalog()
    if ids(template) != code_ids:
        missing, extra = len(code_ids - ids(template)), len(ids(template) - code_ids)
        found.append(f"{TEMPLATE.name} is behind the code ({missing} new, {extra} gone): run extract, then update")
    for code, path in catalogs():
        catalog = read(path, code)
        lacking = code_ids - ids(catalog)
        if lacking:
            found.append(f"{code}: {len(lacking)} messages missing, e.g. {sorted(map(str, lacking))[0]!r}")
        if not complete(catalog):  # the game's own test of a catalog it may offer; then which messages
            for message in catalog:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and (message.fuzzy or not all(strings)):
                    found.append(f"{code}: {'fuzzy' if message.fuzzy else 'untranslated'}: {message.id!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        write(TEMPLATE, extracted())
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(ids(extracted()))} messages")
    elif command == "update":
        template = read(TEMPLATE)
        for code, path in catalogs():
            catalog = read(path, code)
            catalog.update(template, no_fuzzy_matching=True)
            write(path, catalog)
            print(f"{code}: updated")
    elif command == "init" and len(argv) == 2:
        template = read(TEMPLATE)
        catalog = Catalog(locale=argv[1], domain=DOMAIN, project="Greed", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        write(LOCALE / argv[1] / "LC_MESSAGES" / f"{DOMAIN}.po", catalog)
    elif command == "check":
        found = problems()
        for line in found[:40]:
            print(line)
        return 1 if found else 0
    elif command == "compile" and len(argv) == 2:
        out = Path(argv[1])
        for code, path in catalogs():
            target = out / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as f:
                write_mo(f, read(path, code))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
