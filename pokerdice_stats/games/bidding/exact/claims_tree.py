"""A growing tree of claim histories, laid out as arrays for the CFR+ solver.

A *history* is the tuple of claims bid so far (indices on a claim ladder,
strictly rising); seat 1 moves after an even number of bids.  The solver
plays on a tree ``T`` of histories closed under prefixes: at a history of
``T`` the player to move may call (once a bid stands) or bid a claim that
leads to another history of ``T``.  Outside ``T`` a player calls (the
*default*); :mod:`~pokerdice_stats.games.bidding.exact.claims_cfr` grows ``T``
where a best response finds that default wanting.

:class:`ClaimTree` keeps the histories; :meth:`ClaimTree.layout` lays out the
moves (*edges*) as arrays: grouped by parent, parents in order of depth, each
parent's call first, then its bids rising.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["CALL", "ClaimTree", "TreeLayout"]

#: The action "call" (a bid is its claim index, 0 and up).
CALL = -1


@dataclass(frozen=True)
class TreeLayout:
    """The edges of a :class:`ClaimTree` as arrays (see the module docstring).

    Attributes
    ----------
    histories : tuple of tuple of int
        Node ``n``'s history.
    depth, mover, last : (n_nodes,) int64
        Bids so far, the seat to move (1 or 2), the last claim (-1 at the start).
    parent, action, child : (n_edges,) int64
        Each edge's node, its action (a claim or :data:`CALL`) and the node it
        leads to (-1 for a call).
    starts : (n_groups,) int64
        First edge of each parent's group; ``parent[starts]`` the parents.
    levels : tuple of (int, int)
        ``(first, stop)`` edge range of the parents at each depth.
    """

    histories: tuple[tuple[int, ...], ...]
    depth: np.ndarray
    mover: np.ndarray
    last: np.ndarray
    parent: np.ndarray
    action: np.ndarray
    child: np.ndarray
    starts: np.ndarray
    levels: tuple[tuple[int, int], ...]

    @property
    def n_nodes(self) -> int:
        """Histories in the tree."""
        return len(self.histories)

    @property
    def n_edges(self) -> int:
        """Moves in the tree (calls included)."""
        return len(self.parent)

    def keys(self) -> list[tuple[tuple[int, ...], int]]:
        """``(history, action)`` of every edge, in edge order."""
        return [(self.histories[p], int(a)) for p, a in zip(self.parent, self.action, strict=True)]


class ClaimTree:
    """Histories closed under prefixes, with each history's bids in the tree.

    Parameters
    ----------
    n_claims : int
        Claims on the ladder (a history's claims are below it).
    """

    def __init__(self, n_claims: int) -> None:
        self.n_claims = int(n_claims)
        self.index: dict[tuple[int, ...], int] = {(): 0}
        self.histories: list[tuple[int, ...]] = [()]
        self.children: list[set[int]] = [set()]

    def __len__(self) -> int:
        return len(self.histories)

    def __contains__(self, history: object) -> bool:
        return history in self.index

    def add(self, history: tuple[int, ...]) -> int:
        """Add ``history`` and its prefixes; its node number."""
        found = self.index.get(history)
        if found is not None:
            return found
        parent = self.add(history[:-1])
        node = len(self.histories)
        self.index[history] = node
        self.histories.append(history)
        self.children.append(set())
        self.children[parent].add(history[-1])
        return node

    def add_with_answers(self, history: tuple[int, ...]) -> None:
        """Add ``history`` and every bid the next player may make after it."""
        self.add(history)
        for claim in range(history[-1] + 1 if history else 0, self.n_claims):
            self.add((*history, claim))

    def layout(self) -> TreeLayout:
        """The edges as arrays (see :class:`TreeLayout`)."""
        order = sorted(range(len(self.histories)), key=lambda n: (len(self.histories[n]), n))
        parent: list[int] = []
        action: list[int] = []
        child: list[int] = []
        starts: list[int] = []
        levels: list[tuple[int, int]] = []
        depth = np.array([len(h) for h in self.histories], dtype=np.int64)
        for node in order:
            if not self.histories[node] and not self.children[node]:
                continue
            d = int(depth[node])
            while len(levels) <= d:
                levels.append((len(parent), len(parent)))
            starts.append(len(parent))
            history = self.histories[node]
            if history:
                parent.append(node)
                action.append(CALL)
                child.append(-1)
            for claim in sorted(self.children[node]):
                parent.append(node)
                action.append(claim)
                child.append(self.index[(*history, claim)])
            levels[d] = (levels[d][0], len(parent))
        mover = np.where(depth % 2 == 0, 1, 2).astype(np.int64)
        last = np.array([h[-1] if h else -1 for h in self.histories], dtype=np.int64)
        return TreeLayout(
            tuple(self.histories),
            depth,
            mover,
            last,
            np.array(parent, dtype=np.int64),
            np.array(action, dtype=np.int64),
            np.array(child, dtype=np.int64),
            np.array(starts, dtype=np.int64),
            tuple(levels),
        )
