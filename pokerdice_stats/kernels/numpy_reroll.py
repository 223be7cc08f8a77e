"""Numpy twins of the hold-program kernels of :mod:`.reroll` (never import numba).

Same signatures, same outputs, and the same order of every addition and
comparison, so that float results agree bit for bit and exact (int64 or
Python-integer) results agree exactly; the tests compare the two on every
state.  The loops run over the position within a row (at most 252) or over
the option slots of a state (at most 32), each step vectorised over all rows
and goals, so a small batch of goals (the quick commands) takes milliseconds
without loading any compiled kernel.  Object (Python-integer) arrays work too.
"""

from __future__ import annotations

import functools

import numpy as np


def _slots(ptr: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """Rows ordered by length, longest first, and for each slot ``j`` the
    positions ``ptr[row] + j`` of the rows (a prefix of that order) that reach it."""
    return _slots_of(np.asarray(ptr, dtype=np.int64).tobytes())


@functools.lru_cache(maxsize=16)
def _slots_of(ptr_bytes: bytes) -> tuple[np.ndarray, list[np.ndarray]]:
    ptr = np.frombuffer(ptr_bytes, dtype=np.int64)
    lengths = np.diff(ptr)
    order = np.argsort(-lengths, kind="stable")
    starts = ptr[:-1][order]
    ordered = lengths[order]
    width = int(ordered[0]) if len(ordered) else 0
    return order, [starts[: int(np.count_nonzero(ordered > j))] + j for j in range(width)]


def _expect(values: np.ndarray, ptr, columns, ways, out: np.ndarray) -> None:
    """``out[g, k] = sum over positions p of row k of ways[p] * values[g, columns[p]]``,
    summed in position order from ``0`` (like the kernels, so floats round alike).

    Integer sums do not depend on the order (int64 wraps alike in any order),
    so they take one segment sum when no row is empty.
    """
    if values.dtype.kind == "i" and len(ptr) > 1 and np.all(np.diff(ptr) > 0):
        out[:] = np.add.reduceat(values[:, columns] * ways, ptr[:-1], axis=1)
        return
    for rows, positions in _groups(ptr):
        if positions.shape[1] == 0:
            out[:, rows] = 0
            continue
        # cumsum adds left to right, one term at a time, like the kernels' loop.
        terms = ways[positions] * values[:, columns[positions]]
        out[:, rows] = np.cumsum(terms, axis=-1)[..., -1]


def _groups(ptr: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The rows of a CSR grouped by length: each group's rows and (rows, length) positions."""
    return _groups_of(np.asarray(ptr, dtype=np.int64).tobytes())


@functools.lru_cache(maxsize=16)
def _groups_of(ptr_bytes: bytes) -> list[tuple[np.ndarray, np.ndarray]]:
    ptr = np.frombuffer(ptr_bytes, dtype=np.int64)
    lengths = np.diff(ptr)
    groups = []
    for length in np.unique(lengths):
        rows = np.flatnonzero(lengths == length)
        groups.append((rows, ptr[rows][:, None] + np.arange(length)))
    return groups


def expect_keeps(values, reroll_ptr, reroll_hand, reroll_ways, out) -> None:
    """Twin of :func:`.reroll.expect_keeps`."""
    _expect(values, reroll_ptr, reroll_hand, reroll_ways, out)


def expect_keeps_sticky(state_values, reroll_ptr, reroll_ways, out) -> None:
    """Twin of :func:`.reroll.expect_keeps_sticky`."""
    _expect(state_values, reroll_ptr, np.arange(len(reroll_ways)), reroll_ways, out)


def expect_keeps_object(values: np.ndarray, reroll_ptr, reroll_hand, reroll_ways) -> np.ndarray:
    """:func:`expect_keeps` for Python-integer (object) arrays, beyond int64."""
    products = values[:, reroll_hand] * reroll_ways.astype(object)
    return np.add.reduceat(products, reroll_ptr[:-1], axis=1)


def expect_keeps_sticky_object(state_values: np.ndarray, reroll_ptr, reroll_ways) -> np.ndarray:
    """:func:`expect_keeps_sticky` for Python-integer (object) arrays."""
    products = state_values * reroll_ways.astype(object)
    return np.add.reduceat(products, reroll_ptr[:-1], axis=1)


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
) -> None:
    """Twin of :func:`.reroll.best_options`: options taken in order, a later one
    replacing the best so far only when it is larger by more than ``tolerance``."""
    order, slots = _slots(opt_ptr)
    hands = state_hand[order]
    best = stand_values[:, hands]
    best_k = np.broadcast_to(hand_keep[hands], best.shape).copy()
    for positions in slots:
        n = len(positions)
        keeps = opt_keep[positions]
        values = keep_values[:, keeps]
        better = np.asarray(values > best[:, :n] + tolerance, dtype=bool)
        best[:, :n] = np.where(better, values, best[:, :n])
        best_k[:, :n] = np.where(better, keeps, best_k[:, :n])
    out_value[:, order] = best
    out_keep[:, order] = best_k


def _scatter(mass, stand, state_hand, row_of, ptr, targets, ways, final, nxt) -> None:
    """The forward step shared by the three state kinds.

    State ``p`` of goal ``g`` with mass ``m`` stands (``stand[g, p]``: its mass
    goes to ``final[g, state_hand[p]]``) or moves along row ``row_of[g, p]`` of
    the CSR ``ptr``: ``nxt[g, targets[pos]] += m * ways[pos]``.  Additions are
    made in the kernels' order: goals, then states, then positions.
    """
    nxt[:] = mass * 0
    live = mass != 0
    g_stand, p_stand = np.nonzero(live & stand)
    _add_in_order(final, g_stand, state_hand[p_stand], mass[g_stand, p_stand], zero=False)
    g_move, p_move = np.nonzero(live & ~stand)
    rows = row_of[g_move, p_move]
    starts = ptr[rows]
    lengths = ptr[rows + 1] - starts
    total = int(lengths.sum())
    if total == 0:
        return
    first = np.cumsum(lengths) - lengths
    positions = np.arange(total) - np.repeat(first - starts, lengths)
    sources = np.repeat(np.arange(len(rows)), lengths)
    amounts = mass[g_move, p_move][sources] * ways[positions]
    _add_in_order(nxt, g_move[sources], targets[positions], amounts, zero=True)


def _add_in_order(out: np.ndarray, rows, columns, amounts, *, zero: bool) -> None:
    """``out[rows[i], columns[i]] += amounts[i]`` for i in order, so that floats
    round as in the kernels' loops.  Into a float array of zeros (``zero``),
    ``bincount``, which also adds in input order, does it fastest."""
    flat = rows * out.shape[1] + columns
    if zero and out.dtype == np.float64:
        out[:] = np.bincount(flat, weights=amounts, minlength=out.size).reshape(out.shape)
    else:
        np.add.at(out.reshape(-1), flat, amounts)


def forward_step(mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt):
    """Twin of :func:`.reroll.forward_step` (states are hands)."""
    hands = np.arange(mass.shape[1])
    stand = best_keep == hand_keep[hands]
    _scatter(mass, stand, hands, best_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt)


def forward_step_sticky(
    mass, best_keep, hand_keep, reroll_ptr, reroll_hand, reroll_ways, final, nxt
):
    """Twin of :func:`.reroll.forward_step_sticky` (states are REROLL positions)."""
    stand = best_keep == hand_keep[reroll_hand]
    positions = np.arange(len(reroll_ways))
    _scatter(mass, stand, reroll_hand, best_keep, reroll_ptr, positions, reroll_ways, final, nxt)


def forward_step_carried(
    mass,
    best_keep,
    hand_keep,
    state_hand,
    state_untouched,
    intersection,
    pair_of,
    pair_ptr,
    pair_state,
    pair_ways,
    final,
    nxt,
):
    """Twin of :func:`.reroll.forward_step_carried` (``(untouched, hand)`` states)."""
    stand = best_keep == hand_keep[state_hand]
    safe = np.where(stand, 0, best_keep)
    rows = pair_of[intersection[state_untouched[None, :], safe], safe]
    _scatter(mass, stand, state_hand, rows, pair_ptr, pair_state, pair_ways, final, nxt)
