"""What the game said, in English: the tests read the files' and the solver's problems as the command line does."""

from __future__ import annotations

from collections.abc import Iterable

from greed_game.said import Said


def told(said: Iterable[Said | str]) -> list[str]:
    """Each problem's English text."""
    return [str(s) for s in said]
