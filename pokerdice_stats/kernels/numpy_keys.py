"""The keys that order the 252 hands under a rule set (never imports numba).

The 252 hands are few enough that building a rule set's keys in NumPy and plain
Python takes a few milliseconds, less than loading a compiled kernel would; the
classifier's tables (:mod:`.classify`) are built from them, and the quick commands
never import numba.  A key is ``category_rank * 6**5 + tiebreak``, where
``category_rank`` is 0 for the lowest category and ``tiebreak`` the base-6 number of
the five dice in tie-break order (the combination, then the other dice, highest
first), or 0 when only categories count.  A hand with wild dice takes the largest
key over the assignments of its wild dice; every assignment is itself a hand, so
that is the largest natural key among those hands.  The tests check the order and
the categories against the plain reference on every throw of some forty rule sets.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.codes import KIND_ANY, KIND_RUN
from pokerdice_stats.kernels.records import HandOrder, Multisets

TIEBREAK_BASE = 7776  # 6**5: room for five base-6 tie-break digits


def best_run_start(counts, run_length: int, run_mask: int) -> int:
    """Highest allowed start of a run of ``run_length`` ranks present, or -1."""
    for start in range(6 - run_length, -1, -1):
        if (run_mask >> start) & 1 and all(counts[r] > 0 for r in range(start, start + run_length)):
            return start
    return -1


def fits(counts, kind: int, pattern, run_length: int, run_mask: int) -> bool:
    """Whether a count vector fits a category (``pattern``: counts largest first, 0-padded)."""
    if kind == KIND_ANY:
        return True
    if kind == KIND_RUN:
        return best_run_start(counts, run_length, run_mask) >= 0
    ordered = sorted(counts, reverse=True)
    return all(ordered[i] == pattern[i] for i in range(len(pattern)))


def tiebreak_code(counts, kind: int, run_length: int, run_mask: int) -> int:
    """Base-6 number of the five dice in tie-break order: the combination, then the rest."""
    left = [int(c) for c in counts]
    code = 0
    if kind == KIND_RUN:
        start = best_run_start(counts, run_length, run_mask)
        for r in range(start + run_length - 1, start - 1, -1):
            code = code * 6 + r
            left[r] -= 1
    for count in range(5, 0, -1):
        for r in range(5, -1, -1):
            if left[r] == count:
                for _ in range(count):
                    code = code * 6 + r
    return code


def natural_keys(order: HandOrder, sets: Multisets) -> list[int]:
    """Key of every hand counted without wild faces (the first category it fits)."""
    n_categories = len(order.kinds)
    categories = [
        (
            int(order.kinds[c]),
            [int(p) for p in order.patterns[c]],
            int(order.run_lengths[c]),
            int(order.run_masks[c]),
        )
        for c in range(n_categories)
    ]
    keys = []
    for counts in sets.hand_counts.tolist():
        key = -1
        for c, (kind, pattern, run_length, run_mask) in enumerate(categories):
            if fits(counts, kind, pattern, run_length, run_mask):
                key = (n_categories - 1 - c) * TIEBREAK_BASE
                digits = int(order.tiebreak_digits[c])
                if digits > 0:  # the leading digits: the combination first, then the odd dice
                    key += tiebreak_code(counts, kind, run_length, run_mask) // 6 ** (5 - digits)
                break
        keys.append(key)
    return keys


def hand_keys(order: HandOrder, sets: Multisets) -> np.ndarray:
    """(252,) int64 key of every hand; a wild face (``order.wild``, or -1) takes its best
    assignment."""
    natural = natural_keys(order, sets)
    wild = int(order.wild)
    if wild < 0:
        return np.array(natural, dtype=np.int64)
    keeps_by_size: dict[int, list[list[int]]] = {}
    for counts, size in zip(sets.keep_counts.tolist(), sets.keep_size.tolist(), strict=True):
        keeps_by_size.setdefault(size, []).append(counts)
    keys = []
    for h, counts in enumerate(sets.hand_counts.tolist()):
        n_wild = counts[wild]
        if n_wild == 0:
            keys.append(natural[h])
            continue
        base = list(counts)
        base[wild] = 0
        keys.append(
            max(
                natural[ix.hand_index([b + k for b, k in zip(base, keep, strict=True)])]
                for keep in keeps_by_size[n_wild]
            )
        )
    return np.array(keys, dtype=np.int64)


def pack_tables(code_hand, code_category, code_strength):
    """The three lookup tables packed into one int32 table for the vector kernels."""
    return (
        code_hand.astype(np.int32)
        | (code_category.astype(np.int32) << 8)
        | (code_strength.astype(np.int32) << 16)
    )
