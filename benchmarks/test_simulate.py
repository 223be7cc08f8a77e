"""Benchmarks of the Monte Carlo engine (pytest-benchmark).

Run for real with ``python benchmarks/simulate_results.py`` (which also writes
``results/benchmarks/simulate.md``) or
``python -m pytest benchmarks/test_simulate.py --benchmark-enable``.  The test
suite runs each benchmark once as a smoke test (``--benchmark-disable``).

Measured in the same run:

- optimal-policy turns (gameweave, goal ``at-least:full-house``, three throws)
  through :func:`pokerdice_stats.games.simulations.simulate_turns` on 2 threads and on
  1 thread: the target is 20 million turns a second on 2 cores;
- a plain-Python simulator of the same turns (``random.Random``, one die at a
  time, the policy read from a dict): the baseline;
- the raw generator: 64-bit xoshiro256** outputs, and throws of five dice
  (one number below 7,776 from half an output), in one thread;
- for scale, three-player gameweave rounds under optimal play (roll-offs
  included), on 2 threads.

``POKERDICE_BENCH_TURNS`` sets the turns of a kernel call (default 2**24).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import chunk_state
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds, simulate_turns
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.simulation import rng
from pokerdice_stats.turn.goals import parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve

N_TURNS = int(os.environ.get("POKERDICE_BENCH_TURNS", 1 << 24))
N_PLAIN = int(os.environ.get("POKERDICE_BENCH_PLAIN", 20_000))
N_RAW = 1 << 26
GOAL = "at-least:full-house"


@pytest.fixture(scope="module")
def rules():
    rules = get_rules("gameweave")
    # Compile outside the timings.
    simulate_turns(rules, GOAL, run=RunOptions(n=1000, seed=0, progress=False))
    return rules


@pytest.mark.parametrize("threads", [2, 1])
def test_optimal_turns(benchmark, rules, threads):
    benchmark.extra_info["samples"] = N_TURNS
    benchmark.extra_info["threads"] = threads
    result = benchmark.pedantic(
        simulate_turns,
        args=(rules, GOAL),
        kwargs={"run": RunOptions(n=N_TURNS, seed=1, workers=threads, progress=False)},
        rounds=5,
        iterations=1,
    )
    assert result.estimate.n == N_TURNS
    assert abs(result.estimate.estimate - 0.5191) < 0.002


def test_optimal_rounds(benchmark, rules):
    """Three-player gameweave rounds (later seats see the earlier hands; roll-offs), 2 threads."""
    n = N_TURNS // 32
    simulate_rounds(
        rules, 3, run=RunOptions(n=1000, seed=0, progress=False)
    )  # solve and compile first
    benchmark.extra_info["samples"] = n
    benchmark.extra_info["threads"] = 2
    result = benchmark.pedantic(
        simulate_rounds,
        args=(rules, 3),
        kwargs={"run": RunOptions(n=n, seed=1, workers=2, progress=False)},
        rounds=3,
        iterations=1,
    )
    assert sum(e.estimate for e in result.seats) == pytest.approx(1.0)


def plain_turns(policy: dict, n: int, seed: int) -> int:
    """Plain Python: ``n`` turns, dice one at a time; returns the turns that reached the goal."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(n):
        hand = tuple(sorted(rng.randrange(6) for _ in range(5)))
        for left in (2, 1):
            kept = policy[hand, left]
            if kept == hand:
                break
            hand = tuple(sorted(kept + tuple(rng.randrange(6) for _ in range(5 - len(kept)))))
        hits += policy[hand, "goal"]
    return hits


@pytest.fixture(scope="module")
def policy_dict(rules):
    goal = parse_goal(GOAL, hand_table(rules))
    solved = solve(rules, goal)
    policy = {}
    for h in range(ix.N_HANDS):
        hand = tuple(sorted(ix.ranks_of_counts(ix.HAND_COUNTS[h])))
        for left in (2, 1):
            keep = solved.best_keep(h, left)
            policy[hand, left] = tuple(sorted(ix.ranks_of_counts(ix.KEEP_COUNTS[keep])))
        policy[hand, "goal"] = int(goal.numerators[h])
    return policy


def test_plain_python_turns(benchmark, policy_dict):
    benchmark.extra_info["samples"] = N_PLAIN
    benchmark.extra_info["threads"] = 1
    hits = benchmark.pedantic(plain_turns, args=(policy_dict, N_PLAIN, 1), rounds=3, iterations=1)
    assert abs(hits / N_PLAIN - 0.5191) < 0.05


def plain_xoshiro(words: list[int], n: int) -> list[int]:
    """``n`` outputs of xoshiro256** from the state ``words``, in Python integers."""
    mask = (1 << 64) - 1
    s = list(words)

    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & mask

    out = []
    for _ in range(n):
        out.append(rotl((s[1] * 5) & mask, 7) * 9 & mask)
        t = (s[1] << 17) & mask
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


def test_raw_generator(benchmark):
    """64-bit outputs of one chunk's generator; the first 4,096 (from the same seed) equal
    plain-Python xoshiro256**."""
    rng.raw_u64_xor(chunk_state(1, 0), 10)  # compile
    benchmark.extra_info["samples"] = N_RAW
    benchmark.extra_info["threads"] = 1
    benchmark.pedantic(
        rng.raw_u64_xor, setup=lambda: ((chunk_state(1, 0), N_RAW), {}), rounds=5, iterations=1
    )
    words = [int(w) for w in chunk_state(1, 0)[:4]]
    expected = 0
    for x in plain_xoshiro(words, 4096):
        expected ^= x
    assert int(rng.raw_u64_xor(chunk_state(1, 0), 4096)) == expected


def test_raw_throws(benchmark):
    state = chunk_state(1, 0)
    out = np.empty(N_RAW // 4, dtype=np.int64)
    rng.throw_codes(state, 10, out)
    benchmark.extra_info["samples"] = N_RAW // 4
    benchmark.extra_info["threads"] = 1
    benchmark.pedantic(rng.throw_codes, args=(state, N_RAW // 4, out), rounds=5, iterations=1)
    assert 0 <= out.min() and out.max() < 7776
