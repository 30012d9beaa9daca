"""Soak: thousands of computer games across every preset, the rules' invariants checked after every event.

After each event: scores never fall and only the player whose turn ended can
gain; only players on the board have points; the phase agrees with the legal
actions; a void throw restores the state before it exactly. Along the game an
independent model of the end (who is owed a final turn, in which order; the
score to beat) must agree with the state machine at every turn, the game must
end, and the winners must be those the rules name. At the end the turn history
adds up to the scores, and the record replays to the same state.

``benchmarks/soak.py`` runs the same games for longer and prints their speed.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

import pytest
from budgets import budget

from greed_game.ai import Strategy, strategy
from greed_game.presets import preset, replay
from greed_game.rules import (
    PRESET_IDS,
    Action,
    Bank,
    Carryover,
    Game,
    Keep,
    Phase,
    Player,
    Roll,
    RuleSet,
    State,
    Throw,
    Void,
    can_bank,
    legal_actions,
    read_record,
    record_of,
    throw_options,
    write_record,
)
from greed_game.rules.history import game_history

# The robustness step runs these with their full budgets (GREED_ROBUST=1 pytest -m "robust or long").
pytestmark = pytest.mark.robust

GAMES = budget("soak_games", 160)
"""Games in the test run: 400 a preset (about 40 s on one core, shared among up to 4 processes)."""
MAX_EVENTS = 50_000
"""A game longer than this has failed to end."""
VOID_RATE = 0.03
"""Share of throws declared void (a die off the felt or leaning) and thrown again."""


class SoakFailure(AssertionError):
    """An invariant broken; the message names the game and the event."""


@dataclass
class EndModel:
    """Who is owed a final turn, computed independently of the state machine."""

    rules: RuleSet
    players: int
    final: bool = False
    owed: list[int] = field(default_factory=list)
    high: int | None = None
    reached: list[int] = field(default_factory=list)

    def turn_ended(self, seat: int, banked: bool, scores: tuple[int, ...], index: int) -> None:
        """Account for the end of ``seat``'s turn (its score now ``scores[seat]``)."""
        n = self.players
        others = [(seat + k) % n for k in range(1, n)]
        if banked:
            self.reached[seat] = index
        if self.final and (not self.owed or self.owed[0] != seat):
            raise SoakFailure(f"seat {seat} played a turn but the final turns owed were {self.owed}")
        score = scores[seat]
        if self.rules.end == "score-to-beat":
            if banked and score >= self.rules.target and (self.high is None or score > self.high):
                self.final, self.owed, self.high = True, others, score
                return
        elif not self.final and banked and score >= self.rules.target:
            self.final, self.owed = True, others
            return
        if self.final:
            self.owed.pop(0)

    @property
    def over(self) -> bool:
        return self.final and not self.owed

    def winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        top = max(scores)
        tied = [i for i, s in enumerate(scores) if s == top]
        if self.rules.end == "score-to-beat":
            first = min(self.reached[i] for i in tied)
            tied = [i for i in tied if self.reached[i] == first]
        return tuple(tied)


def check_phase(rules: RuleSet, state: State, where: str) -> tuple[Action, ...]:
    """The phase agrees with the legal actions and the fields that go with it; returns the legal actions."""
    actions = legal_actions(rules, state)
    if state.phase is Phase.OVER:
        if actions or not state.winners:
            raise SoakFailure(f"{where}: game over with actions {actions} and winners {state.winners}")
        return actions
    if state.winners:
        raise SoakFailure(f"{where}: winners {state.winners} before the game is over")
    if (Bank() in actions) != can_bank(rules, state):
        raise SoakFailure(f"{where}: Bank in the legal actions disagrees with can_bank")
    if not 1 <= state.dice_left <= rules.dice:
        raise SoakFailure(f"{where}: {state.dice_left} dice left")
    if state.turn_points < 0 or state.carried < 0 or state.carried > state.turn_points:
        raise SoakFailure(f"{where}: turn points {state.turn_points}, carried {state.carried}")
    if state.phase is Phase.CARRYOVER:
        offer = state.offer
        if offer is None or actions != (Carryover(True), Carryover(False)):
            raise SoakFailure(f"{where}: carryover phase with offer {offer} and actions {actions}")
        if not 0 < offer.dice < rules.dice or offer.points <= 0 or offer.seat == state.current:
            raise SoakFailure(f"{where}: impossible offer {offer}")
        if rules.carryover == "none":
            raise SoakFailure(f"{where}: a carryover offered under rules without carryover")
    elif state.phase is Phase.ROLL:
        if state.throw is not None or Throw(state.dice_left) not in actions:
            raise SoakFailure(f"{where}: roll phase without a throw of {state.dice_left} dice in {actions}")
        if any(isinstance(a, (Keep, Carryover)) for a in actions):
            raise SoakFailure(f"{where}: roll phase offers {actions}")
    else:
        throw = state.throw
        if throw is None or sum(throw) != state.dice_left:
            raise SoakFailure(f"{where}: keep phase with throw {throw} of {state.dice_left} dice")
        keeps = [a for a in actions if isinstance(a, Keep)]
        options = throw_options(rules, state, throw)
        if not keeps or keeps != [Keep(o.dice) for o in options]:
            raise SoakFailure(f"{where}: keep phase offers {actions}")
        if any(isinstance(a, (Throw, Carryover)) for a in actions):
            raise SoakFailure(f"{where}: keep phase offers {actions}")
    return actions


def check_step(rules: RuleSet, before: State, after: State, event: object, where: str) -> None:
    """What may change from one state to the next."""
    for seat, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
        if new < old:
            raise SoakFailure(f"{where}: seat {seat}'s score fell from {old} to {new}")
        if new != old and (seat != before.current or not isinstance(event, Bank)):
            raise SoakFailure(f"{where}: seat {seat}'s score changed on {event} in seat {before.current}'s turn")
        if after.scores[seat] and not after.on_board[seat]:
            raise SoakFailure(f"{where}: seat {seat} has {new} points but is not on the board")
        if before.on_board[seat] and not after.on_board[seat]:
            raise SoakFailure(f"{where}: seat {seat} fell off the board")
    if isinstance(event, Bank):
        seat = before.current
        gained = after.scores[seat] - before.scores[seat]
        if gained <= 0 or after.turn != before.turn + 1:
            raise SoakFailure(f"{where}: a bank gained {gained}")
        if not before.on_board[seat]:
            own = gained if rules.entry_counts_carried else gained - before.carried
            if own < rules.entry_minimum:
                raise SoakFailure(f"{where}: banked {own} of own points below the entry minimum")
        if rules.end == "must-top" and before.final and seat in before.owed:
            high = max(s for i, s in enumerate(before.scores) if i != seat)
            if after.scores[seat] <= high:
                raise SoakFailure(f"{where}: a final turn banked {after.scores[seat]} without topping {high}")
    elif after.turn != before.turn and not isinstance(event, Roll):
        raise SoakFailure(f"{where}: the turn ended on {event}")
    if isinstance(event, Carryover) and event.accept:
        offer = before.offer
        assert offer is not None
        if (after.turn_points, after.dice_left, after.carried) != (offer.points, offer.dice, offer.points):
            raise SoakFailure(f"{where}: taking {offer} gave {after.turn_points} points and {after.dice_left} dice")


def _owed_agree(state: State, model: EndModel) -> bool:
    return state.final and list(state.owed) == model.owed and state.current == model.owed[0]


@dataclass
class SoakResult:
    """Figures of one game."""

    events: int
    voids: int
    turns: int


_STRATEGIES: dict[tuple[str, str], Strategy] = {}


def _strategy(level: str, rules: RuleSet) -> Strategy:
    key = (level, rules.id)
    if key not in _STRATEGIES:
        _STRATEGIES[key] = strategy(level, rules)
    return _STRATEGIES[key]


def soak_game(rules_id: str, seed: int, *, void_rate: float = VOID_RATE, check_record: bool = False) -> SoakResult:
    """Play one computer game of ``rules_id`` from ``seed``, checking every invariant; raises :class:`SoakFailure`."""
    rng = random.Random(seed)
    rules = preset(rules_id)
    count = rng.randint(2, 4)
    levels = [rng.choice(("cautious", "bold")) for _ in range(count)]
    game = Game(rules, [Player(f"P{i}", level) for i, level in enumerate(levels)])
    players = [_strategy(level, rules) for level in levels]
    game.roll_off(rng)
    model = EndModel(rules, count, reached=[0] * count)
    voids = 0
    tag = f"{rules_id} seed {seed}"
    actions = check_phase(rules, game.state, f"{tag} start")
    while not game.finished:
        index = len(game.events)
        where = f"{tag} event {index}"
        if index > MAX_EVENTS:
            raise SoakFailure(f"{tag}: no end after {MAX_EVENTS} events")
        before = game.state
        action = players[before.current].choose(rules, before)
        if action not in actions:
            raise SoakFailure(f"{where}: the computer chose {action}, not a legal action")
        event = game.play(action, rng)
        after = game.state
        if isinstance(event, Roll) and rng.random() < void_rate:
            game.apply(Void("off-felt"))
            voids += 1
            if replace(game.state, events=before.events) != before or game.state.events != before.events + 2:
                raise SoakFailure(f"{where}: a void throw did not restore the state before it")
            continue
        check_step(rules, before, after, event, where)
        actions = check_phase(rules, after, where)
        if after.turn != before.turn:
            model.turn_ended(before.current, isinstance(event, Bank), after.scores, index)
            if model.over != after.finished:
                raise SoakFailure(f"{where}: the game {'should' if model.over else 'should not'} be over")
            if not after.finished and model.final and not _owed_agree(after, model):
                raise SoakFailure(f"{where}: owed final turns {after.owed}, expected {model.owed}")
        elif after.finished:
            raise SoakFailure(f"{where}: the game ended inside a turn")
    state = game.state
    if state.winners != model.winners(state.scores):
        raise SoakFailure(f"{tag}: winners {state.winners}, expected {model.winners(state.scores)}")
    history = game_history(game)
    if len(history.turns) != state.turn:
        raise SoakFailure(f"{tag}: {len(history.turns)} turns in the history, {state.turn} played")
    for seat in range(count):
        banked = sum(t.points for t in history.turns_of(seat))
        if banked != state.scores[seat]:
            raise SoakFailure(f"{tag}: seat {seat}'s turns add up to {banked}, not {state.scores[seat]}")
    if any(t.bust and t.points for t in history.turns):
        raise SoakFailure(f"{tag}: a bust scored")
    if check_record:
        again = replay(read_record(write_record(record_of(game, rules_id))))
        if again.state != state:
            raise SoakFailure(f"{tag}: the record does not replay to the same state")
    return SoakResult(len(game.events), voids, state.turn)


def soak_range(first: int, count: int, first_seed: int = 0) -> tuple[int, int]:
    """Play games ``first`` .. ``first + count - 1`` (presets in turn); returns (events, voids)."""
    events = voids = 0
    for i in range(first, first + count):
        rules_id = PRESET_IDS[i % len(PRESET_IDS)]
        result = soak_game(rules_id, first_seed + i, check_record=i % 10 == 0)
        events += result.events
        voids += result.voids
    return events, voids


def soak(games: int, *, first_seed: int = 0, workers: int = 1) -> tuple[int, int, int, float]:
    """Play ``games`` checked games spread over every preset; returns (games, events, voids, seconds).

    With several ``workers`` the games are shared among processes (the same games, the same checks).
    """
    started = time.perf_counter()
    if workers <= 1:
        events, voids = soak_range(0, games, first_seed)
    else:
        chunk = 50
        starts = list(range(0, games, chunk))
        counts = [min(chunk, games - s) for s in starts]
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            results = list(pool.map(soak_range, starts, counts, [first_seed] * len(starts)))
        events = sum(r[0] for r in results)
        voids = sum(r[1] for r in results)
    return games, events, voids, time.perf_counter() - started


def test_soak_thousands_of_games_across_every_preset() -> None:
    games, events, voids, seconds = soak(GAMES, workers=min(4, os.cpu_count() or 1))
    assert games == GAMES and events > GAMES * 50
    print(f"\n{games} games, {events} events, {voids} void throws in {seconds:.1f} s")


def test_the_checks_catch_a_broken_rule() -> None:
    """The checker is not vacuous: a state machine that lets a score fall is caught."""
    rules = preset("pass-the-dice")
    before = State(scores=(500, 0), on_board=(True, False), reached=(0, 0))
    after = State(scores=(400, 0), on_board=(True, False), reached=(0, 0), turn=1)
    try:
        check_step(rules, before, after, Bank(), "test")
    except SoakFailure as exc:
        assert "fell" in str(exc)
    else:
        raise AssertionError("a falling score was not caught")
    model = EndModel(rules, 3, reached=[0, 0, 0])
    model.turn_ended(0, True, (10_000, 0, 0), 5)
    assert model.owed == [1, 2] and not model.over
    try:
        model.turn_ended(2, False, (10_000, 0, 0), 6)
    except SoakFailure as exc:
        assert "owed" in str(exc)
    else:
        raise AssertionError("a final turn out of order was not caught")
