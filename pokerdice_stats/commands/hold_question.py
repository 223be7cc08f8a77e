"""Which question ``pokerdice-stats hold`` answers: a goal, the round, or the payout.

With ``--goal`` a final-hand goal; with ``--to-win`` (the default where a round is
played seen) the chance to win the round; with ``--computer-hand`` or ``--as`` the
progressive game's points (004, where a hold with no question is refused: the player's
hold is for points).  The page's hold panel asks through the same functions.
"""

from __future__ import annotations

import argparse

from pokerdice_stats.engines.cli import exact_choice
from pokerdice_stats.ground.errors import OptionError


def hold_advice(args: argparse.Namespace, rules):
    """The advice ``hold`` gives: a goal, the round (``--to-win``) or the progressive game."""
    from pokerdice_stats.games.progressive.exact.advice import progressive_advice
    from pokerdice_stats.games.seen.exact.advice import round_advice
    from pokerdice_stats.turn.advice import goal_advice

    win_options = [
        name
        for name in ("against", "tied", "players_left", "limit", "exact")
        if getattr(args, name) is not None
    ]
    progressive = args.computer_hand is not None or args.side is not None
    check_question(args, rules, progressive)
    args.goal_default = False
    if not args.to_win and wins_by_default(args, rules, progressive):
        # No goal named: the question a player has is which keep wins the round.
        args.to_win = args.goal_default = True
    if args.to_win and (args.goal is not None or progressive):
        raise OptionError("--to-win is a goal of its own: not with --goal, --computer-hand or --as")
    if win_options and not args.to_win:
        flag = f"--{win_options[0].replace('_', '-')}"
        if flag == "--exact":
            raise OptionError(
                "--exact needs --to-win (a goal's and the payout's values are always exact)"
            )
        raise OptionError(f"{flag} needs --to-win")
    if progressive and args.goal is not None:
        raise OptionError("--computer-hand and --as give the payout goal: not with --goal")
    extra = [("--aside", args.aside), ("--untouched", args.untouched)]
    if progressive:
        for flag, value in extra:
            if value is not None:
                raise OptionError(
                    f"{flag} applies with a --goal or --to-win (not with --computer-hand or --as)"
                )
    if args.to_win:
        return round_advice(
            rules,
            args.dice,
            args.throws_left,
            against=args.against,
            tied=1 if args.tied is None else args.tied,
            players_left=args.players_left,
            limit=args.limit,
            exact=None if args.exact is None else exact_choice(args.exact, rules),
            aside=args.aside,
            untouched=args.untouched,
        )
    if progressive:
        return progressive_advice(
            rules,
            args.dice,
            args.throws_left,
            computer_hand=args.computer_hand,
            side=args.side or "player",
        )
    return goal_advice(
        rules, args.dice, args.goal, args.throws_left, args.aside, untouched_text=args.untouched
    )


def check_question(args: argparse.Namespace, rules, progressive: bool) -> None:
    """Refuse ``hold`` with no question under the progressive game's rules (004), where
    the player's hold is for points and needs the computer's final hand.

    Raises
    ------
    OptionError
        With no goal, no ``--to-win`` and neither ``--computer-hand`` nor ``--as``.
    """
    from pokerdice_stats.games.registry import game_of

    if progressive or args.to_win or args.goal is not None:
        return
    if game_of(rules).name == "progressive":
        raise OptionError(
            f"under {rules.label()} rules (004) the player holds for points against the "
            "computer, whose final hand the player sees: give --computer-hand DICE (or --as "
            "computer for the computer's own hold); --goal G or --to-win asks another question"
        )


def wins_by_default(args: argparse.Namespace, rules, progressive: bool) -> bool:
    """Whether ``hold`` with no goal plays to win the round: with no goal or payout given,
    where :func:`_goal_default_reason` gives no reason to play for the best category."""
    if args.goal is not None or progressive:
        return False
    return goal_default_reason(args, rules) is None


def goal_default_reason(args: argparse.Namespace, rules) -> str | None:
    """Why ``hold`` with no goal plays for at least the best category under ``rules``, or
    None where it plays to win the round instead."""
    from pokerdice_stats.games.registry import game_for
    from pokerdice_stats.turn.states import state_kind

    if game_for(rules, "round").name != "seen":
        return "under blind rules a round's holds are its equilibrium's, see `banking --dice DICE`"
    # the default stays the goal where a turn carries more than its hand (--to-win takes it)
    for flag, value in (("--aside", args.aside), ("--untouched", args.untouched)):
        if value is not None:
            return f"{flag} is given, so the round is played only when asked: --to-win"
    kind = state_kind(rules)
    if kind == "original":
        return (
            "under a turn-scoped max_rethrow a turn's holds depend on the first throw's dice, "
            "so the round is played only when asked: --to-win, with --untouched"
        )
    if kind == "aside":
        return (
            "under sticky_holds=true a turn's holds depend on the dice set aside, so the "
            "round is played only when asked: --to-win, with --aside"
        )
    return None
