"""Kernels of the optimal-hold dynamic program.

Every kernel works on a batch of goals at once (axis 0) and on either int64
numerators (exact) or float64 values; the caller scales, but over hands, where the
value of every keep is summed one die at a time
(``pokerdice_stats.ground.indexing.DIE_BY_DIE``: six additions a keep) and the kernels
scale the sums themselves (numerators out of 7776, or float means).  The reroll model
is the sparse matrix ``keep -> (hand, ways out of 7776)`` of
``pokerdice_stats.ground.indexing.REROLL``; its non-zero positions also index the
states ``(aside, hand)`` of the sticky-holds rule, since a hand can
follow a keep exactly when the keep is a sub-multiset of the hand.

Non-sticky states are hands (252); sticky states are REROLL positions (4368).
The stand option of a state is always listed first (it keeps the most dice);
other keeps follow in the canonical order of ``SUBKEEPS``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pokerdice_stats.kernels._numba import jit, jit_parallel, prange
from pokerdice_stats.kernels._numba import jit_inline as inline

# a batch's goals side by side, the blocks shared out among threads
from pokerdice_stats.kernels.hold_wide import backward_hands_wide as backward_hands_wide
from pokerdice_stats.kernels.numpy_reroll import (  # the object versions live with the twins
    expect_keeps_object as expect_keeps_object,
)
from pokerdice_stats.kernels.numpy_reroll import (
    expect_keeps_sticky_object as expect_keeps_sticky_object,
)
from pokerdice_stats.kernels.states_wide import best_options_wide as best_options_wide
from pokerdice_stats.kernels.states_wide import expect_wide as expect_wide


@jit_parallel
def expect_keeps(values, reroll_ptr, reroll_hand, reroll_ways, out):
    """``out[g, k] = sum over hands h' of ways(k -> h') * values[g, h']``."""
    n_goals = values.shape[0]
    n_keeps = reroll_ptr.shape[0] - 1
    for g in prange(n_goals):
        for k in range(n_keeps):
            acc = values[g, 0] * 0
            for pos in range(reroll_ptr[k], reroll_ptr[k + 1]):
                acc += reroll_ways[pos] * values[g, reroll_hand[pos]]
            out[g, k] = acc


@jit_parallel
def expect_keeps_by_die(values, hand_keep, grow, order, scale, throws, out):
    """The keep values over hands, one die at a time
    (:class:`~pokerdice_stats.ground.indexing.DieByDie`).

    ``W(k)`` is the sum of ``values[g]`` over the throws of the dice keep ``k`` leaves:
    a five-dice keep's hand value, else ``W(k + face 0) + ... + W(k + face 5)`` added in
    that order.  ``out[g, k]`` is ``W(k) * scale[k]`` (the numerators out of 7776 of
    :func:`expect_keeps` on the reroll model) when ``throws`` is None, else the mean
    ``W(k) / throws[k]``.
    """
    for g in prange(values.shape[0]):
        _keeps_by_die(values[g], hand_keep, grow, order, scale, throws, out[g])


@inline
def _keeps_by_die(values, hand_keep, grow, order, scale, throws, row):
    """One goal of :func:`expect_keeps_by_die`: ``values`` (252,) into ``row`` (462,)."""
    for h in range(values.shape[0]):
        row[hand_keep[h]] = values[h]
    for i in range(order.shape[0]):
        k = order[i]
        acc = row[grow[k, 0]]
        for f in range(1, 6):
            acc += row[grow[k, f]]
        row[k] = acc
    for k in range(row.shape[0]):
        if throws is None:
            row[k] = row[k] * scale[k]
        else:
            row[k] = row[k] / throws[k]


@jit_parallel
def expect_keeps_sticky(state_values, reroll_ptr, reroll_ways, out):
    """Sticky holds: ``out[g, k] = sum over positions p of row k of ways[p] * state_values[g, p]``.

    ``state_values[g, p]`` is the value of state ``(aside=k, hand=reroll_hand[p])``.
    """
    n_goals = state_values.shape[0]
    n_keeps = reroll_ptr.shape[0] - 1
    for g in prange(n_goals):
        for k in range(n_keeps):
            acc = state_values[g, 0] * 0
            for pos in range(reroll_ptr[k], reroll_ptr[k + 1]):
                acc += reroll_ways[pos] * state_values[g, pos]
            out[g, k] = acc


@jit_parallel
def best_options(
    keep_values,
    stand_values,
    state_hand,
    opt_ptr,
    opt_keep,
    hand_keep,
    tolerance,
    out_value,
    out_keep,
):
    """Best keep of every state from precomputed option lists (any turn rules).

    Parameters
    ----------
    keep_values : (G, 462)
        Value of throwing again after each keep (already scaled like ``stand_values``).
    stand_values : (G, 252)
        Value of standing on each hand.
    state_hand : (S,) hand of each state.
    opt_ptr, opt_keep : CSR of each state's keeps other than standing, in
        canonical order, already restricted by the turn rules.
    hand_keep : (252,) keep index of each hand.
    tolerance : float
        Two values closer than this count as equal (0 for exact numerators).
    out_value : (G, S)
    out_keep : (G, S) int
        The canonical best keep (``hand_keep[h]`` means stand).
    """
    n_goals = keep_values.shape[0]
    n_states = state_hand.shape[0]
    for g in prange(n_goals):
        for s in range(n_states):
            h = state_hand[s]
            best = stand_values[g, h]
            best_k = hand_keep[h]
            for pos in range(opt_ptr[s], opt_ptr[s + 1]):
                k = opt_keep[pos]
                v = keep_values[g, k]
                better = v > best + tolerance
                best = v if better else best  # selects, not branches
                best_k = k if better else best_k
            out_value[g, s] = best
            out_keep[g, s] = best_k


@jit_parallel
def forward_step(mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt):
    """One throw of the forward pass over hands: stands go to ``final``, the rest are thrown.

    ``nxt`` receives the thrown mass at a denominator 7776 times larger.
    """
    n_goals = mass.shape[0]
    n_hands = mass.shape[1]
    for g in prange(n_goals):
        for h in range(n_hands):
            nxt[g, h] = mass[g, h] * 0
        for h in range(n_hands):
            m = mass[g, h]
            if m == 0:
                continue
            k = best_keep[g, h]
            if k == hand_keep[h]:
                final[g, h] += m
            else:
                for pos in range(reroll_ptr[k], reroll_ptr[k + 1]):
                    nxt[g, reroll_hand[pos]] += m * reroll_ways[pos]


@jit_parallel
def forward_step_pooled(
    mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt
):
    """:func:`forward_step` for integer masses, pooled by keep: the mass of the hands
    that throw again is first added up by the keep they choose, then each keep in use
    throws its pool once (many hands choose one keep: the kings of every hand with a
    pair of kings).  Integer sums, so the very numbers of :func:`forward_step`.

    Give the index tables (``hand_keep``, ``reroll_ptr``, ``reroll_hand``) unsigned,
    as :class:`HoldTables` holds them; ``best_keep`` int64 keep indices.
    """
    n_goals = mass.shape[0]
    n_hands = mass.shape[1]
    n_keeps = reroll_ptr.shape[0] - 1
    for g in prange(n_goals):
        pool = np.zeros(n_keeps, dtype=mass.dtype)
        row_mass = mass[g]
        row_keep = best_keep[g]
        row_final = final[g]
        row_next = nxt[g]
        for h in range(n_hands):
            m = row_mass[h]
            k = np.uint32(row_keep[h])
            if k == hand_keep[h]:
                row_final[h] += m
            else:
                pool[k] += m
            row_next[h] = m * 0
        for k in range(n_keeps):
            m = pool[k]
            if m != 0:
                for pos in range(reroll_ptr[k], reroll_ptr[k + 1]):
                    row_next[reroll_hand[pos]] += m * reroll_ways[pos]


@jit_parallel
def forward_step_sticky(
    mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt
):
    """Sticky holds: one throw of the forward pass over states ``(aside, hand)``."""
    n_goals = mass.shape[0]
    n_aside = reroll_ptr.shape[0] - 1
    for g in prange(n_goals):
        for p in range(mass.shape[1]):
            nxt[g, p] = mass[g, p] * 0
        for a in range(n_aside):
            for p in range(reroll_ptr[a], reroll_ptr[a + 1]):
                m = mass[g, p]
                if m == 0:
                    continue
                h = reroll_hand[p]
                k = best_keep[g, p]
                if k == hand_keep[h]:
                    final[g, h] += m
                else:
                    for pos in range(reroll_ptr[k], reroll_ptr[k + 1]):
                        nxt[g, pos] += m * reroll_ways[pos]


@jit
def _throw_pools(pool, ptr, targets, ways, row):
    """``row[targets[pos]] += pool[r] * ways[pos]`` over the positions of every row ``r``
    of the CSR ``ptr`` with mass in ``pool`` (``targets`` None: the positions themselves,
    the states of sticky holds)."""
    for r in range(pool.shape[0]):
        m = pool[r]
        if m != 0:
            for pos in range(ptr[r], ptr[r + 1]):
                if targets is None:
                    row[pos] += m * ways[pos]
                else:
                    row[targets[pos]] += m * ways[pos]


@jit_parallel
def forward_step_sticky_pooled(
    mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt
):
    """:func:`forward_step_sticky` for integer masses, pooled by keep as
    :func:`forward_step_pooled` pools them: the mass of the states that throw again is
    first added up by the keep they choose, then each keep in use throws its pool once.
    Integer sums, so the very numbers of :func:`forward_step_sticky`."""
    n_keeps = reroll_ptr.shape[0] - 1
    for g in prange(mass.shape[0]):
        pool = np.zeros(n_keeps, dtype=mass.dtype)
        for p in range(mass.shape[1]):
            m = mass[g, p]
            nxt[g, p] = m * 0
            if m == 0:
                continue
            h = reroll_hand[p]
            k = best_keep[g, p]
            if k == hand_keep[h]:
                final[g, h] += m
            else:
                pool[k] += m
        _throw_pools(pool, reroll_ptr, None, reroll_ways, nxt[g])


@jit_parallel
def forward_step_carried_pooled(mass, best_keep, hand_keep, carried, final, nxt):
    """:func:`forward_step_carried` for integer masses, pooled by carried keep (see
    :func:`forward_step_sticky_pooled`): the very numbers of :func:`forward_step_carried`."""
    state_hand = carried.state_hand
    state_untouched = carried.state_untouched
    intersection = carried.intersection
    pair_of = carried.pair_of
    pair_ptr = carried.pair_ptr
    pair_state = carried.pair_state
    pair_ways = carried.pair_ways
    n_pairs = pair_ptr.shape[0] - 1
    for g in prange(mass.shape[0]):
        pool = np.zeros(n_pairs, dtype=mass.dtype)
        for p in range(mass.shape[1]):
            m = mass[g, p]
            nxt[g, p] = m * 0
            if m == 0:
                continue
            h = state_hand[p]
            k = best_keep[g, p]
            if k == hand_keep[h]:
                final[g, h] += m
            else:
                pool[pair_of[intersection[state_untouched[p], k], k]] += m
        _throw_pools(pool, pair_ptr, pair_state, pair_ways, nxt[g])


@jit_parallel
def forward_step_carried(mass, best_keep, hand_keep, carried, final, nxt):
    """One throw of the forward pass over ``(untouched, hand)`` states (turn-scoped rethrows).

    Keeping ``k`` in state ``(o, h)`` carries the untouched dice
    ``intersection[o, k]`` on: the next states are those of the carried keep
    ``pair_of[intersection[o, k], k]`` (CSR ``pair_ptr``/``pair_state``/``pair_ways``),
    all fields of ``carried`` (:class:`~pokerdice_stats.kernels.records.CarriedStates`).
    """
    state_hand = carried.state_hand
    state_untouched = carried.state_untouched
    intersection = carried.intersection
    pair_of = carried.pair_of
    pair_ptr = carried.pair_ptr
    pair_state = carried.pair_state
    pair_ways = carried.pair_ways
    n_goals = mass.shape[0]
    n_states = mass.shape[1]
    for g in prange(n_goals):
        for p in range(n_states):
            nxt[g, p] = mass[g, p] * 0
        for p in range(n_states):
            m = mass[g, p]
            if m == 0:
                continue
            h = state_hand[p]
            k = best_keep[g, p]
            if k == hand_keep[h]:
                final[g, h] += m
            else:
                j = pair_of[intersection[state_untouched[p], k], k]
                for pos in range(pair_ptr[j], pair_ptr[j + 1]):
                    nxt[g, pair_state[pos]] += m * pair_ways[pos]


@jit
def goal_row(numerators, denominator, out):
    """One goal's stand values as the first row of ``out``, with the range of its
    numerators and the largest absolute stand value: ``(largest, smallest, top)``.

    ``denominator`` None: ``out`` (int64) takes the numerators as they are (``top``
    is then 0.0); an integer: ``out`` (float64) takes ``numerators / denominator``,
    both made float64 and then divided (numpy's true division, bit for bit), and
    ``top`` is the largest absolute value of the row (``np.abs(row).max()``).  One pass
    in place of a copy and two reductions (microseconds of a one-goal solve).
    """
    largest = numerators[0]
    smallest = numerators[0]
    top = 0.0
    for h in range(numerators.shape[0]):
        n = numerators[h]
        largest = max(largest, n)
        smallest = min(smallest, n)
        if denominator is None:
            out[0, h] = n
        else:
            value = np.float64(n) / np.float64(denominator)
            out[0, h] = value
            top = max(top, abs(value))
    return largest, smallest, top


class HoldTables(NamedTuple):
    """What :func:`backward_hands` reads: the reroll model one die at a time
    (:class:`~pokerdice_stats.ground.indexing.DieByDie`: ``grow``, ``order`` and, for
    numerators, ``scale``) and the options of each state (CSR in canonical order, as
    :func:`best_options` reads them).

    The index arrays are unsigned (``uint32``): numba then reads them without the
    negative-index check of signed indices, which costs about as much as the work of
    the inner loops."""

    grow: np.ndarray
    order: np.ndarray
    scale: np.ndarray
    state_hand: np.ndarray
    opt_ptr: np.ndarray
    opt_keep: np.ndarray
    hand_keep: np.ndarray


#: XOR of a negative float's bits that makes signed integer order the float order.
_FLIP = np.int64(0x7FFFFFFFFFFFFFFF)


@jit
def _order_keys(buffer, floats):
    """The values of ``buffer`` as int64 keys in the same order, in place.

    Numerators (``floats`` false) are their own keys.  A float's key is its bits,
    turned for negative floats, so that ``x > y`` exactly when ``key(x) > key(y)``
    for any floats but NaN, once ``-0.0`` is written ``+0.0`` (the caller adds
    ``0.0``).  Returns the keys (a view of ``buffer``) and whether a NaN was seen.
    """
    keys = buffer.view(np.int64)
    nan = False
    if floats:
        for i in range(buffer.shape[0]):
            nan = nan | (buffer[i] != buffer[i])
            bits = keys[i]
            keys[i] = bits ^ _FLIP if bits < 0 else bits
    return keys, nan


@jit_parallel
def backward_hands(stand, scales, tolerance, throws, tables, keep_values, state_values, best_keep):
    """The whole backward pass over hands (no sticky holds, no turn-scoped rethrows):
    :func:`expect_keeps_by_die` then :func:`best_options`, stage after stage, in one call,
    with the same additions and comparisons in the same order.

    The options of a state are compared through integer keys: numerators as they
    are, float values (and each value plus the tolerance) by their bits, turned so
    that integer order is float order (:func:`_order_keys`); the comparisons and
    their outcomes are those of :func:`best_options`, made without branches.  A NaN
    (no order) takes :func:`best_options`' own float comparisons.

    Parameters
    ----------
    stand : (G, 252)
        Value of standing on each hand (int64 numerators, or float64).
    scales : (L,)
        ``scales[t - 1]``: the factor of ``stand`` with ``t`` throws left
        (``7776**t`` for numerators; 1 for floats); ``L`` stages.
    tolerance : float or int
        As :func:`best_options` (the integer 0 for numerators).
    throws : (462,) float64 or None
        Float keep values are the means (:func:`expect_keeps_by_die`'s ``throws``); None
        for numerators.
    tables : HoldTables
        Or the plain tuple of its fields, in its order, which numba's dispatcher
        types several microseconds faster than a named tuple.
    keep_values : (L, G, 462)
        ``[t - 1]``: value of each keep with ``t`` throws left.
    state_values : (L, G, 252)
    best_keep : (L, G, 252) int64
    """
    n_goals = stand.shape[0]
    n_hands = stand.shape[1]
    n_stages = scales.shape[0]
    grow, order, scale_of_keep, state_hand, opt_ptr, opt_keep, hand_keep = tables
    n_keeps = grow.shape[0]
    n_states = state_hand.shape[0]
    for g in prange(n_goals):
        # [0, K): each keep's value; [K, 2K): plus the tolerance; then each hand's
        # stand value plus the tolerance; as keys once ordered.
        buffer = np.empty(2 * n_keeps + n_hands, dtype=stand.dtype)
        for t in range(n_stages):
            previous = stand[g] if t == 0 else state_values[t - 1, g]
            keeps = keep_values[t, g]
            _keeps_by_die(previous, hand_keep, grow, order, scale_of_keep, throws, keeps)
            scale = scales[t]
            zero = scale * 0
            for k in range(n_keeps):
                buffer[k] = keeps[k] + zero
                buffer[n_keeps + k] = (keeps[k] + tolerance) + zero
            for h in range(n_hands):
                buffer[2 * n_keeps + h] = (stand[g, h] * scale + tolerance) + zero
            keys, nan = _order_keys(buffer, throws is not None)
            for s in range(n_states):
                h = state_hand[s]
                stand_value = stand[g, h] * scale
                stand_keep = hand_keep[h]
                best_k = stand_keep
                if nan:  # no order: best_options' comparisons
                    best = stand_value
                    threshold = best + tolerance
                    for pos in range(opt_ptr[s], opt_ptr[s + 1]):
                        k = opt_keep[pos]
                        v = keeps[k]
                        better = v > threshold
                        best = v if better else best
                        threshold = v + tolerance if better else threshold
                        best_k = k if better else best_k
                else:
                    threshold_key = keys[2 * n_keeps + h]  # what a later option must exceed
                    for pos in range(opt_ptr[s], opt_ptr[s + 1]):
                        k = opt_keep[pos]
                        better = keys[k] > threshold_key
                        threshold_key = keys[n_keeps + k] if better else threshold_key
                        best_k = k if better else best_k
                state_values[t, g, s] = stand_value if best_k == stand_keep else keeps[best_k]
                best_keep[t, g, s] = best_k
