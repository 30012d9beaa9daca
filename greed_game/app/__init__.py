"""The game window (pygame): the loop, scenes, dice view and physics, skins, audio, widgets."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
