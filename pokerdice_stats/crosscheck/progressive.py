"""The progressive payout per round against several computer policies."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.crosscheck.check import Check, compare
from pokerdice_stats.games.progressive import expected_payout
from pokerdice_stats.rules import get_rules
from pokerdice_stats.simulation import RunOptions, simulate_progressive


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
            exact.std_float,
        )
