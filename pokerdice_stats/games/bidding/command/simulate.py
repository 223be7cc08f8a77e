"""``simulate --what bidding``: the solved bidding game played out, and simple players in it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line registers this before any simulation is loaded
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.turn.rules import RuleSet


def add_bidding_args(parser: argparse.ArgumentParser) -> None:
    """``--ladder`` of ``simulate --what bidding``."""
    parser.add_argument(
        "--ladder",
        choices=("category", "fine"),
        default=None,
        help="bidding: category (default; the solution and simple players) or fine (the "
        "solution on claims, as `bidding --ladder fine` answers, against itself and each "
        "seat's best response to it in the full game)",
    )


def bidding_record(rules: RuleSet, run: RunOptions, ladder: str | None = None) -> dict:
    """The JSON object of ``simulate --what bidding`` (see
    :func:`pokerdice_stats.games.bidding.simulation.solved.simulate_matchups` and, for the
    fine ladder,
    :func:`pokerdice_stats.games.bidding.simulation.claims.simulate_claims_matchups`)."""
    from pokerdice_stats.games.bidding.exact.odds import check_bidding_rules

    check_bidding_rules(rules)
    if ladder == "fine":
        from pokerdice_stats.games.bidding.simulation.claims import simulate_claims_matchups

        record = simulate_claims_matchups(rules, run)
    else:
        from pokerdice_stats.games.bidding.simulation.solved import simulate_matchups

        record = simulate_matchups(rules, run)
    # each game's exact figure is the solver's float: named so (no "p/q" to set beside it)
    record["games"] = [
        {("exact_float" if k == "exact" else k): v for k, v in game.items()}
        for game in record["games"]
    ]
    return record


def bidding_text(record: dict) -> str:
    """The record as lines of text."""
    if "value" in record:
        headline = f"value {record['value']:.6f}"
    else:  # the fine ladder's solution on claims: its bounds
        headline = (
            f"solution on claims ({record['iterations']} iterations), value between "
            f"{record['value_lower']:.6f} and {record['value_upper']:.6f}, full-game "
            f"exploitability {record['exploitability']:.6f}"
        )
    lines = [
        f"bidding simulation, rules {record['rules']}, {record['ladder']} ladder; "
        f"seat 1's result in {record['unit']}; {headline}"
    ]
    for g in record["games"]:
        exact = f"exact {g['exact_float']:.6g}" if "exact_float" in g else "no exact figure"
        lines.append(
            f"{g['seat1']} against {g['seat2']}: {g['estimate']:.6g}  (95% CI {g['ci_low']:.6g} "
            f".. {g['ci_high']:.6g}, n={g['n']}, seed={g['seed']}; {exact})"
        )
    return "\n".join(lines)
