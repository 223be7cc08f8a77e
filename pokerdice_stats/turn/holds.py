"""The optimal-hold dynamic program: which dice to keep, for any goal.

A goal gives a value ``g(h)`` to each of the 252 final hands (the chance of a
category, a payout, ...).  After a throw the player is in a *state* ``s``:
its hand ``h(s)`` or, under ``sticky_holds``, the pair (dice set aside
``a(s)``, hand), since a die set aside stays aside
(:mod:`pokerdice_stats.turn.states`).  With ``t`` throws still allowed, the
value of a state is

::

    V_0(s) = g(h(s))
    V_t(s) = max( g(h(s)),  max over k in K(s) of E_t(k) )            (t >= 1)
    E_t(k) = sum over hands h' of  w(k -> h') / 7776 * V_{t-1}(s'(k, h'))

standing (keeping all five dice, value ``g(h)``) or keeping a sub-multiset
``k`` of the hand and throwing the rest:

- ``w(k -> h')`` is the number of ways out of 6**5 that keeping ``k`` and
  throwing the other dice lands on hand ``h'`` (``indexing.REROLL``);
- the next state ``s'(k, h')`` is the hand ``h'``, or under sticky holds the
  pair (``k`` set aside, ``h'``);
- ``K(s)`` are the keeps the turn rules allow: every proper sub-multiset of
  ``h(s)`` of at least ``5 - max_rethrow`` dice and, under sticky holds,
  containing the dice set aside ``a(s)``.

The first throw is always all five dice, so a whole turn of ``T`` throws is
worth ``sum_h HAND_WAYS[h] / 7776 * V_{T-1}(first state of h)``.  Exact goals
stay exact: ``V_t`` is kept as integer numerators over
``denominator * 7776**t`` (int64 where they fit, Python integers beyond);
``exact=False`` gives floats for any goal.

Of the holds of equal value the program chooses the canonical one: the most
dice (so standing wins every tie), then the higher faces (compared highest
first); float values within :func:`~pokerdice_stats.turn.induction.float_tolerance`
count as equal.  The canonical choice matters to the other seats of a round.
:meth:`Policy.alternatives` lists every hold with its value (the class:
:mod:`pokerdice_stats.turn.policy`).  The sweeps are
in :mod:`pokerdice_stats.turn.induction` (shared with the staged turn of
:mod:`pokerdice_stats.turn.staged`), the kernels in
:mod:`pokerdice_stats.kernels.reroll`.

:func:`solve` shows an example.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.turn import induction
from pokerdice_stats.turn.goal_lists import as_goal_list, exact_goal_list, stand_rows
from pokerdice_stats.turn.goals import FloatGoals, Goal
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.induction import (
    Stage,
    backward_pass,
    float_tolerance,
    turn_value,
)
from pokerdice_stats.turn.policy import Policy
from pokerdice_stats.turn.rule_fields import MAX_THROWS
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.stands import (
    float_rows,
    one_goal_row,
)
from pokerdice_stats.turn.states import state_kind

__all__ = ["PARALLEL_MIN_GOALS", "Policy", "solve"]

#: Batches of at least this many goals run the kernels on numba's threads (where
#: :func:`~pokerdice_stats.turn.induction.kernels_for` reads it).
PARALLEL_MIN_GOALS = induction.PARALLEL_MIN_GOALS


def solve(
    rules: RuleSet,
    goals: Goal | str | Sequence[Goal | str],
    *,
    throws: int | None = None,
    exact: bool = True,
) -> Policy:
    """Solve the optimal-hold dynamic program for a batch of goals.

    Parameters
    ----------
    rules : RuleSet
        Gives the turn rules (throws, at most N re-thrown, sticky holds).
    goals : Goal, str, or sequence of them
        One value per final hand for each goal; a text is read as ``--goal`` reads it
        (``"at-least:full-house"``, ``'beat:"Q Q Q 9 9",tie=1/2'``).
    throws : int, optional
        Throws a turn (default: ``rules.throws``).
    exact : bool
        Integer numerators (exact) or floats.

    Returns
    -------
    Policy
        The optimal holds and values of every goal, at every stage of the turn.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    GoalError
        For no goal, a goal that is neither a :class:`Goal` nor a goal text, a goal text
        that does not parse, a goal read under rules that rank the hands otherwise, or,
        with ``exact``, a goal of fractional floats (whole floats are read exactly).
    OptionError
        For a number of throws outside 1..10, or an ``exact`` that is not a bool.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> policy = solve(get_rules("gameweave"), "at-least:full-house")
    >>> policy.value()  # the chance of a full house or better in a turn, best play
    Fraction(490459, 944784)
    >>> policy.alternatives("K K J 10 9", 2)[["keep", "rethrow", "value"]].head(2)
        keep  rethrow    value
    0    K K        3  139/324
    1  K K J        2   61/162
    """
    check_rule_set(rules)
    goal_list = as_goal_list(rules, goals)
    throws = (
        rules.throws if throws is None else checked_whole_number(throws, "throws", 1, MAX_THROWS)
    )
    if exact is not True and exact is not False:  # (the common case without a call)
        exact = checked_flag(exact, "exact")
    if exact:
        goal_list = exact_goal_list(goal_list)
    kind = state_kind(rules)
    row = None
    if len(goal_list) == 1:
        # One goal in a process with the compiled kernels: its row in one pass, and
        # over hands the whole backward pass in one call (tens of microseconds).
        kernels = induction.one_goal_kernels()
        if kernels is not None:
            row = one_goal_row(kernels, goal_list[0], throws, exact)
    if row is not None:
        row_stand, row_denominator, row_tolerance = row
        if kind == "hand" and throws > 1 and hasattr(kernels, "backward_hands"):
            stages: Sequence[Stage] = induction.backward_hands(
                kernels, rules, row_stand, throws - 1, exact, row_tolerance
            )
        else:
            stages = backward_pass(rules, [row_stand] * throws, exact, row_tolerance)
        return _policy(rules, goal_list, throws, exact, row_denominator, row_stand, stages, kind)
    if type(goal_list) is FloatGoals and not exact and float_rows(goal_list.rows):
        # The rows of a round's seats, as they are (a copy, as stacking them makes).
        rows = np.array(goal_list.rows, dtype=np.float64, order="C")
        stages = backward_pass(rules, [rows] * throws, exact, float_tolerance(rows))
        return _policy(rules, goal_list, throws, exact, 1, rows, stages, kind)
    stand, denominator, tolerance = stand_rows(goal_list, throws, exact)
    stages = backward_pass(rules, [stand] * throws, exact, tolerance)
    return _policy(rules, goal_list, throws, exact, denominator, stand, stages, kind)


def _policy(
    rules: RuleSet,
    goal_list: Sequence[Goal],
    throws: int,
    exact: bool,
    denominator: int,
    stand: np.ndarray,
    stages: Sequence[Stage],
    kind: str,
) -> Policy:
    """The :class:`Policy` of a solve, its turn value weighed from the stages (``kind``:
    the rules' :func:`~pokerdice_stats.turn.states.state_kind`)."""
    turn = turn_value(stages, stand, kind, exact)
    # Policy(...) field by field, without the frozen dataclass's object.__setattr__
    # a field (a few microseconds of a one-goal solve's twenty).
    policy = object.__new__(Policy)
    policy.__dict__.update(
        rules=rules,
        goals=goal_list,
        throws=throws,
        exact=exact,
        denominator=denominator,
        stand=stand,
        stages=stages,
        turn=turn,
    )
    return policy
