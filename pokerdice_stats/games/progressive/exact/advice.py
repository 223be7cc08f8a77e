"""What to hold in the progressive game (004): every hold with its expected payout.

:func:`progressive_advice`: the player's hold against a known computer hand, or the
optimal computer's own hold (its goal: minus the player's optimal answer), values in
points per round, in the shape of every hold advice
(:class:`~pokerdice_stats.turn.advice.HoldAdvice`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, option
from pokerdice_stats.turn.advice import UNIT_POINTS, HoldAdvice, check_throws_left
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    from pokerdice_stats.games.progressive.exact.schedule import PayoutSchedule

#: Sides of the progressive game whose hold can be asked for.
PROGRESSIVE_SIDES = ("player", "computer")


def progressive_advice(
    rules: RuleSet,
    dice: str | int,
    throws_left: int | None = None,
    *,
    computer_hand: str | int | None = None,
    side: str = "player",
    schedule: PayoutSchedule | None = None,
) -> HoldAdvice:
    """Every hold of ``dice`` in the progressive game, in points per round.

    ``side="player"`` with the computer's final hand: the player's best
    expected payout for each hold
    (:func:`~pokerdice_stats.games.progressive.exact.payout.player_response`).
    ``side="computer"``: the optimal computer's hold, its values the
    computer's expected payout (minus the player's) when the player answers
    optimally (:func:`~pokerdice_stats.games.progressive.exact.payout.optimal_computer`).
    Under ``knowledge=blind`` (nobody sees a hand) these holds are not the game's: refused.

    Parameters
    ----------
    rules : RuleSet
        The progressive rules: ``knowledge=seen``, ``ties=push``, ``tiebreak=category``
        and ``throw_limit=none`` (e.g. ``get_rules("progressive")``).
    dice : str or int
        The hand just thrown, as dice text or a hand index (0..251).
    throws_left : int, optional
        Throws still to come after this one, 0 to ``rules.throws - 1`` (default:
        ``rules.throws - 1``, the hand is the turn's first throw).
    computer_hand : str or int, optional
        The computer's final hand, which the player sees: required with
        ``side="player"``, refused with ``side="computer"``.
    side : {"player", "computer"}, default "player"
        Whose hold is asked for.
    schedule : PayoutSchedule, optional
        The payout schedule (default: :data:`PROGRESSIVE_SCHEDULE`).

    Returns
    -------
    HoldAdvice
        Every hold, best first, its value the side's expected payout in points per
        round (exact Fractions).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown ``side``, rules other than the progressive game's (a throw limit,
        other ties or tiebreak, ``knowledge`` other than ``seen``), a missing or
        unwanted ``computer_hand``, or ``throws_left`` outside 0 to ``rules.throws - 1``.
    ScheduleError
        If ``schedule`` is not a :class:`PayoutSchedule` or does not fit the rules.
    DiceError
        For a hand (``dice`` or ``computer_hand``) that cannot be read.
    """
    from pokerdice_stats.engines.blind import require_independent_turns
    from pokerdice_stats.games.progressive.exact.payout import (
        check_payout_rules,
        optimal_computer,
        player_response,
    )
    from pokerdice_stats.games.progressive.exact.schedule import (
        PROGRESSIVE_SCHEDULE,
        integer_payout,
    )

    if side not in PROGRESSIVE_SIDES:
        raise OptionError(f"unknown side {side!r}; choose one of: " + ", ".join(PROGRESSIVE_SIDES))
    require_independent_turns(rules, "the progressive payout")
    check_payout_rules(rules)
    if rules.knowledge != "seen":
        raise OptionError(
            "these holds are the seen game's (004: the player sees the computer's final hand, "
            "and the computer plays against that answer), but these rules say knowledge="
            f"{rules.knowledge}; under blind rules each side plays the blind equilibrium: "
            + either(
                "`payout --knowledge blind` (or `banking` for blind rounds)",
                "expected_payout(rules, knowledge='blind') (or solve_field for blind rounds)",
            )
        )
    schedule = PROGRESSIVE_SCHEDULE if schedule is None else schedule
    matrix, scale = integer_payout(rules, schedule)
    table = hand_table(rules)
    hand = table.hand(dice)
    left = check_throws_left(throws_left, rules.throws, f"with {rules.throws} throws a turn")
    response = player_response(rules, matrix)
    context: dict[str, Any] = {"side": side, "schedule": schedule.name}
    if side == "player":
        if computer_hand is None:
            raise OptionError(
                f"the player's hold needs {option('computer_hand')} (the computer's final hand)"
            )
        c = table.hand(computer_hand)
        policy, goal = response.policy, int(response.column[c])
        context["computer_hand"] = table.format(c)
        name = f"best expected payout against {table.format(c)}"
        factor = Fraction(1, scale)
    else:
        if computer_hand is not None:
            raise OptionError(
                f"{option('computer_hand')} is the player's information: not with "
                f"{option('side', flag='--as')} computer"
            )
        policy, _, _ = optimal_computer(rules, response)
        goal = 0
        name = "the computer's best expected payout (the player answering optimally)"
        factor = Fraction(1, scale)
    rows = policy.hold_rows(hand, left, goal)
    for row in rows:
        row["value"] = Fraction(row["value"]) * factor
        row["value_float"] = float(row["value"])
    return HoldAdvice(
        rules, hand, left, name, UNIT_POINTS, rows, True, context, policy, goal, None, factor
    )
