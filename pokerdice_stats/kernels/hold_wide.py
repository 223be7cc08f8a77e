"""The whole backward pass over hands for a batch of goals, the goals side by side.

:func:`backward_hands_wide` makes the numbers of
:func:`~pokerdice_stats.kernels.reroll.backward_hands` (for every goal the same
additions, divisions and comparisons, in the same order) with a block of up to
:data:`WIDTH` goals as the innermost loop: each step of a keep's sum is one
``out[j] += grown[j]`` over the block's goals, and each comparison of a state's
options one select over them, loops over contiguous memory that the compiler makes
vector instructions of (several goals an instruction), where one goal at a time reads
its values from scattered hands, one at a time.  For batches (the seats of a round);
one goal takes :func:`~pokerdice_stats.kernels.reroll.backward_hands`.  A batch of more
than one block has its blocks shared out among threads, each running the one compiled
kernel (a 5-seat gameweave round about 1.3x faster, a batch of 2,000 goals 1.8x, on two
cores).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import in_threads, jit

#: Most goals a block: the width of the loops over goals (a block's working arrays,
#: about 2,600 values a goal, then stay in the core's second-level cache; 32, 64 and
#: 128 gave a 5-seat gameweave round the same time on the project's machine, 16 less).
WIDTH = 64

#: XOR of a negative float's bits that makes signed integer order the float order.
_FLIP = np.int64(0x7FFFFFFFFFFFFFFF)


@jit
def _keys(values, floats):
    """``values`` (n, width), C-contiguous, as int64 keys in the same order, in place
    (see :func:`~pokerdice_stats.kernels.reroll._order_keys`); returns the keys (a
    C-contiguous view, which the compiler reads with vector instructions) and whether
    a NaN was seen."""
    keys = values.view(np.int64)
    nan = False
    if floats:
        for i in range(values.shape[0]):
            for j in range(values.shape[1]):
                nan = nan | (values[i, j] != values[i, j])
        for i in range(keys.shape[0]):
            for j in range(keys.shape[1]):
                bits = keys[i, j]
                keys[i, j] = bits ^ _FLIP if bits < 0 else bits
    return keys, nan


#: Rows and columns of the tiles :func:`transpose_at` copies at a time.
TILE = 16


@jit
def transpose_at(block, n_rows, out, g0, s0, labels):
    """``out[g0 + j, s0 + i] = block[i, j]`` for the first ``n_rows`` rows of ``block``
    (``labels[block[i, j]]`` when ``labels`` is not None): a block's (values, goals) rows
    written back goal by goal, a tile at a time (so both sides touch few cache lines;
    element by element along either side, the other side's stride misses the cache on
    every element).  Unsigned indices: read without numba's negative-index check."""
    width = block.shape[1]
    for i0 in range(0, n_rows, TILE):
        i1 = min(i0 + TILE, n_rows)
        for j0 in range(0, width, TILE):
            j1 = min(j0 + TILE, width)
            for j in range(j0, j1):
                row = np.uint64(g0 + j)
                for i in range(i0, i1):
                    item = block[np.uint64(i), np.uint64(j)]
                    if labels is None:
                        out[row, np.uint64(s0 + i)] = item
                    else:
                        out[row, np.uint64(s0 + i)] = labels[np.uint64(item)]


@jit
def wide_blocks(
    stand, scales, tolerance, throws, tables, keep_values, state_values, best_keep, b0, b1
):
    """:func:`backward_hands_wide` for the blocks ``b0 .. b1 - 1`` alone (the goals
    ``b0 * WIDTH`` up to ``b1 * WIDTH``): what each thread of
    :func:`backward_hands_wide` runs."""
    n_goals = stand.shape[0]
    n_hands = stand.shape[1]
    n_stages = scales.shape[0]
    grow, order, scale_of_keep, state_hand, opt_ptr, opt_keep, hand_keep = tables
    n_keeps = grow.shape[0]
    n_states = state_hand.shape[0]
    floats = throws is not None
    ordered = np.ones(b1 - b0, dtype=np.bool_)
    for block in range(b0, b1):
        g0 = block * WIDTH
        width = min(WIDTH, n_goals - g0)
        stand_t = np.empty((n_hands, width), dtype=stand.dtype)  # the block's stand by hand
        for h in range(n_hands):
            for j in range(width):
                stand_t[h, j] = stand[g0 + j, h]
        previous = stand_t.copy()  # the states are the hands
        sums = np.empty((n_keeps, width), dtype=stand.dtype)
        sum_keys = np.empty((n_keeps, width), dtype=stand.dtype)
        raised = np.empty((n_keeps, width), dtype=stand.dtype)
        floors = np.empty((n_hands, width), dtype=stand.dtype)
        threshold = np.empty(width, dtype=np.int64)
        best = np.empty(width, dtype=np.int64)
        chosen = np.empty((n_states, width), dtype=np.int64)
        for t in range(n_stages):
            for h in range(n_hands):
                five = hand_keep[h]
                for j in range(width):
                    sums[five, j] = previous[h, j]
            for i in range(order.shape[0]):
                k = order[i]
                first = grow[k, 0]
                for j in range(width):
                    sums[k, j] = sums[first, j]
                for f in range(1, 6):
                    grown = grow[k, f]
                    for j in range(width):
                        sums[k, j] += sums[grown, j]
            for k in range(n_keeps):
                if throws is None:
                    factor = scale_of_keep[k]
                    for j in range(width):
                        sums[k, j] = sums[k, j] * factor
                else:
                    divisor = throws[k]
                    for j in range(width):
                        sums[k, j] = sums[k, j] / divisor
            scale = scales[t]
            zero = scale * 0
            for k in range(n_keeps):
                for j in range(width):
                    sum_keys[k, j] = sums[k, j] + zero
                    raised[k, j] = (sums[k, j] + tolerance) + zero
            for h in range(n_hands):
                for j in range(width):
                    floors[h, j] = (stand_t[h, j] * scale + tolerance) + zero
            keys, nan_keys = _keys(sum_keys, floats)
            raised_keys, nan_raised = _keys(raised, floats)
            floor_keys, nan_floors = _keys(floors, floats)
            if nan_keys or nan_raised or nan_floors:
                ordered[block - b0] = False
                break
            for s in range(n_states):
                h = state_hand[s]
                stand_keep = np.int64(hand_keep[h])
                for j in range(width):
                    threshold[j] = floor_keys[h, j]
                    best[j] = stand_keep
                for pos in range(opt_ptr[s], opt_ptr[s + 1]):
                    k = opt_keep[pos]
                    option = np.int64(k)
                    key_row = keys[k]
                    raised_row = raised_keys[k]
                    for j in range(width):  # every value read first: selects, not branches
                        key = key_row[j]
                        raised_key = raised_row[j]
                        now = threshold[j]
                        chosen_now = best[j]
                        better = key > now
                        threshold[j] = raised_key if better else now
                        best[j] = option if better else chosen_now
                for j in range(width):  # both values read: a select, not a branch
                    best_k = best[j]
                    chosen[s, j] = best_k
                    standing = stand_t[h, j] * scale
                    kept = sums[best_k, j]
                    previous[s, j] = standing if best_k == stand_keep else kept
            transpose_at(sums, sums.shape[0], keep_values[t], g0, 0, None)
            transpose_at(previous, previous.shape[0], state_values[t], g0, 0, None)
            transpose_at(chosen, chosen.shape[0], best_keep[t], g0, 0, None)
    return ordered.all()


def n_blocks(n_goals: int) -> int:
    """Blocks of :data:`WIDTH` goals (the last one partial) a batch of ``n_goals`` makes."""
    return (n_goals + WIDTH - 1) // WIDTH


def backward_hands_wide(
    stand, scales, tolerance, throws, tables, keep_values, state_values, best_keep
) -> bool:
    """:func:`~pokerdice_stats.kernels.reroll.backward_hands` (same arguments, same
    numbers) over blocks of up to :data:`WIDTH` goals, the goals innermost, the blocks
    shared out among threads (:func:`~pokerdice_stats.kernels._numba.in_threads`: each
    runs the one compiled :func:`wide_blocks`, which releases the GIL; one block, one
    thread).

    Returns False when some value is NaN (it has no order key): the caller then runs
    :func:`~pokerdice_stats.kernels.reroll.backward_hands`, whose float comparisons
    take it (this call's outputs are then incomplete).
    """
    arguments = (stand, scales, tolerance, throws, tables, keep_values, state_values, best_keep)
    return all(in_threads(wide_blocks, arguments, 0, n_blocks(stand.shape[0])))
