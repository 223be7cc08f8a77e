"""Benchmarks of betting sessions (001) against seen triple-snakes rounds (pytest-benchmark).

Run for real with ``python -m pytest benchmarks/test_betting_sessions.py --benchmark-enable``;
the figures go by hand to ``results/benchmarks/betting_sessions.md``.  The test
suite runs each benchmark once as a smoke test (``--benchmark-disable``).

Measured in the same run, all on 2 threads, about ``N`` rounds a call:

- seen triple-snakes rounds of two seats under the optimal play (``simulate_rounds``),
  the baseline: the same dice and turns without chips or bets;
- two-seat betting sessions of 1,000 rounds from 1,000 chips (``N / 1000`` sessions;
  rounds a second count the rounds played);
- five-seat betting sessions of 1,000 rounds from 1,000 chips.

``POKERDICE_BENCH_ROUNDS`` sets ``N`` (default 2**20).
"""

from __future__ import annotations

import os

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds

N_ROUNDS = int(os.environ.get("POKERDICE_BENCH_ROUNDS", 1 << 20))
SESSION_ROUNDS = 1_000
START = 1_000
SNAKES = get_rules("triple-snakes")


@pytest.fixture(scope="module", autouse=True)
def _warm():
    run = RunOptions(n=300, seed=0, progress=False)
    simulate_rounds(SNAKES, 2, run=run)
    for players in (2, 5):  # solve and compile outside the timings
        simulate_betting_sessions(SNAKES, players, 50, START, run=run)


def test_seen_rounds(benchmark):
    benchmark.extra_info["rounds"] = N_ROUNDS
    result = benchmark.pedantic(
        simulate_rounds,
        args=(SNAKES, 2),
        kwargs={"run": RunOptions(n=N_ROUNDS, seed=1, workers=2, progress=False)},
        rounds=5,
        iterations=1,
    )
    assert result.n == N_ROUNDS


@pytest.mark.parametrize("players", [2, 5])
def test_betting_session_rounds(benchmark, players):
    n = max(N_ROUNDS // SESSION_ROUNDS, 1)
    result = benchmark.pedantic(
        simulate_betting_sessions,
        args=(SNAKES, players, SESSION_ROUNDS, START),
        kwargs={"run": RunOptions(n=n, seed=1, workers=2, progress=False)},
        rounds=5,
        iterations=1,
    )
    benchmark.extra_info["rounds"] = result.rounds_played
    assert 0.5 * n * SESSION_ROUNDS < result.rounds_played <= n * SESSION_ROUNDS
