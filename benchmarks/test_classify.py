"""Benchmarks of the hand classifier (pytest-benchmark).

Run for real with ``python benchmarks/classify_results.py`` (which also writes
``results/benchmarks/classify.md``) or
``python -m pytest benchmarks/test_classify.py --benchmark-enable``.  The test
suite runs each benchmark once as a smoke test (``--benchmark-disable``).

Baselines, measured in the same run:

- a plain-Python classifier (``Counter`` over the dice, the standard ladder with
  full tie-breaks) on a sample of the same throws: throughput per throw;
- ``np.copyto`` of the same input array into a preallocated one: the memory-bound
  limit of any pass over the batch.

The batch has ``POKERDICE_BENCH_N`` throws (default 10 million).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter

import numba
import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.turn.hands import hand_table

N_THROWS = int(os.environ.get("POKERDICE_BENCH_N", 10_000_000))
N_SAMPLE = int(os.environ.get("POKERDICE_BENCH_SAMPLE", 20_000))
SEED = 20261202


@pytest.fixture(scope="module")
def table():
    table = hand_table(get_rules("gameweave"))
    table.classify(np.zeros((1, 5), dtype=np.uint8))  # compile outside the timings
    table.classify(np.zeros(1, dtype=np.int16))
    return table


@pytest.fixture(scope="module")
def ranks():
    """N x 5 random face ranks (uint8)."""
    return np.random.default_rng(SEED).integers(0, 6, size=(N_THROWS, 5), dtype=np.uint8)


@pytest.fixture(scope="module")
def codes(ranks):
    """The same throws as codes 0..7775 (int16, the smallest type that holds them)."""
    weights = 6 ** np.arange(5, dtype=np.int16)
    return (ranks.astype(np.int16) * weights).sum(axis=1, dtype=np.int16)


def outputs(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    out = (np.empty(n, np.int16), np.empty(n, np.int8), np.empty(n, np.int16))
    for a in out:
        a.fill(0)  # touch the pages, as the copy's destination is touched
    return out


# ---------------------------------------------------------------------------
# The plain-Python baseline: what one would write without numba.

LADDER = ("high-die", "one-pair", "two-pair", "three-of-a-kind", "straight", "full-house")
LADDER += ("four-of-a-kind", "five-of-a-kind")


def python_classify(throw) -> tuple[int, tuple[int, ...]]:
    """Category (0 lowest) and tie-break of five ranks, standard ladder, full tie-breaks."""
    counts = Counter(throw)
    shape = sorted(counts.values(), reverse=True)
    order = tuple(sorted(throw, key=lambda r: (counts[r], r), reverse=True))
    if shape == [5]:
        name = "five-of-a-kind"
    elif shape == [4, 1]:
        name = "four-of-a-kind"
    elif shape == [3, 2]:
        name = "full-house"
    elif len(counts) == 5 and max(throw) - min(throw) == 4:
        name = "straight"
    elif shape == [3, 1, 1]:
        name = "three-of-a-kind"
    elif shape == [2, 2, 1]:
        name = "two-pair"
    elif shape == [2, 1, 1, 1]:
        name = "one-pair"
    else:
        name = "high-die"
    return LADDER.index(name), order


def python_classify_all(throws: list) -> list:
    return [python_classify(t) for t in throws]


# ---------------------------------------------------------------------------


def test_python_baseline_agrees(table, ranks):
    sample = ranks[:2000]
    _, category, strength = table.classify(sample)
    keys = [python_classify(tuple(int(r) for r in row)) for row in sample]
    n_cat = len(table.rules.categories)
    assert [n_cat - 1 - k[0] for k in keys] == category.tolist()
    # The same order on the sample: sorting by key sorts by strength.
    order = sorted(range(len(keys)), key=keys.__getitem__)
    assert np.all(np.diff(strength[order]) >= 0)


def test_python_sample(benchmark, ranks):
    sample = [tuple(int(r) for r in row) for row in ranks[:N_SAMPLE]]
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(sample)
    result = benchmark(python_classify_all, sample)
    assert len(result) == len(sample)


def test_classify_ranks(benchmark, table, ranks):
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(ranks)
    hand, _, _ = benchmark(table.classify, ranks)
    assert hand.shape == (len(ranks),)


def test_classify_ranks_into(benchmark, table, ranks):
    out = outputs(len(ranks))
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(ranks)
    benchmark(table.classify, ranks, out=out)
    assert out[0].max() <= 251


def test_classify_ranks_one_thread(benchmark, table, ranks):
    out = outputs(len(ranks))
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(ranks)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        benchmark(table.classify, ranks, out=out)
    finally:
        numba.set_num_threads(threads)
    assert out[0].max() <= 251


def test_copy_ranks(benchmark, ranks):
    dst = np.zeros_like(ranks)
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(ranks)
    benchmark(np.copyto, dst, ranks)
    assert np.array_equal(dst[:100], ranks[:100])


def test_classify_codes(benchmark, table, codes):
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(codes)
    hand, _, _ = benchmark(table.classify, codes)
    assert hand.shape == (len(codes),)


def test_classify_codes_into(benchmark, table, codes):
    out = outputs(len(codes))
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(codes)
    benchmark(table.classify, codes, out=out)
    assert out[0].max() <= 251


def test_copy_codes(benchmark, codes):
    dst = np.zeros_like(codes)
    benchmark.group = "classify"
    benchmark.extra_info["throws"] = len(codes)
    benchmark(np.copyto, dst, codes)
    assert np.array_equal(dst[:100], codes[:100])


def test_classify_all_7776(benchmark, table):
    every = np.arange(7776, dtype=np.int16)
    benchmark.group = "all throws"
    benchmark.extra_info["throws"] = 7776
    _, category, _ = benchmark(table.classify, every)
    assert np.bincount(category).sum() == 7776


def test_classify_all_7776_ranks(benchmark, table):
    every = ((np.arange(7776)[:, None] // 6 ** np.arange(5)) % 6).astype(np.uint8)
    benchmark.group = "all throws"
    benchmark.extra_info["throws"] = 7776
    _, category, _ = benchmark(table.classify, every)
    assert np.bincount(category).sum() == 7776


def _odds_command() -> list[str]:
    script = shutil.which("pokerdice-stats")
    return [script] if script else [sys.executable, "-m", "pokerdice_stats"]


def test_cli_odds_second_run(benchmark):
    """A second ``pokerdice-stats odds``: the numba cache is warm, nothing compiles."""
    command = [*_odds_command(), "odds"]

    def run():
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        return done.stdout

    if not benchmark.disabled:
        run()  # the first run may compile and fill the cache
    benchmark.group = "command line"
    benchmark.extra_info["throws"] = 1
    out = benchmark.pedantic(run, rounds=5, iterations=1)  # once when disabled
    assert "full-house" in out
