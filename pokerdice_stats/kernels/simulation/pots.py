"""Sessions of rounds played for an ante: the winner of each round takes the pot."""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.codes import SHARE_UNIT
from pokerdice_stats.kernels.simulation.rounds import new_scratch, next_start, play_round


@jit
def pots_chunk(state, n, session, game, tally):
    """``n`` sessions of ``session.rounds`` rounds (a ``PotSession``) with an ante.

    Every player antes ``session.ante`` each round; the pot goes to the winner
    (shared equally on a split).  Amounts are in ``SHARE_UNIT`` units of the
    ante, so shares stay whole.  The start of the next round follows
    ``session.starter`` (:func:`~.rounds.next_start`).  Adds each player's net
    result after the session to ``tally.net`` (and its square to ``tally.net_sq``).
    """
    players = session.players
    scratch = new_scratch(players)
    chips = np.empty(players, dtype=np.int64)
    stake = SHARE_UNIT * session.ante
    for _ in range(n):
        chips[:] = 0
        start = 0
        for _r in range(session.rounds):
            k, last, sub = play_round(state, game, players, scratch)
            if sub < 0:
                tally.no_policy[0] += 1
                break
            tally.subrounds[0] += sub
            pot = stake * players
            for j in range(players):
                chips[j] -= stake
            for j in range(k):
                chips[(start + scratch.order[j]) % players] += pot // k
            winner = (start + scratch.order[0]) % players
            start = next_start(start, session.starter, last, winner, players)
        for j in range(players):
            tally.net[j] += chips[j]
            tally.net_sq[j] += chips[j] * chips[j]
