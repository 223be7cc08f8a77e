"""Best responses in the full game to a solution on claims, written apart from its solver.

The solution (:class:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding`)
plays one seat; the responder plays the other and may bid any rung, which is the same as
any claim (a rung's claim is met by exactly the pairs of hands that meet the rung).  The
solution calls at every history outside its tree, so the responder's game has these
public states:

- a history of the tree where the responder moves: it calls, or bids a higher claim
  (inside the tree the solution answers; outside it the solution calls);
- a history of the tree where the solution moves: it plays its chances (a call, or a
  bid inside or outside the tree);
- a bid of the solution outside its tree: the responder calls, or raises by one claim
  and is called (a higher raise is met by fewer pairs of hands, so it never does better).

Backward induction over the tree, one vector over the responder's 252 hands a state
(each weighted by the solution's chance of every one of its hands and of its moves so
far), gives the responder's best result and its best move at each state.  The sums over
the solution's hands are matrix products with the table of which pairs of hands make
each claim; no part of the solver
(:mod:`~pokerdice_stats.games.bidding.exact.claims_kernels`) is used, so the tests
compare the two.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
>>> result = solve_claims(get_rules("classic"), "category", iterations=50)
>>> response = claims_best_response(result, 2)
>>> abs(response.value - result.lower) < 1e-12
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.ground import indexing as ix

__all__ = ["RAISE", "ClaimsResponse", "claims_best_response"]

#: The responder's answer to a bid outside the tree: raise by one claim (else it calls).
RAISE = -2


@dataclass(frozen=True)
class ClaimsResponse:
    """A best response to a solution on claims.

    Attributes
    ----------
    seat : int
        The responder's seat (1 or 2).
    value : float
        Seat 1's expected result (units won per game) when the responder plays it: the
        solution's ``upper`` for seat 1, its ``lower`` for seat 2.
    moves : dict
        Claim history where the responder moves -> ``(252,)`` int8, its move by own hand:
        :data:`~pokerdice_stats.games.bidding.exact.claims_tree.CALL` or a claim; at a
        history just outside the tree (the solution's bid there), CALL or :data:`RAISE`.
    """

    seat: int
    value: float
    moves: dict[tuple[int, ...], np.ndarray]


class _Sums:
    """``g[c][y]``: the weight of the solution's hands ``x`` with which the pair makes
    claim ``c`` or higher, for the responder's hand ``y``, by matrix products."""

    def __init__(self, result: ClaimsBidding, responder: int) -> None:
        pair = np.asarray(result.claims.pair_rung)
        if responder == 1:  # rows: the solution's hand (seat 2), columns: the responder's
            pair = pair.T
        self.n = result.claims.n_rungs
        # at_least[c][x, y] = 1 when hands x (solution) and y (responder) make claim c or more
        self.at_least = [(pair >= c).astype(np.float64) for c in range(self.n)]

    def claim(self, weights: np.ndarray, c: int) -> np.ndarray:
        """``(252,)``: ``g[c]`` for the solution's ``weights``."""
        return weights @ self.at_least[c]


def claims_best_response(result: ClaimsBidding, seat: int) -> ClaimsResponse:
    """Seat ``seat``'s best response in the full game to the other seat's solution.

    Worked out once per solution (a few seconds on the classic fine ladder), kept with
    the solution object and in the toolkit's cache folder (:meth:`ClaimsBidding.kept`).

    Parameters
    ----------
    result : ClaimsBidding
    seat : int
        The responder, 1 or 2.

    Returns
    -------
    ClaimsResponse
    """
    return result.kept("claims_best_response", seat, lambda: _best_response(result, seat))


def _best_response(result: ClaimsBidding, seat: int) -> ClaimsResponse:
    policy = result.policy
    solver = 3 - seat
    sums = _Sums(result, seat)
    n = sums.n
    chances = ix.HAND_WAYS / ix.N_THROWS
    # the solution's weights at each history of the tree (parents before children)
    reach: dict[tuple[int, ...], np.ndarray] = {(): chances.copy()}
    for history in sorted(policy, key=len):
        moves, rows = policy[history]
        solution_moves = len(history) % 2 + 1 == solver
        for move, row in zip(moves, rows, strict=True):
            if move != CALL and (*history, move) in policy:
                reach[(*history, move)] = reach[history] * row if solution_moves else reach[history]
    best: dict[tuple[int, ...], np.ndarray] = {}  # the responder's value by own hand
    chosen: dict[tuple[int, ...], np.ndarray] = {}
    for history in sorted(reach, key=len, reverse=True):
        weights = reach[history]
        total = weights.sum()
        last = history[-1] if history else -1
        if len(history) % 2 + 1 == seat:  # the responder moves
            options, values = [], []
            if history:  # call the solution's bid: the responder wins if it is false
                options.append(CALL)
                values.append(total - 2.0 * sums.claim(weights, last))
            for c in range(last + 1, n):
                options.append(c)
                after = (*history, c)
                if after in best:
                    values.append(best[after])
                else:  # the solution calls: the responder wins if the claim holds
                    values.append(2.0 * sums.claim(weights, c) - total)
            table = np.array(values)
            pick = np.argmax(table, axis=0)  # the first of equal values
            best[history] = table[pick, np.arange(ix.N_HANDS)]
            chosen[history] = np.array(options, dtype=np.int8)[pick]  # claims < 128
            continue
        moves, rows = policy[history]
        value = np.zeros(ix.N_HANDS)
        for move, row in zip(moves, rows, strict=True):
            after_weights = weights * row
            if not after_weights.any():
                continue
            moved = after_weights.sum()
            if move == CALL:  # the solution calls the responder's bid
                value += 2.0 * sums.claim(after_weights, last) - moved
                continue
            after = (*history, move)
            if after in best:
                value += best[after]
                continue
            # outside the tree: the responder calls, or raises by one and is called
            call = moved - 2.0 * sums.claim(after_weights, move)
            raise_ = (
                2.0 * sums.claim(after_weights, move + 1) - moved
                if move + 1 < n
                else np.full(ix.N_HANDS, -np.inf)
            )
            value += np.maximum(call, raise_)
            chosen[after] = np.where(raise_ > call, RAISE, CALL).astype(np.int8)
        best[history] = value
    top = float(chances @ best[()])
    return ClaimsResponse(seat, top if seat == 1 else -top, chosen)
