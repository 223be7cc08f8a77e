"""The float step of the bank dynamic program (one round of a session).

Twin: ``tests/reference_bank.py`` (plain Python over every bank and outcome).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit


@jit
def bank_round(active: np.ndarray, offsets: np.ndarray, chances: np.ndarray, out: np.ndarray):
    """Spread each bank's chance over the outcomes of one round.

    ``out[i + offsets[k]] += chances[k] * active[i]`` for every bank ``i`` and
    outcome ``k``.  ``out`` must be zeroed by the caller and hold
    ``active.size + offsets.max()`` entries; ``offsets`` are non-negative
    (each outcome's amount minus the smallest amount).
    """
    n = active.size
    for k in range(offsets.size):
        shift = offsets[k]
        chance = chances[k]
        # A slice, indexed from 0: numba drops the negative-index check and the loop
        # runs in vector instructions (the same additions, in the same order).
        target = out[shift : shift + n]
        for i in range(n):
            target[i] += chance * active[i]


@jit
def bank_round_rows(
    active: np.ndarray, rows: np.ndarray, offsets: np.ndarray, chances: np.ndarray, out: np.ndarray
):
    """One round of the two-index bank program (a pay with a large denominator on its own axis).

    ``out[r + rows[k], i + offsets[k]] += chances[k] * active[r, i]`` for every
    row ``r``, bank ``i`` and outcome ``k``.  ``out`` must be zeroed by the caller
    and have ``active.shape[0] + rows.max()`` rows of ``active.shape[1] + offsets.max()``
    entries; ``rows`` and ``offsets`` are non-negative.
    """
    n_rows, n = active.shape
    for r in range(n_rows):  # row by row: the row and its targets stay in cache
        source = active[r]
        for k in range(offsets.size):
            target = out[r + rows[k], offsets[k] : offsets[k] + n]
            chance = chances[k]
            for i in range(n):
                target[i] += chance * source[i]
