"""Matches: the match solver's odds and length against simulation."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.seen.exact.matches import solve_match
from pokerdice_stats.games.seen.simulation.matches import simulate_matches
from pokerdice_stats.turn.rules import get_rules

#: Matches are simulated with this fraction of the samples of the other figures.
MATCH_SHARE = 10


def match_checks(run: RunOptions) -> Iterator[Check]:
    """Each player's chance to win the match and the expected rounds (``n // 10`` matches)."""
    matches = run if run.n is None else run.with_samples(max(run.n // MATCH_SHARE, 1))
    for name, players in (("gameweave", 2), ("classic", 2), ("triple-snakes", 3)):
        rules = get_rules(name)
        exact = solve_match(rules, players)
        result = simulate_matches(rules, players, run=matches)
        group = f"match {name}, {players} players, to {exact.target}"
        for s, (est, value) in enumerate(zip(result.seats, exact.win, strict=True), start=1):
            yield compare(group, f"seat {s} wins", value, est)
        yield compare(
            group, "expected rounds", exact.expected_rounds, result.expected_rounds, unit="rounds"
        )
