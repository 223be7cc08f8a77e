"""The sequence-form linear program of bidding for two.

Seat 1 chooses a realization plan ``x`` (for each own hand and each of its
sequences, the chance it plays every move of that sequence), seat 2 a plan
``y``; both obey the flow constraints ``E x = e``, ``F y = f``, ``x, y >= 0``.
Seat 1's expected result is ``x' A y``, with ``A`` summing, over the calls
that end the game, the chance of the two hands times +1 or -1.  The value is
``max_x min_y x' A y``; taking the dual of the inner minimum gives one linear
program (von Stengel, 1996)::

    maximise  f' v   subject to   F' v - A' x <= 0,   E x = e,   x >= 0.

Its duals on the ``<=`` rows are seat 2's plan ``y``.

Hand classes.  Face relabelings that keep every hand's rung (for the classic
categories: reversing the faces, which swaps the two straights) are
symmetries of the game; an equilibrium exists in which both seats play alike
on hands of one orbit, and against such a strategy the other seat loses
nothing by doing so too.  The program is therefore written over the orbits
(27 classes instead of 252 hands on the classic categories), with the
payoffs summed over the hands of each class.  A reduced deal (some hands dealt, others
not) is a symmetry only of the relabelings that keep it as well: the classes of a deal are
the orbits of those (:func:`hand_classes` with ``chances``).  The solution is checked in the
full game by :mod:`pokerdice_stats.games.bidding.exact.response`, which knows
nothing of classes or of the program.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.tree import BidTree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.ground.interrupts import call_interruptibly
from pokerdice_stats.kernels.fixed_order import dot

__all__ = ["LPSolution", "class_payoffs", "hand_classes", "outcome_payoffs", "solve_lp"]

#: Feasibility tolerances given to HiGHS (the result is certified afterwards).
LP_TOLERANCE = 1e-10
#: The HiGHS method (interior point, then crossover to a vertex).
LP_METHOD = "highs-ipm"


def _hand_lookup() -> dict[tuple[int, ...], int]:
    return {tuple(int(v) for v in c): h for h, c in enumerate(ix.HAND_COUNTS)}


def hand_classes(ladder: BidLadder, chances: np.ndarray | None = None) -> np.ndarray:
    """Class of each hand: its orbit under the face relabelings that keep every rung
    (and every hand's chance of being dealt).

    Parameters
    ----------
    ladder : BidLadder
    chances : (252,) array, optional
        Each hand's chance of being dealt (default: the throw's, which every relabeling
        keeps).  A reduced deal is a symmetry of the game only under the relabelings
        that keep it too: only those are used, so that the classes lose nothing.

    Returns
    -------
    (252,) int64
        Class ids 0..n-1, numbered in order of each class's first hand.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    >>> ladder = bid_ladder(get_rules("classic"))
    >>> int(hand_classes(ladder).max()) + 1
    27
    >>> deal = np.zeros(252)
    >>> deal[[0, 17, 90]] = 1 / 3  # three hands dealt: fewer relabelings keep the deal
    >>> int(hand_classes(ladder, deal).max()) + 1
    166
    """
    lookup = _hand_lookup()
    dealt = None if chances is None else np.asarray(chances, dtype=float)
    counts = ix.HAND_COUNTS.astype(np.int64)
    images = []
    for perm in itertools.permutations(range(ix.N_FACES)):
        moved = np.empty_like(counts)
        moved[:, list(perm)] = counts
        image = np.array([lookup[tuple(int(v) for v in row)] for row in moved])
        if np.array_equal(ladder.hand_rung[image], ladder.hand_rung) and (
            dealt is None or np.array_equal(dealt[image], dealt)
        ):
            images.append(image)
    root = np.arange(ix.N_HANDS)
    for image in images:
        root = np.minimum(root, root[image])
    # One pass may not close long orbits; repeat to a fixed point.
    while True:
        new = root.copy()
        for image in images:
            new = np.minimum(new, new[image])
        if np.array_equal(new, root):
            break
        root = new
    _, first, classes = np.unique(root, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[classes].astype(np.int64)


def class_payoffs(
    pair_rung: np.ndarray, n_rungs: int, classes: np.ndarray, first: object, second: object
) -> np.ndarray:
    """Seat 1's gain by class pair for every called rung, summed in one fixed order.

    Parameters
    ----------
    pair_rung : (252, 252) int
        The highest rung the ten dice make, by seat 1's and seat 2's hand.
    n_rungs : int
    classes : (252,) int
        Each hand's class.
    first, second : (252,) array
        The seats' hands' weights.  Whole numbers (the ways to throw the hands) are
        added exactly; floats by :func:`~pokerdice_stats.kernels.fixed_order.dot`, in
        the order of the hands' indices, so that the same weights give the same bits
        on every machine.

    Returns
    -------
    (n_rungs, n_classes, n_classes)
        ``out[b, c, d]``: the sum over hands ``h`` of class ``c`` and ``g`` of class
        ``d`` of ``first[h] second[g]`` times +1 when the ten dice make rung ``b``,
        else -1.
    """
    pair = np.multiply.outer(np.asarray(first), np.asarray(second))
    member = np.zeros((len(classes), int(np.max(classes)) + 1), dtype=pair.dtype)
    member[np.arange(len(classes)), classes] = 1
    out = np.empty((n_rungs, member.shape[1], member.shape[1]), dtype=pair.dtype)
    for rung in range(n_rungs):
        signed = np.where(pair_rung >= rung, pair, -pair)
        out[rung] = dot(dot(member.T, signed), member)
    return out


def outcome_payoffs(
    ladder: BidLadder, classes: np.ndarray, chances: np.ndarray | None = None
) -> np.ndarray:
    """For every rung, seat 1's gain by class pair when that rung is called and seat 1 bid it.

    Returns
    -------
    (n_rungs, n_classes, n_classes) float
        ``out[b, c, d]``: the sum over hands ``h`` of class ``c`` (seat 1) and
        ``g`` of class ``d`` (seat 2) of ``p(h) p(g)`` times +1 when the ten dice
        make rung ``b``, else -1.  When seat 2 made the bid the gain is minus this.
        With the throw's chances the sums are exact whole numbers of ways, divided
        once (the nearest float to the exact chance).
    """
    if chances is None:
        ways = ix.HAND_WAYS.astype(np.int64)
        counted = class_payoffs(ladder.pair_rung, ladder.n_rungs, classes, ways, ways)
        return counted / float(ix.N_THROWS**2)
    p = np.asarray(chances, dtype=float)
    return class_payoffs(ladder.pair_rung, ladder.n_rungs, classes, p, p)


@dataclass(frozen=True)
class LPSolution:
    """Realization plans by class and the program's value.

    ``plan[seat]`` is ``(n_classes, n_sequences(seat))``: the chance a hand of
    the class plays every move of the sequence (the empty sequence: 1).
    """

    value: float
    plan: dict[int, np.ndarray]


def _flow(tree: BidTree, seat: int, n_classes: int) -> sp.csr_matrix:
    """Flow constraints of one seat: root = 1, each information set's moves sum to its parent."""
    rows, cols, vals = [0], [0], [1.0]
    for i, info in enumerate(tree.infosets[seat], start=1):
        rows.append(i)
        cols.append(info.parent)
        vals.append(-1.0)
        for move in info.moves:
            rows.append(i)
            cols.append(move)
            vals.append(1.0)
    one = sp.csr_matrix(
        (vals, (rows, cols)), shape=(len(tree.infosets[seat]) + 1, tree.n_sequences(seat))
    )
    return sp.block_diag([one] * n_classes, format="csr")


def _payoff_transposed(tree: BidTree, payoff: np.ndarray) -> sp.csr_matrix:
    """``A'``: rows are seat 2's (class, sequence), columns seat 1's (class, sequence)."""
    n_classes = payoff.shape[1]
    n1, n2 = tree.n_sequences(1), tree.n_sequences(2)
    c1, c2 = np.meshgrid(np.arange(n_classes), np.arange(n_classes), indexing="ij")
    rows, cols, vals = [], [], []
    for outcome in tree.outcomes:
        block = payoff[outcome.rung] * (1.0 if outcome.bidder == 1 else -1.0)
        s1, s2 = outcome.sequence
        rows.append((c2 * n2 + s2).ravel())
        cols.append((c1 * n1 + s1).ravel())
        vals.append(block.ravel())
    return sp.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
        shape=(n_classes * n2, n_classes * n1),
    )


def solve_lp(tree: BidTree, payoff: np.ndarray) -> LPSolution:
    """Solve the sequence-form program over hand classes with HiGHS.

    Parameters
    ----------
    tree : BidTree
    payoff : (n_rungs, n_classes, n_classes) array
        From :func:`outcome_payoffs`.

    Raises
    ------
    PokerDiceError
        If the solver does not report an optimum (it should not happen).
    """
    from scipy.optimize import linprog  # about 0.7 s to import: only when a program is solved

    n_classes = payoff.shape[1]
    e_flow = _flow(tree, 1, n_classes)
    f_flow = _flow(tree, 2, n_classes)
    a_t = _payoff_transposed(tree, payoff)
    n_x, n_v = e_flow.shape[1], f_flow.shape[0]
    per_class = f_flow.shape[0] // n_classes
    objective = np.zeros(n_x + n_v)
    objective[n_x::per_class] = -1.0  # maximise the sum of the root values
    a_ub = sp.hstack([-a_t, f_flow.T]).tocsr()
    a_eq = sp.hstack([e_flow, sp.csr_matrix((e_flow.shape[0], n_v))]).tocsr()
    b_eq = np.zeros(e_flow.shape[0])
    b_eq[:: e_flow.shape[0] // n_classes] = 1.0
    bounds = [(0.0, None)] * n_x + [(None, None)] * n_v
    result = call_interruptibly(  # HiGHS never looks at Ctrl-C: wait for it in a thread
        linprog,
        objective,
        A_ub=a_ub,
        b_ub=np.zeros(a_ub.shape[0]),
        A_eq=a_eq,
        b_eq=b_eq,
        bounds=bounds,
        method=LP_METHOD,
        options={
            "primal_feasibility_tolerance": LP_TOLERANCE,
            "dual_feasibility_tolerance": LP_TOLERANCE,
        },
    )
    if result.status != 0:
        raise PokerDiceError(f"the bidding program was not solved: {result.message}")
    x = np.clip(result.x[:n_x], 0.0, None).reshape(n_classes, tree.n_sequences(1))
    y = np.clip(-result.ineqlin.marginals, 0.0, None).reshape(n_classes, tree.n_sequences(2))
    return LPSolution(value=float(-result.fun), plan={1: x, 2: y})
