"""Blind rounds: no seat sees another's hand (banking, 004).

A seat's mixture of pure strategies is
``game.seat_policy[game.seat_ptr[seat]:game.seat_ptr[seat + 1]]`` (indices into
``game.best``) with cumulative weights ``game.seat_cdf`` in units of ``2**-53``
(the last entry of a seat is ``2**53``).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_no_refcount as inner
from pokerdice_stats.kernels.codes import TIE_MUST_BEAT, TIE_ROLL_OFF
from pokerdice_stats.kernels.simulation.rng import next_u53
from pokerdice_stats.kernels.simulation.shares import credit_shares
from pokerdice_stats.kernels.simulation.turns import play_turn


@inner
def draw_policy(state, seat, seat_ptr, seat_policy, seat_cdf):
    """The pure strategy seat ``seat`` plays this round (an index into ``best``).

    A seat with one pure strategy takes no random draw; otherwise one 53-bit
    uniform number picks the strategy.
    """
    a = seat_ptr[seat]
    b = seat_ptr[seat + 1]
    if b - a == 1:
        return seat_policy[a]
    u = next_u53(state)
    for j in range(a, b - 1):
        if u < seat_cdf[j]:
            return seat_policy[j]
    return seat_policy[b - 1]


@inner
def blind_pass(state, game, seats, n, order, hands):
    """One blind (sub-)round: seats ``seats[:n]`` (in seat order) each draw a pure
    strategy and play it with every throw of the turn, never looking at the others.

    Each seat's final hand goes to ``hands[seat]``.  The seats holding the best
    strength go to ``order`` in seat order (under must-beat only the earliest:
    a later seat that only ties is out); returns how many.
    """
    best_s = -1
    n_best = 0
    for i in range(n):
        seat = seats[i]
        p = draw_policy(state, seat, game.seat_ptr, game.seat_policy, game.seat_cdf)
        h, _ = play_turn(state, game.best, p, game.throws - 1, game.states, game.dice)
        hands[seat] = h
        s = game.strength[h]
        if s > best_s:
            best_s = s
            n_best = 0
        if s == best_s and (n_best == 0 or game.tie_rule != TIE_MUST_BEAT):
            order[n_best] = seat
            n_best += 1
    return n_best


@jit
def blind_rounds_chunk(state, n, players, game, tally):
    """``n`` blind rounds of ``players`` seats (see :func:`blind_pass`).

    The best hand wins; on exact ties split and push share the win among the
    tied seats, must-beat gives it to the earliest, and under roll-off the
    tied seats play a blind round again (each drawing its strategy afresh)
    until one wins.  Adds to ``tally`` (a ``BlindTally``) each seat's share of
    the win in ``SHARE_UNIT`` units (:func:`~.shares.credit_shares`) and its
    square, the rounds it won alone, its final hand of the first (sub-)round
    (``final_hands[seat, hand]``) and the rounds played, roll-offs included
    (``subrounds``).
    """
    seats = np.arange(players)
    order = np.empty(players, dtype=np.int64)
    tied = np.empty(players, dtype=np.int64)
    hands = np.empty(players, dtype=np.int64)
    for _ in range(n):
        k = blind_pass(state, game, seats, players, order, hands)
        for seat in range(players):
            tally.final_hands[seat, hands[seat]] += 1
        sub = 1
        while k > 1 and game.tie_rule == TIE_ROLL_OFF:
            for j in range(k):
                tied[j] = order[j]
            k = blind_pass(state, game, tied, k, order, hands)
            sub += 1
        tally.subrounds[0] += sub
        credit_shares(tally.share, tally.share_sq, order, k)
        if k == 1:
            tally.outright[order[0]] += 1
