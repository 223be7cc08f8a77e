"""Progressive payout and banking equilibrium timings (issue 4, item 9).

Target: the exact progressive expected payout against the optimal computer in
at most 5 s.  Run for real with
``python -m pytest benchmarks/test_payout.py --benchmark-enable``; the
regular suite runs each once as a smoke test.  Every benchmark starts from
cold caches (the strategy cache and the payout-matrix cache are cleared in
the setup) so a round measures the whole computation.
"""

from __future__ import annotations

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.blind import simple_strategies as strategies
from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium
from pokerdice_stats.games.progressive.exact import schedule
from pokerdice_stats.games.progressive.exact.payout import expected_payout

PROGRESSIVE = get_rules("progressive")
BANKING = get_rules("banking")


def _cold():
    strategies.clear_cache()
    schedule.category_payout.cache_clear()
    schedule.integer_payout.cache_clear()
    return (), {}


@pytest.fixture(scope="module", autouse=True)
def _warm_numba():
    expected_payout(get_rules("progressive", {"throws": 2}), computer="stand")


def test_progressive_optimal_computer_seen(benchmark):
    result = benchmark.pedantic(
        lambda: expected_payout(PROGRESSIVE, computer="optimal"), setup=_cold, rounds=10
    )
    assert result.expected is not None


def test_progressive_stand_seen(benchmark):
    result = benchmark.pedantic(
        lambda: expected_payout(PROGRESSIVE, computer="stand"), setup=_cold, rounds=10
    )
    assert result.expected > 0


def test_progressive_blind_equilibrium(benchmark):
    result = benchmark.pedantic(
        lambda: expected_payout(PROGRESSIVE, computer="optimal", knowledge="blind"),
        setup=_cold,
        rounds=3,
    )
    assert result.equilibrium.converged


def test_banking_equilibrium(benchmark):
    eq = benchmark.pedantic(lambda: banking_equilibrium(BANKING), setup=_cold, rounds=3)
    assert eq.converged


def test_reference_brute_force_optimal_computer(benchmark):
    """Baseline for the ratio: the plain-Python brute force of ``tests/reference_payout.py``."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import reference_payout

    throws = PROGRESSIVE.throws if benchmark.enabled else 1
    player, _ = benchmark.pedantic(
        lambda: reference_payout.seen_payout_optimal_computer(throws), rounds=1
    )
    if throws == PROGRESSIVE.throws:
        assert player == expected_payout(PROGRESSIVE, computer="optimal").expected
