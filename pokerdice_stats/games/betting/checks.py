"""Betting sessions of 001: simulated first rounds against the exact betting round."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions
from pokerdice_stats.turn.rules import get_rules

#: Seats of the tables checked.
TABLES = (2, 3)
#: Starting chips: enough that no decision of the first round is cut short.
START = 10


def betting_session_checks(run: RunOptions) -> Iterator[Check]:
    """Every seat's net chips, chance of taking the pot, raise and fold rates in the
    first round of ``run.n`` simulated betting sessions (the sessions' kernel,
    solved play, seat 1 starting) against the exact betting round
    (:func:`~pokerdice_stats.games.betting.exact.solve.solve_betting`, Fractions)."""
    rules = get_rules("triple-snakes")
    for players in TABLES:
        result = simulate_betting_sessions(rules, players, rounds=1, start=START, run=run)
        exact = simulate_exact(players)
        group = f"betting session triple-snakes, {players} seats, first round"
        for k, seat in enumerate(result.seats):
            name = f"seat {k + 1}"
            yield compare(
                group, f"{name} net chips a round", exact.ev[k], seat.first_round, unit="chips"
            )
            yield compare(group, f"{name} takes the pot", exact.p_pot[k], seat.p_pot)
            if exact.raise_rate[k]:
                yield compare(group, f"{name} raises", exact.raise_rate[k], seat.raise_rate)
            if exact.fold_rate[k]:
                yield compare(group, f"{name} folds", exact.fold_rate[k], seat.fold_rate)


def simulate_exact(players: int):
    """The exact betting round the sessions play (ante 1, raise 1, one raise a turn)."""
    from pokerdice_stats.games.betting.exact.solve import solve_betting

    return solve_betting(get_rules("triple-snakes"), players)
