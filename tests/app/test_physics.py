"""The dice world: where thrown dice come to rest."""

from __future__ import annotations


def test_thrown_dice_rest_spread_over_the_felt_and_apart() -> None:
    """The benchmark's figures (benchmarks/bench_throw.py), asserted loosely: a regression to the rail fails."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_throw import figures

    f = figures(120, seed=3)
    assert f["min_gap"] > 0 and f["overlapping_throws"] == 0, "resting dice overlap"
    assert f["middle"] > 0.40, f"only {f['middle']:.0%} of the dice rest in the middle of the felt"
    assert f["rail"] < 0.15, f"{f['rail']:.0%} of the dice rest against a rail"
    assert f["p90_seconds"] < 2.0, f"throws take {f['p90_seconds']:.2f} s to come to rest"
