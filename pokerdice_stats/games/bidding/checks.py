"""Bidding for two: seat 1's result under the solved play and against simple players."""

from __future__ import annotations

import math
from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.bidding.exact.players import simple_player
from pokerdice_stats.games.bidding.exact.response import play_value
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.simulation.solved import MATCHUPS, simulate_bidding
from pokerdice_stats.turn.rules import get_rules

#: What seat 1's result is measured in.
RESULT_UNIT = "units a game (+1 win, -1 loss)"


def player_name(name: str | None) -> str:
    """A player's name in a figure (``solved`` for the equilibrium)."""
    return name or "solved"


def bidding_checks(run: RunOptions) -> Iterator[Check]:
    """Seat 1's mean result (units per game) in each case, classic rules, category ladder."""
    result = solve_ladder(get_rules("classic"), "category")
    tree, ladder = result.tree, result.ladder
    for seat1, seat2 in MATCHUPS:
        one = simple_player(tree, ladder, 1, seat1) if seat1 else result.strategy[1]
        two = simple_player(tree, ladder, 2, seat2) if seat2 else result.strategy[2]
        exact = play_value(tree, ladder, one, two)
        estimate = simulate_bidding(result, seat1=seat1, seat2=seat2, run=run).result
        figure = f"seat 1's result, {player_name(seat1)} against {player_name(seat2)}"
        # A result is +1 or -1, so its standard deviation is sqrt(1 - mean^2).
        yield compare(
            "bidding, classic, category ladder",
            figure,
            exact,
            estimate,
            math.sqrt(max(0.0, 1.0 - exact * exact)),
            unit=RESULT_UNIT,
        )


def bidding_fine_checks(run: RunOptions) -> Iterator[Check]:
    """Seat 1's mean result on the fine ladder (classic) against each seat's best response
    in the full game to the solution on claims (the ``bidding`` command's answer), beside
    the exact bounds."""
    from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
    from pokerdice_stats.games.bidding.simulation.claims import claims_matchups

    for row in claims_matchups(solve_claims(get_rules("classic"), "fine"), run):
        if row.exact is None:  # the solution against itself: no exact figure to meet
            continue
        yield compare(
            "bidding, classic, fine ladder (solution on claims)",
            f"seat 1's result, {row.seat1} against {row.seat2}",
            row.exact,
            row.estimate,
            math.sqrt(max(0.0, 1.0 - row.exact * row.exact)),
            unit=RESULT_UNIT,
        )
