"""Blind banking sessions of two seats: the exact session walk against simulated sessions."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.banking.exact.sessions import banking_session
from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions
from pokerdice_stats.turn.rules import get_rules

#: The sessions checked: short banks, so that seats run out within the rounds.
SESSIONS: tuple[tuple[dict[str, str], int, int, int], ...] = (
    # (options, rounds, start, ante)
    ({}, 100, 100, 10),
    ({"sticky_holds": "true"}, 60, 50, 10),
)


def banking_session_checks(run: RunOptions) -> Iterator[Check]:
    """Seat 1's mean bank, its chance of ruin (out: the bank below the ante), its mean
    rounds survived and the session's mean length, exact
    (:func:`~pokerdice_stats.games.banking.exact.sessions.banking_session`, Fractions) against
    ``run.n`` simulated sessions of two seats playing the 2-seat equilibrium.

    The exact figures are Fractions of thousands of digits; the checks carry
    their nearest floats (exact to double precision)."""
    for options, rounds, start, ante in SESSIONS:
        rules = get_rules("banking", options)
        result = simulate_banking_sessions(rules, 2, rounds, start, ante, run=run)
        assert result.exact_odds is not None  # two seats
        exact = banking_session(result.exact_odds, rounds, start, ante, exact=True)
        group = f"banking session {rules.label()}, 2 seats, {rounds} rounds, {start}/{ante}"
        seat = result.seats[0]
        figures = (
            ("seat 1 mean bank (points)", exact.mean_bank(0), seat.bank, "points"),
            ("seat 1 ruin (bank below the ante)", exact.ruin(0), seat.ruin, "chance"),
            ("seat 1 mean rounds survived", exact.survived(0), seat.survived, "rounds"),
            ("mean rounds a session", exact.length(), result.length, "rounds"),
        )
        for figure, value, estimate, unit in figures:
            yield compare(group, figure, float(value), estimate, unit=unit)
