"""Review a turn of 001's betting round: the keeps, meeting a raise, checking or raising.

The values are chips still to come for your seat (:mod:`games.betting.exact.decisions`
through :func:`~pokerdice_stats.web.answers.betting_answer`, as ``betting --seat``
gives them): meet or fold when the best hand so far raised before your throw, every
keep of your throws, then check or raise with your final hand. Each choice that is not
the best is a decision that lost chips, and its cost says how many.
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.web.answers import betting_answer
from pokerdice_stats.web.requests import BettingRequest, ReviewRequest
from pokerdice_stats.web.review_rows import decision_row, review_record, turn_decisions

#: The keys of a betting answer that describe the table, not one decision.
CONTEXT_KEYS = ("rules", "players", "ante", "ante_exact", "raise", "raise_exact", "raises",
                "exact", "unit", "seat", "against")  # fmt: skip


def betting_review(request: ReviewRequest, rules: RuleSet) -> dict:
    """Every decision of a seat's turn in the betting round, with its cost in chips."""
    turn = request.betting
    assert turn is not None
    if turn.seat > turn.players:
        raise OptionError(f"--seat must be 1 to {turn.players}, got {turn.seat}")
    if turn.seat > 1 and request.against is None:
        raise OptionError(f"seat {turn.seat} needs the best hand so far (against)")
    if turn.raises_made is not None and not request.steps:
        raise OptionError("check or raise comes after the final hand: give your throws")
    base = {
        **request.model_dump(include={"rules", "set", "rules_text"}),
        **turn.model_dump(include={"players", "seat", "ante", "raise_size", "raises", "exact"}),
        "against": request.against,
    }
    decisions: list[dict[str, Any]] = []
    answer: dict = {}
    if turn.met is not None:
        answer = betting_answer(BettingRequest(**base, raised=1))
        meet = {"value": answer["meet_value"], "value_exact": answer.get("meet_value_exact"),
                "optimal": answer["decision"] == "meet"}  # fmt: skip
        fold = {"value": answer["fold_value"], "value_exact": answer.get("fold_value_exact"),
                "optimal": answer["decision"] == "fold"}  # fmt: skip
        chosen, best = (meet, fold) if turn.met else (fold, meet)
        if answer["decision"] == ("meet" if turn.met else "fold"):
            best = chosen
        decisions.append(
            decision_row("meet or fold", chosen, best, "meet" if turn.met else "fold",
                         answer["decision"])
        )  # fmt: skip
        if not turn.met:
            if request.steps and any(step.keep for step in request.steps):
                raise OptionError("a seat that folds does not throw: leave out its throws")
            return review_record(_context(answer), "001 betting round", decisions)

    def advise(dice: str, left: int) -> dict:
        return betting_answer(BettingRequest(**base, pot=turn.pot, dice=dice, throws_left=left))

    keeps, hold_answer = turn_decisions(request, rules, rules.throws, advise)
    decisions.extend(keeps)
    answer = answer or hold_answer
    if turn.raises_made is not None:
        last = keeps[-1] if keeps else None
        if (
            last is not None
            and last["throw"] == len(request.steps)
            and last["choice"] != last["dice"]
        ):
            raise OptionError("check or raise comes after the final hand: give the last throw")
        final = request.steps[-1].dice
        lead = betting_answer(BettingRequest(**base, pot=turn.pot, hand=final))
        answer = answer or lead
        if lead["decision"] == "out":
            raise OptionError(f"{final} does not beat the best hand: there is no raise to make")
        options = {o["raises"]: o for o in lead["options"]}
        if turn.raises_made not in options:
            raise OptionError(f"raises_made must be 0 to {max(options)}, got {turn.raises_made}")
        for o in lead["options"]:
            o["optimal"] = o["raises"] == lead["chosen_raises"]
        decisions.append(
            decision_row("check or raise", options[turn.raises_made],
                         options[lead["chosen_raises"]], _raise_text(turn.raises_made),
                         _raise_text(lead["chosen_raises"]), dice=lead["hand"])
        )  # fmt: skip
    return review_record(_context(answer), "001 betting round", decisions)


def _context(answer: dict) -> dict:
    return {key: answer[key] for key in CONTEXT_KEYS if key in answer}


def _raise_text(raises: int) -> str:
    return "check" if raises == 0 else f"raise {raises}"
