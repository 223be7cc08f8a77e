"""Solve each distinct seat goal of a round once: float goals remembered by their values.

A round's seats are solved many times over: once per iteration of the roll-off
fixed point, and again inside the smaller rounds that give the roll-off values.
Most of those goals come back unchanged (only the goals that depend on the
roll-off value being iterated move), and a round of ``n`` players shares most
of its goals with the round of ``n - 1`` players (the chain after a seat only
depends on the seats still to throw).  The hold program solves every goal of
a batch independently, row by row, so a goal solved in an earlier batch has
exactly the same values, keeps and final distribution, bit for bit: a
:class:`GoalMemo` keeps them by the goal's float values, and
:func:`solve_goals` solves only the goals it has not seen, then assembles the
batch's :class:`~pokerdice_stats.turn.holds.Policy` from remembered rows.

Exact (Fraction) goals are solved over the batch's common denominator, so
their rows do not carry over between batches; they are solved as before
(their rule sets have few strengths, and the batches are small).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pokerdice_stats.games.seen.exact.strengths import goals_from_values, strength_distribution
from pokerdice_stats.ground.made_when_read import MadeWhenRead
from pokerdice_stats.turn import holds
from pokerdice_stats.turn.goals import float_goals
from pokerdice_stats.turn.induction import Stage, turn_value
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind

#: Default :attr:`GoalMemo.limit`: bytes of solved batches a memo keeps alive.
MEMO_BYTES = 256 * 2**20


@dataclass
class GoalMemo:
    """Solved float goals of one rule set and number of throws, by their values.

    Attributes
    ----------
    rows : dict of bytes to (Policy, int, ndarray)
        For each goal (its values over the strengths, as bytes): the policy that
        solved it, its row there, and its final distribution over the strengths.
    solved : int
        Goals solved so far (the rest came from the memo).
    asked : int
        Goals asked for so far.
    limit : int
        Most bytes of solved batches the memo keeps alive; past it, it forgets
        every row before remembering more (so a big rule set's round never holds
        much more memory than one batch of it).
    held : int
        Bytes of the batches it keeps now.
    """

    rows: dict[bytes, tuple[holds.Policy, int, np.ndarray]] = field(default_factory=dict)
    solved: int = 0
    asked: int = 0
    limit: int = MEMO_BYTES
    held: int = 0

    def remember(self, keys: list[bytes], policy: holds.Policy, dist: np.ndarray) -> None:
        """Keep the rows of a solved batch (``keys[i]`` is row ``i``'s goal)."""
        size = dist.nbytes + policy.stand.nbytes + policy.turn.nbytes
        for stage in policy.stages:
            size += stage.keep_values.nbytes + stage.state_values.nbytes
            size += stage.best_keep.nbytes
        if self.held + size > self.limit:
            self.rows.clear()
            self.held = 0
        if size > self.limit:
            return
        for i, key in enumerate(keys):
            self.rows[key] = (policy, i, dist[i])
        self.held += size


def solve_goals(
    rules: RuleSet,
    values: np.ndarray,
    throws: int,
    exact: bool,
    name: str,
    memo: GoalMemo | None = None,
) -> tuple[holds.Policy, np.ndarray]:
    """Solve one goal per row of ``values`` (over the strengths); the final distributions.

    Parameters
    ----------
    rules : RuleSet
    values : (G, S) array
        Value of finishing on each strength, one goal a row (Fractions when ``exact``).
    throws : int
    exact : bool
    name : str
        Goals are named ``name#g``.
    memo : GoalMemo, optional
        Float goals already solved (with the same rules and throws); the
        goals solved here are added to it.

    Returns
    -------
    (policy, distribution)
        The policy of the batch, and ``distribution[g, h]``: the chance of
        finishing on strength ``h`` (floats, or Fractions when ``exact``).
    """
    floats = not exact and memo is not None and values.size > 0
    if not floats or float(np.abs(values).max()) > 1.0:
        goals = goals_from_values(values, rules, exact, name)
        policy = holds.solve(rules, goals, throws=throws, exact=exact)
        numerators, denominator = policy.final_distribution()
        return policy, strength_distribution(numerators, denominator, rules, exact)
    assert memo is not None
    values = np.ascontiguousarray(values, dtype=np.float64)
    keys = [row.tobytes() for row in values]
    new: dict[bytes, int] = {}
    for g, key in enumerate(keys):
        if key not in memo.rows and key not in new:
            new[key] = g
    memo.asked += len(keys)
    if new:
        rows = np.fromiter(new.values(), dtype=np.int64, count=len(new))
        goals = goals_from_values(values[rows], rules, False, name)
        policy = holds.solve(rules, goals, throws=throws, exact=False)
        numerators, denominator = policy.final_distribution()
        dist = strength_distribution(numerators, denominator, rules, False)
        memo.solved += len(new)
        if len(new) == len(keys):
            memo.remember(list(new), policy, dist)
            return policy, dist
        found = {key: memo.rows[key] for key in keys if key in memo.rows}
        found.update({key: (policy, i, dist[i]) for i, key in enumerate(new)})
        memo.remember(list(new), policy, dist)
        return _assemble(rules, values, keys, throws, name, found)
    return _assemble(rules, values, keys, throws, name, memo.rows)


def _assemble(
    rules: RuleSet,
    values: np.ndarray,
    keys: list[bytes],
    throws: int,
    name: str,
    rows: dict[bytes, tuple[holds.Policy, int, np.ndarray]],
) -> tuple[holds.Policy, np.ndarray]:
    """The batch's policy and distributions from the memo's rows (copied, in batch order;
    the stages when first read, see :class:`GatheredStages`)."""
    sources: dict[int, tuple[holds.Policy, list[int], list[int]]] = {}
    found = [rows[key] for key in keys]
    dist = np.empty(values.shape, dtype=np.float64)
    if found:  # the rows copied in one call, not one assignment a row
        np.stack([row for _, _, row in found], out=dist)
    for g, (policy, i, _) in enumerate(found):
        entry = sources.setdefault(id(policy), (policy, [], []))
        entry[1].append(g)
        entry[2].append(i)
    parts = [(p, np.array(out), np.array(src)) for p, out, src in sources.values()]
    stages = GatheredStages(parts, len(keys))
    stand = _gather(parts, len(keys), lambda p: p.stand)
    # The whole batch's turn values, as one solve of it computes them (a matrix
    # product, whose rounding may depend on the number of rows): from the first
    # throw's state values alone.
    first_stages: list[Stage] = []
    if len(stages):
        last = _gather(parts, len(keys), lambda p: p.stages[-1].state_values)
        first_stages = [Stage(last, last, last)]  # turn_value reads the state values
    turn = turn_value(first_stages, stand, state_kind(rules), False)
    goals = float_goals(name, stand)
    policy = holds.Policy(rules, goals, throws, False, 1, stand, stages, turn)
    return policy, dist


Part = tuple[holds.Policy, np.ndarray, np.ndarray]


def _gather(
    parts: list[Part], n_rows: int, get: Callable[[holds.Policy], np.ndarray]
) -> np.ndarray:
    """The rows of an array of each part's policy (``get``) in batch order."""
    model = get(parts[0][0])
    out = np.empty((n_rows, *model.shape[1:]), dtype=model.dtype)
    for p, rows_out, rows_src in parts:
        out[rows_out] = get(p)[rows_src]
    return out


class GatheredStages(MadeWhenRead[Stage]):
    """The stages of an assembled batch, each gathered from the remembered rows the
    first time it is read (most batches of a round are only read for their final
    distributions, already at hand, and a stage of a thousand goals is megabytes)."""

    def __init__(self, parts: list[Part], n_rows: int) -> None:
        super().__init__(len(parts[0][0].stages))
        self._parts = parts
        self._n_rows = n_rows

    def _make(self, index: int) -> Stage:
        fields = []
        for f in Stage._fields:

            def get(p: holds.Policy, f: str = f) -> np.ndarray:
                return getattr(p.stages[index], f)

            fields.append(_gather(self._parts, self._n_rows, get))
        return Stage(*fields)
