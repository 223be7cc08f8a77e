"""``simulate --what round|match|session`` of seen games: the JSON records.

Rounds where later seats see the earlier hands, matches of such rounds, and sessions
of pots (every seat antes, the round's winner takes the pot) under the gameweave and
classic presets.
"""

from __future__ import annotations

from pokerdice_stats.engines.cli import estimate_record
from pokerdice_stats.engines.round_output import simulated_round_record

#: The ante of a session of pots, when not given.
DEFAULT_ANTE = 1


def round_record(args, rules, run, players: int, policy) -> tuple[dict, bool]:
    """``simulate --what round`` of seen rounds: the record and whether interrupted."""
    from pokerdice_stats.games.seen.simulation.rounds import simulate_seen_rounds

    seated = simulate_seen_rounds(rules, players, policy=policy, run=run)
    return simulated_round_record(seated, players), seated.interrupted


def match_record(args, rules, run, players: int) -> tuple[dict, bool]:
    """``simulate --what match``: each seat's chance to win the match, and its length."""
    from pokerdice_stats.games.seen.simulation.matches import simulate_matches

    matches = simulate_matches(rules, players, args.to, run=run)
    record: dict = {
        "players": players,
        "target": matches.target,
        "starter": matches.starter,
        "n": matches.n,
        "seed": matches.seed,
    }
    record["unit"] = "seats: chance of winning the match; expected_rounds: rounds a match"
    record["seats"] = [
        {"seat": s} | estimate_record(e) for s, e in enumerate(matches.seats, start=1)
    ]
    record["expected_rounds"] = estimate_record(matches.expected_rounds)
    return record, matches.interrupted


def session_record(args, rules, run, players: int, rounds: int) -> tuple[dict, bool]:
    """``simulate --what session`` of pots: each seat's net chips after the session."""
    from pokerdice_stats.games.seen.simulation.pots import simulate_pots
    from pokerdice_stats.turn.unread_keys import refuse_unread

    refuse_unread(rules, ("target",), "a session of pots", "rounds for an ante, not a match")
    ante = args.ante or DEFAULT_ANTE
    pots = simulate_pots(rules, players, rounds, ante, run=run)
    record: dict = {
        "players": players,
        "rounds": rounds,
        "ante": ante,
        "quantity": "net chips after the session",
        "unit": "chips",
        "n": pots.n,
        "seed": pots.seed,
    }
    record["seats"] = [{"seat": s} | estimate_record(e) for s, e in enumerate(pots.seats, start=1)]
    return record, pots.interrupted
