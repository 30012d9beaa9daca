"""Progress of long computations, told to whoever asked for them, and the limit on their size.

A solve can take from milliseconds to minutes depending on the rules. The code
that solves calls :func:`report` now and then; whoever runs it in the
background listens with :func:`listening` and shows the fraction.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[str, float], None]


class TooHard(ValueError):
    """The rules are valid but beyond what the computer players can work out in reasonable time and memory."""


_local = threading.local()


def report(stage: str, done: float) -> None:
    """Tell this thread's listener that ``done`` (0 to 1) of ``stage`` is finished."""
    listener: Listener | None = getattr(_local, "listener", None)
    if listener is not None:
        listener(stage, done)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Send this thread's reports to ``listener`` while the block runs."""
    before = getattr(_local, "listener", None)
    _local.listener = listener
    try:
        yield
    finally:
        _local.listener = before


MAX_LEVELS = 200_000
"""The most turn totals a table may have: past it a solve would take minutes and hundreds of megabytes."""


def check_levels(levels: int) -> None:
    """Refuse a table of more than :data:`MAX_LEVELS` turn totals with :class:`TooHard`."""
    if levels > MAX_LEVELS:
        raise TooHard(
            f"the computer players cannot work out these rules: their scores call for {levels:,} different turn "
            f"totals (at most {MAX_LEVELS:,}); scores that share a larger common step (such as 50) solve quickly"
        )


__all__ = ["MAX_LEVELS", "Listener", "TooHard", "check_levels", "listening", "report"]
