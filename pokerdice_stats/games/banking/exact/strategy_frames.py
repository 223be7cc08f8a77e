"""The blind banking equilibrium as frames of holds: what each pure strategy keeps.

A :class:`~pokerdice_stats.games.banking.exact.field.FieldEquilibrium` mixes a few
pure strategies, each a keep table over the states of a turn.  This module
writes them out, one row per pure strategy, number of throws left and
first-throw hand (under sticky holds: with nothing set aside yet), with the
strategy's weight and the value of its hold against the equilibrium field
(share of the pot, floats from the float dynamic program against the exact
field).

Examples
--------
>>> from pokerdice_stats.games.banking.exact.field import solve_field
>>> frame = keep_frame(solve_field(players=2))
>>> sorted(frame["throws_left"].unique().tolist())
[1, 2]
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from pokerdice_stats.engines.blind.simple_strategies import (
    available_strategies,
    strategy_distribution,
)
from pokerdice_stats.games.banking.exact.field import TWO_SEAT, FieldEquilibrium, share_against
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.strategy_frame import decision_throws, hand_order, strategy_frame

#: Columns of :func:`keep_frame`.
COLUMNS = (
    "players",
    "strategy",
    "weight",
    "weight_exact",
    "throws_left",
    "hand",
    "category",
    "keep",
    "kept",
    "rethrow",
    "value_float",
    "best_value_float",
    "optimal",
    "optimal_holds",
)


def keep_frame(eq: FieldEquilibrium) -> pd.DataFrame:
    """Every pure strategy of the mixture: the hold on each first-throw hand.

    Parameters
    ----------
    eq : FieldEquilibrium
        The symmetric equilibrium of a blind round (from
        :func:`~pokerdice_stats.games.banking.exact.field.solve_field`).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`COLUMNS`: ``strategy`` numbers the pure strategies from
        1 (heaviest first), ``weight`` / ``weight_exact`` its weight in the
        mixture; ``keep`` the dice kept (the whole hand: stand, ``""``: throw
        all five); ``value_float`` the share of the pot that hold gives
        against ``N - 1`` equilibrium seats (playing on optimally),
        ``best_value_float`` the best hold's, ``optimal`` whether they are
        equal (within the float tolerance of the dynamic program) and
        ``optimal_holds`` how many holds are that good.
    """
    checked_instance(eq, FieldEquilibrium, "eq", "solve_field(rules, players)")
    rules = eq.rules
    policy = solve(rules, eq.field_goal(), exact=False)
    best = strategy_frame(policy)
    table = hand_table(rules)
    order = hand_order(rules)
    steps = decision_throws(policy)
    mixture = eq.mixture
    if mixture.keeps is None:  # pragma: no cover - solve_field always records the keeps
        raise ValueError("the mixture does not say how to play its pure strategies")
    weights = mixture.fraction_weights()
    ranking = sorted(range(len(weights)), key=lambda i: (-weights[i], i))
    rows = []
    for number, i in enumerate(ranking, start=1):
        keeps = mixture.keeps[i]
        position = 0
        for t in steps:
            for h in order:
                reference = best.iloc[position]
                position += 1
                state = int(ix.STATE_OF[0, h]) if rules.sticky_holds else h
                keep = int(keeps[t - 1, state])
                if keep == int(ix.HAND_KEEP[h]):
                    value = float(policy.state_value(h, 0))
                else:
                    value = float(policy.keep_value(keep, t))
                top = float(reference["value_float"])
                rows.append(
                    {
                        "players": eq.players,
                        "strategy": number,
                        "weight": float(weights[i]),
                        "weight_exact": weights[i],
                        "throws_left": t,
                        "hand": table.format(h),
                        "category": table.category_slug(h),
                        "keep": format_counts(ix.KEEP_COUNTS[keep], rules),
                        "kept": int(ix.KEEP_SIZE[keep]),
                        "rethrow": int(ix.N_DICE - ix.KEEP_SIZE[keep]),
                        "value_float": value,
                        "best_value_float": top,
                        "optimal": bool(np.isclose(value, top, rtol=0, atol=1e-12)),
                        "optimal_holds": int(reference["optimal_holds"]),
                    }
                )
    return pd.DataFrame(rows, columns=list(COLUMNS))


def mixture_frame(eq: FieldEquilibrium) -> pd.DataFrame:
    """One row per pure strategy of the equilibrium's mixture: :meth:`FieldEquilibrium.frame`."""
    return eq.frame()


def strategy_table(eq: FieldEquilibrium) -> pd.DataFrame:
    """What simple strategies earn as one seat against ``N - 1`` equilibrium seats.

    Parameters
    ----------
    eq : FieldEquilibrium
        The symmetric equilibrium of a blind round (from
        :func:`~pokerdice_stats.games.banking.exact.field.solve_field`).

    Returns
    -------
    pandas.DataFrame
        One row per strategy: the simple strategies the rules allow, the
        two-seat equilibrium reused
        (:data:`~pokerdice_stats.games.banking.exact.field.TWO_SEAT`), the equilibrium itself
        and the best response: ``strategy``, ``share`` (exact share of the
        pot), ``share_float``, ``net`` (antes won a round with an ante of 1
        each: ``N * share - 1``, exact), ``net_float``, ``loss_float``
        (``-net``: antes lost a round).
    """
    checked_instance(eq, FieldEquilibrium, "eq", "solve_field(rules, players)")
    from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium

    rules, n = eq.rules, eq.players
    goal = eq.field_goal()
    rows: list[tuple[str, Fraction]] = []
    for name in available_strategies(rules):
        rows.append((name, share_against(goal, strategy_distribution(rules, name))))
    two_seat = banking_equilibrium(rules).first.exact()
    rows.append((TWO_SEAT, share_against(goal, two_seat)))
    rows.append(("equilibrium", share_against(goal, eq.field())))
    rows.append(("best-response", Fraction(1, n) + eq.exploitability))
    records = []
    for name, share in rows:
        net = n * share - 1
        records.append(
            {
                "strategy": name,
                "share": share,
                "share_float": float(share),
                "net": net,
                "net_float": float(net),
                "loss_float": float(-net),
            }
        )
    return pd.DataFrame(records)
