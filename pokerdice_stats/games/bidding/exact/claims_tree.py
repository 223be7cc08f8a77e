"""A growing tree of claim histories, laid out as arrays for the compiled passes.

A *history* is the tuple of claims bid so far (indices on a claim ladder, strictly
rising, so a history is also the set of its claims); seat 1 moves after an even
number of bids.  The tree holds histories closed under prefixes.  Every node has all
its moves as edges: the call (none at the opening) and a bid of every higher claim;
an edge's ``child`` is -1 while the history it leads to is outside the tree, where
the player to move calls (the *default*).  The layout is the one
:mod:`~pokerdice_stats.games.bidding.exact.claims_kernels` reads.

Examples
--------
>>> tree = ClaimTree(3)
>>> tree.add((0, 2))
2
>>> tree.histories()
[(), (0,), (0, 2)]
>>> tree.edge_history(tree.off[1] + 2)  # from (0,): the bid of claim 2
(0, 2)
>>> int(tree.child[tree.off[1] + 1])  # the bid of claim 1 is outside the tree
-1
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError

__all__ = ["CALL", "ClaimTree"]

#: The action "call" (a bid is its claim index, 0 and up).
CALL = -1

#: The arrays kept per node, and per edge.
_NODE_ARRAYS = ("last", "depth", "off", "width")
_EDGE_ARRAYS = ("regret", "sigma", "total")


class ClaimTree:
    """Histories closed under prefixes, every move of each an edge.

    Parameters
    ----------
    n_claims : int
        Claims on the ladder (a history's claims are below it).
    answering : int, optional
        None (default): the tree of the whole game, from the opening.  0 or 1: the tree
        of the game from a bid of claim 0 that seat ``answering`` (0: seat 1) answers
        (a call or a higher claim) at the root, whose history is ``()``: a subgame
        re-indexed so that its root's claim is 0
        (:mod:`~pokerdice_stats.games.bidding.exact.claims_resolve`).

    Attributes
    ----------
    last, depth, off, width : (capacity,) int64
        Per node (the first :attr:`n_nodes` are used): the last claim (-1 at the
        opening), the bids so far (from the root of a subgame: 2 or 1 there, so that its
        mover's seat is ``depth % 2``), the first edge and the number of edges.
    child : (edge capacity,) int64
        Per edge: the node it leads to, -1 outside the tree (or for a call).
    regret, sigma, total : (edge capacity, 252) float64
        Per edge and own hand: the solver's regrets, current strategy (their regret
        matching: at a new node, with no regrets, the call, or at the opening the lowest
        bid) and weighted sum of strategies (carried over as the tree grows).
    """

    def __init__(self, n_claims: int, answering: int | None = None) -> None:
        if answering is not None and (isinstance(answering, bool) or answering not in (0, 1)):
            raise OptionError(f"answering must be None, 0 or 1, not {answering!r}")
        self.n_claims = int(n_claims)
        # the root: the opening, or a bid of claim 0 answered by seat `answering`
        self.root_last = -1 if answering is None else 0
        self.root_depth = 0 if answering is None else 2 - int(answering)
        self.n_nodes = 0
        self.n_edges = 0
        self.last = np.zeros(64, dtype=np.int64)
        self.depth = np.zeros(64, dtype=np.int64)
        self.off = np.zeros(64, dtype=np.int64)
        self.width = np.zeros(64, dtype=np.int64)
        self.child = np.full(64 * (self.n_claims + 1), -1, dtype=np.int64)
        self.regret = np.zeros((len(self.child), ix.N_HANDS))
        self.sigma = np.zeros((len(self.child), ix.N_HANDS))
        self.total = np.zeros((len(self.child), ix.N_HANDS))
        self._index: dict[tuple[int, ...], int] = {}
        self._history: list[tuple[int, ...]] = []
        self._new(())

    def __len__(self) -> int:
        return self.n_nodes

    def __contains__(self, history: object) -> bool:
        return history in self._index

    def node(self, history: tuple[int, ...]) -> int | None:
        """The node of ``history``, or None outside the tree."""
        return self._index.get(history)

    def histories(self) -> list[tuple[int, ...]]:
        """Every node's history, by node number."""
        return list(self._history)

    def edge_history(self, edge: int) -> tuple[int, ...]:
        """The history a bid edge leads to (in the tree or not)."""
        n = int(np.searchsorted(self.off[: self.n_nodes], edge, side="right") - 1)
        return (*self._history[n], int(self.last[n] + edge - self.off[n]))

    def _grow_arrays(self, nodes: int, edges: int) -> None:
        if nodes > len(self.last):
            size = max(2 * len(self.last), nodes)
            for name in _NODE_ARRAYS:
                old = getattr(self, name)
                new = np.zeros(size, dtype=np.int64)
                new[: self.n_nodes] = old[: self.n_nodes]
                setattr(self, name, new)
        if edges > len(self.child):
            size = max(2 * len(self.child), edges)
            child = np.full(size, -1, dtype=np.int64)
            child[: self.n_edges] = self.child[: self.n_edges]
            self.child = child
            for name in _EDGE_ARRAYS:
                old = getattr(self, name)
                grown = np.zeros((size, ix.N_HANDS))
                grown[: self.n_edges] = old[: self.n_edges]
                setattr(self, name, grown)

    def _new(self, history: tuple[int, ...]) -> int:
        last = history[-1] if history else self.root_last
        depth = self.root_depth + len(history)
        width = self.n_claims - last
        self._grow_arrays(self.n_nodes + 1, self.n_edges + width)
        n = self.n_nodes
        self.last[n], self.depth[n], self.off[n], self.width[n] = (
            last,
            depth,
            self.n_edges,
            width,
        )
        self.sigma[self.n_edges + (1 if depth == 0 else 0)] = 1.0  # no regrets yet: the default
        self.n_edges += width
        self.n_nodes += 1
        self._index[history] = n
        self._history.append(history)
        return n

    def add(self, history: tuple[int, ...]) -> int:
        """Add ``history`` and its prefixes; its node number."""
        found = self._index.get(history)
        if found is not None:
            return found
        if (
            not history
            or history[-1] >= self.n_claims
            or history[0] <= self.root_last
            or any(a >= b for a, b in itertools.pairwise(history))
        ):
            raise OptionError(f"not a history of rising claims below {self.n_claims}: {history}")
        parent = self.add(history[:-1])
        node = self._new(history)
        self.child[self.off[parent] + history[-1] - self.last[parent]] = node
        return node

    def open_edges(self, edges: Sequence[int]) -> int:
        """:meth:`open_edge` for each of ``edges`` (bid edges of nodes in the tree) in
        turn, the room for all of them made at once (the edge arrays copied once, not at
        every doubling); how many were outside."""
        at = np.asarray(edges, dtype=np.int64)
        parents = np.searchsorted(self.off[: self.n_nodes], at, side="right") - 1
        claims = self.last[parents] + at - self.off[parents]
        # a new node has an edge for each of its moves: the call, each higher claim
        self._grow_arrays(
            self.n_nodes + len(at), self.n_edges + int((self.n_claims - claims).sum())
        )
        added = 0
        for edge, parent, claim in zip(at.tolist(), parents.tolist(), claims.tolist(), strict=True):
            if self.child[edge] < 0:
                self.child[edge] = self._new((*self._history[parent], claim))
                added += 1
        return added

    def open_edge(self, edge: int) -> bool:
        """Bring the history a bid edge leads to into the tree; whether it was outside."""
        if self.child[edge] >= 0:
            return False
        self.add(self.edge_history(edge))
        return True

    def levels(self) -> tuple[np.ndarray, np.ndarray]:
        """``(order, starts)``: the nodes by depth, and where each depth starts in ``order``."""
        depth = self.depth[: self.n_nodes]
        order = np.argsort(depth, kind="stable").astype(np.int64)
        starts = np.concatenate([[0], np.cumsum(np.bincount(depth))]).astype(np.int64)
        return order, starts

    def actions(self, n: int) -> tuple[int, ...]:
        """Node ``n``'s moves, edge by edge: :data:`CALL` (not at the opening), then the bids."""
        last = int(self.last[n])
        return (CALL, *range(last + 1, self.n_claims))
