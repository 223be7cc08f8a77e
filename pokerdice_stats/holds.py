"""The optimal-hold dynamic program: which dice to keep, for any goal.

:func:`solve` runs backward induction over the states of a turn for a batch
of goals at once.  A state is a hand with a number of throws left (and, under
``sticky_holds``, the dice already set aside).  From each state the player may
stand, or keep some dice and throw the rest; the value of a state is the best
expected goal value.  Exact goals stay exact: the values are integer
numerators over ``denominator * 7776**throws_left`` (int64 where they fit,
Python integers beyond); ``exact=False`` gives floats for any goal.

Of holds of equal value the program chooses the canonical one: the most dice,
then the higher faces (compared highest first); standing keeps all five.
:meth:`Policy.alternatives` lists every hold with its value.  The turn rules
(``max_rethrow``, ``sticky_holds``, ``throws``) only restrict which keeps a
state may choose.  The kernels are in :mod:`pokerdice_stats.kernels.reroll`.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.hands import hand_table
>>> from pokerdice_stats.goals import at_least
>>> rules = get_rules("gameweave")
>>> policy = solve(rules, [at_least(hand_table(rules), "five-of-a-kind")])
>>> policy.value()  # 2,783,176 / 60,466,176: keep the largest set
Fraction(347897, 7558272)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

import numba
import numpy as np
import pandas as pd

from pokerdice_stats import indexing as ix
from pokerdice_stats.dice import format_counts, parse_keep
from pokerdice_stats.errors import DiceError, OptionError
from pokerdice_stats.goals import INT64_MAX, Goal, stack_goals
from pokerdice_stats.hands import hand_table
from pokerdice_stats.kernels import reroll as kernels
from pokerdice_stats.rules import MAX_THROWS, RuleSet

#: Float values closer than this (relative to the largest goal value, at least 1) are equal.
FLOAT_TOLERANCE = 1e-12
#: Batches of at least this many goals run the kernels on numba's threads.
PARALLEL_MIN_GOALS = 512
_REROLL = ix.REROLL
_SUBKEEPS = ix.SUBKEEPS

_EMPTY_KEEP = 0
_HAND_KEEP = ix.HAND_KEEP.astype(np.int64)
_KEEP_COUNTS = ix.KEEP_COUNTS.astype(np.int64)


@dataclass(frozen=True)
class Stage:
    """The solution with a given number of throws left (1 or more).

    Attributes
    ----------
    keep_values : (G, 462)
        Value of keeping each keep and throwing the rest.
    state_values : (G, S)
        Value of each state (S = 252 hands, or 4368 (aside, hand) states).
    best_keep : (G, S) int64
        Canonical best keep of each state (the hand's own keep: stand).
    """

    keep_values: np.ndarray
    state_values: np.ndarray
    best_keep: np.ndarray


@dataclass(frozen=True, eq=False)
class Policy:
    """The solved dynamic program for a batch of goals.

    Values are numerators over ``denominator * 7776**t`` (``t`` throws left)
    when ``exact``; floats otherwise.  Use the methods rather than the arrays.

    Attributes
    ----------
    rules : RuleSet
    goals : list of Goal
    throws : int
        Throws a turn.
    exact : bool
    denominator : int
        Common denominator of the goals.
    stand : (G, 252)
        Goal values (numerators over ``denominator``).
    stages : list of Stage
        ``stages[t - 1]`` for ``t`` throws left, t = 1 .. throws - 1.
    turn : (G,)
        Value of a whole turn (numerators over ``denominator * 7776**throws``).
    """

    rules: RuleSet
    goals: list[Goal]
    throws: int
    exact: bool
    denominator: int
    stand: np.ndarray
    stages: list[Stage]
    turn: np.ndarray

    @property
    def sticky(self) -> bool:
        """Whether states remember the dice set aside."""
        return self.rules.sticky_holds

    def _scale(self, throws_left: int) -> int:
        return self.denominator * ix.N_THROWS**throws_left

    def _number(self, numerator, throws_left: int) -> Fraction | float:
        if self.exact:
            return Fraction(int(numerator), self._scale(throws_left))
        return float(numerator)

    def value(self, goal: int = 0) -> Fraction | float:
        """The value of a whole turn for goal number ``goal``."""
        return self._number(self.turn[goal], self.throws)

    def values(self) -> list[Fraction | float]:
        """The value of a whole turn for every goal."""
        return [self.value(g) for g in range(len(self.goals))]

    def _state(self, hand: int, throws_left: int, aside: int | None) -> int:
        if not 0 <= throws_left < self.throws:
            raise OptionError(
                f"throws left must be 0 to {self.throws - 1} after the first throw, "
                f"got {throws_left}"
            )
        if not self.sticky:
            return hand
        aside = _EMPTY_KEEP if aside is None else aside
        state = int(ix.STATE_OF[aside, hand])
        if state < 0:
            raise DiceError("the dice set aside are not all in the hand")
        return state

    def state_value(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> Fraction | float:
        """Value of a hand (after a throw) with ``throws_left`` throws to come."""
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return self._number(self.stand[goal, hand], 0)
        return self._number(self.stages[throws_left - 1].state_values[goal, state], throws_left)

    def best_keep(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> int:
        """The canonical best keep (a keep index; the hand's own keep means stand)."""
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return int(_HAND_KEEP[hand])
        return int(self.stages[throws_left - 1].best_keep[goal, state])

    def keep_value(self, keep: int, throws_left: int, goal: int = 0) -> Fraction | float:
        """Value of keeping ``keep`` and throwing the rest, ``throws_left`` throws to come."""
        if not 1 <= throws_left < self.throws:
            raise OptionError(f"throws left must be 1 to {self.throws - 1} to throw again")
        return self._number(self.stages[throws_left - 1].keep_values[goal, keep], throws_left)

    def optimal_keeps(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> list[int]:
        """Every optimal keep (keep indices, canonical order; the hand's own keep: stand)."""
        frame = self.alternatives(hand, throws_left, goal, aside)
        return [int(k) for k in frame.loc[frame["optimal"], "keep_index"]]

    def alternatives(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> pd.DataFrame:
        """Every distinct hold the rules allow, best first.

        Returns
        -------
        pandas.DataFrame
            Columns ``keep`` (dice kept, highest first), ``keep_index``,
            ``rethrow`` (dice thrown), ``value`` (exact Fraction, or float),
            ``value_float``, ``optimal`` (ties the best value) and
            ``canonical`` (the one choice the program makes).  Holds of equal
            value are listed in canonical order (most dice, higher faces first).
        """
        self._state(hand, throws_left, aside)
        best = self.best_keep(hand, throws_left, goal, aside)
        options = [int(_HAND_KEEP[hand])]
        if throws_left > 0:
            options += [k for k in allowed_subkeeps(self.rules, hand, aside)]
        rows = []
        for order, k in enumerate(options):
            if k == _HAND_KEEP[hand]:
                value = self.state_value(hand, 0, goal)
            else:
                value = self.keep_value(k, throws_left, goal)
            rows.append(
                {
                    "keep": format_counts(ix.KEEP_COUNTS[k], self.rules),
                    "keep_index": k,
                    "rethrow": int(ix.N_DICE - ix.KEEP_SIZE[k]),
                    "value": value,
                    "value_float": float(value),
                    "canonical": k == best,
                    "_order": order,
                }
            )
        frame = pd.DataFrame(rows)
        top = max(frame["value"])
        if self.exact:
            frame["optimal"] = [v == top for v in frame["value"]]
        else:
            frame["optimal"] = frame["value_float"] >= top - float_tolerance(self.stand)
        # Optimal holds first, in canonical order; then the others by value.
        frame["_rank"] = ~frame["optimal"]
        frame["_sort"] = [
            0 if best else (-Fraction(v) if self.exact else -v)
            for v, best in zip(frame["value"], frame["optimal"], strict=True)
        ]
        frame = frame.sort_values(["_rank", "_sort", "_order"], kind="stable")
        columns = ["keep", "keep_index", "rethrow", "value", "value_float", "optimal", "canonical"]
        return frame[columns].reset_index(drop=True)

    def final_distribution(self) -> tuple[np.ndarray, int]:
        """Distribution of the final hand when the canonical policy is followed.

        Returns
        -------
        numerators : (G, 252) array
            Ordered-throw weights of each final hand (int64, or Python
            integers beyond int64); floats when the policy is not exact.
        denominator : int
            ``7776**throws`` (1 for floats, whose rows sum to 1).
        """
        with _threads_for(len(self.goals)):
            return final_distribution(self)

    def final_by_category(self, goal: int = 0) -> dict[str, Fraction | float]:
        """Chance of finishing in each category under the policy, best first."""
        numerators, denominator = self.final_distribution()
        table = hand_table(self.rules)
        result: dict[str, Fraction | float] = {}
        for c, cat in enumerate(self.rules.categories):
            total = (
                sum(int(n) for n in numerators[goal][table.category == c])
                if self.exact
                else (float(numerators[goal][table.category == c].sum()))
            )
            result[cat.slug] = Fraction(total, denominator) if self.exact else total
        return result


def float_tolerance(stand: np.ndarray) -> float:
    """The gap under which two float values count as equal: :data:`FLOAT_TOLERANCE`
    times the largest goal value (at least 1)."""
    largest = float(np.abs(stand).max()) if stand.size else 0.0
    return FLOAT_TOLERANCE * max(1.0, largest)


def keep_allowed(rules: RuleSet) -> np.ndarray:
    """(462,) bool: keeps the turn rules allow before throwing again."""
    return ix.KEEP_SIZE >= ix.N_DICE - rules.max_rethrow


def allowed_subkeeps(rules: RuleSet, hand: int, aside: int | None = None) -> list[int]:
    """The keeps (other than standing) a hand may choose, in canonical order."""
    allowed = keep_allowed(rules)
    subkeeps = _SUBKEEPS.col[_SUBKEEPS.ptr[hand] + 1 : _SUBKEEPS.ptr[hand + 1]]
    result = []
    for k in subkeeps:
        if not allowed[k]:
            continue
        if (
            rules.sticky_holds
            and aside is not None
            and (ix.KEEP_COUNTS[k] < ix.KEEP_COUNTS[aside]).any()
        ):
            continue
        result.append(int(k))
    return result


def _as_goal_list(goals: Goal | Sequence[Goal]) -> list[Goal]:
    return [goals] if isinstance(goals, Goal) else list(goals)


def solve(
    rules: RuleSet,
    goals: Goal | Sequence[Goal],
    *,
    throws: int | None = None,
    exact: bool = True,
) -> Policy:
    """Solve the optimal-hold dynamic program for a batch of goals.

    Parameters
    ----------
    rules : RuleSet
        Gives the turn rules (throws, at most N re-thrown, sticky holds).
    goals : Goal or sequence of Goal
        One value per final hand for each goal.
    throws : int, optional
        Throws a turn (default: ``rules.throws``).
    exact : bool
        Integer numerators (exact) or floats.

    Returns
    -------
    Policy

    Raises
    ------
    OptionError
        For a number of throws outside 1..10.
    """
    goal_list = _as_goal_list(goals)
    throws = rules.throws if throws is None else int(throws)
    if not 1 <= throws <= MAX_THROWS:
        raise OptionError(f"throws must be 1 to {MAX_THROWS}, got {throws}")
    stand, denominator = _stack_int64(goal_list, throws)
    if stand is None:
        numerators, denominator = stack_goals(goal_list)
        if exact:
            bound = max(abs(int(n)) for n in numerators.ravel()) * ix.N_THROWS**throws
            stand = numerators.astype(np.int64) if bound <= INT64_MAX // 2 else numerators
        else:
            stand = np.array(numerators, dtype=np.float64) / denominator
    elif not exact:
        stand = stand / denominator
    if not exact:
        denominator = 1
    with _threads_for(len(goal_list)):
        stages = _backward(rules, stand, throws, exact)
        turn = _first_throw(rules, stand, stages, throws, exact)
    return Policy(rules, goal_list, throws, exact, denominator, stand, stages, turn)


def _stack_int64(goals: list[Goal], throws: int) -> tuple[np.ndarray | None, int]:
    """The goals over a common denominator as int64 when every value of a turn fits.

    Returns ``(None, denominator)`` when some numerator times ``7776**throws``
    might not fit in int64 (then :func:`stack_goals` and Python integers).
    """
    if not goals:
        return None, 1
    denominator = math.lcm(*(g.denominator for g in goals))
    limit = INT64_MAX // 2 // ix.N_THROWS**throws
    rows = []
    for g in goals:
        numerators = g.numerators
        if numerators.dtype != np.int64 or numerators.shape != (ix.N_HANDS,):
            return None, denominator
        factor = denominator // g.denominator
        largest = int(np.abs(numerators).max()) if len(numerators) else 0
        if largest * factor > limit:
            return None, denominator
        rows.append(numerators * factor if factor != 1 else numerators)
    return np.stack(rows), denominator


@contextmanager
def _threads_for(n_goals: int):
    """Run the kernels on one thread for small batches.

    Waking a thread pool costs more than a small batch's work (and far more
    on a busy machine), so batches under :data:`PARALLEL_MIN_GOALS` goals run
    serially; larger ones use numba's threads.
    """
    if n_goals >= PARALLEL_MIN_GOALS:
        yield
        return
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


@functools.lru_cache(maxsize=32)
def state_options(sticky: bool, max_rethrow: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The keeps each state may choose besides standing, for a turn rule.

    Returns
    -------
    state_hand : (S,) int64
        Hand of each state (S = 252 hands, or 4368 (aside, hand) states when sticky).
    opt_ptr, opt_keep : int64 arrays
        CSR: the keeps of state ``s`` are ``opt_keep[opt_ptr[s]:opt_ptr[s + 1]]``,
        in canonical order, at most ``max_rethrow`` dice thrown and (sticky)
        every die set aside kept.
    """
    allowed = ix.KEEP_SIZE >= ix.N_DICE - max_rethrow
    state_hand = (_REROLL.col if sticky else np.arange(ix.N_HANDS)).astype(np.int64)
    aside = (
        np.repeat(np.arange(ix.N_KEEPS), np.diff(_REROLL.ptr))
        if sticky
        else np.zeros(ix.N_HANDS, dtype=np.int64)
    )
    counts = ix.KEEP_COUNTS.astype(np.int64)
    pieces = []
    sizes = np.empty(len(state_hand), dtype=np.int64)
    for s, (h, a) in enumerate(zip(state_hand, aside, strict=True)):
        subs = _SUBKEEPS.col[_SUBKEEPS.ptr[h] + 1 : _SUBKEEPS.ptr[h + 1]]
        keep = allowed[subs]
        if sticky and a != _EMPTY_KEEP:
            keep &= (counts[subs] >= counts[a]).all(axis=1)
        pieces.append(subs[keep])
        sizes[s] = len(pieces[-1])
    opt_ptr = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    opt_keep = np.concatenate(pieces).astype(np.int64)
    for array in (state_hand, opt_ptr, opt_keep):
        array.setflags(write=False)
    return state_hand, opt_ptr, opt_keep


def _backward(rules: RuleSet, stand: np.ndarray, throws: int, exact: bool) -> list[Stage]:
    tolerance = 0 if exact else float_tolerance(stand)
    stages: list[Stage] = []
    previous = stand  # values with t - 1 throws left, per state
    if rules.sticky_holds:
        previous = stand[:, _REROLL.col]
    for t in range(1, throws):
        if exact:
            stand_t = stand * ix.N_THROWS**t
        else:
            stand_t = stand
        stage = backward_stage(rules, previous, stand_t, exact, tolerance)
        stages.append(stage)
        previous = stage.state_values
    return stages


def backward_stage(
    rules: RuleSet, previous: np.ndarray, stand: np.ndarray, exact: bool, tolerance: float
) -> Stage:
    """One step of backward induction: from the state values with one throw
    fewer left (``previous``) and this stage's stand values, the values of
    every keep and state and the canonical best keeps.

    Exact values are numerators (int64 or Python integers), already scaled to
    this stage's denominator in ``stand``; floats use ``tolerance`` for ties.
    """
    state_hand, opt_ptr, opt_keep = state_options(rules.sticky_holds, rules.max_rethrow)
    n_goals = previous.shape[0]
    is_object = previous.dtype == object or stand.dtype == object
    keep_values = _expect(rules.sticky_holds, previous, exact, is_object, n_goals)
    state_values = np.empty((n_goals, len(state_hand)), dtype=stand.dtype)
    best = np.empty((n_goals, len(state_hand)), dtype=np.int64)
    best_fn = kernels.best_options.py_func if is_object else kernels.best_options
    best_fn(
        keep_values,
        stand,
        state_hand,
        opt_ptr,
        opt_keep,
        _HAND_KEEP,
        tolerance,
        state_values,
        best,
    )
    return Stage(keep_values, state_values, best)


def _expect(sticky: bool, previous: np.ndarray, exact: bool, is_object: bool, n_goals: int):
    if is_object:
        if sticky:
            return kernels.expect_keeps_sticky_object(previous, _REROLL.ptr, _REROLL.val)
        return kernels.expect_keeps_object(previous, _REROLL.ptr, _REROLL.col, _REROLL.val)
    out = np.empty((n_goals, ix.N_KEEPS), dtype=previous.dtype)
    if sticky:
        kernels.expect_keeps_sticky(previous, _REROLL.ptr, _REROLL.val, out)
    else:
        kernels.expect_keeps(previous, _REROLL.ptr, _REROLL.col, _REROLL.val, out)
    if not exact:
        out /= ix.N_THROWS
    return out


def _first_throw(rules: RuleSet, stand, stages: list[Stage], throws: int, exact: bool):
    """Value of a turn: the first throw is always all five dice."""
    if throws == 1:
        values = stand
    elif rules.sticky_holds:
        values = stages[-1].state_values[:, ix.STATE_OF[_EMPTY_KEEP]]
    else:
        values = stages[-1].state_values
    ways = ix.HAND_WAYS.astype(object if values.dtype == object else values.dtype)
    total = values.dot(ways) if values.dtype == object else values @ ways
    return total if exact else total / ix.N_THROWS


def final_distribution(policy: Policy) -> tuple[np.ndarray, int]:
    """See :meth:`Policy.final_distribution`."""
    n_goals = len(policy.goals)
    sticky = policy.sticky
    if policy.exact:
        big = ix.N_THROWS**policy.throws > INT64_MAX // ix.N_THROWS
        dtype = object if big else np.int64
    else:
        dtype = np.float64
    n_states = len(_REROLL.col) if sticky else ix.N_HANDS
    mass = np.zeros((n_goals, n_states), dtype=dtype)
    start = ix.STATE_OF[_EMPTY_KEEP] if sticky else np.arange(ix.N_HANDS)
    mass[:, start] = ix.HAND_WAYS if policy.exact else ix.HAND_WAYS / ix.N_THROWS
    final = np.zeros((n_goals, ix.N_HANDS), dtype=dtype)
    step = kernels.forward_step_sticky if sticky else kernels.forward_step
    if dtype is object:
        step = step.py_func
    for t in range(policy.throws - 1, 0, -1):
        nxt = np.zeros_like(mass)
        if dtype is object:
            ways = _REROLL.val.astype(object)
        else:
            ways = _REROLL.val if policy.exact else _REROLL.val / ix.N_THROWS
        step(
            mass,
            policy.stages[t - 1].best_keep,
            _HAND_KEEP,
            _REROLL.ptr,
            _REROLL.col,
            ways,
            final,
            nxt,
        )
        if policy.exact:
            final = final * ix.N_THROWS
        mass = nxt
    if sticky:
        if dtype is object:
            _add_states(final, mass)
        else:
            np.add.at(final, (slice(None), _REROLL.col), mass)
    else:
        final = final + mass
    return final, (ix.N_THROWS**policy.throws if policy.exact else 1)


def _add_states(final: np.ndarray, mass: np.ndarray) -> None:
    for p, h in enumerate(_REROLL.col):
        final[:, h] += mass[:, p]


def parse_aside(text: str | None, rules: RuleSet, throws_left: int | None = None) -> int | None:
    """Keep index of the dice already set aside (sticky holds), or None.

    Parameters
    ----------
    text : str or None
        The dice set aside, e.g. ``"K K"`` (None: not given).
    rules : RuleSet
    throws_left : int, optional
        Throws still to come in a turn of ``rules.throws``; when given, the
        dice set aside must be a state the turn can reach: nothing straight
        after the first throw (``throws_left == rules.throws - 1``), and after
        a re-throw 1 to 4 dice, at least ``5 - rules.max_rethrow`` of them.

    Returns
    -------
    int or None
        None when ``text`` is None and nothing set aside is possible.

    Raises
    ------
    OptionError
        For dice set aside without sticky holds, or a state the turn cannot reach.
    DiceError
        For dice that cannot be read.
    """
    if text is None:
        if rules.sticky_holds and throws_left is not None:
            _check_aside_reachable(0, rules, throws_left)
        return None
    if not rules.sticky_holds:
        raise OptionError("dice set aside only matter with sticky_holds=true")
    aside = parse_keep(text, rules)
    if throws_left is not None:
        _check_aside_reachable(int(ix.KEEP_SIZE[aside]), rules, throws_left)
    return aside


def _check_aside_reachable(size: int, rules: RuleSet, throws_left: int) -> None:
    """Refuse ``size`` dice set aside with ``throws_left`` throws to come, if unreachable."""
    after_first = throws_left >= rules.throws - 1
    if after_first:
        if size:
            raise OptionError(
                f"nothing is set aside yet straight after the first throw ({throws_left} "
                f"throw{'' if throws_left == 1 else 's'} left of {rules.throws})"
            )
        return
    if size > ix.N_DICE - 1:
        raise OptionError("at most 4 dice can be set aside: a re-throw throws at least one")
    least = ix.N_DICE - rules.max_rethrow
    if size < least:
        raise OptionError(
            f"after a re-throw at least {least} dice are set aside under "
            f"max_rethrow={rules.max_rethrow}, got {size}"
            + ("" if size else " (give the dice set aside)")
        )
