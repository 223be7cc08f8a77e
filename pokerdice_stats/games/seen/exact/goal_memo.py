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

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pokerdice_stats.games.seen.exact.strengths import goals_from_values, strength_distribution
from pokerdice_stats.ground.made_when_read import MadeWhenRead
from pokerdice_stats.turn import holds
from pokerdice_stats.turn.goals import FloatGoals, float_goals
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
    rows : dict of bytes to (int, int)
        For each goal (its values over the strengths, as bytes): the number of the
        batch that solved it (a key of :attr:`batches`) and its row there.
    batches : dict of int to (Policy, ndarray)
        Each solved batch kept: its policy and its final distributions over the
        strengths, one row a goal.
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

    rows: dict[bytes, tuple[int, int]] = field(default_factory=dict)
    batches: dict[int, tuple[holds.Policy, np.ndarray]] = field(default_factory=dict)
    solved: int = 0
    asked: int = 0
    limit: int = MEMO_BYTES
    held: int = 0
    _next: int = 0
    #: One solve reads and adds rows at a time (the web coach solves in threads, and a
    #: batch read while another's :meth:`remember` forgets rows would miss them).
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    def remember(self, keys: list[bytes], policy: holds.Policy, dist: np.ndarray) -> None:
        """Keep the rows of a solved batch (``keys[i]`` is row ``i``'s goal)."""
        size = dist.nbytes + policy.stand.nbytes + policy.turn.nbytes
        for stage in policy.stages:
            size += stage.keep_values.nbytes + stage.state_values.nbytes
            size += stage.best_keep.nbytes
        if self.held + size > self.limit:
            self.rows.clear()
            self.batches.clear()
            self.held = 0
        if size > self.limit:
            return
        number = self._next
        self._next += 1
        self.batches[number] = (policy, dist)
        self.rows.update({key: (number, i) for i, key in enumerate(keys)})
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
    if not floats or values.max() > 1.0 or values.min() < -1.0:  # (no copy made)
        goals = goals_from_values(values, rules, exact, name)
        policy = holds.solve(rules, goals, throws=throws, exact=exact)
        numerators, denominator = policy.final_distribution()
        return policy, strength_distribution(numerators, denominator, rules, exact)
    assert memo is not None
    with memo.lock:
        return _solve_with_memo(rules, values, throws, name, memo)


def _solve_with_memo(
    rules: RuleSet, values: np.ndarray, throws: int, name: str, memo: GoalMemo
) -> tuple[holds.Policy, np.ndarray]:
    """:func:`solve_goals` of float goals through ``memo`` (whose lock the caller holds)."""
    values = np.ascontiguousarray(values, dtype=np.float64)
    # each row's bytes (a void view's items are bytes: four times quicker than tobytes)
    keys = values.view(f"V{values.shape[1] * values.itemsize}").ravel().tolist()
    rows = memo.rows
    new: dict[bytes, int] = {}
    for g, key in enumerate(keys):
        if key not in rows and key not in new:
            new[key] = g
    memo.asked += len(keys)
    if not new:
        return _assemble(rules, values, keys, throws, name, rows, memo.batches)
    picked = np.fromiter(new.values(), dtype=np.int64, count=len(new))
    goals = goals_from_values(values[picked], rules, False, name)
    policy = holds.solve(rules, goals, throws=throws, exact=False)
    numerators, denominator = policy.final_distribution()
    dist = strength_distribution(numerators, denominator, rules, False)
    memo.solved += len(new)
    if len(new) == len(keys):
        memo.remember(list(new), policy, dist)
        return policy, dist
    # the rows this batch reads, kept here: remembering it may make the memo forget them
    found = {key: rows[key] for key in keys if key in rows}
    batches = dict(memo.batches)
    here = -1  # (remembered batches are numbered from 0)
    batches[here] = (policy, dist)
    found.update({key: (here, i) for i, key in enumerate(new)})
    memo.remember(list(new), policy, dist)
    return _assemble(rules, values, keys, throws, name, found, batches)


Part = tuple[holds.Policy, np.ndarray, np.ndarray]


def _assemble(
    rules: RuleSet,
    values: np.ndarray,
    keys: list[bytes],
    throws: int,
    name: str,
    rows: dict[bytes, tuple[int, int]],
    batches: dict[int, tuple[holds.Policy, np.ndarray]],
) -> tuple[holds.Policy, np.ndarray]:
    """The batch's policy and distributions from remembered rows (copied, in batch order;
    the policy's arrays when first read, see :class:`AssembledPolicy`)."""
    numbers, sources = zip(*[rows[key] for key in keys], strict=True)
    number = np.array(numbers, dtype=np.int64)
    source = np.array(sources, dtype=np.int64)
    dist = np.empty(values.shape, dtype=np.float64)
    parts: list[Part] = []
    for b in np.unique(number).tolist():
        policy, batch_dist = batches[b]
        out = np.flatnonzero(number == b)
        src = source[out]
        dist[out] = batch_dist[src]
        parts.append((policy, out, src))
    return AssembledPolicy(rules, name, throws, parts, len(keys)), dist


def _gather(
    parts: list[Part], n_rows: int, get: Callable[[holds.Policy], np.ndarray]
) -> np.ndarray:
    """The rows of an array of each part's policy (``get``) in batch order."""
    model = get(parts[0][0])
    out = np.empty((n_rows, *model.shape[1:]), dtype=model.dtype)
    for p, rows_out, rows_src in parts:
        out[rows_out] = get(p)[rows_src]
    return out


class AssembledPolicy(holds.Policy):
    """A batch's :class:`~pokerdice_stats.turn.holds.Policy` made of remembered rows:
    its goal values (``stand``), turn values and stages are gathered from the rows the
    first time each is read (most batches of a round are only read for their final
    distributions, already at hand, and a stage of a thousand goals is megabytes)."""

    _parts: list[Part]
    _n_rows: int
    _name: str

    def __new__(cls, *args: object, **fields: object) -> holds.Policy:  # type: ignore[misc]
        """Called with the policy's fields (as ``dataclasses.replace`` does), a plain
        :class:`~pokerdice_stats.turn.holds.Policy` of them."""
        if fields and not args:
            return holds.Policy(**fields)  # type: ignore[arg-type]
        return super().__new__(cls)

    def __init__(
        self, rules: RuleSet, name: str, throws: int, parts: list[Part], n_rows: int
    ) -> None:
        fields = {"rules": rules, "throws": throws, "exact": False, "denominator": 1}
        for key, value in fields.items():
            object.__setattr__(self, key, value)
        object.__setattr__(self, "stages", GatheredStages(parts, n_rows))
        object.__setattr__(self, "_parts", parts)
        object.__setattr__(self, "_n_rows", n_rows)
        object.__setattr__(self, "_name", name)

    @functools.cached_property
    def stand(self) -> np.ndarray:
        """(G, 252) goal values, gathered when first read."""
        return _gather(self._parts, self._n_rows, lambda p: p.stand)

    @functools.cached_property
    def goals(self) -> FloatGoals:
        """The goals ``name#g`` of :attr:`stand`'s rows."""
        return float_goals(self._name, self.stand)

    @functools.cached_property
    def turn(self) -> np.ndarray:
        """(G,) value of a whole turn for each goal."""
        # The whole batch's turn values, as one solve of it computes them (a matrix
        # product, whose rounding may depend on the number of rows): from the first
        # throw's state values alone.
        first_stages: list[Stage] = []
        if len(self.stages):
            last = _gather(self._parts, self._n_rows, lambda p: p.stages[-1].state_values)
            first_stages = [Stage(last, last, last)]  # turn_value reads the state values
        return turn_value(first_stages, self.stand, state_kind(self.rules), False)


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
