"""``pokerdice-stats payout``'s answers as people read them: the table's rows, the
session's lines, the breakdown, the fair pay and the card, and one CSV row of a session.

The command (:mod:`pokerdice_stats.games.progressive.command`) builds each answer as one
record (its JSON); these functions only lay it out.
"""

from __future__ import annotations

from fractions import Fraction

from pokerdice_stats.games.progressive.exact.edge import percent_text
from pokerdice_stats.ground.formats import render
from pokerdice_stats.ground.numbers import chance_percent, short_fraction

#: The payout table's chances of a round (the other figures are points).
CHANCE_KEYS = ("player_paid", "computer_paid", "nothing_paid", "push")


#: The unit of each figure of the payout table (the chances: :data:`CHANCE_KEYS`).
UNITS = {
    "expected": "points a round",
    "variance": "points squared (of a round's payout)",
    "sd": "points (of a round's payout)",
    "edge": "points a round",
    "house_edge": "points a round",
    "edge_percent": "of the action",
    "house_edge_percent": "of the action",
    "action": "points a round (paid, whoever pays)",
    "exploitability": "points a round",
    "tolerance": "points a round",
    "value_lower": "points a round",
    "value_upper": "points a round",
    "rounds": "rounds",
    "start": "points",
    "bank_mean_ignoring_ruin": "points",
    "bank_sd_ignoring_ruin": "points",
    **dict.fromkeys(CHANCE_KEYS, "of rounds"),
}


#: The unit of each figure of ``payout``'s JSON, where the chances run from 0 to 1.
JSON_UNITS = {
    **UNITS,
    **dict.fromkeys(CHANCE_KEYS, "chance of a round (0 to 1)"),
    "edge_percent": "percent of the action",
    "house_edge_percent": "percent of the action",
}


def decimal_rows(record: dict, optional: tuple[str, ...]) -> list[dict]:
    """The table's rows of a payout record: each figure as its decimal, under its plain
    name (``expected`` shows ``expected_float``), with its exact fraction beside it when
    that is short, the chances of :data:`CHANCE_KEYS` and the edges in percent, and each
    figure's unit (:data:`UNITS`); the long fractions are for ``--format json``, and the
    record's one ``unit`` is given row by row."""
    rows = []
    for key, value in record.items():
        skipped = key.endswith("_exact") or key in ("unit", "units")
        if (value is None and key in optional) or skipped:
            continue
        if key.endswith("_float"):
            if key[: -len("_float")] in record:
                continue  # shown under the plain name
            key = key[: -len("_float")]
        if key in CHANCE_KEYS and isinstance(value, float):
            value = f"{chance_percent(value)}%"  # a chance of a round
        elif key.endswith("edge_percent") and isinstance(value, float):
            value = percent_text(value)
        elif f"{key}_float" in record:
            decimal = record[f"{key}_float"]
            exact = short_exact(value)
            value = f"{decimal:.6g}" + (
                f" = {exact}" if exact and exact != f"{decimal:.6g}" else ""
            )
        rows.append({"key": key, "value": value, "unit": UNITS.get(key, "")})
    return rows


def card_text(record: dict) -> str:
    return (
        f"{record['card']} card of {record['schedule']} ({record['rules']}) written to "
        f"{record['path']}"
    )


def session_text(session: dict) -> str:
    quantiles = ", ".join(f"{q}: {v:,.2f}" for q, v in session["quantiles"].items())
    ruin = session["ruin"] or f"{session['ruin_float']:.6g}"
    return (
        f"\nbank after {session['rounds']:,} rounds from {session['start']:,} points "
        f"({session['arithmetic']}):\n"
        f"  chance of ruin (bank below {session['ruin_below']:,}): {_ruin_text(session)}"
        + (f" = {ruin}" if session["ruin"] and len(ruin) < 60 else "")
        + f"\n  mean {session['mean_float']:,.2f} points, sd {session['sd']:,.2f} points\n"
        f"  the player ends ahead of the computer (004's winner: the most points): "
        f"{chance_percent(session['ahead_float'])}%; level (both as many points): "
        f"{chance_percent(session['level_float'])}%\n"
        f"  quantiles (points): {quantiles}\n"
        "  the computer's bank is unlimited here (it always pays); simulate --what session "
        f"also ends a session when the computer's bank ({session['start']:,} points, as the "
        "player's) is ruined\n"
    )


def short_exact(text: str | None) -> str:
    """An exact figure short enough to print beside its decimal, else ``""``."""
    if not text:
        return ""
    short = short_fraction(Fraction(text))
    return "" if short == "…" else short


def breakdown_text(breakdown, record: dict) -> str:
    lines = [
        f"payout breakdown: {record['rules']}, schedule {record['schedule']}, computer "
        f"{record['computer']}, knowledge {record['knowledge']} (points per round, player's side)",
        f"  expected {record['expected_float']:.6g}"
        + (f" = {exact}" if (exact := short_exact(record["expected"])) else "")
        + f", sd {record['sd']:.6g}",
        f"  hit frequency (the player is paid) {chance_percent(record['player_paid'])}%, the "
        f"computer is paid {chance_percent(record['computer_paid'])}%, a push "
        f"{chance_percent(record['push'])}% of rounds",
        f"  return per unit of the largest loss ({record['largest_loss']}): "
        f"{record['return_per_largest_loss']:.6g}",
        f"  edge: player {record['edge']:+.6g} points a round = "
        f"{percent_text(record['edge_percent'])} of the {record['action']:.6g} points that change "
        f"hands a round (house {percent_text(record['house_edge_percent'])})",
        "",
        "by winning category (summed over the losers; contribution: points a round; chance and "
        "variance share in percent):",
        render(_by_winner_shown(record["by_winner"]), "table").rstrip("\n"),
        "",
        "paying cells (contribution: points a round; chance and variance share in percent):",
    ]
    frame = breakdown.frame(paying_only=True)
    frame = frame.drop(columns=["probability", "contribution", "payout"])
    frame = frame.rename(columns={"contribution_float": "contribution"})
    frame.insert(3, "chance %", [chance_percent(p) for p in frame.pop("probability_float")])
    frame["variance share %"] = [chance_percent(v) for v in frame.pop("variance_share")]
    text = "\n".join(lines) + "\n" + render(frame, "table")
    if record.get("session"):
        text += session_text(record["session"])
    return text


def _piece_text(record: dict) -> str:
    """The pays between which the answer's policies hold, as far as located."""
    low, high = record.get("piece_from_float"), record.get("piece_to_float")
    if low is None and high is None:
        return ""
    below = f"from {low:.6g}" if low is not None else "from below every breakpoint located"
    above = f"to {high:.6g}" if high is not None else "to above every breakpoint located"
    return (
        f"  this pay's policies (their line: piece_intercept, piece_slope) hold {below} {above}"
        " (the line checked just inside each end)\n"
    )


def solve_text(record: dict) -> str:
    breakpoints = ", ".join(f"{b:.6g}" for b in record["breakpoints_float"]) or "none met"
    percent = record["target_unit"].startswith("percent")
    target = f"{record['target_float']:g}" + ("%" if percent else " points per round")
    scale = record["cell"] == "scale"
    found = (
        f"  factor {record['pay_float']:.10g} on every pay (exact: the fraction pay_exact of "
        "--format json; the schedule --schedule-out writes)\n"
        if scale
        else f"  pay {record['pay_float']:.10g} (exact: the fraction pay_exact of --format json, "
        "and of the file --schedule-out writes)\n"
    )
    search = (
        "  a factor changes no decision (each compares pays, and a factor keeps their order): "
        "the edge is the factor times the schedule's, so this factor is the only one\n"
        if scale
        else f"  breakpoints located (pays where a policy changes; those nearest this pay "
        f"first, not every one): {breakpoints}\n" + _piece_text(record) + _other_pays_text(record)
    )
    return (
        f"fair pay: {record['cell']} against computer {record['computer']} "
        f"(knowledge {record['knowledge']}, schedule {record['schedule']})\n"
        f"  target: the player's edge {target}\n"
        + found
        + f"  edge there: player {record['edge']:+.6g} points a round = "
        f"{percent_text(record['edge_percent'])} of the {record['action']:.6g} points that change "
        f"hands (house {percent_text(record['house_edge_percent'])}); exact\n"
        + search
        + "".join(f"  out of order: {line}\n" for line in record.get("order_breaks") or [])
        + f"  {record['evaluations']} exact evaluations of the game\n"
        f"  {record['edge_definition']}\n"
    )


def _other_pays_text(record: dict) -> str:
    """The other pays meeting the target, or that the scan found none (and how far it got)."""
    others = record.get("other_pays_float") or []
    if not record.get("piece_slope_float") and not others:
        return "  the edge does not depend on this pay: every pay gives the target\n"
    scan = "a scan from 0 to 1,000,000" + ("" if record["scan_complete"] else " (cut short)")
    if not others:
        return f"  no other pay meets the target ({scan}); this pay is the one found\n"
    listed = ", ".join(f"{t:.10g}" for t in others)
    return (
        f"  other pays that meet it too: {listed} (the edge is not monotone in this pay: "
        f"{scan}; the pay above is the one nearest the current pay, as a ratio)\n"
    )


def _by_winner_shown(rows: list[dict]):
    """The breakdown's rows by (side, winner) as people read them: percentages, points."""
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "side": r["side"],
                "winner": r["winner"],
                "chance %": f"{chance_percent(r['probability'])}",
                "contribution": f"{r['contribution']:+.6g}",
                "variance share %": f"{chance_percent(r['variance_share'])}",
            }
            for r in rows
        ]
    )


def _ruin_text(session: dict) -> str:
    """The chance of ruin in percent; below its stated tolerance, 0 and why (the JSON keeps
    the figure as computed)."""
    ruin, tolerance = session["ruin_float"], session.get("tolerance")
    if tolerance is not None and ruin < tolerance:
        return f"0% (below the tolerance of {tolerance:.1e}: the arithmetic's noise)"
    return f"{chance_percent(ruin)}%"
