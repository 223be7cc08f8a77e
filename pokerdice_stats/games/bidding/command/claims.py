"""``bidding --solver claims``: the game solved on its claims, every rung answered.

The summary (bounds and exploitability, no translation), what simple players get and
leave against it, seat 1's opening by own rung, the bid odds; with ``--bids``, the
answer at one position
(:func:`~pokerdice_stats.games.bidding.exact.claims_position.claims_position`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
    from pokerdice_stats.turn.rules import RuleSet

__all__ = ["claims_summary", "run_claims"]


def claims_summary(result: ClaimsBidding) -> dict[str, object]:
    """The headline figures of a solution on claims, with their context."""
    from pokerdice_stats.games.bidding.exact.moves import UNITS

    return {
        "rules": result.rules.label(),
        "settings": result.rules.setting_values(),
        "ladder": result.ladder.name,
        "solver": "claims",
        "rungs": list(result.ladder.labels),
        "claims": len(result.tops),
        "unit": UNITS,
        "value_lower": result.lower,
        "value_upper": result.upper,
        "exploitability": result.exploitability,
        "iterations": result.iterations,
        "histories": len(result.histories),
    }


def run_claims(args: argparse.Namespace, rules: RuleSet) -> int:
    """``bidding --solver claims [--hand DICE [--bids BIDS]]``."""
    from pokerdice_stats.games.bidding.exact.claims_answer import (
        DEFAULT_ITERATIONS,
        check_iterations,
        solve_claims,
    )
    from pokerdice_stats.games.bidding.exact.habits import habit_rule
    from pokerdice_stats.games.bidding.exact.moves import parse_bids
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.turn.hands import hand_table

    iterations = check_iterations(
        DEFAULT_ITERATIONS if args.iterations is None else args.iterations
    )
    full = bid_ladder(rules, args.ladder)
    names = tuple(args.players) if args.players else ("always-call", "truthful")
    for name in names:  # reject a bad player before the work
        habit_rule(full, name)
    table = hand_table(rules)
    own = None if args.hand is None else table.format(table.hand(args.hand))  # before the work
    if args.bids is not None:
        if own is None:
            raise OptionError("--bids needs --hand DICE (the five dice of the player to move)")
        if args.players:
            raise OptionError("--player does not go with --bids (one position is answered)")
        parse_bids(full, args.bids)  # a bad bid is refused before the solve
        return _position(args, solve_claims(rules, args.ladder, iterations))
    result = solve_claims(rules, args.ladder, iterations)
    from pokerdice_stats.games.bidding.command.output import summary_output
    from pokerdice_stats.games.bidding.exact.claims_players import claims_player_losses
    from pokerdice_stats.games.bidding.exact.claims_position import claims_opening_frame
    from pokerdice_stats.games.bidding.exact.frames import odds_frame

    record = claims_summary(result)
    odds = odds_frame(full)
    if own is not None:
        odds = odds[odds["own_hand"] == own].reset_index(drop=True)
    opening = claims_opening_frame(result)
    players = claims_player_losses(result, names)
    return summary_output(args, record, odds, opening, players, own is not None)


def _position(args: argparse.Namespace, result: ClaimsBidding) -> int:
    from pokerdice_stats.games.bidding.command.output import position_output
    from pokerdice_stats.games.bidding.exact.claims_position import claims_position

    answer = claims_position(result, args.hand, args.bids)
    context: dict[str, object] = {
        "rules": result.rules.label(),
        "ladder": result.ladder.name,
        "solver": "claims",
        "iterations": result.iterations,
    }
    gap = None
    if answer.mix == "re-solved":  # the game from here, solved again: its own gap
        from pokerdice_stats.games.bidding.exact.claims_resolve import resolve_claims

        history = result.claim_history(result.ladder, answer.bids)
        game = resolve_claims(result, history)  # (kept in the process since the answer)
        # both seats' best-response gains in the game from the position, units a game
        gap = game.upper - game.lower
    return position_output(args, answer, context, result.exploitability, gap)
