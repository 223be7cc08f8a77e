"""Betting-round timings (issue 10, item 1): a 5-seat betting round under 10 s; issue 24:
001's round as written (seat 1 naming an ante of 1 to 3, entry, raises of 1 to 3 chips)
for 5 seats under 10 s.

Run for real with ``python -m pytest benchmarks/test_betting.py --benchmark-enable``;
the regular suite runs each once as a smoke test.  Every round starts from cold
caches (the betting and round caches are cleared in the setup; numba kernels
already compiled).  The baseline is the 5-seat must-beat round of
``games.rounds`` (the same seats and throws without chips), timed in the same run.

Issue 27: the report's habit costs of the 5-seat game (exact, the solved game not
timed), and the exact mixture of the habits' solver (whole numbers over common
denominators, each vector read once) against plain ``Fraction`` sums of the same terms.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from benchmarks.smoke import measured
from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.exact import solve as betting
from pokerdice_stats.games.betting.exact.habits import REPORT_HABITS, habit_costs
from pokerdice_stats.games.betting.exact.induction import exact_mixture
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
    seats at every ante, exact (as ``betting --players 5 --ante-max 3 --raise-max 3``; the
    suite's smoke run: 3 seats)."""
    seats = measured(benchmark, 5, 3)
    result = benchmark.pedantic(
        lambda: solve_table(SNAKES, seats, ante_max=3, raise_max=3), setup=_cold, rounds=1
    )
    assert result.exact and result.all_in().seats_in == tuple(range(1, seats + 1))


def test_habits_5_seats_exact(benchmark):
    """Issue 27: what the report's five habits cost every seat of the 5-seat game
    (``betting_habits.csv``), exact; the game solved in the setup, not timed (the suite's
    smoke run: 3 seats)."""
    seats = measured(benchmark, 5, 3)

    def setup():
        _cold()
        return (solve_betting(SNAKES, seats),), {}

    frame = benchmark.pedantic(
        lambda result: habit_costs(result, REPORT_HABITS), setup=setup, rounds=3
    )
    assert (frame["cost"] >= 0).all() and len(frame) == seats * len(REPORT_HABITS)


def _mixture_terms(n_terms: int = 120, shape: tuple[int, int] = (4, 6)):
    """Weights and vectors like a 5-seat group's: Fractions over powers of 7776, a
    third of them zero."""
    rng = random.Random(27)

    def number():
        if rng.random() < 1 / 3:
            return Fraction(0)
        return Fraction(rng.randint(1, 7776**3), 7776 ** rng.randint(1, 3))

    weights = [number() for _ in range(n_terms)]
    vectors = [
        np.array([[number() for _ in range(shape[1])] for _ in range(shape[0])], dtype=object)
        for _ in range(n_terms)
    ]
    return weights, vectors


def test_exact_mixture(benchmark):
    weights, vectors = _mixture_terms()
    out = benchmark(exact_mixture, weights, vectors)
    assert out.shape == (4, 6)


def test_exact_mixture_plain_fractions_baseline(benchmark):
    """The baseline: the same mixture added up as Fractions, term by term."""
    weights, vectors = _mixture_terms()

    def plain():
        total = np.full(vectors[0].shape, Fraction(0), dtype=object)
        for w, v in zip(weights, vectors, strict=True):
            if w:
                total = total + w * v
        return total

    out = benchmark(plain)
    assert out.tolist() == exact_mixture(weights, vectors).tolist()
