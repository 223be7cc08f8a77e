"""Benchmarks of blind banking sessions against blind banking rounds (pytest-benchmark).

Run for real with ``python -m pytest benchmarks/test_banking_sessions.py --benchmark-enable``;
the figures go by hand to ``results/benchmarks/banking_sessions.md``.  The test
suite runs each benchmark once as a smoke test (``--benchmark-disable``).

Measured in the same run, all on 2 threads, about ``N`` rounds a call:

- blind banking rounds of two seats playing the equilibrium (``simulate_rounds``),
  the baseline: issue 9 asks session rounds to be at least as fast;
- two-seat banking sessions of 1,000 rounds from 1,000 points, ante 10
  (``N / 1000`` sessions; a seat is rarely out this early, so nearly every
  session plays all its rounds: rounds a second count the rounds played);
- five-seat banking sessions of 1,000 rounds (five turns a round, and seats out).

``POKERDICE_BENCH_ROUNDS`` sets ``N`` (default 2**21).
"""

from __future__ import annotations

import os

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds

N_ROUNDS = int(os.environ.get("POKERDICE_BENCH_ROUNDS", 1 << 21))
SESSION_ROUNDS = 1_000
BANKING = get_rules("banking")


@pytest.fixture(scope="module", autouse=True)
def _warm():
    run = RunOptions(n=300, seed=0, progress=False)
    simulate_rounds(BANKING, 2, knowledge="blind", run=run)
    for players in (2, 5):  # solve and compile outside the timings
        simulate_banking_sessions(BANKING, players, 50, run=run)


def test_blind_rounds(benchmark):
    benchmark.extra_info["rounds"] = N_ROUNDS
    result = benchmark.pedantic(
        simulate_rounds,
        args=(BANKING, 2),
        kwargs={
            "knowledge": "blind",
            "run": RunOptions(n=N_ROUNDS, seed=1, workers=2, progress=False),
        },
        rounds=5,
        iterations=1,
    )
    assert result.n == N_ROUNDS


@pytest.mark.parametrize("players", [2, 5])
def test_session_rounds(benchmark, players):
    n = max(N_ROUNDS // SESSION_ROUNDS, 1)
    result = benchmark.pedantic(
        simulate_banking_sessions,
        args=(BANKING, players, SESSION_ROUNDS),
        kwargs={"run": RunOptions(n=n, seed=1, workers=2, progress=False)},
        rounds=5,
        iterations=1,
    )
    benchmark.extra_info["rounds"] = result.rounds_played
    assert 0.5 * n * SESSION_ROUNDS < result.rounds_played <= n * SESSION_ROUNDS
