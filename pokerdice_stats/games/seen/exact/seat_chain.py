"""Backward induction across the seats of a round, and the tie sets it ends in.

The state a seat leaves is ``(s, m)``: the best strength so far and how many
players are tied at it.  ``F_j[s, m, r]`` is the chance that the ``r``-th of
the ``m`` tied leaders wins the round when seats ``j + 1 .. n`` are still to
play; ``F_n`` is the terminal table (roll-off win chances, shares of a
split, or 1 for the only leader under ``must-beat``).  Seat ``j + 1`` facing
``(s, m)`` plays the optimal-hold program of the goal

    value(h) = [h > s] F_{j+1}[h, 1, 1] + [h == s] F_{j+1}[s, m + 1, m + 1]

(the tie term is 0 under ``must-beat``, where only beating counts), one goal
per ``(s, m)``, all solved in one batch.  Its final-hand distribution
``D(h | s, m)`` then gives

    F_j[s, m, r] = P(h < s) F_{j+1}[s, m, r] + P(h == s) F_{j+1}[s, m + 1, r].

:func:`forward_tie_sets` runs the seats forward from the first seat's final
hand and returns the chance of each set of seats tied for the best hand at
the end (one seat: an outright winner).

Values are floats, or exact Fractions in object arrays when ``exact``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pokerdice_stats.games.seen.exact.goal_memo import GoalMemo, solve_goals
from pokerdice_stats.games.seen.exact.strengths import (
    n_strengths,
    zeros,
)
from pokerdice_stats.ground import progress
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn import holds
from pokerdice_stats.turn.rules import RuleSet

#: Tie rules where an exact tie keeps the tied players in the round.
SHARED_TIES = ("roll-off", "split", "push")


@dataclass(frozen=True, eq=False)
class SeatChain:
    """Seats 2..n of a round, each with ``throws`` throws, solved backward.

    Attributes
    ----------
    rules : RuleSet
    players : int
    throws : int
        Throws each of these seats may take.
    exact : bool
    values : dict of int to (S, n + 1, n + 1) array
        ``values[j][s, m, r]`` is ``F_j``: the chance that the ``r``-th of
        ``m`` tied leaders at strength ``s`` wins, seats ``j + 1 .. n`` to
        play (``j = 1 .. n``; ``values[n]`` is the terminal table).
    policies : dict of int to Policy
        ``policies[k]``: seat ``k``'s optimal play, one goal per state faced
        (see :meth:`goal_index`).
    distributions : dict of int to (M, S, S) array
        ``distributions[k][m - 1, s, h]``: chance seat ``k`` ends on strength
        ``h`` facing ``(s, m)``.
    splits : dict of (int, int) to ((S,), (S,)) arrays
        ``splits[k, m]``: for each strength ``s``, the chance that seat ``k`` facing
        ``(s, m)`` ties it and the chance it ends below.
    """

    rules: RuleSet
    players: int
    throws: int
    exact: bool
    values: dict[int, np.ndarray]
    policies: dict[int, holds.Policy]
    distributions: dict[int, np.ndarray]
    splits: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    @property
    def strengths(self) -> int:
        """Number of distinct strengths."""
        return self.values[self.players].shape[0]

    def max_tied(self, seat: int) -> int:
        """Most players tied at the best hand that seat ``seat`` can face."""
        return 1 if self.rules.ties == "must-beat" else seat - 1

    def goal_index(self, seat: int, strength: int, tied: int = 1) -> int:
        """Index of the goal of seat ``seat`` facing ``tied`` leaders at ``strength``."""
        return (tied - 1) * self.strengths + strength

    def first_seat_values(self) -> np.ndarray:
        """(S,) chance that the first seat wins when it stands on each strength."""
        return self.values[1][:, 1, 1]


def terminal_values(
    rules: RuleSet, players: int, rolloff: dict[int, tuple], exact: bool
) -> np.ndarray:
    """``F_n[s, m, r]``: the chance the ``r``-th of ``m`` tied leaders wins once all have played.

    ``rolloff[m][r - 1]`` is the roll-off win chance (used under ``roll-off``);
    under ``split`` and ``push`` a ``k``-way tie counts ``1/k`` to each; under
    ``must-beat`` there is one leader.
    """
    size = n_strengths(rules)
    out = zeros((size, players + 1, players + 1), exact)
    one = Fraction(1) if exact else 1.0
    if rules.ties == "must-beat":
        out[:, 1, 1] = one
        return out
    for m in range(1, players + 1):
        for r in range(1, m + 1):
            if rules.ties == "roll-off":
                out[:, m, r] = rolloff[m][r - 1]
            else:
                out[:, m, r] = one / m
    return out


def solve_chain(
    rules: RuleSet,
    players: int,
    throws: int,
    terminal: np.ndarray,
    exact: bool,
    memo: GoalMemo | None = None,
) -> SeatChain:
    """Backward induction over seats ``n .. 2`` (see the module docstring).

    Parameters
    ----------
    rules : RuleSet
    players : int
        Seats in the round.
    throws : int
        Throws each of seats 2..n may take.
    terminal : (S, n + 1, n + 1) array
        ``F_n`` (see :func:`terminal_values`).
    exact : bool
    memo : GoalMemo, optional
        Float goals already solved with these rules and throws (see
        :mod:`pokerdice_stats.games.seen.exact.goal_memo`); new ones are added.

    Returns
    -------
    SeatChain
    """
    size = terminal.shape[0]
    must_beat = rules.ties == "must-beat"
    upper, lower = _masks(size)  # [s, h]: h beats s; h below s
    diagonal = np.arange(size)
    values = {players: terminal}
    policies: dict[int, holds.Policy] = {}
    distributions: dict[int, np.ndarray] = {}
    splits: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
    # A scalar np.where accepts: an exact zero (object) or a float zero.
    zero = np.array(Fraction(0), dtype=object) if exact else np.float64(0.0)
    for seat in range(players, 1, -1):
        after = values[seat]
        n_tied = 1 if must_beat else seat - 1
        base = np.where(upper, after[:, 1, 1][None, :], zero)
        rows = []
        for m in range(1, n_tied + 1):
            block = base.copy()
            block[diagonal, diagonal] = zero if must_beat else after[:, m + 1, m + 1]
            rows.append(block)
        goal_values = np.concatenate(rows, axis=0)
        policy, dist = solve_goals(rules, goal_values, throws, exact, f"seat{seat}", memo)
        dist = dist.reshape(n_tied, size, size)
        policies[seat] = policy
        distributions[seat] = dist
        before = zeros(after.shape, exact)
        for m in range(1, n_tied + 1):
            below = np.where(lower, dist[m - 1], zero).sum(axis=1)
            tie = dist[m - 1][diagonal, diagonal]
            splits[seat, m] = (tie, below)
            for r in range(1, m + 1):
                if must_beat:
                    before[:, m, r] = (below + tie) * after[:, m, r]
                else:
                    before[:, m, r] = below * after[:, m, r] + tie * after[:, m + 1, r]
        values[seat - 1] = before
        progress.step(players - seat + 1, players - 1, f"seat {seat} solved")
    return SeatChain(rules, players, throws, exact, values, policies, distributions, splits)


def forward_tie_sets(
    chain: SeatChain, start: dict[int, np.ndarray], first_seat: int = 2
) -> dict[int, np.ndarray]:
    """Run seats ``first_seat .. n`` forward; the best strength and tied seats at the end.

    Parameters
    ----------
    chain : SeatChain
    start : dict of int to (S,) array
        Before seat ``first_seat``: for each set of tied leaders (a bit mask,
        bit ``i`` for seat ``i + 1``), the weight of each best strength.
    first_seat : int

    Returns
    -------
    dict of int to (S,) array
        The same after the last seat.
    """
    size = chain.strengths
    must_beat = chain.rules.ties == "must-beat"
    upper, _ = _masks(size)
    zero = np.array(Fraction(0), dtype=object) if chain.exact else np.float64(0.0)
    states = dict(start)
    for seat in range(first_seat, chain.players + 1):
        dist = chain.distributions[seat]
        bit = 1 << (seat - 1)
        new: dict[int, np.ndarray] = {}

        def add(mask: int, weights: np.ndarray, new=new) -> None:
            new[mask] = new[mask] + weights if mask in new else weights

        # by number of leaders tied: the chances of beating, tying and staying below each
        # best strength (worked out once, not once a set of leaders)
        parts: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        for mask, weights in states.items():
            m = 1 if must_beat else bin(mask).count("1")
            if m not in parts:  # the tie and below chances as solve_chain worked them out
                # ``weights @ beaten`` (beaten[old best, new best]) as ``beaten.T @ weights``,
                # stored by row: a matrix against a vector, each sum over a contiguous row
                beaten_by_new = np.ascontiguousarray(np.where(upper, dist[m - 1], zero).T)
                parts[m] = (beaten_by_new, *chain.splits[seat, m])
            beaten_by_new, tied, stays_below = parts[m]
            add(bit, dot(beaten_by_new, weights))
            tie = weights * tied
            below = weights * stays_below
            if must_beat:
                add(mask, tie + below)
            else:
                add(mask | bit, tie)
                add(mask, below)
        states = new
    return states


@functools.cache
def _masks(size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(upper, lower)``, read-only ``(size, size)`` booleans: ``upper[s, h]`` when
    strength ``h`` beats ``s``, ``lower[s, h]`` when it is below."""
    upper = np.triu(np.ones((size, size), dtype=bool), 1)
    lower = np.tril(np.ones((size, size), dtype=bool), -1)
    upper.setflags(write=False)
    lower.setflags(write=False)
    return upper, lower


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats (1-based) of a bit mask."""
    return tuple(i + 1 for i in range(mask.bit_length()) if mask >> i & 1)
