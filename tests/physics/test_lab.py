"""The throw laboratory, ``greed-game throws``: JSON a person can compare run to run, the same for the same seed,
and one-line errors."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from greed_game.cli import main
from greed_game.physics.lab import chi_square_p, run

KEYS = {"engine", "faces", "chi_square_p", "void_throws", "rest_seconds", "middle_share", "rail_share",
        "smallest_gap"}


def throws(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, dict[str, Any]]:
    code = main(["throws", *argv])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1, "one line of JSON"
    return out, json.loads(out)


def test_the_laboratory_prints_every_figure_and_the_same_for_the_same_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--dice", "6", "--count", "40", "--voids", "realistic")
    out, data = throws(capsys, *argv, "--seed", "3")
    assert set(data) >= KEYS
    assert data["engine"].startswith("rapier3d")
    assert set(data["faces"]) == {"1", "2", "3", "4", "5", "6"}
    assert set(data["void_throws"]) == {"cocked", "off_felt"}
    assert set(data["rest_seconds"]) == {"mean", "p90", "max"}
    voids = data["void_throws"]["cocked"] + data["void_throws"]["off_felt"]
    assert 0 <= voids < 40
    assert sum(data["faces"].values()) == 6 * (40 - voids), "the faces of every die of every clean throw count"
    assert 0 <= data["chi_square_p"] <= 1
    rest = data["rest_seconds"]
    assert 0 < rest["mean"] <= rest["max"] and rest["p90"] <= rest["max"]
    assert 0 <= data["rail_share"] <= 1 and 0 < data["middle_share"] <= 1
    assert data["smallest_gap"] is not None and data["smallest_gap"] > -0.5

    again, _ = throws(capsys, *argv, "--seed", "3")
    assert again == out
    other, _ = throws(capsys, *argv, "--seed", "4")
    assert other != out


def test_with_voids_off_no_throw_is_void(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = throws(capsys, "--dice", "6", "--count", "20", "--seed", "5", "--voids", "off")
    assert data["void_throws"] == {"cocked": 0, "off_felt": 0}
    assert sum(data["faces"].values()) == 6 * 20


@pytest.mark.parametrize(
    "argv",
    [["--voids", "sometimes"], ["--voids", ""], ["--count", "0"], ["--count", "-3"], ["--dice", "7"],
     ["--dice", "0"], ["--count", "many"]],
)
def test_a_bad_argument_is_one_line_on_stderr_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["throws", *argv])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert out == ""
    assert err.startswith("greed-game: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert argv[0] in err


def test_run_refuses_an_unknown_setting() -> None:
    with pytest.raises(ValueError, match="sometimes"):
        run(6, 1, 1, "sometimes")


def _chi_square_tail(x: float) -> float:
    """The chance a chi-square variable with five degrees of freedom exceeds ``x``, by numerical integration."""
    t = np.linspace(x, x + 400.0, 400_001)
    pdf = t**1.5 * np.exp(-t / 2) / (2**2.5 * math.gamma(2.5))
    return float(np.sum((pdf[1:] + pdf[:-1]) / 2 * np.diff(t)))


def test_chi_square_p_of_an_even_count_is_one_and_of_a_lopsided_one_tiny() -> None:
    assert chi_square_p([50] * 6) == 1.0
    assert chi_square_p([0] * 6) == 1.0
    assert chi_square_p([300, 0, 0, 0, 0, 0]) < 1e-12
    assert chi_square_p([60, 40, 40, 40, 40, 20]) < 0.01
    # between the two: the value of the chi-square distribution (x = 20, then x = 0.8)
    assert chi_square_p([20, 10, 10, 10, 10, 0]) == pytest.approx(_chi_square_tail(20.0), rel=1e-4)
    assert chi_square_p([12, 8, 10, 10, 10, 10]) == pytest.approx(_chi_square_tail(0.8), rel=1e-4)
