"""Blind banking equilibria of N seats (issue 9): N = 2 under 1 s, N = 5 under 30 s.

Run for real with ``python -m pytest benchmarks/test_banking.py --benchmark-enable``;
the regular suite runs each once as a smoke test.  Every round starts from
cold caches (the equilibrium cache and the strategy cache are cleared in the
setup), so a round measures the whole computation, certification included.
The baseline of the same run is the two-player double oracle of
:func:`pokerdice_stats.games.banking.exact.two_seats.banking_equilibrium`.
"""

from __future__ import annotations

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.blind import simple_strategies as strategies
from pokerdice_stats.games.banking.exact import field as banking_field
from pokerdice_stats.games.banking.exact.field import solve_field
from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium

BANKING = get_rules("banking")


def _cold():
    strategies._cached.cache_clear()
    banking_field._solve_cached.cache_clear()
    return (), {}


@pytest.fixture(scope="module", autouse=True)
def _warm_numba():
    solve_field(get_rules("banking", {"throws": 2}), 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_field_equilibrium(benchmark, players):
    eq = benchmark.pedantic(lambda: solve_field(BANKING, players), setup=_cold, rounds=5)
    assert eq.converged


def test_two_player_equilibrium_baseline(benchmark):
    eq = benchmark.pedantic(lambda: banking_equilibrium(BANKING), setup=_cold, rounds=5)
    assert eq.converged
