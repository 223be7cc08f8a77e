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
        "abstraction's solution, and each seat's full-game best response to it read through "
        "the down translation)",
    )


def bidding_record(rules: RuleSet, run: RunOptions, ladder: str | None = None) -> dict:
    """The JSON object of ``simulate --what bidding`` (see
    :func:`pokerdice_stats.games.bidding.simulation.solved.simulate_matchups` and, for the
    fine ladder,
    :func:`pokerdice_stats.games.bidding.simulation.fine.simulate_fine_matchups`)."""
    if ladder == "fine":
        from pokerdice_stats.games.bidding.simulation.fine import simulate_fine_matchups

        record = simulate_fine_matchups(rules, run)
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
    lines = [
        f"bidding simulation, rules {record['rules']}, {record['ladder']} ladder; "
        f"seat 1's result in {record['units']}; value {record['value']:.6f}"
        + (
            f"; full-game exploitability {record['exploitability']:.6f} "
            f"(translation {record['translation']})"
            if "translation" in record
            else ""
        )
    ]
    for g in record["games"]:
        lines.append(
            f"{g['seat1']} against {g['seat2']}: {g['estimate']:.6g}  (95% CI {g['ci_low']:.6g} "
            f".. {g['ci_high']:.6g}, n={g['n']}, seed={g['seed']}; exact {g['exact_float']:.6g})"
        )
    return "\n".join(lines)
