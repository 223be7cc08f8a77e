"""``simulate --what bidding``: the solved bidding game played out, and simple players in it."""

from __future__ import annotations

from pokerdice_stats.games.bidding_tables import UNITS
from pokerdice_stats.rules import RuleSet
from pokerdice_stats.simulation.run import RunOptions

#: (seat 1, seat 2) played; None is the solved strategy.
MATCHUPS: tuple[tuple[str | None, str | None], ...] = (
    (None, None),
    ("always-call", None),
    (None, "always-call"),
    ("truthful", None),
    (None, "truthful"),
)


def bidding_record(rules: RuleSet, run: RunOptions) -> dict:
    """Seat 1's simulated result (with its interval) beside the exact one, per matchup."""
    from pokerdice_stats.games.bidding_players import simple_player
    from pokerdice_stats.games.bidding_response import play_value
    from pokerdice_stats.games.bidding_solve import solve_ladder
    from pokerdice_stats.simulation.bidding import simulate_bidding

    result = solve_ladder(rules, "category")
    tree, ladder = result.tree, result.ladder
    games = []
    for seat1, seat2 in MATCHUPS:
        one = simple_player(tree, ladder, 1, seat1) if seat1 else result.strategy[1]
        two = simple_player(tree, ladder, 2, seat2) if seat2 else result.strategy[2]
        played = simulate_bidding(result, seat1=seat1, seat2=seat2, run=run)
        e = played["result"]
        games.append(
            {
                "seat1": seat1 or "solved",
                "seat2": seat2 or "solved",
                "estimate": e.estimate,
                "ci_low": e.ci_low,
                "ci_high": e.ci_high,
                "n": e.n,
                "seed": e.seed,
                "exact": play_value(tree, ladder, one, two),
                "bids_per_game": played["bids"],
            }
        )
    return {
        "ladder": "category",
        "quantity": "seat 1's result",
        "units": UNITS,
        "value": result.value,
        "games": games,
    }


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
