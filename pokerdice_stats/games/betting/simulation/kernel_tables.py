"""The solved betting rounds of 001 as the arrays a session kernel plays.

For each table size ``m`` (2 up to the session's seats) the exact solution
(:func:`pokerdice_stats.games.betting.exact.solve.solve_betting`) is read into
:class:`~pokerdice_stats.kernels.simulation.records.BettingGame`: per open
state (a *group*: the positions still to throw and the pot) the keep table
of the next position for every best strength it may face, the raises it
makes when it leads with each strength, the meet-or-fold answer of every
later position (given the answers before it) and the group that follows.
The solver's own methods give every decision, so the kernel plays exactly
the solved play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.games.betting.exact.induction import NOTHING, RoundSolver, seats_in
from pokerdice_stats.games.betting.exact.solve import check_betting_rules, solve_betting
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.kernels.simulation.records import BettingGame
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code

#: Positions a mask may hold (the most seats a betting round has).
MASKS = 32
MAX_POSITIONS = 5


@dataclass(frozen=True, eq=False)
class BettingTables:
    """The kernel record and what it was built from.

    ``unit``: chips are counted in ``1 / unit`` of a chip so antes and raises are whole.
    ``solvers``: a solved round (:class:`~pokerdice_stats.games.betting.exact.solve.Betting`)
    of each number of seats in.  ``plan``: per number of seats at the table, the ante
    named and the positions (1-based) that meet it; ``tables``: the solved
    :class:`~pokerdice_stats.games.betting.exact.table.TableRound` of each number of
    seats at the table (empty when every seat antes a fixed ante).
    """

    game: BettingGame
    unit: int
    solvers: dict
    plan: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)


def chip_unit(ante: Fraction, raise_size: Fraction) -> int:
    """The smallest number of units a chip splits into so ante and raise are whole."""
    return math.lcm(ante.denominator, raise_size.denominator)


def betting_game(
    rules: RuleSet, players: int, ante=1, raise_size=None, raises: int = 1, table=None
):
    """The decision tables of the betting rounds of 2 to ``players`` seats.

    ``table``: None (every seat antes ``ante``) or the keywords of
    :func:`~pokerdice_stats.games.betting.exact.table.solve_table` (``ante_max``,
    ``raise_max``, ``sit_out``, ...) for 001's round as written: with ``m`` seats at
    the table, seat 1 of them names the ante and the others meet it or sit out.

    Returns
    -------
    BettingTables

    Raises
    ------
    OptionError
        For rules, players or stakes outside the betting game.
    """
    check_betting_rules(rules)
    players = check_players(players)
    if table is not None:
        return _table_game(rules, players, table)
    solved = {
        m: solve_betting(rules, m, ante=ante, raise_size=raise_size, raises=raises)
        for m in range(2, players + 1)
    }
    plan = {m: (solved[m].stakes.ante, tuple(range(1, m + 1))) for m in solved}
    starts = {m: (m, solved[m].stakes.ante) for m in solved}
    game, unit = _tables(rules, players, solved, plan, starts)
    return BettingTables(game, unit, solved, plan)


def _table_game(rules: RuleSet, players: int, options: dict) -> BettingTables:
    """The tables of 001's round as written (see :func:`betting_game`)."""
    from pokerdice_stats.games.betting.exact.table import solve_table

    tables = {m: solve_table(rules, m, **options) for m in range(2, players + 1)}
    plan = {m: (t.ante, t.seats_in) for m, t in tables.items()}
    solved = {}
    for m, t in tables.items():  # a round of every number of seats in (states shared)
        solved[m] = t.round(t.antes[0], tuple(range(1, m + 1)))
    starts = {m: (len(t.seats_in), t.ante) for m, t in tables.items()}
    game, unit = _tables(rules, players, solved, plan, starts)
    return BettingTables(game, unit, solved, plan, tables)


def _tables(rules, players, solved, plan, starts):
    """The kernel record of the rounds ``solved`` and the chip unit.

    ``plan[m]``: the ante and positions in with ``m`` seats at the table;
    ``starts[m]``: the (seats in, ante) of the round they play.
    """
    stakes = solved[players].stakes
    n_h = hand_table(rules).n_strengths
    n_r = stakes.raises
    groups: list[tuple[int, int, Fraction | float]] = []  # (m, mask, pot)
    ids: dict[tuple, int] = {}
    start = np.full(players + 1, -1, dtype=np.int64)
    for m, result in solved.items():
        for mask, pot in sorted(result.solver.groups):
            ids[(m, mask, pot)] = len(groups)
            groups.append((m, mask, pot))
    ante = np.zeros(players + 1, dtype=np.int64)
    entry = np.zeros(players + 1, dtype=np.int64)
    unit = math.lcm(
        chip_unit(stakes.ante, stakes.raise_size), *(a.denominator for a, _ in plan.values())
    )
    for m, (named, members) in plan.items():
        ante[m] = int(named * unit)
        entry[m] = sum(1 << (s - 1) for s in members)
        k, at = starts[m]
        if k >= 2:
            played = solved[k].solver
            start[m] = ids[(k, played.full_mask, played.number(at * k))]
    n_g = len(groups)
    seat = np.zeros(n_g, dtype=np.int64)
    later = np.zeros(n_g, dtype=np.int64)
    keep = np.zeros((n_g, n_h + 1), dtype=np.int64)
    check_next = np.full(n_g, -1, dtype=np.int64)
    lead = np.zeros((n_g, n_h), dtype=np.int64)
    meet = np.zeros((n_g, n_h, n_r + 1, MAX_POSITIONS, MASKS), dtype=np.int8)
    raise_next = np.full((n_g, n_r + 1, MASKS), -1, dtype=np.int64)
    tables: dict[bytes, int] = {}
    best: list[np.ndarray] = []
    for g, (m, mask, pot) in enumerate(groups):
        solver: RoundSolver = solved[m].solver
        group = solver.groups[(mask, pot)]
        seat[g] = group.seat
        rest = mask & ~(1 << (group.seat - 1))
        later[g] = rest
        assert group.policy is not None
        for i, s in enumerate(group.strengths):
            table = np.ascontiguousarray(group.policy.keep_tables(group.goal[i]))
            key = table.tobytes()
            if key not in tables:
                tables[key] = len(best)
                best.append(table)
            faced = 0 if s == NOTHING else s + 1
            keep[g, faced] = tables[key]
            if s == NOTHING:
                keep[g, 1:] = tables[key]
        if rest:
            check_next[g] = ids[(m, rest, pot)]
        order = seats_in(rest)
        for h in range(n_h):
            lead[g, h] = solver.lead(h, group.seat, rest, pot)[0]
            for r in range(1, n_r + 1):
                prior = 0
                for i in range(len(order)):
                    for met in range(1 << m):
                        if met & ~prior:
                            continue
                        meet[g, h, r, i, met] = solver.answer(h, r, order, i, met, pot)[0]
                    prior |= 1 << (order[i] - 1)
        for r in range(1, n_r + 1):
            cost = solver.number(r * stakes.raise_size)
            for met in range(1, 1 << m):
                if met & ~rest:
                    continue
                raise_next[g, r, met] = ids[(m, met, pot + cost * (1 + met.bit_count()))]
    game = BettingGame(
        start_group=start,
        ante=ante,
        entry=entry,
        seat=seat,
        later=later,
        keep=keep,
        check_next=check_next,
        raises=lead,
        meet=meet,
        raise_next=raise_next,
        best=np.ascontiguousarray(np.stack(best)),
        strength=hand_table(rules).strength.astype(np.int64),
        throws_left=rules.throws - 1,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return game, unit
