"""Goals as :func:`~pokerdice_stats.turn.holds.solve` takes them: a list checked against
the rules (:func:`as_goal_list`), read exactly (:func:`exact_goal_list`) and stacked over
one denominator (:func:`stack_goals`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import GoalError
from pokerdice_stats.turn.goals import INT64_MAX, FloatGoals, Goal, parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.induction import float_tolerance
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.stands import plain_floats, stack_int64, tolerance_of

__all__ = ["as_goal_list", "exact_goal_list", "stack_goals", "stand_rows"]


def as_goal_list(
    rules: RuleSet, goals: Goal | str | Sequence[Goal | str]
) -> list[Goal] | FloatGoals:
    """Goals given as :class:`Goal` objects or as text (``"at-least:full-house"``), as
    :func:`~pokerdice_stats.turn.holds.solve` takes them; a :class:`FloatGoals` sequence
    as it is.

    Raises
    ------
    GoalError
        For anything else, no goal, or a goal read under rules that rank the hands
        otherwise.
    """
    if type(goals) is list and len(goals) == 1 and type(goals[0]) is Goal:
        return _same_ranking(rules, [goals[0]])  # one goal, the commonest case: at once
    if type(goals) is list and goals and all(type(goal) is Goal for goal in goals):
        return _same_ranking(rules, list(goals))  # a list of goals, checked at once
    if type(goals) is Goal:
        return _same_ranking(rules, [goals])
    if type(goals) is FloatGoals and len(goals):
        return goals
    if isinstance(goals, Goal | str):
        goals = [goals]
    if isinstance(goals, bytes | bytearray):  # list() would give its numbers
        raise GoalError(f"a goal must be a Goal or a goal text (str), got {type(goals).__name__}")
    try:
        given = list(goals)
    except TypeError:
        raise GoalError(
            f"goals must be a Goal, a goal text or a list of them, got {goals!r}"
        ) from None
    if not given:
        raise GoalError("give at least one goal")
    out = []
    for goal in given:
        if isinstance(goal, str):
            goal = parse_goal(goal, hand_table(rules))
        if not isinstance(goal, Goal):
            raise GoalError(f"a goal must be a Goal or a goal text, got {type(goal).__name__}")
        out.append(goal)
    return _same_ranking(rules, out)


def _same_ranking(rules: RuleSet, goals: list[Goal]) -> list[Goal]:
    """``goals``, when each was read from a hand table ranking the hands as ``rules`` do.

    Raises
    ------
    GoalError
        For a goal read under other rules (``at-least:straight`` of one rule set is
        another set of hands under other categories or wild faces).
    """
    key = None
    for goal in goals:
        if goal.ranking is None:
            continue
        if key is None:
            key = hand_table(rules).key
        if goal.ranking is not key and not np.array_equal(goal.ranking, key):
            raise GoalError(
                f"goal {goal.name} was read from another rule set's hand table, which ranks "
                "the hands otherwise; read it from hand_table(rules) of the rules solved"
            )
    return goals


def exact_goal_list(goals: list[Goal] | FloatGoals) -> list[Goal] | FloatGoals:
    """``goals`` for an exact solve: a goal of float numerators that are all whole is read
    as int64; a fraction among them is refused (never truncated).

    Raises
    ------
    GoalError
        For a goal of fractional floats.
    """
    if type(goals) is not FloatGoals and not any(_floats(g) for g in goals):
        return goals
    return [_exact_goal(g) for g in goals]


def _floats(goal: Goal) -> bool:
    return goal.numerators.dtype.kind == "f"


def _exact_goal(goal: Goal) -> Goal:
    """``goal`` for an exact solve: float numerators that are all whole become int64;
    a fraction among them is refused (never truncated)."""
    if not _floats(goal):
        return goal
    numerators = goal.numerators
    if not (numerators == np.round(numerators)).all() or np.abs(numerators).max() >= 2.0**63:
        raise GoalError(
            f"goal {goal.name!r} holds fractional floats: an exact solve needs whole "
            "numerators over a denominator (Goal(name, numerators, denominator)); "
            "turn.holds.solve also takes floats with exact=False"
        )
    return Goal(
        goal.name,
        numerators.astype(np.int64),
        goal.denominator,
        goal.is_probability,
        ranking=goal.ranking,
    )


def stack_goals(goals: Sequence[Goal]) -> tuple[np.ndarray, int]:
    """Put goals over one common denominator: ``(numerators (G, 252), denominator)``."""
    if not goals:
        raise GoalError("no goal given")
    denominator = math.lcm(*(g.denominator for g in goals))
    rows = [np.asarray(g.numerators, dtype=object) * (denominator // g.denominator) for g in goals]
    stacked = np.array(rows, dtype=object).reshape(len(goals), ix.N_HANDS)
    return stacked, denominator


def stand_rows(
    goals: list[Goal] | FloatGoals, throws: int, exact: bool
) -> tuple[np.ndarray, int, float]:
    """The goals' values on standing, one row a goal, as the dynamic program reads them:
    ``(rows, denominator, tolerance)``, int64 (or Python ints past int64's room for
    ``throws`` throws) over the common denominator when ``exact``, else floats over 1 with
    the tolerance of their rounding."""
    stand, denominator, largest = stack_int64(goals, throws, copy=exact)
    tolerance: float = 0
    if stand is None and not exact and plain_floats(goals):
        # Float values over 1 (the seats of a round): the rows as they are, which is
        # what the general path below makes of them (x * 1 and x / 1 change nothing).
        stand, denominator = np.stack([g.numerators for g in goals]), 1
    elif stand is None:
        numerators, denominator = stack_goals(goals)
        if exact:
            bound = max(map(abs, map(int, numerators.ravel().tolist()))) * ix.N_THROWS**throws
            stand = numerators.astype(np.int64) if bound <= INT64_MAX // 2 else numerators
        else:
            stand = np.array(numerators, dtype=np.float64) / denominator
    elif not exact:  # x / 1 is x: a cast (a new array) is enough over the denominator 1
        stand = stand / denominator if denominator != 1 else stand.astype(np.float64)
        tolerance = tolerance_of(largest, denominator)
    if not exact:
        denominator = 1
        if not tolerance:
            tolerance = float_tolerance(stand)
    return stand, denominator, tolerance
