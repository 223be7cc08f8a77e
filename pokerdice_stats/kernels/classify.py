"""Kernels of the hand classifier.

``classify_codes`` and ``classify_ranks`` are the batch classifiers: one
lookup per throw in tables built once per rule set (plain-Python dispatchers
over the numba loops below).  The tables come from the keys of the 252 hands
(:func:`pokerdice_stats.kernels.numpy_keys.hand_keys`: milliseconds in NumPy and
plain Python, checked against the plain reference on every throw of every rule set
the tests spread).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit, prange, serial_and_parallel
from pokerdice_stats.kernels.gather import LANES, lookup_codes, lookup_ranks
from pokerdice_stats.kernels.numpy_keys import TIEBREAK_BASE as TIEBREAK_BASE
from pokerdice_stats.kernels.numpy_keys import pack_tables as pack_tables

# ----------------------------------------------------------------------------
# Batch classifiers.  A batch is first checked with one vectorised min/max pass.
# Valid batches take the block kernels below (one vector gather from a packed
# table per LANES throws, see ``kernels.gather``), or, where those cannot be
# compiled or the arrays are not contiguous, the scalar loops (one code, three
# lookups, three stores per throw); both run in parallel for large batches.
# Invalid batches take the checked loop, which marks bad rows with -1 and counts them.

#: Batches smaller than this run on one thread (starting threads costs more).
PARALLEL_MIN = 1 << 16


@jit
def value_range(values):
    """Smallest and largest entry of a 1-D array (0, 0 when empty)."""
    if values.shape[0] == 0:
        return 0, 0
    low = values[0]
    high = values[0]
    for i in range(values.shape[0]):
        v = values[i]
        low = min(low, v)
        high = max(high, v)
    return low, high


# The loops below are written once, with ``prange``; ``serial_and_parallel`` makes
# the serial build (``prange`` runs as ``range``) and the parallel one.


def _codes_loop(
    codes, code_hand, code_category, code_strength, out_hand, out_category, out_strength
):
    for i in prange(codes.shape[0]):
        c = np.intp(codes[i])
        out_hand[i] = code_hand[c]
        out_category[i] = code_category[c]
        out_strength[i] = code_strength[c]


_codes_serial, _codes_parallel = serial_and_parallel(_codes_loop)


@jit
def _codes_checked(
    codes, code_hand, code_category, code_strength, out_hand, out_category, out_strength
):
    n_codes = code_hand.shape[0]
    bad = 0
    for i in range(codes.shape[0]):
        c = np.int64(codes[i])
        if c < 0 or c >= n_codes:
            out_hand[i] = -1
            out_category[i] = -1
            out_strength[i] = -1
            bad += 1
        else:
            out_hand[i] = code_hand[c]
            out_category[i] = code_category[c]
            out_strength[i] = code_strength[c]
    return bad


def _ranks_loop(
    ranks, code_hand, code_category, code_strength, out_hand, out_category, out_strength
):
    for i in prange(ranks.shape[0]):
        c = np.intp(ranks[i, 0]) + 6 * (
            np.intp(ranks[i, 1])
            + 6 * (np.intp(ranks[i, 2]) + 6 * (np.intp(ranks[i, 3]) + 6 * np.intp(ranks[i, 4])))
        )
        out_hand[i] = code_hand[c]
        out_category[i] = code_category[c]
        out_strength[i] = code_strength[c]


_ranks_serial, _ranks_parallel = serial_and_parallel(_ranks_loop)


@jit
def _ranks_checked(
    ranks, code_hand, code_category, code_strength, out_hand, out_category, out_strength
):
    bad = 0
    for i in range(ranks.shape[0]):
        code = 0
        ok = True
        for d in range(4, -1, -1):
            r = np.int64(ranks[i, d])
            if r < 0 or r > 5:
                ok = False
            code = code * 6 + r
        if ok:
            out_hand[i] = code_hand[code]
            out_category[i] = code_category[code]
            out_strength[i] = code_strength[code]
        else:
            out_hand[i] = -1
            out_category[i] = -1
            out_strength[i] = -1
            bad += 1
    return bad


# Block kernels: LANES throws per vector gather (see ``kernels.gather``), the
# few left over one by one.  ``packed`` holds hand | category << 8 | strength << 16.


@jit
def _codes_tail(codes, packed, out_hand, out_category, out_strength, start):
    for i in range(start, codes.shape[0]):
        p = packed[np.intp(codes[i])]
        out_hand[i] = p & 0xFF
        out_category[i] = (p >> 8) & 0xFF
        out_strength[i] = p >> 16


def _codes_blocks_loop(codes, packed, out_hand, out_category, out_strength):
    blocks = codes.shape[0] // LANES
    for b in prange(blocks):
        lookup_codes(codes, packed, out_hand, out_category, out_strength, b * LANES)
    _codes_tail(codes, packed, out_hand, out_category, out_strength, blocks * LANES)


_codes_blocks, _codes_blocks_parallel = serial_and_parallel(_codes_blocks_loop)


@jit
def _ranks_tail(ranks, packed, out_hand, out_category, out_strength, start):
    for i in range(start, ranks.shape[0]):
        c = np.intp(ranks[i, 0]) + 6 * (
            np.intp(ranks[i, 1])
            + 6 * (np.intp(ranks[i, 2]) + 6 * (np.intp(ranks[i, 3]) + 6 * np.intp(ranks[i, 4])))
        )
        p = packed[c]
        out_hand[i] = p & 0xFF
        out_category[i] = (p >> 8) & 0xFF
        out_strength[i] = p >> 16


def _ranks_blocks_loop(ranks, packed, out_hand, out_category, out_strength):
    blocks = ranks.shape[0] // LANES
    for b in prange(blocks):
        lookup_ranks(ranks, packed, out_hand, out_category, out_strength, b * LANES)
    _ranks_tail(ranks, packed, out_hand, out_category, out_strength, blocks * LANES)


_ranks_blocks, _ranks_blocks_parallel = serial_and_parallel(_ranks_blocks_loop)


#: Whether the vector kernels compiled (None: not tried yet); if not, the scalar ones run.
_VECTOR_STATE: dict[tuple, bool] = {}


def vector_kernels_used() -> set[str]:
    """The vector (gather) kernels that compiled and ran so far (``ranks``, ``codes``)."""
    return {key[0] for key, ok in _VECTOR_STATE.items() if ok}


def _run_vector(kernel, key, throws, packed, outputs) -> bool:
    """Run a block kernel; False (and never again for ``key``) if it cannot be compiled."""
    if packed is None or _VECTOR_STATE.get(key) is False:
        return False
    if not (throws.flags.c_contiguous and all(a.flags.c_contiguous for a in outputs)):
        return False  # the block loads and stores need contiguous arrays
    try:
        kernel(throws, packed, *outputs)
    except Exception:  # a numba or LLVM build without the gather: use the scalar loops
        _VECTOR_STATE[key] = False
        return False
    _VECTOR_STATE[key] = True
    return True


def classify_codes(
    codes,
    code_hand,
    code_category,
    code_strength,
    out_hand,
    out_category,
    out_strength,
    code_packed=None,
):
    """Classify throw codes by one lookup each; returns how many codes were invalid.

    ``codes`` is a 1-D integer array; invalid codes (outside 0..7775) get -1
    in every output.  With ``code_packed`` (see :func:`pack_tables`) valid
    batches take the vector kernels.
    """
    tables = (code_hand, code_category, code_strength, out_hand, out_category, out_strength)
    outputs = (out_hand, out_category, out_strength)
    low, high = value_range(codes)
    if low < 0 or high >= code_hand.shape[0]:
        return int(_codes_checked(codes, *tables))
    large = codes.shape[0] >= PARALLEL_MIN
    vector = _codes_blocks_parallel if large else _codes_blocks
    key = ("codes", large, codes.dtype.num, *(a.dtype.num for a in outputs))
    if not _run_vector(vector, key, codes, code_packed, outputs):
        (_codes_parallel if large else _codes_serial)(codes, *tables)
    return 0


def classify_ranks(
    ranks,
    code_hand,
    code_category,
    code_strength,
    out_hand,
    out_category,
    out_strength,
    code_packed=None,
):
    """Classify an (N, 5) C-contiguous array of face ranks; returns how many rows were invalid.

    A row with a rank outside 0..5 gets -1 in every output.  With
    ``code_packed`` (see :func:`pack_tables`) valid batches take the vector kernels.
    """
    tables = (code_hand, code_category, code_strength, out_hand, out_category, out_strength)
    outputs = (out_hand, out_category, out_strength)
    low, high = value_range(ranks.reshape(-1))
    if low < 0 or high > 5:
        return int(_ranks_checked(ranks, *tables))
    large = ranks.shape[0] >= PARALLEL_MIN
    vector = _ranks_blocks_parallel if large else _ranks_blocks
    key = ("ranks", large, ranks.dtype.num, *(a.dtype.num for a in outputs))
    if not _run_vector(vector, key, ranks, code_packed, outputs):
        (_ranks_parallel if large else _ranks_serial)(ranks, *tables)
    return 0
