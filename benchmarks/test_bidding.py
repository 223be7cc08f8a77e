"""Bidding-for-two timings: the category-ladder equilibrium (issue 10) and the fine ladder
solved on its claims, cold and from the cache (issue 23), against the category solve.

Run for real with ``python -m pytest benchmarks/test_bidding.py --benchmark-enable``;
the regular suite runs each once as a smoke test.  Each run starts from a cold
ladder cache.  The baseline, timed in the same run, is building the ladder and
the bid-odds table alone (the ten-dice table every solve starts from).
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.smoke import measured
from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact import odds as bidding_odds
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, solve_bidding
from pokerdice_stats.games.bidding.exact.response import exploitability
from pokerdice_stats.games.bidding.exact.solve import restricted_ladder, solve_ladder

CLASSIC = get_rules("classic")


def _cold():
    bidding_odds.bid_ladder.cache_clear()
    return (), {}


def test_bidding_category_equilibrium(benchmark):
    result = benchmark.pedantic(lambda: solve_bidding(CLASSIC, "category"), setup=_cold, rounds=3)
    assert result.exploitability < TOLERANCE


def test_bidding_certificate_only(benchmark):
    result = solve_ladder(CLASSIC, "category")  # solved once, or read from the cache folder
    gap = benchmark.pedantic(
        lambda: exploitability(result.tree, result.ladder, result.strategy[1], result.strategy[2])[
            2
        ],
        rounds=3,
    )
    assert gap < TOLERANCE


FOUR_RUNGS = ("high-die", "full-house", "four-of-a-kind", "five-of-a-kind")


def test_bidding_four_rungs_with_classes(benchmark):
    ladder = restricted_ladder(bidding_odds.bid_ladder(CLASSIC, "category"), FOUR_RUNGS)
    result = benchmark.pedantic(lambda: solve_bidding(CLASSIC, ladder), rounds=3)
    assert result.exploitability < TOLERANCE


def test_bidding_four_rungs_without_classes(benchmark):
    # the suite's smoke run: three of the four rungs
    rungs = measured(benchmark, FOUR_RUNGS, FOUR_RUNGS[:3])
    ladder = restricted_ladder(bidding_odds.bid_ladder(CLASSIC, "category"), rungs)
    alone = np.arange(252)
    result = benchmark.pedantic(lambda: solve_bidding(CLASSIC, ladder, classes=alone), rounds=1)
    assert result.exploitability < TOLERANCE


def test_bidding_odds_baseline(benchmark):
    def build():
        return bidding_odds.bid_odds(bidding_odds.bid_ladder(CLASSIC, "category"))

    odds = benchmark.pedantic(build, setup=_cold, rounds=5)
    assert odds.shape == (252, 8)


@pytest.mark.xdist_group("claims_kernels")
def test_bidding_claims_cfr_category(benchmark):
    # Issue 23: discounted CFR over all 252 hands on the category ladder's 5 claims, its
    # tree grown by reach from the openings until the gap on claims is below 0.001.
    from pokerdice_stats.games.bidding.exact.claims import claim_ladder
    from pokerdice_stats.games.bidding.exact.claims_cfr import grow_and_solve

    claims = claim_ladder(bidding_odds.bid_ladder(CLASSIC, "category"))
    solution = benchmark.pedantic(lambda: grow_and_solve(claims, target=1e-3), rounds=1)
    assert solution.upper - solution.lower <= 1e-3


def test_bidding_position_answer(benchmark):
    # Issue 23: one position answered from the solved category ladder (the solve cached).
    from pokerdice_stats.games.bidding.exact.position import position_answer

    result = solve_ladder(CLASSIC, "category")
    answer = benchmark.pedantic(
        lambda: position_answer(result, "Q Q Q 9 9", "full-house"), rounds=5
    )
    assert answer.seat == 2


@pytest.mark.xdist_group("bidding_fine")  # the suite's one solve of the classic fine ladder
def test_bidding_fine_solve_cold(benchmark, monkeypatch):
    # Issue 23: the fine ladder solved on its claims from nothing (no memory, no kept
    # entry), against test_bidding_category_equilibrium in the same run.  The regular
    # suite runs it as a smoke test on the solution kept by the main job (or in memory).
    from pokerdice_stats.games.bidding.exact import claims_answer

    if not benchmark.disabled:
        monkeypatch.setenv("POKERDICE_CACHE_DIR", "")

    def cold():
        if not benchmark.disabled:
            claims_answer._kept.cache_clear()
            bidding_odds.bid_ladder.cache_clear()
        return (), {}

    result = benchmark.pedantic(
        lambda: claims_answer.solve_claims(CLASSIC, "fine"), setup=cold, rounds=1
    )
    assert result.ladder.n_rungs == 38 and result.exploitability < 0.25


@pytest.mark.xdist_group("bidding_fine")
def test_bidding_fine_best_responses(benchmark):
    # Issue 23: both seats' best responses to the fine solution in the full game, written
    # apart from the solver (claims_response), each worked out afresh (neither the one kept
    # on the solution nor the cache folder's: the suite's smoke test reads those).
    from pokerdice_stats.games.bidding.exact import claims_response
    from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims

    result = solve_claims(CLASSIC, "fine")
    respond = measured(
        benchmark, claims_response._best_response, claims_response.claims_best_response
    )

    def both():
        return respond(result, 1).value - respond(result, 2).value

    gap = benchmark.pedantic(both, rounds=3)
    assert abs(gap - result.exploitability) < 1e-9


@pytest.mark.xdist_group("bidding_fine")
def test_bidding_fine_position_from_the_cache(benchmark, monkeypatch, tmp_path):
    # Issue 23: a fine-ladder position answered in a new process's way: the solution read
    # back from the cache folder (nothing in memory), then the answer.
    from pokerdice_stats.games.bidding.exact import claims_answer
    from pokerdice_stats.games.bidding.exact.claims_position import claims_position

    solved = claims_answer.solve_claims(CLASSIC, "fine")
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(claims_answer, "_solve", lambda rules, name, iterations: solved)
    claims_answer._kept.cache_clear()
    claims_answer.solve_claims(CLASSIC, "fine")  # writes the entry

    def from_disk():
        claims_answer._kept.cache_clear()
        result = claims_answer.solve_claims(CLASSIC, "fine")
        return claims_position(result, "Q Q Q 9 9", "full-house:K")

    monkeypatch.setattr(
        claims_answer, "_solve", lambda rules, name, iterations: pytest.fail("solved again")
    )
    answer = benchmark.pedantic(from_disk, rounds=5)
    claims_answer._kept.cache_clear()
    assert answer.seat == 2
