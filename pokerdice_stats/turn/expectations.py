"""The value of every keep of a turn's stage: the expectation of the states a throw reaches.

One step of :func:`~pokerdice_stats.turn.induction.backward_stage`, by state kind:
over hands one die at a time (:class:`~pokerdice_stats.ground.indexing.DieByDie`), over
sticky holds' ``(aside, hand)`` states by the reroll model's rows, over a turn-scoped
``max_rethrow``'s ``(untouched, hand)`` states by the carried keeps' rows
(:func:`~pokerdice_stats.turn.states.carried_keeps`).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels import numpy_reroll
from pokerdice_stats.turn.states import carried_keeps, carried_ways

__all__ = ["keep_expectations"]


def keep_expectations(
    kernels: Any, kind: str, previous: np.ndarray, exact: bool, is_object: bool, wide: bool
) -> np.ndarray:
    """The value of every keep (or carried keep): the expectation of ``previous``.

    Parameters
    ----------
    kernels : module
        The kernel module of the batch (:func:`~pokerdice_stats.turn.induction.kernels_for`).
    kind : str
        The state kind (:func:`~pokerdice_stats.turn.states.state_kind`).
    previous : (G, S) array
        The state values with one throw fewer left.
    exact : bool
        Numerators (each keep's sum, over ``7776`` times the denominator), else means.
    is_object : bool
        Python integers: the numpy twins' object versions.
    wide : bool
        A batch large enough to run its goals side by side, when the kernel module
        can (:mod:`~pokerdice_stats.kernels.states_wide`): the same numbers.

    Returns
    -------
    (G, 462) array, or (G, P) over the carried keeps under ``original`` states.
    """
    n_goals = previous.shape[0]
    reroll = ix.REROLL
    assert reroll.val is not None
    sticky = kind == "aside"
    if kind == "original":
        _, pair_keep, ptr, state = carried_keeps()
        ways = carried_ways()
        if is_object:
            return numpy_reroll.expect_keeps_object(previous, ptr, state, ways)
        out = np.empty((n_goals, len(pair_keep)), dtype=previous.dtype)
        expect_wide = getattr(kernels, "expect_wide", None) if wide else None
        if expect_wide is not None:  # the goals side by side, the blocks on threads
            expect_wide(previous, ptr, state, ways, out)
        else:
            kernels.expect_keeps(previous, ptr, state, ways, out)
        if not exact:
            out /= ix.N_THROWS
        return out
    if not sticky:  # over hands: one die at a time, floats as means
        die = ix.DIE_BY_DIE
        out = np.empty((n_goals, ix.N_KEEPS), dtype=object if is_object else previous.dtype)
        by_die = numpy_reroll.expect_keeps_by_die if is_object else kernels.expect_keeps_by_die
        throws = None if exact else die.throws
        by_die(previous, ix.HAND_KEEP_INT64, die.grow, die.order, die.scale, throws, out)
        return out
    if is_object:
        return numpy_reroll.expect_keeps_sticky_object(previous, reroll.ptr, reroll.val)
    out = np.empty((n_goals, ix.N_KEEPS), dtype=previous.dtype)
    # Float values take the ways as floats (the same numbers: small integers).
    ways = reroll.val if previous.dtype.kind != "f" else _float_ways()
    expect_wide = getattr(kernels, "expect_wide", None) if wide else None
    if expect_wide is not None:  # (the states of a sticky keep's sum are its positions)
        expect_wide(previous, reroll.ptr, _positions(), ways, out)
    else:
        kernels.expect_keeps_sticky(previous, reroll.ptr, ways, out)
    if not exact:
        out /= ix.N_THROWS
    return out


@functools.cache
def _positions() -> np.ndarray:
    """``0 .. nnz - 1`` over the reroll model's positions, read-only: under sticky holds
    the state of each term of a keep's sum (:func:`keep_expectations`)."""
    reroll = ix.REROLL
    assert reroll.val is not None
    positions = np.arange(len(reroll.val), dtype=np.int64)
    positions.setflags(write=False)
    return positions


@functools.cache
def _float_ways() -> np.ndarray:
    """The ways of the reroll model as float64, read-only."""
    reroll = ix.REROLL
    assert reroll.val is not None
    ways = reroll.val.astype(np.float64)
    ways.setflags(write=False)
    return ways
