"""Rounds in which each later seat sees the earlier final hands (and plays its best answer).

A seat's policy is ``game.lookup[allowed, n, i, n_at_best, best_strength + 1]``:
``allowed`` the throws it may take (all, or the first player's under the throw
limit), ``n`` the seats in the (sub-)round, ``i`` its place in it,
``n_at_best`` the number of earlier seats holding the best strength so far (0
for the first seat); -1 where no policy was built (a bug in the tables).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_no_refcount as inner
from pokerdice_stats.kernels.codes import (
    STARTER_AFTER_LAST,
    STARTER_ROTATE,
    TIE_MUST_BEAT,
    TIE_ROLL_OFF,
)
from pokerdice_stats.kernels.simulation.records import RoundScratch
from pokerdice_stats.kernels.simulation.shares import credit_shares
from pokerdice_stats.kernels.simulation.turns import play_turn


@inner
def play_round_from(state, game, n_seats, scratch, holder_hand, holder_used):
    """One round among ``n_seats`` seats, numbered by their place in the throwing order.

    Under the roll-off rule, exact ties for the best hand throw again in seat
    order until one wins (a roll-off is a round among the tied seats, whose
    first player sets the throw limit afresh).  Under must-beat, a seat that
    only ties the best so far is out.  Under split and push the tied seats are
    all returned.

    Parameters
    ----------
    state : uint64[6]
    game : RoundGame
        See :class:`~pokerdice_stats.kernels.simulation.records.RoundGame`.
    n_seats : int
    scratch : RoundScratch
        On return ``scratch.order[:n_winners]`` are the winning places (the
        earliest to reach the best strength first) and ``scratch.final[place]``
        each seat's final hand (of the last sub-round it played).
    holder_hand, holder_used : int
        With ``holder_hand >= 0`` the first seat does not throw in the first
        (sub-)round: its final hand is ``holder_hand``, taken in ``holder_used``
        throws (the hand to beat of a round in progress; a roll-off throws again).

    Returns
    -------
    n_winners : int
    last : int
        The place of the last seat to throw (for the start rule of the next round).
    subrounds : int
        Rounds played, roll-offs included; -1 if a lookup found no policy.
    """
    order = scratch.order
    for i in range(n_seats):
        order[i] = i
    n = n_seats
    subrounds = 0
    last = n_seats - 1
    while True:
        subrounds += 1
        best_s = -1
        n_best = 0
        limit = game.throws - 1
        # The seats holding the best so far are kept at the front of ``order``.
        for i in range(n):
            seat = order[i]
            if holder_hand >= 0 and subrounds == 1 and i == 0:
                h = holder_hand
                used = holder_used
            else:
                p = game.lookup[limit + 1, n, i, n_best, best_s + 1]
                if p < 0:
                    return 0, last, -1
                h, used = play_turn(state, game.best, p, limit, game.states, game.dice)
            if game.throw_limit and i == 0:
                limit = used - 1
            scratch.final[seat] = h
            s = game.strength[h]
            if s > best_s:
                best_s = s
                order[i] = order[0]
                order[0] = seat
                n_best = 1
            elif s == best_s and game.tie_rule != TIE_MUST_BEAT:
                order[i] = order[n_best]
                order[n_best] = seat
                n_best += 1
            last = seat
        if n_best == 1 or game.tie_rule != TIE_ROLL_OFF:
            return n_best, last, subrounds
        # Roll-off: the tied seats throw again, in seat order.
        sort_seats(order, n_best)
        n = n_best


@inner
def play_round(state, game, n_seats, scratch):
    """One round from the start: :func:`play_round_from` with every seat throwing."""
    # int64s, not literals: the one compiled round of every game (the hold-up's too)
    return play_round_from(state, game, n_seats, scratch, np.int64(-1), np.int64(0))


@inner
def sort_seats(order, n):
    """Sort ``order[:n]`` in place (insertion sort: at most five seats)."""
    for i in range(1, n):
        v = order[i]
        j = i - 1
        while j >= 0 and order[j] > v:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = v


@inner
def next_start(start, starter, last, winner, players):
    """The player who starts the next round (``starter`` a ``STARTER_*`` code).

    ``start`` began this round, ``last`` (a place counted from ``start``) threw
    last and ``winner`` (a player) won it.
    """
    if starter == STARTER_AFTER_LAST:
        return (start + last + 1) % players
    if starter == STARTER_ROTATE:
        return (start + 1) % players
    return winner


@jit
def new_scratch(players):
    """Scratch space of a round of ``players`` seats."""
    return RoundScratch(np.empty(players, dtype=np.int64), np.empty(players, dtype=np.int64))


@jit
def rounds_chunk(state, n, players, game, tally):
    """``n`` rounds of ``players`` seats (seat 1 throws first).

    Adds to ``tally`` (a ``RoundTally``): each seat's share of the win in
    ``SHARE_UNIT`` units (:func:`~.shares.credit_shares`) and its square, the rounds it
    won alone, ``last_thrower[winner, last]`` the rounds won by ``winner`` whose
    last thrower was ``last`` (single winners), the rounds played including
    roll-offs (``subrounds``) and lookups that found no policy (``no_policy``).
    """
    scratch = new_scratch(players)
    for _ in range(n):
        k, last, sub = play_round(state, game, players, scratch)
        if sub < 0:
            tally.no_policy[0] += 1
            continue
        tally.subrounds[0] += sub
        credit_shares(tally.share, tally.share_sq, scratch.order, k)
        if k == 1:
            tally.outright[scratch.order[0]] += 1
            tally.last_thrower[scratch.order[0], last] += 1
