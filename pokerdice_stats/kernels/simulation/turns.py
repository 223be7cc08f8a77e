"""One player's turn under a best-keep table, and chunks of independent turns.

A throw of the ``m`` dice not kept is one number ``c`` below ``6**m`` (see
:mod:`.rng`); ``dice.thrown_cc[m, c]`` is the count code
(``sum(count[r] * 6**r)``) of the thrown dice, and since counts never exceed
five, the count code of kept plus thrown dice is the sum of the two codes,
looked up to a hand index in ``dice.cc_to_hand``; ``dice.keep_hand`` holds that
hand for every keep and ``c`` in one small table, which the turn reads.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_inline as inline
from pokerdice_stats.kernels._numba import jit_no_refcount as inner
from pokerdice_stats.kernels.simulation.rng import FIVE_DICE, below_words, load_words, store_words


@inner
def play_turn(state, best, policy, throws_left, states, dice):
    """One turn under policy ``policy``; returns ``(final hand, throws taken)``.

    :func:`play_turn_words` on the generator state array ``state`` (advanced).
    """
    words = load_words(state)
    if states == 0:  # the constant lets the compiler drop the branches on the state kind
        h, used, words = play_turn_words(words, best, policy, throws_left, 0, dice)
    else:
        h, used, words = play_turn_words(words, best, policy, throws_left, states, dice)
    store_words(state, words)
    return h, used


@inline
def play_turn_words(words, best, policy, throws_left, states, dice):
    """One turn under policy ``policy``; returns ``(final hand, throws taken, words)``.

    Parameters
    ----------
    words : tuple of six uint64
        Generator state words (:func:`~pokerdice_stats.kernels.simulation.rng.load_words`);
        the advanced words are returned.
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

    Hands, keeps and draws are held unsigned, so that numba indexes the tables
    without its negative-index check.
    """
    table = best[policy]
    c, words = below_words(words, FIVE_DICE, dice.thresholds[5])
    h = np.uint64(dice.keep_hand[c])  # the empty keep's outcomes come first
    aside = np.uint64(dice.hand_keep[h]) if states == 2 else np.uint64(0)
    used = 1
    for t in range(throws_left, 0, -1):
        s = np.uint64(dice.state_of[aside, h]) if states != 0 else h
        k = np.uint64(table[t - 1, s])
        if k == np.uint64(dice.hand_keep[h]):
            break
        c, words = below_words(words, dice.keep_draws[k], dice.keep_thresholds[k])
        h = np.uint64(dice.keep_hand[np.uint64(dice.keep_offset[k]) + c])
        aside = np.uint64(dice.keep_intersection[aside, k]) if states == 2 else k
        used += 1
    return np.int64(h), used, words


@jit
def turns_chunk(state, n, game, tally):
    """``n`` turns of ``game`` (a ``TurnGame``): final hands and throws taken to ``tally``
    (a ``TurnTally``); the generator in local variables from the first turn to the last."""
    words = _turns(
        load_words(state),
        n,
        game.best,
        game.policy,
        game.throws_left,
        game.states,
        game.dice,
        tally.final_hands,
        tally.throws_used,
    )
    store_words(state, words)


@inner
def _turns(words, n, best, policy, throws_left, states, dice, final_hands, throws_used):
    """The loop of :func:`turns_chunk` (no reference counting; the turn inlined)."""
    if states == 0:
        return _turns_over_hands(
            words, n, best, policy, throws_left, dice, final_hands, throws_used
        )
    for _ in range(n):
        h, used, words = play_turn_words(words, best, policy, throws_left, states, dice)
        final_hands[h] += 1
        throws_used[used] += 1
    return words


@inner
def _turns_over_hands(words, n, best, policy, throws_left, dice, final_hands, throws_used):
    """:func:`_turns` where the state is the hand (``states`` 0): the turn inlined with the
    constant, so the compiler drops its branches on the state kind (about 10% faster; the
    same draws)."""
    for _ in range(n):
        h, used, words = play_turn_words(words, best, policy, throws_left, 0, dice)
        final_hands[h] += 1
        throws_used[used] += 1
    return words
