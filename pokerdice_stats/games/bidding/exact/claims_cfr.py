"""Discounted CFR over all 252 hands on a tree of claims grown where either seat's reach is large.

The game on claims (:mod:`~pokerdice_stats.games.bidding.exact.claims`) has 2^C
histories (C = 21 claims on the classic fine ladder): too many to walk.  A strategy
for the whole game is a tree ``T`` of histories
(:mod:`~pokerdice_stats.games.bidding.exact.claims_tree`) with a mix at each, and the
call everywhere else.  What ``T`` must hold was measured on a 13-claim game solved
whole (``results/benchmarks/bidding.md``): the solution's own play is not enough (a
best response bids where the tree has no answer); the histories where *either* seat's
reach is large are.  So the solve alternates:

1. discounted CFR (Brown and Sandholm 2019: alpha 1.5, beta 0, gamma 2, the seats
   updated in turn; :func:`~pokerdice_stats.games.bidding.exact.claims_kernels.dcfr_iteration`)
   on ``T``, where a bid outside ``T`` is called (on a 13-claim game solved whole,
   updating both seats at once needed five times the gap of these alternating updates
   after 200 iterations, at about the same cost an iteration);
2. growth under the average strategy: at a node where the seat *not* moving reaches
   with total chance above ``grow_all``, every bid of the mover enters ``T`` (the
   answers to bids the solution itself does not make); elsewhere the bids the mover
   makes with chance above ``grow_own``;
3. the bounds: each seat's best response in the whole game on claims to the other's
   average strategy
   (:func:`~pokerdice_stats.games.bidding.exact.claims_kernels.tree_response`).

The tests compare those bounds with the exact best responses of
:mod:`~pokerdice_stats.games.bidding.exact.response`, which know nothing of this
solver, on the category ladder's claims, and OpenSpiel's ``nash_conv`` on reduced deals.
On the classic fine ladder's 21 claims the gap falls to 0.20 in 12 s, 0.067 in 80 s,
0.028 in 7 minutes and 0.014 in 18 (some 82,000 histories, 2 cores:
``benchmarks/bidding_fine_claims.py``), then slowly (0.011 after 950 iterations): not yet
the issue's 0.001, nor within its two minutes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerdice_stats.games.bidding.exact import claims_kernels as kernels
from pokerdice_stats.games.bidding.exact.claims_tree import ClaimTree
from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.fixed_order import dot

__all__ = ["MAX_HISTORIES", "ClaimSolution", "ClaimSolver", "RoundFigures", "grow_and_solve"]

#: DCFR's discounts (alpha, beta, gamma): Brown and Sandholm's recommended values.
DISCOUNTS = (1.5, 0.0, 2.0)

#: Default :func:`grow_and_solve` ``max_histories`` (about 5 GB of arrays at most).
MAX_HISTORIES = 100_000


class ClaimSolver:
    """Discounted CFR on a growing :class:`ClaimTree` of one claim ladder.

    Parameters
    ----------
    ladder : BidLadder
        A claim ladder (:func:`~pokerdice_stats.games.bidding.exact.claims.claim_ladder`),
        or any ladder (its rungs are then the claims).
    chances : (252,) or (2, 252) array, optional
        Each hand's chance (default: five dice thrown, ``HAND_WAYS / 7776``); a reduced
        deal, as the OpenSpiel game's, gives some hands none.  ``(2, 252)``: each seat's
        own (seat 1's first), as at the root of a subgame.
    answering : int, optional
        None (default): the whole game.  0 or 1: the game from a bid of claim 0 that
        seat ``answering`` (0: seat 1) answers at the root (:class:`ClaimTree`).
    raising : bool, optional
        While solving, answer a bid outside the tree by the better of a call and a raise
        by one claim against the bidder's weights on it, as a best response does (default:
        a call, the default the strategy plays).  On the classic fine ladder it left 4-6%
        less gap at equal iterations, for more work an iteration (2.15 against 1.88 s on
        trees of 45,000 and 54,000 histories: ``results/benchmarks/bidding.md``).
    """

    def __init__(
        self,
        ladder: BidLadder,
        chances: np.ndarray | None = None,
        raising: bool = False,
        answering: int | None = None,
    ) -> None:
        self.n_claims = int(ladder.n_rungs)
        self.raising = bool(raising)
        if self.n_claims > np.iinfo(np.int8).max:
            raise OptionError(f"at most 127 claims, not {self.n_claims}")
        # bytes: the 252 x 252 table stays in the fastest cache (8% an iteration)
        self.pair_rung = np.ascontiguousarray(ladder.pair_rung, dtype=np.int8)
        self.pairs = kernels.pair_tables(self.pair_rung, self.n_claims)
        self.chances = np.ascontiguousarray(
            ix.HAND_WAYS / ix.N_THROWS if chances is None else chances, dtype=np.float64
        )
        if self.chances.shape not in ((ix.N_HANDS,), (2, ix.N_HANDS)):
            raise OptionError(
                f"chances: one per hand ({ix.N_HANDS}), or one row a seat, not {self.chances.shape}"
            )
        self.tree = ClaimTree(self.n_claims, answering)
        self.iterations = 0
        self._levels = self.tree.levels()
        self._reach_value: tuple[np.ndarray, np.ndarray] | None = None
        self._interrupted = False

    def add(self, *histories: tuple[int, ...]) -> None:
        """Bring ``histories`` (and their prefixes) into the tree."""
        for history in histories:
            self.tree.add(history)
        self._levels = self.tree.levels()

    def _work(self) -> tuple[np.ndarray, np.ndarray]:
        """The reaches and values of every node (made again only when the tree grew)."""
        n = self.tree.n_nodes
        if self._reach_value is None or len(self._reach_value[0]) != n:
            self._reach_value = (np.zeros((n, 2, ix.N_HANDS)), np.zeros((n, 2, ix.N_HANDS)))
        return self._reach_value

    def run(self, iterations: int) -> None:
        """``iterations`` more DCFR iterations on the tree as it is.

        Raises
        ------
        RuntimeError
            If an earlier run was interrupted (Ctrl-C) in the middle of an iteration: its
            regrets and sums are then half updated, so the solve must start again.
        """
        if self._interrupted:
            raise RuntimeError(
                "this solve was interrupted in the middle of an iteration: start a new one"
            )
        t = self.tree
        order, starts = self._levels
        R, V = self._work()
        alpha, beta, gamma = DISCOUNTS
        try:
            for _ in range(iterations):
                self.iterations += 1
                for seat in (0, 1):
                    kernels.dcfr_iteration(
                        float(self.iterations), seat, order, starts, t.last, t.depth, t.off,
                        t.width, t.child, t.regret, t.sigma, t.total, R, V, self.pairs,
                        self.chances, self.n_claims, alpha, beta, gamma, self.raising,
                    )  # fmt: skip
        except KeyboardInterrupt:
            # the depths of an update run one by one, so an interrupt may fall between two
            self._interrupted = True
            raise

    def strategy(self) -> np.ndarray:
        """The average strategy: ``(n_edges, 252)``, each node's moves summing to 1 by hand."""
        t = self.tree
        out = np.empty((t.n_edges, ix.N_HANDS))  # the kernel writes every move of every node
        kernels.average_strategy(t.total, t.off, t.width, t.depth, t.n_nodes, out)
        return out

    def reaches(self, strategy: np.ndarray) -> np.ndarray:
        """``(n_nodes, 2, 252)``: each seat's chance of each hand times its moves' chances."""
        t = self.tree
        R = np.zeros((t.n_nodes, 2, ix.N_HANDS))
        order, starts = self._levels
        kernels.reaches(order, starts, t.off, t.width, t.depth, t.child, strategy, self.chances, R)
        return R

    def bounds(self, strategy: np.ndarray, R: np.ndarray) -> tuple[float, float]:
        """``(lower, upper)``: seat 1's result against seat 2's best response to
        ``strategy``, and seat 1's best response against seat 2's (the game on claims)."""
        t = self.tree
        args = (*self._levels, t.last, t.depth, t.off, t.width, t.child, strategy, R)
        tail = (self.pairs, self.chances, self.n_claims)
        upper = kernels.tree_response(*args, *tail, 0)
        lower = -kernels.tree_response(*args, *tail, 1)
        return float(lower), float(upper)

    def grow(self, strategy: np.ndarray, R: np.ndarray, grow_all: float, grow_own: float) -> int:
        """Bring in the histories the module docstring names; how many were added."""
        t = self.tree
        mass = R.sum(axis=2)
        opened: list[int] = []  # node by node: their order numbers the new nodes
        for n in range(t.n_nodes):
            mover = int(t.depth[n] % 2)
            e0, w = int(t.off[n]), int(t.width[n])
            outside = np.flatnonzero(t.child[e0 + 1 : e0 + w] < 0) + e0 + 1
            if not len(outside):
                continue
            if mass[n, 1 - mover] > grow_all:
                wanted = outside
            else:
                own = dot(strategy[outside], R[n, mover])
                wanted = outside[own > grow_own]
            opened.extend(int(edge) for edge in wanted)
        added = t.open_edges(opened)
        if added:
            self._levels = t.levels()
        return added

    def policy(self, strategy: np.ndarray) -> dict[tuple[int, ...], tuple[tuple[int, ...], Any]]:
        """History -> (its moves, ``(n_moves, 252)`` chances by hand); no call at the opening."""
        t = self.tree
        out = {}
        for n, history in enumerate(t.histories()):
            e0, w = int(t.off[n]), int(t.width[n])
            first = 1 if t.depth[n] == 0 else 0  # the opening has no call
            out[history] = (t.actions(n)[first:], strategy[e0 + first : e0 + w].copy())
        return out


@dataclass(frozen=True)
class RoundFigures:
    """Where a solve stands after a round: iterations so far, histories in the tree,
    the two bounds on claims (seat 1's result, units a game), the seconds spent and the
    round's ``grow_all`` threshold."""

    iterations: int
    histories: int
    lower: float
    upper: float
    seconds: float
    grow_all: float


@dataclass(frozen=True)
class ClaimSolution:
    """An average strategy on claims and how it was found.

    Attributes
    ----------
    policy : dict
        History of claims -> (actions, ``(n_actions, 252)`` chances by own hand); a
        history outside it is answered by a call.
    lower, upper : float
        The last best-response bounds on claims (seat 1's result, units a game).
    iterations, rounds, histories : int
        DCFR iterations, growth rounds and histories of the final tree.
    seconds : float
        Time the solve took.
    """

    policy: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]]
    lower: float
    upper: float
    iterations: int
    rounds: int
    histories: int
    seconds: float


def grow_and_solve(
    ladder: BidLadder,
    target: float = 1e-3,
    iterations: int = 50,
    grow_every: int = 10,
    max_rounds: int = 60,
    max_seconds: float = 110.0,
    grow_all: float = 0.01,
    grow_own: float = 5e-4,
    chances: np.ndarray | None = None,
    max_histories: int = MAX_HISTORIES,
    on_round: Callable[[RoundFigures], None] | None = None,
    raising: bool = False,
    grow_all_floor: float | None = None,
    answering: int | None = None,
) -> ClaimSolution:
    """Solve the game on claims by discounted CFR on a tree grown by reach.

    Parameters
    ----------
    ladder : BidLadder
        A claim ladder (:func:`~pokerdice_stats.games.bidding.exact.claims.claim_ladder`).
    target : float
        Stop once the two best responses on claims are within this (units a game).
    iterations : int
        DCFR iterations a round (the bounds are measured after each round).
    grow_every : int
        DCFR iterations between two growths (growing needs no best response, so it can
        be more frequent than the measures: on the classic fine ladder, growing every 10
        iterations reached in about 300 iterations the gap that growing every 50 reached
        in 700, 0.0235: ``results/benchmarks/bidding.md``).
    max_rounds, max_seconds : int, float
        Stop after so many rounds, or once this time is spent.
    grow_all, grow_own : float
        The growth thresholds (module docstring).
    chances : (252,) or (2, 252) array, optional
        Each hand's chance, or each seat's (:class:`ClaimSolver`).
    answering : int, optional
        The whole game (None), or the game from a bid of claim 0 answered by seat 0 or 1
        (:class:`ClaimSolver`).
    max_histories : int
        The tree stops growing past this many histories (memory: some 50 KB a history
        for the regrets, strategies and sums of its moves).
    on_round : callable, optional
        Called after each round with its :class:`RoundFigures` (a progress line, a log).
    raising : bool
        How the solve answers bids outside the tree (:class:`ClaimSolver`).
    grow_all_floor : float, optional
        Once a round grows the tree by less than 2%, divide ``grow_all`` by 5, down to
        this floor (default: ``grow_all`` stays).  On the classic fine ladder, lowering
        it from 0.01 to 0.002 after 250 iterations left 17% less gap after 350, with
        1.7 times the histories; a floor of 0.0004 reached a gap of 0.0085 after 600
        iterations (27 minutes, 232,000 histories: ``results/benchmarks/bidding.md``).

    Raises
    ------
    OptionError
        If ``grow_all_floor`` is not above 0 and at most ``grow_all``.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.bidding.exact.claims import claim_ladder
    >>> from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    >>> claims = claim_ladder(bid_ladder(get_rules("classic"), "category"))
    >>> solution = grow_and_solve(claims, target=1e-3)
    >>> solution.upper - solution.lower <= 1e-3
    True
    >>> solution.lower <= 0.325556 <= solution.upper  # the exact value, solved by LP
    True
    """
    if grow_all_floor is not None and not 0.0 < grow_all_floor <= grow_all:
        raise OptionError(
            f"grow_all_floor must be above 0 and at most grow_all ({grow_all}), "
            f"not {grow_all_floor}"
        )
    start = time.perf_counter()
    solver = ClaimSolver(ladder, chances, raising, answering)
    lower, upper, rounds = -1.0, 1.0, 0
    strategy = solver.strategy()
    R = solver.reaches(strategy)
    solver.grow(strategy, R, grow_all, grow_own)
    while True:
        rounds += 1
        done = 0
        at_start = len(solver.tree)
        while done < iterations:
            step = min(grow_every, iterations - done)
            solver.run(step)
            done += step
            if done < iterations and len(solver.tree) < max_histories:
                strategy = solver.strategy()
                solver.grow(strategy, solver.reaches(strategy), grow_all, grow_own)
        strategy = solver.strategy()
        R = solver.reaches(strategy)
        lower, upper = solver.bounds(strategy, R)
        seconds = time.perf_counter() - start
        if on_round is not None:
            on_round(
                RoundFigures(solver.iterations, len(solver.tree), lower, upper, seconds, grow_all)
            )
        if upper - lower <= target or rounds >= max_rounds or seconds > max_seconds:
            break
        if grow_all_floor is not None and len(solver.tree) < 1.02 * at_start:
            grow_all = max(grow_all_floor, grow_all / 5.0)  # the tree has settled: reach lower
        if len(solver.tree) < max_histories:
            solver.grow(strategy, R, grow_all, grow_own)
    return ClaimSolution(
        solver.policy(strategy),
        lower,
        upper,
        solver.iterations,
        rounds,
        len(solver.tree),
        time.perf_counter() - start,
    )
