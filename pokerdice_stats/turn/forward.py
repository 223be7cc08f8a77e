"""The forward pass of the hold program: where a turn that follows keep tables ends.

:func:`final_hands` gives the distribution of the final hand (exact integers or float
chances), :func:`final_hands_by_throw` the joint distribution of the throws used and the
final hand, :func:`follow_keeps` the final hands of turns started from given states. The
kernels are those of :func:`~pokerdice_stats.turn.induction.kernels_for`, chosen as for
the backward pass.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.records import CarriedStates
from pokerdice_stats.turn.goals import INT64_MAX
from pokerdice_stats.turn.induction import charge_time, kernels_for
from pokerdice_stats.turn.states import (
    carried_keeps,
    carried_ways,
    first_states,
    keep_intersection,
    n_states,
    state_kind,
)


def final_hands(
    keeps: Sequence[np.ndarray],
    *,
    sticky: bool | str,
    exact: bool,
    n_goals: int,
) -> tuple[np.ndarray, int]:
    """Distribution of the final hand of a turn that follows keep tables.

    Parameters
    ----------
    keeps : sequence of (G, S) int arrays
        ``keeps[t - 1][g, s]``: the keep chosen in state ``s`` after throw
        ``t`` (``t = 1 .. throws - 1``, so ``throws = len(keeps) + 1``); the
        hand's own keep means stand.
    sticky : bool or str
        The state kind (:data:`~pokerdice_stats.turn.states.STATE_KINDS`), or
        the older flag: states are (aside, hand) pairs (4,368) rather than hands.
    exact : bool
        Integer numerators, or float chances.
    n_goals : int
        ``G``, the number of tables followed side by side.

    Returns
    -------
    numerators : (G, 252) array
        Weight of finishing on each hand (int64, Python integers beyond
        int64; floats when not ``exact``).
    denominator : int
        ``7776**throws`` (1 for floats, whose rows sum to 1).
    """
    (final,) = _forward_pass(keeps, sticky, exact, n_goals, by_throw=False)
    throws = len(keeps) + 1
    return final, (ix.N_THROWS**throws if exact else 1)


def final_hands_by_throw(
    keeps: Sequence[np.ndarray], *, sticky: bool | str, exact: bool, n_goals: int
) -> tuple[np.ndarray, list[int]]:
    """Joint distribution of (throws used, final hand) of a turn that follows keep tables.

    Parameters are those of :func:`final_hands`.

    Returns
    -------
    numerators : (throws, G, 252) array
        ``numerators[t - 1, g, h]``: weight of standing on hand ``h`` after
        throw ``t``.
    denominators : list of int
        ``7776**t`` for throw ``t`` (all 1 for floats).
    """
    finals = _forward_pass(keeps, sticky, exact, n_goals, by_throw=True)
    throws = len(keeps) + 1
    denominators = [ix.N_THROWS**t if exact else 1 for t in range(1, throws + 1)]
    return np.array(finals, dtype=finals[0].dtype), denominators


def follow_keeps(
    keeps: Sequence[np.ndarray], start: np.ndarray, *, kind: str, exact: bool
) -> np.ndarray:
    """Final-hand weights of turns that start from given states and follow keep tables.

    Parameters
    ----------
    keeps : sequence of (G, S) int arrays
        The keep chosen in each state at each decision still to come, the next
        decision first (the hand's own keep means stand).
    start : (G, S) array
        Weight of each state now (integers when ``exact``, else chances).
    kind : str
        The state kind (:data:`~pokerdice_stats.turn.states.STATE_KINDS`).
    exact : bool

    Returns
    -------
    (G, 252) array
        Weight of finishing on each hand: integers over (the start's
        denominator times) ``7776**len(keeps)``, or chances.
    """
    (final,) = _forward_pass(keeps, kind, exact, start.shape[0], by_throw=False, start=start)
    return final


def carried_states(pair_ways: np.ndarray) -> CarriedStates:
    """The :class:`~pokerdice_stats.kernels.records.CarriedStates` record the forward steps
    over ``(untouched, hand)`` states read, with the carried keeps' ways ``pair_ways``
    (:func:`~pokerdice_stats.turn.states.carried_ways`, as counts, floats or objects)."""
    pair_of, _, pair_ptr, pair_state = carried_keeps()
    return CarriedStates(
        ix.STICKY_STATE_HAND,
        ix.STICKY_STATE_ASIDE,
        keep_intersection(),
        pair_of,
        pair_ptr,
        pair_state,
        pair_ways,
    )


#: The compiled forward step of each state kind that pools integer masses by keep.
_POOLED = {
    "hand": "forward_step_pooled",
    "aside": "forward_step_sticky_pooled",
    "original": "forward_step_carried_pooled",
}


def _forward_pass(
    keeps: Sequence[np.ndarray],
    sticky: bool | str,
    exact: bool,
    n_goals: int,
    by_throw: bool,
    start: np.ndarray | None = None,
) -> list[np.ndarray]:
    """The forward pass behind :func:`final_hands` and :func:`final_hands_by_throw`.

    ``by_throw``: one (G, 252) array a throw, each over ``7776**t``;
    otherwise one array of every final hand over ``7776**throws``.  ``start``:
    the weight of each state before the first decision (default: the first throw).
    """
    throws = len(keeps) + 1
    if not exact and start is None and ix.N_THROWS**throws <= INT64_MAX // ix.N_THROWS:
        # Chances are the exact counts divided once: correctly rounded, and the same
        # whatever order the kernels add in.
        counts = _forward_pass(keeps, sticky, True, n_goals, by_throw)
        if by_throw:
            return [c / float(ix.N_THROWS**t) for t, c in enumerate(counts, start=1)]
        return [counts[0] / float(ix.N_THROWS**throws)]
    reroll = ix.REROLL
    assert reroll.val is not None
    if exact:
        big = ix.N_THROWS**throws > INT64_MAX // ix.N_THROWS
        if start is not None:
            big = big or start.dtype == object
            big = big or int(np.abs(start).max(initial=0)) * ix.N_THROWS**throws > INT64_MAX // 2
        dtype: type | np.dtype = object if big else np.dtype(np.int64)
    else:
        dtype = np.dtype(np.float64)
    mass = np.zeros((n_goals, n_states(sticky)), dtype=dtype)
    if start is not None:
        mass[:] = start
    else:
        mass[:, first_states(sticky)] = ix.HAND_WAYS if exact else ix.HAND_WAYS / ix.N_THROWS
    if dtype is object:
        ways = reroll.val.astype(object)
    else:
        ways = reroll.val if exact else reroll.val / ix.N_THROWS
    kind = sticky if isinstance(sticky, str) else ("aside" if sticky else "hand")
    kernels = kernels_for(n_goals, dtype)
    started = time.perf_counter()
    step_fn: Any = {
        "hand": kernels.forward_step,
        "aside": kernels.forward_step_sticky,
        "original": kernels.forward_step_carried,
    }[kind]
    if kind == "original":
        pair_ways = carried_ways()
        if dtype is object:
            pair_ways = pair_ways.astype(object)
        elif not exact:
            pair_ways = pair_ways / ix.N_THROWS
        carried = carried_states(pair_ways)
    hand_keep, ptr, col = ix.HAND_KEEP_INT64, reroll.ptr, reroll.col
    pooled = _POOLED[kind] if dtype is not object and exact else ""
    if pooled and hasattr(kernels, pooled):  # counts: pooled by keep (the same sums, integers)
        step_fn = getattr(kernels, pooled)
        if kind == "hand":
            hand_keep, ptr, col = _unsigned_tables()
    finals: list[np.ndarray] = []
    final = np.zeros((n_goals, ix.N_HANDS), dtype=dtype)
    spare: np.ndarray | None = None  # the mass of the throw before: the next one's array
    for t in range(1, throws):
        if by_throw:
            final = np.zeros((n_goals, ix.N_HANDS), dtype=dtype)
        # (every step, compiled or twin, writes the whole of ``nxt``: no zeros needed)
        nxt = np.empty_like(mass) if spare is None else spare
        table = np.asarray(keeps[t - 1], dtype=np.int64)
        if kind == "original":
            step_fn(mass, table, ix.HAND_KEEP_INT64, carried, final, nxt)
        else:
            step_fn(mass, table, hand_keep, ptr, col, ways, final, nxt)
        if by_throw:
            finals.append(final)
        elif exact:
            final = final * ix.N_THROWS
        spare, mass = mass, nxt
    if by_throw:
        final = np.zeros((n_goals, ix.N_HANDS), dtype=dtype)
    if kind != "hand":
        _add_states(final, mass)
    elif by_throw:
        final = mass
    else:
        final = final + mass
    finals.append(final)
    charge_time(kernels, started)
    return finals


@functools.cache
def _unsigned_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hands' keeps and the reroll model's CSR as ``uint32`` (read-only), as
    :func:`~pokerdice_stats.kernels.reroll.forward_step_pooled` takes them."""
    tables = []
    for array in (ix.HAND_KEEP_INT64, ix.REROLL.ptr, ix.REROLL.col):
        out = array.astype(np.uint32)
        out.setflags(write=False)
        tables.append(out)
    return tables[0], tables[1], tables[2]


def _add_states(final: np.ndarray, mass: np.ndarray) -> None:
    """Add the mass of every sticky state to its hand, in state order."""
    if final.dtype == object:
        for p, h in enumerate(ix.STICKY_STATE_HAND):
            final[:, h] += mass[:, p]
    else:
        for row, row_mass in zip(final, mass, strict=True):
            np.add.at(row, ix.STICKY_STATE_HAND, row_mass)


def final_distribution(policy: Any) -> tuple[np.ndarray, int]:
    """See :meth:`~pokerdice_stats.turn.holds.Policy.final_distribution` (any object with
    its ``goals``, ``rules`` (or ``sticky``), ``exact``, ``throws`` and
    ``stages[t - 1].best_keep``)."""
    keeps = [stage.best_keep for stage in reversed(policy.stages)]
    rules = getattr(policy, "rules", None)
    kind = state_kind(rules) if rules is not None else policy.sticky
    return final_hands(keeps, sticky=kind, exact=policy.exact, n_goals=len(policy.goals))
