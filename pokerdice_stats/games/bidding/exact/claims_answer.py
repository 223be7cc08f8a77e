"""A bid ladder solved on its claims: one strategy for every rung, no translation of bids.

The fine ladder's rungs make fewer distinct claims (21 of 38 on the classic rules,
:mod:`~pokerdice_stats.games.bidding.exact.claims`), and its game on claims is solved
by discounted CFR on a tree of claim histories grown by reach
(:func:`~pokerdice_stats.games.bidding.exact.claims_cfr.grow_and_solve`).  Read in the
full game:

- a bid of any rung is read as the claim it makes (the top rung of its block: the
  same pairs of hands make both, so a call settles the same);
- the solution bids only block tops, with the chances its tree gives each claim;
- at a history outside the tree (a claim history the solve never grew, or two bids of
  the same claim) it calls.

So the strategy is defined at every history of the full game, and its best-response
bounds in the game on claims are those of the full game (the module docstring of
:mod:`~pokerdice_stats.games.bidding.exact.claims` says why).  The solve runs a fixed
number of iterations, so the same rules give the same strategy on any machine; it is
kept in the toolkit's cache folder like the other expensive solves.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> result = solve_claims(get_rules("classic"), "category", iterations=100)
>>> result.exploitability < 0.01 and result.lower <= 0.325556 <= result.upper
True
>>> result.claim_history(result.ladder, ("full-house",))
(2,)
"""

from __future__ import annotations

import dataclasses
import functools
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from pokerdice_stats.engines.report.cache import kept_solve
from pokerdice_stats.games.bidding.exact.claims import claim_ladder, claim_of_rung, claim_tops
from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.games.bidding.exact.odds import (
    BidLadder,
    bid_ladder,
    check_bidding_rules,
    check_ladder,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.cache_dir import content_digest
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.limits import check_memory
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEFAULT_ITERATIONS",
    "ITERATIONS_A_ROUND",
    "MAX_ITERATIONS",
    "ClaimsBidding",
    "check_iterations",
    "solve_claims",
    "solve_memory",
    "tree_memory",
]

#: Discounted-CFR iterations between two growths of the tree and two measures of the bounds.
ITERATIONS_A_ROUND = 50
#: The iterations of the fine ladder's answer (command line, coach, report) unless asked.
DEFAULT_ITERATIONS = 50
#: The most iterations a solve may ask for (memory: the tree stops at :data:`MAX_TREE`).
MAX_ITERATIONS = 1000
#: The tree stops growing past so many histories (it may pass them within a round).  On
#: the classic fine ladder the tree grows to 62,597 histories in 100 iterations, 76,318 in
#: 200 and 79,825 in 300, then settles (the growth thresholds stay), so the cap stops only
#: longer solves: within the memory :func:`solve_memory` plans (4.6 GB after 300
#: iterations) and a cache entry within the 1 GiB a read allows (458 MB after 300).  It was
#: 30,000 until 2026-12-07, when 100 iterations reached 0.100 where they now reach 0.067 in
#: the same time.
MAX_TREE = 80_000


T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class ClaimsBidding:
    """A ladder's game solved on its claims (see the module docstring).

    Attributes
    ----------
    rules : RuleSet
    ladder : BidLadder
        The ladder the bids are named on.
    claims : BidLadder
        Its claim ladder (one rung a claim, labelled by its block's top rung).
    tops : (n_claims,) int64
        The top rung of each claim's block, on ``ladder``.
    histories : tuple of tuple of int
        The claim histories of the strategy's tree.
    starts : (n_histories + 1,) int64
        Where each history's moves start in ``chances`` (the call first, none at the
        opening, then a bid of every higher claim).
    where, values : (n,) uint32 and float64
        The nonzero entries of :attr:`chances`, by flat index (about half the hands never
        make a move: the cache entry is some 70% of the dense array's bytes).
    lower, upper : float
        Seat 1's result against seat 2's best response, and seat 1's best response
        against seat 2 (units won per game): the game's value lies between.
    iterations : int
        Discounted-CFR iterations run.
    """

    rules: RuleSet
    ladder: BidLadder
    claims: BidLadder
    tops: np.ndarray
    histories: tuple[tuple[int, ...], ...]
    starts: np.ndarray
    where: np.ndarray
    values: np.ndarray
    lower: float
    upper: float
    iterations: int

    @classmethod
    def from_chances(
        cls,
        rules: RuleSet,
        ladder: BidLadder,
        histories: tuple[tuple[int, ...], ...],
        starts: np.ndarray,
        chances: np.ndarray,
        bounds: tuple[float, float],
        iterations: int,
    ) -> ClaimsBidding:
        """A solution from its dense ``(n_moves in all, 252)`` chances."""
        if chances.size >= 2**32:
            raise OptionError(f"a strategy of {chances.size:,} chances is too big to keep")
        where = np.flatnonzero(chances)
        return cls(
            rules,
            ladder,
            claim_ladder(ladder),
            claim_tops(ladder),
            histories,
            np.asarray(starts, dtype=np.int64),
            where.astype(np.uint32),  # flat indices below 2^32 (checked above)
            chances.ravel()[where],
            bounds[0],
            bounds[1],
            iterations,
        )

    @classmethod
    def from_policy(
        cls,
        rules: RuleSet,
        ladder: BidLadder,
        policy: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]],
        bounds: tuple[float, float],
        iterations: int,
    ) -> ClaimsBidding:
        """A solution from a solver's policy on the claims of ``ladder``
        (:meth:`~pokerdice_stats.games.bidding.exact.claims_cfr.ClaimSolver.policy`: history
        of claims -> its moves and their ``(n_moves, 252)`` chances)."""
        histories = tuple(policy)
        rows = [policy[h][1] for h in histories]
        starts = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
        return cls.from_chances(
            rules, ladder, histories, starts, np.concatenate(rows), bounds, iterations
        )

    def __getstate__(self) -> dict[str, object]:
        """Only the fields are kept (the cache entry): what is worked out from them (the
        dense chances, the policy, the best responses, some 400 MB) is worked out again."""
        return {f.name: self.__dict__[f.name] for f in dataclasses.fields(self)}

    @functools.cached_property
    def chances(self) -> np.ndarray:
        """``(n_moves in all, 252)``: each move's chance by own hand, moves in the order of
        :attr:`histories` (from :attr:`starts`)."""
        dense = np.zeros(int(self.starts[-1]) * ix.N_HANDS)
        dense[self.where] = self.values
        return dense.reshape(-1, ix.N_HANDS)

    def restricted(self, histories: tuple[tuple[int, ...], ...]) -> ClaimsBidding:
        """The same strategy on ``histories`` only (closed under prefixes; the solution
        calls everywhere else).  Its bounds are no longer known: kept as they were."""
        row = {h: i for i, h in enumerate(self.histories)}
        rows = [self.chances[self.starts[row[h]] : self.starts[row[h] + 1]] for h in histories]
        starts = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
        return ClaimsBidding.from_chances(
            self.rules, self.ladder, tuple(histories), starts, np.concatenate(rows),
            (self.lower, self.upper), self.iterations,
        )  # fmt: skip

    @functools.cached_property
    def digest(self) -> str:
        """SHA-256 of the solution's fields as pickled: names it in the cache folder's
        entries of what is worked out from it (:meth:`kept`)."""
        return content_digest(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def kept(self, name: str, part: object, compute: Callable[[], T]) -> T:
        """``compute()``, something worked out from this solution (``name``, for ``part``
        of it: a seat, say), once per solution object, and kept in the toolkit's cache
        folder beside the solve for the next process
        (:func:`~pokerdice_stats.engines.report.cache.kept_solve`, keyed by :attr:`digest`
        and the package's sources); neither is part of the solution's own entry."""
        found: dict = self.__dict__.setdefault("_worked_out", {})
        if (name, part) not in found:
            found[name, part] = kept_solve(
                "solves", f"bidding.{name}", (self.digest, part), compute
            )
        return found[name, part]

    @functools.cached_property
    def policy(self) -> dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]]:
        """Claim history -> (moves, ``(n_moves, 252)`` chances by own hand); a move is
        :data:`~pokerdice_stats.games.bidding.exact.claims_tree.CALL` or a claim."""
        n = self.claims.n_rungs
        out = {}
        for i, history in enumerate(self.histories):
            first = history[-1] + 1 if history else 0
            moves = ((CALL,) if history else ()) + tuple(range(first, n))
            out[history] = (moves, self.chances[self.starts[i] : self.starts[i + 1]])
        return out

    @property
    def exploitability(self) -> float:
        """``upper - lower``: both seats' best-response gains together (units a game), over
        whatever the solution gets against itself: OpenSpiel's NashConv (``nash_conv``),
        twice OpenSpiel's ``exploitability``."""
        return self.upper - self.lower

    def frame(self) -> pd.DataFrame:
        """The solution's figures, one row each: ``figure``, ``value`` (a float) and
        ``value_exact`` (the whole numbers: iterations, histories, claims)."""
        return figure_frame(
            {
                "lower (units per game)": self.lower,
                "upper (units per game)": self.upper,
                "exploitability (units per game)": self.exploitability,
                "iterations": self.iterations,
                "histories": len(self.histories),
                "claims": self.claims.n_rungs,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            ladder=self.ladder.name,
            claims=self.claims.n_rungs,
            histories=len(self.histories),
            iterations=self.iterations,
            lower=self.lower,
            upper=self.upper,
        )

    @staticmethod
    def claim_history(
        ladder: BidLadder, bids: tuple[str, ...] | tuple[int, ...]
    ) -> tuple[int, ...]:
        """The claims of ``bids`` (rung labels or indices on ``ladder``), in order."""
        of_rung = claim_of_rung(ladder)
        rungs = [b if isinstance(b, (int, np.integer)) else ladder.rung(b) for b in bids]
        return tuple(int(of_rung[r]) for r in rungs)


def check_iterations(iterations: object) -> int:
    """``iterations`` as an int: a positive multiple of :data:`ITERATIONS_A_ROUND`, at most
    :data:`MAX_ITERATIONS`.

    Raises
    ------
    OptionError
        Otherwise.
    """
    if isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer)):
        raise OptionError(f"iterations must be a whole number, not {iterations!r}")
    n = int(iterations)
    if not ITERATIONS_A_ROUND <= n <= MAX_ITERATIONS or n % ITERATIONS_A_ROUND:
        raise OptionError(
            f"iterations must be a multiple of {ITERATIONS_A_ROUND} from {ITERATIONS_A_ROUND} "
            f"to {MAX_ITERATIONS}, not {n}"
        )
    return n


#: Memory while solving, measured on the classic fine ladder (21 claims, the largest
#: resident set of the process): 1.13 GB at 15,548 histories, 3.69 GB at 62,597 and 4.40
#: GB at 76,318 (about 59 KB a history of the tree, over a base of some 200 MB).
BYTES_A_HISTORY = 64 * 1024
BASE_BYTES = 256 * 1024**2
#: Histories a solve of so many rounds is planned for (the classic fine ladder's trees:
#: 15,548 after one round, 62,597 after two); longer solves, the cap and a tenth.
HISTORIES_BY_ROUNDS = {1: 16_000, 2: 64_000}


def solve_memory(claims: int, iterations: int) -> int:
    """Bytes a solve is estimated to need: the histories of
    :data:`HISTORIES_BY_ROUNDS` (measured on the classic fine ladder), or for longer
    solves :data:`MAX_TREE` and a tenth (a round may pass it), never more than the game's
    ``2**claims``; each history's arrays grow with the claims."""
    rounds = -(-iterations // ITERATIONS_A_ROUND)
    return tree_memory(claims, HISTORIES_BY_ROUNDS.get(rounds, MAX_TREE * 11 // 10))


def tree_memory(claims: int, histories: int) -> int:
    """Bytes a solve is estimated to need.

    Parameters
    ----------
    claims : int
        The claims of its game.
    histories : int
        The histories its tree may grow to (never more than the game's ``2**claims``).

    Returns
    -------
    int
        :data:`BASE_BYTES` and :data:`BYTES_A_HISTORY` a history, scaled by the claims
        (measured on 21).
    """
    histories = min(histories, 2**claims)  # no more than the game has
    return BASE_BYTES + histories * BYTES_A_HISTORY * max(1, claims) // 21


def _solve(rules: RuleSet, name: str, iterations: int) -> ClaimsBidding:
    from pokerdice_stats.games.bidding.exact.claims_cfr import grow_and_solve  # loads numba

    ladder = bid_ladder(rules, name)
    check_memory(
        solve_memory(claim_ladder(ladder).n_rungs, iterations),
        f"bidding on the {name} ladder solved on its claims ({iterations} iterations)",
    )
    solution = grow_and_solve(
        claim_ladder(ladder),
        target=0.0,  # run every round: the same iterations on any machine
        iterations=ITERATIONS_A_ROUND,
        max_rounds=iterations // ITERATIONS_A_ROUND,
        max_seconds=float("inf"),
        max_histories=MAX_TREE,
    )
    return ClaimsBidding.from_policy(
        rules, ladder, solution.policy, (solution.lower, solution.upper), solution.iterations
    )


def solve_claims(
    rules: RuleSet, ladder: str = "fine", iterations: int = DEFAULT_ITERATIONS
) -> ClaimsBidding:
    """Bidding for two on ``ladder``, solved on its claims by ``iterations`` DCFR iterations.

    Kept in memory (one object a solve) and in the toolkit's cache folder (``solves``, see
    :func:`~pokerdice_stats.engines.report.cache.kept_solve`).  On the classic fine
    ladder, 50 iterations take about 13 s on two cores (exploitability 0.20, 15,548
    histories), 100 about 43 s (0.067, 62,597 histories, 3.7 GB) and 200 about 2 minutes
    (0.034, 76,318 histories, 4.4 GB); the tree stops growing at :data:`MAX_TREE`.

    Parameters
    ----------
    rules : RuleSet
        The rule set; the game reads only its ``chart``, ``straights`` and ``wild``
        (changes to any other key from its preset are refused).
    ladder : str, default "fine"
        ``category`` or ``fine``.
    iterations : int, default DEFAULT_ITERATIONS
        A positive multiple of :data:`ITERATIONS_A_ROUND`, at most
        :data:`MAX_ITERATIONS` (the tree stops growing at :data:`MAX_TREE` histories);
        default :data:`DEFAULT_ITERATIONS` (50).

    Returns
    -------
    ClaimsBidding
        Both seats' strategy on the ladder's claims, and seat 1's bounds ``lower`` and
        ``upper`` (units won per game).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown ladder, a bad number of iterations, or a rule change the game
        does not read.
    """
    check_bidding_rules(check_rule_set(rules))
    check_ladder(ladder)
    return _kept(rules, ladder, check_iterations(iterations))


@functools.lru_cache(maxsize=4)
def _kept(rules: RuleSet, ladder: str, iterations: int) -> ClaimsBidding:
    """One object per solve in a process (its best responses are worked out once)."""
    return kept_solve(
        "solves",
        "bidding.solve_claims",
        (repr(rules), ladder, iterations),
        lambda: _solve(rules, ladder, iterations),
    )
