"""Review a seat's stake decisions in 001's round as written: the ante named, entering.

001 as written (``betting --ante-max A --raise-max M``, :mod:`games.betting.exact.table`):
seat 1 names an ante of 1 to ``ante_max`` chips; each later seat, seeing who is in,
meets it or sits the round out. The review prices the seat's choice against the
solved one, in chips (a round's expected net chips: nothing has been put in yet),
with the figures of ``betting --ante-max A --raise-max M --seat K [--in SEATS]``:

- seat 1: the ante named (``ante_named``) against the best ante (each ante's value
  is seat 1's, the later seats entering as solved);
- a later seat: meeting the ante or sitting out (``entered``), the seats in before
  it given (``seats_in``, default: as solved); sitting out is worth 0.

After entry the seats in play the round at that ante; the turn's throws, meeting a
raise and checking or raising are reviewed with the round's own figures
(:func:`~pokerdice_stats.games.betting.exact.table_decisions.hold_decision`,
``meet_decision``, ``raise_decision``), the round's seats being those in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.web.requests import BettingTurn, ReviewRequest
from pokerdice_stats.web.review_rows import decision_row, review_record, turn_decisions

#: The keys of the table's context kept in the review (as the command line writes them).
CONTEXT_KEYS = ("rules", "players", "ante_min", "ante_max", "raise", "raise_max", "sit_out",
                "exact", "unit")  # fmt: skip


def is_table(turn: BettingTurn) -> bool:
    """Whether the review is of 001's round as written (an ante named, entry, raise sizes)."""
    return turn.ante_max is not None or turn.raise_max is not None


def table_review(request: ReviewRequest, rules: RuleSet) -> dict:
    """Every decision of a seat in 001's round as written, with its cost in chips."""
    from pokerdice_stats.games.betting.command.seats import parse_seats
    from pokerdice_stats.games.betting.exact import table_decisions as decide

    turn = request.betting
    assert turn is not None
    _refuse_unread(turn)
    table = _solve(turn, rules)
    if turn.seat > table.players:
        raise OptionError(f"--seat must be 1 to {table.players}, got {turn.seat}")
    decisions: list[dict[str, Any]] = []
    if turn.seat == 1:
        if turn.entered is not None or turn.seats_in is not None:
            raise OptionError("seat 1 names the ante: leave out entered and seats_in")
        named = None if turn.ante_named is None else _fraction(turn.ante_named, "ante_named")
        ante = table.ante if named is None else table.option(named).ante
        members = tuple(table.option(ante).seats_in)
        if turn.ante_named is not None:
            decisions.append(_ante_row(decide.ante_decision(table), ante))
    else:
        if turn.ante_named is not None:
            raise OptionError("ante_named is seat 1's decision: give the ante named as ante")
        ante = table.option(_fraction(turn.ante, "ante")).ante  # the ante seat 1 named
        before = None if turn.seats_in is None else parse_seats(turn.seats_in, "seats_in")
        entry = decide.entry_decision(table, turn.seat, before, ante=ante)
        entered = turn.entered if turn.entered is not None else entry["decision"] == "meet"
        members = tuple(entry["then_in"]) if entered else ()
        if turn.entered is not None:
            decisions.append(_entry_row(entry, turn.entered))
    in_round = bool(request.steps) or turn.met is not None or turn.raises_made is not None
    if in_round:
        if turn.seat not in members or len(members) < 2:
            raise OptionError(
                f"seat {turn.seat} is not in a round at ante {ante} (seats in: "
                f"{','.join(map(str, members)) or 'none'}): leave out the turn's throws"
            )
        decisions.extend(_round_rows(request, rules, table, members, ante))
    context = _figures({k: v for k, v in table.context().items() if k in CONTEXT_KEYS})
    where = {"seat": turn.seat, **_figures({"ante": ante}), "seats_in": list(members)}
    return review_record({**context, **where}, "001 round as written (ante named, entry)",
                         decisions)  # fmt: skip


def _refuse_unread(turn: BettingTurn) -> None:
    """Refuse a field this review would not read (never answer as if it were honoured):
    under ``raise_max`` a raise is 1 to it chips (no ``raise_size`` or ``raises``); seat 1
    names the ante (``ante_named``, not ``ante``)."""
    given = turn.model_fields_set
    fixed = {"raise_size"} if turn.raise_size is not None else set()
    fixed |= given & {"raises"}
    if turn.raise_max is not None and fixed:
        raise OptionError(
            "with raise_max, a raise is 1 to raise_max chips, one a turn: leave out "
            + " and ".join(sorted(fixed))
        )
    if turn.ante_max is not None and turn.seat == 1 and "ante" in given:
        raise OptionError("with ante_max, seat 1 names the ante: give it as ante_named, not ante")


def _solve(turn: BettingTurn, rules: RuleSet):
    from pokerdice_stats.games.betting.exact.table import solve_table

    return solve_table(
        rules,
        turn.players,
        ante_max=turn.ante_max,
        ante=None if turn.ante_max is not None else turn.ante,
        raise_max=turn.raise_max,
        raise_size=None if turn.raise_max is not None else turn.raise_size,
        raises=None if turn.raise_max is not None else turn.raises,
        sit_out=turn.sit_out,
        exact=None if turn.exact == "auto" else turn.exact == "always",
    )


def _figures(record: dict) -> dict:
    """Numbers as the command line writes them: a float, and ``NAME_exact`` when exact."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        if isinstance(value, (Fraction, float)) and not isinstance(value, bool):
            out[key] = float(value)
            out[f"{key}_exact"] = value if isinstance(value, Fraction) else None
        else:
            out[key] = value
    return out


def _row(value) -> dict:
    return {"value": float(value), "value_exact": value if isinstance(value, Fraction) else None}


def _ante_row(record: dict, named: Fraction) -> dict:
    """Seat 1's ante against the best ante (``betting --ante-max A --seat 1``)."""
    options = {option["ante"]: option for option in record["options"]}
    chosen = {**_row(options[named]["value"]), "optimal": named == record["ante"]}
    best = {**_row(options[record["ante"]]["value"]), "optimal": True}
    return decision_row("ante", chosen, chosen if chosen["optimal"] else best,
                        f"ante {_chips(named)}", f"ante {_chips(record['ante'])}")  # fmt: skip


def _entry_row(record: dict, entered: bool) -> dict:
    """Meet the ante or sit out (``betting --ante-max A --seat K --in SEATS``)."""
    meet = {**_row(record["meet_value"]), "optimal": record["decision"] == "meet"}
    out = {**_row(record["sit_out_value"]), "optimal": record["decision"] == "sit out"}
    chosen, other = (meet, out) if entered else (out, meet)
    return decision_row("meet the ante or sit out", chosen,
                        chosen if chosen["optimal"] else other,
                        "meet" if entered else "sit out", record["decision"])  # fmt: skip


def _round_rows(request: ReviewRequest, rules: RuleSet, table, members, ante) -> list[dict]:
    """Meeting a raise, the keeps and checking or raising, in the round of the seats in."""
    from pokerdice_stats.games.betting.exact import table_decisions as decide

    turn = request.betting
    assert turn is not None
    if turn.seat > 1 and request.against is None:
        raise OptionError(f"seat {turn.seat} needs the best hand so far (against)")
    where = {"seats_in": members, "ante": ante, "against": request.against}
    rows: list[dict[str, Any]] = []
    if turn.met is not None:
        raised = table.raise_size if turn.raised is None else _fraction(turn.raised, "raised")
        record = decide.meet_decision(table, turn.seat, request.against, raised=raised,
                                      seats_in=members, ante=ante)  # fmt: skip
        meet = {**_row(record["meet_value"]), "optimal": record["decision"] == "meet"}
        fold = {**_row(record["fold_value"]), "optimal": record["decision"] == "fold"}
        chosen, other = (meet, fold) if turn.met else (fold, meet)
        rows.append(decision_row("meet or fold", chosen, chosen if chosen["optimal"] else other,
                                 "meet" if turn.met else "fold", record["decision"]))  # fmt: skip
        if not turn.met:
            if any(step.keep for step in request.steps):
                raise OptionError("a seat that folds does not throw: leave out its throws")
            return rows

    def advise(dice: str, left: int) -> dict:
        _, frame = decide.hold_decision(table, turn.seat, dice, left, **where)
        holds = []
        for row in frame.to_dict(orient="records"):
            value = row["value"] if table.exact else row["value_float"]
            holds.append({"keep": row["keep"], "rethrow": int(row["rethrow"]),
                          **_row(value), "optimal": bool(row["optimal"])})  # fmt: skip
        return {"holds": holds}

    if request.steps:
        keeps, _ = turn_decisions(request, rules, rules.throws, advise)
        rows.extend(keeps)
    if turn.raises_made is not None:
        if not request.steps:
            raise OptionError("check or raise comes after the final hand: give your throws")
        final = request.steps[-1].dice
        lead = decide.raise_decision(table, turn.seat, final, **where)
        if lead["decision"] == "out":
            raise OptionError(f"{final} does not beat the best hand: there is no raise to make")
        options = {option["raise"]: option for option in lead["options"]}
        made = Fraction(turn.raises_made)  # chips here: a raise of 1 to raise_max chips
        if made not in options:
            sizes = ", ".join(_chips(r) for r in options)
            raise OptionError(f"raises_made (chips raised, 0: check) must be one of {sizes}")
        chosen = {**_row(options[made]["value"]), "optimal": made == lead["chosen_raise"]}
        best = {**_row(options[lead["chosen_raise"]]["value"]), "optimal": True}
        rows.append(decision_row("check or raise", chosen, chosen if chosen["optimal"] else best,
                                 _raise_text(made), _raise_text(lead["chosen_raise"]),
                                 dice=lead["hand"]))  # fmt: skip
    return rows


def _fraction(text: str, name: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"{name} is a number of chips (1, 1/2, 0.25), got {text!r}") from None


def _chips(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def _raise_text(chips) -> str:
    return "check" if chips == 0 else f"raise {_chips(chips)}"
