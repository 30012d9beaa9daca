"""Solving off the window's thread: computer seats wait for their players, the hint shows progress, Esc stops it."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest
from english import told
from play.test_turn import FakeView, Saver, Settings, _run

from greed_game.ai.progress import TooHard
from greed_game.play.moments import ThrowDice, ToggleHint
from greed_game.play.prepare import Preparation, prepare
from greed_game.play.turn import TurnController
from greed_game.presets import preset
from greed_game.rules import Game, Player, RuleSet


def _fine_rules(points: int) -> RuleSet:
    """Pass the dice with a 5 worth ``points``: an odd value makes every turn total a level of its own."""
    return preset("pass-the-dice").with_overrides({"scoring": {"singles": {"5": points}}})


def test_a_background_preparation_gives_every_computer_seat_its_player() -> None:
    prep = Preparation(preset("pass-the-dice"), {1: "master", 2: "cautious"})
    assert prep.wait(60)
    assert not prep.cancelled and prep.advice and prep.problem == ""
    assert sorted(prep.strategies) == [1, 2]
    assert [prep.strategies[s].level for s in (1, 2)] == ["master", "cautious"]
    assert prep.solutions.has_turn(preset("pass-the-dice")), "the hint's tables come back with the players"


def test_rules_too_fine_to_solve_fall_back_and_say_why() -> None:
    rules = preset("classic-five").with_overrides(
        {"scoring": {"singles": {"1": 1_000_000, "5": 999_999}}, "target": 3000}
    )
    with pytest.raises(TooHard):
        from greed_game.ai.solver import Solution

        Solution(rules)
    prep = Preparation(rules, {1: "master"}, background=False)
    assert not prep.advice and "turn totals" in prep.problem
    assert prep.strategies[1].level == "cautious"


def test_leaving_stops_a_long_solve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GREED_CACHE_DIR", str(tmp_path))
    rules = _fine_rules(51)
    prep = Preparation(rules, {1: "master"})
    deadline = time.monotonic() + 60
    while prep.fraction == 0.0 and not prep.done and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not prep.done and prep.stage, "the solve was expected to report progress and take a while"
    prep.cancel()
    assert prep.wait(30), "a cancelled solve ends with its process"
    assert prep.cancelled and prep.strategies == {} and not prep.solutions.has_turn(rules)
    assert not prep._process.is_alive()


class _Pending(Preparation):
    """A preparation that finishes only when the test says so."""

    def _needs_work(self) -> bool:
        return True

    def _start(self) -> None:
        pass

    def finish(self) -> None:
        self._finish(prepare(self.solutions, self.rules, self.kinds))


def test_the_table_waits_for_its_computer_players_and_shows_progress() -> None:
    rules = preset("classic-five").with_overrides({"target": 1000})
    game = Game(rules, [Player("Ada", "expert"), Player("Bo", "human")])
    view = FakeView()
    prep = _Pending(rules, {0: "expert"})
    turn = TurnController(
        game, rng=random.Random(3), seed=3, rules_ref="classic-five", overrides={"target": 1000},
        saver=Saver(), pacing=Settings, skin=lambda: "pips", visual_rng=random.Random(0), prep=prep,
    )
    view.turn = turn
    turn.start_new()
    turn.enter()
    turn.send(ToggleHint())
    prep.fraction = 0.4
    _run(turn, view, 5)
    assert turn.prep.pending and view.throws == [] and game.state.turn == 0
    assert turn.advisor.lines[0].text == "Working out the odds of these rules… 40%"
    prep.finish()
    _run(turn, view, 5)
    assert not turn.prep.pending and view.throws, "the computer plays once its player is ready"
    assert turn.advisor.lines and "Working out" not in turn.advisor.lines[0].text


def test_play_stops_short_of_the_records_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record past the limit could not be opened again, so the table stops before it and says why."""
    from greed_game.play import turn as turn_module

    monkeypatch.setattr(turn_module, "MAX_EVENTS", 40)
    rules = preset("classic-five").with_overrides({"target": 50_000})
    game = Game(rules, [Player("Ada", "cautious"), Player("Bo", "cautious")])
    view, saver = FakeView(), Saver()
    turn = TurnController(
        game, rng=random.Random(3), seed=3, rules_ref="classic-five", overrides={"target": 50_000},
        saver=saver, pacing=Settings, skin=lambda: "pips", visual_rng=random.Random(0),
    )
    view.turn = turn
    turn.start_new()
    turn.enter()
    _run(turn, view, 600)
    assert turn.mode == "full" and not game.finished
    assert 40 - turn_module.ROOM < len(game.events) <= 40
    assert turn.notices.banner is not None and "limit of 40 events" in turn.notices.banner.said.sub


def test_the_window_keeps_its_pace_while_a_long_solve_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, solves_here: list[str]
) -> None:
    """A solve of seconds never holds a frame: the work runs in a process of its own, and the throw plays out
    beside it (no frame's time is asserted: the machine may be busy; the figures are bench_session.py's)."""
    monkeypatch.setenv("GREED_CACHE_DIR", str(tmp_path / "cache"))
    from greed_game.app.main import App
    from greed_game.play.setup import GameSetup
    from greed_game.storage import Settings as StoredSettings
    from greed_game.storage import Storage

    app = App(storage=Storage(tmp_path / "data"), settings=StoredSettings(), size=(854, 480))
    try:
        overrides = {"scoring": {"singles": {"5": 51}}, "first_player": "seat-order"}
        app.start_game(GameSetup("pass-the-dice", [Player("Ann"), Player("Cy", "master")], overrides))
        table = app.stack.top
        table.send(ThrowDice())
        frames = 0
        while not table.dice_at_rest():  # the throw, drawn frame by frame
            app.frame()
            frames += 1
            assert frames < 60 * 30, "the throw never came to rest"
        assert not table.prep.done, "the solve was expected to outlast the throw"
        assert table.turn.throws == 1, "the person's throw played out meanwhile"
        assert solves_here == [], f"the window's own process solved: {solves_here}"
    finally:
        app.close()


def test_an_optimal_seat_under_other_rules_plays_as_master_until_its_tables_are_solved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GREED_CACHE_DIR", str(tmp_path))
    rules = preset("classic-five").with_overrides({"target": 1500})  # no shipped book at this target
    prep = Preparation(rules, {1: "optimal"}, players=2)
    assert prep.wait(60)
    assert prep.strategies[1].level == "master" and prep.standins == (1,), "master plays meanwhile"
    deadline = time.monotonic() + 120
    while prep.standins and time.monotonic() < deadline:
        time.sleep(0.05)
    assert prep.standins == () and prep.win_problem == ""
    assert prep.strategies[1].level == "optimal" and prep.win is not None, "then optimal takes the seat"
    assert prep.win_fraction == 1.0
    # The solved tables are kept: the next game under these rules starts with optimal at once.
    again = Preparation(rules, {1: "optimal"}, players=2, background=False)
    assert again.strategies[1].level == "optimal" and again.standins == ()


def test_without_the_solver_an_optimal_seat_stays_with_master_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GREED_CACHE_DIR", str(tmp_path))
    monkeypatch.setitem(sys.modules, "greed_game.ai.win", None)  # as in the executables: no numpy, no solver
    rules = preset("classic-five").with_overrides({"target": 1500})
    prep = Preparation(rules, {1: "optimal"}, players=2, background=False)
    assert prep.strategies[1].level == "master" and prep.standins == ()
    assert "master" in prep.win_problem and "solver" in prep.win_problem
    assert prep.win is None


def test_a_two_player_game_of_a_preset_gets_the_coachs_tables_at_once() -> None:
    prep = Preparation(preset("classic-five"), {1: "expert"}, players=2, background=False)
    assert prep.win is not None and prep.win.start(0, 0) > 0.5
    three = Preparation(preset("classic-five"), {1: "expert", 2: "bold"}, players=3, background=False)
    assert three.win is None, "no exact win chances with three players"


@pytest.mark.long  # a win-table solve in the background, waited for
def test_leaving_the_table_lets_the_win_tables_finish_for_the_next_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GREED_CACHE_DIR", str(tmp_path))
    rules = preset("classic-five").with_overrides({"target": 1400})
    prep = Preparation(rules, {1: "optimal"}, players=2)
    assert prep.wait(60)
    prep.cancel()
    solve = prep._win_solve
    assert solve is not None and solve._done.wait(120) and solve.book is not None, solve and solve.problem
    assert prep.strategies[1].level == "master", "the table that was left is not touched"
    again = Preparation(rules, {1: "optimal"}, players=2, background=False)
    assert again.strategies[1].level == "optimal" and again.standins == ()


def _finished_game(rules: RuleSet) -> Game:
    from greed_game.ai.levels import make_strategy
    from greed_game.ai.simulate import play_game

    played = play_game(rules, [make_strategy("expert", rules), make_strategy("bold", rules)], random.Random(3),
                       log=True)
    game = Game(rules, [Player("Ada"), Player("Bo")])
    for event in played.events:
        game.apply(event)
    return game


def test_a_review_in_its_own_process_says_it_is_starting_then_gives_each_person_their_figures() -> None:
    from greed_game.play.coaching import ReviewJob

    rules = preset("classic-five")
    game = _finished_game(rules)
    job = ReviewJob(rules, game.players, game.events)
    assert job.stage == "start" and not job.done  # nothing reported yet: the overlay says it is getting ready
    assert job.wait(120), "the review did not finish"
    assert job.problem == "" and job.result is not None
    assert [seat.name for seat in job.result] == ["Ada", "Bo"]
    assert all(seat.decisions > 0 for seat in job.result)


def test_a_review_whose_process_dies_says_so_instead_of_waiting_for_ever() -> None:
    from greed_game.play.coaching import ReviewJob

    rules = preset("pass-the-dice").with_overrides({"target": 3000})  # no book: a solve that takes a while
    game = _finished_game(rules)
    job = ReviewJob(rules, game.players, game.events)
    job.cancel()
    assert job.wait(30)
    assert job.result is None and job.problem == "the review stopped before it was done"


def test_a_worker_that_ends_without_a_word_is_reaped_and_its_owner_told() -> None:
    import threading

    from greed_game.play.worker import start_worker

    told: list[bool] = []
    ended = threading.Event()

    def read(conn: object) -> None:
        conn.recv()  # type: ignore[attr-defined]

    def end(lost: bool) -> None:
        told.append(lost)
        ended.set()

    # repr(conn) in the child: it returns without sending anything, so the pipe breaks at once.
    process = start_worker("greed-test", repr, (), read, end)
    assert ended.wait(30)
    assert told == [True] and process.exitcode == 0


def _damaged_cache(folder: Path, rules: RuleSet) -> Path:
    """A solution cache holding the turn tables of ``rules`` with a grid step of 0 (once a ZeroDivisionError)."""
    import json

    from greed_game.ai.solver import solve
    from greed_game.storage.solutions import DiskSolutionCache

    solve(rules, cache=DiskSolutionCache(folder))
    (kept,) = folder.glob("solution-*.json")
    data = json.loads(kept.read_text(encoding="utf-8"))
    data["step"] = 0
    kept.write_text(json.dumps(data), encoding="utf-8")
    return kept


def test_a_background_preparation_relays_what_its_cache_set_aside_once(tmp_path: Path) -> None:
    from greed_game.solutions import Solutions
    from greed_game.storage.solutions import DiskSolutionCache

    rules = preset("classic-five")
    _damaged_cache(tmp_path, rules)
    solutions = Solutions(cache=DiskSolutionCache(tmp_path))
    prep = Preparation(rules, {1: "expert"}, solutions=solutions)
    assert prep.wait(60) and prep.advice and prep._process is not None, "the work ran in a process of its own"
    (note,) = told(solutions.take_notes())
    (aside,) = tmp_path.glob("solution-*.bad-*.json")
    assert note == f"A damaged solution in the cache was set aside as {aside} and the rules solved again."
    assert told(solutions.take_notes()) == [], "each note is said once"


@pytest.mark.parametrize("background", [False, True])
def test_the_window_says_once_that_a_damaged_cache_was_set_aside(tmp_path: Path, background: bool) -> None:
    from greed_game.app.main import App
    from greed_game.play.setup import GameSetup
    from greed_game.solutions import Solutions
    from greed_game.storage import Settings as StoredSettings
    from greed_game.storage import Storage
    from greed_game.storage.solutions import DiskSolutionCache

    rules = preset("classic-five")
    cache = tmp_path / "cache"
    _damaged_cache(cache, rules)
    settings = StoredSettings(animation_speed="instant", void_frequency="off", sound=False)
    app = App(storage=Storage(tmp_path / "data"), settings=settings, size=(854, 480), clock="virtual", seed=1,
              solutions=Solutions(cache=DiskSolutionCache(cache)))
    # On a virtual clock the players are worked out in line; the window's real clock leaves it to a process.
    app.virtual = not background
    try:
        app.start_game(GameSetup("classic-five", [Player("Ada", "human"), Player("Bo", "expert")]))
        app.virtual = True
        table = app.stack.top
        assert table.prep.wait(), "the players are worked out (in line, or by the background process)"
        for _ in range(30):
            app.frame()
        notes = [t.text for t in app.toasts if "solution in the cache" in t.text]
        (aside,) = cache.glob("solution-*.bad-*.json")
        assert notes == [f"A damaged solution in the cache was set aside as {aside} and the rules solved again."]
        assert table.prep.advice and not table.prep.problem, "the rules were solved again"
    finally:
        app.close()


def test_the_waiting_card_keeps_off_the_roll_off_and_opens_when_a_computer_s_move_waits() -> None:
    rules = preset("pass-the-dice")
    game = Game(rules, [Player("Ada", "expert"), Player("Bo", "expert"), Player("You", "human")])
    view = FakeView()
    prep = _Pending(rules, {0: "expert", 1: "expert"})
    turn = TurnController(
        game, rng=random.Random(3), seed=3, rules_ref="pass-the-dice", overrides={},
        saver=Saver(), pacing=Settings, skin=lambda: "pips", visual_rng=random.Random(0), prep=prep,
    )
    view.turn = turn
    turn.start_new()
    assert turn.roll_off.showing
    for _ in range(600):
        if not turn.roll_off.showing:
            break
        if turn.mode == "roll-off":  # the roll-off waits for your die
            turn.send(ThrowDice())
        _run(turn, view, 1 / 20)
        assert turn.snapshot.waiting is None, "the card covered the roll-off's dice"
    if game.state.current == 2:  # (You start: a computer's move comes after yours)
        return
    _run(turn, view, 3)
    assert turn.snapshot.waiting is not None and view.throws == []
