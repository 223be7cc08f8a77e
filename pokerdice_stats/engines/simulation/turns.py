"""Simulated turns: one player's final hands under a policy, and a goal's value.

The exact side is :func:`pokerdice_stats.turn.holds.solve`; the kernel is
:mod:`pokerdice_stats.kernels.simulation.turns`.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.simulations import RunOptions
>>> result = simulate_turns(get_rules("gameweave"), "at-least:full-house",
...                         run=RunOptions(n=100_000, seed=1, progress=False))
>>> result.estimate.covers(0.51912)  # the exact chance (holds.solve) is 0.519123...
True
>>> round(result.estimate.estimate, 5), result.estimate.n, result.estimate.seed
(0.52039, 100000, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.policy_tables import (
    POLICIES,
    heuristic_table,
    optimal_tables,
)
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.engines.simulation.stats import estimates_frame
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels._numba import read_only
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.kernels.simulation.records import TurnGame, TurnTally
from pokerdice_stats.kernels.simulation.turns import turns_chunk
from pokerdice_stats.turn.goals import Goal, parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code

if TYPE_CHECKING:
    import pandas as pd

#: Turns a chunk (about 10 ms of work).
TURN_CHUNK = 1 << 18
#: Turns simulated when the run options do not say.
DEFAULT_TURNS = 1_000_000


@dataclass(frozen=True)
class TurnJob:
    """Turns under one best-keep table: what a chunk needs (picklable)."""

    best: np.ndarray  # (1, T - 1, S) int16
    throws_left: int
    states: int  # state kind code (turn_states.STATE_CODES; a bool: sticky holds or not)
    desc: str = "turns"
    chunk_size: int = TURN_CHUNK

    def new_tally(self, size: int) -> TurnTally:
        return zeros_tally(TurnTally, final_hands=ix.N_HANDS, throws_used=self.throws_left + 2)

    def fill(self, state: np.ndarray, size: int, tally: TurnTally) -> None:
        # read-only, whoever made the table: one compiled build of the chunk
        best = read_only(self.best)
        game = TurnGame(best, 0, self.throws_left, int(self.states), dice_tables())
        turns_chunk(state, size, game, tally)


def policy_table(rules: RuleSet, policy: str = "optimal", goal: Goal | None = None) -> np.ndarray:
    """The ``(1, T - 1, S)`` best-keep table of a named policy (``optimal`` needs the goal;
    ``equilibrium`` is another name of it, as on the command line).

    Raises
    ------
    OptionError
        For an unknown policy name.
    """
    policy = canonical_policy(policy)
    if policy == "optimal":
        goal = goal if goal is not None else parse_goal(None, hand_table(rules))
        return optimal_tables(rules, [goal], exact=True)
    if policy not in POLICIES:
        raise OptionError(f"unknown policy {policy!r}; choose one of: " + ", ".join(POLICIES))
    return heuristic_table(rules, policy)[None]


@dataclass(frozen=True)
class TurnResult:
    """Simulated turns under one policy.

    Attributes
    ----------
    estimate : Estimate
        The goal's value (a proportion for a probability goal, else a mean).
    hist : (252,) int64
        Final hands: turns that ended on each hand.
    throws_used : (T + 1,) int64
        Turns that took each number of throws (index 1..T).
    goal : Goal
    policy : str
    seed : int
    interrupted : bool
        True when Ctrl-C stopped the run (the figures are then partial).
    by_category : dict of str to Estimate
        Chance of finishing in each category (Wilson), best first.
    rules : str
        The rule set's label.
    """

    estimate: stats.Estimate
    hist: np.ndarray
    throws_used: np.ndarray
    goal: Goal
    policy: str
    seed: int
    interrupted: bool = False
    by_category: dict = field(default_factory=dict)
    rules: str = ""

    def frame(self) -> pd.DataFrame:
        """The goal's estimate, then each final category's: ``figure``, ``estimate``,
        ``ci_low``, ``ci_high``, ``n``, ``seed``."""
        return estimates_frame({"goal": self.estimate, **self.by_category})

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules or None,
            goal=self.goal.name,
            policy=self.policy,
            estimate=self.estimate,
        )


def simulate_turns(
    rules: RuleSet,
    goal: Goal | str | None = None,
    policy: str = "optimal",
    *,
    run: RunOptions | None = None,
) -> TurnResult:
    """Simulate turns under a policy and estimate a goal's value.

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    goal : Goal or str, optional
        What is estimated (and, for ``policy="optimal"``, what the player
        plays for); default ``at-least:`` the best category.
    policy : str
        ``optimal`` or a named heuristic (see
        :mod:`pokerdice_stats.engines.simulation.policy_tables`).
    run : RunOptions, optional
        Samples (default 1,000,000 turns), seed, workers, progress bar.

    Returns
    -------
    TurnResult
        The goal's estimated value (a Wilson interval for a chance, else a normal one),
        the final hands, the throws used and the chance of ending in each category.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    GoalError
        For a goal text that does not parse (or, for ``policy="optimal"``, a goal read
        under rules that rank the hands otherwise).
    OptionError
        For an unknown policy.
    """
    run = run or RunOptions()
    table = hand_table(rules)
    if not isinstance(goal, Goal):
        goal = parse_goal(goal, table)
    policy = canonical_policy(policy)
    best = policy_table(rules, policy, goal)
    done = run_job(TurnJob(best, rules.throws - 1, state_code(rules)), run, DEFAULT_TURNS)
    hist = done.totals["final_hands"]
    estimate = goal_estimate(goal, hist, run.seed)
    by_category = {
        cat.slug: stats.proportion(int(hist[table.category == c].sum()), done.n, run.seed)
        for c, cat in enumerate(rules.categories)
    }
    return TurnResult(
        estimate,
        hist,
        done.totals["throws_used"],
        goal,
        policy,
        run.seed,
        done.interrupted,
        by_category,
        rules.label(),
    )


def goal_estimate(goal: Goal, hist: np.ndarray, seed: int) -> stats.Estimate:
    """Estimate of a goal's value from a histogram of final hands."""
    n = int(hist.sum())
    values = np.array([float(goal.value(h)) for h in range(ix.N_HANDS)])
    if goal.is_probability and set(np.unique(values)) <= {0.0, 1.0}:
        return stats.proportion(int(hist[values == 1.0].sum()), n, seed)
    total = float(dot(hist, values))
    total_sq = float(dot(hist, values * values))
    return stats.mean(total, total_sq, n, seed)
