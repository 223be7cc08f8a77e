"""Lookup tables the simulation kernels throw dice with.

See :mod:`pokerdice_stats.kernels.simulate`.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from pokerdice_stats import indexing as ix


def _count_code(counts) -> int:
    return int(sum(int(c) * 6**r for r, c in enumerate(counts)))


@functools.cache
def dice_tables() -> tuple:
    """The tuple of arrays :func:`~pokerdice_stats.kernels.simulate.play_turn` takes.

    ``(state_of, hand_keep, keep_size, keep_code, thrown_cc, cc_to_hand, pow6, thresholds)``:

    - ``state_of`` (462, 252): sticky state of (aside, hand), -1 where impossible;
    - ``hand_keep`` (252,), ``keep_size`` (462,): as in :mod:`pokerdice_stats.indexing`;
    - ``keep_code`` (462,): count code ``sum(count[r] * 6**r)`` of each keep;
    - ``thrown_cc`` (6, 7776): count code of the ``m`` dice whose base-6 digits are ``c``
      (entries ``c >= 6**m`` unused);
    - ``cc_to_hand`` (46656,): hand of a five-dice count code, -1 elsewhere;
    - ``pow6`` (6,): ``6**m``; ``thresholds`` (6,) uint64: ``2**32 % 6**m`` (Lemire).
    """
    keep_code = np.array([_count_code(c) for c in ix.KEEP_COUNTS], dtype=np.int64)
    thrown_cc = np.zeros((6, 7776), dtype=np.int32)
    for m in range(6):
        for c, digits in enumerate(itertools.product(range(6), repeat=m)):
            thrown_cc[m, c] = sum(6**d for d in digits)
    cc_to_hand = np.full(6**6, -1, dtype=np.int16)
    cc_to_hand[keep_code[ix.HAND_KEEP]] = np.arange(ix.N_HANDS)
    pow6 = 6 ** np.arange(6, dtype=np.int64)
    thresholds = np.array([(1 << 32) % int(n) for n in pow6], dtype=np.uint64)
    arrays = (
        ix.STATE_OF.astype(np.int64),
        ix.HAND_KEEP.astype(np.int64),
        ix.KEEP_SIZE.astype(np.int64),
        keep_code,
        thrown_cc,
        cc_to_hand,
        pow6,
        thresholds,
    )
    for a in arrays:
        a.setflags(write=False)
    return arrays
