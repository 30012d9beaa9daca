"""The table: the felt with its rails, the dice, the tray, the players and the log.

This is the screen of a game in progress. The flow (whose move, the pauses,
the computer players, void throws, what the players are told) lives in the
pygame-free :class:`~greed_game.play.turn.TurnController`. The scene draws
the flow's snapshot in sections (:mod:`greed_game.app.scenes.table_sections`),
plays its moments (a throw, a keep, a bust: sounds and animations), and turns
clicks and keys into the flow's commands. The scene never scores, never
decides a rule and never writes a sentence about the game.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from greed_game.app import theme
from greed_game.app.canvas import Canvas
from greed_game.app.dice_view import DieView, shake
from greed_game.app.input import Click, Input, KeyPress, Move, Scroll, TextInput
from greed_game.app.navigation import Go, Pop, Push, Replace, ToMenu, ToPause, ToRules, ToScoreboard, went
from greed_game.app.scenes.base import Scene
from greed_game.app.scenes.felt import FeltSection, cancel_drag, felt_pointer, passing_on, take_up
from greed_game.app.scenes.table_parts import DIE, FELT, RAILS
from greed_game.app.scenes.table_picture import TablePicture
from greed_game.app.scenes.table_sections import (
    ActionsSection,
    NoticeLayer,
    SideSection,
    TopBarSection,
    TraySection,
)
from greed_game.app.skins import SkinName
from greed_game.app.widgets import FocusGroup
from greed_game.play.lesson import Lesson, build_lesson
from greed_game.play.moments import (
    BankedMoment,
    BustMoment,
    Command,
    GameOverMoment,
    HotDiceMoment,
    Hurry,
    KeptDice,
    LeaveTable,
    Moment,
    Refused,
    RollOffThrown,
    Thrown,
    ToggleDie,
    VoidMoment,
)
from greed_game.play.prepare import Preparation
from greed_game.play.setup import GameSetup
from greed_game.play.snapshot import TableSnapshot
from greed_game.play.turn import TurnController
from greed_game.rules import Game

if TYPE_CHECKING:
    from greed_game.app.scenes.base import App
    from greed_game.storage import Resumed


def _from_tray(table: TableScene) -> None:
    """A throw's dice that would come in over the rail come from the tray where dice lie set aside there (a
    roll-off's): carried to the hand, reaching it as the throw leaves."""
    playing = table.felt.playing
    rate = PHYSICS_RATE[table.app.settings.animation_speed]
    if playing is None or not table.tray.aside:
        return
    brought = playing.places()
    # (at instant speed too: the dice are taken from the tray, if unseen; left there, a roll-off's dice set aside
    # again piled up in it, throw after throw)
    handed = table.tray.hand_over([place for _, place in brought], table.turn.pace, table.snap,
                                 (playing.lead - playing.t) / rate if rate > 0 else 0.0)
    playing.carried_in([n for (n, _), h in zip(brought, handed, strict=True) if h is not None])


def _set_aside(table: TableScene, count: int) -> None:
    """``count`` dice lie set aside in the tray (with letters, spelling $GREED)."""
    faces = sorted(range(1, max(0, count) + 1), reverse=table.skin == "greed")
    table.tray.set_aside([DieView(face, DIE, table.vrng) for face in faces], 0.0)


__all__ = ["FELT", "TableScene"]


def _celebrated(game: Game) -> bool:
    """Whether a game's end is celebrated: a person won it, or only computers played (no person lost to one)."""
    winners = game.state.winners
    people = [seat for seat, player in enumerate(game.players) if player.kind == "human"]
    return bool(winners) and (not people or any(seat in people for seat in winners))

KEY_CARRY = 0.35
"""Seconds after the table comes to wait for a person in which a key is not yet theirs, when keys had just been
hurrying it along (a run of presses carried over into the decision)."""
KEY_RUN = 0.6
"""Seconds between two presses of the same key in such a run: pressed sooner after the last, it is still the
run's, not the person's (pressed every half second, Space had thrown the person's dice unseen, helper-36)."""
KEY_RUN_MAX = 1.5
"""Seconds after the table comes to wait for a person that such a run is taken for one at most."""
FLUNG_CARRY = 0.2
"""Seconds left at most to dice set aside on their way to the tray when a throw by hand leaves."""
PHYSICS_RATE = {"slow": 0.45, "normal": 0.65, "fast": 1.6, "instant": 0.0}
"""How fast a throw's film plays (1: the physics' own time; 0: straight to rest). Normal is slower than life, as
in a film of a throw: dice this size on a table this small are at rest in about 0.65 s of simulated time, which
reads as a slide rather than a throw; played in a second, the arc and the roll-out can be followed."""
IMPACT_VOLUME = {"die": 0.9, "rail": 0.8, "felt": 0.6, "floor": 1.0}
"""How loud each kind of impact sounds at full strength (die on die clicks; the felt muffles; a die that fell off
the table lands hard on the floor)."""
SOUNDS: dict[type, tuple[str, float]] = {
    Thrown: ("throw", 0.8),
    RollOffThrown: ("throw", 0.7),
    KeptDice: ("keep", 0.7),
    HotDiceMoment: ("hot", 0.8),
    BankedMoment: ("bank", 0.9),
    BustMoment: ("bust", 0.9),
    VoidMoment: ("void", 0.8),
    GameOverMoment: ("bank", 1.0),
    Refused: ("thud", 0.35),
}
"""The sound each moment makes."""


class TableScene(Scene):
    """A game in progress: the screen of a :class:`TurnController`, drawn in sections."""

    name = "table"

    def __init__(
        self, app: App, setup: GameSetup, game: Game, rng: random.Random, seed: int | None,
        lesson: Lesson | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.rules = game.rules
        self.game = game
        self.vrng = random.Random(app.rng.random())
        """Everything visual (throw paths, tumbling faces, void throws): never the dice values."""
        kinds = {seat: p.kind for seat, p in enumerate(game.players) if p.kind != "human"}
        # On a virtual clock (tests, the smoke run) the work is done in line, so runs are repeatable.
        self.prep = Preparation(game.rules, kinds, background=not app.virtual, players=len(game.players),
                                solutions=app.solutions)
        """Solving runs off the window's thread; leaving the table stops it (a solve of an optimal seat's win
        tables goes on, for the next game under these rules)."""
        self.turn = TurnController(
            game,
            rng=rng,
            seed=seed,
            rules_ref=setup.rules_ref,
            overrides=setup.overrides,
            saver=app.autosaver,
            pacing=lambda: app.settings,
            skin=lambda: self.skin,
            visual_rng=self.vrng,
            prep=self.prep,
            lesson=lesson,
        )
        self.felt = FeltSection(self.vrng, lambda: self.skin, lambda: self.turn.pace, app.views.gl,
                                lambda: app.keyed)
        self.pointing = lambda: felt_pointer(self.felt, self.snap)
        self.hurried_at = -math.inf
        """When (the felt's clock) a key or click last hurried the table along."""
        self.asked_at = -math.inf
        """When the table last came to wait for a person's decision."""
        self.run: tuple[str | None, float] = (None, -math.inf)
        """The key of the run of presses hurrying the table along, and when it was last pressed."""
        self.tray = TraySection(self.vrng, lambda: self.skin)
        self.actions = ActionsSection(self.open_menu)
        self.side = SideSection()
        self.top = TopBarSection()
        self.notices = NoticeLayer(self.felt, self.tray)
        self.picture = TablePicture(self)
        self._sync()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, app: App, setup: GameSetup, *, lesson: bool = False) -> TableScene:
        """A new game: the first-player roll-off (where the rules have one) is made at once; ``lesson``: Learn to
        play, the newcomer first and the dice chosen for the lesson until it has been played."""
        seed = app.new_seed()
        rng = random.Random(seed)
        rules = setup.ruleset()
        script = build_lesson(rules) if lesson else None
        scene = cls(app, setup, Game(rules, setup.players), rng, seed, script)
        _set_aside(scene, min(rules.dice, 6))  # the game's dice lie in the tray until thrown ($GREED spelt)
        scene.turn.start_new()
        scene.felt.clear()  # (the first turn's row, laid before the roll-off began: never seen)
        scene._sync()
        return scene

    @classmethod
    def resumed(cls, app: App, resumed: Resumed) -> TableScene:
        """The autosaved game, exactly where it stopped."""
        record = resumed.record
        setup = GameSetup(record.rules, list(record.players), dict(record.overrides))
        scene = cls(app, setup, resumed.game, resumed.rng, resumed.seed)
        scene.turn.start_resumed()
        # the dice neither on the felt nor kept this turn lie set aside in the tray: the first row takes them
        # from there (they had come in over the rail, where the table could not say where they lay)
        snap = scene.snap
        aside = min(scene.rules.dice, 6) - len(snap.dice) - sum(len(g.dice) for g in snap.tray)
        if aside > 0:
            _set_aside(scene, aside)
            scene.felt.clear()  # (the row laid as the scene was made, over the rail: never seen)
        scene._sync()
        return scene

    def restore(self) -> None:
        """Lay out the tray and the dice as the game in progress left them (no word of welcome)."""
        self.turn.start_resumed(welcome=False)
        self._sync()

    # -- what the tests and the smoke run read ---------------------------------------------------

    @property
    def skin(self) -> SkinName:
        """The die skin: the setting, or the rules' own."""
        s = self.app.settings.skin
        return self.rules.skin if s == "auto" else s

    @property
    def snap(self) -> TableSnapshot:
        """The flow's latest snapshot."""
        return self.turn.snapshot

    @property
    def human_turn(self) -> bool:
        """Whether the table waits for a person's decision."""
        return self.turn.human_turn

    @property
    def dice(self) -> list[DieView]:
        """The dice on the felt, as drawn."""
        return self.felt.dice

    @property
    def focus(self) -> FocusGroup:
        """The buttons below the tray."""
        return self.actions.focus

    def dice_at_rest(self) -> bool:
        """Whether thrown dice lie still on the felt (waiting for a decision or a pause to end)."""
        return self.turn.mode in ("ready", "wait") and bool(self.dice) and all(d.at_rest for d in self.dice)

    def toggle(self, die: DieView) -> None:
        """Pick or unpick a die on the felt (as a click on it does)."""
        if self.snap.may_select:
            self.send(ToggleDie(die.ident))

    # -- commands and moments ------------------------------------------------------------------------

    def send(self, command: Command) -> Go | None:
        """Hand a command to the flow and play what it answers; where to go next, if the game has ended."""
        self.picture.touched = True
        self.turn.send(command)
        return self._play()

    def _play(self) -> Go | None:
        """Play the flow's moments in order, then draw its snapshot from now on."""
        where: Go | None = None
        while True:
            moments = self.turn.moments.take()
            if not moments:
                break
            for moment in moments:
                where = self._play_one(moment) or where
        self._sync()
        return where

    def _play_one(self, moment: Moment) -> Go | None:
        sound = SOUNDS.get(type(moment))
        if sound is not None:
            self.app.audio.play(*sound)
        if isinstance(moment, (Thrown, RollOffThrown)):
            if isinstance(moment, Thrown):
                if self.felt.flung_at == self.felt.clock:
                    # (a hand let go just after it set dice aside: they crossed the throw on their way to the tray)
                    self.tray.quicken(FLUNG_CARRY)
                self.tray.passing = []  # (the row's dice carried in from the tray are in it now: the throw takes them)
                self.felt.throw(moment)
            else:
                # (a tie's dice go back to the tray, to be thrown again from there, as do dice on their way to a row)
                self.tray.recall(self.turn.pace)
                self.tray.set_aside(self.felt.roll_off(moment, [p.name for p in self.game.players]), self.turn.pace,
                                    lifted=True)
            _from_tray(self)
            if PHYSICS_RATE[self.app.settings.animation_speed] == 0:
                self.turn.send(self.felt.finish())
        elif isinstance(moment, KeptDice):
            kept, carried = self.felt.take(moment)
            self.tray.add(kept, self.turn.pace, animate=carried, fade_in=bool(self.felt.lifting))
        elif isinstance(moment, Refused):
            shake(self.felt.dice, moment.dice)
        elif isinstance(moment, GameOverMoment) and _celebrated(self.game):
            colors = [theme.seat_color(seat) for seat in self.game.state.winners]
            self.notices.confetti.burst(self.vrng, colors, RAILS)
        elif isinstance(moment, LeaveTable):
            return Replace(ToScoreboard(self.setup, self.game))
        return None

    def _sync(self) -> None:
        snap = self.snap
        self.felt.sync(snap)
        self.tray.sync(snap)
        kept_before, self.felt.hold.kept_before = self.felt.hold.kept_before, []
        if kept_before:  # (hot dice taken up by hand: the dice kept before come out of the tray into the hand)
            lent = self.tray.lend(kept_before, self.turn.pace)
            self.felt.hold.handed_in([(v, *h) for v, h in zip(kept_before, lent, strict=False)], self.vrng)
        coming, self.felt.hold.coming = self.felt.hold.coming, []
        if coming:
            # the thrower's row: dice lying in the tray (the last turn's keeps, hot dice's sets) come back from it,
            # not new dice over the rail (the same six dice, passed on or taken up again)
            handed = self.tray.hand_over(self.felt.hold.places(coming), self.turn.pace, snap)
            self.felt.hold.carried_in([(v, *h) for v, h in zip(coming, handed, strict=True) if h is not None],
                                      self.vrng)
        self.actions.sync(snap, passing_on(self.felt))

    # -- the scene's life ------------------------------------------------------------------------------

    def open_menu(self) -> Go:
        """Esc: the pause menu."""
        return Push(ToPause(self.rules, self.turn.recorder.record))  # the record as it is when asked

    def enter(self) -> None:
        self.turn.enter()
        self._play()

    def exit(self) -> None:
        self.prep.cancel()

    def resume(self) -> None:
        let_go = cancel_drag(self.felt)  # a drag the pause cut short: its dice go back where they lay
        if let_go is not None:
            self.turn.send(let_go)  # (the line had said "Let go to throw" with nothing in the hand)
        self.turn.refresh()
        self._sync()

    def handle(self, event: Input) -> Go | None:
        self.picture.touched = True
        snap = self.snap
        if isinstance(event, Move):
            self.actions.focus.handle(event)
            held = self.felt.handle(event, snap)  # (a drag that picks the dice up: the prompt says let go)
            return self.send(held) if held is not None else None
        if isinstance(event, Scroll):
            return None
        if isinstance(event, KeyPress) and event.key == "escape":
            # While the computer players are worked out, straight back to the menu: the game is autosaved.
            return Replace(ToMenu()) if snap.waiting is not None else self.open_menu()
        if (isinstance(event, KeyPress) and event.key == "f1") or (isinstance(event, TextInput) and event.text == "?"):
            return Push(ToRules(rules=self.rules))  # (the game waits under them, as under the pause)
        if isinstance(event, Click):
            used = self.actions.focus.handle(event)
            if used is not False:
                pressed = self.actions.pressed()
                return self.send(pressed) if pressed is not None else went(used)
        if not snap.human_turn and snap.roll_off_thrower is None:  # (a roll-off waiting for a person: theirs)
            if isinstance(event, KeyPress) and event.key == "h" and snap.acknowledging:
                return None  # (H to look again at a bust had ended the turn before it was read, helper-31)
            if isinstance(event, (KeyPress, Click)):
                self.hurried_at = self.felt.clock
                self.run = (event.key if isinstance(event, KeyPress) else None, self.felt.clock)
                return self._hurry()
            return None
        if isinstance(event, KeyPress) and carried(event.key, self.felt.clock, self.asked_at, self.hurried_at,
                                                   self.run):
            # (Space pressed over and over to hurry the computer players along threw the person's dice, then
            # said in red to set a die aside: a key so soon after the hurry was not meant for the decision)
            self.run = (event.key, self.felt.clock)
            return None
        command = self.actions.handle(event, snap) or self.felt.handle(event, snap)
        if command is None or isinstance(command, (Push, Pop, Replace)):
            return command
        return self.send(command)

    def _hurry(self) -> Go | None:
        """A key or click while the table is not waiting for a person: hurry the throw or the pause."""
        if self.turn.mode == "rolling":
            self.turn.send(self.felt.finish())
        else:
            self.turn.send(Hurry())
        self.felt.hurry()
        self.tray.hurry()
        return self._play()

    # -- time ------------------------------------------------------------------------------------------

    def idle_for(self) -> float:
        turn, snap = self.turn, self.snap
        if not (turn.mode == "ready" or snap.acknowledging):
            return 0.0
        if (snap.banner is not None and snap.banner.ttl != math.inf) or snap.callout is not None or snap.speech:
            return 0.0
        if (any(not d.at_rest or d.shake > 0 for d in self.dice) or self.tray.moving() or self.felt.hold.lying
                or self.felt.sweep.dice or self.notices.confetti.falling or self.side.counting(snap)
                or self.top.sliding()):
            return 0.0
        if self.felt.drag is not None:
            # a press held still takes the dice up on its own time: the window had slept through it, and they came
            # up at the next input, in a single frame (helper-29)
            return 0.0
        wake = super().idle_for()
        if turn.notices.message_ttl > 0:
            wake = min(wake, turn.notices.message_ttl)
        if not self.prep.done or self.prep.standins:
            wake = min(wake, 0.25)  # progress figures, the moment the computer players are ready
        return wake

    def update(self, dt: float) -> Go | None:
        self.felt.tick(dt)
        held = take_up(self.felt)  # (a press held still: no move tells the felt)
        if held is not None:
            self.turn.send(held)
        self.tray.update(dt)
        if not self.felt.hold.hidden and self.felt.playing is None:
            # (the row's dice were taken up before they were set down: their likenesses are gone with them; left
            # flying, a roll-off's would have gone back to the tray, one die too many)
            self.tray.passing = []
        if self.felt.drag is not None or self.felt.playing is not None:
            self.tray.fading = []  # (the dice are taken up or thrown: no likeness lingers where they lay)
        self.notices.confetti.step(dt)
        if self.top.slide(dt):
            self.picture.touched = True  # (drawn whole: a frame drawn where the dice move only would leave it)
        self.side.tick(self.snap, dt)
        if self.turn.mode == "rolling":
            self.turn.update(dt)
            settled = self.felt.run(dt, PHYSICS_RATE[self.app.settings.animation_speed])
            if settled is not None:
                self.turn.send(settled)
        else:
            for d in self.dice:
                d.update(dt)
            # (a computer's wait holds while dice are carried from the tray to its row: thrown on before they
            # were in, they had popped into place; hot dice thrown on wait for them too, but their banner's time
            # runs meanwhile: held still, they had been thrown on 3.6 s after the keep, helper-46)
            carrying = (bool(self.tray.passing or self.tray.fading) and self.felt.playing is None
                        and not self.snap.human_turn)
            self.turn.update(0.0 if carrying and not self.turn.reading else dt, hold=carrying)
        # (a throw's impacts, and the dice shaken in a hand clicking together)
        impacts, self.felt.impacts = self.felt.impacts, []
        for kind, strength in impacts[:4]:  # a handful at once is a clatter; more is noise
            self.app.audio.play("hit" if kind == "die" else "thud", strength * IMPACT_VOLUME[kind])
        where = self._play()
        snap = self.snap
        if snap.human_turn and self.asked_at < self.hurried_at:
            self.asked_at = self.felt.clock
        self.notices.place(self.app.canvas, snap)
        return where

    # -- drawing ---------------------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        self.picture.draw(canvas, self.snap)

    def draw_changed(self, canvas: Canvas) -> bool:
        return self.picture.draw_changed(canvas, self.snap)


def carried(key: str, clock: float, asked_at: float, hurried_at: float, run: tuple[str | None, float]) -> bool:
    """Whether ``key`` pressed at ``clock`` is still the run of presses that hurried the table along into a
    person's decision (asked at ``asked_at``, last hurried at ``hurried_at``; ``run``: the run's key and when it
    was last pressed): just after the decision came, or the run's own key pressed on as quickly, for a while
    (pressed every half second, Space had thrown the person's dice unseen, helper-36)."""
    if asked_at - hurried_at >= KEY_CARRY * 3:
        return False
    since = clock - asked_at
    run_key, last = run
    return since < KEY_CARRY or (key == run_key and clock - last < KEY_RUN and since < KEY_RUN_MAX)
