"""``pokerdice-stats payout --design``: the answer as people read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdice_stats.games.progressive.exact.edge import percent_text
from pokerdice_stats.ground.formats import render

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd


def design_text(design, record: dict) -> str:
    """The design: target and reached edge, the distance moved, the changes, the table."""
    unit = "%" if design.target.percent else " points a round"
    within_unit = " percentage points" if design.target.percent else " points a round"
    edge = design.edge
    lines = [
        f"schedule design: {record['rules']}, from {record['schedule']}, computer "
        f"{record['computer']}, knowledge {record['knowledge']}",
        f"  target: the player's edge {float(design.target.value):g}{unit}, within "
        f"{float(design.within):g}{within_unit} (movable: {design.movable}, side: "
        f"{design.side}, pays 0 to "
        f"{design.max_pay:,}, rows and columns in order)",
        f"  reached, exactly: player {float(edge.expected):+.6g} points a round = "
        f"{percent_text(edge.percent)} of the {float(edge.action):.6g} points that change hands "
        f"(house {percent_text(edge.house_percent)}); the exact fractions are in --format json",
        f"  moved: {_moved_text(design)}; {design.evaluations} exact evaluations of the game",
        f"  {record['edge_definition']}",
    ]
    text = "\n".join(lines) + "\n"
    if design.changes:
        rows = [
            {
                "winner": c.winner,
                "loser": " / ".join(c.losers),
                "side": c.side,
                "before": float(c.before),
                "after": c.after,
            }
            for c in design.changes
        ]
        text += "\nchanges (side player: the house pays the player; house: the player pays):\n"
        text += render(pd.DataFrame(rows), "table")
    else:
        text += "\nno change: the schedule already meets the target\n"
    sides = ("player", "house") if design.schedule.two_sided else ("player",)
    for side in sides:
        title = {
            "player": "the house pays the player (rows: loser; columns: winner)",
            "house": "the player pays the house (rows: loser; columns: winner)",
        }[side]
        if not design.schedule.two_sided:
            title = "the schedule, both ways (rows: loser; columns: winner)"
        text += f"\n{title}:\n" + render(design.schedule.frame(design.rules, side), "table")
    return text


def _moved_text(design) -> str:
    """The cells moved, a cell moved alike on both sides counted once (as a table pays it)."""
    sides: dict[tuple, set[str]] = {}
    for change in design.changes:
        sides.setdefault((change.winner, change.losers, change.before, change.after), set()).add(
            change.side
        )
    both = sum(1 for where in sides.values() if len(where) == 2)
    one = len(sides) - both
    parts = [f"{n} cell{'s' if n != 1 else ''} {how}" for n, how in
             ((both, "both ways"), (one, "on one side")) if n]  # fmt: skip
    counted = f"cells_changed {design.cells_changed} and {float(design.points_moved):g} points"
    return (" and ".join(parts) or "nothing") + f" ({counted}, each side counted)"
