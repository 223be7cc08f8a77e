"""``simulate``'s plain-text answer: every figure with its unit and its interval."""

from __future__ import annotations

from pokerdice_stats.ground.numbers import chance_percent


def _line(label: str, e: dict, percent: bool = False) -> str:
    """One estimate with its interval; ``percent``: a chance, written in percent (the label
    says ``chance %``)."""
    low, estimate, high = (
        chance_percent(e[k], digits=6) if percent else f"{e[k]:.6g}"
        for k in ("ci_low", "estimate", "ci_high")
    )
    return f"{label}: {estimate}  (95% CI {low} .. {high}, n={e['n']}, seed={e['seed']})"


#: The label of the main figure of a simulation without seats, with its unit.
_MAIN_UNITS = {"chance": "chance %", "points": "points a turn"}
#: Labels of the other figures of a progressive session, with their units (the chances in
#: percent).
_PROGRESSIVE = {
    "ruin": "ruin (chance %)",
    "computer_ruin": "computer's ruin (chance %)",
    "payout_per_round": "payout per round (points)",
}


#: The settings an answer states in its first line (each a default when not given).
_SETTINGS = (
    ("players", "{} players"),
    ("knowledge", "{}"),
    ("target", "first to {} round wins"),
    ("starter", "starter {}"),
    ("goal", "goal {}"),
    ("policy", "policy {}"),
    ("computer", "computer {}"),
    ("rounds", "{} rounds"),
    ("start", "start {:,} points"),
)


def _settings(record: dict) -> str:
    """The settings the figures depend on, in words (``: 3 players, seen``)."""
    words = [form.format(record[key]) for key, form in _SETTINGS if key in record]
    return ": " + ", ".join(words) if words else ""


def simulate_text(record: dict) -> str:
    """The record of :func:`pokerdice_stats.commands.simulate.simulate_record` as lines."""
    if record.get("what") == "bidding":
        from pokerdice_stats.games.bidding.command.simulate import bidding_text

        return bidding_text(record)
    if record.get("game") == "banking session":
        from pokerdice_stats.games.banking.command.simulate import banking_session_text

        return banking_session_text(record)
    if record.get("game") == "betting session":
        from pokerdice_stats.games.banking.command.simulate import betting_session_text

        return betting_session_text(record)
    lines = [f"{record['what']} simulation, rules {record['rules']}" + _settings(record)]
    if record.get("knowledge") == "blind":
        lines.append(
            "blind: no seat sees another's hand; policies " + ", ".join(record["policies"])
        )
    if record.get("interrupted"):
        lines.append("interrupted: partial result")
    if "schedule" in record:
        lines.append(f"schedule {record['schedule']}; ruin: {record['ruin_rule']}")
    if "seats" in record:
        what = {
            "round": "wins the round (chance %)",
            "match": "wins the match (chance %)",
        }.get(record["what"], f"{record.get('quantity', 'estimate')} ({record.get('unit')})")
        chance = record["what"] in ("round", "match")
        for seat in record["seats"]:
            lines.append(_line(f"seat {seat['seat']} {what}", seat, chance))
        if "expected_rounds" in record:
            lines.append(_line("rounds a match (rounds)", record["expected_rounds"]))
    elif "goal" in record:
        unit = _MAIN_UNITS.get(record.get("unit", "chance"), record.get("unit"))
        lines.append(_line(f"{record['goal']} ({unit})", record, unit == "chance %"))
    else:
        lines.append(_line(f"{record.get('quantity', 'estimate')} (points)", record))
        for key, label in _PROGRESSIVE.items():
            if key in record:
                lines.append(_line(label, record[key], "chance %" in label))
    return "\n".join(lines)
