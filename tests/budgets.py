"""How hard the robustness tests push: a quick budget by default, the large one for the robustness step.

``GREED_ROBUST=1`` selects the large budgets (CI's second step, and anyone who
wants the full run: see the README); without it the same tests run with small
budgets, so the first test run of a fresh clone stays about a minute long.
Each budget can also be set on its own, ``GREED_BUDGET_<NAME>=N`` (for
instance ``GREED_BUDGET_KILLS=5000``), for a longer hunt.
"""

from __future__ import annotations

import os

ROBUST = os.environ.get("GREED_ROBUST", "") == "1"

ROBUST_BUDGETS = {"kills": 1000, "soak_games": 5000, "monkey_events": 100_000, "fuzz_cases": 1500,
                  "fuzz_rules_cases": 2500}
"""The robustness step's budgets: at least 1,000 kills, 5,000 games, 100,000 events and 10,000 fuzz cases
(five fuzz tests of 1,500 and the rules files' of 2,500)."""


def budget(name: str, quick: int) -> int:
    """``GREED_BUDGET_<NAME>`` if set, else the robust budget under ``GREED_ROBUST=1``, else ``quick``."""
    own = os.environ.get(f"GREED_BUDGET_{name.upper()}", "")
    if own.isascii() and own.isdigit():
        return int(own)
    return ROBUST_BUDGETS[name] if ROBUST else quick
