"""Betting-round timings (issue 10, item 1): a 5-seat betting round under 10 s.

Run for real with ``python -m pytest benchmarks/test_betting.py --benchmark-enable``;
the regular suite runs each once as a smoke test.  Every round starts from cold
caches (the betting and round caches are cleared in the setup; numba kernels
already compiled).  The baseline is the 5-seat must-beat round of
``games.rounds`` (the same seats and throws without chips), timed in the same run.
"""

from __future__ import annotations

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.exact import solve as betting
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.seen.exact import rounds
from pokerdice_stats.games.seen.exact.rounds import solve_round

SNAKES = get_rules("triple-snakes")


def _cold():
    betting._solve_cached.cache_clear()
    rounds._solve_cached.cache_clear()
    return (), {}


@pytest.fixture(scope="module", autouse=True)
def _warm_numba():
    solve_betting(get_rules("triple-snakes", {"throws": 2}), 2, exact=False)


def test_betting_5_seats_exact(benchmark):
    result = benchmark.pedantic(lambda: solve_betting(SNAKES, 5), setup=_cold, rounds=3)
    assert result.exact and sum(result.ev) == 0


def test_betting_5_seats_floats(benchmark):
    result = benchmark.pedantic(
        lambda: solve_betting(SNAKES, 5, exact=False), setup=_cold, rounds=5
    )
    assert abs(sum(result.ev)) < 1e-12


def test_betting_5_seats_two_raises_exact(benchmark):
    result = benchmark.pedantic(lambda: solve_betting(SNAKES, 5, raises=2), setup=_cold, rounds=1)
    assert sum(result.ev) == 0


def test_round_5_seats_exact_baseline(benchmark):
    result = benchmark.pedantic(lambda: solve_round(SNAKES, 5, exact=True), setup=_cold, rounds=3)
    assert sum(result.win) == 1
