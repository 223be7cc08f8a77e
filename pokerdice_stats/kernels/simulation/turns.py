"""One player's turn under a best-keep table, and chunks of independent turns.

A throw of the ``m`` dice not kept is one number ``c`` below ``6**m`` (see
:mod:`.rng`); ``dice.thrown_cc[m, c]`` is the count code
(``sum(count[r] * 6**r)``) of the thrown dice, and since counts never exceed
five, the count code of kept plus thrown dice is the sum of the two codes,
looked up to a hand index in ``dice.cc_to_hand``; ``dice.keep_hand`` holds that
hand for every keep and ``c`` in one small table, which the turn reads.
"""

from __future__ import annotations

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_no_refcount as inner
from pokerdice_stats.kernels.simulation.rng import FIVE_DICE, below


@inner
def play_turn(state, best, policy, throws_left, states, dice):
    """One turn under policy ``policy``; returns ``(final hand, throws taken)``.

    Parameters
    ----------
    state : uint64[6]
        Generator state (advanced).
    best : (P, T - 1, S) int16
        Best-keep tables (see :mod:`pokerdice_stats.kernels.simulation`).
    policy : int
        Which table of ``best``.
    throws_left : int
        Throws allowed after the first (``T - 1`` normally; fewer under a throw limit).
    states : int
        The state kind: 0 hands; 1 ``(aside, hand)`` positions (sticky holds);
        2 ``(untouched, hand)`` positions (turn-scoped ``max_rethrow``: the
        first-throw dice never thrown again, all five after the first throw,
        then those the keeps carry on).
    dice : DiceTables
        See :class:`~pokerdice_stats.kernels.simulation.records.DiceTables`.
    """
    c = below(state, FIVE_DICE, dice.thresholds[5])
    h = dice.keep_hand[c]  # the empty keep's outcomes come first
    aside = dice.hand_keep[h] if states == 2 else 0
    used = 1
    for t in range(throws_left, 0, -1):
        s = dice.state_of[aside, h] if states != 0 else h
        k = best[policy, t - 1, s]
        if k == dice.hand_keep[h]:
            break
        c = below(state, dice.keep_draws[k], dice.keep_thresholds[k])
        h = dice.keep_hand[dice.keep_offset[k] + c]
        aside = dice.keep_intersection[aside, k] if states == 2 else k
        used += 1
    return h, used


@jit
def turns_chunk(state, n, game, tally):
    """``n`` turns of ``game`` (a ``TurnGame``): final hands and throws taken to ``tally``
    (a ``TurnTally``)."""
    for _ in range(n):
        h, used = play_turn(state, game.best, game.policy, game.throws_left, game.states, game.dice)
        tally.final_hands[h] += 1
        tally.throws_used[used] += 1
