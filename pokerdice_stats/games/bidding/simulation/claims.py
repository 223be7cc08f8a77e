"""Simulated games of bidding for two against a solution on claims, on every rung.

The solution (:class:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding`)
is played out with the bidding kernel (:mod:`~pokerdice_stats.kernels.simulation.bidding`)
against itself, and against each seat's best response in the full game
(:func:`~pokerdice_stats.games.bidding.exact.claims_response.claims_best_response`).
The kernel's nodes are built from the start, following only moves some hand makes:

- a history of the solution's tree: the mover's moves there (the solution's chances, or
  the best response's move by hand);
- a bid outside the tree: the solution calls it; or, when the solution made it, the best
  response calls or raises by one claim (and the solution calls the raise).

A call settles on the top rung of the called claim's block (the same pairs make it as
any rung of the block), so a simulated best-response game estimates the exact bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.run import RunOptions, run_job
from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_response import RAISE, claims_best_response
from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.games.bidding.simulation.solved import (
    DEFAULT_BIDDING_GAMES,
    BiddingJob,
    game_arrays,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.simulation.bidding import BidGame
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CLAIMS_MATCHUPS",
    "ClaimsMatchup",
    "claims_game",
    "claims_matchups",
    "simulate_claims_matchups",
]

#: (seat 1, seat 2) played: ``solved`` or ``best-response``.
CLAIMS_MATCHUPS = (("solved", "solved"), ("best-response", "solved"), ("solved", "best-response"))


@dataclass(frozen=True)
class ClaimsMatchup:
    """One matchup played out: seat 1's simulated result (units won per game), its exact
    value where known (a best response's; None for the solution against itself, which
    lies between the bounds), and the mean bids a game."""

    seat1: str
    seat2: str
    estimate: stats.Estimate
    exact: float | None
    bids_per_game: float

    def record(self) -> dict[str, object]:
        """The matchup as one row: the seats, the estimate with its interval, sample and
        seed, the exact value (None where unknown) and the mean bids a game."""
        e = self.estimate
        return {"seat1": self.seat1, "seat2": self.seat2, "estimate": e.estimate,
                "ci_low": e.ci_low, "ci_high": e.ci_high, "n": e.n, "seed": e.seed,
                "exact": self.exact, "bids_per_game": self.bids_per_game}  # fmt: skip

    def frame(self) -> pd.DataFrame:
        """The matchup as a one-row frame: the columns of :meth:`record`."""
        import pandas as pd

        return pd.DataFrame([self.record()])

    def __repr__(self) -> str:
        return short_repr(
            self,
            seat1=self.seat1,
            seat2=self.seat2,
            estimate=self.estimate.estimate,
            exact=self.exact,
            bids_per_game=self.bids_per_game,
            n=self.estimate.n,
            seed=self.estimate.seed,
        )


class _Graph:
    """The kernel's nodes, made as the games reach them."""

    def __init__(self, result: ClaimsBidding, responder: int | None) -> None:
        self.result = result
        self.responder = responder
        self.best = None if responder is None else claims_best_response(result, responder)
        self.index: dict[tuple, int] = {}
        self.nodes: list[tuple[int, int, list[tuple[int, int]]]] = []  # mover, last, moves
        self.columns: list[np.ndarray] = []  # extra columns after the solution's chances
        self.column_of: dict[bytes, int] = {}
        self.row = {h: i for i, h in enumerate(result.histories)}
        self.made = np.asarray(result.chances.any(axis=1), dtype=bool)  # some hand makes it

    def column(self, chances: np.ndarray) -> int:
        """The strategy column holding ``chances`` (252,), made once per distinct one."""
        key = chances.tobytes()
        if key not in self.column_of:
            self.column_of[key] = len(self.result.chances) + len(self.columns)
            self.columns.append(chances)
        return self.column_of[key]

    def node(self, key: tuple) -> int:
        if key in self.index:
            return self.index[key]
        number = len(self.nodes)
        self.index[key] = number
        self.nodes.append((0, 0, []))
        kind, history = key[0], key[1]
        tops = self.result.tops
        mover = len(history) % 2 + 1
        if kind == "called":  # the solution calls the bid that ends ``history``
            last = int(tops[history[-1]])
            moves = [(-1, self.column(np.ones(ix.N_HANDS)))]
        elif kind == "answer":  # the best response answers the solution's bid off the tree
            last = int(tops[history[-1]])
            # (no hand of the solution that reaches here makes this bid: any answer)
            choice = self.best.moves.get(history, np.full(ix.N_HANDS, CALL))  # type: ignore[union-attr]
            moves = []
            if (choice == CALL).any():
                moves.append((-1, self.column((choice == CALL).astype(float))))
            if (choice == RAISE).any():
                raised = self.node(("called", (*history, history[-1] + 1)))
                moves.append((raised, self.column((choice == RAISE).astype(float))))
        elif mover == self.responder:
            last = int(tops[history[-1]]) if history else -1
            choice = self.best.moves[history]  # type: ignore[union-attr]
            moves = []
            for option in np.unique(choice):
                column = self.column((choice == option).astype(float))
                if option == CALL:
                    moves.append((-1, column))
                    continue
                after = (*history, int(option))
                inside = after in self.row
                moves.append((self.node(("tree" if inside else "called", after)), column))
        else:
            last = int(tops[history[-1]]) if history else -1
            options = self.result.policy[history][0]
            start = int(self.result.starts[self.row[history]])
            moves = []
            for i, option in enumerate(options):
                if not self.made[start + i]:
                    continue
                if option == CALL:
                    moves.append((-1, start + i))
                    continue
                after = (*history, option)
                if after in self.row:
                    moves.append((self.node(("tree", after)), start + i))
                elif self.responder is None:
                    moves.append((self.node(("called", after)), start + i))
                else:
                    moves.append((self.node(("answer", after)), start + i))
        self.nodes[number] = (mover, last, moves)
        return number


def _game_nodes(result: ClaimsBidding, responder: int | None) -> tuple[np.ndarray, ...]:
    """The kernel's nodes (mover, last rung, CSR moves: child and strategy column) and the
    strategy columns the walk adds after the solution's (booleans: which hands move)."""
    graph = _Graph(result, responder)
    graph.node(("tree", ()))
    nodes = graph.nodes
    return (
        np.array([m for m, _, _ in nodes], dtype=np.int64),
        np.array([r for _, r, _ in nodes], dtype=np.int64),
        np.cumsum([0] + [len(moves) for _, _, moves in nodes]).astype(np.int64),
        np.array([c for _, _, moves in nodes for c, _ in moves], dtype=np.int64),
        np.array([s for _, _, moves in nodes for _, s in moves], dtype=np.int64),
        # the added columns are 0/1 by hand (a move some hands make): kept as booleans
        np.array(graph.columns, dtype=np.float64).reshape(-1, ix.N_HANDS).astype(bool),
    )


def claims_game(result: ClaimsBidding, responder: int | None = None) -> BidGame:
    """The kernel's arrays: the solution against itself (``responder`` None), or against
    the best response of seat ``responder`` (1 or 2).

    The nodes (a walk of some 60,000 in Python, about a second and a half on the classic
    fine ladder) are worked out once per solution and responder, kept on the solution
    object (not in its own entry) and in the toolkit's cache folder
    (:meth:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding.kept`); the
    solution's chances (some 150 MB) are read where they are, not copied.
    """
    mover, last, ptr, child, seq, extra = result.kept(
        "claims_game_nodes", responder, lambda: _game_nodes(result, responder)
    )
    # the solution's (moves, 252) chances for both seats, read in place (the kernel never
    # writes them), and the walk's added columns after them
    chances = result.chances
    return game_arrays(
        result.ladder.pair_rung, mover, last, ptr, child, seq, chances, chances, extra
    )


def claims_matchups(result: ClaimsBidding, run: RunOptions | None = None) -> list[ClaimsMatchup]:
    """Each of :data:`CLAIMS_MATCHUPS` played out (:class:`ClaimsMatchup`).

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims (from
        :func:`~pokerdice_stats.games.bidding.exact.claims_answer.solve_claims`).
    run : RunOptions, optional
        Samples (default :data:`DEFAULT_BIDDING_GAMES` games a matchup), seed, workers.

    Returns
    -------
    list of ClaimsMatchup
        One per matchup of :data:`CLAIMS_MATCHUPS`, in its order: seat 1's simulated
        result (units won per game), its exact value where known and the mean bids a
        game.
    """
    checked_instance(result, ClaimsBidding, "result", "solve_claims(rules, ladder)")
    run = run or RunOptions()
    rows = []
    for seat1, seat2 in CLAIMS_MATCHUPS:
        responder = 1 if seat1 == "best-response" else (2 if seat2 == "best-response" else None)
        game = claims_game(result, responder)
        done = run_job(BiddingJob(game, result.ladder.n_rungs), run, DEFAULT_BIDDING_GAMES)
        estimate = stats.mean(float(done.totals["result"][0]), float(done.n), done.n, run.seed)
        exact = {None: None, 1: result.upper, 2: result.lower}[responder]
        bids = float(done.totals["bids"][0]) / done.n
        rows.append(ClaimsMatchup(seat1, seat2, estimate, exact, bids))
    return rows


def simulate_claims_matchups(rules: RuleSet, run: RunOptions) -> dict:
    """The fine ladder's solution on claims (the ``bidding`` command's) played out: seat 1's
    simulated result per matchup, beside the exact one where it is known."""
    from pokerdice_stats.games.bidding.exact.claims_answer import (
        DEFAULT_ITERATIONS,
        solve_claims,
    )
    from pokerdice_stats.games.bidding.exact.moves import UNITS

    result = solve_claims(rules, "fine", DEFAULT_ITERATIONS)
    # an exact value only where one is known (a JSON answer leaves out what it lacks)
    games = [
        {k: v for k, v in row.record().items() if v is not None}
        for row in claims_matchups(result, run)
    ]
    return {
        "ladder": "fine",
        "solver": "claims",
        "iterations": result.iterations,
        "quantity": "seat 1's result",
        "unit": UNITS,
        "value_lower": result.lower,
        "value_upper": result.upper,
        "exploitability": result.exploitability,
        "games": games,
    }
