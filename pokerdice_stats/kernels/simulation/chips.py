"""Rounds in progress (the chips game): the first seat already holds its final hand."""

from __future__ import annotations

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.rounds import new_scratch, play_round_from
from pokerdice_stats.kernels.simulation.shares import credit_shares


@jit
def holdup_chunk(state, n, holder, game, tally):
    """``n`` rounds in which seat 1 of ``holder.players`` already holds ``holder.hand``
    (taken in ``holder.throws_used`` throws; a ``Holder``).

    The later seats play as in a round of ``holder.players``; adds each seat's
    share of the pot (``SHARE_UNIT`` units) to ``tally.share`` and its square to
    ``tally.share_sq`` (a ``ShareTally``).
    """
    scratch = new_scratch(holder.players)
    for _ in range(n):
        k, _last, sub = play_round_from(
            state, game, holder.players, scratch, holder.hand, holder.throws_used
        )
        if sub < 0:
            tally.no_policy[0] += 1
            continue
        tally.subrounds[0] += sub
        credit_shares(tally.share, tally.share_sq, scratch.order, k)
