"""Games of bidding for two: both throws, then the bids drawn from behaviour strategies."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.rng import FIVE_DICE, FIVE_DICE_THRESHOLD, below, next_u53

_UNIT = 2.0**-53


class BidGame(NamedTuple):
    """The public tree and both strategies, as arrays (built by
    :func:`pokerdice_stats.games.bidding.simulation.solved.bid_game`).

    History ``i`` (0 the empty one) is moved at by seat ``mover[i]``; its moves
    are ``ptr[i] .. ptr[i + 1] - 1``: move ``k`` is sequence ``seq[k]`` of the
    mover's strategy and leads to history ``child[k]`` (-1: a call of the bid
    ``last[i]``).  ``chances1`` / ``chances2``: (sequences, 252), each sequence's
    chance by own hand; a sequence ``s`` past their rows is row ``s - len(chances)``
    of ``added`` (booleans: which hands make it), shared by both seats.  Rows, not
    columns, so a solution's own ``(moves, 252)`` table is read in place.
    """

    code_hand: np.ndarray  # (7776,) int64
    pair_rung: np.ndarray  # (252, 252) int64
    mover: np.ndarray  # (H,) int64
    last: np.ndarray  # (H,) int64
    ptr: np.ndarray  # (H + 1,) int64
    child: np.ndarray  # (M,) int64
    seq: np.ndarray  # (M,) int64
    chances1: np.ndarray  # (S1, 252) float64
    chances2: np.ndarray  # (S2, 252) float64
    added: np.ndarray  # (A, 252) bool


class BidTally(NamedTuple):
    """``result[0]``: the sum of seat 1's results (+1 / -1); ``seat1_wins[0]``;
    ``bids[0]``: bids made in all; ``called[r]``: games ending with rung ``r`` called."""

    result: np.ndarray
    seat1_wins: np.ndarray
    bids: np.ndarray
    called: np.ndarray


@jit
def _chance(chances, added, sequence, hand):
    """The chance of ``sequence`` for ``hand``: a row of ``chances``, else of ``added``."""
    if sequence < chances.shape[0]:
        return chances[sequence, hand]
    return 1.0 if added[sequence - chances.shape[0], hand] else 0.0


@jit
def bidding_chunk(state, n, game, tally):
    """Play ``n`` games of ``game`` (a :class:`BidGame`) and add them to ``tally``."""
    threshold = np.uint64(FIVE_DICE_THRESHOLD)
    for _ in range(n):
        h1 = game.code_hand[below(state, FIVE_DICE, threshold)]
        h2 = game.code_hand[below(state, FIVE_DICE, threshold)]
        node = 0
        while True:
            seat = game.mover[node]
            u = np.float64(next_u53(state)) * _UNIT
            start, stop = game.ptr[node], game.ptr[node + 1]
            chosen = stop - 1
            acc = 0.0
            for k in range(start, stop):
                if seat == 1:
                    acc += _chance(game.chances1, game.added, game.seq[k], h1)
                else:
                    acc += _chance(game.chances2, game.added, game.seq[k], h2)
                if u < acc:
                    chosen = k
                    break
            nxt = game.child[chosen]
            if nxt < 0:
                rung = game.last[node]
                holds = game.pair_rung[h1, h2] >= rung
                bidder = 3 - seat
                winner = bidder if holds else seat
                tally.called[rung] += 1
                if winner == 1:
                    tally.result[0] += 1
                    tally.seat1_wins[0] += 1
                else:
                    tally.result[0] -= 1
                break
            tally.bids[0] += 1
            node = nxt
