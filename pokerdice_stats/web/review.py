"""Review a played turn: each keep against the best hold, and what each mistake cost.

A turn is its throws in order, each with the dice showing and the dice kept. Every
keep is looked up among the holds the coach advises for that position (the answers of
:mod:`~pokerdice_stats.web.answers`, so the command line's values): a keep that is not
optimal lost value, and its cost is the best hold's value minus its own, in the unit of
the game (chance of winning the round, points per round, share of the pot).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts, parse_keep
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind
from pokerdice_stats.web.answers import (
    banking_answer,
    hold_answer,
    plain,
    table_rules,
)
from pokerdice_stats.web.requests import BankingRequest, HoldRequest, ReviewRequest

#: What the player writes for keeping every die, and for keeping none (as ``hold`` shows).
STAND, NONE = "stand", "(none)"
#: Keys of the last hold answer that describe one position, not the turn.
CONTEXT_LEFT_OUT = ("holds", "hand", "category", "throws_left", "goal_default")


def review_answer(request: ReviewRequest) -> dict:
    """Every decision of a played turn with its value, the best value and the cost."""
    rules = table_rules(request)
    if state_kind(rules) != "hand":
        raise OptionError(
            "the review takes turns whose state is the hand (no sticky holds, no turn-scoped "
            "rethrow limit)"
        )
    game, advise = _adviser(request, rules)
    table = hand_table(rules)
    throws = rules.throws if request.limit is None else request.limit
    if len(request.steps) > throws:
        raise OptionError(f"a turn has at most {throws} throws here, got {len(request.steps)}")
    decisions: list[dict[str, Any]] = []
    costs: list[Fraction | float] = []
    kept_counts = None
    answer: dict = {}
    for number, step in enumerate(request.steps, start=1):
        hand = table.hand(step.dice)
        counts = ix.HAND_COUNTS[hand]
        if kept_counts is not None and (kept_counts > counts).any():
            raise OptionError(
                f"throw {number} ({table.format(hand)}) does not show the dice kept before "
                f"({format_counts(kept_counts, rules)})"
            )
        left = throws - number
        if step.keep is None:
            if number < len(request.steps):
                raise OptionError(f"throw {number}: name the dice kept (or stand)")
            continue
        answer = advise(step.dice, left)
        keep = _keep_text(step.keep, hand, rules)
        rows = {row["keep"]: row for row in answer["holds"]}
        if keep not in rows:
            raise OptionError(
                f"throw {number}: keeping {step.keep!r} is not a hold the rules allow with "
                f"{table.format(hand)} and {left} throw(s) left"
            )
        chosen, best = rows[keep], answer["holds"][0]
        cost = _number(best) - _number(chosen)
        costs.append(cost)
        decisions.append(
            {
                "throw": number,
                "dice": table.format(hand),
                "throws_left": left,
                "keep": keep or NONE,
                "value": float(_number(chosen)),
                "value_exact": _exact(chosen),
                "best_keep": best["keep"] or NONE,
                "best_value": float(_number(best)),
                "best_value_exact": _exact(best),
                "lost": not chosen["optimal"],
                "cost": float(cost),
                "cost_exact": cost if isinstance(cost, Fraction) else None,
            }
        )
        if chosen["rethrow"] == 0 and number < len(request.steps):
            raise OptionError(f"throw {number}: keeping every die ends the turn")
        kept_counts = ix.KEEP_COUNTS[parse_keep(keep, rules)] if keep else None
    if not decisions:
        raise OptionError("the turn has no decision: give the dice kept after a throw")
    total = (
        sum(costs, Fraction(0))
        if all(isinstance(c, Fraction) for c in costs)
        else sum(float(c) for c in costs)
    )
    context = {k: v for k, v in answer.items() if k not in CONTEXT_LEFT_OUT}
    record = {
        **context,
        "game": game,
        "decisions": decisions,
        "lost_decisions": sum(1 for d in decisions if d["lost"]),
        "total_cost": float(total),
        "total_cost_exact": total if isinstance(total, Fraction) else None,
    }
    return plain(record)


def _adviser(request: ReviewRequest, rules: RuleSet):
    """The game the rules play and a function giving its hold answer for (dice, left)."""
    from pokerdice_stats.games.registry import game_for

    table = request.model_dump(include={"rules", "set", "rules_text"})
    if rules.knowledge == "blind":
        players = request.players or 2

        def banking(dice: str, left: int) -> dict:
            asked = BankingRequest(**table, players=players, dice=dice, throws_left=left)
            return banking_answer(asked)

        return "banking (004), blind", banking
    if request.computer_hand is not None:
        computer = request.computer_hand

        def progressive(dice: str, left: int) -> dict:
            asked = HoldRequest(**table, dice=dice, throws_left=left, computer_hand=computer)
            return hold_answer(asked)

        return "progressive (004), against the computer's hand", progressive
    if game_for(rules, "round").name != "seen":  # pragma: no cover - every rule set is one
        raise OptionError(f"no review for the rounds of {rules.label()}")
    position = request.model_dump(include={"against", "tied", "players_left", "limit"})

    def round_hold(dice: str, left: int) -> dict:
        asked = HoldRequest(**table, **position, dice=dice, throws_left=left, to_win=True)
        return hold_answer(asked)

    return "a round, later players seeing your hand", round_hold


def _keep_text(text: str, hand: int, rules: RuleSet) -> str:
    """The keep as the hold rows write it (``""``: none; the whole hand: stand)."""
    word = text.strip().lower()
    if word in (STAND, "all"):
        return format_counts(ix.KEEP_COUNTS[ix.HAND_KEEP[hand]], rules)
    if word in (NONE, "none", "", "-"):
        return ""
    return format_counts(ix.KEEP_COUNTS[parse_keep(text, rules)], rules)


def _number(row: dict) -> Fraction | float:
    """A hold row's value, exact when the answer has it."""
    exact = row.get("value_exact")
    return Fraction(exact) if isinstance(exact, str) else float(row["value"])


def _exact(row: dict) -> str | None:
    exact = row.get("value_exact")
    return exact if isinstance(exact, str) else None
