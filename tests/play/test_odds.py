"""The hint's figures and words, from the solver (``greed_game.play.odds``)."""

from __future__ import annotations

from greed_game.narrator import Narrator
from greed_game.play.odds import hint_lines
from greed_game.presets import preset
from greed_game.rules import FirstPlayer, Game, Player, Roll


def test_the_hint_never_offers_one_choice_twice() -> None:
    """Under $GREED a bank keeps the scoring dice itself: "bank 600, keeping three 4s and the 1" and "keep three
    4s and the 1, then bank 600" are one choice, and were two of the hint's three lines."""
    rules = preset("dollar-greed")
    game = Game(rules, [Player("Tess"), Player("Ada", "expert")])
    game.apply(FirstPlayer(0))
    game.apply(Roll((4, 4, 6, 4, 2, 1)))
    lines, keep = hint_lines(rules, game.state, Narrator(rules, "pips"))
    texts = [line.text for line in lines]
    assert "Bank 500, keeping the 1 and three 4s" in texts
    assert not any("then bank" in t for t in texts), texts
    assert sum(t.startswith("Keep") for t in texts) == 2, "a third choice takes the line freed"
    assert keep == (1, 4, 4, 4)
