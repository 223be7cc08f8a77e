"""Blind banking rounds: the exact blind chances against simulation."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.blind.equilibrium import game_value
from pokerdice_stats.engines.blind.simple_strategies import strategy_distribution
from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.banking.exact.field import solve_field
from pokerdice_stats.games.banking.exact.rounds import chances
from pokerdice_stats.games.banking.exact.two_seats import banking_payout
from pokerdice_stats.games.banking.simulation.rounds import simulate_blind_rounds
from pokerdice_stats.turn.rules import get_rules

#: What a seat's share is measured in (a tie splits the pot).
SHARE = "share of the pot"


def blind_checks(run: RunOptions) -> Iterator[Check]:
    """Blind banking rounds: seat 1's share ``P(win) + P(tie) / 2`` against ``(1 + x A y) / 2``.

    ``x`` and ``y`` are the two seats' exact final distributions (the
    symmetric equilibrium of :func:`~pokerdice_stats.games.banking.exact.field.solve_field`
    for the number of seats, or named strategies from
    :func:`~pokerdice_stats.engines.blind.simple_strategies.strategy_distribution`) and
    ``A`` the banking payout; three-player rounds against
    :func:`pokerdice_stats.games.banking.exact.rounds.chances`.
    """
    for opts in ({}, {"sticky_holds": "true"}):
        rules = get_rules("banking", opts)
        mixture = solve_field(rules, 2).mixture
        share = (1 + game_value(mixture.exact(), mixture.exact(), banking_payout(rules))) / 2
        result = simulate_blind_rounds(rules, 2, run=run)
        group = f"blind round {rules.label()}, 2 players"
        yield compare(
            group, "seat 1 share (equilibrium vs equilibrium)", share, result.seats[0], unit=SHARE
        )
    rules = get_rules("banking")
    pair = ("stand", "largest-set")
    x, y = (strategy_distribution(rules, name) for name in pair)
    share = (1 + game_value(x, y, banking_payout(rules))) / 2
    result = simulate_blind_rounds(rules, 2, pair, run=run)
    yield compare(
        "blind round banking, 2 players",
        "seat 1 share (stand vs largest-set)",
        share,
        result.seats[0],
        unit=SHARE,
    )
    trio = ("equilibrium", "largest-set", "max-category")
    exact = chances(
        rules,
        [
            solve_field(rules, 3).mixture.exact(),
            strategy_distribution(rules, "largest-set"),
            strategy_distribution(rules, "max-category"),
        ],
    )
    result = simulate_blind_rounds(rules, 3, trio, run=run)
    for s, (name, value) in enumerate(zip(trio, exact, strict=True), start=1):
        yield compare(
            "blind round banking, 3 players",
            f"seat {s} share ({name})",
            value,
            result.seats[s - 1],
            unit=SHARE,
        )
