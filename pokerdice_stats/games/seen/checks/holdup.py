"""The chips game: the chance a best hand holds up, exact against simulation."""

from __future__ import annotations

from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.seen.exact.holdup import holdup
from pokerdice_stats.games.seen.simulation.holdup import simulate_holdup
from pokerdice_stats.turn.rules import get_rules

#: (preset, the holder's hand, players left) of the rounds in progress checked.
HOLDUP_CASES = (
    ("triple-snakes", "4 4 4 2 1", 2),
    ("triple-snakes", "6 6 5 5 1", 1),
    ("triple-snakes", "1 2 3 4 6", 3),
    ("gameweave", "K K K Q Q", 2),
)


def holdup_checks(run: RunOptions) -> Iterator[Check]:
    """The holder's and each later player's chance to take the pot."""
    for name, dice, left in HOLDUP_CASES:
        rules = get_rules(name)
        exact = holdup(rules, dice, left)
        estimates = simulate_holdup(rules, dice, left, run=run)
        group = f"hold-up {name}, {dice}, {left} left"
        yield compare(group, "holder takes the pot", exact.holds_up, estimates[0])
        for i, (value, est) in enumerate(zip(exact.later, estimates[1:], strict=True), start=1):
            yield compare(group, f"later player {i} takes the pot", value, est)
