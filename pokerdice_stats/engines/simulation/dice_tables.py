"""The lookup tables the simulation kernels throw dice with (one cached record).

See :class:`pokerdice_stats.kernels.simulation.records.DiceTables` for what each holds.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.simulation.records import DiceTables
from pokerdice_stats.turn.states import keep_intersection


def count_code(counts) -> int:
    """The count code ``sum(count[r] * 6**r)`` of rank counts."""
    return int(sum(int(c) * 6**r for r, c in enumerate(counts)))


@functools.cache
def dice_tables() -> DiceTables:
    """The :class:`~pokerdice_stats.kernels.simulation.records.DiceTables` every turn kernel
    reads (read-only arrays, built once)."""
    keep_code = np.array([count_code(c) for c in ix.KEEP_COUNTS], dtype=np.int64)
    thrown_cc = np.zeros((6, 7776), dtype=np.int32)
    for m in range(6):
        for c, digits in enumerate(itertools.product(range(6), repeat=m)):
            thrown_cc[m, c] = sum(6**d for d in digits)
    cc_to_hand = np.full(6**6, -1, dtype=np.int16)
    cc_to_hand[keep_code[ix.HAND_KEEP]] = np.arange(ix.N_HANDS)
    pow6 = 6 ** np.arange(6, dtype=np.int64)
    thresholds = np.array([(1 << 32) % int(n) for n in pow6], dtype=np.uint64)
    draws = pow6[ix.N_DICE - ix.KEEP_SIZE.astype(np.int64)]
    keep_offset = np.concatenate([[0], np.cumsum(draws)[:-1]]).astype(np.int64)
    keep_hand = np.empty(int(draws.sum()), dtype=np.int16)
    for k in range(ix.N_KEEPS):
        m = ix.N_DICE - int(ix.KEEP_SIZE[k])
        codes = keep_code[k] + thrown_cc[m, : 6**m]
        keep_hand[keep_offset[k] : keep_offset[k] + 6**m] = cc_to_hand[codes]
    assert ix.EMPTY_KEEP == 0 and (keep_hand >= 0).all()
    tables = DiceTables(
        state_of=ix.STATE_OF.astype(np.int64),
        keep_intersection=keep_intersection().astype(np.int64),
        hand_keep=ix.HAND_KEEP.astype(np.int64),
        keep_size=ix.KEEP_SIZE.astype(np.int64),
        keep_code=keep_code,
        thrown_cc=thrown_cc,
        cc_to_hand=cc_to_hand,
        pow6=pow6,
        thresholds=thresholds,
        keep_offset=keep_offset,
        keep_hand=keep_hand,
        keep_draws=draws,
        keep_thresholds=thresholds[ix.N_DICE - ix.KEEP_SIZE.astype(np.int64)],
    )
    for array in tables:
        array.setflags(write=False)
    return tables
