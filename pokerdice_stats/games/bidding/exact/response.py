"""Playing out bidding strategies in the full game: results and best responses.

A *behaviour strategy* of a seat is an array ``(252, n_sequences)``: for an
own hand and a move ``(history, action)`` of the seat, the chance it makes
that move when it is to move after ``history`` (column 0, the empty
sequence, is unused).  Everything here walks the public tree history by
history with one vector per seat over the 252 hands (the chance of each hand
times the chance the seat's own moves so far were played), so it knows
nothing of hand classes or of the linear program: it is the independent
check of an equilibrium.

Results are seat 1's, in units won per game (+1 a win, -1 a loss).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree, mover
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.fixed_order import dot

__all__ = ["best_response", "exploitability", "play_value"]


def _signs(ladder: BidLadder) -> list[np.ndarray]:
    """For each rung: +1 where the ten dice make it, else -1, by (seat-1 hand, seat-2 hand)."""
    return [np.where(ladder.pair_rung >= b, 1.0, -1.0) for b in range(ladder.n_rungs)]


def _chances(chances: np.ndarray | None = None) -> np.ndarray:
    """The chance of each hand: the throw's (default), or ``chances`` (a reduced deal)."""
    if chances is None:
        return ix.HAND_WAYS / ix.N_THROWS
    return np.asarray(chances, dtype=float)


def play_value(
    tree: BidTree,
    ladder: BidLadder,
    strategy1: np.ndarray,
    strategy2: np.ndarray,
    chances: np.ndarray | None = None,
) -> float:
    """Seat 1's expected result when both seats play the given behaviour strategies.

    ``chances``: each hand's chance of being dealt (default: the throw's).
    """
    signs = _signs(ladder)
    total = 0.0
    start = _chances(chances)
    stack: list[tuple[tuple[int, ...], np.ndarray, np.ndarray]] = [((), start, start)]
    while stack:
        history, reach1, reach2 = stack.pop()
        seat = mover(history)
        own = strategy1 if seat == 1 else strategy2
        for action in tree.actions(history):
            move = tree.seq_index[seat][(history, action)]
            chance = own[:, move]
            r1 = reach1 * chance if seat == 1 else reach1
            r2 = reach2 * chance if seat == 2 else reach2
            if action == CALL:
                bidder_sign = 1.0 if seat == 2 else -1.0
                total += bidder_sign * float(dot(r1, dot(signs[history[-1]], r2)))
            else:
                stack.append(((*history, action), r1, r2))
    return total


def best_response(
    tree: BidTree,
    ladder: BidLadder,
    strategy: np.ndarray,
    seat: int,
    chances: np.ndarray | None = None,
) -> tuple[float, np.ndarray]:
    """The best ``seat`` can do against the other seat's fixed behaviour ``strategy``.

    Parameters
    ----------
    seat : int
        The responding seat (1 or 2); ``strategy`` is the other seat's.

    Returns
    -------
    value : float
        Seat 1's expected result when ``seat`` responds best (the largest if
        ``seat`` is 1, the smallest if 2).
    pure : (252, n_sequences(seat)) array
        A best response as a pure behaviour strategy (0/1 by own hand and move).
    """
    signs = _signs(ladder)
    other = 3 - seat
    # Seat 1's results as the responder's gain: +1 for seat 1, -1 for seat 2.
    flip = 1.0 if seat == 1 else -1.0
    pure = np.zeros((ix.N_HANDS, tree.n_sequences(seat)))

    def walk(history: tuple[int, ...], reach: np.ndarray) -> np.ndarray:
        """Responder's gain by own hand (weighted by the other's reach, not own chance)."""
        to_move = mover(history)
        values = []
        moves = []
        for action in tree.actions(history):
            move = tree.seq_index[to_move][(history, action)]
            after = reach * strategy[:, move] if to_move == other else reach
            if action == CALL:
                bidder_sign = 1.0 if to_move == 2 else -1.0
                table = signs[history[-1]] if seat == 1 else signs[history[-1]].T
                values.append(flip * bidder_sign * dot(table, after))
            else:
                values.append(walk((*history, action), after))
            moves.append(move)
        if to_move == other:
            return np.sum(values, axis=0)
        stacked = np.array(values)
        best = np.argmax(stacked, axis=0)
        pure[np.arange(ix.N_HANDS), np.array(moves)[best]] = 1.0
        return stacked.max(axis=0)

    gain = walk((), _chances(chances))
    return flip * float(dot(_chances(chances), gain)), pure


def exploitability(
    tree: BidTree,
    ladder: BidLadder,
    strategy1: np.ndarray,
    strategy2: np.ndarray,
    chances: np.ndarray | None = None,
) -> tuple[float, float, float]:
    """Best-response bounds on the value, and their gap.

    Returns
    -------
    lower, upper, gap : float
        ``lower``: seat 1's result when seat 2 answers ``strategy1`` best;
        ``upper``: seat 1's result when it answers ``strategy2`` best;
        ``gap = upper - lower`` (0 exactly at an equilibrium; the game's value
        lies in ``[lower, upper]``).  The gap is the sum of both seats' best-response
        gains over what the two strategies get against each other (seat 1's
        ``upper - value``, seat 2's ``value - lower``): OpenSpiel's NashConv
        (``nash_conv``), twice OpenSpiel's ``exploitability``; no one seat gains it all.
    """
    lower, _ = best_response(tree, ladder, strategy1, seat=2, chances=chances)
    upper, _ = best_response(tree, ladder, strategy2, seat=1, chances=chances)
    return lower, upper, upper - lower
