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

# As the program's entry points do: the optimal level reads the win books shipped for the presets.
from greed_game.books import use_shipped_books  # noqa: E402 - after the environment it reads

use_shipped_books()
