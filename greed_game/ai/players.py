"""The computer levels."""

from __future__ import annotations

from dataclasses import dataclass

from greed_game.rules import Action, Bank, Carryover, Keep, RuleSet, State, Throw, legal_actions


@dataclass
class Threshold:
    """Keeps the best-scoring dice and banks once the turn reaches ``bank_at`` points."""

    level: str
    bank_at: int
    min_dice: int

    def choose(self, rules: RuleSet, state: State) -> Action:
        """Take carryovers worth it, keep the best, bank at the threshold or when few dice remain."""
        actions = legal_actions(rules, state)
        if Carryover(True) in actions:
            offer = state.offer
            assert offer is not None
            return Carryover(offer.dice >= self.min_dice or offer.points >= self.bank_at)
        keeps = [a for a in actions if isinstance(a, Keep)]
        if keeps:
            if Bank() in actions and state.turn_points >= self.bank_at:
                return Bank()
            return keeps[0]
        if Bank() in actions and (state.turn_points >= self.bank_at or state.dice_left < self.min_dice):
            return Bank()
        return next(a for a in actions if isinstance(a, Throw))


def make_strategy(level: str, rules: RuleSet) -> Threshold:
    """Build the strategy called ``level``."""
    if level == "cautious":
        return Threshold("cautious", bank_at=max(300, rules.entry_minimum), min_dice=3)
    if level == "bold":
        return Threshold("bold", bank_at=max(1000, rules.entry_minimum), min_dice=2)
    raise ValueError(f"unknown computer level {level!r}")
