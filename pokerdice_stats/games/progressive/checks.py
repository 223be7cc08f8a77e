"""The progressive payout per round against several computer policies, and sessions:
the exact bank after R rounds and the chance of ruin against simulated sessions."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.progressive.exact.bank import bank_distribution
from pokerdice_stats.games.progressive.exact.payout import expected_payout
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule
from pokerdice_stats.games.progressive.simulation import simulate_progressive
from pokerdice_stats.turn.rules import get_rules


def progressive_checks(run: RunOptions) -> Iterator[Check]:
    """The exact expected payout of a round against one-round simulated sessions."""
    rules = get_rules("progressive")
    for computer in ("optimal", "stand", "max-category"):
        exact = expected_payout(rules, computer)
        expected = exact.expected if exact.expected is not None else exact.expected_float
        result = simulate_progressive(rules, rounds=1, computer=computer, run=run)
        yield compare(
            "progressive payout",
            f"per round vs computer {computer}",
            expected,
            result.payout,
            exact.sd_float,
            unit="points per round",
        )


def session_schedules() -> tuple[tuple[PayoutSchedule, int], ...]:
    """The schedules whose sessions are checked, each with a starting bank: 004's
    from 2,000 points, and one with doubled amounts (largest loss 2,400) from 3,000."""
    return ((PROGRESSIVE_SCHEDULE, 2_000), (PROGRESSIVE_SCHEDULE.scaled(2, "004 doubled"), 3_000))


def progressive_session_checks(run: RunOptions, rounds: int = 10):
    """The exact bank after ``rounds`` rounds and the chance of ruin
    (:func:`~pokerdice_stats.games.progressive.exact.bank.bank_distribution`, Fractions) against
    simulated sessions under each schedule, against the optimal computer with an
    unlimited bank (the exact program has none).  Ruin is the same on both sides: the
    bank can no longer cover the largest loss of a round (checked to be the same number).
    The exact figures are Fractions of hundreds of digits; the checks carry their
    nearest floats."""
    rules = get_rules("progressive")
    for schedule, start in session_schedules():
        exact = bank_distribution(rules, schedule=schedule, rounds=rounds, start=start)
        result = simulate_progressive(
            rules, rounds, "optimal", start, computer_bank=0, schedule=schedule, run=run
        )
        if result.floor != exact.floor:
            raise AssertionError(f"ruin lines differ: {result.floor} and {exact.floor}")
        group = f"progressive session, schedule {schedule.label}, {rounds} rounds from {start:,}"
        yield compare(
            group, "mean bank (points)", float(exact.mean), result.bank, exact.sd, unit="points"
        )
        ruin = f"ruin (bank below the largest loss, {exact.floor:,})"
        yield compare(group, ruin, float(exact.ruin), result.ruin)
