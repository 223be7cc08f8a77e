"""Discounted CFR over all hands on a tree of claims, checked by the independent best responses."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact import claims_kernels as kernels
from pokerdice_stats.games.bidding.exact.claims import claim_ladder
from pokerdice_stats.games.bidding.exact.claims_cfr import DISCOUNTS, ClaimSolver, grow_and_solve
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


def test_opening_edges_at_once_builds_the_tree_of_opening_them_one_by_one():
    """``open_edges`` (the growth's one reallocation) makes the very arrays and node
    numbers of ``open_edge`` called edge by edge, on random sets of bid edges over three
    growths of a 7-claim tree (an edge already inside is skipped by both)."""
    rng = np.random.default_rng(7)
    one, many = ClaimTree(7), ClaimTree(7)
    for _ in range(3):
        # a node's first edge is its call (the opening's: a placeholder); the rest are bids
        bids = sorted(set(range(one.n_edges)) - set(one.off[: one.n_nodes].tolist()))
        chosen = sorted(rng.choice(bids, size=min(len(bids), 12), replace=False).tolist())
        added = sum(one.open_edge(e) for e in chosen)
        assert many.open_edges(chosen) == added
        assert many.histories() == one.histories()
        for name in ("last", "depth", "off", "width"):
            n = one.n_nodes
            assert np.array_equal(getattr(many, name)[:n], getattr(one, name)[:n]), name
        for name in ("child", "sigma", "regret", "total"):
            n = one.n_edges
            assert np.array_equal(getattr(many, name)[:n], getattr(one, name)[:n]), name
    assert one.n_nodes > 20  # the growths added histories, deeper ones too
    assert max(len(h) for h in one.histories()) >= 3


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


def plain_values(tree, sigma, pair_rung, chances, seat, raising):
    """Seat ``seat``'s counterfactual value of every node under ``sigma``, walked in plain
    Python over all pairs of hands: a call settles the last claim; a bid outside the tree
    is called, or with ``raising`` answered by the responder's better of a call and a
    raise by one claim (then called) against the bidder's weights on it (ties, and no
    weight, a call)."""
    n_claims = tree.n_claims
    made = [pair_rung >= c for c in range(n_claims + 1)]  # made[c][x, y]: the pair makes c
    values = {}

    def walk(n, reach):
        mover, last = int(tree.depth[n]) % 2, int(tree.last[n])
        other = 1 - mover
        e0 = int(tree.off[n])
        parts = []  # per move: the seat's value, by its hand
        for a, action in enumerate(tree.actions(n)):
            if a == 0 and tree.depth[n] == 0:
                parts.append(None)
                continue
            weights = reach[mover] * sigma[e0 + a]
            if action == CALL:  # the other seat bid `last`; the mover calls it
                bidder_wins = made[last]
                if seat == mover:
                    parts.append(reach[other] @ np.where(bidder_wins, -1.0, 1.0))
                else:
                    parts.append(np.where(bidder_wins, 1.0, -1.0) @ weights)
                continue
            k = int(tree.child[e0 + a])
            if k >= 0:
                below = reach.copy()
                below[mover] = weights
                parts.append(walk(k, below))
                continue
            called = np.where(made[action], 1.0, -1.0)  # to the bidder, [responder, bidder]
            raised = None
            if raising and action + 1 < n_claims:
                raised = np.where(made[action + 1], -1.0, 1.0)
            if seat == mover:
                answer = called.copy()
                if raised is not None and weights.sum() > 0:
                    raises = (weights @ -raised.T) > (weights @ -called.T)
                    answer[raises] = raised[raises]
                parts.append(reach[other] @ answer)
            else:
                call = -called @ weights
                parts.append(call if raised is None else np.maximum(call, -raised @ weights))
        if seat == mover:
            value = sum(sigma[e0 + a] * p for a, p in enumerate(parts) if p is not None)
        else:
            value = sum(p for p in parts if p is not None)
        values[n] = value
        return value

    walk(0, np.stack([chances, chances]) if chances.ndim == 1 else chances)
    return values


@pytest.mark.parametrize("raising", [False, True])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_kernel_values_every_node_as_the_plain_walk(claims, seat, raising):
    """Random regrets on a tree of the openings and some answers (many bids outside it):
    the values the update computes equal the plain walk's, node by node and hand by hand,
    and its seat's strategy is then the regret matching of the new regrets."""
    solver = ClaimSolver(claims, raising=raising)
    top = claims.n_rungs - 1
    solver.add(*((c,) for c in range(claims.n_rungs)), (0, 2), (1, 3), (0, 2, 4), (2, top))
    tree = solver.tree
    rng = np.random.default_rng(23)
    tree.regret[: tree.n_edges] = rng.normal(size=(tree.n_edges, ix.N_HANDS))
    tree.regret[: tree.n_edges][rng.random((tree.n_edges, ix.N_HANDS)) < 0.3] = -1.0
    sigma = plain_matching(tree, tree.regret[: tree.n_edges])
    tree.sigma[: tree.n_edges] = sigma
    assert (sigma[1:] > 0).any() and (sigma[1:] < 1).any()  # a mixed strategy
    _, V = one_update(solver, seat, raising)
    pairs = solver.pair_rung.astype(np.int64)
    expected = plain_values(tree, sigma, pairs, solver.chances, seat, raising)
    for n, value in expected.items():
        np.testing.assert_allclose(V[n, seat], value, rtol=0, atol=1e-13)
    after = plain_matching(tree, tree.regret[: tree.n_edges])
    for n in range(tree.n_nodes):
        e0, w = int(tree.off[n]), int(tree.width[n])
        mine = tree.depth[n] % 2 == seat
        np.testing.assert_array_equal(
            tree.sigma[e0 : e0 + w], (after if mine else sigma)[e0 : e0 + w]
        )


@pytest.mark.parametrize("raising", [False, True])
@pytest.mark.parametrize("answering", [0, 1])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_kernel_values_a_subgame_as_the_plain_walk(claims, seat, answering, raising):
    """The game from a bid of claim 1 (re-indexed to 0: the claims from it up), answered
    by seat ``answering``, each seat's hands weighted apart: the update's values equal
    the plain walk's from the root, which has a call."""
    c = 1
    sub = SimpleNamespace(
        n_rungs=claims.n_rungs - c,
        pair_rung=np.maximum(claims.pair_rung.astype(np.int64) - c, -1).astype(np.int8),
    )
    rng = np.random.default_rng(7)
    ranges = rng.random((2, ix.N_HANDS)) * (rng.random((2, ix.N_HANDS)) < 0.7)
    ranges /= ranges.sum(axis=1, keepdims=True)
    solver = ClaimSolver(sub, chances=ranges, answering=answering, raising=raising)
    top = sub.n_rungs - 1
    solver.add(*((k,) for k in range(1, sub.n_rungs)), (1, 2), (2, top), (1, 3))
    tree = solver.tree
    assert (tree.last[0], tree.depth[0] % 2, tree.width[0]) == (0, answering, sub.n_rungs)
    tree.regret[: tree.n_edges] = rng.normal(size=(tree.n_edges, ix.N_HANDS))
    sigma = plain_matching(tree, tree.regret[: tree.n_edges])
    tree.sigma[: tree.n_edges] = sigma
    assert (sigma[tree.off[0]] > 0).any()  # the root calls with some hands
    R, V = one_update(solver, seat, raising)
    np.testing.assert_array_equal(R[0], ranges)
    expected = plain_values(tree, sigma, sub.pair_rung.astype(np.int64), ranges, seat, raising)
    for n, value in expected.items():
        np.testing.assert_allclose(V[n, seat], value, rtol=0, atol=1e-13)
    # the bounds: each seat's best response in the whole game from the root, walked plainly
    strategy = solver.strategy()
    lower, upper = solver.bounds(strategy, solver.reaches(strategy))
    pair_rung = sub.pair_rung.astype(np.int64)
    assert upper == pytest.approx(plain_response(tree, strategy, pair_rung, ranges, 0), abs=1e-13)
    assert lower == pytest.approx(plain_response(tree, strategy, pair_rung, ranges, 1), abs=1e-13)
    assert lower < upper


def plain_response(tree, strategy, pair_rung, ranges, responder):
    """Seat 1's result when seat ``responder`` (0 or 1) answers ``strategy`` best in the
    whole game from the tree's root (every claim open to it), the other seat playing
    ``strategy`` in the tree and calling outside it; each seat's hands weighed by its row of
    ``ranges``.  Walked over every history in plain Python, by the responder's own hand."""
    n_claims = tree.n_claims
    made = [pair_rung >= c for c in range(n_claims + 1)]

    def value(history, node, reach):  # the responder's result by own hand; reach: the other's
        depth = int(tree.depth[0]) + len(history)
        last = history[-1] if history else int(tree.last[0])
        if depth % 2 == responder:
            options = [reach @ np.where(made[last], -1.0, 1.0)] if depth > 0 else []
            for claim in range(last + 1, n_claims):
                child = -1 if node < 0 else int(tree.child[tree.off[node] + claim - last])
                options.append(value((*history, claim), child, reach))
            return np.max(options, axis=0)
        if node < 0:  # outside the tree the other calls the responder's bid
            return reach @ np.where(made[last], 1.0, -1.0)
        total = np.zeros(ix.N_HANDS)
        e0 = int(tree.off[node])
        for a, action in enumerate(tree.actions(node)):
            if a == 0 and depth == 0:
                continue
            weights = reach * strategy[e0 + a]
            if action == CALL:
                total += weights @ np.where(made[last], 1.0, -1.0)
            else:
                total += value((*history, action), int(tree.child[e0 + a]), weights)
        return total

    result = ranges[responder] @ value((), 0, ranges[1 - responder])
    return float(result if responder == 0 else -result)


def one_update(solver, seat, raising):
    """The compiled update of seat ``seat`` at iteration 1 on the solver's tree as it is:
    the reaches and values it leaves."""
    tree = solver.tree
    R, V = solver._work()
    order, starts = solver._levels
    kernels.dcfr_iteration(
        1.0, seat, order, starts, tree.last, tree.depth, tree.off, tree.width, tree.child,
        tree.regret, tree.sigma, tree.total, R, V, solver.pairs, solver.chances,
        solver.n_claims, *DISCOUNTS, raising,
    )  # fmt: skip
    return R, V


def plain_matching(tree, regret):
    """Regret matching node by node: the positive regrets normalised, else the call (at
    the opening, which has no call, the lowest bid)."""
    sigma = np.zeros_like(regret)
    for n in range(tree.n_nodes):
        first = 1 if tree.depth[n] == 0 else 0
        moves = slice(int(tree.off[n]) + first, int(tree.off[n] + tree.width[n]))
        positive = np.maximum(regret[moves], 0.0)
        total = positive.sum(axis=0)
        default = np.zeros_like(positive)
        default[0] = 1.0
        sigma[moves] = np.where(total > 0, positive / np.where(total > 0, total, 1.0), default)
    return sigma


def test_a_settled_tree_lowers_the_growth_threshold_to_its_floor(claims):
    """With ``grow_all_floor``, each round that grows the tree by less than 2% divides
    ``grow_all`` by 5, down to the floor (a tree at its budget never grows)."""
    rounds = []
    grow_and_solve(
        claims, target=0.0, iterations=5, max_rounds=5, grow_all=0.5, grow_all_floor=0.01,
        max_histories=1, on_round=rounds.append,
    )  # fmt: skip
    assert [r.grow_all for r in rounds] == pytest.approx([0.5, 0.1, 0.02, 0.01, 0.01])
    rounds.clear()
    grow_and_solve(claims, target=0.0, iterations=5, max_rounds=3, on_round=rounds.append)
    assert {r.grow_all for r in rounds} == {0.01}  # no floor: the threshold stays
    with pytest.raises(ValueError, match="grow_all_floor"):
        grow_and_solve(claims, grow_all=0.01, grow_all_floor=0.05)


def test_a_solve_interrupted_mid_iteration_refuses_to_go_on(claims, monkeypatch):
    """An update runs depth by depth, so Ctrl-C may leave an iteration half done: the
    solver says so rather than go on from torn regrets."""
    solver = ClaimSolver(claims)
    solver.run(2)
    calls = []

    def interrupted(*args):
        calls.append(args[1])
        raise KeyboardInterrupt

    monkeypatch.setattr(kernels, "dcfr_iteration", interrupted)
    with pytest.raises(KeyboardInterrupt):
        solver.run(1)
    assert calls == [0]
    monkeypatch.undo()
    with pytest.raises(RuntimeError, match="interrupted"):
        solver.run(1)
