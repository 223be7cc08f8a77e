"""The stages of turns over many states for a batch of goals, the goals side by side.

Sticky holds' ``(aside, hand)`` and a turn-scoped ``max_rethrow``'s ``(untouched,
hand)`` make 4,368 states, with their keeps' values read from lists (CSR) of the states
a throw reaches and each state's options listed: one goal at a time, the kernels of
:mod:`~pokerdice_stats.kernels.reroll` wait on scattered reads.  Here a block of up to
:data:`~pokerdice_stats.kernels.hold_wide.WIDTH` goals is the innermost loop, as
:func:`~pokerdice_stats.kernels.hold_wide.backward_hands_wide` runs the turns over
hands, and the blocks are shared out among threads:

- :func:`expect_wide` makes the numbers of
  :func:`~pokerdice_stats.kernels.reroll.expect_keeps` (and of ``expect_keeps_sticky``,
  whose states are the list's positions): each term of a keep's sum is one
  multiply-add over the block's goals, read from one contiguous row;
- :func:`best_options_wide` makes those of
  :func:`~pokerdice_stats.kernels.reroll.best_options`: each option of a state is one
  compare-and-select over the block's goals.

For every goal the same additions, multiplications and comparisons in the same order,
so the same bits (but for a NaN's sign and payload: where a sum meets NaNs of both signs,
the compiled loop over goals may keep the other one; NaN either way).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import in_threads, jit, read_only
from pokerdice_stats.kernels.hold_wide import WIDTH, n_blocks, transpose_at

#: Rows (states or keeps) a block works out before writing them back goal by goal (its
#: working arrays then stay in the core's second-level cache).
CHUNK = 256


@jit
def expect_blocks(values, ptr, index, ways, out, b0, b1):
    """:func:`expect_wide` for the blocks ``b0 .. b1 - 1`` alone: what each thread runs."""
    n_goals = values.shape[0]
    n_rows = ptr.shape[0] - 1
    for block in range(b0, b1):
        g0 = block * WIDTH
        width = min(WIDTH, n_goals - g0)
        columns = _columns(values, g0, width)
        sums = np.empty((CHUNK, width), dtype=values.dtype)
        for r0 in range(0, n_rows, CHUNK):
            r1 = min(r0 + CHUNK, n_rows)
            _sum_rows(columns, ptr, index, ways, sums, r0, r1)
            transpose_at(sums, r1 - r0, out, g0, r0, None)


@jit
def _sum_rows(columns, ptr, index, ways, sums, r0, r1):
    """``sums[r - r0, j] = sum over pos of ways[pos] * columns[index[pos], j]`` for the
    rows ``r0 .. r1 - 1`` of the CSR, each sum started from ``columns[0, j] * 0`` as the
    goal-by-goal kernels start theirs (a NaN or an infinity there makes a NaN)."""
    width = columns.shape[1]
    for r in range(r0, r1):
        i = r - r0
        for j in range(width):
            sums[i, j] = columns[0, j] * 0
        for pos in range(ptr[r], ptr[r + 1]):
            weight = ways[pos]
            source = index[pos]
            for j in range(width):
                sums[i, j] += weight * columns[source, j]


def expect_wide(values, ptr, index, ways, out) -> None:
    """``out[g, r] = sum over pos in row r of ways[pos] * values[g, index[pos]]``, the
    terms added in the list's order: the numbers of
    :func:`~pokerdice_stats.kernels.reroll.expect_keeps` (``index`` its states) and of
    ``expect_keeps_sticky`` (``index`` the positions themselves), over blocks of goals
    side by side, the blocks shared out among threads.

    Examples
    --------
    >>> import numpy as np
    >>> values = np.array([[1.0, 2.0], [3.0, 5.0]])  # two goals, two states
    >>> out = np.empty((2, 1))  # one row: one way to each state
    >>> expect_wide(values, np.array([0, 2]), np.array([0, 1]), np.array([1, 1]), out)
    >>> out.tolist()
    [[3.0], [8.0]]
    """
    tables = (read_only(ptr), read_only(index), read_only(ways))  # one build for all callers
    in_threads(expect_blocks, (values, *tables, out), 0, n_blocks(values.shape[0]))


@jit
def options_blocks(
    keep_values,
    stand_values,
    state_hand,
    opt_ptr,
    opt_keep,
    hand_keep,
    tolerance,
    out_value,
    out_keep,
    labels,
    b0,
    b1,
):
    """:func:`best_options_wide` for the blocks ``b0 .. b1 - 1`` alone (the goals
    ``b0 * WIDTH`` up to ``b1 * WIDTH``): what each thread runs.  (No order keys as in
    :mod:`~pokerdice_stats.kernels.hold_wide`: a state has a handful of options, 5 to 14
    on average.)

    The block's keep and stand values are copied column by column into rows over its
    goals; its outputs are worked out for :data:`CHUNK` states at a time, as rows over
    the goals, then written back goal by goal, a tile at a time.
    """
    n_goals = keep_values.shape[0]
    n_states = state_hand.shape[0]
    for block in range(b0, b1):
        g0 = block * WIDTH
        width = min(WIDTH, n_goals - g0)
        keeps = _columns(keep_values, g0, width)
        stands = _columns(stand_values, g0, width)
        best = np.empty((CHUNK, width), dtype=stand_values.dtype)
        chosen = np.empty((CHUNK, width), dtype=np.int64)
        for s0 in range(0, n_states, CHUNK):
            s1 = min(s0 + CHUNK, n_states)
            _chunk(
                keeps,
                stands,
                state_hand,
                opt_ptr,
                opt_keep,
                hand_keep,
                tolerance,
                best,
                chosen,
                s0,
                s1,
            )
            transpose_at(best, s1 - s0, out_value, g0, s0, None)
            transpose_at(chosen, s1 - s0, out_keep, g0, s0, labels)


@jit
def _columns(values, g0, width):
    """``out[c, j] = values[g0 + j, c]``: the block's goals side by side."""
    out = np.empty((values.shape[1], width), dtype=values.dtype)
    for c in range(values.shape[1]):
        for j in range(width):
            out[c, j] = values[g0 + j, c]
    return out


@jit
def _chunk(
    keeps, stands, state_hand, opt_ptr, opt_keep, hand_keep, tolerance, best, chosen, s0, s1
):
    """The best option of the states ``s0 .. s1 - 1`` for the block's goals: its value
    in ``best[s - s0]`` and its keep in ``chosen[s - s0]``."""
    width = keeps.shape[1]
    for s in range(s0, s1):
        i = s - s0
        h = state_hand[s]
        stand_keep = np.int64(hand_keep[h])
        for j in range(width):
            best[i, j] = stands[h, j]
            chosen[i, j] = stand_keep
        for pos in range(opt_ptr[s], opt_ptr[s + 1]):
            k = opt_keep[pos]
            option = np.int64(k)
            for j in range(width):  # every value read first: selects, not branches
                value = keeps[k, j]
                now = best[i, j]
                chosen_now = chosen[i, j]
                better = value > now + tolerance
                best[i, j] = value if better else now
                chosen[i, j] = option if better else chosen_now


def best_options_wide(
    keep_values,
    stand_values,
    state_hand,
    opt_ptr,
    opt_keep,
    hand_keep,
    tolerance,
    out_value,
    out_keep,
    labels,
) -> None:
    """:func:`~pokerdice_stats.kernels.reroll.best_options` (the same arguments and
    numbers, but each keep written as ``labels[keep]``: the keep of an option numbered
    otherwise, as under a turn-scoped ``max_rethrow``) over blocks of up to
    :data:`~pokerdice_stats.kernels.hold_wide.WIDTH` goals, the goals innermost, the
    blocks shared out among threads
    (:func:`~pokerdice_stats.kernels._numba.in_threads`: each runs the one compiled
    :func:`options_blocks`, which releases the GIL; one block, one thread).

    Examples
    --------
    >>> import numpy as np
    >>> keep_values = np.array([[0.5, 0.9], [0.2, 0.1]])  # two goals, two keeps
    >>> stand = np.array([[0.6], [0.3]])  # one hand, whose own keep is 2
    >>> value, keep = np.empty((2, 1)), np.empty((2, 1), dtype=np.int64)
    >>> labels = np.arange(3)  # each option its own keep
    >>> best_options_wide(keep_values, stand, np.array([0]), np.array([0, 2]),
    ...                   np.array([0, 1]), np.array([2]), 0.0, value, keep, labels)
    >>> value.tolist(), keep.tolist()
    ([[0.9], [0.3]], [[1], [2]])
    """
    arguments = (
        keep_values,
        stand_values,
        *map(read_only, (state_hand, opt_ptr, opt_keep, hand_keep)),  # one build for all
        tolerance,
        out_value,
        out_keep,
        read_only(labels),
    )
    in_threads(options_blocks, arguments, 0, n_blocks(keep_values.shape[0]))
