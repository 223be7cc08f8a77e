"""Parallel scaling of the simulation runner (issue 13, item 2), pytest-benchmark.

Run for real with ``python -m pytest benchmarks/test_simulate_parallel.py
--benchmark-enable``; the figures go by hand to
``results/benchmarks/simulate_parallel.md``.  The test suite runs each case
once as a smoke test.

Optimal-policy turns (gameweave, ``at-least:full-house``) through
:func:`pokerdice_stats.games.simulations.simulate_turns` at several sizes, on one
worker (the baseline) and on the default workers, in the same run: the
default must be at least as fast as one worker at every size.
``POKERDICE_BENCH_PARALLEL_MAX`` caps the largest size (default 2**25).
"""

from __future__ import annotations

import os

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import default_workers
from pokerdice_stats.games.simulations import RunOptions, simulate_turns

GOAL = "at-least:full-house"
LARGEST = int(os.environ.get("POKERDICE_BENCH_PARALLEL_MAX", 1 << 25))
SIZES = [n for n in (10**4, 10**6, LARGEST) if n <= LARGEST]


@pytest.fixture(scope="module")
def rules():
    rules = get_rules("gameweave")
    simulate_turns(rules, GOAL, run=RunOptions(n=1000, seed=0, progress=False))  # compile
    return rules


@pytest.mark.parametrize("workers", ["one", "default"])
@pytest.mark.parametrize("n", SIZES)
def test_turns_by_workers(benchmark, rules, n, workers):
    count = 1 if workers == "one" else default_workers()
    run = RunOptions(n=n, seed=1, workers=count, progress=False)
    result = benchmark(simulate_turns, rules, GOAL, run=run)
    assert result.estimate.n == n
