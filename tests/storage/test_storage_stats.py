"""Statistics across games, the dice fairness panel and the Statistics screen's data."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from english import told

from greed_game.ai import strategy
from greed_game.presets import preset
from greed_game.rules import Game, Player, read_record, record_of
from greed_game.stats import (
    Stats,
    StatsError,
    chi_square,
    chi_square_sf,
    fairness,
    statistics_view,
    stats_from_data,
)
from greed_game.storage import Storage

RECORDS = Path(__file__).resolve().parent.parent / "records"


def example() -> Stats:
    stats = Stats()
    assert stats.add_game(read_record((RECORDS / "source-000-example.json").read_text()))
    return stats


def test_figures_of_the_source_example() -> None:
    # Dianna: 500 banked, 1350 banked, a bust in her final turn. William: a bust, 2850 banked, wins.
    stats = example()
    dianna, william = stats.players["Dianna"], stats.players["William"]
    assert dianna.to_data() == {"games": 1, "wins": 0, "turns": 3, "busts": 1, "total_banked": 1850, "best_turn": 1350}
    assert william.to_data() == {"games": 1, "wins": 1, "turns": 2, "busts": 1, "total_banked": 2850, "best_turn": 2850}
    assert dianna.average_turn == pytest.approx(1850 / 3) and dianna.bust_rate == pytest.approx(1 / 3)
    assert william.win_rate == 1.0 and dianna.win_rate == 0.0
    assert stats.faces == [7, 10, 12, 4, 9, 1] and stats.games == 1


def test_a_game_is_counted_once() -> None:
    stats = example()
    before = stats.to_data()
    assert not stats.add_game(read_record((RECORDS / "source-000-example.json").read_text()))
    assert stats.to_data() == before


def test_unfinished_games_are_not_counted() -> None:
    record = read_record((RECORDS / "source-000-example.json").read_text())
    record.events = record.events[:10]
    with pytest.raises(StatsError, match="finished"):
        Stats().add_game(record)


def test_same_name_in_several_games_adds_up() -> None:
    stats = example()
    record = read_record((RECORDS / "source-000-example.json").read_text())
    record.players = list(reversed(record.players))  # the same game with the seats swapped
    assert stats.add_game(record)
    assert stats.players["Dianna"].games == 2 and stats.players["Dianna"].wins == 1
    assert stats.players["Dianna"].total_banked == 1850 + 2850
    assert stats.games == 2


def test_stats_text_round_trip() -> None:
    stats = example()
    assert stats_from_data(json.loads(stats.to_text())).to_data() == stats.to_data()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="greed-stats/2"), "newer version"),
        (lambda d: d.update(format="greed-record/1"), "not a Greed statistics file"),
        (lambda d: d["players"]["Dianna"].update(wins=5), "more wins"),
        (lambda d: d["players"]["Dianna"].update(busts=9), "more busts"),
        (lambda d: d["players"]["Dianna"].update(best_turn=99999), "best turn"),
        (lambda d: d["players"]["Dianna"].update(turns=-1), "at least 0"),
        (lambda d: d["players"]["Dianna"].update(games=True), "whole number"),
        (lambda d: d["players"]["Dianna"].update(luck=3), "unknown fields"),
        (lambda d: d["players"].update({"": {}}), "impossible player"),
        (lambda d: d.update(faces=[1, 2, 3]), "six numbers"),
        (lambda d: d.update(games=0), "more games"),
        (lambda d: d.update(counted="all"), "counted games"),
    ],
)
def test_impossible_statistics_are_refused(change: Callable[[Any], object], words: str) -> None:
    data = example().to_data()
    change(data)
    with pytest.raises(StatsError, match=words):
        stats_from_data(data)


def test_bad_stats_file_is_kept_aside_and_statistics_start_afresh(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    content = example().to_text()[:-40]
    storage.stats_path.write_text(content)
    view = storage.statistics()
    assert view.games == 0 and view.players == ()
    assert len(told(view.problems)) == 1 and "Your statistics could not be used" in told(view.problems)[0]
    (kept,) = tmp_path.glob("stats.bad-*")
    assert kept.read_text() == content
    assert told(storage.problems) == []  # taken by the screen


# --- fairness -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (11.0705, 5, 0.05),
        (15.0863, 5, 0.01),
        (20.5150, 5, 0.001),
        (4.35146, 5, 0.5),
        (1.14548, 5, 0.95),
        (3.84146, 1, 0.05),
        (5.99146, 2, 0.05),
        (9.48773, 4, 0.05),
        (18.3070, 10, 0.05),
    ],
)
def test_chi_square_tail_matches_tables(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-4)


def test_chi_square_tail_edges() -> None:
    assert chi_square_sf(0.0, 5) == 1.0
    assert chi_square_sf(math.inf, 5) == 0.0
    assert 0.0 <= chi_square_sf(1e6, 5) < 1e-100
    # The tail falls as x grows.
    values = [chi_square_sf(x / 4, 5) for x in range(200)]
    assert all(a >= b for a, b in itertools.pairwise(values))


def test_chi_square_of_fair_and_loaded_dice() -> None:
    assert chi_square([100] * 6) == (0.0, 1.0)
    assert chi_square([0] * 6) is None
    result = chi_square([100, 100, 100, 100, 100, 160])
    assert result is not None
    stat, p = result
    assert stat == pytest.approx((5 * 10**2 + 50**2) / 110) and p < 1e-4
    rng = random.Random(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randint(1, 6) - 1] += 1
    result = chi_square(counts)
    assert result is not None and result[1] > 0.001


def test_fairness_panel_words() -> None:
    assert fairness([0] * 6).verdict == "No dice thrown yet."
    assert "too few" in fairness([3, 2, 1, 0, 2, 1]).verdict
    assert "as even as fair dice" in fairness([1000, 1010, 990, 1005, 995, 1000]).verdict
    loaded = fairness([1000, 1000, 1000, 1000, 1000, 1400])
    assert "far from even" in loaded.verdict
    assert loaded.dice == 6400
    assert [row.expected for row in loaded.faces] == [6400 / 6] * 6
    assert loaded.faces[5].share == pytest.approx(1400 / 6400)


def test_statistics_view_for_the_screen(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.autosave.finish_game(read_record((RECORDS / "source-000-example.json").read_text()))
    game = Game(preset("classic-five"), [Player("Ann", "cautious"), Player("Bob", "bold")])
    rng = random.Random(5)
    while not game.finished:
        level = game.players[game.state.current].kind
        game.play(strategy(level, game.rules).choose(game.rules, game.state), rng)
    storage.autosave.finish_game(record_of(game, "classic-five"))
    view = storage.statistics()
    assert view.games == 2
    names = [row.name for row in view.players]
    assert names[:2] == sorted(names[:2], key=str.casefold)  # equal games: by name
    assert {"Dianna", "William", "Ann", "Bob"} == set(names)
    row = next(r for r in view.players if r.name == "William")
    assert (row.games, row.wins, row.best_turn, row.bust_rate) == (1, 1, 2850, 0.5)
    assert view.fairness.dice == sum(storage.archive.load_stats().faces)
    assert view.fairness.p_value is not None and 0.0 <= view.fairness.p_value <= 1.0
    text = "\n".join(view.lines())
    assert "William: 1 games, 1 wins (100%)" in text and "Chi-square" in text


def test_statistics_view_of_nothing() -> None:
    view = statistics_view(Stats())
    assert view.games == 0 and view.players == ()
    assert "No finished games yet." in view.lines()


def test_any_name_in_a_finished_game_gives_readable_statistics(tmp_path: Path) -> None:
    record = read_record((RECORDS / "source-000-example.json").read_text())
    record.players = [Player("Di\x00anna"), Player("\n")]
    storage = Storage(tmp_path)
    stats = storage.autosave.finish_game(record)
    assert set(stats.players) == {"Dianna", "Player 2"}
    assert Storage(tmp_path).archive.load_stats().to_data() == stats.to_data()


# --- per computer level -------------------------------------------------------------------


def _levels_game() -> Any:
    from greed_game.play.setup import GameSetup
    from greed_game.rules import Player as P

    players = [P("Tess", "cautious"), P("Ada", "bold"), P("Brutus", "cautious"), P("Me", "human")]
    setup = GameSetup("classic-five", players, {"target": 1500})
    game = Game(setup.ruleset(), setup.players)
    rng = random.Random(4)
    game.roll_off(rng)
    bots = [strategy(p.kind if p.kind != "human" else "cautious", game.rules) for p in players]
    while not game.finished:
        game.play(bots[game.state.current].choose(game.rules, game.state), rng)
    return game


def test_computer_levels_add_up_over_their_seats() -> None:
    from greed_game.rules.history import game_history

    game = _levels_game()
    stats = Stats()
    assert stats.add_game(record_of(game, "classic-five", {"target": 1500}))
    assert set(stats.levels) == {"cautious", "bold"}  # a person is no level
    cautious = stats.levels["cautious"]
    turns = game_history(game).turns
    seats = (0, 2)
    assert cautious.games == 1  # two seats, one game
    assert cautious.wins == int(any(s in game.winners for s in seats))
    assert cautious.turns == sum(1 for t in turns if t.seat in seats)
    assert cautious.total_banked == stats.players["Tess"].total_banked + stats.players["Brutus"].total_banked
    assert cautious.best_turn == max(stats.players["Tess"].best_turn, stats.players["Brutus"].best_turn)
    view = statistics_view(stats)
    assert {r.name for r in view.levels} == {"cautious", "bold"}
    assert stats_from_data(json.loads(stats.to_text())).levels == stats.levels


def test_statistics_without_levels_still_load() -> None:
    data = example().to_data()
    del data["levels"]
    assert stats_from_data(data).levels == {}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(levels=[]), "computer level table is damaged"),
        (lambda d: d["levels"].update({"": {}}), "impossible computer level"),
        (lambda d: d["levels"].update(bold={"games": 1, "wins": 2}), "more wins"),
        (lambda d: d["levels"].update(bold={"games": 9}), "more games"),
    ],
)
def test_impossible_level_figures_are_refused(change: Callable[[Any], object], words: str) -> None:
    data = example().to_data()
    change(data)
    with pytest.raises(StatsError, match=words):
        stats_from_data(data)
