"""Policies as best-keep tables (what the kernels play): the optimal hold for a goal, and
named heuristics.

A policy table has shape ``(T - 1, S)`` (``T`` throws a turn; ``S`` = 252 hands,
or the 4,368 ``(aside, hand)`` states under sticky holds, or ``(untouched,
hand)`` states under a turn-scoped ``max_rethrow``; see
:mod:`pokerdice_stats.turn.states`): the keep index chosen with ``t`` throws
left is ``table[t - 1, s]``, and the hand's own keep (``HAND_KEEP[h]``) means
stand.  Every heuristic obeys the turn rules (at most ``max_rethrow`` dice
thrown, or of the first throw's dice; dice set aside stay aside under sticky
holds): it adds the dice the rules make it keep, highest first.

Named heuristics:

``stand``
    Stand on the first throw.
``largest-set``
    Keep the dice of the face shown most often (the higher face on equal
    counts) and throw the rest; stand on five of a kind; a hand without a
    pair is thrown again whole (as the strategy of the same name in
    :mod:`pokerdice_stats.engines.blind.simple_strategies`).
``chase-straights``
    Stand on a straight (any run category); otherwise keep one die of each
    face of the five-face window holding the most different faces (the higher
    window on equal counts) and throw the rest.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.codes import KIND_RUN
from pokerdice_stats.turn import states as turn_states
from pokerdice_stats.turn.goals import Goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet

HEURISTICS = ("stand", "largest-set", "chase-straights")
POLICIES = ("optimal", *HEURISTICS)


def n_states(rules: RuleSet) -> int:
    """Number of states a table covers: 252 hands, or 4,368 (keep, hand) states."""
    return turn_states.n_states(turn_states.state_kind(rules))


def state_pairs(rules: RuleSet) -> list[tuple[int, int]]:
    """``(aside or untouched keep, hand)`` of every state, in table order (0 for hands)."""
    if turn_states.state_kind(rules) == "hand":
        return [(0, h) for h in range(ix.N_HANDS)]
    pairs = []
    for k in range(ix.N_KEEPS):
        for p in range(ix.REROLL.ptr[k], ix.REROLL.ptr[k + 1]):
            pairs.append((k, int(ix.REROLL.col[p])))
    return pairs


def optimal_tables(rules: RuleSet, goals: list[Goal], exact: bool = False) -> np.ndarray:
    """Best-keep tables of the optimal policy of each goal: ``(G, T - 1, S)`` int16.

    ``exact=False`` (floats) is enough for goals whose best keeps are not
    decided by ties closer than 1e-12; use ``exact=True`` to follow the
    exact program's canonical choice everywhere.
    """
    policy = solve(rules, goals, exact=exact)
    return tables_of_policy(policy)


def tables_of_policy(policy) -> np.ndarray:
    """The ``(G, T - 1, S)`` best-keep tables of a solved
    :class:`~pokerdice_stats.turn.holds.Policy`."""
    n_goals = len(policy.goals)
    steps = max(policy.throws - 1, 1)
    out = np.zeros((n_goals, steps, n_states(policy.rules)), dtype=np.int16)
    for t, stage in enumerate(policy.stages):
        out[:, t, :] = stage.best_keep
    return out


def heuristic_table(rules: RuleSet, name: str) -> np.ndarray:
    """The ``(T - 1, S)`` best-keep table of a named heuristic (see the module docstring).

    Raises
    ------
    OptionError
        For an unknown heuristic name.
    """
    if name not in HEURISTICS:
        raise OptionError(f"unknown policy {name!r}; choose one of: " + ", ".join(POLICIES))
    table = hand_table(rules)
    steps = max(rules.throws - 1, 1)
    pairs = state_pairs(rules)
    row = np.empty(len(pairs), dtype=np.int16)
    for s, (aside, h) in enumerate(pairs):
        if ix.STATE_OF[aside, h] < 0 or not _reachable(rules, aside, h):
            row[s] = ix.HAND_KEEP[h]
            continue
        counts = ix.HAND_COUNTS[h].astype(np.int64)
        keep = _heuristic_keep(rules, table, name, h, counts)
        if keep is None:
            row[s] = ix.HAND_KEEP[h]
            continue
        if rules.sticky_holds:
            keep = np.maximum(keep, ix.KEEP_COUNTS[aside])
        if turn_states.state_kind(rules) == "original":
            untouched = ix.KEEP_COUNTS[aside].astype(np.int64)
            keep = _fill_untouched(keep, untouched, ix.N_DICE - rules.max_rethrow)
            if (keep == counts).all():
                row[s] = ix.HAND_KEEP[h]
                continue
        else:
            keep = _fill(keep, counts, ix.N_DICE - rules.max_rethrow)
        row[s] = ix.keep_index(keep)
    return np.repeat(row[None, :], steps, axis=0)


def _reachable(rules: RuleSet, aside: int, h: int) -> bool:
    """Whether a turn can be in the state (turn-scoped: the first throw's dice all
    untouched, or at least ``5 - max_rethrow`` of them)."""
    if turn_states.state_kind(rules) != "original":
        return True
    least = ix.N_DICE - rules.max_rethrow
    return aside == ix.HAND_KEEP[h] or ix.KEEP_SIZE[aside] >= least


def _heuristic_keep(rules: RuleSet, table, name: str, h: int, counts: np.ndarray):
    """The counts a heuristic keeps (None: stand)."""
    if name == "stand":
        return None
    category = rules.categories[int(table.category[h])]
    if name == "largest-set":
        top = int(counts.max())
        if top == ix.N_DICE:
            return None
        keep = np.zeros(6, dtype=np.int64)
        if top >= 2:
            face = max(r for r in range(6) if counts[r] == top)
            keep[face] = top
        return keep
    # chase-straights
    if category.kind == KIND_RUN and category.run_length == 5:
        return None
    windows = [(int((counts[w : w + 5] > 0).sum()), w) for w in (0, 1)]
    _, w = max(windows)
    keep = np.zeros(6, dtype=np.int64)
    keep[w : w + 5] = counts[w : w + 5] > 0
    return keep


def _fill_untouched(keep: np.ndarray, untouched: np.ndarray, least: int) -> np.ndarray:
    """Add untouched first-throw dice, highest first, until ``least`` of them are kept."""
    keep = keep.copy()
    for r in range(5, -1, -1):
        while np.minimum(keep, untouched).sum() < least and keep[r] < untouched[r]:
            keep[r] += 1
    return keep


def _fill(keep: np.ndarray, counts: np.ndarray, least: int) -> np.ndarray:
    """Add the hand's highest other dice until at least ``least`` dice are kept."""
    keep = keep.copy()
    for r in range(5, -1, -1):
        while keep.sum() < least and keep[r] < counts[r]:
            keep[r] += 1
    return keep
