"""003, variation 8: bidding for two, solved.

Each player throws five dice once behind a screen and sees only their own.
Seat 1 bids first; bids alternate and each names a higher rung of the bid
ladder (:mod:`~pokerdice_stats.games.bidding.exact.odds`), claiming that the best
five of all ten dice make at least that rung.  Instead of bidding, a player
calls: if the ten dice make the last bid its bidder wins, otherwise the
caller; the top rung must be called.  Zero-sum, +1 a win and -1 a loss.

Rulings where ``design.md`` is silent:

- each player throws once, whatever the rule set's ``throws`` (variation 8
  throws behind a screen; nobody holds or throws again);
- "the best five of all ten dice make at least a rung": some five of the ten
  make that rung or a higher one, each five read as the rule set reads a hand
  (a wild face counts as it does in a five-dice hand);
- on the fine ladder a rung is higher when its category is, or with the same
  category when the face of its main set is higher;
- every rung may be bid, those that any ten dice make included (a bid that
  cannot lose passes the next bid to the other player); a claim holds or not,
  so there are no ties.
- the fine ladder, too large for this program, is solved on its distinct claims
  (:mod:`~pokerdice_stats.games.bidding.exact.claims_answer`), every rung read as the
  claim it makes.

:func:`solve_bidding` solves the game exactly on a ladder of up to
:data:`~pokerdice_stats.games.bidding.exact.tree.MAX_RUNGS` rungs (the category
ladder): the sequence-form program over hand classes
(:mod:`~pokerdice_stats.games.bidding.exact.sequence_form`), then both seats' best
responses in the full game (:mod:`~pokerdice_stats.games.bidding.exact.response`),
whose gap bounds the error of the value.  That gap, the result's ``exploitability``, is
the sum of both seats' best-response gains: OpenSpiel's NashConv (``nash_conv``), twice
what OpenSpiel calls ``exploitability`` (the mean of the two gains).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.odds import bid_ladder
>>> from pokerdice_stats.games.bidding.exact.solve import restricted_ladder
>>> rules = get_rules("classic")
>>> ladder = restricted_ladder(bid_ladder(rules), ("two-pair", "full-house", "five-of-a-kind"))
>>> result = solve_bidding(rules, ladder)  # three rungs: the whole ladder takes seconds
>>> round(result.value, 4), result.exploitability < TOLERANCE
(0.7472, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder, bid_ladder
from pokerdice_stats.games.bidding.exact.response import exploitability, play_value
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree, bid_tree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground import progress
from pokerdice_stats.ground.arguments import checked_chances, checked_whole_table
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Bidding", "behaviour_from_plan", "solve_bidding"]

#: The largest best-response gap accepted for an exact solution.
TOLERANCE = 1e-9


@dataclass(frozen=True, eq=False)
class Bidding:
    """The solved game.

    Attributes
    ----------
    ladder : BidLadder
    tree : BidTree
    value : float
        Seat 1's expected result under the equilibrium (units won per game).
    lower, upper : float
        Seat 1's result when seat 2, or seat 1, answers the other's strategy
        best: the game's value lies between them.
    exploitability : float
        ``upper - lower``: the sum of both seats' best-response gains over ``value``
        (seat 1's ``upper - value`` and seat 2's ``value - lower``), which is OpenSpiel's
        ``NashConv`` (``nash_conv``), twice OpenSpiel's ``exploitability``.
    strategy : dict
        Behaviour strategy of each seat, ``(252, n_sequences)`` (see
        :mod:`~pokerdice_stats.games.bidding.exact.response`).
    classes : (252,) int array
        The hand classes the program was written over.
    abstraction : str
        What the solution simplified, in words; it starts ``none: exact`` only when the
        measured ``exploitability`` is within :data:`TOLERANCE`.
    """

    ladder: BidLadder
    tree: BidTree
    value: float
    lower: float
    upper: float
    exploitability: float
    strategy: dict[int, np.ndarray]
    classes: np.ndarray
    abstraction: str = "none: exact on the whole ladder (hand classes are symmetries)"

    @property
    def rules(self) -> RuleSet:
        """The rule set."""
        return self.ladder.rules

    def frame(self) -> pd.DataFrame:
        """The solution's figures, one row each (seat 1's, units won per game):
        ``figure``, ``value`` (a float) and ``value_exact`` (None: the figures are floats;
        the number of rungs is whole)."""
        return figure_frame(
            {
                "value (units per game)": self.value,
                "lower (units per game)": self.lower,
                "upper (units per game)": self.upper,
                "exploitability (units per game)": self.exploitability,
                "rungs": self.ladder.n_rungs,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            ladder=self.ladder.name,
            value=self.value,
            exploitability=self.exploitability,
        )


def behaviour_from_plan(tree: BidTree, seat: int, plan: np.ndarray) -> np.ndarray:
    """Behaviour strategy from a realization plan (rows: hands or classes).

    Where the plan never reaches an information set the seat calls (or bids
    the lowest rung it may at the start); nothing depends on those moves.
    """
    out = np.zeros_like(plan)
    for info in tree.infosets[seat]:
        moves = np.array(info.moves)
        reach = plan[:, info.parent]
        block = plan[:, moves]
        total = block.sum(axis=1)
        default = np.zeros(len(moves))
        default[0] = 1.0  # call if it may, else the lowest bid
        safe = np.where(total > 0, total, 1.0)
        reached = (reach > 0) & (total > 0)
        out[:, moves] = np.where(reached[:, None], block / safe[:, None], default[None, :])
    return out


def solve_bidding(
    rules: RuleSet,
    ladder: str | BidLadder = "category",
    classes: np.ndarray | None = None,
    abstraction: str | None = None,
    chances: np.ndarray | None = None,
) -> Bidding:
    """Solve bidding for two on a ladder.

    Parameters
    ----------
    rules : RuleSet
        The rule set whose categories (and faces, on ``fine``) name the rungs.
    ladder : str or BidLadder
        ``category`` (default) or ``fine``, or a ladder already built.
    classes : (252,) int array, optional
        Hands that must play alike (default: the symmetry classes of
        :func:`~pokerdice_stats.games.bidding.exact.sequence_form.hand_classes` under the
        relabelings that keep ``chances`` too, which lose nothing).  Coarser buckets make an
        abstraction, whose cost shows in the exploitability.
    abstraction : str, optional
        The abstraction in words, for the result.
    chances : (252,) array, optional
        Each hand's chance of being dealt (default: the throw's); a reduced deal (a few
        hands, the others 0) makes a game small enough for other tools to walk (OpenSpiel).

    Returns
    -------
    Bidding
        The solved game: both seats' strategies, seat 1's value and its bounds.  Its
        ``abstraction`` says ``not exact`` and the measured gap whenever that gap (both
        seats' best-response gains: OpenSpiel's NashConv) is above :data:`TOLERANCE`, and
        starts ``none: exact`` only otherwise.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet` (with a ladder given by name).
    OptionError
        For an unknown ladder, or one with too many rungs for the exact tree; for
        ``chances`` that are not a chance of each of the 252 hands summing to 1, or
        ``classes`` that are not 252 labels from 0 to 251.
    """
    # the linear program (scipy) is loaded here: a solution read back from the cache
    # folder, and the answers drawn from it, do without it
    from pokerdice_stats.games.bidding.exact.sequence_form import (
        hand_classes,
        outcome_payoffs,
        solve_lp,
    )

    built = ladder if isinstance(ladder, BidLadder) else bid_ladder(rules, ladder)
    chances = None if chances is None else checked_chances(chances, "chances", ix.N_HANDS)
    classes = None if classes is None else checked_classes(classes)
    # Stages for a watcher (the coach's job status): the program itself is one call of
    # HiGHS, which reports nothing while it runs, so its stage says what to expect.
    with progress.stage(0.0, 0.05, "building the game's linear program"):
        tree = bid_tree(built.n_rungs)
        given = classes is not None
        if classes is None:
            classes = hand_classes(built, chances)
        payoffs = outcome_payoffs(built, classes, chances)
    words = (
        f"solving the game's linear program ({payoffs.shape[1]} hand classes, "
        f"{tree.n_sequences(1):,} and {tree.n_sequences(2):,} bid sequences; one call of "
        "HiGHS that shows no steps, up to minutes on the longest ladders)"
    )
    with progress.stage(0.05, 0.95, words):
        solution = solve_lp(tree, payoffs)
    with progress.stage(0.95, 1.0, "checking the solution against both best responses"):
        strategy = {
            seat: behaviour_from_plan(tree, seat, solution.plan[seat])[classes] for seat in (1, 2)
        }
        value = play_value(tree, built, strategy[1], strategy[2], chances)
        lower, upper, gap = exploitability(tree, built, strategy[1], strategy[2], chances)
    result = Bidding(built, tree, value, lower, upper, gap, strategy, classes)
    return dataclasses.replace(result, abstraction=_described(abstraction, given, gap))


def checked_classes(classes: object) -> np.ndarray:
    """``classes`` as 252 whole labels from 0 to 251, or refused.

    Raises
    ------
    OptionError
        Unless a (252,) array of whole numbers from 0 to 251.
    """
    labels = checked_whole_table(classes, "classes (one label a hand)", (ix.N_HANDS,))
    if labels.min() < 0 or labels.max() >= ix.N_HANDS:
        raise OptionError(
            f"classes must be labels from 0 to {ix.N_HANDS - 1}, got {labels.min()} to "
            f"{labels.max()}"
        )
    return labels.astype(np.int64)


def _described(abstraction: str | None, given: bool, gap: float) -> str:
    """The result's ``abstraction``: the caller's words or the default, and ``not exact``
    with the measured gap whenever it is above :data:`TOLERANCE` (never ``exact`` then).

    Examples
    --------
    >>> _described(None, False, 0.0)
    'none: exact on the whole ladder (hand classes are symmetries)'
    >>> _described(None, True, 0.2315)
    'hand classes given: not exact (best-response gap 0.2315 above the tolerance 1e-09)'
    """
    if abstraction is None:
        abstraction = "hand classes given" if given else Bidding.abstraction
    if gap <= TOLERANCE:
        if given and abstraction == "hand classes given":
            return "none: exact on the whole ladder (best-response gap within the tolerance)"
        return abstraction
    note = f"not exact (best-response gap {gap:.4g} above the tolerance {TOLERANCE:g})"
    if abstraction.startswith("none"):
        return note
    return f"{abstraction}: {note}"


def reach_chances(result: Bidding) -> dict[tuple[int, ...], float]:
    """The chance each history is reached under the equilibrium."""
    tree = result.tree
    p = ix.HAND_WAYS / ix.N_THROWS
    out: dict[tuple[int, ...], float] = {}
    stack: list[tuple[tuple[int, ...], np.ndarray, np.ndarray]] = [((), p.copy(), p.copy())]
    while stack:
        history, r1, r2 = stack.pop()
        out[history] = float(r1.sum() * r2.sum())
        seat = 1 if len(history) % 2 == 0 else 2
        for action in tree.actions(history):
            if action == CALL:
                continue
            move = tree.seq_index[seat][(history, action)]
            chance = result.strategy[seat][:, move]
            stack.append(
                (
                    (*history, action),
                    r1 * chance if seat == 1 else r1,
                    r2 * chance if seat == 2 else r2,
                )
            )
    return out
