"""Work too long for the window's thread: a spawned process that reports on a pipe, read by a thread.

The preparation of the computer players, the solve of a rule set's win tables
and a game's review all run this way, so the window never waits on them.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any


def start_worker(
    name: str,
    target: Callable[..., None],
    args: tuple[Any, ...],
    read: Callable[[Connection], None],
    ended: Callable[[bool], None],
) -> Any:
    """Run ``target(*args, conn)`` in a process of its own and return that process.

    A thread calls ``read(conn)`` until it returns (the last message read) or the pipe breaks, reaps the
    process, then calls ``ended(lost)`` with whether reading failed (the pipe broke, a message was unreadable)
    before ``read`` was done.
    """
    context = multiprocessing.get_context("spawn")  # never fork a process that holds a window
    ours, theirs = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(*args, theirs), daemon=True, name=name)
    process.start()
    theirs.close()

    def relay() -> None:
        lost = False
        try:
            read(ours)  # blocks in recv without holding the interpreter's lock
        except Exception:  # a broken pipe, or a message that will not unpickle: either way the work is lost,
            lost = True  # and the owner must hear of it rather than wait for ever
        finally:
            ours.close()
            process.join(timeout=5)  # reaped, not left a zombie
        ended(lost)

    threading.Thread(target=relay, name=f"{name}-listen", daemon=True).start()
    return process


__all__ = ["start_worker"]
