"""Best responses in the full game to a solution on kept rungs, read through a translation.

The fine-ladder solution (:mod:`~pokerdice_stats.games.bidding.exact.solve`) bids
only kept rungs.  Played in the full game, where the other player may bid any
rung of the full ladder, it reads each such bid as a kept rung
(:mod:`~pokerdice_stats.games.bidding.exact.translation`) and answers with its
strategy at the *abstract history* (the kept rungs bid or read so far); a
call is settled on the real last bid.  This module measures what that lifted
strategy gives away: each seat's best response to the other seat's lifted
strategy, over every rung of the full ladder.

The full game has 2^R bid histories (R = 38 rungs on the classic fine ladder),
but a responder only needs the *public state*: the abstract history (which
fixes the solved player's moves so far, so the responder's belief about its
hand) and the real last bid (which fixes the legal bids and what a call
settles).  The responder's state is the abstract history alone (the last bid
was the solved player's, a kept rung); the solved player's is the abstract
history and the responder's real bid.  Backward induction over that graph,
one vector over the responder's 252 hands per state, gives the best response;
nothing is enumerated per full history.

The figures match :func:`~pokerdice_stats.games.bidding.exact.response.exploitability`:
``lower`` is seat 1's result when seat 2 answers seat 1's lifted strategy
best, ``upper`` seat 1's result when it answers seat 2's best, and the
exploitability is ``upper - lower`` (the value of the full game lies between).
With every rung kept the translation is the identity and the figures are those
of the restricted game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.odds import BidLadder, bid_ladder
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.exact.translation import (
    check_translation,
    kept_rungs,
    read_bid,
    translation_table,
)
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["FullGameBounds", "full_game_bounds", "lifted_best_response", "measure_full_game"]


@dataclass(frozen=True)
class FullGameBounds:
    """Best-response bounds in the full game on a lifted solution.

    Attributes
    ----------
    translation : str
        The translation rule.
    lower, upper : float
        Seat 1's result when seat 2, or seat 1, answers the other's lifted
        strategy best (units won per game).
    exploitability : float
        ``upper - lower``.
    states : int
        Public states the two best responses visited (both seats).
    """

    translation: str
    lower: float
    upper: float
    exploitability: float
    states: int


def lifted_best_response(
    tree: BidTree,
    full: BidLadder,
    kept: tuple[int, ...],
    strategy: np.ndarray,
    seat: int,
    translation: str = "down",
    policy: dict[tuple[int, ...], np.ndarray] | None = None,
    prune: bool = True,
    habit: Callable[[tuple[int, ...]], np.ndarray] | None = None,
) -> tuple[float, int]:
    """The best ``seat`` can do in the full game against the other seat's lifted strategy.

    With a ``habit`` the responder plays it instead of its best response: what
    that habit makes of the lifted strategy.

    Parameters
    ----------
    tree : BidTree
        The abstract tree (one rung per kept rung).
    full : BidLadder
        The full ladder (calls are settled on its ``pair_rung``).
    kept : tuple of int
        The kept rungs' indices on ``full`` (:func:`kept_rungs`).
    strategy : (252, n_sequences) array
        The other seat's behaviour strategy on ``tree``, by own hand.
    seat : int
        The responding seat (1 or 2).
    translation : str
        How the other seat reads the responder's bids.
    policy : dict, optional
        Filled with a best response: for each of the responder's states (the
        abstract history), the real bid each own hand makes there
        (:data:`~pokerdice_stats.games.bidding.exact.tree.CALL` for a call; of equal
        gains, the call, then the lowest bid).
    prune : bool
        Skip states the other seat never plays into (default); ``False``
        visits them too (a policy for every state).
    habit : callable, optional
        ``habit(real_history) -> (252,)`` the real bid (or ``CALL``) each own
        hand makes after the real bids so far (only their emptiness and last
        bid may matter), as
        :func:`~pokerdice_stats.games.bidding.exact.players.habit_rule` gives.

    Returns
    -------
    value : float
        Seat 1's expected result when ``seat`` responds best.
    states : int
        Public states visited.
    """
    table = translation_table(kept, full.n_rungs, translation)
    other = 3 - seat
    flip = 1.0 if seat == 1 else -1.0
    top = full.n_rungs - 1
    made = full.pair_rung if seat == 1 else full.pair_rung.T  # (responder hand, other hand)

    @functools.cache
    def signs(bid: int) -> np.ndarray:
        return np.where(made >= bid, 1.0, -1.0)

    def called(bid: int, bidder: int, reach: np.ndarray) -> np.ndarray:
        """Responder's gain by own hand when ``bidder``'s real bid ``bid`` is called."""
        seat1_sign = 1.0 if bidder == 1 else -1.0
        return flip * seat1_sign * (signs(bid) @ reach)

    responder_memo: dict[tuple[int, ...], np.ndarray] = {}
    other_memo: dict[tuple[tuple[int, ...], int], np.ndarray] = {}

    def respond(history: tuple[int, ...], reach: np.ndarray) -> np.ndarray:
        """Responder to move; the last bid (if any) was the other's, a kept rung."""
        if history in responder_memo:
            return responder_memo[history]
        last_real = kept[history[-1]] if history else -1
        last = history[-1] if history else -1
        best = called(last_real, other, reach) if history else np.full(ix.N_HANDS, -np.inf)
        choice = np.full(ix.N_HANDS, CALL)
        played = None if habit is None else habit((last_real,) if history else ())
        for bid in range(last_real + 1, top + 1):
            if played is not None and not (played == bid).any():
                continue
            reading = read_bid(table, bid, last)
            if reading is None:
                gain = called(bid, seat, reach)
            else:
                gain = answer((*history, reading), bid, reach)
            if played is not None:
                best = np.where(played == bid, gain, best)
                continue
            choice = np.where(gain > best, bid, choice)
            best = np.maximum(best, gain)
        responder_memo[history] = best
        if policy is not None:
            policy[history] = choice
        return best

    def answer(history: tuple[int, ...], real: int, reach: np.ndarray) -> np.ndarray:
        """The other seat to move at the abstract ``history``; the real last bid ``real``."""
        key = (history, real)
        if key in other_memo:
            return other_memo[key]
        total = np.zeros(ix.N_HANDS)
        for action in tree.actions(history):
            move = tree.seq_index[other][(history, action)]
            after = reach * strategy[:, move]
            if prune and not after.any():
                continue
            if action == CALL:
                total += called(real, seat, after)
            else:
                total += respond((*history, action), after)
        other_memo[key] = total
        return total

    chances = ix.HAND_WAYS / ix.N_THROWS
    gain = respond((), chances) if seat == 1 else answer((), -1, chances)
    return flip * float(chances @ gain), len(responder_memo) + len(other_memo)


def measure_full_game(
    result: Bidding, full: BidLadder, translation: str = "down"
) -> FullGameBounds:
    """Both seats' best responses in the full game to ``result`` lifted through ``translation``.

    Parameters
    ----------
    result : Bidding
        A solution on a restricted ladder of ``full`` (or on ``full`` itself).
    full : BidLadder
    translation : str
        One of :data:`~pokerdice_stats.games.bidding.exact.translation.TRANSLATIONS`.

    Raises
    ------
    OptionError
        For an unknown translation, or a ladder that is not a restriction of ``full``.
    """
    check_translation(translation)
    kept = kept_rungs(full, result.ladder)
    lower, n2 = lifted_best_response(result.tree, full, kept, result.strategy[1], 2, translation)
    upper, n1 = lifted_best_response(result.tree, full, kept, result.strategy[2], 1, translation)
    return FullGameBounds(translation, lower, upper, upper - lower, n1 + n2)


@functools.lru_cache(maxsize=16)
def full_game_bounds(rules: RuleSet, translation: str = "down") -> FullGameBounds:
    """The fine-ladder solution's bounds in the full fine-ladder game (cached).

    Raises
    ------
    OptionError
        For an unknown translation.
    """
    check_translation(translation)
    return measure_full_game(solve_ladder(rules, "fine"), bid_ladder(rules, "fine"), translation)
