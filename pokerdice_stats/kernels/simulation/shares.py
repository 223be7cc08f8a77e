"""Crediting a win shared among the tied seats of a round."""

from __future__ import annotations

from pokerdice_stats.kernels._numba import jit_no_refcount as inner
from pokerdice_stats.kernels.codes import SHARE_UNIT


@inner
def credit_shares(share, share_sq, winners, k):
    """Credit each of the seats ``winners[:k]`` with ``SHARE_UNIT // k`` (in ``share``) and its
    square (in ``share_sq``): the whole win to one seat, an equal part on a k-way split."""
    part = SHARE_UNIT // k
    for j in range(k):
        share[winners[j]] += part
        share_sq[winners[j]] += part * part
