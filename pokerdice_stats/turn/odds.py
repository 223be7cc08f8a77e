"""Exact single-throw odds: by category and by distinct hand.

All counts are out of 7,776 ordered throws; probabilities are exact
:class:`fractions.Fraction` values, with a float column beside them.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> table = odds_by_category(get_rules("gameweave"))
>>> int(table.loc[table.category == "full-house", "count"].iloc[0])
300
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:  # the frames import pandas; the rows (what the commands print) do not
    import pandas as pd


def _one_in(count: int) -> float:
    return float("inf") if count == 0 else ix.N_THROWS / count


def odds_by_category(rules: RuleSet) -> pd.DataFrame:
    """Exact single-throw odds of each category, best category first, as a frame.

    :func:`category_rows` as a :class:`pandas.DataFrame` (see there for the columns).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).

    Returns
    -------
    pandas.DataFrame
        One row per category, best first, with the columns ``category``, ``name``,
        ``count`` (throws out of 7,776), ``probability`` (Fraction),
        ``probability_float``, ``one_in``, ``at_least`` (Fraction: this category or
        better) and ``at_least_float``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    """
    import pandas as pd

    return pd.DataFrame(category_rows(rules))


def odds_by_hand(rules: RuleSet) -> pd.DataFrame:
    """Exact single-throw odds of every distinct hand, best first, as a frame.

    :func:`hand_rows` as a :class:`pandas.DataFrame` (see there for the columns).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).

    Returns
    -------
    pandas.DataFrame
        One row per distinct hand (252), best first, with the columns ``hand`` (the
        dice, highest first), ``category``, ``strength``, ``count`` (throws out of
        7,776), ``probability`` (Fraction), ``probability_float``, ``one_in``,
        ``at_least`` (Fraction: a throw at least as strong) and ``at_least_float``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    """
    import pandas as pd

    return pd.DataFrame(hand_rows(rules))


def category_rows(rules: RuleSet) -> list[dict[str, Any]]:
    """Single-throw table by category, best category first.

    Parameters
    ----------
    rules : RuleSet

    Returns
    -------
    list of dict
        Keys ``category`` (slug), ``name``, ``count`` (throws out of
        7,776), ``probability`` (Fraction), ``probability_float``, ``one_in``
        (7,776 / count), ``at_least`` (Fraction: this category or better) and
        ``at_least_float``.
    """
    table = hand_table(rules)
    counts = np.bincount(table.category, weights=table.ways, minlength=len(rules.categories))
    rows = []
    cumulative = 0
    for i, cat in enumerate(rules.categories):
        count = int(counts[i])
        cumulative += count
        rows.append(
            {
                "category": cat.slug,
                "name": cat.name,
                "count": count,
                "probability": Fraction(count, ix.N_THROWS),
                "probability_float": count / ix.N_THROWS,
                "one_in": _one_in(count),
                "at_least": Fraction(cumulative, ix.N_THROWS),
                "at_least_float": cumulative / ix.N_THROWS,
            }
        )
    return rows


def hand_rows(rules: RuleSet) -> list[dict[str, Any]]:
    """The ladder of every distinct hand, best first, with single-throw odds.

    ``at_least`` is the chance that one throw is at least as strong as the
    hand: for the bidding variant of the classic rules, the chance that a
    hidden throw meets a bid.  Hands of equal strength (exact ties) share it.

    Parameters
    ----------
    rules : RuleSet

    Returns
    -------
    list of dict
        Keys ``hand`` (the dice, highest first), ``category``, ``strength``,
        ``count``, ``probability``, ``probability_float``, ``one_in``,
        ``at_least`` and ``at_least_float``.
    """
    table = hand_table(rules)
    strength = table.strength.astype(np.int64)
    ways_at_strength = np.bincount(strength, weights=table.ways).astype(np.int64)
    # Throws at least as strong as each strength: a suffix sum.
    at_least_ways = np.cumsum(ways_at_strength[::-1])[::-1]
    # Best first; hands that tie exactly are listed by the dice, highest first.
    display_key = hand_table(dataclasses.replace(rules, tiebreak="full")).key
    order = np.lexsort((-display_key, -strength))
    rows = []
    for h in order:
        count = int(table.ways[h])
        at_least = int(at_least_ways[strength[h]])
        rows.append(
            {
                "hand": format_counts(ix.HAND_COUNTS[h], rules),
                "category": rules.categories[table.category[h]].slug,
                "strength": int(strength[h]),
                "count": count,
                "probability": Fraction(count, ix.N_THROWS),
                "probability_float": count / ix.N_THROWS,
                "one_in": _one_in(count),
                "at_least": Fraction(at_least, ix.N_THROWS),
                "at_least_float": at_least / ix.N_THROWS,
            }
        )
    return rows
