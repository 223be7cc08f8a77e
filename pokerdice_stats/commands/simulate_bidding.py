"""``simulate --what bidding``: the solved bidding game played out, and simple players in it."""

from __future__ import annotations

from pokerdice_stats.rules import RuleSet
from pokerdice_stats.simulation.run import RunOptions


def bidding_record(rules: RuleSet, run: RunOptions) -> dict:
    """The JSON object of ``simulate --what bidding`` (see
    :func:`pokerdice_stats.simulation.bidding.simulate_matchups`)."""
    from pokerdice_stats.simulation.bidding import simulate_matchups

    return simulate_matchups(rules, run)


def bidding_text(record: dict) -> str:
    """The record as lines of text."""
    lines = [
        f"bidding simulation, rules {record['rules']}, {record['ladder']} ladder; "
        f"seat 1's result in {record['units']}; value {record['value']:.6f}"
    ]
    for g in record["games"]:
        lines.append(
            f"{g['seat1']} against {g['seat2']}: {g['estimate']:.6g}  (95% CI {g['ci_low']:.6g} "
            f".. {g['ci_high']:.6g}, n={g['n']}, seed={g['seed']}; exact {g['exact']:.6g})"
        )
    return "\n".join(lines)
