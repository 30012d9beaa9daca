"""The window sleeps while nothing moves and draws every beat while something does.

What is asserted is what the window asks for (how long it may sleep), never a rate measured on the clock: a busy
machine must not fail these tests. The frame rates themselves are the benchmarks' (bench_idle.py, bench_frames.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from greed_game.app.main import App
from greed_game.play.moments import ThrowDice
from greed_game.play.setup import GameSetup
from greed_game.rules import Player
from greed_game.storage import Settings, Storage


def _settle(app: App) -> float:
    """Draw one frame and say how long the window may then sleep before it must draw again."""
    app.frame()
    return app.idle_for()


def test_the_idle_menu_and_a_waiting_table_sleep(tmp_path: Path) -> None:
    app = App(
        storage=Storage(tmp_path), settings=Settings(animation_speed="fast"), size=(854, 480), clock="virtual"
    )
    try:
        app.show_menu()
        app.frame()
        # A quarter of a second or more between frames: at most four frames a second while nothing moves.
        assert _settle(app) >= 0.25, "the menu redraws while nothing moves"
        app.start_game(GameSetup("classic-five", [Player("Ann"), Player("Bob")]))
        table = app.stack.top
        while (table.turn.notices.banner is not None or not table.human_turn or table.felt.hold.lying
               or table.tray.moving()):
            app.frame()
        assert _settle(app) >= 0.25, "the table redraws while it waits for a person"
        table.send(ThrowDice())
        assert table.turn.mode == "rolling"
        frames = 0
        while table.turn.mode == "rolling":
            assert app.idle_for() <= 0, f"the window would sleep in the middle of a throw (frame {frames})"
            app.frame()
            frames += 1
            assert frames < 60 * 30, "the throw never came to rest"
        assert frames >= 10, "a throw is drawn as motion, frame by frame"
    finally:
        app.close()


def test_a_focused_text_field_still_blinks(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path), settings=Settings(), size=(854, 480), clock="virtual")
    try:
        app.show_menu()
        app.go(app.stack.top.open_setup())
        scene = app.stack.top
        from greed_game.app.widgets import TextField

        field = next(w for w in scene.focus.widgets if isinstance(w, TextField))
        scene.focus.focus_on(field)
        waits = [_settle(app) for _ in range(6)]
        # The cursor changes about twice a second: the window wakes for it, and only for it.
        assert all(0 < w <= 0.6 for w in waits), f"the cursor's wake-ups: {waits}"
    finally:
        app.close()


@pytest.mark.long  # a whole session in a real-time window
def test_no_step_of_a_session_blocks_the_window(solves_here: list[str]) -> None:
    """Menu, New game, Start with a master seat on $GREED, a throw, a whole turn each: nothing waits on a solve.

    The figures (target 100 ms) are the benchmark's (benchmarks/bench_session.py); here no exact solve may start
    in the window's own process.
    """
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_session import session

    steps = session((854, 480), speed="instant")
    labels = {label for label, _ in steps}
    assert {"Start", "Space", "turn frame"} <= labels
    # The dice are not seeded: the person's first throw may bust (a few in a hundred), then a key ends the turn.
    assert labels & {"a person's decision", "a person's key after a bust"}
    assert solves_here == [], f"the window's own process solved: {solves_here}"
