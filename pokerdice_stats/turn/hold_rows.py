"""A state of a turn and the hold rows read off a solved one (:class:`~.holds.Policy`,
:class:`~.staged.StagedPolicy`): which state a hand is in, and every hold ranked best
first with its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import DiceError, OptionError
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind


def state_index(rules: RuleSet, throws: int, hand: int, throws_left: int, aside: int | None) -> int:
    """The state of a hand with ``throws_left`` throws to come in a turn of ``throws``.

    ``aside``: the dice set aside (sticky holds) or the first-throw dice still
    untouched (turn-scoped ``max_rethrow``), a keep index; None: nothing set
    aside, or every die untouched (straight after the first throw).

    Raises
    ------
    OptionError, DiceError
    For a state the turn cannot be in.
    """
    if not 0 <= throws_left < throws:
        raise OptionError(
            f"throws left must be 0 to {throws - 1} after the first throw, got {throws_left}"
        )
    kind = state_kind(rules)
    if kind == "hand":
        return hand
    if kind == "original":
        if aside is None:
            # straight after the first throw, or nothing left to throw: all untouched
            if 0 < throws_left < throws - 1:
                raise OptionError(
                    "under max_rethrow_scope=turn give the dice of the first throw still "
                    f"untouched ({either('--untouched DICE', 'aside=DICE')}; straight after "
                    "the first throw: the whole hand)"
                )
            aside = int(ix.HAND_KEEP[hand])
        state = int(ix.STATE_OF[aside, hand])
        if state < 0:
            raise DiceError("the untouched first-throw dice are not all in the hand")
        least = ix.N_DICE - rules.max_rethrow
        if aside != ix.HAND_KEEP[hand] and ix.KEEP_SIZE[aside] < least:
            raise OptionError(
                f"at least {least} dice of the first throw stay untouched under "
                f"max_rethrow={rules.max_rethrow} (max_rethrow_scope=turn)"
            )
        return state
    aside = ix.EMPTY_KEEP if aside is None else aside
    state = int(ix.STATE_OF[aside, hand])
    if state < 0:
        raise DiceError("the dice set aside are not all in the hand")
    return state


#: The columns of :meth:`Policy.alternatives` (and keys of :meth:`Policy.hold_rows`).
HOLD_COLUMNS = ("keep", "keep_index", "rethrow", "value", "value_float", "optimal", "canonical")


def rank_holds(
    rules: RuleSet,
    keeps: Sequence[int],
    values: Sequence[Any],
    best: int,
    exact: bool,
    tolerance: float,
) -> list[dict[str, Any]]:
    """Hold records, best first: the optimal ones (within ``tolerance`` for floats)
    in the given canonical order, then the others by value.

    ``keeps`` are keep indices in canonical order (the hand's own keep first:
    stand), ``values`` their values, ``best`` the canonical best keep.
    """
    top = max(values)
    rows = []
    for order, (k, value) in enumerate(zip(keeps, values, strict=True)):
        optimal = value == top if exact else float(value) >= float(top) - tolerance
        rows.append(
            {
                "keep": format_counts(ix.KEEP_COUNTS[k], rules),
                "keep_index": int(k),
                "rethrow": int(ix.N_DICE - ix.KEEP_SIZE[k]),
                "value": value,
                "value_float": float(value),
                "optimal": bool(optimal),
                "canonical": int(k) == int(best),
                "_order": order,
            }
        )
    rows.sort(key=lambda r: (not r["optimal"], 0 if r["optimal"] else -r["value"], r["_order"]))
    for row in rows:
        del row["_order"]
    return rows
