"""The rule sets a new game can be played under: the five presets, then the player's own rules files.

A player's own rules are TOML files in the ``rules`` folder of the data folder
(beside the saves). Each is read with :func:`greed_game.storage.load_user_rules`,
which never raises and never moves the file: a file that cannot be played is
listed as unavailable, with the reason in plain words.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from greed_game.i18n import _, say
from greed_game.narrator.rules_text import rules_name
from greed_game.presets import presets
from greed_game.rules import PRESET_IDS, RuleSet
from greed_game.storage import Storage, load_user_rules

USER_RULES_FOLDER = "rules"
"""The folder under the data folder that holds the player's own rules files."""
MAX_USER_RULES = 60
"""At most this many of the player's files are listed (alphabetical order)."""


@dataclass(frozen=True)
class RulesChoice:
    """One entry of the new-game screen's rules list."""

    label: str
    rules: RuleSet | None
    """None when the file cannot be played (see ``problem``)."""
    path: Path | None = None
    """The player's rules file (None for a preset)."""
    problem: str | None = None
    """Why the file cannot be played, in plain words."""

    @property
    def usable(self) -> bool:
        """Whether a game can be started with these rules."""
        return self.rules is not None

    @property
    def is_preset(self) -> bool:
        """Whether this is one of the presets shipped with the game."""
        return self.path is None

    def reference(self) -> str | dict[str, Any]:
        """How a game's record names these rules: a preset's id, or the whole rules table.

        A player's file is copied into the record, so the game plays the same
        even if the file changes or disappears later.
        """
        if self.rules is None:
            raise ValueError("these rules cannot be played")
        if self.path is None and self.rules.id in PRESET_IDS:
            return self.rules.id
        return self.rules.to_dict()


def user_rules_dir(storage: Storage) -> Path:
    """The folder of the player's own rules files."""
    return storage.root / USER_RULES_FOLDER


def rules_files(folder: Path) -> list[Path]:
    """The ``*.toml`` files of a folder, alphabetical; none when the folder is missing or unreadable."""
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() == ".toml" and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted(found, key=lambda p: (p.name.casefold(), p.name))[:MAX_USER_RULES]


def load_choice(path: Path) -> RulesChoice:
    """One of the player's rules files as an entry of the list (never raises)."""
    loaded = load_user_rules(path)
    if loaded.rules is None:
        reason = say(loaded.said) if loaded.said is not None else _("The file cannot be read.")
        return RulesChoice(_("{name} (unavailable)").format(name=path.name), None, path, reason)
    return RulesChoice(loaded.rules.name, loaded.rules, path)


def rules_choices(storage: Storage, *, create_folder: bool = True) -> list[RulesChoice]:
    """The presets, then the player's rules files (usable or not).

    With ``create_folder`` the (empty) rules folder is made if it is missing,
    so the player finds it where the screen says.
    """
    choices = [RulesChoice(rules_name(r), r) for r in presets()]
    folder = user_rules_dir(storage)
    if create_folder:
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
    choices += [load_choice(path) for path in rules_files(folder)]
    return choices


def display_path(path: Path) -> str:
    """A path as a person would write it: the home folder shortened to ``~``."""
    try:
        home = Path.home()
    except (RuntimeError, OSError):  # no home folder
        return str(path)
    return str(Path("~") / path.relative_to(home)) if path.is_relative_to(home) and path != home else str(path)
