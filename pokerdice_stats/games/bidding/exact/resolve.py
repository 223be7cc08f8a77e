"""Bidding for two re-solved from a position the solution never reaches.

The sequence-form program pins a seat's play down only where the other seat's play can
reach: after bids the solution never makes, its moves are whatever the program returned
(it may call a bid that is always true), and so are the values read from them.  A
position that one seat's solution never reaches is therefore answered from the game that
starts there (:func:`resolve_subgame`): the tree of the histories that extend the bids so
far, each seat's hand dealt as the solution's play to here weighs it (as thrown, for a
seat whose bids so far the solution never makes), solved exactly by the same program.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.solve import solve_ladder
>>> from pokerdice_stats.ground import indexing as ix
>>> result = solve_ladder(get_rules("classic"), "category")
>>> weights = {1: (ix.HAND_WAYS / ix.N_THROWS), 2: (ix.HAND_WAYS / ix.N_THROWS)}
>>> game = resolve_subgame(result, (1,), weights)  # seat 1 opened one-pair
>>> game.strategy[2].shape[0], round(float(game.strategy[2][0].sum()), 6) > 0
(252, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerdice_stats.games.bidding.exact.game import Bidding, behaviour_from_plan
from pokerdice_stats.games.bidding.exact.tree import BidTree, bid_tree

__all__ = ["Subgame", "resolve_subgame"]


@dataclass(frozen=True)
class Subgame:
    """The game from a history: its tree (histories that extend it, sequences counted from
    it) and both seats' behaviour strategies there, one row a hand."""

    root: tuple[int, ...]
    tree: BidTree
    strategy: dict[int, np.ndarray]


def resolve_subgame(
    result: Bidding, root: tuple[int, ...], weights: dict[int, np.ndarray]
) -> Subgame:
    """Solve the game from ``root`` exactly, each seat's hands dealt by ``weights``.

    Parameters
    ----------
    result : Bidding
        The solved game (its ladder, tree and hand classes).
    root : tuple of int
        The bids so far (rung indices, rising).
    weights : dict of int to (252,) array
        Each seat's hands' weights at ``root`` (not all zero; constant on each of
        ``result``'s hand classes, as the throw's chances and the solution's reach are).

    Returns
    -------
    Subgame
        Both seats' strategies in the game from ``root``; a hand of weight 0 plays as
        the program left it (nothing depends on it).
    """
    from pokerdice_stats.games.bidding.exact.sequence_form import class_payoffs, solve_lp

    tree = bid_tree(result.tree.n_rungs, root)
    classes = result.classes
    first = np.asarray(weights[1], dtype=float) / float(np.sum(weights[1]))
    second = np.asarray(weights[2], dtype=float) / float(np.sum(weights[2]))
    payoff = class_payoffs(result.ladder.pair_rung, tree.n_rungs, classes, first, second)
    solution = solve_lp(tree, payoff)
    strategy = {
        seat: behaviour_from_plan(tree, seat, solution.plan[seat])[classes] for seat in (1, 2)
    }
    return Subgame(root, tree, strategy)
