"""The designer's desk timings (issue 11): breakdown, fair-pay solve, the exact bank DP.

Targets: a breakdown under 0.1 s; a fair-pay solve under 2 s; the bank
distribution for 1,000 rounds from 10,000 points under 5 s.  Second edition
(issue 26), measured: the bank of the solved fair pay (a pay with a large
denominator on its own axis) for 1,000 rounds, about 50 s of CPU; a design for a
3% house edge, under 1 s; the strategy card's fit, a few seconds.  Baselines in
the same run: ``expected_payout`` (the figure the breakdown refines), and a
plain-numpy version of the bank program (one shifted add per outcome, no
kernel).  Run for real with
``python -m pytest benchmarks/test_payout_desk.py --benchmark-enable``; the
suite runs each once as a smoke test (with a short session).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.blind import simple_strategies as strategies
from pokerdice_stats.games.progressive.exact import schedule
from pokerdice_stats.games.progressive.exact.bank import bank_distribution
from pokerdice_stats.games.progressive.exact.breakdown import payout_breakdown
from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
from pokerdice_stats.games.progressive.exact.payout import expected_payout, round_outcomes

RULES = get_rules("progressive")


def _cold():
    strategies._cached.cache_clear()
    schedule.category_payout.cache_clear()
    schedule.integer_payout.cache_clear()
    return (), {}


@pytest.fixture(scope="module", autouse=True)
def _warm_numba():
    bank_distribution(RULES, rounds=12, start=2000, exact=False)
    expected_payout(get_rules("progressive", {"throws": 2}), computer="stand")


def _rounds(benchmark) -> int:
    return 1000 if benchmark.enabled else 20


def test_breakdown_optimal_seen(benchmark):
    bd = benchmark.pedantic(lambda: payout_breakdown(RULES), setup=_cold, rounds=10)
    assert sum(c.probability for c in bd.cells) == 1


def test_baseline_expected_payout_optimal_seen(benchmark):
    result = benchmark.pedantic(lambda: expected_payout(RULES), setup=_cold, rounds=10)
    assert result.expected is not None


def test_fair_pay_solve(benchmark):
    solved = benchmark.pedantic(
        lambda: solve_pay(RULES, "five-of-a-kind/one-pair", "3"), setup=_cold, rounds=3
    )
    assert solved.expected == 3


def test_bank_distribution_1000_rounds(benchmark):
    outcomes = round_outcomes(RULES)
    rounds = _rounds(benchmark)
    session = benchmark.pedantic(
        lambda: bank_distribution(outcomes=outcomes, rounds=rounds, start=10_000), rounds=3
    )
    assert not session.exact and session.tolerance < 1e-11


def _numpy_bank(amounts: dict, rounds: int, start: int, floor: int) -> tuple[np.ndarray, float]:
    """Baseline: the same program with numpy shifted adds over a full-width vector, no cut."""
    values = [int(a) for a in amounts]
    chances = [float(p) for p in amounts.values()]
    low, high = min(values), max(values)
    size = start + rounds * high - (floor + low) + 1
    base = floor + low
    bank = np.zeros(size)
    bank[start - base] = 1.0
    playing_from = floor - base
    for _ in range(rounds):
        following = np.zeros(size)
        following[:playing_from] = bank[:playing_from]
        playing = bank[playing_from:]
        for value, chance in zip(values, chances, strict=True):
            at = playing_from + value
            following[at : at + playing.size] += chance * playing[: size - at]
        bank = following
    return bank, float(bank[:playing_from].sum())


def test_baseline_numpy_bank(benchmark):
    outcomes = round_outcomes(RULES)
    rounds = _rounds(benchmark)
    _bank, ruin = benchmark.pedantic(
        lambda: _numpy_bank(outcomes.amounts(), rounds, 10_000, 1200), rounds=1
    )
    session = bank_distribution(outcomes=outcomes, rounds=rounds, start=10_000, exact=False)
    assert ruin == pytest.approx(float(session.ruin), abs=1e-10)


def test_bank_of_a_fair_pay(benchmark):
    fair = Fraction(31278664205506, 145954608325)
    odd = schedule.PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", fair, "fair")
    outcomes = round_outcomes(RULES, schedule=odd)
    rounds = _rounds(benchmark)
    session = benchmark.pedantic(
        lambda: bank_distribution(outcomes=outcomes, rounds=rounds, start=10_000), rounds=1
    )
    assert not session.exact and session.tolerance < 1e-11


def test_design_house_edge(benchmark):
    from pokerdice_stats.games.progressive.exact.design import design_schedule

    design = benchmark.pedantic(
        lambda: design_schedule(RULES, "-3%", side="house"), setup=_cold, rounds=3
    )
    assert abs(design.reached + 3) <= Fraction(1, 20)


def test_strategy_card_fit(benchmark):
    from pokerdice_stats.games.progressive.exact.strategy_card import fit_strategy_card

    card = benchmark.pedantic(lambda: fit_strategy_card(RULES), setup=_cold, rounds=1)
    assert card.loss > 0
