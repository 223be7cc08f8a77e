"""A strategy card: a keep rule a person can follow, fitted to the optimal play, and its cost.

The player of the progressive game sees the computer's final hand.  The card is a
chart: a row for the category the player holds, a column for the computer's final
category, and in each cell one of five actions for each throw still to come
(:data:`ACTIONS`):

- ``stand``: keep all five dice;
- ``set``: keep the dice of the largest set (the higher face on equal sets), throw
  the rest (with no pair: throw all five);
- ``pairs``: keep every die that matches another (two pair: both pairs), throw the rest;
- ``straight``: keep one die of each face of the big straight's (2 to 6 pips, the
  faces of the rule set's chart but the lowest), throw the rest;
- ``all``: throw all five.

Fitting: for each column (the computer's category) the actions are chosen by
coordinate ascent on the player's exact expected payout against that column (the
columns are independent: a choice facing one computer category changes nothing
facing another), starting from ``set`` everywhere, trying every action in every
cell until no single change gains.  The computer plays its optimal policy (the
one it plays against the optimal player: :func:`~.payout.computer_distribution`).

What the card costs: the player's exact expected payout a round following it,
against the optimal player's, in points a round and as the edge in percent of
the points that change hands (:mod:`.edge`).  Every figure is exact: the card's
final hands come from :func:`pokerdice_stats.turn.forward.final_hands` over
the card's keep tables.

Examples
--------
>>> card = fit_strategy_card()
>>> card.loss > 0, card.cell("three-of-a-kind", "one-pair", 2)
(True, 'set')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.games.progressive.exact.edge import Edge
from pokerdice_stats.games.progressive.exact.payout import (
    check_payout_rules,
    computer_distribution,
    player_response,
)
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    PayoutSchedule,
    category_payout,
    integer_payout,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.forward import final_hands
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet, get_rules

if TYPE_CHECKING:
    import pandas as pd

#: The actions of a card, in the order they are tried.
ACTIONS = ("stand", "set", "pairs", "straight", "all")
#: The order in which equivalent actions are named on the card (the plainest first).
PLAIN_ORDER = ("stand", "all", "set", "pairs", "straight")
#: Passes of coordinate ascent, at most.
MAX_PASSES = 6


@functools.cache
def action_keeps() -> dict[str, np.ndarray]:
    """(252,) keep index of each action on each hand (free holds), read-only."""
    keeps = {name: np.empty(ix.N_HANDS, dtype=np.int64) for name in ACTIONS}
    for h in range(ix.N_HANDS):
        counts = np.asarray(ix.HAND_COUNTS[h], dtype=np.int64)
        kept = {
            "stand": counts,
            "set": _largest_set(counts),
            "pairs": np.where(counts >= 2, counts, 0),
            "straight": np.concatenate([[0], np.minimum(counts[1:], 1)]),
            "all": np.zeros_like(counts),
        }
        for name in ACTIONS:
            keeps[name][h] = ix.keep_index(kept[name])
    for table in keeps.values():
        table.setflags(write=False)
    return keeps


def _largest_set(counts: np.ndarray) -> np.ndarray:
    most = int(counts.max())
    kept = np.zeros_like(counts)
    if most >= 2:
        face = int(np.flatnonzero(counts == most)[-1])
        kept[face] = most
    return kept


@dataclass(frozen=True, eq=False)
class StrategyCard:
    """A fitted card and what it costs against optimal play.

    Attributes
    ----------
    chart : dict
        ``chart[own, computer][throws_left - 1]``: the action (category slugs).
    card_edge, optimal_edge : Edge
        The player's exact edge following the card, and playing optimally.
    """

    rules: RuleSet
    schedule: PayoutSchedule
    chart: dict[tuple[str, str], tuple[str, ...]]
    card_edge: Edge
    optimal_edge: Edge

    @property
    def loss(self) -> Fraction:
        """Points a round the card gives up against optimal play."""
        return Fraction(self.optimal_edge.expected) - Fraction(self.card_edge.expected)

    def cell(self, own: str, computer: str, throws_left: int) -> str:
        """The card's action holding ``own`` against ``computer`` with throws left."""
        return self.chart[own, computer][throws_left - 1]

    def said(self, own: str, computer: str) -> tuple[str, ...]:
        """The cell's actions as the card prints them: the plainest action that keeps the same
        dice on every hand of the category (``stand`` for a set of five, ``all`` for ``set``
        on a hand without a pair), two throws left first."""
        k = self.rules.category_index(own)
        category = hand_table(self.rules).category
        hands = np.flatnonzero(category == k)
        keeps = action_keeps()
        out = []
        for action in self.chart[own, computer][::-1]:
            same = [a for a in PLAIN_ORDER if np.array_equal(keeps[a][hands], keeps[action][hands])]
            out.append(same[0] if same else action)
        return tuple(out)

    def rows(self) -> list[dict[str, str]]:
        """The chart as a table: a row per own category (best first), a column per computer's.

        A cell reads ``ACTION`` when both throws agree, else ``FIRST / SECOND`` (the
        action with two throws left, then with one), as :meth:`said` names them.
        """
        slugs = self.rules.category_slugs
        out = []
        for own in slugs:
            row = {"you hold": own}
            for comp in slugs:
                actions = self.said(own, comp)
                row[comp] = actions[0] if len(set(actions)) == 1 else " / ".join(actions)
            out.append(row)
        return out

    def frame(self) -> pd.DataFrame:
        """The card's figures, one row each: ``figure``, ``value`` (a float) and
        ``value_exact`` (a Fraction when exact); the card itself is :meth:`rows`."""
        return figure_frame(
            {
                "card edge (points per round)": self.card_edge.expected,
                "optimal edge (points per round)": self.optimal_edge.expected,
                "loss against optimal play (points per round)": self.loss,
                "card edge (percent of the action)": self.card_edge.percent,
                "optimal edge (percent of the action)": self.optimal_edge.percent,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            schedule=self.schedule.label,
            card_edge=self.card_edge.expected,
            optimal_edge=self.optimal_edge.expected,
            loss=self.loss,
        )


def _evaluate(tables: list[np.ndarray], throws: int) -> np.ndarray:
    """(G, 252) final-hand numerators of G card columns (keep tables by throws left)."""
    by_throw = [tables[throws - 1 - t] for t in range(1, throws)]
    numerators, _ = final_hands(by_throw, sticky=False, exact=True, n_goals=tables[0].shape[0])
    return numerators


def fit_strategy_card(
    rules: RuleSet | None = None, schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE
) -> StrategyCard:
    """Fit the card to the optimal play of the progressive game (player sees the computer).

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.  Free holds (no sticky holds,
        ``max_rethrow`` 5), two throws or more, ``ties=push`` and ``tiebreak=category``.
    schedule : PayoutSchedule
        The payout schedule (default: :data:`PROGRESSIVE_SCHEDULE`).

    Returns
    -------
    StrategyCard
        The fitted chart (an action per own category, computer's category and throw
        still to come) with the player's exact edge following it and playing optimally.

    Raises
    ------
    OptionError
        For rules the card cannot follow (sticky holds, ``max_rethrow`` below 5, one
        throw, a throw limit, blind rules) or whose ties the payout does not honour
        (ties other than ``push``, a tiebreak other than ``category``).
    ScheduleError
        If ``schedule`` is not a :class:`PayoutSchedule` or does not fit the rules.
    """
    rules = get_rules("progressive") if rules is None else rules
    require_independent_turns(rules, "the progressive strategy card")
    check_payout_rules(rules)
    if rules.knowledge != "seen":
        raise OptionError(
            "the strategy card is the seen game's (the player sees the computer's final hand); "
            f"these rules say knowledge={rules.knowledge}"
        )
    if rules.sticky_holds or rules.max_rethrow < ix.N_DICE or rules.throws < 2:
        raise OptionError(
            "a strategy card needs free holds (no sticky_holds, max_rethrow 5) and two throws "
            "or more"
        )
    throws = rules.throws
    table = hand_table(rules)
    category = table.category.astype(np.int64)
    n = len(rules.category_slugs)
    pay = category_payout(rules, schedule)
    matrix, _ = integer_payout(rules, schedule)
    comp_num, comp_den = computer_distribution(rules, "optimal", matrix)
    comp = [0] * n
    for h in range(ix.N_HANDS):
        comp[int(category[h])] += int(comp_num[h])
    keeps = action_keeps()
    den = ix.N_THROWS**throws
    chart: dict[tuple[str, str], tuple[str, ...]] = {}
    card_expected = card_action = Fraction(0)
    for c in range(n):
        if not comp[c]:
            choice = {(k, t): "set" for k in range(n) for t in range(1, throws)}
        else:
            choice = _fit_column(c, pay, category, keeps, throws, n)
        final = _evaluate([_table(choice, t, keeps, category)[None] for t in range(1, throws)],
                          throws)[0]  # fmt: skip
        weight = Fraction(comp[c], comp_den)
        value, action = _column_value(final, c, pay, category, den)
        card_expected += weight * value
        card_action += weight * action
        for k in range(n):
            chart[rules.category_slugs[k], rules.category_slugs[c]] = tuple(
                choice[k, t] for t in range(1, throws)
            )
    optimal = _optimal_edge(rules, matrix, pay, comp_num, comp_den)
    return StrategyCard(
        rules, schedule, {k: tuple(v) for k, v in chart.items()},
        Edge(card_expected, card_action), optimal,
    )  # fmt: skip


def _table(choice, throws_left: int, keeps, category) -> np.ndarray:
    return np.array(
        [keeps[choice[int(category[h]), throws_left]][h] for h in range(ix.N_HANDS)],
        dtype=np.int64,
    )


def _column_value(final, c: int, pay, category, den: int) -> tuple[Fraction, Fraction]:
    """Expected payout and action facing computer category ``c`` (exact)."""
    value = action = Fraction(0)
    for h in np.flatnonzero(np.asarray(final) != 0):
        chance = Fraction(int(final[h]), den)
        amount = pay[int(category[h])][c]
        value += chance * amount
        action += chance * abs(amount)
    return value, action


def _fit_column(c: int, pay, category, keeps, throws: int, n: int) -> dict:
    """Coordinate ascent on the actions of one column (the computer's category ``c``)."""
    own_pay = np.array([float(pay[k][c]) for k in range(n)])
    choice = {(k, t): "set" for k in range(n) for t in range(1, throws)}

    def values(options: list[dict]) -> np.ndarray:
        tables = [
            np.stack([_table(o, t, keeps, category) for o in options]) for t in range(1, throws)
        ]
        final = _evaluate(tables, throws).astype(np.float64)
        return dot(final, own_pay[category])

    best = values([choice])[0]
    for _ in range(MAX_PASSES):
        changed = False
        for k in range(n):
            for t in range(1, throws):
                options = [{**choice, (k, t): a} for a in ACTIONS]
                scores = values(options)
                top = int(np.argmax(scores))
                if scores[top] > best * (1 + 1e-12) + 1e-12 and ACTIONS[top] != choice[k, t]:
                    choice, best, changed = options[top], scores[top], True
        if not changed:
            break
    return choice


def _optimal_edge(rules, matrix, pay, comp_num, comp_den) -> Edge:
    """The optimal player's exact edge against the same computer."""
    response = player_response(rules, matrix)
    final, f_den = response.policy.final_distribution()
    category = hand_table(rules).category.astype(np.int64)
    expected = action = Fraction(0)
    for ch in np.flatnonzero(np.asarray(comp_num) != 0):
        weight = Fraction(int(comp_num[ch]), comp_den)
        row = final[int(response.column[ch])]
        c = int(category[ch])
        for h in np.flatnonzero(np.asarray(row) != 0):
            chance = weight * Fraction(int(row[h]), f_den)
            amount = pay[int(category[h])][c]
            expected += chance * amount
            action += chance * abs(amount)
    return Edge(expected, action)
