"""Betting-round timings (issue 10, item 1): a 5-seat betting round under 10 s; issue 24:
001's round as written (seat 1 naming an ante of 1 to 3, entry, raises of 1 to 3 chips)
for 5 seats under 10 s.

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
from pokerdice_stats.games.betting.exact.table import solve_table
from pokerdice_stats.games.seen.exact import rounds
from pokerdice_stats.games.seen.exact.rounds import solve_round

SNAKES = get_rules("triple-snakes")


def _cold():
    betting._solve_cached.cache_clear()
    betting._solve_shared.cache_clear()
    betting._shared_states.cache_clear()
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


def test_table_5_seats_ante_max_3_raise_max_3_exact(benchmark):
    """Issue 24: ante 1..3 named by seat 1, entry, raises of 1..3 chips: the rounds of 2 to 5
    seats at every ante, exact (as ``betting --players 5 --ante-max 3 --raise-max 3``)."""
    result = benchmark.pedantic(
        lambda: solve_table(SNAKES, 5, ante_max=3, raise_max=3), setup=_cold, rounds=1
    )
    assert result.exact and result.all_in().seats_in == (1, 2, 3, 4, 5)
