"""How much memory the exact games' tables take, estimated before they are built.

The optimal-hold dynamic program keeps, for every goal and every stage (throws
left), the value of each keep, the value of each state and each state's best keep.
A round solves one batch of goals per later seat (one goal per strength the seat
may have to beat, times the numbers of earlier players it may tie), once per
first-player limit under ``throw_limit=first-player``, and for each smaller
roll-off; every one is kept while the round is in use.  The estimates below count
those cells; :func:`check_round_memory` refuses a round over the memory budget
(:mod:`pokerdice_stats.ground.limits`) before anything is allocated.
"""

from __future__ import annotations

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.limits import check_memory
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import carried_keeps, n_states, state_kind

#: Bytes per cell of a float table (value) or an int64 one (best keep).
FLOAT_CELL = 8

#: Bytes per cell of an exact table: a pointer, and a share of a Python integer (many
#: cells point to the same small integers; measured against peak memory).
EXACT_CELL = 8 + 16

#: The value tables and the working copies the kernels make while filling them
#: (measured: the peak memory of a round is close to the estimate with 3).
WORKING_FACTOR = 3


def stage_cells(rules: RuleSet) -> tuple[int, int]:
    """Cells per goal of one stage: (value cells: keeps and states, best-keep cells)."""
    kind = state_kind(rules)
    states = n_states(kind)
    keeps = len(carried_keeps()[1]) if kind == "original" else ix.N_KEEPS
    return keeps + states, states


def holds_bytes(rules: RuleSet, n_goals: int, stages: int, exact: bool) -> int:
    """Estimated bytes of a hold policy of ``n_goals`` goals and ``stages`` stages."""
    values, best = stage_cells(rules)
    cell = EXACT_CELL if exact else FLOAT_CELL
    per_goal = values * cell * WORKING_FACTOR + best * FLOAT_CELL
    return n_goals * stages * per_goal


def _round_goal_stages(rules: RuleSet, players: int) -> int:
    """Goals times stages of every later seat of one round of ``players``."""
    size = hand_table(rules).n_strengths
    throws = rules.throws
    limited = rules.throw_limit == "first-player" and throws > 1
    # A turn of t throws decides holds after each throw but the last: t - 1 stages.
    stages = throws * (throws - 1) // 2 if limited else throws - 1
    must_beat = rules.ties == "must-beat"
    goals = sum(size * (1 if must_beat else seat - 1) for seat in range(2, players + 1))
    return (goals + 1) * max(stages, 1)


def round_bytes(rules: RuleSet, players: int, exact: bool) -> int:
    """Estimated bytes of an exactly-solved round, its roll-offs included."""
    sizes = range(2, players + 1) if rules.ties == "roll-off" else (players,)
    goal_stages = sum(_round_goal_stages(rules, m) for m in sizes)
    return holds_bytes(rules, goal_stages, 1, exact)


def check_round_memory(rules: RuleSet, players: int, exact: bool, what: str = "") -> None:
    """Refuse a round whose tables would outgrow the memory budget.

    Raises
    ------
    pokerdice_stats.ground.limits.LimitError
        Naming the estimate and ``--memory-budget``.
    """
    label = what or f"a round of {players} players under these rules"
    check_memory(round_bytes(rules, players, exact), label)
