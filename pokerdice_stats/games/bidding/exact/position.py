"""One position of bidding for two: your hand and the bids so far; call, or what to bid?

The bids so far are rungs of the ladder played (oldest first, each higher
than the one before); their number says whose turn it is (seat 1 after an
even number).  Every rising sequence of rungs is a history of the solved
tree, so the solution is read at the position itself.  (The fine ladder is
answered on its claims:
:func:`~pokerdice_stats.games.bidding.exact.claims_position.claims_position`.)

For the player to move, :func:`position_answer` gives

- the solution's mix over the call and every legal bid (``mix: "solution"``), or
  where it does not settle the play there (bids it never makes), the mix of the game
  from the position re-solved (``mix: "re-solved"``, below);
- the value of each alternative: the mover's expected result (units won per
  game) when it makes that move and both then play the solution, the other's
  hand weighted by the chance the solution's play gives each of its hands to
  make the other's bids so far (``beliefs: "solution"``); when the solution
  never makes those bids, by the chance of the throw alone (``beliefs:
  "throw"``);
- the chance the ten dice make the last bid, given the own hand, over the
  other's throw and over the other's hands as the beliefs weigh them.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.solve import solve_ladder
>>> result = solve_ladder(get_rules("classic"), "category")
>>> answer = position_answer(result, "Q Q Q 9 9", ["full-house"])
>>> answer.seat, answer.moves[0].move
(2, 'call')
>>> round(sum(m.chance for m in answer.moves), 12)
1.0
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.moves import (
    Move,
    Position,
    check_solution,
    finish_position,
    parse_bids,
)
from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.resolve import resolve_subgame
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.hands import hand_table

__all__ = ["Move", "Position", "parse_bids", "position_answer"]


def _reach(result: Bidding, history: tuple[int, ...], other: int) -> np.ndarray:
    """Chance of each of ``other``'s hands times the chance it made its bids in ``history``."""
    reach = (ix.HAND_WAYS / ix.N_THROWS).astype(float)
    for i, action in enumerate(history):
        mover = 1 if i % 2 == 0 else 2
        if mover == other:
            reach = (
                reach
                * result.strategy[other][:, result.tree.seq_index[other][(history[:i], action)]]
            )
    return reach


def _made(ladder: BidLadder, seat: int, hand: int) -> np.ndarray:
    """The rung the ten dice make, by the other's hand, for the mover's own hand."""
    return np.asarray(ladder.pair_rung[hand] if seat == 1 else ladder.pair_rung[:, hand])


def _continue(
    result: Bidding | _Play,
    seat: int,
    hand: int,
    history: tuple[int, ...],
    belief: np.ndarray,
) -> float:
    """The mover's expected result (weighted by ``belief``) once both play the solution
    from ``history`` (at least one bid)."""
    tree = result.tree
    last = history[-1]
    made = _made(result.ladder, seat, hand)
    to_move = 1 if len(history) % 2 == 0 else 2
    if to_move == seat:
        total = 0.0
        for action in tree.actions(history):
            chance = result.strategy[seat][hand, tree.seq_index[seat][(history, action)]]
            if chance <= 0:
                continue
            if action == CALL:
                total += chance * float(dot(belief, np.where(made >= last, -1.0, 1.0)))
            else:
                nxt = (*history, action)
                total += chance * _continue(result, seat, hand, nxt, belief)
        return total
    total = 0.0
    other = 3 - seat
    for action in tree.actions(history):
        after = belief * result.strategy[other][:, tree.seq_index[other][(history, action)]]
        if not after.any():
            continue
        if action == CALL:
            total += float(dot(after, np.where(made >= last, 1.0, -1.0)))
        else:
            nxt = (*history, action)
            total += _continue(result, seat, hand, nxt, after)
    return total


def position_answer(
    result: Bidding, hand: str, bids: str | list[str] | tuple[str, ...]
) -> Position:
    """The solution's answer, and each alternative's value, at one position.

    Parameters
    ----------
    result : Bidding
        The solution; the bids are named on its ladder.
    hand : str
        The mover's own five dice.
    bids : str or list of str
        The bids so far, oldest first (a comma-separated text, or a list); their number
        says who moves (seat 1 after an even number).

    Returns
    -------
    Position
        The mover's seat, the solution's mix over the call and every legal bid, each
        move's value (units won per game) and the chance the ten dice make the last bid.

    Raises
    ------
    DiceError
        For a hand that cannot be read.
    OptionError
        For a ``result`` that is not a :class:`Bidding`, an unknown rung or bids that
        do not rise.
    """
    check_solution(result, Bidding, "solve_bidding")
    ladder = result.ladder
    table_of_hands = hand_table(ladder.rules)
    own = table_of_hands.hand(hand)
    history = parse_bids(ladder, bids)
    seat = 1 if len(history) % 2 == 0 else 2
    last = history[-1] if history else -1
    made = _made(ladder, seat, own)
    thrown = (ix.HAND_WAYS / ix.N_THROWS).astype(float)
    belief, beliefs = thrown, "throw"
    reach = _reach(result, history, 3 - seat)
    if reach.sum() > 0:
        belief, beliefs = reach / reach.sum(), "solution"
    own_reach = _reach(result, history, seat)
    own_bids = bool(own_reach[own] > 0)
    play: Bidding | _Play = result
    resolved = history and (beliefs == "throw" or not own_bids)
    if resolved:
        # the solution's play from here is not pinned down: the game from here, re-solved
        # with each seat's hand dealt as its bids so far say (as thrown if they say nothing)
        weights = {3 - seat: belief, seat: own_reach if own_bids else thrown}
        game = resolve_subgame(result, history, weights)
        play = _Play(ladder, game.tree, game.strategy)
    mix = {
        action: float(play.strategy[seat][own, play.tree.seq_index[seat][(history, action)]])
        for action in play.tree.actions(history)
    }
    moves: list[Move] = []
    if history:
        value = float(dot(belief, np.where(made >= last, -1.0, 1.0)))
        moves.append(Move("call", mix.get(CALL, 0.0), float(value)))
    for bid in range(last + 1, ladder.n_rungs):
        value = _continue(play, seat, own, (*history, bid), belief)
        moves.append(Move(ladder.labels[bid], mix.get(bid, 0.0), float(value)))
    answer = finish_position(
        table_of_hands.format(own),
        tuple(ladder.labels[b] for b in history),
        beliefs,
        True,
        moves,
        made >= last if history else None,
        belief,
    )
    return dataclasses.replace(answer, mix="re-solved") if resolved else answer


@dataclass(frozen=True)
class _Play:
    """What :func:`_continue` reads of a solution: a game's ladder, tree and strategies."""

    ladder: BidLadder
    tree: BidTree
    strategy: dict[int, np.ndarray]
