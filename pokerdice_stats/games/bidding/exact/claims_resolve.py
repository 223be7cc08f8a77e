"""Bidding on claims re-solved from a position its solution does not cover.

A solution on claims (:class:`~pokerdice_stats.games.bidding.exact.claims_answer.
ClaimsBidding`) calls at every history outside its tree, and where one seat's bids so far
are ones it never makes, its play there was never trained (the solver weighs a node by the
other seat's chance of reaching it).  A position there is answered from the game that
starts at it (:func:`resolve_claims`):

- the claims from the last one bid up, re-indexed from 0 (a bid of claim ``k`` of the
  subgame is claim ``last + k``): the same table of what each pair of hands makes, less
  ``last``;
- each seat's hands weighed as the solution's play to here weighs them: the chance of the
  hand times the chance the solution makes that seat's bids so far with it; a seat with a
  bid the solution never makes (a bid at a history outside its tree, or the second of two
  bids of one claim) as thrown, its earlier bids too (the solution's play is no guide to
  such a player's);
  every hand of the seat to move at least a billionth of its chance (:data:`FLOOR`);
- solved by the same discounted CFR
  (:func:`~pokerdice_stats.games.bidding.exact.claims_cfr.grow_and_solve`, its root the
  last bid, answered by the seat to move) for :data:`RESOLVE_ITERATIONS` iterations
  (:data:`LARGE_RESOLVE_ITERATIONS` from the lowest claims) on a
  tree that stops growing once past :data:`RESOLVE_HISTORIES` histories: the same position
  gets the same answer on any machine.  Its bounds are each seat's best response in the
  game from the position, with the hands so weighed.

This is how a player would reason from a position the solution does not reach: assume
both play well from here on, given what the bids so far say about the hands.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
>>> result = solve_claims(get_rules("classic"), "category", iterations=100)
>>> game = resolve_claims(result, (1, 1))  # two bids of one claim: no solution makes them
>>> game.beliefs, game.root in game.policy, game.upper - game.lower < 0.01
(('solution', 'throw'), True, True)
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.limits import check_memory

if TYPE_CHECKING:
    from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding

__all__ = [
    "FLOOR",
    "KEPT_GAMES",
    "LARGE_GAME",
    "LARGE_RESOLVE_ITERATIONS",
    "RESOLVE_HISTORIES",
    "RESOLVE_ITERATIONS",
    "ClaimsSubgame",
    "resolve_claims",
    "seat_weights",
]

#: Discounted-CFR iterations of a re-solve (rounds of growth and measure of 50), and of a
#: large one: a game of more than :data:`LARGE_GAME` claims (from one of the lowest claims
#: on, nearly the whole game).  On the classic fine ladder's solution, from
#: claims (0, 0): 3.4 s and a gap of 0.148 (100 iterations: about 17 s, 0.063); from
#: (3, 5): 4.2 s and 0.014; from a high claim well under a second
#: (``results/benchmarks/bidding.md``).
RESOLVE_ITERATIONS = 100
LARGE_RESOLVE_ITERATIONS = 50
LARGE_GAME = 16
#: The re-solve's tree stops growing once past so many histories (a growth may pass them:
#: 22,562 measured from the lowest claim).
RESOLVE_HISTORIES = 16_000
#: Every hand of the seat to move at the root weighs at least this share of its chance:
#: the solver averages a seat's strategies by its own weights, so a hand the solution's
#: play to here never holds would otherwise have no average (and no answer); the other
#: seat's beliefs about the mover move by a billionth.
FLOOR = 1e-9


@dataclass(frozen=True)
class ClaimsSubgame:
    """The game from one claim history, solved.

    Attributes
    ----------
    root : tuple of int
        The claim history it starts from (its last claim the subgame's claim 0).
    policy : dict
        Claim history (``root`` and what extends it, in the full game's claims) ->
        (moves, ``(n_moves, 252)`` chances by own hand), as
        :attr:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding.policy`;
        a history outside it is answered by a call.
    weights : (2, 252) float64
        Each seat's hands' weights at ``root`` (each row summing to 1).
    beliefs : tuple of str
        Per seat, ``"solution"`` (weighed by the solution's play to ``root``) or
        ``"throw"`` (as thrown: the solution never makes that seat's bids so far).
    lower, upper : float
        Seat 1's result from ``root`` on against seat 2's best response, and seat 1's best
        response's (units won per game, from the position on).
    iterations, histories : int
        Discounted-CFR iterations and the tree's histories.
    """

    root: tuple[int, ...]
    policy: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]]
    weights: np.ndarray
    beliefs: tuple[str, str]
    lower: float
    upper: float
    iterations: int
    histories: int


def seat_weights(result: ClaimsBidding, history: tuple[int, ...], seat: int) -> np.ndarray:
    """Seat ``seat``'s hands' chances times the chance the solution makes its bids so far.

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims.
    history : tuple of int
        The claims bid so far, seat 1's first.
    seat : int
        1 or 2.

    Returns
    -------
    (252,) float64
        By hand: its chance of being thrown times the solution's chance of each of the
        seat's bids in ``history`` (0 for a bid at a history outside the solution's tree,
        where it calls).
    """
    reach = ix.HAND_WAYS / ix.N_THROWS
    for i, claim in enumerate(history):
        if i % 2 + 1 != seat:
            continue
        found = result.policy.get(history[:i])
        if found is None or claim not in found[0]:
            return np.zeros(ix.N_HANDS)
        moves, chances = found
        reach = reach * chances[moves.index(claim)]
    return reach


def resolve_claims(result: ClaimsBidding, history: tuple[int, ...]) -> ClaimsSubgame:
    """The game from ``history`` solved as the module says.

    The last :data:`KEPT_GAMES` games re-solved are kept in this process (a game from a
    low claim holds some 200 MB of strategy, so none is written to the cache folder).

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims whose play to ``history`` weighs the hands.
    history : tuple of int
        The claims bid so far, one bid or more, never falling (two rungs of one claim bid
        in turn make the same claim twice).

    Returns
    -------
    ClaimsSubgame
        The game from ``history``: both seats' strategies there and its bounds.

    Raises
    ------
    OptionError
        For an empty history (the opening: the solution itself), a claim off the
        ladder, claims that fall, or a last claim no bid can follow (the top claim must
        be called).
    LimitError
        If the solve would pass the memory budget.
    """
    from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
    from pokerdice_stats.games.bidding.exact.moves import check_solution

    check_solution(result, ClaimsBidding, "solve_claims")
    try:
        if isinstance(history, str):
            raise TypeError
        history = tuple(operator.index(c) for c in history)
    except TypeError:
        raise OptionError(
            f"history: the claims bid so far, whole numbers in a tuple, not {history!r}"
        ) from None
    n_claims = result.claims.n_rungs
    if not history or not all(0 <= c < n_claims for c in history):
        raise OptionError(
            f"a re-solve starts after one bid or more, claims 0 to {n_claims - 1}: {history}"
        )
    if any(a > b for a, b in itertools.pairwise(history)):
        raise OptionError(f"the claims bid never fall: {history}")
    if history[-1] == n_claims - 1:
        raise OptionError("the top claim must be called: there is no game from it")
    key = (id(result), history)
    with _LOCK:  # (the coach's server answers requests in threads)
        found = _GAMES.pop(key, None)  # (the solution kept with it: its id stays its own)
    game = _resolve(result, history) if found is None else found[1]
    with _LOCK:
        _GAMES[key] = (result, game)
        while len(_GAMES) > KEPT_GAMES:
            _GAMES.popitem(last=False)
    return game


#: Re-solved games kept in a process, by solution and history, the most recent last.
KEPT_GAMES = 4
_LOCK = threading.Lock()
_GAMES: OrderedDict[tuple[int, tuple[int, ...]], tuple[ClaimsBidding, ClaimsSubgame]] = (
    OrderedDict()
)


def _resolve(result: ClaimsBidding, history: tuple[int, ...]) -> ClaimsSubgame:
    from pokerdice_stats.games.bidding.exact.claims_answer import ITERATIONS_A_ROUND, tree_memory
    from pokerdice_stats.games.bidding.exact.claims_cfr import grow_and_solve  # loads numba

    last = history[-1]
    claims = result.claims
    # the claims from the last one up, re-indexed from 0 (-1: a pair of hands below them all)
    sub = dataclasses.replace(
        claims,
        labels=claims.labels[last:],
        hand_rung=np.maximum(np.asarray(claims.hand_rung) - last, -1),
        pair_rung=np.maximum(np.asarray(claims.pair_rung, dtype=np.int64) - last, -1),
    )
    thrown = ix.HAND_WAYS / ix.N_THROWS
    weights = np.empty((2, ix.N_HANDS))
    beliefs = []
    for seat in (1, 2):
        reach = seat_weights(result, history, seat)
        read = reach.sum() > 0
        beliefs.append("solution" if read else "throw")
        weights[seat - 1] = reach / reach.sum() if read else thrown
    mover = len(history) % 2
    weights[mover] = (1.0 - FLOOR) * weights[mover] + FLOOR * thrown
    check_memory(
        tree_memory(sub.n_rungs, RESOLVE_HISTORIES * 3 // 2),  # a round may pass the cap
        f"bidding re-solved from a position ({sub.n_rungs} claims from its last bid)",
    )
    iterations = LARGE_RESOLVE_ITERATIONS if sub.n_rungs > LARGE_GAME else RESOLVE_ITERATIONS
    solution = grow_and_solve(
        sub,
        target=0.0,  # every round: the same iterations on any machine
        iterations=ITERATIONS_A_ROUND,
        max_rounds=iterations // ITERATIONS_A_ROUND,
        max_seconds=float("inf"),
        chances=weights,
        max_histories=RESOLVE_HISTORIES,
        answering=mover,
    )
    policy = {}
    for below, (moves, chances) in solution.policy.items():
        full = (*history, *(last + k for k in below))
        policy[full] = (tuple(m if m == CALL else last + m for m in moves), chances)
    return ClaimsSubgame(
        history,
        policy,
        weights,
        (beliefs[0], beliefs[1]),
        solution.lower,
        solution.upper,
        solution.iterations,
        solution.histories,
    )
