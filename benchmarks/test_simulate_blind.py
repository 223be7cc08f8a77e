"""Benchmarks of blind banking rounds (pytest-benchmark).

Run for real with ``python -m pytest benchmarks/test_simulate_blind.py --benchmark-enable``;
the figures go by hand to ``results/benchmarks/simulate_blind.md``.  The test
suite runs each benchmark once as a smoke test (``--benchmark-disable``).

Measured in the same run, all on 2 threads, ``N`` rounds a call:

- blind banking rounds, both seats playing the equilibrium (a pure strategy
  under the banking preset: no draw of a strategy);
- blind banking rounds under sticky holds, whose equilibrium mixes three pure
  strategies (one 64-bit draw a seat a round to pick one);
- banking rounds in which the second seat sees the first's hand (the
  ``seen`` kernel): the baseline the blind kernel should keep up with;
- turns of the banking equilibrium's pure strategy (``2 N`` turns: a blind
  round is two turns and a comparison).

``POKERDICE_BENCH_ROUNDS`` sets ``N`` (default 2**21).
"""

from __future__ import annotations

import os

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import run_job
from pokerdice_stats.engines.simulation.turns import TurnJob
from pokerdice_stats.games.banking.simulation.seats import blind_equilibrium
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds

N_ROUNDS = int(os.environ.get("POKERDICE_BENCH_ROUNDS", 1 << 21))
BANKING = get_rules("banking")
STICKY = get_rules("banking", {"sticky_holds": "true"})


@pytest.fixture(scope="module", autouse=True)
def _warm():
    for rules in (BANKING, STICKY):  # solve and compile outside the timings
        for knowledge in ("blind", "seen"):
            simulate_rounds(
                rules, 2, knowledge=knowledge, run=RunOptions(n=1000, seed=0, progress=False)
            )


@pytest.mark.parametrize(
    ("label", "rules", "knowledge"),
    [
        ("blind", BANKING, "blind"),
        ("blind-sticky-mixture", STICKY, "blind"),
        ("seen", BANKING, "seen"),
    ],
)
def test_banking_rounds(benchmark, label, rules, knowledge):
    benchmark.extra_info["samples"] = N_ROUNDS
    benchmark.extra_info["threads"] = 2
    result = benchmark.pedantic(
        simulate_rounds,
        args=(rules, 2),
        kwargs={
            "knowledge": knowledge,
            "run": RunOptions(n=N_ROUNDS, seed=1, workers=2, progress=False),
        },
        rounds=5,
        iterations=1,
    )
    assert result.knowledge == knowledge
    assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)


def test_equilibrium_turns(benchmark):
    """Turns of the banking equilibrium's pure strategy through the turn kernel."""
    eq = blind_equilibrium(BANKING)
    [i] = eq.first.support()
    job = TurnJob(eq.first.keeps[i][None], BANKING.throws - 1, False)
    n = 2 * N_ROUNDS
    benchmark.extra_info["samples"] = n
    benchmark.extra_info["threads"] = 2
    run = benchmark.pedantic(
        run_job,
        args=(job, RunOptions(n=n, seed=1, workers=2, progress=False), n),
        rounds=5,
        iterations=1,
    )
    assert int(run.totals["final_hands"].sum()) == n
