"""Discounted CFR over all hands on a tree of claims, checked by the independent best responses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_ladder
from pokerdice_stats.games.bidding.exact.claims_cfr import ClaimSolver, grow_and_solve
from pokerdice_stats.games.bidding.exact.claims_tree import CALL, ClaimTree
from pokerdice_stats.games.bidding.exact.game import solve_bidding
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.games.bidding.exact.response import exploitability, play_value
from pokerdice_stats.games.bidding.exact.tree import bid_tree
from pokerdice_stats.ground import indexing as ix

CLASSIC = get_rules("classic")

#: One process compiles the claims kernels for every test here (about 7 s the first time).
pytestmark = pytest.mark.xdist_group("claims_kernels")


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


def test_every_node_has_every_move_and_a_child_only_inside_the_tree():
    tree = ClaimTree(3)
    tree.add((0, 2))
    assert tree.histories() == [(), (0,), (0, 2)]
    # the opening: a placeholder where the call would be, then the bids of claims 0, 1, 2
    assert tree.actions(0) == (CALL, 0, 1, 2) and int(tree.width[0]) == 4
    assert list(tree.child[tree.off[0] : tree.off[0] + 4]) == [-1, 1, -1, -1]
    assert tree.actions(1) == (CALL, 1, 2)
    assert list(tree.child[tree.off[1] : tree.off[1] + 3]) == [-1, -1, 2]
    assert tree.actions(2) == (CALL,) and int(tree.depth[2]) == 2
    assert tree.open_edge(int(tree.off[1] + 1)) and (0, 1) in tree
    assert not tree.open_edge(int(tree.off[1] + 1))
    order, starts = tree.levels()
    assert [int(tree.depth[n]) for n in order] == [0, 1, 2, 2] and list(starts) == [0, 1, 2, 4]
    with pytest.raises(ValueError, match="rising"):
        tree.add((2, 1))


def whole_game(claims):
    solver = ClaimSolver(claims)
    solver.add(
        *(
            history
            for length in range(1, claims.n_rungs + 1)
            for history in itertools.combinations(range(claims.n_rungs), length)
        )
    )
    return solver


def test_dcfr_on_the_whole_tree_approaches_the_exact_value(claims, exact):
    solver = whole_game(claims)
    solver.run(150)
    strategy = solver.strategy()
    policy = behaviour(solver.policy(strategy), exact.tree)
    lower, upper, gap = exploitability(exact.tree, claims, policy[1], policy[2])
    # Measured: a gap of about 5e-4 after 150 iterations.
    assert 0 <= gap < 1e-3
    assert lower - 1e-12 <= exact.value <= upper + 1e-12
    value = play_value(exact.tree, claims, policy[1], policy[2])
    assert abs(value - exact.value) < 1e-3
    # the solver's own best responses are the independent ones
    mine = solver.bounds(strategy, solver.reaches(strategy))
    assert mine == pytest.approx((lower, upper), abs=1e-12)


def test_the_bounds_of_a_small_tree_are_those_of_the_whole_game(claims, exact):
    """An early strategy on the openings and their answers: bids outside the tree are
    made and called (or raised over by the best response), as the independent walk of
    every history plays them."""
    solver = ClaimSolver(claims)
    solver.add(*((claim,) for claim in range(claims.n_rungs)))
    solver.run(5)
    strategy = solver.strategy()
    policy = solver.policy(strategy)
    assert any(  # some bid leads outside the tree with a positive chance
        action != CALL and (*history, action) not in policy and mix[i].any()
        for history, (actions, mix) in policy.items()
        for i, action in enumerate(actions)
    )
    table = behaviour(policy, exact.tree)
    lower, upper, _ = exploitability(exact.tree, claims, table[1], table[2])
    mine = solver.bounds(strategy, solver.reaches(strategy))
    assert mine == pytest.approx((lower, upper), abs=1e-12)


def test_growing_from_the_openings_reaches_the_target(claims, exact):
    solution = grow_and_solve(claims, target=1e-3, iterations=60, max_rounds=20)
    assert solution.upper - solution.lower <= 1e-3
    strategy = behaviour(solution.policy, bid_tree(claims.n_rungs))
    lower, upper, _ = exploitability(exact.tree, claims, strategy[1], strategy[2])
    # the solver's own bounds are those of the independent best responses
    assert abs(lower - solution.lower) < 1e-12 and abs(upper - solution.upper) < 1e-12
    assert lower - 1e-12 <= exact.value <= upper + 1e-12


def test_each_round_is_reported_and_the_tree_stops_at_its_budget(claims):
    rounds = []
    solution = grow_and_solve(
        claims, target=0.0, iterations=10, max_rounds=3, max_histories=1, on_round=rounds.append
    )
    assert [r.iterations for r in rounds] == [10, 20, 30] and solution.iterations == 30
    # the openings are in from the start; past the budget nothing more is added
    assert {r.histories for r in rounds} == {claims.n_rungs + 1} == {solution.histories}
    assert (rounds[-1].lower, rounds[-1].upper) == (solution.lower, solution.upper)
