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

from pokerdice_stats.ground.indexing import KEEP_SIZE, REROLL


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
        length = positions.shape[1]
        if length == 0:
            out[:, rows] = 0
        elif length <= _SHORT_ROWS:  # many short rows: one step per position, all rows at once
            acc = np.repeat(values[:, :1] * 0, len(rows), axis=1)  # the kernels' start
            for step in positions.T:
                acc += ways[step] * values[:, columns[step]]
            out[:, rows] = acc
        else:  # cumsum adds left to right, one term at a time, like the kernels' loop.
            terms = ways[positions] * values[:, columns[positions]]
            out[:, rows] = np.cumsum(terms, axis=-1)[..., -1]


#: Rows of at most this length are summed a position at a time across rows.
_SHORT_ROWS = 64


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


def expect_keeps_by_die(values, hand_keep, grow, order, scale, throws, out) -> None:
    """Twin of :func:`.reroll.expect_keeps_by_die`, a size of keep at a time (each
    keep's six terms added in face order, as the kernel adds them); Python-integer
    (object) arrays too.  Int64 numerators into an int64 ``out`` take the reroll
    model's sums in one segment sum (integer sums do not depend on the order); into an
    object ``out`` they are summed as Python integers, exactly."""
    if throws is None and values.dtype.kind == "i" and out.dtype.kind == "i":
        _expect(values, REROLL.ptr, REROLL.col, REROLL.val, out)
        return
    out[:, hand_keep] = values
    for keeps in _by_size(np.asarray(order, dtype=np.int64).tobytes()):
        grown = grow[keeps]
        acc = out[:, grown[:, 0]]
        for face in range(1, grown.shape[1]):
            acc = acc + out[:, grown[:, face]]
        out[:, keeps] = acc
    if throws is None:
        out *= scale if out.dtype != object else scale.astype(object)
    else:
        out /= throws


@functools.lru_cache(maxsize=4)
def _by_size(order_bytes: bytes) -> list[np.ndarray]:
    """The keeps of ``order`` cut into runs of one size (most dice first)."""
    order = np.frombuffer(order_bytes, dtype=np.int64)
    sizes = KEEP_SIZE[order]
    cuts = np.flatnonzero(np.diff(sizes)) + 1
    return np.split(order, cuts)


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

    Integer masses add alike in any order, so they take :func:`_scatter_counts`.
    """
    if mass.dtype.kind == "i" and _counts_fit_floats(mass, ptr, ways):
        _scatter_counts(mass, stand, state_hand, row_of, ptr, targets, ways, final, nxt)
        return
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


#: Integers up to this size are exact in float64, whatever the order of the sums.
_FLOAT_EXACT = 2**53
#: The largest dense (rows, targets) matrix of a CSR that :func:`_scatter_counts` builds.
_DENSE_CELLS = 250_000


def _counts_fit_floats(mass: np.ndarray, ptr: np.ndarray, ways: np.ndarray) -> bool:
    """Whether every sum of one forward step of integer ``mass`` is an integer
    below 2**53 (so float64 sums are exact in any order)."""
    if mass.size == 0:
        return True
    largest_mass = float(np.abs(mass).sum(axis=1, dtype=np.float64).max())
    largest_row = float(np.abs(ways).max(initial=0)) * float(np.diff(ptr).max(initial=0))
    return largest_mass * max(largest_row, 1.0) < _FLOAT_EXACT / 2  # a margin for the float bound


def _scatter_counts(mass, stand, state_hand, row_of, ptr, targets, ways, final, nxt) -> None:
    """:func:`_scatter` for integer masses whose sums stay below 2**53.

    The order of the additions does not matter for integers, so the moving
    mass is first summed per goal and row (``by_row[g, r]``) and then thrown
    once per row: by a dense product of float64 integers (exact) when the
    CSR is small, by a gather when every target has a single position, by
    ``bincount`` otherwise.
    """
    n_goals = mass.shape[0]
    n_rows = len(ptr) - 1
    goals = np.arange(n_goals)[:, None]
    weights = mass.astype(np.float64)
    standing = np.where(stand, weights, 0.0)
    cells = goals * final.shape[1] + state_hand[None, :]
    stood = np.bincount(cells.ravel(), weights=standing.ravel(), minlength=final.size)
    final += stood.reshape(final.shape).astype(final.dtype)
    moving = np.where(stand, 0.0, weights)
    cells = goals * n_rows + np.where(stand | (mass == 0), 0, row_of)  # rows of dead states unread
    by_row = np.bincount(cells.ravel(), weights=moving.ravel(), minlength=n_goals * n_rows)
    by_row = by_row.reshape(n_goals, n_rows)
    nxt[:] = _throw_rows(by_row, ptr, targets, ways, nxt.shape[1]).astype(nxt.dtype)


def _throw_rows(by_row: np.ndarray, ptr, targets, ways, n_targets: int) -> np.ndarray:
    """``out[g, targets[pos]] += by_row[g, r] * ways[pos]`` over every row ``r``
    and its positions, for float64 integers whose sums stay exact."""
    n_goals, n_rows = by_row.shape
    if n_rows * n_targets <= _DENSE_CELLS:
        return by_row @ _dense(ptr, targets, ways, n_targets)
    row_of_position = np.repeat(np.arange(n_rows), np.diff(ptr))
    if len(targets) == n_targets and np.array_equal(np.sort(targets), np.arange(n_targets)):
        out = np.empty((n_goals, n_targets))
        out[:, targets] = by_row[:, row_of_position] * ways
        return out
    g_live, r_live = np.nonzero(by_row)
    lengths = ptr[r_live + 1] - ptr[r_live]
    first = np.cumsum(lengths) - lengths
    positions = np.arange(int(lengths.sum())) - np.repeat(first - ptr[r_live], lengths)
    cells = np.repeat(g_live * n_targets, lengths) + targets[positions]
    amounts = np.repeat(by_row[g_live, r_live], lengths) * ways[positions]
    out = np.bincount(cells, weights=amounts, minlength=n_goals * n_targets)
    return out.reshape(n_goals, n_targets)


def _dense(ptr: np.ndarray, targets: np.ndarray, ways: np.ndarray, n_targets: int) -> np.ndarray:
    """The CSR as a dense float64 (rows, targets) matrix (summing repeated targets)."""
    key = (np.asarray(ptr, np.int64).tobytes(), np.asarray(targets, np.int64).tobytes())
    return _dense_of(key, np.asarray(ways, np.float64).tobytes(), n_targets)


@functools.lru_cache(maxsize=8)
def _dense_of(key: tuple[bytes, bytes], ways_bytes: bytes, n_targets: int) -> np.ndarray:
    ptr = np.frombuffer(key[0], dtype=np.int64)
    targets = np.frombuffer(key[1], dtype=np.int64)
    ways = np.frombuffer(ways_bytes, dtype=np.float64)
    rows = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))
    dense = np.zeros((len(ptr) - 1, n_targets))
    np.add.at(dense, (rows, targets), ways)
    dense.setflags(write=False)
    return dense


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


def forward_step_carried(mass, best_keep, hand_keep, carried, final, nxt):
    """Twin of :func:`.reroll.forward_step_carried` (``(untouched, hand)`` states, the
    same :class:`~pokerdice_stats.kernels.records.CarriedStates` record)."""
    c = carried
    stand = best_keep == hand_keep[c.state_hand]
    safe = np.where(stand, 0, best_keep)
    rows = c.pair_of[c.intersection[c.state_untouched[None, :], safe], safe]
    _scatter(mass, stand, c.state_hand, rows, c.pair_ptr, c.pair_state, c.pair_ways, final, nxt)
