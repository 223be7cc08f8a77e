"""Review a played turn: each keep against the best hold, and what each mistake cost.

A turn is its throws in order, each with the dice showing and the dice kept. Every
keep is looked up among the holds the coach advises for that position (the answers of
:mod:`~pokerdice_stats.web.answers`, so the command line's values): a keep that is not
optimal lost value, and its cost is the best hold's value minus its own, in the unit of
the game (chance of winning the round, points per round, share of the pot; chips in
001's betting round, :mod:`~pokerdice_stats.web.stakes_review`).

Under sticky holds or a turn-scoped rethrow limit the state after each throw carries the
dice set aside or the first throw's dice never thrown again; the review derives it from
the keeps before (:mod:`~pokerdice_stats.web.review_state`), refuses a keep the rules do
not allow, and prices each keep as ``hold --to-win --aside/--untouched`` does (rounds where
later players see your hand: the advice view's only game with such states).
"""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind
from pokerdice_stats.web.answers import banking_answer, hold_answer, table_rules
from pokerdice_stats.web.requests import BankingRequest, HoldRequest, ReviewRequest
from pokerdice_stats.web.review_rows import review_record, turn_decisions
from pokerdice_stats.web.stakes_review import betting_review
from pokerdice_stats.web.table_review import is_table, table_review

#: Keys of the last hold answer that describe one position, not the turn.
CONTEXT_LEFT_OUT = (
    "holds", "hand", "category", "throws_left", "goal_default", "aside", "untouched",
)  # fmt: skip


def review_answer(request: ReviewRequest) -> dict:
    """Every decision of a played turn with its value, the best value and the cost."""
    rules = table_rules(request)
    kind = state_kind(rules)
    if kind != "hand" and (
        request.betting is not None
        or request.computer_hand is not None
        or rules.knowledge == "blind"
    ):
        raise OptionError(
            "under sticky holds or a turn-scoped rethrow limit the review takes rounds where "
            "later players see your hand (hold --to-win --aside/--untouched), not 001's "
            "betting, 004's progressive game or banking"
        )
    _refuse_unused(request, rules)
    if request.betting is not None:
        if is_table(request.betting):
            return table_review(request, rules)
        return betting_review(request, rules)
    if not request.steps:
        raise OptionError("steps: give the throws of the turn (each one's dice and keep)")
    game, advise = _adviser(request, rules)
    throws = rules.throws if request.limit is None else request.limit
    decisions, answer = turn_decisions(request, rules, throws, advise)
    context = {k: v for k, v in answer.items() if k not in CONTEXT_LEFT_OUT}
    return review_record({**context, "state": kind}, game, decisions)


#: The fields of a turn in 001 as written only (``ante_max`` or ``raise_max`` given), with
#: the value that leaves each out.
AS_WRITTEN_ONLY = {"ante_named": None, "seats_in": None, "entered": None, "raised": None,
                   "sit_out": True}  # fmt: skip


def _refuse_unused(request: ReviewRequest, rules: RuleSet) -> None:
    """Refuse a field the reviewed game does not read (it would be silently ignored).

    Raises
    ------
    OptionError
        For a position field of another game (``players`` in a round seen, ``against``
        under banking, ...), or a field of 001 as written in a plain betting turn (or
        ``pot`` in one as written).
    """
    turn = request.betting
    if turn is not None:
        game, unused = "001's betting round", ["tied", "players_left", "limit",
                                               "computer_hand", "players"]  # fmt: skip
        if is_table(turn):
            extra = ["pot"] if turn.pot is not None else []
        else:
            extra = [k for k, v in AS_WRITTEN_ONLY.items() if getattr(turn, k) != v]
        if extra:
            raise OptionError(
                f"betting.{extra[0]} applies only to 001 as written "
                f"({'without' if is_table(turn) else 'with'} ante_max or raise_max)"
            )
    elif rules.knowledge == "blind":
        game, unused = "banking, blind", ["against", "tied", "players_left", "limit",
                                          "computer_hand"]  # fmt: skip
    elif request.computer_hand is not None:
        game, unused = "the progressive game", ["against", "tied", "players_left",
                                                "limit", "players"]  # fmt: skip
    else:
        game, unused = "a round where later players see your hand", ["players"]
    given = [name for name in unused if getattr(request, name) is not None]
    if given:
        raise OptionError(f"{given[0]} does not apply to the review of {game}")


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

    def round_hold(
        dice: str, left: int, aside: str | None = None, untouched: str | None = None
    ) -> dict:
        asked = HoldRequest(
            **table, **position, dice=dice, throws_left=left, to_win=True, aside=aside,
            untouched=untouched,
        )  # fmt: skip
        return hold_answer(asked)

    return "a round, later players seeing your hand", round_hold
