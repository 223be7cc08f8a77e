"""The hold program on the numpy twins against the numba kernels (issue 12).

The quick commands solve a few goals on the numpy twins
(:mod:`pokerdice_stats.kernels.numpy_reroll`) to avoid importing numba (about
0.4 s); this measures what that costs per solve, batch by batch, so that
:data:`pokerdice_stats.turn.induction.QUICK_GOALS` can be read against it: below it
the twins' extra time per solve must stay far under the cost of loading numba.

Run for real with ``python -m pytest benchmarks/test_twins.py --benchmark-enable``;
the suite runs each once as a smoke test.
"""

from __future__ import annotations

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.turn import induction
from pokerdice_stats.turn.goals import beat_all
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve

RULES = get_rules("gameweave")
GOALS = beat_all(hand_table(RULES))


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
@pytest.mark.parametrize("n_goals", [1, 16, 64])
@pytest.mark.parametrize("path", ["numpy", "numba"])
def test_solve(benchmark, path, n_goals, exact):
    goals = GOALS[:n_goals]
    with induction.quick_limit(10**9 if path == "numpy" else -1):
        policy = solve(RULES, goals, exact=exact)  # warm (numba loads its cache once)
        result = benchmark(lambda: solve(RULES, goals, exact=exact).final_distribution())
    assert result[0].shape == (n_goals, 252)
    assert len(policy.values()) == n_goals
