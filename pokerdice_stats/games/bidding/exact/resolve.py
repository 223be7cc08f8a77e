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
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree, Infoset, Outcome, mover
from pokerdice_stats.ground import indexing as ix

__all__ = ["Subgame", "resolve_subgame", "subtree"]


@dataclass(frozen=True)
class Subgame:
    """The game from a history: its tree (histories that extend it, sequences counted from
    it) and both seats' behaviour strategies there, one row a hand."""

    root: tuple[int, ...]
    tree: BidTree
    strategy: dict[int, np.ndarray]


def subtree(tree: BidTree, root: tuple[int, ...]) -> BidTree:
    """The part of ``tree`` from ``root`` on, as a tree of its own: each seat's sequences
    are its moves from ``root`` (sequence 0, the empty one, stands for its moves before)."""
    depth = len(root)
    histories = tuple(h for h in tree.histories if h[:depth] == root)
    sequences: dict[int, list] = {1: [None], 2: [None]}
    seq_index: dict[int, dict] = {1: {}, 2: {}}
    infosets: dict[int, list[Infoset]] = {1: [], 2: []}
    outcomes: list[Outcome] = []

    def last_move(history: tuple[int, ...], back: int) -> int:
        """The sequence of the move ``back`` bids before the end of ``history`` (0 when
        that move came before ``root``)."""
        at = len(history) - back
        if at < depth:
            return 0
        return seq_index[mover(history[:at])][(history[:at], history[at])]

    for history in histories:
        seat = mover(history)
        moves = []
        for action in tree.actions(history):
            seq_index[seat][(history, action)] = len(sequences[seat])
            moves.append(len(sequences[seat]))
            sequences[seat].append((history, action))
        infosets[seat].append(
            Infoset(history, last_move(history, 2), tree.actions(history), tuple(moves))
        )
        if history:
            call_move = seq_index[seat][(history, CALL)]
            bidder_move = last_move(history, 1)
            pair = (call_move, bidder_move) if seat == 1 else (bidder_move, call_move)
            outcomes.append(Outcome(history, seat, history[-1], pair))
    return BidTree(
        tree.n_rungs,
        histories,
        {s: tuple(v) for s, v in sequences.items()},
        seq_index,
        {s: tuple(v) for s, v in infosets.items()},
        tuple(outcomes),
    )


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
    from pokerdice_stats.games.bidding.exact.sequence_form import solve_lp

    tree = subtree(result.tree, root)
    classes = result.classes
    member = np.zeros((ix.N_HANDS, int(classes.max()) + 1))
    member[np.arange(ix.N_HANDS), classes] = 1.0
    first = np.asarray(weights[1], dtype=float) / float(np.sum(weights[1]))
    second = np.asarray(weights[2], dtype=float) / float(np.sum(weights[2]))
    pair_weight = np.outer(first, second)
    pair_rung = result.ladder.pair_rung
    payoff = np.empty((tree.n_rungs, member.shape[1], member.shape[1]))
    for rung in range(tree.n_rungs):
        sign = np.where(pair_rung >= rung, 1.0, -1.0)
        payoff[rung] = member.T @ (pair_weight * sign) @ member
    solution = solve_lp(tree, payoff)
    strategy = {
        seat: behaviour_from_plan(tree, seat, solution.plan[seat])[classes] for seat in (1, 2)
    }
    return Subgame(root, tree, strategy)
