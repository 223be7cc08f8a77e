"""The rows of a reviewed turn: each decision's choice against the best, and its cost.

Shared by the reviews of every game (:mod:`~pokerdice_stats.web.review`,
:mod:`~pokerdice_stats.web.stakes_review`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.numbers import plural
from pokerdice_stats.turn.dice import format_counts, parse_keep
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.web.answers import plain
from pokerdice_stats.web.requests import ReviewRequest
from pokerdice_stats.web.review_state import TurnState

#: What the player writes for keeping every die, and for keeping none (as ``hold`` shows).
STAND, NONE = "stand", "(none)"


def turn_decisions(request: ReviewRequest, rules: RuleSet, throws: int, advise):
    """The keep decisions of the turn's throws, and the last hold answer (its context).

    ``advise(dice, throws_left, **state)`` gives a hold answer (rows ``holds`` with
    ``keep``, ``rethrow``, ``value``, ``value_exact`` when exact, ``optimal``), best first;
    ``state`` is the dice the turn's state carries besides the hand, as the hold request's
    field (``aside`` under sticky holds, ``untouched`` under a turn-scoped rethrow limit;
    nothing for the hand alone), derived from the keeps before
    (:class:`~pokerdice_stats.web.review_state.TurnState`), which also refuses a keep the
    rules do not allow.  Every throw is checked before the first is advised, so a bad
    turn is refused at once, never after a long solve.
    """
    table = hand_table(rules)
    decisions: list[dict[str, Any]] = []
    answer: dict = {}
    for number, hand, left, keep, carried in _checked_steps(request, rules, throws):
        answer = advise(request.steps[number - 1].dice, left, **carried)
        rows = {row["keep"]: row for row in answer["holds"]}
        if keep not in rows:
            raise OptionError(
                f"throw {number}: keeping {request.steps[number - 1].keep!r} is not a hold "
                f"the rules allow with {table.format(hand)} and {plural(left, 'throw')} left"
            )
        chosen, best = rows[keep], answer["holds"][0]
        decisions.append(
            decision_row(
                "keep", chosen, best, keep or NONE, best["keep"] or NONE,
                throw=number, dice=table.format(hand), throws_left=left, **carried,
            )
        )  # fmt: skip
    return decisions, answer


def _checked_steps(request: ReviewRequest, rules: RuleSet, throws: int) -> list[tuple]:
    """Each throw with a keep: (number, hand, throws left, keep text, state fields), after
    every check that needs no advice (the dice, the keep, the rules' limits)."""
    table = hand_table(rules)
    state = TurnState(rules)
    if len(request.steps) > throws:
        raise OptionError(f"a turn has at most {throws} throws here, got {len(request.steps)}")
    steps = []
    kept_counts = None
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
        keep = _keep_text(step.keep, hand, rules)
        keep_index = parse_keep(keep, rules) if keep else ix.EMPTY_KEEP
        if (ix.KEEP_COUNTS[keep_index] > counts).any():
            raise OptionError(
                f"throw {number}: keeping {step.keep!r} is not a hold the rules allow with "
                f"{table.format(hand)} and {plural(left, 'throw')} left (those dice are not all "
                "showing)"
            )
        state.check(number, keep_index, hand)
        steps.append((number, hand, left, keep, state.fields()))
        if ix.KEEP_COUNTS[keep_index].sum() == ix.N_DICE and number < len(request.steps):
            raise OptionError(f"throw {number}: keeping every die ends the turn")
        kept_counts = ix.KEEP_COUNTS[keep_index] if keep else None
        state.keep(keep_index, hand)
    return steps


def decision_row(
    kind: str, chosen: dict, best: dict, choice: str, best_choice: str, **where: Any
) -> dict[str, Any]:
    """One reviewed decision: the choice made and the best, their values and the cost.

    ``chosen`` and ``best`` are rows of an answer (``value``, ``value_exact`` when exact,
    ``optimal``); ``where`` says where the decision fell (throw, dice, throws left, and
    the dice set aside or never thrown again before it, ``aside``/``untouched``). A
    choice lost value when it is not optimal and worth less than the best.
    """
    cost = _number(best) - _number(chosen)
    return {
        "decision": kind,
        "throw": where.get("throw"),
        "dice": where.get("dice"),
        "throws_left": where.get("throws_left"),
        "aside": where.get("aside"),
        "untouched": where.get("untouched"),
        "choice": choice,
        "value": float(_number(chosen)),
        "value_exact": _exact(chosen),
        "best_choice": best_choice,
        "best_value": float(_number(best)),
        "best_value_exact": _exact(best),
        "lost": not chosen["optimal"] and cost > 0,  # an equal choice lost nothing
        "cost": float(cost),
        "cost_exact": cost if isinstance(cost, Fraction) else None,
    }


def review_record(context: dict, game: str, decisions: list[dict[str, Any]]) -> dict:
    """The review's JSON object: the context (the game's answers'), then the decisions."""
    if not decisions:
        raise OptionError("the turn has no decision: give the dice kept after a throw")
    costs = [
        Fraction(d["cost_exact"]) if d["cost_exact"] is not None else d["cost"] for d in decisions
    ]
    total = (
        sum(costs, Fraction(0))
        if all(isinstance(c, Fraction) for c in costs)
        else sum(float(c) for c in costs)
    )
    record = {
        **context,
        "game": game,
        "decisions": decisions,
        "lost_decisions": sum(1 for d in decisions if d["lost"]),
        "total_cost": float(total),
        "total_cost_exact": total if isinstance(total, Fraction) else None,
    }
    return plain(record)


def _keep_text(text: str, hand: int, rules: RuleSet) -> str:
    """The keep as the hold rows write it (``""``: none; the whole hand: stand)."""
    word = text.strip().lower()
    if word in (STAND, "all"):
        return format_counts(ix.KEEP_COUNTS[ix.HAND_KEEP[hand]], rules)
    if word in (NONE, "none", "", "-"):
        return ""
    return format_counts(ix.KEEP_COUNTS[parse_keep(text, rules)], rules)


def _number(row: dict) -> Fraction | float:
    """A row's value, exact when the answer has it (``"p/q"`` text or a Fraction)."""
    exact = row.get("value_exact")
    if isinstance(exact, Fraction):
        return exact
    return Fraction(exact) if isinstance(exact, str) else float(row["value"])


def _exact(row: dict) -> Fraction | None:
    exact = row.get("value_exact")
    if isinstance(exact, str):
        return Fraction(exact)
    return exact if isinstance(exact, Fraction) else None
