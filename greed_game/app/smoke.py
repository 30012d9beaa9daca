"""The smoke run: the window driven through the menu, the lesson, a new game, the table and the scoreboard
without a player, at top speed on the virtual clock, saving a screenshot of each (``greed-game --smoke``)."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from greed_game.app.main import App, Frame
from greed_game.app.navigation import Replace, ToMenu
from greed_game.app.scenes.menu import MenuScene
from greed_game.solutions import Solutions
from greed_game.storage import Settings, Storage

if TYPE_CHECKING:
    from greed_game.app.scenes.table import TableScene


@dataclass
class Autopilot:
    """Drives the window through menu, table and scoreboard without a player."""

    shots: Path | None
    seen: list[str] = field(default_factory=list)
    taken: set[str] = field(default_factory=set)
    error: str | None = None
    throws_seen: int = 0
    voids_seen: int = 0
    done: bool = False
    forced: bool = False
    lesson_done: bool = False
    table: TableScene | None = None
    """The last table driven (what it stood at is told when the run does not finish)."""

    def shot(self, app: App, name: str) -> None:
        if name in self.taken:
            return
        self.taken.add(name)
        if self.shots is not None:
            app.display.screenshot(self.shots / f"{name}.png")

    def __call__(self, app: App, frame: Frame) -> None:
        top = app.stack.top
        if top is None:
            return
        if not self.seen or self.seen[-1] != top.name:
            self.seen.append(top.name)
        if isinstance(top, MenuScene) and frame.number >= 2:
            self.shot(app, "menu")
            app.go(top.open_setup() if self.lesson_done else top.open_learn())
        elif top.name == "learn":
            from greed_game.app.scenes.learn import LearnScene

            assert isinstance(top, LearnScene)
            self.shot(app, "tutorial-00-choice")
            app.go(top.start())
        elif top.name == "setup":
            from greed_game.app.scenes.setup import SetupScene

            assert isinstance(top, SetupScene)
            top.configure_computers()
            self.shot(app, "setup")
            app.go(top.start())
        elif top.name == "replace-game":
            from greed_game.app.scenes.overlays import ReplaceGameOverlay

            assert isinstance(top, ReplaceGameOverlay)
            app.go(top.replace())  # the lesson's game is exported, then the new one starts
        elif top.name == "table":
            assert isinstance(top, _table_scene())
            self.table = top
            if top.turn.lesson is not None and not self.lesson_done:
                self._lesson(app, top)
                return
            if not self.forced:
                # the first two throws are void, one of each kind, so every smoke run shows both
                top.turn.forced_voids.extend(["off-felt", "leaning"])
                self.forced = True
            self.voids_seen = top.turn.voids
            self.throws_seen = top.turn.throws
            if top.turn.throws >= 3 and top.dice_at_rest() and (top.snap.banner is None or top.turn.throws >= 12):
                self.shot(app, "table")
        elif top.name == "scoreboard" and frame.number % 3 == 0:
            self.shot(app, "scoreboard")
            self.done = True
            app.quit()


    def where(self) -> str:
        """Where the last table stood: its mode, whose turn, the lesson's next move and the last events."""
        table = self.table
        if table is None:
            return "no table"
        turn = table.turn
        lesson = turn.lesson
        move = lesson.next_move if lesson is not None else None
        card = lesson.card() if lesson is not None else None
        events = ", ".join(type(e).__name__ for e in turn.game.events[-6:])
        return (f"mode {turn.mode}, seat {turn.game.state.current} to play (human: {turn.human_turn}), "
                f"phase {turn.game.state.phase.name}, card {card.idea if card else None}, next move {move}, "
                f"throws {turn.throws}, voids {turn.voids}, last events: {events}")

    def _lesson(self, app: App, table: TableScene) -> None:
        """Play Learn to play as a newcomer would, with one wrong move; a screenshot of each card."""
        from greed_game.play.moments import BankTurn, Hurry, ThrowDice, ToggleDie

        turn = table.turn
        lesson = turn.lesson
        assert lesson is not None
        card = lesson.card()
        snap = table.snap
        if card is None or card.idea == "real":
            if turn.human_turn:
                self.shot(app, f"tutorial-{len(lesson.ideas):02d}-real")
                self.lesson_done = True
                app.go(Replace(ToMenu()))
            return
        name = f"tutorial-{card.number:02d}-{card.idea}"
        if turn.mode == "rolling":
            return
        if snap.acknowledging:
            self.shot(app, name)
            app.go(table.send(Hurry()))
            return
        if not turn.human_turn:
            self.shot(app, name)  # the opponent's turn, watched
            return
        self.shot(app, name)
        move = lesson.next_move
        if move is None:
            return
        if move.kind == "keep" and not lesson.nudged and "nudge" not in self.taken:
            self.taken.add("nudge")
            app.go(table.send(ThrowDice()))  # throwing on without picking the die: refused, the card asks again
            app.draw()
            self.shot(app, f"tutorial-{card.number:02d}-{card.idea}-nudge")
            return
        if move.kind == "keep":
            nxt = lesson.moves[lesson.done_moves + 1]
            for die in turn.selection.ids_of(move.dice):
                table.send(ToggleDie(die))
            self.shot(app, f"{name}-picked")
            app.go(table.send(ThrowDice() if nxt.kind == "throw" else BankTurn()))
        elif move.kind == "throw":
            app.go(table.send(ThrowDice()))
        elif move.kind == "bank":
            app.go(table.send(BankTurn()))


def _table_scene() -> type[TableScene]:
    from greed_game.app.scenes.table import TableScene  # loaded with the first game, as the routes do

    return TableScene


def smoke_run(
    screenshots: Path | None = None, solutions: Solutions | None = None, *, max_frames: int = 60_000
) -> int:
    """Play a whole game of computer players at top speed, through every scene; 0 when all went well."""
    with tempfile.TemporaryDirectory(prefix="greed-smoke-") as folder:
        storage = Storage(Path(folder))
        settings = Settings(animation_speed="instant", void_frequency="realistic", sound=True)
        app = App(storage=storage, settings=settings, clock="virtual", seed=7, solutions=solutions)
        pilot = Autopilot(screenshots)
        app.after_frame.append(pilot)
        try:
            app.show_menu()
            app.run(max_frames=max_frames)
        finally:
            app.close()
    wanted = ("menu", "tutorial-00-choice", "tutorial-01-welcome", "tutorial-09-real", "setup", "table", "scoreboard")
    missing = [name for name in wanted if name not in pilot.taken]
    if not pilot.done or missing:
        sys.stderr.write(
            f"greed-game: the smoke run did not finish a game (scenes seen: {', '.join(pilot.seen)}; "
            f"missing: {', '.join(missing) or 'none'}; after {app.frames} frames the table stood at: {pilot.where()})\n"
        )
        return 1
    if pilot.voids_seen == 0:
        sys.stderr.write("greed-game: the smoke run saw no void throw\n")
        return 1
    return 0


