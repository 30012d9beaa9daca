"""Test-wide setup: no window, no sound device, and no files outside a temporary folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_scratch = tempfile.mkdtemp(prefix="greed-tests-")
os.environ.setdefault("GREED_DATA_DIR", os.path.join(_scratch, "data"))
os.environ.setdefault("GREED_CACHE_DIR", os.path.join(_scratch, "cache"))
# The game speaks English in the tests, whatever the machine's language; tests of the languages choose their own.
os.environ["GREED_LANG"] = "en"

import pytest  # noqa: E402 - after the environment the package reads

from greed_game.solutions import Solutions  # noqa: E402


@pytest.fixture(scope="session")
def solutions() -> Solutions:
    """The service the program runs with (the shipped books, the tests' cache folder), one for a worker."""
    return Solutions.for_program()


@pytest.fixture(autouse=True)
def _english_after_each_test() -> object:
    """A test that speaks another language leaves English behind for the next one in the same process."""
    yield
    from greed_game import i18n

    i18n.use("en")
