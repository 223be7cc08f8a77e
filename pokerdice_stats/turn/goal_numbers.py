"""The numbers a goal is made of, checked: its numerators, and whole-number arrays given
to build one (:mod:`~pokerdice_stats.turn.goals`).

Whole numbers are kept exact (int64 where every one fits, else Python integers); floats
stay floats within :data:`MAX_FLOAT_VALUE`; anything else is a
:class:`~pokerdice_stats.ground.errors.GoalError` naming what is wrong.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import is_whole, shown, whole_value
from pokerdice_stats.ground.bounds import INT64_MAX
from pokerdice_stats.ground.errors import GoalError

__all__ = ["MAX_FLOAT_VALUE", "checked_numerators", "integer_array", "whole_numbers"]


#: The largest float numerator a goal takes: a turn's sums over the 7,776 throws of up to
#: three throws stay far below the largest float.
MAX_FLOAT_VALUE = 1e300


def checked_numerators(name: str, given: object) -> np.ndarray:
    """A goal's numerators: one number a hand, int64 or Python ints (object) when whole,
    floats when given as floats, or refused."""
    numerators = given if type(given) is np.ndarray else np.asarray(given)
    if numerators.shape != (ix.N_HANDS,):
        raise GoalError(
            f"goal {name!r}: one numerator a final hand, {ix.N_HANDS} in all, got an array of "
            f"shape {numerators.shape}"
        )
    kind = numerators.dtype.kind
    if kind == "b":
        return numerators.astype(np.int64)
    if kind == "f":
        if not np.isfinite(numerators).all():
            raise GoalError(f"goal {name!r}: its numerators must be finite numbers")
        if np.abs(numerators).max() > MAX_FLOAT_VALUE:
            raise GoalError(
                f"goal {name!r}: float numerators must be at most {MAX_FLOAT_VALUE:g} in size "
                "(a turn's sums over the 7,776 throws must stay finite); larger values: whole "
                "numerators (exact) or a smaller unit"
            )
        return numerators
    if kind in "iu":
        return numerators
    if kind != "O":
        raise GoalError(
            f"goal {name!r}: its numerators must be numbers, got dtype {numerators.dtype}"
        )
    items = numerators.tolist()
    if all(type(n) is int for n in items):
        return numerators
    wholes = [whole_value(n) for n in items]
    if any(n is None for n in wholes):
        wrong = items[wholes.index(None)]
        raise GoalError(
            f"goal {name!r}: numerators held as objects must be whole numbers, got {shown(wrong)}"
            " (fractional values: a float array, or whole numerators over a denominator)"
        )
    return np.array(wholes, dtype=object)


def whole_numbers(values: object, shape: tuple[int, ...], what: str) -> np.ndarray:
    """``values`` as an object array of Python integers of ``shape``, else GoalError."""
    try:
        array = np.asarray(values)
    except ValueError:  # ragged
        raise GoalError(f"{what} must be an array of shape {shape}") from None
    if array.shape != shape:
        raise GoalError(f"{what} must be an array of shape {shape}, got shape {array.shape}")
    if array.dtype.kind in "iu":  # integers of a fixed width: Python's, exactly
        return array.astype(object)
    bad = (
        next((v for v in array.flat if not is_whole(v)), None)
        if array.dtype.kind == "O"
        else (array.flat[0] if array.size else None)
    )
    if bad is not None:
        value = bad.item() if isinstance(bad, np.generic) else bad
        raise GoalError(f"{what} must hold whole numbers, got {shown(value)}")
    return np.array([int(v) for v in array.flat], dtype=object).reshape(shape)


def integer_array(values: list[int]) -> np.ndarray:
    """Exact integers as int64 where every one fits, else as Python integers (object)."""
    if all(abs(v) <= INT64_MAX for v in values):
        return np.array(values, dtype=np.int64)
    return np.array(values, dtype=object)
