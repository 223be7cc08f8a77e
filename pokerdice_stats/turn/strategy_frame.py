"""A solved policy as a table: what to hold on every hand, and the runner-up.

:func:`strategy_frame` lists, for every hand of a first throw and each number
of throws left, the canonical best hold, its value, how many holds tie for
best, and the best other hold (the runner-up) with its value.  The strategy
charts and the ``strategy`` command are drawn from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_whole_number, shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import Policy
from pokerdice_stats.turn.induction import float_tolerance
from pokerdice_stats.turn.states import allowed_subkeeps, carried_keep, state_kind

#: Columns of :func:`strategy_frame`.
COLUMNS = (
    "throws_left",
    "hand",
    "category",
    "strength",
    "keep",
    "kept",
    "rethrow",
    "value",
    "value_float",
    "optimal_holds",
    "runner_up",
    "runner_up_value",
    "runner_up_value_float",
)


def hand_order(rules) -> list[int]:
    """Hand indices from the strongest hand to the weakest (ties: higher dice first)."""
    table = hand_table(rules)
    high_first = [tuple(-r for r in ix.ranks_of_counts(c)) for c in ix.HAND_COUNTS]
    return sorted(range(ix.N_HANDS), key=lambda h: (-int(table.strength[h]), high_first[h]))


def decision_throws(policy: Policy) -> list[int]:
    """The numbers of throws left at which a first-throw hand has a decision, most first."""
    return list(range(policy.throws - 1, 0, -1))


def strategy_frame(
    policy: Policy, goal: int = 0, throws_left: Sequence[int] | None = None
) -> pd.DataFrame:
    """The policy of one goal on every first-throw hand.

    Under sticky holds the hands are taken with nothing set aside.  Under a
    turn-scoped ``max_rethrow`` below 5 (``max_rethrow_scope=turn``) the hold
    depends on which dice of the first throw were never thrown again, so the
    frame has an ``untouched`` column after ``hand``: at the first decision
    every die is untouched; at later ones each hand comes once for every
    untouched part a turn can reach (at least ``5 - max_rethrow`` dice, not
    all five, since a die was thrown again or the turn would have ended).

    Parameters
    ----------
    policy : Policy
        A solved policy (from :func:`~pokerdice_stats.turn.holds.solve`).
    goal : int
        Which goal of the policy.
    throws_left : sequence of int, optional
        Default: every number from ``throws - 1`` down to 1.

    Returns
    -------
    pandas.DataFrame
        Its ``attrs`` name the ``rules`` (their label) and the ``goal``.
        Columns :data:`COLUMNS`: hands strongest first within each number of
        throws left; ``keep`` is the dice kept, highest first (the whole hand
        means stand, ``""`` throw all five); ``optimal_holds`` counts the holds
        tying for best; ``runner_up`` is the best other hold (canonical order
        among equals) and ``runner_up_value`` its value.

    Raises
    ------
    OptionError
        If ``policy`` is not a :class:`Policy`, ``goal`` is not one of its goals'
        indices, ``throws_left`` is not a list of whole numbers, the turn has a single
        throw (no decision to chart) or a number of throws left is out of range.

    Examples
    --------
    >>> from pokerdice_stats import get_rules, solve
    >>> frame = strategy_frame(solve(get_rules("gameweave"), "at-least:full-house"))
    >>> frame.shape
    (504, 13)
    >>> frame.loc[frame["hand"] == "K K J 10 9", ["throws_left", "keep", "value"]]
         throws_left keep    value
    207            2  K K  139/324
    459            1  K K      1/6
    """
    if not isinstance(policy, Policy):
        raise OptionError(f"policy must be a Policy (from solve), got {shown(policy)}")
    goal = checked_whole_number(goal, "goal", 0, len(policy.goals) - 1)
    listed = isinstance(throws_left, Sequence | np.ndarray) and not isinstance(throws_left, str)
    if throws_left is not None and not listed:
        raise OptionError(f"throws_left must be a list of whole numbers, got {shown(throws_left)}")
    rules = policy.rules
    steps = (
        decision_throws(policy)
        if throws_left is None
        else [checked_whole_number(t, "throws left") for t in throws_left]
    )
    if not steps:
        raise OptionError("a turn of one throw has no hold to choose")
    for t in steps:
        if not 1 <= t < policy.throws:
            raise OptionError(f"throws left must be 1 to {policy.throws - 1}, got {t}")
    table = hand_table(rules)
    order = hand_order(rules)
    original = state_kind(rules) == "original"
    tolerance = float_tolerance(policy.stand)
    texts: dict[int, str] = {}  # each keep's dice, written once

    def dice(keep: int) -> str:
        if keep not in texts:
            texts[keep] = format_counts(ix.KEEP_COUNTS[keep], rules)
        return texts[keep]

    rows = []
    for t in steps:
        # The options of a state compared as the policy's raw numbers (numerators over one
        # scale when exact: the stand values lifted to the keeps'), and only the two shown
        # made into values: as comparing the values themselves, some ten times quicker.
        keep_row = policy.stages[t - 1].keep_values[goal].tolist()
        stand_row = policy.stand[goal].tolist()
        lift = ix.N_THROWS**t if policy.exact else 1
        scale = policy.denominator * ix.N_THROWS**t
        for h, aside in _states(rules, order, first=t == policy.throws - 1):
            best = policy.best_keep(h, t, goal, aside)
            options = [(int(ix.HAND_KEEP[h]), stand_row[h] * lift)]
            subkeeps = allowed_subkeeps(rules, h, aside)
            if original:  # a keep's value depends on the untouched dice (``aside``)
                assert aside is not None  # (``_states`` gives them under these rules)
                options += [(k, keep_row[carried_keep(aside, k)]) for k in subkeeps]
            else:
                options += [(k, keep_row[k]) for k in subkeeps]
            raw_top = dict(options)[best]
            if policy.exact:
                n_optimal = sum(1 for _, v in options if v == raw_top)
            else:
                n_optimal = sum(1 for _, v in options if v >= raw_top - tolerance)
            others = [(k, v) for k, v in options if k != best]
            runner = max(others, key=lambda kv: kv[1]) if others else None
            top = _value(raw_top, policy.exact, scale)
            runner_text, runner_float = "", np.nan
            runner_value: Fraction | float = np.nan
            if runner is not None:
                runner_text, runner_value = dice(runner[0]), _value(runner[1], policy.exact, scale)
                runner_float = float(runner_value)
            rows.append(
                {
                    "throws_left": t,
                    "hand": table.format(h),
                    **({"untouched": dice(aside)} if aside is not None and original else {}),
                    "category": table.category_slug(h),
                    "strength": int(table.strength[h]),
                    "keep": dice(best),
                    "kept": int(ix.KEEP_SIZE[best]),
                    "rethrow": int(ix.N_DICE - ix.KEEP_SIZE[best]),
                    "value": top,
                    "value_float": float(top),
                    "optimal_holds": n_optimal,
                    "runner_up": runner_text,
                    "runner_up_value": runner_value,
                    "runner_up_value_float": runner_float,
                }
            )
    columns = list(COLUMNS)
    if original:
        columns.insert(columns.index("hand") + 1, "untouched")
    frame = pd.DataFrame(rows, columns=columns)
    # the context a chart or a reader needs (pandas keeps it through copies and filters)
    frame.attrs = {"rules": rules.label(), "goal": policy.goals[goal].name}
    return frame


def _value(raw: Any, exact: bool, scale: int) -> Fraction | float:
    """A policy's raw number as a value: a numerator over ``scale``, or a float."""
    return Fraction(int(raw), scale) if exact else float(raw)


def _states(rules, order: list[int], *, first: bool) -> list[tuple[int, int | None]]:
    """The ``(hand, aside)`` states of one decision, hands in ``order``: ``aside``
    is the set-aside keep (sticky holds: nothing), the untouched keep
    (turn-scoped rethrows: see :func:`strategy_frame`) or None."""
    if state_kind(rules) != "original":
        aside = 0 if rules.sticky_holds else None
        return [(h, aside) for h in order]
    if first:
        return [(h, int(ix.HAND_KEEP[h])) for h in order]
    fewest = ix.N_DICE - rules.max_rethrow
    sizes = ix.KEEP_SIZE.astype(np.int64)
    # most untouched dice first, then the canonical keep order
    by_size = np.lexsort((np.arange(ix.N_KEEPS), -sizes))
    sized = by_size[(sizes[by_size] >= fewest) & (sizes[by_size] < ix.N_DICE)]
    states: list[tuple[int, int | None]] = []
    for h in order:
        inside = (ix.KEEP_COUNTS[sized] <= ix.HAND_COUNTS[h]).all(axis=1)
        states += [(h, int(k)) for k in sized[inside]]
    return states
