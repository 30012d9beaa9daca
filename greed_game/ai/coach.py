"""The coach: each decision of a two-player game against the exact chance of winning.

For every choice a player made (a keep with the throw or bank after it, a bank
straight from a throw, an answer to a carryover offer) the review asks the exact
win solution (:mod:`greed_game.ai.win`) what each alternative was worth and
records what the choice made cost. Forced moves (a throw that was the only
thing to do) are not decisions. Words are left to the narrator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from greed_game.ai.optimal import Optimal, win_advice
from greed_game.ai.progress import report
from greed_game.rules import Bank, Carryover, Event, Game, Keep, Phase, Player, RuleSet, State
from greed_game.rules.game import Action

ACCURATE = 0.001
"""A decision within this much win chance of the best counts as accurate (ties and rounding aside)."""


@dataclass(frozen=True)
class Decision:
    """One choice: the event that made it, the position before it, what was chosen and what was best."""

    event: int
    """Index of the event that made the choice (the keep of a keep-and-throw)."""
    seat: int
    state: State
    chosen: tuple[Action, ...]
    chosen_value: float
    best: tuple[Action, ...]
    best_value: float

    @property
    def lost(self) -> float:
        """Win chance given away by the choice (0 for the best one)."""
        return max(0.0, self.best_value - self.chosen_value)


@dataclass(frozen=True)
class Review:
    """Every decision of a game, in order."""

    decisions: tuple[Decision, ...]

    def of(self, seat: int) -> list[Decision]:
        """The decisions of one seat."""
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        """The share of the seat's decisions within :data:`ACCURATE` of the best (None without decisions)."""
        mine = self.of(seat)
        return sum(d.lost < ACCURATE for d in mine) / len(mine) if mine else None

    def worst(self, seat: int, count: int = 5) -> list[Decision]:
        """The seat's costliest decisions that lost anything, costliest first."""
        lost = [d for d in self.of(seat) if d.lost >= ACCURATE]
        return sorted(lost, key=lambda d: (-d.lost, d.event))[:count]


def _chosen(state: State, event: Event, after: Event | None) -> tuple[Action, ...] | None:
    """The choice an event made (with the event after it for a keep), or None when it was no decision."""
    if state.phase is Phase.CARRYOVER and isinstance(event, Carryover):
        return (Carryover(event.accept),)
    if state.phase is not Phase.KEEP:
        return None  # a throw at a turn's start or after a keep: forced, or counted with the keep
    if isinstance(event, Bank):
        return (Bank(),)
    if isinstance(event, Keep):
        keep = Keep(tuple(sorted(event.dice)))
        # Kept and banked, or kept and thrown on (matched by the keep alone: the throw's count follows from it).
        return (keep, Bank()) if isinstance(after, Bank) else (keep,)
    return None


Option = tuple[tuple[Action, ...], float]


def _match(chosen: tuple[Action, ...], options: Sequence[Option]) -> Option | None:
    """The option that is ``chosen`` (a lone keep stands for keep-and-throw)."""
    for actions, value in options:
        if actions == chosen:
            return actions, value
        lone_keep = len(chosen) == 1 and isinstance(chosen[0], Keep)
        if lone_keep and len(actions) == 2 and actions[0] == chosen[0] and not isinstance(actions[1], Bank):
            return actions, value
    return None


def review(rules: RuleSet, players: Sequence[Player], events: Sequence[Event], player: Optimal | None = None) -> Review:
    """Replay ``events`` and judge every decision of every seat against the exact win solution.

    Two players only: with more, no exact solution exists (a :class:`ValueError` says so).
    """
    if len(players) != 2:
        raise ValueError(f"a review needs a two-player game (this one has {len(players)} players)")
    me = player if player is not None else Optimal(rules)
    game = Game(rules, list(players))
    found: list[Decision] = []
    for i, event in enumerate(events):
        report("review", i / max(1, len(events)))
        state = game.state
        after = events[i + 1] if i + 1 < len(events) else None
        chosen = _chosen(state, event, after)
        if chosen is not None and not state.finished:
            advice = win_advice(rules, state, me)
            options = [(tuple(c.actions), c.value) for c in advice.choices]
            match = _match(chosen, options)
            if match is not None and len(options) > 1:
                (best_actions, best_value), (actions, value) = options[0], match
                found.append(Decision(i, state.current, state, actions, value, best_actions, best_value))
        game.apply(event)
    return Review(tuple(found))


__all__ = ["ACCURATE", "Decision", "Review", "review"]
