"""``simulate --what session`` of the progressive game (004): the player's bank and ruin."""

from __future__ import annotations

from pokerdice_stats.engines.cli import estimate_record

#: The computer's policy and the player's starting bank when not given (004: 10000 points).
DEFAULT_COMPUTER = "optimal"
DEFAULT_START = 10_000


def session_record(args, rules, run, players: int, rounds: int) -> tuple[dict, bool]:
    """The record of simulated progressive sessions, and whether the run was interrupted."""
    from pokerdice_stats.games.progressive.exact.schedule_files import load_schedule
    from pokerdice_stats.games.progressive.simulation import simulate_progressive

    computer = args.computer or DEFAULT_COMPUTER
    start = args.start or DEFAULT_START
    schedule = load_schedule(args.schedule)
    progressive = simulate_progressive(rules, rounds, computer, start, schedule=schedule, run=run)
    record: dict = {
        "rounds": rounds,
        "computer": computer,
        "start": start,
        "computer_bank": progressive.computer_bank,
        "schedule": progressive.schedule,
        "ruin_rule": progressive.ruin_rule,
        "quantity": "bank after the session",
        "unit": "points (the player's bank); ruin, computer_ruin: chance; "
        "payout_per_round: points per round",
    }
    record |= estimate_record(progressive.bank)
    record["ruin"] = estimate_record(progressive.ruin)
    record["computer_ruin"] = estimate_record(progressive.computer_ruin)
    record["payout_per_round"] = estimate_record(progressive.payout)
    return record, progressive.interrupted
