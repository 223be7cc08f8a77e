"""CFR+ over all hands on a tree of claims, checked by the independent best responses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_ladder
from pokerdice_stats.games.bidding.exact.claims_cfr import (
    CfrState,
    average_strategy,
    grow_and_solve,
    run_cfr,
    signs_by_claim,
)
from pokerdice_stats.games.bidding.exact.claims_tree import CALL, ClaimTree
from pokerdice_stats.games.bidding.exact.game import solve_bidding
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.games.bidding.exact.response import exploitability, play_value
from pokerdice_stats.games.bidding.exact.tree import bid_tree
from pokerdice_stats.ground import indexing as ix

CLASSIC = get_rules("classic")


@pytest.fixture(scope="module")
def claims():
    return claim_ladder(bid_ladder(CLASSIC, "category"))


@pytest.fixture(scope="module")
def exact(claims):
    return solve_bidding(CLASSIC, claims)


def behaviour(policy, tree):
    """The policy as behaviour strategies on the exact tree (a call outside the policy)."""
    out = {}
    for seat in (1, 2):
        table = np.zeros((ix.N_HANDS, tree.n_sequences(seat)))
        for info in tree.infosets[seat]:
            actions, mix = policy.get(info.history, ((CALL,), np.ones((1, ix.N_HANDS))))
            if not info.history and CALL in actions:
                raise AssertionError("the opening has no call")
            for action, move in zip(info.actions, info.moves, strict=True):
                if action in actions:
                    table[:, move] = mix[actions.index(action)]
        out[seat] = table
    return out


def test_tree_layout_groups_moves_by_history():
    tree = ClaimTree(3)
    tree.add_with_answers(())
    tree.add((0, 2))
    lay = tree.layout()
    keys = lay.keys()
    assert keys[:3] == [((), 0), ((), 1), ((), 2)]
    assert ((0,), CALL) in keys and ((0,), 2) in keys and ((0,), 1) not in keys
    assert ((0, 2), CALL) in keys
    assert all(
        lay.depth[lay.parent[a]] <= lay.depth[lay.parent[b]]
        for a, b in itertools.pairwise(range(lay.n_edges))
    )


def test_cfr_on_the_whole_tree_approaches_the_exact_value(claims, exact):
    tree = ClaimTree(claims.n_rungs)
    for length in range(1, claims.n_rungs + 1):
        for history in itertools.combinations(range(claims.n_rungs), length):
            tree.add(history)
    state = CfrState.start(tree.layout())
    run_cfr(state, signs_by_claim(claims), 150)
    strategy = behaviour(average_strategy(state), exact.tree)
    lower, upper, gap = exploitability(exact.tree, claims, strategy[1], strategy[2])
    # Measured: a gap of about 4e-4 after 100 iterations, 4e-6 after 1,000.
    assert 0 <= gap < 1e-3
    assert lower - 1e-12 <= exact.value <= upper + 1e-12
    value = play_value(exact.tree, claims, strategy[1], strategy[2])
    assert abs(value - exact.value) < 1e-3


def test_growing_from_the_openings_reaches_the_target(claims, exact):
    solution = grow_and_solve(claims, target=1e-3, iterations=60, max_rounds=20)
    assert solution.upper - solution.lower <= 1e-3
    strategy = behaviour(solution.policy, bid_tree(claims.n_rungs))
    lower, upper, _ = exploitability(exact.tree, claims, strategy[1], strategy[2])
    # the solver's own bounds are those of the independent best responses
    assert abs(lower - solution.lower) < 1e-12 and abs(upper - solution.upper) < 1e-12
    assert lower - 1e-12 <= exact.value <= upper + 1e-12
