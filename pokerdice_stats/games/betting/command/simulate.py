"""``simulate --what session`` under 001's betting rules: chips, ruin and seat order."""

from __future__ import annotations

#: A betting session's starting chips, and the ante when not given.
BETTING_START = 20
BETTING_ANTE = 1


def session_record(args, rules, run, players: int, rounds: int) -> tuple[dict, bool]:
    """The record of simulated betting sessions, and whether the run was interrupted."""
    from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions

    betting = simulate_betting_sessions(
        rules,
        players,
        rounds,
        args.start or BETTING_START,
        args.ante or BETTING_ANTE,
        getattr(args, "raise"),
        1 if args.raises is None else args.raises,
        short=args.short or "cut",
        run=run,
    )
    record = betting.record()
    record["game"] = "betting session"
    return record, betting.interrupted
