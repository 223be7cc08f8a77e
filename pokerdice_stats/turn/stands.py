"""The goals of a hold solve as the stand values of the dynamic program.

:func:`stack_int64` puts a batch of goals over one denominator as int64 rows when every
value of a turn fits (with the largest numerator, from which :func:`tolerance_of` gives
the float tolerance without a pass over the values); :func:`one_goal_row` makes one
goal's row in one pass of the compiled kernels; :func:`plain_floats` tells float rows
over 1 (the seats of a round).  :func:`~pokerdice_stats.turn.holds.solve` takes
them from here.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.goals import INT64_MAX, Goal
from pokerdice_stats.turn.induction import FLOAT_TOLERANCE


def tolerance_of(largest: int, denominator: int) -> float:
    """:func:`~pokerdice_stats.turn.induction.float_tolerance` of the float stand
    values ``numerators / denominator`` without a pass over them: their largest
    absolute value is the largest absolute numerator (exact in a float, under 2**53)
    over the denominator, since dividing by a positive number keeps the order."""
    return FLOAT_TOLERANCE * max(1.0, float(np.float64(largest) / denominator))


def plain_floats(goals: Sequence[Goal]) -> bool:
    """Whether every goal is a (252,) float64 array over the denominator 1."""
    return all(
        g.denominator == 1
        and isinstance(g.numerators, np.ndarray)
        and g.numerators.dtype == np.float64
        and g.numerators.shape == (ix.N_HANDS,)
        for g in goals
    )


def float_rows(rows: object) -> bool:
    """Whether ``rows`` is a (G, 252) float64 array: the rows of :func:`plain_floats` goals
    stacked (a round's seats give their goals so)."""
    return (
        isinstance(rows, np.ndarray)
        and rows.dtype == np.float64
        and rows.ndim == 2
        and rows.shape[1] == ix.N_HANDS
    )


def stack_int64(
    goals: Sequence[Goal], throws: int, copy: bool = True
) -> tuple[np.ndarray | None, int, int]:
    """The goals over a common denominator as int64 when every value of a turn fits.

    Returns ``(stand, denominator, largest)``, ``largest`` the largest absolute
    numerator of ``stand``; ``(None, denominator, 0)`` when some numerator times
    ``7776**throws`` might not fit in int64 (then :func:`stack_goals` and Python
    integers).  ``copy=False``: one goal's row may be a view of its numerators
    (for a caller that makes a new array of it anyway).
    """
    if not goals:
        return None, 1, 0
    limit = _limit(throws)
    if len(goals) == 1:  # the common case, with the checks below and no loop
        goal = goals[0]
        numerators = goal.numerators
        if numerators.dtype != _INT64 or numerators.shape != _HANDS_SHAPE:
            return None, goal.denominator, 0
        largest = max(int(_MAX(numerators)), -int(_MIN(numerators)))
        if largest > limit:
            return None, goal.denominator, 0
        row = numerators.reshape(1, -1)
        # a copy as a row, as np.stack makes
        return row.copy() if copy else row, goal.denominator, largest
    denominator = math.lcm(*(g.denominator for g in goals))
    rows = []
    largest = 0
    for g in goals:
        numerators = g.numerators
        if numerators.dtype != _INT64 or numerators.shape != _HANDS_SHAPE:
            return None, denominator, 0
        factor = denominator // g.denominator
        row_largest = max(int(_MAX(numerators)), -int(_MIN(numerators))) * factor
        if row_largest > limit:
            return None, denominator, 0
        largest = max(largest, row_largest)
        rows.append(numerators * factor if factor != 1 else numerators)
    return np.stack(rows), denominator, largest


def one_goal_row(
    kernels: Any, goal: Goal, throws: int, exact: bool
) -> tuple[np.ndarray, int, float] | None:
    """One goal's stand values as a (1, 252) row, in one pass of the compiled
    kernels' ``goal_row``: what :func:`stack_int64` (and, for floats, the division
    by the denominator and :func:`tolerance_of`) make of it, or None where they
    would not (not int64 numerators over the hands, or beyond int64 when exact).

    Returns ``(stand, denominator, tolerance)``: exact, int64 numerators over the
    goal's denominator and the tolerance 0; floats, the values over 1 and their
    tolerance.
    """
    numerators = goal.numerators
    denominator = goal.denominator
    if numerators.dtype != _INT64 or numerators.shape != _HANDS_SHAPE:
        return None
    if exact:
        stand = np.empty(_ROW_SHAPE, dtype=_INT64)
        high, low, _ = kernels.goal_row(numerators, None, stand)
        if high > _limit(throws) or -low > _limit(throws):
            return None
        return stand, denominator, 0
    if not 0 < denominator <= INT64_MAX:
        return None
    stand = np.empty(_ROW_SHAPE, dtype=_FLOAT64)
    top = kernels.goal_row(numerators, denominator, stand)[2]
    # float_tolerance(stand): the same largest absolute value, found in the same pass
    return stand, 1, FLOAT_TOLERANCE * max(1.0, top)


#: The reductions of ``ndarray.max`` and ``min``, without their Python wrappers.
_MAX = np.maximum.reduce
_MIN = np.minimum.reduce
_INT64 = np.dtype(np.int64)
_HANDS_SHAPE = (ix.N_HANDS,)
_ROW_SHAPE = (1, ix.N_HANDS)
_FLOAT64 = np.dtype(np.float64)


@functools.cache
def _limit(throws: int) -> int:
    """The largest numerator whose values over a turn of ``throws`` throws fit in int64
    (with room for a sum of two)."""
    return INT64_MAX // 2 // ix.N_THROWS**throws
