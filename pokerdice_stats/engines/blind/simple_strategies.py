"""Named simple strategies for a turn, each as an exact final-hand distribution.

A strategy here is how one player develops a hand without looking at anyone
else.  Its *final distribution* is the chance of finishing on each of the 252
hands, as integer numerators over ``7776**throws`` (the ordered throws).

- ``stand``: keep the first throw.
- ``largest-set``: each throw, keep the dice of the most common face (on a
  tie, the higher face) and throw the rest; stand on five of a kind; a hand
  without a pair is thrown again whole (a straight is not a set).
- ``at-least-three``: the optimal holds for the goal "at least three of a kind".
- ``max-category``: the optimal holds for the highest expected category rank
  (bust 0, next category 1, ..., five of a kind 8 under ``big-little``).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> numerators, denominator = strategy_distribution(get_rules("progressive"), "stand")
>>> int(numerators.sum()) == denominator
True
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from pokerdice_stats.engines.blind.policy_names import SIMPLE_STRATEGIES
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.forward import final_hands
from pokerdice_stats.turn.goals import Goal, at_least, score
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import Policy, solve
from pokerdice_stats.turn.rules import RuleSet


def available_strategies(rules: RuleSet) -> tuple[str, ...]:
    """The simple strategies defined under a rule set (``largest-set`` needs free holds)."""
    free = not rules.sticky_holds and rules.max_rethrow >= ix.N_DICE
    return tuple(name for name in SIMPLE_STRATEGIES if free or name != "largest-set")


def largest_set_kept(counts: np.ndarray) -> np.ndarray | None:
    """The dice ``largest-set`` keeps from a hand, as a count vector; None means stand.

    The dice of the face shown most often (the higher face on equal counts);
    nothing (throw all five again) for a hand without a pair; None (stand)
    for five of a kind.  The turn rules are not applied here: under sticky
    holds or ``max_rethrow`` below 5 a caller adds the dice that must stay.

    Parameters
    ----------
    counts : (6,) int array
        The hand's count vector (dice of each rank).
    """
    counts = np.asarray(counts, dtype=np.int64)
    most = int(counts.max())
    if most == ix.N_DICE:
        return None
    kept = np.zeros(ix.N_FACES, dtype=np.int64)
    if most >= 2:
        face = int(np.flatnonzero(counts == most)[-1])  # the higher face on a tie
        kept[face] = most
    return kept


def largest_set_keeps() -> np.ndarray:
    """(252,) keep index that ``largest-set`` chooses for each hand (free holds)."""
    keeps = np.empty(ix.N_HANDS, dtype=np.int64)
    for h in range(ix.N_HANDS):
        kept = largest_set_kept(ix.HAND_COUNTS[h])
        keeps[h] = ix.HAND_KEEP[h] if kept is None else ix.keep_index(kept)
    return keeps


def distribution_of_keeps(keeps: list[np.ndarray], throws: int) -> tuple[np.ndarray, int]:
    """Exact final distribution of a turn that follows fixed keep tables.

    Parameters
    ----------
    keeps : list of (252,) int arrays
        ``keeps[t - 1][h]``: the keep chosen on hand ``h`` with ``t`` throws
        left; ``HAND_KEEP[h]`` means stand (the turn ends).
    throws : int
        Throws a turn (``len(keeps) == throws - 1``).

    Returns
    -------
    numerators : (252,) int64, or object beyond int64
    denominator : int
        ``7776**throws``.
    """
    if len(keeps) != throws - 1:
        raise OptionError(f"need {throws - 1} keep tables for {throws} throws, got {len(keeps)}")
    tables = [np.asarray(keeps[throws - 1 - t], dtype=np.int64)[None, :] for t in range(1, throws)]
    numerators, denominator = final_hands(tables, sticky=False, exact=True, n_goals=1)
    return numerators[0], denominator


def exact_distribution(policy: Policy) -> tuple[np.ndarray, int]:
    """Exact final distribution (numerators over ``7776**throws``) of any solved policy.

    Works for float policies too: the canonical keeps they chose are followed
    with integer counts.  Returns the (G, 252) numerators and the denominator.
    """
    return dataclasses.replace(policy, exact=True).final_distribution()


def max_category_goal(rules: RuleSet) -> Goal:
    """The goal of ``max-category``: category rank, 0 for the worst category.

    Parameters
    ----------
    rules : RuleSet
        Gives the categories, best first.

    Returns
    -------
    Goal
        A points goal named ``max-category``: ``n - 1`` points for the best of the
        ``n`` categories, down to 0 for the worst.
    """
    rules = check_rule_set(rules)
    n = len(rules.categories)
    points = {cat.slug: n - 1 - i for i, cat in enumerate(rules.categories)}
    return score(hand_table(rules), points, name="max-category")


@functools.lru_cache(maxsize=64)
def _cached(rules: RuleSet, name: str) -> tuple[np.ndarray, int]:
    throws = rules.throws
    if name == "stand":
        numerators = ix.HAND_WAYS.astype(object if throws > 4 else np.int64) * ix.N_THROWS ** (
            throws - 1
        )
        return numerators, ix.N_THROWS**throws
    if name == "largest-set":
        if rules.sticky_holds or rules.max_rethrow < ix.N_DICE:
            raise OptionError(
                "largest-set is defined only without sticky holds and with max_rethrow=5"
            )
        keeps = largest_set_keeps()
        return distribution_of_keeps([keeps] * (throws - 1), throws)
    if name == "at-least-three":
        goal = at_least(hand_table(rules), "three-of-a-kind")
    elif name == "max-category":
        goal = max_category_goal(rules)
    else:
        raise OptionError(
            f"unknown strategy {name!r}; choose one of: " + ", ".join(SIMPLE_STRATEGIES)
        )
    numerators, denominator = solve(rules, goal).final_distribution()
    return numerators[0], denominator


def clear_cache() -> None:
    """Forget the distributions computed so far (benchmarks time cold runs with it)."""
    _cached.cache_clear()


def strategy_distribution(rules: RuleSet, name: str) -> tuple[np.ndarray, int]:
    """Exact final distribution of a named simple strategy.

    Parameters
    ----------
    rules : RuleSet
        The turn rules the strategy plays under.
    name : str
        One of :data:`SIMPLE_STRATEGIES`.

    Returns
    -------
    numerators : (252,) int64 (object beyond int64), read-only
        The number of ways the strategy ends on each hand, over ``denominator``.
    denominator : int
        ``7776**rules.throws``.

    Raises
    ------
    OptionError
        For an unknown name, or ``largest-set`` under sticky holds or
        ``max_rethrow`` below 5.
    """
    rules = check_rule_set(rules)
    numerators, denominator = _cached(rules, str(name))
    numerators = numerators.copy()
    numerators.setflags(write=False)
    return numerators, denominator
