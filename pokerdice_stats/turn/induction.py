"""Backward induction and the forward pass over the throws of one turn.

The optimal-hold program (:mod:`pokerdice_stats.turn.holds`) and the turn whose
stand value depends on the throws used (:mod:`pokerdice_stats.turn.staged`)
are the same two sweeps over the states of :mod:`pokerdice_stats.turn.states`:

- :func:`backward_pass`, one :func:`backward_stage` a throw, from the last
  throw back to the first: the value of keeping each keep, of each state, and
  the canonical best keep of each state (see :mod:`pokerdice_stats.turn.holds` for
  the recurrence); :func:`turn_value` then weighs the first throw's states by
  the ways of throwing each hand.
- :func:`final_hands` and :func:`final_hands_by_throw`, the forward pass:
  starting from the first throw, follow the best keeps throw by throw and
  collect the chance of standing on each hand.

Exact values are integer numerators (int64 while they fit, Python integers
beyond); a stage with ``t`` throws left is over ``denominator * 7776**t``.
Floats are chances and expectations directly.  The kernels are in
:mod:`pokerdice_stats.kernels.reroll`.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.made_when_read import MadeWhenRead
from pokerdice_stats.kernels import numpy_reroll
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.expectations import keep_expectations
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import carried_keeps, first_states, state_kind, state_options

#: Batches of at most this many goals may run on the numpy twins of the kernels
#: (:mod:`pokerdice_stats.kernels.numpy_reroll`): milliseconds for a few goals, and
#: no numba to import.  Larger batches (the games' many seats and strengths) run on
#: the compiled kernels of :mod:`pokerdice_stats.kernels.reroll`.
QUICK_GOALS = 64
#: Batches of at least this many goals run the compiled kernels on numba's threads;
#: smaller ones run the same kernels compiled without threads
#: (:mod:`pokerdice_stats.kernels.reroll_serial`), since waking the thread pool costs
#: more than their work.
PARALLEL_MIN_GOALS = 512
#: Seconds of work on the twins after which a process loads the compiled kernels:
#: about what loading them costs once on the project's machine (importing numba,
#: 0.3-0.45 s, and reading the kernels from numba's cache, about 0.45 s; see
#: ``results/benchmarks/cli.md``).  Renting the twins until their bill reaches the
#: price of buying numba costs at most twice the better choice made knowing the
#: future: a command stays on the twins, a notebook or a script that solves in a
#: loop moves to the kernels (tens of microseconds a goal) within a second or two.
NUMBA_LOAD_SECONDS = 0.8
#: Limits raised for a while by :func:`quick_limit`, innermost last.
_RAISED: list[int] = []
#: Seconds this process has spent in the twins (outside :func:`quick_limit`).
_TWIN_SECONDS = [0.0]
#: The module whose import means the compiled kernels are in the process.
_COMPILED = "pokerdice_stats.kernels.reroll"


def quick_goals() -> int:
    """The largest batch that may run on the numpy twins now: :data:`QUICK_GOALS`,
    or the limit of the innermost :func:`quick_limit`."""
    return _RAISED[-1] if _RAISED else QUICK_GOALS


@contextmanager
def quick_limit(n_goals: int) -> Iterator[None]:
    """Run batches of up to ``n_goals`` goals on the numpy twins inside the block
    (larger ones on the compiled kernels), whatever the process has loaded.

    For work that would spend longer loading numba (and, the first time,
    compiling its kernels) than the twins take, e.g. a small round solved once
    by ``hold --to-win``; ``quick_limit(-1)`` runs everything on the compiled kernels.
    """
    _RAISED.append(int(n_goals))
    try:
        yield
    finally:
        _RAISED.pop()


def compiled_loaded() -> bool:
    """Whether this process has imported the compiled kernels (and so numba)."""
    return _COMPILED in sys.modules


def kernels_for(n_goals: int, dtype: np.dtype | type) -> Any:
    """The kernel module for a batch, by cost.

    - Python-integer (object) arrays: the numpy twins (the only ones that take them).
    - Inside :func:`quick_limit`: the twins up to its limit, the compiled kernels beyond.
    - Otherwise batches of at most :data:`QUICK_GOALS` goals run on the twins until
      the compiled kernels are in the process or the twins have cost this process
      :data:`NUMBA_LOAD_SECONDS`; everything else on the compiled kernels.
    - The compiled kernels run on numba's threads from :data:`PARALLEL_MIN_GOALS`
      goals, serially below, and serially always in a process of one thread.

    The one place that decides; all give the same answers (the tests compare them).
    """
    if dtype is object or np.dtype(dtype).kind == "O":
        return numpy_reroll
    if _RAISED:
        if n_goals <= _RAISED[-1]:
            return numpy_reroll
    elif (
        n_goals <= QUICK_GOALS
        and _TWIN_SECONDS[0] < NUMBA_LOAD_SECONDS
        and _COMPILED not in sys.modules
    ):
        return numpy_reroll
    return _compiled(n_goals >= PARALLEL_MIN_GOALS)


def one_goal_kernels() -> Any:
    """The compiled serial module, when :func:`kernels_for` gives it to one int64 goal
    (numba is in the process, and no :func:`quick_limit` sends one goal to the twins),
    else None: the choice of :func:`~pokerdice_stats.turn.holds.solve`'s one-goal path,
    without ``kernels_for``'s dtype reading (a microsecond of a twenty-microsecond
    solve)."""
    if _COMPILED not in sys.modules or (_RAISED and _RAISED[-1] >= 1):
        return None
    return _compiled(1 >= PARALLEL_MIN_GOALS)


def _compiled(parallel: bool) -> Any:
    """The compiled kernel module, on numba's threads or serial (imported once); serial
    when the process has one thread (its parallel build would be compiled for nothing)."""
    if parallel:
        from pokerdice_stats.kernels._numba import threads

        parallel = threads() > 1
    module = _LOADED.get(parallel)
    if module is None:
        if parallel:
            from pokerdice_stats.kernels import reroll as module
        else:
            from pokerdice_stats.kernels import reroll_serial as module
        _LOADED[parallel] = module
    return module


#: The compiled kernel modules once imported, by ``parallel``.
_LOADED: dict[bool, Any] = {}


def charge_time(kernels: Any, started: float) -> None:
    """Add the time since ``started`` to the twins' bill when they did the work
    by the process's choice (not inside :func:`quick_limit`)."""
    if kernels is numpy_reroll and not _RAISED:
        _TWIN_SECONDS[0] += time.perf_counter() - started


#: Float values closer than this (relative to the largest goal value, at least 1) are equal.
FLOAT_TOLERANCE = 1e-12


class Stage(NamedTuple):
    """The solution with a given number of throws left (1 or more).

    A named tuple (immutable, and made in a fraction of a frozen dataclass's time:
    a one-goal solve makes one a throw).

    Attributes
    ----------
    keep_values : (G, 462) or (G, P)
        Value of keeping each keep and throwing the rest; under ``original``
        states (turn-scoped ``max_rethrow``) of each carried keep
        (:func:`~pokerdice_stats.turn.states.carried_keeps`).
    state_values : (G, S)
        Value of each state (S = 252 hands, or 4368 pair states).
    best_keep : (G, S) int64
        Canonical best keep of each state (the hand's own keep: stand).
    """

    keep_values: np.ndarray
    state_values: np.ndarray
    best_keep: np.ndarray


class StageViews(MadeWhenRead[Stage]):
    """The stages of a whole pass over hands (:func:`backward_hands`) as a read-only
    sequence of :class:`Stage`: ``stages[t - 1]`` holds views of the three stacked
    ``(L, G, ...)`` arrays, made when first asked for (a one-goal solve asks for
    none of them, and making them costs microseconds)."""

    __slots__ = ("_best_keep", "_keep_values", "_state_values")

    def __init__(self, keep_values: np.ndarray, state_values: np.ndarray, best_keep: np.ndarray):
        super().__init__(keep_values.shape[0])
        self._keep_values = keep_values
        self._state_values = state_values
        self._best_keep = best_keep

    def _make(self, index: int) -> Stage:
        return Stage(self._keep_values[index], self._state_values[index], self._best_keep[index])

    def last_state_values(self) -> np.ndarray:
        """``self[-1].state_values``, without making the stage."""
        return self._state_values[-1]

    def __repr__(self) -> str:
        return f"StageViews({list(self)!r})"


def float_tolerance(stand: np.ndarray) -> float:
    """The gap under which two float values count as equal: :data:`FLOAT_TOLERANCE`
    times the largest goal value (at least 1)."""
    largest = float(np.abs(stand).max()) if stand.size else 0.0
    return FLOAT_TOLERANCE * max(1.0, largest)


def backward_stage(
    rules: RuleSet,
    previous: np.ndarray,
    stand: np.ndarray,
    exact: bool,
    tolerance: float,
    kernels: Any = None,
) -> Stage:
    """One step of backward induction: from the state values with one throw
    fewer left (``previous``) and this stage's stand values, the values of
    every keep and state and the canonical best keeps.

    Exact values are numerators (int64 or Python integers), already scaled to
    this stage's denominator in ``stand``; floats use ``tolerance`` for ties.
    ``kernels``: the kernel module (default: :func:`kernels_for` the batch).
    """
    kind = state_kind(rules)
    state_hand, opt_ptr, opt_keep = state_options(kind, rules.max_rethrow)
    n_goals = previous.shape[0]
    is_object = previous.dtype.kind == "O" or stand.dtype.kind == "O"
    if kernels is None or is_object:
        kernels = kernels_for(n_goals, object if is_object else previous.dtype)
    wide = n_goals >= WIDE_MIN_GOALS
    keep_values = keep_expectations(kernels, kind, previous, exact, is_object, wide)
    state_values = np.empty((n_goals, len(state_hand)), dtype=stand.dtype)
    best = np.empty((n_goals, len(state_hand)), dtype=np.int64)
    # Under ``original`` the options are carried keeps; standing is marked past them.
    offset = keep_values.shape[1] if kind == "original" else 0
    arguments = (
        keep_values,
        stand,
        state_hand,
        opt_ptr,
        opt_keep,
        _stand_options(offset),
        tolerance,
        state_values,
        best,
    )
    options_wide = getattr(kernels, "best_options_wide", None) if wide else None
    if options_wide is not None:  # the goals side by side, the blocks on threads
        options_wide(*arguments, _option_keeps() if kind == "original" else _own_keeps())
    else:
        kernels.best_options(*arguments)
        if kind == "original":
            best = _option_keeps().take(best)  # (one look-up: a tenth of two where's)
    return Stage(keep_values, state_values, best)


@functools.cache
def _stand_options(offset: int) -> np.ndarray:
    """Each hand's option of standing, ``offset`` past the carried keeps under ``original``
    (read-only, as every table the kernels read: one compiled build for all state kinds)."""
    if not offset:
        return ix.HAND_KEEP_INT64
    options = ix.HAND_KEEP_INT64 + offset
    options.setflags(write=False)
    return options


@functools.cache
def _own_keeps() -> np.ndarray:
    """Each keep its own label (``best_options_wide``'s labels where options are keeps)."""
    keeps = np.arange(ix.N_KEEPS, dtype=np.int64)
    keeps.setflags(write=False)
    return keeps


@functools.cache
def _option_keeps() -> np.ndarray:
    """The keep of each option ``best_options`` numbers under ``original`` states: a
    carried keep ``j`` is keep ``pair_keep[j]``; past them, ``offset + k`` is standing on
    (the keep of) hand ``k``, keep ``k``."""
    pair_keep = carried_keeps()[1]
    keeps = np.concatenate([pair_keep, np.arange(ix.N_KEEPS, dtype=np.int64)])
    keeps.setflags(write=False)
    return keeps


def backward_pass(
    rules: RuleSet, stands: Sequence[np.ndarray], exact: bool, tolerance: float
) -> Sequence[Stage]:
    """Backward induction over a turn of ``len(stands)`` throws.

    Parameters
    ----------
    rules : RuleSet
        The turn rules (at most N dice thrown again, sticky holds).
    stands : sequence of (G, 252) arrays
        ``stands[t - 1]``: value of standing on each hand after throw ``t``
        (numerators over one common denominator when ``exact``).
    exact : bool
    tolerance : float
        Float values closer than this are equal; the integer 0 when exact
        (so that the kernel compares integers, not floats).

    Returns
    -------
    sequence of Stage
        ``stages[t - 1]`` for ``t`` throws left, ``t = 1 .. len(stands) - 1`` (a
        :class:`StageViews` from the compiled whole pass over hands, else a list).
    """
    throws = len(stands)
    last = stands[-1]
    kind = state_kind(rules)
    kernels = kernels_for(last.shape[0], last.dtype)
    if (
        kind == "hand"
        and throws > 1
        and hasattr(kernels, "backward_hands")
        and all(stand is last for stand in stands)
    ):
        return backward_hands(kernels, rules, last, throws - 1, exact, tolerance)
    # (C order: numpy gives the columns picked out in F order, which the kernels would
    # compile again for)
    previous = np.ascontiguousarray(last[:, ix.STICKY_STATE_HAND]) if kind != "hand" else last
    stages: list[Stage] = []
    started = time.perf_counter()
    for left in range(1, throws):
        stand = stands[throws - left - 1]
        stand_left = stand * ix.N_THROWS**left if exact else stand
        stage = backward_stage(rules, previous, stand_left, exact, tolerance, kernels)
        stages.append(stage)
        previous = stage.state_values
    charge_time(kernels, started)
    return stages


def backward_hands(
    kernels: Any, rules: RuleSet, stand: np.ndarray, n_stages: int, exact: bool, tolerance: float
) -> StageViews:
    """:func:`backward_pass` over hands (``state_kind(rules) == "hand"``) with one stand
    for every throw, in one call of the compiled kernels' ``backward_hands`` (the
    stage-by-stage numbers); ``kernels`` a compiled kernel module."""
    n_goals = stand.shape[0]
    keep_values = np.empty((n_stages, n_goals, ix.N_KEEPS), dtype=stand.dtype)
    state_values = np.empty((n_stages, n_goals, ix.N_HANDS), dtype=stand.dtype)
    best = np.empty((n_stages, n_goals, ix.N_HANDS), dtype=np.int64)
    arguments = (
        stand,
        _scales(exact, n_stages),
        0 if exact else float(tolerance),
        None if exact else ix.DIE_BY_DIE.throws,
        _hold_tables(kernels, rules.max_rethrow),
        keep_values,
        state_values,
        best,
    )
    # A batch runs its goals side by side, the blocks on threads (False: a NaN, which
    # only the goal-by-goal kernel's float comparisons take).
    if n_goals < WIDE_MIN_GOALS:
        kernels.backward_hands(*arguments)
    else:
        wide = getattr(kernels, "backward_hands_wide", None)
        if wide is None or not wide(*arguments):
            kernels.backward_hands(*arguments)
    return StageViews(keep_values, state_values, best)


#: Batches of at least this many goals run the whole pass over hands with the goals
#: side by side
#: (:func:`~pokerdice_stats.kernels.hold_wide.backward_hands_wide`).
WIDE_MIN_GOALS = 16


@functools.cache
def _scales(exact: bool, n_stages: int) -> np.ndarray:
    """The factor of the stand values with ``t`` throws left, ``t = 1 .. n_stages``."""
    scales: np.ndarray = np.ones(n_stages)
    if exact:
        scales = np.array([ix.N_THROWS**t for t in range(1, n_stages + 1)], dtype=np.int64)
    scales.setflags(write=False)
    return scales


@functools.cache
def _hold_tables(kernels: Any, max_rethrow: int) -> tuple[np.ndarray, ...]:
    """The fields of the ``HoldTables`` record of the turns over hands under
    ``max_rethrow``, as the plain tuple that numba's dispatcher types fastest
    (index arrays as ``uint32``: see :class:`~pokerdice_stats.kernels.reroll.HoldTables`)."""
    die = ix.DIE_BY_DIE
    state_hand, opt_ptr, opt_keep = state_options("hand", max_rethrow)

    def index(array: np.ndarray) -> np.ndarray:
        out = array.astype(np.uint32)  # a five-dice keep's -1 grows are never read
        out.setflags(write=False)
        return out

    return tuple(
        kernels.HoldTables(
            index(die.grow),
            index(die.order),
            die.scale,
            index(state_hand),
            index(opt_ptr),
            index(opt_keep),
            index(ix.HAND_KEEP_INT64),
        )
    )


def turn_value(
    stages: Sequence[Stage], first_stand: np.ndarray, sticky: bool | str, exact: bool
) -> np.ndarray:
    """(G,) value of a whole turn: the first throw is always all five dice.

    ``first_stand`` is the value of standing after the first throw, used when
    the turn has one throw (no stages); ``sticky`` is the state kind (or the
    older flag).  Exact values are numerators over ``denominator * 7776**throws``.
    """
    if not stages:
        values = first_stand
    elif isinstance(stages, StageViews):  # over hands: the first states are the hands
        values = stages.last_state_values()
    elif sticky == "hand" or sticky is False:  # the first states are the hands
        values = stages[-1].state_values
    else:
        values = stages[-1].state_values[:, first_states(sticky)]
    if values.dtype.kind == "O":
        total = values.dot(ix.HAND_WAYS.astype(object))
    else:  # floats summed in a fixed order: the same bits on every machine
        total = dot(values, _hand_ways(values.dtype.char))
    if exact:
        return total
    if total.shape == _ONE_GOAL:  # the same division on the scalar, a tenth of a ufunc call
        total[0] = total[0] / _N_THROWS
        return total
    return total / _N_THROWS


_N_THROWS = float(ix.N_THROWS)
_ONE_GOAL = (1,)


@functools.cache
def _hand_ways(dtype: str) -> np.ndarray:
    """:data:`~pokerdice_stats.ground.indexing.HAND_WAYS` as the dtype of character
    code ``dtype`` (a dtype's ``char``, hashed faster than the dtype), read-only."""
    ways = ix.HAND_WAYS.astype(dtype)
    ways.setflags(write=False)
    return ways
