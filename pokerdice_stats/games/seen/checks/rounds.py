"""Rounds in which later seats see the earlier hands: the round solver against simulation."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.seen.simulation.rounds import simulate_seen_rounds
from pokerdice_stats.turn.rules import get_rules

#: (preset, options, players) of the rounds checked.
ROUND_CASES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("gameweave", {}, 2),
    ("gameweave", {}, 3),
    ("triple-snakes", {}, 3),
    ("banking", {}, 2),
    ("classic", {"throw_limit": "first-player"}, 2),
)


def round_checks(run: RunOptions) -> Iterator[Check]:
    """Each seat's chance to win (roll-offs, must-beat, split, the first player's throw limit)."""
    for name, opts, players in ROUND_CASES:
        rules = get_rules(name, opts)
        # Later seats see the earlier hands (the solved round); blind rounds are blind_rounds.py.
        seen = dataclasses.replace(rules, knowledge="seen")
        result = simulate_seen_rounds(seen, players, run=run)
        label = rules.label() + (" seen" if rules.knowledge == "blind" else "")
        for s, (est, exact) in enumerate(zip(result.seats, result.exact, strict=True), start=1):
            yield compare(f"round {label}, {players} players", f"seat {s} wins", exact, est)
