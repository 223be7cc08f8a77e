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
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.fixed_order import dot

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["RAISE", "ClaimsResponse", "claims_best_response"]

#: A history of claims, oldest first.
History = tuple[int, ...]

#: Most histories whose sums are worked out together (at most 21 products of 252 values
#: each, some 45 MB, and as much again for the weights stacked).
CHUNK = 1024

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

    def frame(self) -> pd.DataFrame:
        """One row a history where the responder moves and a move it makes there:
        ``history`` (its claims, comma-separated), ``move`` (a claim, ``CALL`` -1 or
        ``RAISE`` -2) and ``chance`` (of the responder's own hands that make it, by their
        chance: each history's sum to 1)."""
        import pandas as pd

        weights = ix.HAND_WAYS / ix.N_THROWS
        rows = []
        for history, moves in self.moves.items():
            text = ",".join(str(c) for c in history)
            for move in np.unique(moves):
                chance = float(weights[moves == move].sum())
                rows.append({"history": text, "move": int(move), "chance": chance})
        return pd.DataFrame(rows, columns=["history", "move", "chance"])

    def __repr__(self) -> str:
        return short_repr(self, seat=self.seat, value=self.value, histories=len(self.moves))


class _Sums:
    """``g[c][y]``: the weight of the solution's hands ``x`` with which the pair makes
    claim ``c`` or higher, for the responder's hand ``y``, by matrix products.

    Asked for many weight vectors at once (:meth:`ask`, then :meth:`work`): the vectors
    of one claim are stacked and multiplied in one product (a public state's vectors
    alone were 2 s of the classic fine ladder's 3.7 s)."""

    def __init__(self, result: ClaimsBidding, responder: int) -> None:
        pair = np.asarray(result.claims.pair_rung)
        if responder == 1:  # rows: the solution's hand (seat 2), columns: the responder's
            pair = pair.T
        self.n = result.claims.n_rungs
        # at_least[c][x, y] = 1 when hands x (solution) and y (responder) make claim c or more
        self.at_least = [(pair >= c).astype(np.float64) for c in range(self.n)]
        self._asked: dict[int, list[np.ndarray]] = {}
        self._done: dict[int, np.ndarray] = {}

    def ask(self, weights: np.ndarray, c: int) -> tuple[int, int]:
        """Queue ``g[c]`` of ``weights``; the ticket :meth:`answer` reads it back by."""
        queue = self._asked.setdefault(c, [])
        queue.append(weights)
        return c, len(queue) - 1

    def work(self) -> None:
        """Every queued product, one a claim."""
        self._done = {c: dot(np.stack(rows), self.at_least[c]) for c, rows in self._asked.items()}
        self._asked = {}

    def answer(self, ticket: tuple[int, int]) -> np.ndarray:
        """``(252,)``: the queued product of ``ticket`` (after :meth:`work`)."""
        c, row = ticket
        return self._done[c][row]


def claims_best_response(result: ClaimsBidding, seat: int) -> ClaimsResponse:
    """Seat ``seat``'s best response in the full game to the other seat's solution.

    Worked out once per solution (a few seconds on the classic fine ladder), kept with
    the solution object and in the toolkit's cache folder (:meth:`ClaimsBidding.kept`).

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims (from
        :func:`~pokerdice_stats.games.bidding.exact.claims_answer.solve_claims`).
    seat : int
        The responder, 1 or 2.

    Returns
    -------
    ClaimsResponse
        The responder's move by own hand at each claim history, and seat 1's expected
        result when it plays them.

    Raises
    ------
    OptionError
        For a result that is not a ``ClaimsBidding`` or a seat other than 1 or 2.
    """
    if not isinstance(result, ClaimsBidding):
        raise OptionError(
            f"result must be a ClaimsBidding (from solve_claims), got {shown(result)}"
        )
    if isinstance(seat, bool) or seat not in (1, 2):
        raise OptionError(f"seat must be 1 or 2, got {shown(seat)}")
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
    by_depth: dict[int, list[tuple[int, ...]]] = {}
    for history in reach:
        by_depth.setdefault(len(history), []).append(history)
    # the deepest histories first; the sums of up to CHUNK histories of a depth asked for,
    # then worked out at once (a whole depth's would hold hundreds of MB on a big tree)
    for depth in sorted(by_depth, reverse=True):
        at_depth = by_depth[depth]
        for first in range(0, len(at_depth), CHUNK):
            histories = at_depth[first : first + CHUNK]
            if depth % 2 + 1 == seat:
                _responder_moves(histories, reach, sums, n, best, chosen)
            else:
                _solution_moves(histories, reach, policy, sums, n, best, chosen)
    top = float(dot(chances, best[()]))
    return ClaimsResponse(seat, top if seat == 1 else -top, chosen)


def _responder_moves(
    histories: list[History],
    reach: dict[History, np.ndarray],
    sums: _Sums,
    n: int,
    best: dict[History, np.ndarray],
    chosen: dict[History, np.ndarray],
) -> None:
    """The responder's best move at each of ``histories`` (one depth), into ``best`` and
    ``chosen``: call the solution's bid (it wins if the bid is false), or bid a claim
    (inside the tree the solution answers, outside it calls)."""
    tickets: dict[History, dict[int, tuple[int, int]]] = {}
    for history in histories:
        weights = reach[history]
        last = history[-1] if history else -1
        asked = [c for c in range(max(last, 0), n) if c == last or (*history, c) not in best]
        tickets[history] = {c: sums.ask(weights, c) for c in asked}
    sums.work()
    for history in histories:
        weights = reach[history]
        total = weights.sum()
        last = history[-1] if history else -1
        got = tickets[history]
        options, values = [], []
        if history:  # call the solution's bid: the responder wins if it is false
            options.append(CALL)
            values.append(total - 2.0 * sums.answer(got[last]))
        for c in range(last + 1, n):
            options.append(c)
            after = (*history, c)
            if after in best:
                values.append(best[after])
            else:  # the solution calls: the responder wins if the claim holds
                values.append(2.0 * sums.answer(got[c]) - total)
        table = np.array(values)
        pick = np.argmax(table, axis=0)  # the first of equal values
        best[history] = table[pick, np.arange(ix.N_HANDS)]
        chosen[history] = np.array(options, dtype=np.int8)[pick]  # claims < 128


def _solution_moves(
    histories: list[History],
    reach: dict[History, np.ndarray],
    policy: dict[History, tuple[tuple[int, ...], np.ndarray]],
    sums: _Sums,
    n: int,
    best: dict[History, np.ndarray],
    chosen: dict[History, np.ndarray],
) -> None:
    """The responder's best result at each of ``histories`` (one depth), where the
    solution plays its chances, into ``best`` (and, after a bid of the solution outside
    its tree, the responder's call or raise by one into ``chosen``)."""
    work: list[tuple[History, int, np.ndarray, tuple[int, int] | None, tuple[int, int] | None]]
    work = []
    for history in histories:
        weights = reach[history]
        last = history[-1] if history else -1
        moves, rows = policy[history]
        after_all = rows * weights  # the solution's weights after each of its moves
        for i in np.flatnonzero(after_all.any(axis=1)).tolist():
            move, after_weights = moves[i], after_all[i]
            if move == CALL:  # the solution calls the responder's bid
                work.append((history, move, after_weights, sums.ask(after_weights, last), None))
            elif (*history, move) not in best:  # outside the tree
                raised = sums.ask(after_weights, move + 1) if move + 1 < n else None
                work.append((history, move, after_weights, sums.ask(after_weights, move), raised))
            else:
                work.append((history, move, after_weights, None, None))
    sums.work()
    value = {history: np.zeros(ix.N_HANDS) for history in histories}
    for history, move, after_weights, ticket, raised in work:
        after = (*history, move)
        if ticket is None:  # a bid inside the tree
            value[history] += best[after]
            continue
        moved = after_weights.sum()
        if move == CALL:
            value[history] += 2.0 * sums.answer(ticket) - moved
            continue
        # outside the tree: the responder calls, or raises by one and is called
        call = moved - 2.0 * sums.answer(ticket)
        raise_ = (
            2.0 * sums.answer(raised) - moved
            if raised is not None
            else np.full(ix.N_HANDS, -np.inf)
        )
        value[history] += np.maximum(call, raise_)
        chosen[after] = np.where(raise_ > call, RAISE, CALL).astype(np.int8)
    best.update(value)
