"""``simulate --what session`` for blind banking sessions: the JSON object and its text."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from pokerdice_stats.engines.cli import estimate_record
from pokerdice_stats.engines.round_output import simulated_round_record
from pokerdice_stats.ground.numbers import chance_percent

if TYPE_CHECKING:
    from pokerdice_stats.games.banking.simulation.sessions import BankingSessionResult

SPLIT_RULE = (
    "the very same best dice share the pot equally; banks are kept in sixtieths of a point, "
    "so a share never leaves a remainder"
)
#: Quantiles of the exact final bank.
QS = (0.05, 0.25, 0.5, 0.75, 0.95)


def _exact(result: BankingSessionResult) -> dict | None:
    """The exact two-seat session (floats of exact Fractions up to 200 rounds)."""
    from pokerdice_stats.games.banking.exact.sessions import MAX_ROUNDS, banking_session

    odds = result.exact_odds
    if odds is None:
        return None
    record: dict = {
        "round": {
            "win": odds.win,
            "split": odds.split,
            "loss": odds.loss,
            "win_float": float(odds.win),
            "split_float": float(odds.split),
            "loss_float": float(odds.loss),
        }
    }
    if result.rounds > MAX_ROUNDS:
        record["note"] = f"the exact session walk takes at most {MAX_ROUNDS:,} rounds"
        return record
    session = banking_session(odds, result.rounds, result.start, result.ante)
    record["arithmetic"] = "Fractions, shown as floats" if session.exact else "float64"
    record["tolerance"] = session.tolerance
    record["rounds_per_session"] = float(session.length())
    record["seats"] = [
        {
            "seat": s + 1,
            "bank": float(session.mean_bank(s)),
            "ruin": float(session.ruin(s)),
            "rounds_survived": float(session.survived(s)),
            "bank_quantiles": {f"q{q:g}": session.quantile(s, Fraction(str(q))) for q in QS},
        }
        for s in range(2)
    ]
    return record


def banking_session_record(result: BankingSessionResult) -> dict:
    """The JSON object of simulated banking sessions (the caller adds ``what`` and ``rules``)."""
    record: dict = {
        "game": "banking session",
        "knowledge": "blind",
        "players": result.players,
        "rounds": result.rounds,
        "start": result.start,
        "ante": result.ante,
        "policies": list(result.policies),
        "unit": "points",
        "ruin_rule": result.ruin_rule,
        "split_rule": SPLIT_RULE,
        "n": result.n,
        "seed": result.seed,
        "rounds_per_session": estimate_record(result.length),
    }
    record["seats"] = [
        {
            "seat": s,
            "bank": estimate_record(seat.bank),
            "bank_quantiles": {f"q{q:g}": estimate_record(e) for q, e in seat.quantiles.items()},
            "ahead": estimate_record(seat.ahead),
            "ruin": estimate_record(seat.ruin),
            "rounds_survived": estimate_record(seat.survived),
        }
        for s, seat in enumerate(result.seats, start=1)
    ]
    record["exact"] = _exact(result)  # null beyond the exact walk's reach
    return record


def _line(label: str, e: dict, percent: bool = False) -> str:
    """One estimate with its interval; ``percent``: a chance, in percent (``chance %``)."""
    low, estimate, high = (_figure(e[k], percent) for k in ("ci_low", "estimate", "ci_high"))
    return f"  {label}: {estimate}  (95% CI {low} .. {high})"


def _figure(value: float, percent: bool) -> str:
    """A figure of a session's text: a chance in percent, anything else to 6 digits."""
    return chance_percent(value, digits=6) if percent else f"{value:.6g}"


def banking_session_text(record: dict) -> str:
    """The plain-text lines of a banking-session record."""
    lines = [
        f"session simulation, rules {record['rules']}: blind banking, {record['players']} seats, "
        f"at most {record['rounds']:,} rounds, start {record['start']:,}, "
        f"ante {record['ante']:,} (points)",
        "blind: no seat sees another's hand; policies " + ", ".join(record["policies"]),
        f"ruin: {record['ruin_rule']}; split pots: {record['split_rule']}",
        f"n={record['n']:,} sessions, seed={record['seed']}",
    ]
    if record.get("interrupted"):
        lines.append("interrupted: partial result")
    exact = record.get("exact") or {}
    exact_seats = exact.get("seats", [])
    for seat in record["seats"]:
        lines.append(f"seat {seat['seat']}:")
        lines.append(_line("bank after the session (points)", seat["bank"]))
        q = seat["bank_quantiles"]
        lines.append(
            "  bank quantiles 5/25/50/75/95% (points): "
            + " / ".join(
                f"{q[k]['estimate']:.6g}" for k in ("q0.05", "q0.25", "q0.5", "q0.75", "q0.95")
            )
        )
        lines.append(_line("ended ahead of the start (chance %)", seat["ahead"], True))
        lines.append(_line("ruin (chance %)", seat["ruin"], True))
        lines.append(_line("rounds survived (rounds)", seat["rounds_survived"]))
        if exact_seats:
            e = exact_seats[seat["seat"] - 1]
            lines.append(
                f"  exact ({exact['arithmetic']}): bank {e['bank']:.6g} points, ruin chance "
                f"{chance_percent(e['ruin'], digits=6)}%, rounds survived "
                f"{e['rounds_survived']:.6g}"
            )
    lines.append(_line("rounds a session (rounds)", record["rounds_per_session"]).strip())
    if "rounds_per_session" in exact:
        lines.append(f"rounds a session, exact: {exact['rounds_per_session']:.6g} rounds")
    return "\n".join(lines)


def betting_session_text(record: dict) -> str:
    """The plain-text lines of a betting-session record (001)."""
    as_written = "sit_out" in record
    stakes = (
        "the stakes as 001 writes them (below)"
        if as_written
        else f"ante {record['ante']}, a raise of {record['raise']}, at most "
        f"{record['raises']} a turn; every seat antes"
    )
    lines = [
        f"session simulation, rules {record['rules']}: betting rounds (solved play), "
        f"{record['players']} seats, at most {record['rounds']:,} rounds, start "
        f"{record['start']} chips, {stakes}",
        "the pot's taker starts the next round; ruin: " + record["ruin"],
        f"n={record['n']:,} sessions, seed={record['seed']}; decisions cut short by chips: "
        f"{record['short_decisions']:,}",
    ]
    if as_written:
        lines.append(
            f"001 as written: the first seat names an ante of 1 to {record['ante_max']} "
            f"(first round: {record['first_ante']}), a raise is 1 to {record['raise_max']} "
            "chips, "
            f"sitting out {'allowed' if record['sit_out'] else 'not allowed'}; void rounds "
            f"(nobody met the ante): {record['void_rounds']:,}"
        )
    if record.get("interrupted"):
        lines.append("interrupted: partial result")
    for row in record["seats"]:
        lines.append(f"seat {row['seat']}:")
        for key, label in (
            ("sit_out_rate", "sits out (chance % a round at the table)"),
            ("net_per_round", "net chips per round"),
            ("p_pot", "chance % of taking the pot (per round sat in)"),
            ("raise_rate", "raise rate (chance % a round sat in)"),
            ("fold_rate", "fold rate (chance % a round sat in)"),
            ("ruin", "ruin (chance %)"),
            ("game_win", "ends with the most chips (chance %; 001's winner; a tie for the most "
             "shared)"),
            ("first_round", "net chips in the first round"),
        ):  # fmt: skip
            if key not in row:
                continue
            figure = {"estimate": row[key], "ci_low": row[f"{key}_ci_low"]}
            figure["ci_high"] = row[f"{key}_ci_high"]
            lines.append(_line(label, figure, "chance %" in label))
        lines.append(
            f"  first round, exact: {row['first_round_exact']:.6g} chips "
            f"(z = {row['first_round_z']:+.2f})"
        )
    return "\n".join(lines)


#: A banking session's starting bank and ante (004 banking: 1000 points, the ante ours).
BANKING_START = 1000
BANKING_ANTE = 10


def session_record(args, rules, run, players: int, rounds: int) -> tuple[dict, bool]:
    """``simulate --what session`` under blind rules: the record and whether interrupted."""
    from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions

    banking = simulate_banking_sessions(
        rules,
        players,
        rounds,
        args.start or BANKING_START,
        args.ante or BANKING_ANTE,
        args.policy,
        run=run,
    )
    return banking_session_record(banking), banking.interrupted


def round_record(args, rules, run, players: int, policy) -> tuple[dict, bool]:
    """``simulate --what round`` of blind rounds (every seat's policy named or optimal)."""
    from pokerdice_stats.games.banking.simulation.rounds import simulate_blind_rounds

    seated = simulate_blind_rounds(rules, players, policy, run=run)
    return simulated_round_record(seated, players), seated.interrupted
