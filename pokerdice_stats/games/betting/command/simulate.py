"""``simulate --what session`` under 001's betting rules: chips, ruin and seat order."""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError

#: A betting session's starting chips, and the ante when not given.
BETTING_START = 20
BETTING_ANTE = 1


def session_record(args, rules, run, players: int, rounds: int) -> tuple[dict, bool]:
    """The record of simulated betting sessions, and whether the run was interrupted."""
    from pokerdice_stats.games.betting.command.conflicts import check_raise_size
    from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions

    check_raise_size(getattr(args, "raise"), args.raises)
    table = {}
    if args.ante_max is not None or args.raise_max is not None or args.sit_out is not None:
        if args.ante_max is not None and args.ante is not None:
            raise OptionError("give --ante (fixed) or --ante-max (the first seat names it)")
        if args.raise_max is not None and (
            getattr(args, "raise") is not None or args.raises is not None
        ):
            raise OptionError("give --raise-max, or --raise and --raises (a fixed size)")
        table = {
            "ante_max": args.ante_max,
            "raise_max": args.raise_max,
            "sit_out": args.sit_out != "no",
        }
    betting = simulate_betting_sessions(
        rules,
        players,
        rounds,
        args.start or BETTING_START,
        args.ante or BETTING_ANTE,
        getattr(args, "raise"),
        1 if args.raises is None and args.raise_max is None else args.raises,
        short=args.short or "cut",
        run=run,
        **table,
    )
    record = betting.record()
    record["game"] = "betting session"
    return record, betting.interrupted
