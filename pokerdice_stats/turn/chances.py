"""Best chances of a turn: for every category, and for one goal.

:func:`chances_table` solves the ``at-least`` and ``exactly`` goals of every
category of a rule set in one batched pass; :func:`goal_chances` gives one
goal's value and the distribution of final categories when it is played for.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> frame = chances_table(get_rules("gameweave"))
>>> frame.loc[0, "at_least"]
Fraction(347897, 7558272)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground.arguments import checked_instance, checked_whole_number
from pokerdice_stats.ground.errors import GoalError, RulesError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.goals import Goal, at_least, exactly
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet, get_rules

if TYPE_CHECKING:  # the frame imports pandas; the rows (what the command prints) do not
    import pandas as pd


def with_throws(rules: RuleSet, throws: int | None) -> RuleSet:
    """The rule set with ``throws`` throws a turn, validated like ``--set throws=N``.

    Parameters
    ----------
    rules : RuleSet
    throws : int, optional
        Throws a turn (None: the rule set's own).

    Returns
    -------
    RuleSet

    Raises
    ------
    RulesError
        For a number of throws outside 1..10, or one that contradicts the
        other rules (one throw with sticky holds, ``max_rethrow`` below 5 or
        the first player's throw limit).
    """
    if throws is None:
        return rules
    return get_rules(rules, {"throws": checked_whole_number(throws, "throws", error=RulesError)})


def chances_table(rules: RuleSet, throws: int | None = None) -> pd.DataFrame:
    """Best chance of finishing with at least, and exactly, each category, as a frame.

    :func:`chances_rows` as a :class:`pandas.DataFrame` (see there): each figure is the
    value of its own optimal play.

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    throws : int, optional
        Throws a turn (default: the rule set's); checked against the other rules as
        ``get_rules(rules, {"throws": throws})`` would.

    Returns
    -------
    pandas.DataFrame
        One row per category, best first, with the columns ``category`` (slug),
        ``name``, ``at_least``, ``exactly`` (exact Fractions), ``at_least_float`` and
        ``exactly_float``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`, or for
        a number of throws the rules do not allow (see :func:`with_throws`).
    """
    import pandas as pd

    return pd.DataFrame(chances_rows(rules, throws))


def chances_rows(rules: RuleSet, throws: int | None = None) -> list[dict[str, Any]]:
    """Best chance of finishing with at least, and exactly, each category.

    Each figure is the value of its own optimal play (the two columns come
    from different policies).  All ``2 x categories`` goals are solved in one
    batch.

    Parameters
    ----------
    rules : RuleSet
    throws : int, optional
        Throws a turn (default: the rule set's); checked against the other
        rules as ``get_rules(rules, {"throws": throws})`` would.

    Returns
    -------
    list of dict
        One row per category, best first: ``category`` (slug), ``name``,
        ``at_least``, ``exactly`` (exact Fractions) and ``at_least_float``,
        ``exactly_float``.
    """
    rules = with_throws(check_rule_set(rules), throws)
    table = hand_table(rules)
    slugs = rules.category_slugs
    goals = [at_least(table, s) for s in slugs] + [exactly(table, s) for s in slugs]
    policy = solve(rules, goals)
    values = policy.values()
    n = len(slugs)
    rows = []
    for i, cat in enumerate(rules.categories):
        rows.append(
            {
                "category": cat.slug,
                "name": cat.name,
                "at_least": values[i],
                "exactly": values[n + i],
                "at_least_float": float(values[i]),
                "exactly_float": float(values[n + i]),
            }
        )
    return rows


@dataclass(frozen=True)
class GoalChances:
    """One goal played optimally for a whole turn.

    Attributes
    ----------
    goal : str
        The goal as written (``at-least:full-house``).
    throws : int
    value : Fraction
        Best expected value of the goal (a chance for a probability goal).
    final : dict of str to Fraction
        Chance of finishing in each category under the canonical optimal play,
        best category first (sums to 1).
    final_by_hand : numpy.ndarray of object
        Chance of finishing on each of the 252 hands (Fractions).
    """

    goal: str
    throws: int
    value: Fraction
    final: dict[str, Fraction]
    final_by_hand: np.ndarray
    is_probability: bool = True

    def as_record(self) -> dict:
        """The JSON contract: ``goal``, ``throws``, ``value``, ``value_float``, ``final``
        (each category's exact chance) and ``final_float`` (the same as floats)."""
        return {
            "goal": self.goal,
            "throws": self.throws,
            "unit": "chance" if self.is_probability else "points",
            "value": self.value,
            "value_float": float(self.value),
            "final": dict(self.final),
            "final_float": {slug: float(v) for slug, v in self.final.items()},
        }

    def frame(self) -> pd.DataFrame:
        """One row a category: ``category``, ``chance`` of ending the turn in it under the
        goal's optimal play (a Fraction) and ``chance_float`` (the same as a float, for
        plotting and arithmetic), as the other frames give an exact column's float."""
        import pandas as pd

        chances = list(self.final.values())
        return pd.DataFrame(
            {
                "category": list(self.final),
                "chance": chances,
                "chance_float": [float(c) for c in chances],
            }
        )

    def __repr__(self) -> str:
        return short_repr(self, goal=self.goal, throws=self.throws, value=self.value)


def goal_chances(rules: RuleSet, goal: Goal | str, throws: int | None = None) -> GoalChances:
    """A goal's best value and the distribution of final categories under its play.

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    goal : Goal or str
        A goal, or its text (``"at-least:full-house"``, ``'beat:"Q Q Q 9 9"'``).
    throws : int, optional
        Throws a turn (default: the rule set's); checked against the other
        rules as ``get_rules(rules, {"throws": throws})`` would.

    Returns
    -------
    GoalChances
        The goal's best value (exact) and the chance of finishing in each category, and
        on each hand, under its optimal play.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`, or for a number of throws the rules do
        not allow (see :func:`with_throws`).
    GoalError
        For a goal text that does not parse.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> goal_chances(get_rules("gameweave"), "at-least:full-house").value
    Fraction(490459, 944784)
    """
    if isinstance(goal, str):
        from pokerdice_stats.turn.goals import parse_goal

        goal = parse_goal(goal, hand_table(rules))
    checked_instance(goal, Goal, "goal_chances's goal", "a goal text, at_least(...)", GoalError)
    policy = solve(with_throws(rules, throws), goal)
    numerators, denominator = policy.final_distribution()
    by_hand = np.array([Fraction(int(n), denominator) for n in numerators[0]], dtype=object)
    value = policy.value()
    final = policy.final_by_category(0)
    # solve() is exact by default: every figure is a Fraction.
    assert isinstance(value, Fraction)
    exact_final = {slug: chance for slug, chance in final.items() if isinstance(chance, Fraction)}
    assert len(exact_final) == len(final)
    return GoalChances(
        goal=goal.name,
        throws=policy.throws,
        value=value,
        final=exact_final,
        final_by_hand=by_hand,
        is_probability=goal.is_probability,
    )
