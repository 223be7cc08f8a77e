"""The policy of every seat of a round, given the hand to beat, as kernel tables.

The seats play the optimal play of :func:`pokerdice_stats.games.seen.exact.rounds.solve_round`
(each later player sees every earlier final hand and maximises its own chance
to win the round; the first player's choice under the throw limit included).
A roll-off among ``m`` tied players is the ``m``-player round, solved the same
way.  :func:`seat_tables` stacks every seat's best-keep tables into one array
and builds the lookup the round kernel reads (see
:func:`pokerdice_stats.kernels.simulation.rounds.play_round_from`)::

    lookup[allowed throws, seats in the round, place, tied at best, best strength + 1]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.simulation.policy_tables import n_states, tables_of_policy
from pokerdice_stats.games.seen.exact.rounds import Round, solve_round
from pokerdice_stats.games.seen.exact.throw_limit import has_throw_limit
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.staged import StagedPolicy


@dataclass(frozen=True, eq=False)
class SeatTables:
    """Every seat's policy in a form the round kernel reads.

    Attributes
    ----------
    best : (P, T - 1, S) int16
        Stacked best-keep tables.
    lookup : (T + 1, N + 1, N, N + 1, n_strengths + 1) int64
        Policy index of each situation, -1 where it cannot happen.
    strength : (252,) int64
    rounds : dict of int to Round
        The solved rounds of 2..N players (the exact figures to compare with).
    """

    best: np.ndarray
    lookup: np.ndarray
    strength: np.ndarray
    rounds: dict


def staged_tables(policy: StagedPolicy, steps: int, states: int) -> np.ndarray:
    """``(G, steps, S)`` tables of a first seat under the throw limit (by throws left)."""
    out = np.zeros(
        (policy.best_keep[0].shape[0] if policy.best_keep else 1, steps, states), dtype=np.int16
    )
    for used, table in enumerate(policy.best_keep, start=1):
        out[:, policy.throws - used - 1, :] = table
    return out


class TableStack:
    """Best-keep tables appended one block at a time, padded to the full throws."""

    def __init__(self, steps: int, states: int):
        self.parts: list[np.ndarray] = []
        self.count = 0
        self.steps = steps
        self.states = states

    def add(self, tables: np.ndarray) -> int:
        """Append ``(G, t, S)`` tables (padded to the full steps); returns the first index."""
        padded = np.zeros((tables.shape[0], self.steps, self.states), dtype=np.int16)
        padded[:, : tables.shape[1], :] = tables
        self.parts.append(padded)
        first = self.count
        self.count += tables.shape[0]
        return first

    def array(self) -> np.ndarray:
        return np.ascontiguousarray(np.concatenate(self.parts, axis=0))


@functools.lru_cache(maxsize=8)
def seat_tables(rules: RuleSet, players: int) -> SeatTables:
    """Build the :class:`SeatTables` of rounds of up to ``players`` seats (2..5)."""
    throws = rules.throws
    steps = max(throws - 1, 1)
    states = n_states(rules)
    table = hand_table(rules)
    n_str = table.n_strengths
    lookup = np.full((throws + 1, players + 1, players, players + 1, n_str + 1), -1, dtype=np.int64)
    stack = TableStack(steps, states)
    rounds: dict[int, Round] = {}
    limited = has_throw_limit(rules)
    sizes = range(2, players + 1) if rules.ties == "roll-off" else (players,)
    for m in sizes:
        solved = solve_round(rules, m, exact=False)
        rounds[m] = solved
        if isinstance(solved.first, StagedPolicy):
            first = stack.add(staged_tables(solved.first, steps, states))
        else:
            first = stack.add(tables_of_policy(solved.first))
        lookup[throws, m, 0, 0, 0] = first
        allowed = range(1, throws + 1) if limited else (throws,)
        for t in allowed:
            chain = solved.chain(t if limited else None)
            for seat in range(2, m + 1):
                base = stack.add(tables_of_policy(chain.policies[seat]))
                for tied in range(1, chain.max_tied(seat) + 1):
                    for s in range(n_str):
                        goal = chain.goal_index(seat, s, tied)
                        lookup[t, m, seat - 1, tied, s + 1] = base + goal
    best = stack.array()
    lookup.setflags(write=False)
    best.setflags(write=False)
    return SeatTables(best, lookup, table.strength.astype(np.int64), rounds)
