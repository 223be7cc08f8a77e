"""CFR+ over all 252 hands on a growing tree of claims, and the solve it drives.

The game on claims (:mod:`~pokerdice_stats.games.bidding.exact.claims`) has
2^C histories (C = 21 claims on the classic fine ladder): too many to walk.
Its equilibrium is small, though (games last about two bids), so it is found
on a tree ``T`` of histories that grows where it must
(:mod:`~pokerdice_stats.games.bidding.exact.claims_tree`):

1. CFR+ (regret matching+, alternating updates, linearly weighted average
   strategy; Tammelin 2014) runs on ``T``, one vector over the 252 hands of
   each seat at each history, the calls of each claim computed together as
   one matrix product;
2. a best response of each seat in the whole game on claims to the other's
   average strategy (which calls outside ``T``) finds the histories outside
   ``T`` worth playing into; they are added to ``T`` with every answer the
   other player may bid there;
3. repeat until the two best responses are within the target of each other.

The best responses here steer the growth and give the bounds a result states
(on claims; by :mod:`~pokerdice_stats.games.bidding.exact.claims` the full
game has the same value).  The tests compare them with the exact best responses
of :mod:`~pokerdice_stats.games.bidding.exact.response`, which know nothing of
this solver, on the category ladder's claims.  On the fine ladder's 21 claims the
tree does not stay small (``results/benchmarks/bidding.md``): the player outside
the tree calls, and best responses find that wanting at every new depth.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.games.bidding.exact.claims_tree import CALL, ClaimTree, TreeLayout
from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground import indexing as ix

__all__ = [
    "CfrState",
    "ClaimSolution",
    "average_strategy",
    "grow_and_solve",
    "run_cfr",
    "signs_by_claim",
]


@dataclass
class CfrState:
    """Regrets and the weighted strategy sum of every edge of a layout, by own hand."""

    layout: TreeLayout
    regret: np.ndarray
    total: np.ndarray
    iterations: int = 0

    @classmethod
    def start(cls, layout: TreeLayout, before: CfrState | None = None) -> CfrState:
        """Fresh arrays for ``layout``, carrying over the edges ``before`` had."""
        shape = (layout.n_edges, ix.N_HANDS)
        regret, total = np.zeros(shape), np.zeros(shape)
        done = 0
        if before is not None:
            old = {key: i for i, key in enumerate(before.layout.keys())}
            pairs = [(i, old[key]) for i, key in enumerate(layout.keys()) if key in old]
            if pairs:
                new_i, old_i = (np.array(x) for x in zip(*pairs, strict=True))
                regret[new_i] = before.regret[old_i]
                total[new_i] = before.total[old_i]
            done = before.iterations
        return cls(layout, regret, total, done)


def _normalise(layout: TreeLayout, weights: np.ndarray) -> np.ndarray:
    """Weights scaled to sum 1 over each node's edges (uniform where they sum to 0)."""
    sums = np.add.reduceat(weights, layout.starts, axis=0)
    counts = np.diff(np.append(layout.starts, layout.n_edges))
    group = np.repeat(np.arange(len(layout.starts)), counts)
    denominator = sums[group]
    uniform = (1.0 / counts)[group][:, None]
    safe = np.where(denominator > 0, denominator, 1.0)
    return np.where(denominator > 0, weights / safe, uniform)


def signs_by_claim(ladder: BidLadder) -> np.ndarray:
    """``(n_claims, 252, 252)``: +1 where the pair of hands makes the claim, else -1."""
    claims = np.arange(ladder.n_rungs)
    return np.where(ladder.pair_rung[None, :, :] >= claims[:, None, None], 1.0, -1.0)


def _pass(state: CfrState, signs: np.ndarray, seat: int, weight: float) -> None:
    """One CFR+ update of ``seat``'s regrets and average strategy."""
    lay = state.layout
    sigma = _normalise(lay, np.maximum(state.regret, 0.0))
    edge_mover = lay.mover[lay.parent]
    own_edge = edge_mover == seat
    n_nodes = lay.n_nodes
    chances = ix.HAND_WAYS / ix.N_THROWS
    other = np.zeros((n_nodes, ix.N_HANDS))
    own = np.zeros((n_nodes, ix.N_HANDS))
    other[0], own[0] = chances, chances
    bids = lay.child >= 0
    for first, stop in lay.levels:
        e = np.arange(first, stop)
        e = e[bids[first:stop]]
        par, kid = lay.parent[e], lay.child[e]
        mine = own_edge[e][:, None]
        other[kid] = other[par] * np.where(mine, 1.0, sigma[e])
        own[kid] = own[par] * np.where(mine, sigma[e], 1.0)
    value = np.zeros((lay.n_edges, ix.N_HANDS))
    calls = np.flatnonzero(~bids)
    claim = lay.last[lay.parent[calls]]
    # the caller moves at the parent; the bidder is the other seat
    bidder_is_seat = lay.mover[lay.parent[calls]] != seat
    for k in np.unique(claim):
        e = calls[claim == k]
        reach = other[lay.parent[e]] * np.where(own_edge[e][:, None], 1.0, sigma[e])
        sign = np.where(bidder_is_seat[claim == k], 1.0, -1.0)
        value[e] = (signs[k] @ reach.T).T * sign[:, None]
    node_value = np.zeros((n_nodes, ix.N_HANDS))
    for first, stop in reversed(lay.levels):
        e = np.arange(first, stop)
        kids = lay.child[e]
        has = kids >= 0
        value[e[has]] = node_value[kids[has]]
        w = np.where(own_edge[e][:, None], sigma[e], 1.0) * value[e]
        local = lay.starts[(lay.starts >= first) & (lay.starts < stop)]
        node_value[lay.parent[local]] = np.add.reduceat(w, local - first, axis=0)
    mine = np.flatnonzero(own_edge)
    gain = value[mine] - node_value[lay.parent[mine]]
    state.regret[mine] = np.maximum(state.regret[mine] + gain, 0.0)
    state.total[mine] += weight * own[lay.parent[mine]] * sigma[mine]


def run_cfr(state: CfrState, signs: np.ndarray, iterations: int) -> None:
    """``iterations`` more CFR+ iterations (seat 1's update, then seat 2's)."""
    for _ in range(iterations):
        state.iterations += 1
        for seat in (1, 2):
            _pass(state, signs, seat, float(state.iterations))


def average_strategy(state: CfrState) -> dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]]:
    """The average strategy: for each history, its actions and ``(n_actions, 252)`` chances."""
    lay = state.layout
    mix = _normalise(lay, state.total)
    out = {}
    bounds = np.append(lay.starts, lay.n_edges)
    for first, stop in itertools.pairwise(bounds):
        history = lay.histories[lay.parent[first]]
        out[history] = (tuple(int(a) for a in lay.action[first:stop]), mix[first:stop].copy())
    return out


def _claim_response(policy: dict, signs: np.ndarray, seat: int, wanted: set) -> float:
    """Seat ``seat``'s best response on claims to ``policy`` (calls outside it).

    Adds to ``wanted`` the histories outside the policy the response bids into.
    Returns seat 1's result.
    """
    n_claims = signs.shape[0]
    flip = 1.0 if seat == 1 else -1.0

    def called(claim: int, bidder: int, reach: np.ndarray) -> np.ndarray:
        return flip * (1.0 if bidder == 1 else -1.0) * (signs[claim] @ reach)

    def walk(history: tuple[int, ...], reach: np.ndarray) -> np.ndarray:
        to_move = 1 if len(history) % 2 == 0 else 2
        if to_move == seat:
            last = history[-1] if history else -1
            options, actions = [], []
            if history:
                options.append(called(last, 3 - seat, reach))
                actions.append(CALL)
            for claim in range(last + 1, n_claims):
                after = (*history, claim)
                inside = after in policy
                options.append(walk(after, reach) if inside else called(claim, seat, reach))
                actions.append(claim)
            stacked = np.array(options)
            best = stacked.argmax(axis=0)
            for i in np.unique(best[reach > 0]):
                after = (*history, actions[i])
                if actions[i] != CALL and after not in policy:
                    wanted.add(after)
            return stacked.max(axis=0)
        total = np.zeros(ix.N_HANDS)
        actions, mix = policy[history]
        for action, column in zip(actions, mix, strict=True):
            after = reach * column
            if not after.any():
                continue
            if action == CALL:
                total += called(history[-1], seat, after)
            else:
                total += walk((*history, action), after)
        return total

    chances = ix.HAND_WAYS / ix.N_THROWS
    return flip * float(chances @ walk((), chances.copy()))


@dataclass(frozen=True)
class ClaimSolution:
    """An average strategy on claims and how it was found.

    Attributes
    ----------
    policy : dict
        History of claims -> (actions, ``(n_actions, 252)`` chances by own hand).
    lower, upper : float
        The last best-response bounds on claims (seat 1's result).
    iterations, rounds, histories : int
        CFR+ iterations, growth rounds and histories of the final tree.
    seconds : float
        Time the solve took.
    """

    policy: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]]
    lower: float
    upper: float
    iterations: int
    rounds: int
    histories: int
    seconds: float


def grow_and_solve(
    ladder: BidLadder,
    target: float = 1e-3,
    iterations: int = 60,
    max_rounds: int = 60,
    max_seconds: float = 110.0,
) -> ClaimSolution:
    """Solve the game on claims by CFR+ on a tree grown by best responses.

    Parameters
    ----------
    ladder : BidLadder
        A claim ladder (:func:`~pokerdice_stats.games.bidding.exact.claims.claim_ladder`).
    target : float
        Stop once the two best responses on claims are within this (units a game).
    iterations : int
        CFR+ iterations between two growths.
    max_rounds, max_seconds : int, float
        Stop after so many growth rounds, or once this time is spent.
    """
    start = time.perf_counter()
    signs = signs_by_claim(ladder)
    tree = ClaimTree(ladder.n_rungs)
    tree.add_with_answers(())
    for claim in range(ladder.n_rungs):
        tree.add_with_answers((claim,))
    state = CfrState.start(tree.layout())
    lower, upper, rounds = -1.0, 1.0, 0
    policy: dict = {}
    while rounds < max_rounds:
        rounds += 1
        run_cfr(state, signs, iterations)
        policy = average_strategy(state)
        wanted: set = set()
        lower = _claim_response(policy, signs, 2, wanted)
        upper = _claim_response(policy, signs, 1, wanted)
        if upper - lower <= target or time.perf_counter() - start > max_seconds:
            break
        for history in sorted(wanted):
            tree.add_with_answers(history)
        if wanted:
            state = CfrState.start(tree.layout(), state)
    return ClaimSolution(
        policy,
        lower,
        upper,
        state.iterations,
        rounds,
        len(tree),
        time.perf_counter() - start,
    )
