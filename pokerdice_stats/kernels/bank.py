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
        for i in range(n):
            out[i + shift] += chance * active[i]
