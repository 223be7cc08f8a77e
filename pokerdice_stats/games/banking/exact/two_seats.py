"""Banking Poker Dice (004): two players develop hands without seeing each other's.

Each round both players ante; the better hand takes the pot (full tie-breaks:
the dice of the combination, then the rest, highest first) and identical
dice split it.  From one player's side a round is worth ``+1`` ante (win),
``0`` (split) or ``-1`` (loss); equivalently the player's share of the pot is
``P(win) + P(tie) / 2 = (1 + value) / 2``.  The game is zero-sum and
symmetric, so its value is 0 and the question is the equilibrium strategy
(:func:`pokerdice_stats.engines.blind.equilibrium.solve_blind`) and how much a simple
strategy gives away to a player who knows it and answers optimally.

Examples
--------
>>> eq = banking_equilibrium()
>>> eq.lower <= 0 <= eq.upper
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.equilibrium import Equilibrium, game_value, solve_blind
from pokerdice_stats.engines.blind.simple_strategies import (
    SIMPLE_STRATEGIES,
    available_strategies,
    strategy_distribution,
)
from pokerdice_stats.ground.arguments import checked_chances, checked_instance
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.goals import payout_against
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet, get_rules


def banking_payout(rules: RuleSet) -> np.ndarray:
    """(252, 252) int64: ``+1`` where the first hand wins, ``-1`` where it loses, 0 on a tie.

    Wins and ties follow the rule set's comparison (its ``strength``).
    """
    strength = hand_table(rules).strength.astype(np.int64)
    matrix = np.sign(strength[:, None] - strength[None, :]).astype(np.int64)
    matrix.setflags(write=False)
    return matrix


def banking_equilibrium(
    rules: RuleSet | None = None,
    *,
    tolerance: float | None = None,
    method: str = "double-oracle",
    max_iterations: int | None = None,
) -> Equilibrium:
    """The equilibrium of the blind banking game (default rules: ``banking``).

    The value is in antes per round for the first player (0 by symmetry);
    :attr:`Equilibrium.lower` and ``upper`` bound it exactly.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``banking`` preset.  No throw limit (``throw_limit=none``); wins
        and ties follow the rules' comparison of hands.
    tolerance : float, optional
        Stop when the exploitability is at most this, in antes per round (default
        ``1e-9``: see :func:`~pokerdice_stats.engines.blind.equilibrium.solve_blind`).
    method : str, default "double-oracle"
        ``double-oracle`` or ``fictitious-play``.
    max_iterations : int, optional
        Default 100 (double oracle) or 2000 (fictitious play).

    Returns
    -------
    Equilibrium
        Both players' mixtures of holding policies, the value (antes per round for the
        first player) and its exact bounds ``lower`` and ``upper``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown method, a bad tolerance or number of iterations, or a throw limit.
    """
    rules = get_rules("banking") if rules is None else rules
    require_independent_turns(rules, "the banking game")
    return solve_blind(
        rules,
        banking_payout(rules),
        tolerance=tolerance,
        method=method,
        max_iterations=max_iterations,
    )


@dataclass(frozen=True)
class Exploit:
    """What a strategy gives away to its best response (from the strategy's side).

    Attributes
    ----------
    strategy : str
    loss : Fraction
        The best response's expected gain per round, in antes.
    share : Fraction
        The strategy's share of the pot against its best response,
        ``P(win) + P(tie) / 2``.
    """

    strategy: str
    loss: Fraction
    share: Fraction


def exploit(rules: RuleSet, strategy: str) -> Exploit:
    """Exact best response to a named simple strategy in the banking game.

    Raises
    ------
    OptionError
        For an unknown strategy name.
    """
    if strategy not in SIMPLE_STRATEGIES:
        raise OptionError(
            f"unknown strategy {strategy!r}; choose one of: " + ", ".join(SIMPLE_STRATEGIES)
        )
    require_independent_turns(rules, "the banking game")
    numerators, denominator = strategy_distribution(rules, strategy)
    goal = payout_against(hand_table(rules), numerators, denominator, banking_payout(rules))
    loss = Fraction(solve(rules, goal).value())
    return Exploit(strategy, loss, (1 - loss) / 2)


def strategy_table(rules: RuleSet | None = None, eq: Equilibrium | None = None) -> pd.DataFrame:
    """The simple strategies against their best response and against the equilibrium.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``banking`` preset.
    eq : Equilibrium, optional
        The equilibrium of these rules (default: :func:`banking_equilibrium` of them).

    Returns
    -------
    pandas.DataFrame
        One row per strategy the rules allow (see
        :func:`~pokerdice_stats.engines.blind.simple_strategies.available_strategies`; the
        equilibrium last): ``strategy``,
        ``loss_to_best_response`` (antes per round, exact) and its float
        ``loss_to_best_response_float``, ``share_vs_best_response`` (the strategy's share of
        the pot against its best response) and ``share_vs_best_response_float``,
        ``vs_equilibrium`` (the strategy's expected antes per round against
        the equilibrium mixture; float).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For rules with a throw limit, or an ``eq`` that is not an equilibrium of these
        rules.
    """
    rules = get_rules("banking") if rules is None else rules
    if eq is None:
        eq = banking_equilibrium(rules)
    else:
        checked_instance(eq, Equilibrium, "eq", "banking_equilibrium(rules)")
    eq.check_rules(check_rule_set(rules), "banking_strategy_table")
    payout = banking_payout(rules)
    mixture = eq.second.exact()
    rows = []
    for name in available_strategies(rules):
        result = exploit(rules, name)
        against = game_value(strategy_distribution(rules, name), mixture, payout)
        rows.append(
            {
                "strategy": name,
                "loss_to_best_response": result.loss,
                "loss_to_best_response_float": float(result.loss),
                "share_vs_best_response": result.share,
                "share_vs_best_response_float": float(result.share),
                "vs_equilibrium": float(against),
            }
        )
    loss = eq.upper if eq.upper is not None else Fraction(eq.exploitability)
    rows.append(
        {
            "strategy": "equilibrium",
            "loss_to_best_response": loss,
            "loss_to_best_response_float": float(loss),
            "share_vs_best_response": (1 - loss) / 2,
            "share_vs_best_response_float": float((1 - loss) / 2),
            "vs_equilibrium": float(game_value(eq.first.exact(), mixture, payout)),
        }
    )
    return pd.DataFrame(rows)


def category_table(rules: RuleSet, distributions: dict[str, np.ndarray]) -> pd.DataFrame:
    """Chance of finishing in each category (rows) for several final distributions (columns).

    Parameters
    ----------
    rules : RuleSet
        Gives each hand's category.
    distributions : dict of str to (252,) ndarray
        Column name to the chance of each final hand (a distribution of final hands,
        e.g. a mixture's).

    Returns
    -------
    pandas.DataFrame
        One row per category, best first: ``category`` (slug), then one column per
        distribution with its chance of ending in that category (floats).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        Unless ``distributions`` maps names to 252 chances each (finite, not negative,
        summing to 1 within 1e-9).
    """
    table = hand_table(rules)
    if not isinstance(distributions, dict) or not distributions:
        raise OptionError(
            "distributions must be a dict of names to final-hand distributions, got "
            f"{type(distributions).__name__}"
        )
    checked = {
        name: checked_chances(dist, f"distribution {name!r}", len(table.category))
        for name, dist in distributions.items()
    }
    rows = []
    for c, cat in enumerate(rules.categories):
        row: dict[str, object] = {"category": cat.slug}
        for name, chances in checked.items():
            row[name] = float(chances[table.category == c].sum())
        rows.append(row)
    return pd.DataFrame(rows)
