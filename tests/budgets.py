"""How hard the robustness tests push: a quick budget by default, the large one for the robustness step.

``GREED_ROBUST=1`` selects the large budgets (CI's second step, and anyone who
wants the full run: see the README); without it the same tests run with small
budgets, so the first test run of a fresh clone stays about a minute long.
"""

from __future__ import annotations

import os

ROBUST = os.environ.get("GREED_ROBUST", "") == "1"


def budget(quick: int, robust: int) -> int:
    """``robust`` under ``GREED_ROBUST=1``, else ``quick``."""
    return robust if ROBUST else quick
