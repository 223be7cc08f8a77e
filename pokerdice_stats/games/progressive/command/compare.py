"""``pokerdice-stats payout --compare A B``: two schedules side by side on every figure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdice_stats.games.progressive.command.payout_text import CHANCE_KEYS, UNITS
from pokerdice_stats.games.progressive.exact.edge import EDGE_DEFINITION
from pokerdice_stats.ground.formats import percent_of, render

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd


def compare_record(rules, schedules, game: dict, tolerance, rounds, start) -> dict:
    """Totals and cells of each schedule (and the session with ``rounds``), side by side."""
    from pokerdice_stats.games.progressive.command.bank import bank_session_record
    from pokerdice_stats.games.progressive.exact.bank import bank_distribution
    from pokerdice_stats.games.progressive.exact.breakdown import payout_breakdown

    breakdowns = [
        payout_breakdown(rules, schedule=s, tolerance=tolerance, **game) for s in schedules
    ]
    names = ["a", "b"]
    totals = {}
    for key in breakdowns[0].totals():
        totals[key] = {n: b.totals()[key] for n, b in zip(names, breakdowns, strict=True)}
    cells = []
    for a, b in zip(breakdowns[0].cells, breakdowns[1].cells, strict=True):
        row: dict[str, object] = {"side": a.side, "winner": a.winner, "loser": a.loser}
        for n, cell in (("a", a), ("b", b)):
            row[f"pay_{n}"] = int(cell.pay) if cell.pay.denominator == 1 else cell.pay
            row[f"probability_{n}"] = float(cell.probability)
            row[f"contribution_{n}"] = float(cell.contribution)
            row[f"variance_share_{n}"] = float(cell.variance_share)
        cells.append(row)
    record = {
        "rules": rules.label(),
        "computer": game["computer"],
        "knowledge": game["knowledge"],
        "unit": "points per round (the player's side)",
        "schedules": {n: s.label for n, s in zip(names, schedules, strict=True)},
        "totals": totals,
        "edge_definition": EDGE_DEFINITION,
        "cells": cells,
        "session": None,
    }
    if rounds is not None:
        record["session"] = {
            n: bank_session_record(
                bank_distribution(outcomes=b.outcomes, rounds=rounds, start=start)
            )
            for n, b in zip(names, breakdowns, strict=True)
        }
    return record


def compare_text(record: dict) -> str:
    """The plain-text form of :func:`compare_record` (chances in percent, their figure's
    name ending in ``%``)."""
    a, b = record["schedules"]["a"], record["schedules"]["b"]
    head = (
        f"schedules side by side: A = {a}, B = {b}\n"
        f"({record['rules']}, computer {record['computer']}, knowledge {record['knowledge']}; "
        "the player's side)\n\n"
    )
    figures = record["totals"]
    totals = pd.DataFrame(
        [
            _figure_row(k.removesuffix("_float"), v["a"], v["b"], CHANCE_KEYS)
            for k, v in figures.items()
            # decimals here: the exact fractions are in the JSON answer
            if not k.endswith("_exact") and f"{k}_float" not in figures
        ]
    )
    cells = pd.DataFrame(record["cells"])
    paying = cells[(cells["pay_a"] != 0) | (cells["pay_b"] != 0)]
    # a terminal's 100 columns: pays and contributions; the chances and variance shares are
    # in the csv and json answers
    shown = paying[
        ["side", "winner", "loser", "pay_a", "pay_b", "contribution_a", "contribution_b"]
    ]
    text = (
        head
        + render(totals, "table")
        + f"\n{EDGE_DEFINITION}\n\npaying cells (contribution: points per round; each cell's "
        "chance and variance share: --format csv or json):\n" + render(shown, "table")
    )
    if record["session"] is not None:
        rows = []
        for key in ("ruin_float", "mean_float", "sd"):
            name = key.removesuffix("_float")
            rows.append(_figure_row(name, record["session"]["a"][key],
                                    record["session"]["b"][key], ("ruin",),
                                    BANK_UNITS[name]))  # fmt: skip
        for q in record["session"]["a"]["quantiles"]:
            a_q, b_q = (record["session"][n]["quantiles"][q] for n in ("a", "b"))
            rows.append({"figure": f"quantile {q}", "A": a_q, "B": b_q, "unit": "points"})
        session = record["session"]["a"]
        text += (
            f"\nbank after {session['rounds']:,} rounds from {session['start']:,} points:\n"
            + render(pd.DataFrame(rows), "table")
        )
    return text


def _figure_row(name: str, a, b, chances, unit: str | None = None) -> dict:
    """A row of a side-by-side table: a figure named in ``chances`` in percent (``name %``,
    as :func:`~pokerdice_stats.ground.formats.percent_of` writes it), any other as it is;
    its unit (``unit``, else the figure's own)."""
    unit = unit if unit is not None else COMPARED_UNITS.get(name, UNITS.get(name, ""))
    if name not in chances:
        return {"figure": name, "A": a, "B": b, "unit": unit}
    return {"figure": f"{name} %", "A": percent_of(a), "B": percent_of(b), "unit": unit}


#: The units of the side-by-side figures that the payout table does not show.
COMPARED_UNITS = {
    "largest_loss": "points (the most a round can cost)",
    "return_per_largest_loss": "expected points a round per point at risk",
    "edge_percent": "percent of the action",
    "house_edge_percent": "percent of the action",
}
#: The units of the bank's figures after the session.
BANK_UNITS = {"ruin": "of sessions", "mean": "points", "sd": "points (of the final bank)"}
