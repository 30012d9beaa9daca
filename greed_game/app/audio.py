"""Sound effects: loaded from ``assets/sounds`` on first use, silent when there is no audio device.

The audio library underneath (ALSA on Linux) writes its own complaints to
the process's standard error when there is no sound card; they are kept
off the terminal while the device is opened, and the game says it in one
sentence of its own instead.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

import pygame

from greed_game.resources import asset_path

NAMES = ("hit", "thud", "throw", "keep", "bank", "bust", "hot", "void", "ui")


class Audio:
    """Plays the game's sounds; every call is safe without an audio device."""

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self._failed = False
        self.played: list[tuple[str, float]] = []
        """The last sounds asked for, newest last (kept short; tests read it)."""

    def _load(self) -> dict[str, pygame.mixer.Sound] | None:
        if self._sounds is not None or self._failed:
            return self._sounds
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(22050, -16, 1, 512)
            pygame.mixer.set_num_channels(16)
            self._sounds = {name: pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav"))) for name in NAMES}
        except (pygame.error, FileNotFoundError, OSError):
            self._failed = True
            return None
        return self._sounds

    def prepare(self) -> bool:
        """Open the device now (not at the first sound); False when there is none."""
        return not self.enabled or self._load() is not None

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play sound ``name`` at ``volume`` (0..1), if sound is on."""
        self.played.append((name, volume))
        del self.played[:-32]
        if not self.enabled or volume <= 0.01:
            return
        sounds = self._load()
        if sounds is None or name not in sounds:
            return
        channel = pygame.mixer.find_channel()
        if channel is None:
            return
        channel.set_volume(max(0.0, min(1.0, volume)))
        channel.play(sounds[name])

    def close(self) -> None:
        """Release the audio device."""
        if pygame.mixer.get_init():
            pygame.mixer.quit()
        self._sounds = None


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for a moment (C libraries write there, not to ``sys.stderr``)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
