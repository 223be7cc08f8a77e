"""Review a game of 003's bidding for two: each of your bids or your call, and its cost.

The game is your five dice, your seat and every move in order (each bid a rung of the
ladder, the call last). At each of your moves the answer of ``bidding --hand DICE
--bids BIDS`` (:func:`games.bidding.exact.position.position_answer`) gives the value
of every alternative: your expected result, in units a game (+1 win, -1 loss), when
you make it and both then play the solution (or, where the solution does not settle the
play, the game from that position re-solved: ``mix`` says which), the other's hand weighed by
the chance the solution's play gives each of its hands to make its bids so far. A move worth
less than the best alternative (beyond the solver's tolerance) lost value, and its
cost is the difference. The category ladder is solved exactly; the fine ladder on its
claims (:func:`games.bidding.exact.claims_position.claims_position`, every rung answered),
as ``bidding --ladder fine`` answers it.
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.games.bidding.exact.moves import best_move
from pokerdice_stats.ground import progress
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.web.answers import (
    BIDDING_SOLVE_SHARE,
    POSITION_WORDS,
    panel_rules,
    table_rules,
    with_left_out,
)
from pokerdice_stats.web.requests import BiddingReviewRequest
from pokerdice_stats.web.review_rows import decision_row, review_record

#: The word that ends a game.
CALL = "call"
#: The units of the review's figures.
UNITS = {
    "value": "units won per game for you, +1 win / -1 loss (both then playing the solution, "
    "or the game from that position re-solved where the solution does not settle the play)",
    "cost": "units a game your move lost against the best alternative",
    "chance": "chance the solution (or the re-solved game) makes that move with your hand "
    "at that point",
}


def bidding_review(request: BiddingReviewRequest) -> dict:
    """Every move of yours in a game of bidding for two, against the best alternative."""
    from pokerdice_stats.games.bidding.exact.claims_answer import DEFAULT_ITERATIONS, solve_claims
    from pokerdice_stats.games.bidding.exact.claims_position import claims_position
    from pokerdice_stats.games.bidding.exact.game import TOLERANCE
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder, check_bidding_rules
    from pokerdice_stats.games.bidding.exact.position import position_answer
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.turn.hands import hand_table

    asked = table_rules(request)
    rules = panel_rules("bidding", asked)
    check_bidding_rules(rules)
    ladder = bid_ladder(rules, request.ladder)
    table = hand_table(rules)
    hand = table.format(table.hand(request.hand))
    moves, yours = _read_moves(ladder, request.moves, request.seat)  # before the solve
    with progress.stage(0.0, BIDDING_SOLVE_SHARE, "solving the game"):
        if request.ladder == "fine":
            claims = solve_claims(rules, "fine", DEFAULT_ITERATIONS)
        else:
            result = solve_ladder(rules, request.ladder)
    decisions: list[dict[str, Any]] = []
    each = (1.0 - BIDDING_SOLVE_SHARE) / max(len(yours), 1)  # each move's share of the rest
    for done, (number, before, choice) in enumerate(yours):
        start = BIDDING_SOLVE_SHARE + done * each
        with progress.stage(start, start + each, f"{POSITION_WORDS}: your move {number}"):
            if request.ladder == "fine":
                answer = claims_position(claims, hand, list(before))
            else:
                answer = position_answer(result, hand, list(before))
        options = {m.move: m for m in answer.moves}
        chosen = options[choice]
        if chosen.value != chosen.value:  # NaN: no value (claims_position)
            raise OptionError(
                f"move {number} ({choice}) bids the last bid's claim again (the ten dice make "
                "both or neither), which the fine ladder's solution never meets: it has no "
                "value to review it by"
            )
        best = best_move(answer.moves)  # the first of equal values
        if best.value - chosen.value <= TOLERANCE:  # as good as the best: nothing lost
            best = chosen
        row = decision_row(
            "call or bid",
            {"value": chosen.value, "optimal": best is chosen},
            {"value": best.value, "optimal": True},
            choice,
            best.move,
            dice=hand,
        )
        row.update(move=number, bids=list(before), chance=chosen.chance,
                   best_chance=best.chance, beliefs=answer.beliefs)  # fmt: skip
        decisions.append(row)
    context = {
        "rules": rules.label(),
        "ladder": ladder.name,
        "solver": "claims" if request.ladder == "fine" else "program",
        "hand": hand,
        "seat": request.seat,
        "moves": moves,
        "unit": "units a game",
        "units": UNITS,
    }
    record = review_record(context, "bidding for two (003 variation 8)", decisions)
    return with_left_out(record, asked, rules)


def _read_moves(ladder, moves: list[str], seat: int) -> tuple[list[str], list[tuple]]:
    """The moves as the ladder names them, and yours: (move number, bids before, move).

    Raises
    ------
    OptionError
        For an unknown rung, bids that do not rise, a call that is not last (or first),
        or moves with no move of ``seat``.
    """
    shown: list[str] = []
    bids: list[int] = []
    yours = []
    for i, text in enumerate(moves):
        mover = 1 if i % 2 == 0 else 2
        if text.strip().lower() == CALL:
            if i == 0:
                raise OptionError("the opening move is a bid: nobody has bid yet to call")
            if i != len(moves) - 1:
                raise OptionError(f"move {i + 1} calls: the game ends there, leave out the rest")
            move = CALL
        else:
            rung = ladder.rung(text)
            if bids and rung <= bids[-1]:
                raise OptionError(
                    f"move {i + 1}: each bid must be higher than the last: "
                    f"{ladder.labels[rung]} after {ladder.labels[bids[-1]]}"
                )
            move = ladder.labels[rung]
        if mover == seat:
            yours.append((i + 1, tuple(ladder.labels[b] for b in bids), move))
        if move != CALL:
            bids.append(rung)
        shown.append(move)
    if not yours:
        raise OptionError(f"the moves hold no move of seat {seat} (seat 1 makes the first)")
    return shown, yours
