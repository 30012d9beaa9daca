"""Property tests: scoring laws, and whole random games under every preset.

The random games are driven by ``random.Random`` seeded from hypothesis, choosing
uniformly among the legal actions, with void throws and illegal garbage events
sprinkled in. A referee written from RULES.md follows every event and checks it
independently of the engine's own bookkeeping.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_md import oracle_points

from greed_game.presets import preset, replay
from greed_game.rules import (
    PRESET_IDS,
    Bank,
    Carryover,
    Event,
    FirstPlayer,
    Game,
    IllegalAction,
    Keep,
    Phase,
    Player,
    Roll,
    RuleSet,
    State,
    Throw,
    Void,
    apply,
    counts_of,
    legal_actions,
    new_state,
    read_record,
    record_of,
    throw_options,
    write_record,
)
from greed_game.rules.dice import contains, size, submultisets
from greed_game.rules.game import VoidReason

SCORING = settings(max_examples=150, deadline=None)
GAMES = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# No random game may need more events than this (the longest seen are a few thousand).
MAX_EVENTS = 30_000


def throws(rules_id: str) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(1, 6), min_size=1, max_size=preset(rules_id).dice)


# --- scoring laws ---------------------------------------------------------------------------


@SCORING
@given(rules_id=st.sampled_from(PRESET_IDS), data=st.data())
def test_options_do_not_depend_on_dice_order(rules_id: str, data: st.DataObject) -> None:
    rules = preset(rules_id)
    dice = data.draw(throws(rules_id))
    shuffled = data.draw(st.permutations(dice))
    table = rules.table
    assert table.options(counts_of(dice)) == table.options(counts_of(shuffled))
    # The game sees the same throw too.
    start = replace(new_state(rules, 2), dice_left=len(dice))
    a = apply(rules, start, Roll(tuple(dice)))
    b = apply(rules, start, Roll(tuple(shuffled)))
    assert a == b
    assert legal_actions(rules, a) == legal_actions(rules, b)


@SCORING
@given(rules_id=st.sampled_from(PRESET_IDS), data=st.data())
def test_bust_iff_no_options(rules_id: str, data: st.DataObject) -> None:
    rules = preset(rules_id)
    dice = data.draw(throws(rules_id))
    throw = counts_of(dice)
    options = rules.table.options(throw)
    scoring_part = any(oracle_points(rules_id, k) is not None for k in submultisets(throw))
    assert rules.table.is_bust(throw) == (not options) == (not scoring_part)
    # In play, such a throw ends the turn with nothing (unless the doubles rescue applies).
    start = replace(new_state(rules, 2), dice_left=len(dice))
    after = apply(rules, start, Roll(tuple(dice)))
    rescued = rules.doubles_rescue and len(dice) == 2 and dice[0] == dice[1]
    if options:
        assert after.phase is Phase.KEEP and after.throw == throw and after.current == 0
    elif rescued:
        assert (after.phase, after.current, after.dice_left, after.rescued) == (Phase.ROLL, 0, rules.dice, True)
    else:
        assert (after.phase, after.current, after.turn_points, after.scores) == (Phase.ROLL, 1, 0, (0, 0))


@SCORING
@given(rules_id=st.sampled_from(PRESET_IDS), data=st.data())
def test_every_option_scores_the_table_points(rules_id: str, data: st.DataObject) -> None:
    rules = preset(rules_id)
    throw = counts_of(data.draw(throws(rules_id)))
    options = rules.table.options(throw)
    for option in options:
        assert contains(throw, option.counts)
        assert option.points == rules.table.points(option.counts) == oracle_points(rules_id, option.counts)
        assert option.points > 0
        assert rules.table.why_not(throw, option.counts) is None
    keep = counts_of(data.draw(st.lists(st.integers(1, 6), max_size=6)))
    listed = {o.counts for o in options}
    assert (rules.table.why_not(throw, keep) is None) == (keep in listed)


# --- whole random games -----------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    seat: int
    banked: bool
    score: int
    """The seat's score after the turn."""


@dataclass
class Referee:
    """Follows a game event by event and checks each against RULES.md."""

    rules: RuleSet
    players: int
    first: int = 0
    turns: list[Turn] = field(default_factory=list)
    kept: bool = False
    """A die was kept this turn (banking needs one)."""
    last_keep_best: bool = False
    taken: int = 0
    """Points taken over by carryover this turn."""
    strict_throw: bool = False
    """The next throw is the throw of a strict carryover."""
    saved: tuple[int, bool, bool, int, bool] | None = None

    # -- snapshots for void throws --
    def _snapshot(self) -> tuple[int, bool, bool, int, bool]:
        return (len(self.turns), self.kept, self.last_keep_best, self.taken, self.strict_throw)

    def _restore(self, snap: tuple[int, bool, bool, int, bool]) -> None:
        n, self.kept, self.last_keep_best, self.taken, self.strict_throw = snap
        del self.turns[n:]

    def _end_turn(self, seat: int, banked: bool, score: int) -> None:
        self.turns.append(Turn(seat, banked, score))
        self.kept = self.last_keep_best = self.strict_throw = False
        self.taken = 0

    def observe(self, prev: State, event: Event, new: State) -> None:
        rules = self.rules
        seat = prev.current
        ended = False
        if isinstance(event, Void):
            assert self.saved is not None
            self._restore(self.saved)
            self.saved = None
            return
        self.saved = None
        assert new.events == prev.events + 1
        if isinstance(event, FirstPlayer):
            assert prev.events == 0
            self.first = event.seat
            assert new.current == event.seat
        elif isinstance(event, Carryover):
            assert prev.phase is Phase.CARRYOVER and prev.offer is not None
            if event.accept:
                self.taken = prev.offer.points
                self.strict_throw = rules.carryover == "strict"
                assert (new.turn_points, new.dice_left) == (prev.offer.points, prev.offer.dice)
            else:
                assert (new.turn_points, new.dice_left) == (0, rules.dice)
        elif isinstance(event, Roll):
            self.saved = self._snapshot()
            assert prev.phase is Phase.ROLL and len(event.dice) == prev.dice_left
            assert self.strict_throw == prev.carry_throw
            options = rules.table.options(counts_of(event.dice))
            if self.strict_throw:
                options = tuple(o for o in options if o.counts[0] or o.counts[4])
            rescued = rules.doubles_rescue and len(event.dice) == 2 and event.dice[0] == event.dice[1]
            if not options and not rescued:
                ended = True
                assert new.scores == prev.scores
                self._end_turn(seat, False, prev.scores[seat])
            elif rescued and not options:
                assert (new.dice_left, new.turn_points, new.phase) == (rules.dice, prev.turn_points, Phase.ROLL)
                self.strict_throw = False
        elif isinstance(event, Keep):
            assert prev.throw is not None
            keep = counts_of(event.dice)
            valid = {o.counts: o.points for o in throw_options(rules, prev, prev.throw)}
            assert keep in valid
            if self.strict_throw:
                assert keep[0] or keep[4], "the keep from a strict carryover throw needs a 1 or 5"
            points = oracle_points(rules.id, keep) if rules.id in PRESET_IDS else rules.table.points(keep)
            assert new.turn_points == prev.turn_points + valid[keep] == prev.turn_points + cast(int, points)
            left = prev.dice_left - size(keep)
            assert new.dice_left == (left if left else rules.dice)
            self.kept = True
            self.last_keep_best = valid[keep] == max(valid.values())
            self.strict_throw = False
        elif isinstance(event, Bank):
            ended = True
            if prev.phase is Phase.KEEP:
                # Only the bank rule of $GREED banks straight after a throw: it keeps the best selection.
                assert rules.bank_keeps_best and prev.throw is not None
                best = rules.table.best(prev.throw)
                assert best is not None
                total = prev.turn_points + best.points
                hot = best.size == prev.dice_left
            else:
                assert self.kept, "a bank needs a kept die this turn"
                total = prev.turn_points
                hot = prev.dice_left == rules.dice
                if rules.bank_keeps_best:
                    assert self.last_keep_best, "banking after a keep that was not the best"
            if rules.hot_dice == "mandatory":
                assert not hot, "banking on hot dice when they must be thrown"
            if not prev.on_board[seat]:
                own = total if rules.entry_counts_carried else total - self.taken
                assert own >= rules.entry_minimum
            assert prev.carried == self.taken
            score = prev.scores[seat] + total
            if rules.end == "must-top" and prev.final:
                assert score > max(s for i, s in enumerate(prev.scores) if i != seat), "a must-top bank must top"
            assert new.scores[seat] == score
            self._end_turn(seat, True, score)
        assert new.turn == prev.turn + (1 if ended else 0)
        for i in range(self.players):
            if i != seat:
                assert new.scores[i] == prev.scores[i]

    def check_turn_order(self, state: State) -> None:
        """Seat order, the end trigger and exactly the right final turns, from the turns alone."""
        rules, n = self.rules, self.players
        scores = [0] * n
        reached = [-1] * n
        final = False
        pending: list[int] = []
        mark: int | None = None
        for k, turn in enumerate(self.turns):
            assert not (final and not pending), "a turn was played after the game ended"
            assert turn.seat == (self.first + k) % n
            scores[turn.seat] = turn.score
            if turn.banked:
                reached[turn.seat] = k
            others = [(turn.seat + j) % n for j in range(1, n)]
            if final:
                assert pending.pop(0) == turn.seat
            if rules.end == "score-to-beat":
                if turn.banked and turn.score >= rules.target and (mark is None or turn.score > mark):
                    mark, final, pending = turn.score, True, others
            elif not final and turn.banked and turn.score >= rules.target:
                final, pending = True, others
        assert list(state.scores) == scores
        assert state.final == final
        assert list(state.owed) == pending
        over = final and not pending
        assert state.finished == over
        if over:
            top = max(scores)
            tied = [i for i in range(n) if scores[i] == top]
            if rules.end == "score-to-beat":
                first = min(reached[i] for i in tied)
                tied = [i for i in tied if reached[i] == first]
            elif rules.end == "must-top" and n > 1:
                assert len(tied) == 1, "nobody may top at a tie"
            assert list(state.winners) == tied
            assert state.high_mark == mark


def check_state(rules: RuleSet, state: State) -> None:
    """Invariants of every state."""
    assert all(s >= 0 for s in state.scores)
    for score, on in zip(state.scores, state.on_board, strict=True):
        assert on or score == 0, "a player not on the board has points"
    assert 0 <= state.current < state.players
    assert 1 <= state.dice_left <= rules.dice
    assert state.turn_points >= state.carried >= 0
    assert (state.phase is Phase.KEEP) == (state.throw is not None)
    if state.throw is not None:
        assert size(state.throw) == state.dice_left
        assert throw_options(rules, state, state.throw)
    assert (state.phase is Phase.CARRYOVER) == (state.offer is not None)
    if state.offer is not None:
        assert rules.carryover != "none"
        assert 0 < state.offer.dice < rules.dice
        assert state.offer.seat == (state.current - 1) % state.players
    assert (state.phase is Phase.OVER) == bool(state.winners)
    assert state.final or not state.owed
    if state.final and not state.finished:
        assert state.owed[0] == state.current


def garbage(rng: random.Random, state: State) -> Event:
    """A random event, mostly illegal."""
    kind = rng.randrange(9)
    if kind == 0:
        return Roll(tuple(rng.randint(0, 7) for _ in range(rng.randint(0, 7))))
    if kind == 1:
        return Roll(tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 6))))
    if kind == 2:
        return Keep(tuple(sorted(rng.randint(0, 7) for _ in range(rng.randint(0, 6)))))
    if kind == 3 and state.throw is not None:
        dice = [f for f in range(1, 7) for _ in range(state.throw[f - 1])]
        return Keep(tuple(sorted(rng.sample(dice, rng.randint(0, len(dice))))))
    if kind == 4:
        return Bank()
    if kind == 5:
        return Carryover(rng.random() < 0.5)
    if kind == 6:
        return Void(cast(VoidReason, rng.choice(["off-felt", "leaning", "sideways"])))
    if kind == 7:
        return FirstPlayer(rng.randint(-1, state.players))
    return Keep(())


def play_random_game(rules: RuleSet, players: int, seed: int, void_rate: float, garbage_rate: float) -> Game:
    rng = random.Random(seed)
    game = Game(rules, [Player(f"P{i}") for i in range(players)])
    ref = Referee(rules, players)
    rounds = game.roll_off(rng)
    if rules.first_player == "seat-order" or players == 1:
        assert rounds == [] and game.events == []
    else:
        assert game.events == [FirstPlayer(game.state.current)]
        ref.first = game.state.current
    check_state(rules, game.state)
    while not game.finished:
        assert game.state.events < MAX_EVENTS, "the game does not end"
        while rng.random() < garbage_rate:
            before, events_before = game.state, list(game.events)
            event = garbage(rng, before)
            try:
                game.apply(event)
            except IllegalAction:
                assert game.state is before and game.state == before
                assert game.events == events_before
                if isinstance(event, (Keep, Bank, Carryover)):
                    assert event not in legal_actions(rules, before)
            else:
                # A garbage event that happens to be legal is played like any other.
                if isinstance(event, (Keep, Bank, Carryover)):
                    assert event in legal_actions(rules, before)
                ref.observe(before, event, game.state)
                check_state(rules, game.state)
            if game.finished:
                break
        if game.finished:
            break
        prev = game.state
        actions = game.legal_actions()
        assert actions, "no legal action in an unfinished game"
        assert sum(isinstance(a, Throw) for a in actions) == (prev.phase is Phase.ROLL)
        for action in actions:
            if not isinstance(action, Throw):
                apply(rules, prev, action)  # every listed action is legal
        event = game.play(rng.choice(actions), rng)
        ref.observe(prev, event, game.state)
        check_state(rules, game.state)
        assert all(a >= b for a, b in zip(game.state.scores, prev.scores, strict=True)), "a score fell"
        if isinstance(event, Roll) and rng.random() < void_rate:
            rolled = game.state
            void = Void(rng.choice(["off-felt", "leaning"]))
            game.apply(void)
            ref.observe(rolled, void, game.state)
            assert game.state == replace(prev, events=prev.events + 2)
    ref.check_turn_order(game.state)
    return game


@pytest.mark.parametrize("rules_id", PRESET_IDS)
@GAMES
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(1, 5),
    target=st.sampled_from([None, 1000, 2500]),
    void_rate=st.sampled_from([0.0, 0.1, 0.3]),
    garbage_rate=st.sampled_from([0.0, 0.2, 0.5]),
)
def test_random_games_keep_every_invariant(
    rules_id: str, seed: int, players: int, target: int | None, void_rate: float, garbage_rate: float
) -> None:
    overrides = {} if target is None else {"target": target}
    rules = preset(rules_id).with_overrides(overrides)
    game = play_random_game(rules, players, seed, void_rate, garbage_rate)
    assert game.finished
    assert game.state.events == len(game.events) < MAX_EVENTS
    # The game's own record replays to the same end, also through its text.
    record = record_of(game, rules_id, overrides)
    assert replay(record).state == game.state
    assert replay(read_record(write_record(record))).state == game.state


@pytest.mark.parametrize("rules_id", PRESET_IDS)
def test_random_game_at_the_preset_target(rules_id: str) -> None:
    """One full-length game per preset at its own target (deterministic seed)."""
    rules = preset(rules_id)
    game = play_random_game(rules, 3, seed=20240601, void_rate=0.05, garbage_rate=0.1)
    assert max(game.state.scores) >= rules.target
