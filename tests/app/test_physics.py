"""Where thrown dice come to rest, from the throw laboratory's figures (asserted loosely)."""

from __future__ import annotations

from greed_game.physics.lab import run


def test_thrown_dice_rest_over_the_felt_soon_and_apart() -> None:
    """A regression that piles the dice on a rail, overlaps them or keeps them rolling fails."""
    f = run(6, 120, 3, "realistic")
    assert f["smallest_gap"] > -0.15, "resting dice overlap"
    assert f["middle_share"] > 0.25, f"only {f['middle_share']:.0%} of the dice rest in the middle of the felt"
    assert f["rail_share"] < 0.45, f"{f['rail_share']:.0%} of the dice rest against a rail"
    assert f["rest_seconds"]["p90"] < 2.0, f"throws take {f['rest_seconds']['p90']} s to come to rest"
    gentle = run(6, 120, 3, "rare")
    assert gentle["middle_share"] > f["middle_share"], "a gentle throw should end nearer the middle"
