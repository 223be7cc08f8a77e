"""The seats of a blind round as kernel tables: each a mixture of pure strategies.

In a blind round (banking, 004) no seat sees another's hand.  A seat
plays either the symmetric equilibrium of the blind round of that many seats
(a mixture of pure strategies, each a best-keep table, from
:func:`pokerdice_stats.games.banking.exact.field.solve_field`) or one named policy.
:func:`blind_seats` stacks every pure strategy's
best-keep tables into one ``(P, T - 1, S)`` array and describes each seat's
mixture by three flat arrays the kernel reads (see
:func:`pokerdice_stats.kernels.simulation.blind_rounds.draw_policy`)::

    seat_ptr (N + 1,)   seat i's strategies are entries seat_ptr[i] .. seat_ptr[i + 1] - 1
    seat_policy         index into the stacked tables
    seat_cdf  uint64    cumulative weights in units of 2**-53 (a seat's last entry 2**53)

Each seat's exact final distribution (numerators, denominator) comes along,
for the exact odds of :func:`pokerdice_stats.games.banking.exact.rounds.chances`.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np

from pokerdice_stats.engines.blind.equilibrium import Mixture
from pokerdice_stats.engines.blind.simple_strategies import max_category_goal
from pokerdice_stats.engines.simulation.policy_tables import (
    HEURISTICS,
    heuristic_table,
    n_states,
    optimal_tables,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.forward import final_distribution
from pokerdice_stats.turn.goals import at_least
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind

#: Names of the blind equilibrium (the default seat policy of a blind round).
EQUILIBRIUM = ("equilibrium", "optimal")
#: Named policies a blind seat may play.
BLIND_POLICIES = (*EQUILIBRIUM, *HEURISTICS, "at-least-three", "max-category")
#: Weight 1 in the units of ``seat_cdf`` (2**-53).
CDF_ONE = 1 << 53


@dataclass(frozen=True, eq=False)
class BlindSeats:
    """Every seat's mixture of pure strategies in the form the blind kernel reads.

    Attributes
    ----------
    best : (P, T - 1, S) int16
        Stacked best-keep tables of every pure strategy.
    seat_ptr : (N + 1,) int64
    seat_policy : int64
    seat_cdf : uint64
        See the module docstring.
    policies : tuple of str
        Each seat's policy name.
    distributions : tuple of (numerators, denominator)
        Each seat's exact final distribution (its mixture's).
    """

    best: np.ndarray
    seat_ptr: np.ndarray
    seat_policy: np.ndarray
    seat_cdf: np.ndarray
    policies: tuple[str, ...]
    distributions: tuple


def seat_equilibrium(rules: RuleSet, players: int, seat: int) -> Mixture:
    """The equilibrium mixture seat ``seat`` plays at a blind table of ``players`` seats.

    The symmetric equilibrium of :func:`~pokerdice_stats.games.banking.exact.field.solve_field`
    for that number of seats, solved for it (every seat plays the same mixture)
    whenever the field game models the rules (tied seats share the pot, each
    turn on its own; the rules are read as ``knowledge=blind``).  Two seats
    under other tie rules (roll-off, must-beat) play the two-player blind
    equilibrium of :func:`blind_equilibrium` (seat 1 the first player's mixture).

    Raises
    ------
    OptionError
        For 3 to 5 seats under rules the field game does not model.
    """
    from pokerdice_stats.games.banking.exact.field import SHARED_TIES, solve_field

    blind = rules if rules.knowledge == "blind" else dataclasses.replace(rules, knowledge="blind")
    if players == 2 and (rules.ties not in SHARED_TIES or rules.throw_limit != "none"):
        eq = blind_equilibrium(rules)
        return eq.first if seat == 0 else eq.second
    return solve_field(blind, players).mixture


@functools.lru_cache(maxsize=8)
def blind_equilibrium(rules: RuleSet):
    """The blind equilibrium of the two-player game under ``rules`` (cached).

    The payout is the banking one (``+1`` win, ``0`` identical dice, ``-1``
    loss; :func:`pokerdice_stats.games.banking.exact.two_seats.banking_payout`).
    """
    from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium

    return banking_equilibrium(rules)


def table_distribution(rules: RuleSet, keeps: np.ndarray) -> tuple[np.ndarray, int]:
    """Exact final distribution of a turn that follows ``(T - 1, S)`` keep tables.

    The forward pass of :func:`pokerdice_stats.turn.forward.final_distribution` over
    the given tables (any turn rules, sticky holds included).
    """
    stages = [
        types.SimpleNamespace(best_keep=np.asarray(keeps[t], dtype=np.int64)[None, :])
        for t in range(rules.throws - 1)
    ]
    policy = types.SimpleNamespace(
        goals=[None], sticky=state_kind(rules), exact=True, throws=rules.throws, stages=stages
    )
    # A policy-shaped record of the given tables (the forward pass reads only these fields).
    numerators, denominator = final_distribution(cast(Any, policy))
    return numerators[0], denominator


def named_keeps(rules: RuleSet, name: str) -> np.ndarray:
    """The ``(T - 1, S)`` keep tables of a named (non-equilibrium) blind policy."""
    if name in HEURISTICS:
        return heuristic_table(rules, name)
    if name == "at-least-three":
        goal = at_least(hand_table(rules), "three-of-a-kind")
        return optimal_tables(rules, [goal], exact=True)[0]
    if name == "max-category":
        return optimal_tables(rules, [max_category_goal(rules)], exact=True)[0]
    raise OptionError(f"unknown blind policy {name!r}; choose one of: " + ", ".join(BLIND_POLICIES))


def cumulative_weights(weights: Sequence[Fraction]) -> list[int]:
    """Cumulative weights in units of 2**-53, the last exactly 2**53."""
    total = sum(weights)
    running = Fraction(0)
    out = []
    for w in weights:
        running += w
        out.append(int(running / total * CDF_ONE))
    out[-1] = CDF_ONE
    return out


def mixture_parts(mixture: Mixture, rules: RuleSet) -> tuple[list[np.ndarray], list[Fraction]]:
    """The keep tables and exact weights of a mixture's pure strategies (its support).

    Raises
    ------
    OptionError
        For a mixture without keep tables, or tables of other turn rules.
    """
    keeps = mixture.keeps if mixture.playable() else None
    if keeps is None:
        raise OptionError("the mixture does not carry the keep tables of its pure strategies")
    support = mixture.support()
    shape = (rules.throws - 1, n_states(rules))
    if any(np.shape(keeps[i]) != shape for i in support):
        raise OptionError(f"a mixture's keep tables must be {shape} under these turn rules")
    weights = mixture.fraction_weights()
    return [keeps[i] for i in support], [weights[i] for i in support]


def blind_seats(
    rules: RuleSet, policies: Sequence[str | Mixture], players: int | None = None
) -> BlindSeats:
    """Build the :class:`BlindSeats` of a blind round, one policy per seat.

    ``equilibrium`` (or ``optimal``): the symmetric equilibrium of a blind
    table of ``players`` seats (default: one seat per policy), see
    :func:`seat_equilibrium`.  Other names: see
    :data:`BLIND_POLICIES`.  A playable
    :class:`~pokerdice_stats.engines.blind.equilibrium.Mixture` (one that carries its
    keep tables, made for the same turn rules) is played as it is.

    Raises
    ------
    OptionError
        For an unknown policy name, a mixture without keep tables or whose
        tables do not fit the turn rules, or an equilibrium the rules do not
        allow (:func:`seat_equilibrium`).
    """
    n_seats = len(policies) if players is None else int(players)
    steps = max(rules.throws - 1, 1)
    tables: list[np.ndarray] = []
    index_of: dict[tuple, int] = {}
    keys: list[tuple]
    seat_ptr = [0]
    seat_policy: list[int] = []
    seat_cdf: list[int] = []
    distributions = []
    names = []
    for seat, name in enumerate(policies):
        if isinstance(name, Mixture):
            keeps, weights = mixture_parts(name, rules)
            keys = [("mixture", id(name), i) for i in name.support()]
            distributions.append(name.exact())
            name = "mixture"
        else:
            name = str(name).strip().lower()
            if name not in BLIND_POLICIES:
                raise OptionError(
                    f"unknown blind policy {name!r}; choose one of: " + ", ".join(BLIND_POLICIES)
                )
            if name in EQUILIBRIUM:
                mixture = seat_equilibrium(rules, n_seats, seat)
                keeps, weights = mixture_parts(mixture, rules)
                keys = [("equilibrium", id(mixture), i) for i in mixture.support()]
                distributions.append(mixture.exact())
                name = "equilibrium"
            else:
                keeps, weights = [named_keeps(rules, name)], [Fraction(1)]
                keys = [("named", name)]
                distributions.append(table_distribution(rules, keeps[0]))
        names.append(name)
        for key, table in zip(keys, keeps, strict=True):
            if key not in index_of:
                index_of[key] = len(tables)
                padded = np.zeros((steps, table.shape[1]), dtype=np.int16)
                padded[: table.shape[0]] = table
                tables.append(padded)
            seat_policy.append(index_of[key])
        seat_cdf.extend(cumulative_weights(weights))
        seat_ptr.append(len(seat_policy))
    best = np.ascontiguousarray(np.stack(tables))
    return BlindSeats(
        best,
        np.array(seat_ptr, dtype=np.int64),
        np.array(seat_policy, dtype=np.int64),
        np.array(seat_cdf, dtype=np.uint64),
        tuple(names),
        tuple(distributions),
    )
