"""``pokerdice-stats bidding``: 003's bidding for two (variation 8), solved."""

from __future__ import annotations

import argparse

from pokerdice_stats.engines.cli import add_format_arg, add_rules_args, rules_from_args
from pokerdice_stats.games.bidding.command.output import (
    position_output,
    summary_output,
    without_noise,
)

DESCRIPTION = (
    "Seed 003, variation 8: each player throws five dice once behind a screen; seat 1 bids "
    "first, bids alternate, each names a higher rung of the ladder and claims the best five of "
    "all ten dice make at least it; instead of bidding a player calls (the bidder wins if the "
    "claim holds, else the caller); the top rung must be called. Solved as a zero-sum game: "
    "value is seat 1's expected result (units won per game, +1 win / -1 loss), exploitability "
    "the gap between the two seats' best responses to the solution (the value lies within it; "
    "on the fine ladder measured in the full game, every rung open to the responder: by "
    "default the solution on the ladder's claims, which answers every rung; with --solver "
    "program the abstraction, reading bids through --translation); "
    "bid_odds: given your own five dice, the chance the ten dice make at least each rung."
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "bidding",
        help="003's bidding for two: the solved game, and the odds of each bid given your dice",
        description=DESCRIPTION,
    )
    add_rules_args(parser, default="classic")
    parser.add_argument(
        "--ladder",
        default="category",
        choices=("category", "fine"),
        help="category: the rule set's categories; fine: category and face of its main set "
        "(solved on a stated abstraction)",
    )
    parser.add_argument(
        "--solver",
        default=None,
        choices=("program", "claims"),
        help="claims (the fine ladder's default): the game on its distinct claims solved by "
        "discounted CFR (--iterations of it), every rung answered with no translation; "
        "program (the category ladder's default): the sequence-form linear program, exact on "
        "the category ladder, on the fine ladder its stated abstraction (kept rungs, other "
        "bids read through --translation)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="N",
        help="--solver claims: discounted-CFR iterations, a multiple of 50 up to 1000 (default "
        "50: on the classic fine ladder about 13 s cold and an exploitability of 0.20; 100: "
        "about 41 s and 0.100); the solve is kept in the cache folder",
    )
    parser.add_argument(
        "--translation",
        default=None,
        choices=("down", "up", "nearest"),
        help="--solver program on the fine ladder: how the abstraction reads a bid off its "
        "kept rungs when its "
        "exploitability is measured in the full game: down (default; the highest kept rung at "
        "or below), up (the lowest at or above), nearest (by rung; a tie goes down)",
    )
    parser.add_argument(
        "--hand",
        default=None,
        metavar="DICE",
        help="give the odds and the equilibrium's opening for this own hand only",
    )
    parser.add_argument(
        "--bids",
        default=None,
        metavar="BIDS",
        help="with --hand: the bids so far, oldest first, comma separated (empty: the opening; "
        "the seat to move follows from their number); gives the solution's mix over call and "
        "every legal bid, each alternative's value and the chance the ten dice make the last bid",
    )
    parser.add_argument(
        "--player",
        dest="players",
        action="append",
        default=None,
        metavar="P",
        help="what a simple player loses against the solution: always-call, truthful, "
        "call-from:RUNG (repeatable; default: always-call and truthful)",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="the whole answer: with it, the bid odds of every hand (a few thousand rows; "
        "without it, the odds of --hand DICE only); csv always writes them all",
    )
    add_format_arg(parser)
    parser.set_defaults(func=run_bidding)


def run_bidding(args: argparse.Namespace) -> int:
    if args.solver is None:
        args.solver = "claims" if args.ladder == "fine" else "program"
    if args.solver == "claims":  # before the abstraction's imports (the linear program's)
        from pokerdice_stats.games.bidding.command.claims import run_claims

        return run_claims(args, rules_from_args(args))
    from pokerdice_stats.games.bidding.exact.frames import odds_frame, opening_frame, summary
    from pokerdice_stats.games.bidding.exact.full_game import full_game_bounds
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.games.bidding.exact.players import habit_rule, player_losses
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.games.bidding.exact.translation import check_translation
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.turn.hands import hand_table

    if args.iterations is not None:
        raise OptionError("--iterations belongs to --solver claims")
    if args.translation is not None and args.ladder != "fine":
        raise OptionError("--translation belongs to --ladder fine (the category ladder is exact)")
    rules = rules_from_args(args)
    if args.bids is not None:
        return _run_position(args, rules)
    names = tuple(args.players) if args.players else ("always-call", "truthful")
    translation = args.translation or "down"
    check_translation(translation)
    # simple players play the full ladder (the fine solution reads their bids by the translation)
    full = bid_ladder(rules, args.ladder)
    for name in names:  # reject a bad player before the work
        habit_rule(full, name)
    table = hand_table(rules)
    own = None if args.hand is None else table.format(table.hand(args.hand))  # before the work
    result = solve_ladder(rules, args.ladder)
    odds = odds_frame(full)  # on the fine ladder: every rung, not just the kept ones
    if own is not None:
        odds = odds[odds["own_hand"] == own].reset_index(drop=True)
    if args.ladder == "fine":
        players = player_losses(result, names, full, translation)
    else:
        players = player_losses(result, names)
    opening = opening_frame(result)
    bounds = None
    if args.ladder == "fine":
        bounds = full_game_bounds(rules, translation)
    record = without_noise(summary(result, bounds))
    extra: list[dict[str, object]] = (
        [{"figure": "translation", "value": bounds.translation}] if bounds else []
    )
    return summary_output(args, record, odds, opening, players, own is not None, extra)


def _run_position(args: argparse.Namespace, rules) -> int:
    """``bidding --hand DICE --bids BIDS``: the answer at one position."""
    from pokerdice_stats.games.bidding.exact.full_game import full_game_bounds
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.games.bidding.exact.position import parse_bids, position_answer
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.turn.hands import hand_table

    if args.hand is None:
        raise OptionError("--bids needs --hand DICE (the five dice of the player to move)")
    if args.players:
        raise OptionError("--player does not go with --bids (one position is answered)")
    full = bid_ladder(rules, args.ladder)
    hand_table(rules).hand(args.hand)  # a bad hand or bid is refused before the solve
    parse_bids(full, args.bids)
    result = solve_ladder(rules, args.ladder)
    answer = position_answer(result, full, args.hand, args.bids)
    if args.ladder == "fine":
        gap = full_game_bounds(rules, "down").exploitability
        translation: str | None = "down"
    else:
        gap, translation = result.exploitability, None
    context = {"rules": rules.label(), "ladder": args.ladder}
    gap = float(without_noise({"exploitability": gap})["exploitability"])  # type: ignore[arg-type]
    return position_output(args, answer, context, translation, gap)
