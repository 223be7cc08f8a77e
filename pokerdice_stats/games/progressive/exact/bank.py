"""The player's bank over a session of progressive rounds, exactly, by dynamic programming.

Rounds are independent and each pays the player one of a few amounts
with known chances (:meth:`RoundOutcomes.amounts`).  The chance of every bank
value after ``r`` rounds follows from that after ``r - 1`` by one convolution
with the round's outcomes.  A player whose bank is below ``floor`` (by
default the largest possible loss of a round: the bank can no longer cover
it) is ruined and plays no more: ruined banks are absorbing and keep their
value.

Whole-number pays run the program below over every bank value; any other
rational pay (a fair pay solved exactly, a factor of 3/2) runs the same
program on the lattice of banks those pays reach
(:mod:`pokerdice_stats.games.progressive.exact.bank_lattice`), and its banks are
Fractions (exact) or floats instead of whole numbers.

Two arithmetics, said by :attr:`BankDistribution.exact`:

- exact (the default up to :data:`EXACT_ROUNDS` rounds): Python integers over
  the common denominator of the round's chances raised to the number of
  rounds, so every chance is a Fraction;
- float64 (beyond): a numba convolution per round
  (:func:`pokerdice_stats.kernels.bank.bank_round`).  The upper tail is cut
  where its mass is below ``1e-12 / rounds`` a round, and so is the lower tail
  of a row wider than :data:`LOWER_CUT_WIDTH` banks once the rounds left cannot
  take its lowest bank below the floor (a start far above the ruin line: ruin
  no longer matters there, and the row stays as narrow as the spread of the
  bank); the total mass cut is tracked, and :attr:`BankDistribution.tolerance`
  bounds the error of any chance reported (cut mass plus rounding,
  ``rounds * outcomes * 2**-53``).  A session whose work would pass about a
  minute is refused (:mod:`~pokerdice_stats.games.progressive.exact.bank_work`).

Examples
--------
>>> session = bank_distribution(rounds=2, start=10_000)
>>> session.exact, session.ruin
(True, Fraction(0, 1))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.progressive.exact.bank_inputs import (
    Number,
    check_session,
    session_amounts,
    session_line,
)
from pokerdice_stats.games.progressive.exact.bank_lattice import lattice_program
from pokerdice_stats.games.progressive.exact.bank_work import WorkBudget
from pokerdice_stats.games.progressive.exact.payout import RoundOutcomes, round_outcomes
from pokerdice_stats.games.progressive.exact.payout_result import STARTING_BANK
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule
from pokerdice_stats.ground.arguments import checked_flag, shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.limits import check_memory
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.bank import bank_round
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: Sessions up to this many rounds are computed exactly by default.
EXACT_ROUNDS = 10
#: Upper-tail mass the float program may cut over a whole session (and as much of the
#: lower tail, of banks ruin can no longer reach).
CUT_BUDGET = 1e-12
#: Rows of the float program wider than this many banks have their lower tail cut (when
#: ruin can no longer reach it); narrower ones are cheap and kept whole.
LOWER_CUT_WIDTH = 1 << 16


@dataclass(frozen=True, eq=False)
class BankDistribution:
    """The player's bank after a session.

    Attributes
    ----------
    rounds, start : int
        Rounds played (at most) and the starting bank.
    floor : int or Fraction
        The ruin line: a bank below ``floor`` is ruined.
    banks : (n,) ndarray
        Bank values, ascending (ruined banks included, at the value they had):
        int64 for whole-number pays; else Fractions (object) when ``exact``,
        float64 when not.
    chances : (n,)
        Their chances: Fractions (object array) when ``exact``, else float64.
    ruin_by_round : tuple
        Chance of being ruined by the end of round ``r``, for r = 0..rounds.
    exact : bool
    tolerance : float
        Bound on the absolute error of any chance reported (0 when exact).
    cut : float
        Upper-tail mass dropped by the float program (0 when exact).
    """

    rounds: int
    start: int
    floor: int | Fraction
    banks: np.ndarray
    chances: np.ndarray
    ruin_by_round: tuple[Number, ...]
    exact: bool
    tolerance: float
    cut: float

    @property
    def ruin(self) -> Number:
        """Chance of ruin within the session."""
        return self.ruin_by_round[-1]

    @property
    def mean(self) -> Number:
        """Expected final bank (points)."""
        return _dot(self.banks, self.chances)

    @property
    def sd(self) -> float:
        """Standard deviation of the final bank (points)."""
        mean = float(self.mean)
        floats = np.array([float(c) for c in self.chances])
        return math.sqrt(max(float(dot(floats, (self.banks.astype(np.float64) - mean) ** 2)), 0.0))

    def chance(self, bank: int) -> Number:
        """Chance that the session ends with exactly this bank."""
        where = np.searchsorted(self.banks, bank)
        if where < self.banks.size and self.banks[where] == bank:
            return self.chances[where]
        return Fraction(0) if self.exact else 0.0

    @property
    def ahead(self) -> Number:
        """Chance the session ends with the bank above the start: the player then has more
        points than the computer (004's winner: "the most points at the end of play"),
        when both began with ``start`` (every point one wins the other loses)."""
        above = self.banks > self.start
        if self.chances.dtype == object:
            return sum(self.chances[above], Fraction(0))
        return float(self.chances[above].sum())

    @property
    def level(self) -> Number:
        """Chance the session ends with the bank at the start (nobody ahead)."""
        return self.chance(self.start)

    def quantile(self, q: float | Fraction) -> int | Fraction | float:
        """The smallest bank ``b`` with ``P(bank <= b) >= q`` (0 < q <= 1).

        A whole number for whole-number pays; else a Fraction (exact) or a float.
        """
        q = Fraction(q) if self.exact else float(q)
        if not 0 < q <= 1:
            raise OptionError(f"a quantile must be above 0 and at most 1, got {q}")
        total = Fraction(0) if self.exact else 0.0
        for bank, chance in zip(self.banks, self.chances, strict=True):
            total += chance
            if total >= q:
                return _bank_value(bank)
        return _bank_value(self.banks[-1])

    def frame(self) -> pd.DataFrame:
        """One row a possible bank after the session, ascending: ``bank``, ``chance`` (a
        float), ``chance_exact`` (the Fraction when ``exact``, else None) and ``ruined``
        (below :attr:`floor`: those rows' chances sum to :attr:`ruin`)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "bank": [_bank_value(b) for b in self.banks],
                "chance": [float(c) for c in self.chances],
                "chance_exact": list(self.chances) if self.exact else None,
                "ruined": [bool(b < self.floor) for b in self.banks],
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rounds=self.rounds,
            start=self.start,
            banks=len(self.banks),
            mean=self.mean,
            ruin=self.ruin,
            exact=self.exact,
        )


def _bank_value(bank) -> int | Fraction | float:
    if isinstance(bank, Fraction):
        return bank
    return int(bank) if isinstance(bank, (int, np.integer)) else float(bank)


def _dot(banks: np.ndarray, chances: np.ndarray) -> Number:
    if chances.dtype == object:
        return sum((_bank_value(b) * c for b, c in zip(banks, chances, strict=True)), Fraction(0))
    return float(dot(banks.astype(np.float64), chances))


def distribution_of_amounts(
    amounts: dict,
    rounds: int,
    start: int = STARTING_BANK,
    floor: int | Fraction | None = None,
    exact: bool | None = None,
) -> BankDistribution:
    """The bank after ``rounds`` rounds, each paying ``amount`` with its chance.

    Parameters
    ----------
    amounts : dict
        Amount (any rational) -> chance (Fraction, or float when not exact).
    rounds, start : int
    floor : int or Fraction, optional
        A bank below it is ruined; default: the largest loss of a round.
    exact : bool, optional
        Default: exact up to :data:`EXACT_ROUNDS` rounds (needs Fraction chances).

    Raises
    ------
    OptionError
        For rounds or banks out of range, a ``start`` below the ruin line (the session
        would be over before it began), a floor that is not a number, or amounts the
        program cannot hold.
    """
    rounds, start = check_session(rounds, start)
    values, chances = session_amounts(amounts)
    line = session_line(values, start, floor)
    if exact is not None:
        exact = checked_flag(exact, "exact")
    if exact is None:
        exact = rounds <= EXACT_ROUNDS and all(isinstance(c, (Fraction, int)) for c in chances)
    if not all(isinstance(v, int) for v in values) or line.denominator != 1:
        return _on_lattice(values, chances, rounds, start, line, exact)
    if exact:
        return _exact(values, [Fraction(c) for c in chances], rounds, start, int(line))
    return _float(values, [float(c) for c in chances], rounds, start, int(line))


def _on_lattice(values, chances, rounds, start, floor, exact) -> BankDistribution:
    if exact:
        chances = [Fraction(c) for c in chances]
    banks, probs, ruin, cut = lattice_program(values, chances, rounds, start, floor, exact)
    return BankDistribution(
        rounds=rounds,
        start=start,
        floor=floor,
        banks=banks,
        chances=probs,
        ruin_by_round=tuple(ruin),
        exact=exact,
        tolerance=0.0 if exact else cut + rounds * len(values) * 2.0**-53,
        cut=cut,
    )


def _exact(values, chances, rounds, start, floor) -> BankDistribution:
    denominator = math.lcm(*(c.denominator for c in chances))
    weights = np.array([int(c * denominator) for c in chances], dtype=object)
    low_amount = min(values)
    # the lowest bank a session can reach: a ruined bank stops, and no bank falls by
    # more than the largest loss a round (a start far above the floor needs no room below)
    lowest = min(start, max(start + rounds * min(low_amount, 0), floor + low_amount))
    size = max(start, floor) + rounds * max(max(values), 0) - lowest + 1
    _check_bank_memory(size, 4 * 8, rounds, start, values)
    banks = np.zeros(size, dtype=object)  # numerators over denominator**r
    banks[start - lowest] = 1
    ruin = [Fraction(int(start < floor))]
    scale = 1
    for _ in range(rounds):
        scale *= denominator
        active_from = max(floor - lowest, 0)
        nonzero = np.flatnonzero(banks[active_from:] != 0)
        following = np.zeros(size, dtype=object)
        following[:active_from] = banks[:active_from] * denominator
        if nonzero.size:
            first, last = active_from + nonzero[0], active_from + nonzero[-1] + 1
            playing = banks[first:last]
            for amount, weight in zip(values, weights, strict=True):
                at = first + amount
                following[at : at + playing.size] += weight * playing
        banks = following
        ruin.append(Fraction(int(banks[:active_from].sum()), scale))
    keep = np.flatnonzero(banks != 0)
    return BankDistribution(
        rounds=rounds,
        start=start,
        floor=floor,
        banks=(keep + lowest).astype(np.int64),
        chances=np.array([Fraction(int(banks[i]), scale) for i in keep], dtype=object),
        ruin_by_round=tuple(ruin),
        exact=True,
        tolerance=0.0,
        cut=0.0,
    )


def _check_bank_memory(size: int, per_value: int, rounds: int, start: int, values) -> None:
    """Refuse a bank program of ``size`` bank values past the memory budget, naming the
    options that make it large."""
    check_memory(
        size * per_value,
        f"the bank program over {size:,} bank values ({option('rounds')} {rounds:,}, "
        f"{option('start')} {start:,}, "
        f"amounts {min(values):,} to {max(values):,} a round)",
    )


def _float(values, chances, rounds, start, floor) -> BankDistribution:
    low_amount = min(values)
    offsets = np.array([v - low_amount for v in values], dtype=np.int64)
    weights = np.array(chances, dtype=np.float64)
    lowest = min(start, floor + low_amount)
    size = max(floor - lowest, 0) + rounds * int(offsets[-1]) + 1
    _check_bank_memory(size, 4 * 8, rounds, start, values)
    ruined = np.zeros(max(floor - lowest, 0), dtype=np.float64)  # banks lowest .. floor - 1
    if start < floor:
        ruined[start - lowest] = 1.0
        active, active_low = np.zeros(0), floor
    else:
        active, active_low = np.ones(1), start
    ruin = [float(start < floor)]
    cut_each = CUT_BUDGET / max(rounds, 1)
    cut = 0.0
    budget = WorkBudget(rounds, start)
    for played in range(1, rounds + 1):
        if active.size:
            following = np.zeros(active.size + int(offsets[-1]), dtype=np.float64)
            bank_round(active, offsets, weights, following)
            low = active_low + low_amount
            below = min(max(floor - low, 0), following.size)
            if below:
                ruined[low - lowest : low - lowest + below] += following[:below]
            active, active_low = following[below:], low + below
            tail = np.cumsum(active[::-1])
            drop = int(np.searchsorted(tail, cut_each, side="right"))
            if drop:
                cut += float(tail[drop - 1])
                active = active[: active.size - drop]
            # the lowest banks that hold nothing are dropped; a wide row whose lowest bank
            # the rounds left cannot take below the floor has its thin lower tail cut as
            # the upper one is (ruin, and every bank ruin can still reach, stay as they are)
            left = rounds - played
            far = active.size > LOWER_CUT_WIDTH and active_low + left * low_amount >= floor
            lower, below_cut = _cut_lower(active, cut_each if left and far else 0.0)
            cut += below_cut
            active, active_low = active[lower:], active_low + lower
            budget.spend(played, active.size * offsets.size)
        ruin.append(float(ruined.sum()))
    banks = np.concatenate(
        [np.arange(lowest, lowest + ruined.size), np.arange(active_low, active_low + active.size)]
    ).astype(np.int64)
    probs = np.concatenate([ruined, active])
    keep = np.flatnonzero(probs > 0)
    rounding = rounds * len(values) * 2.0**-53
    return BankDistribution(
        rounds=rounds,
        start=start,
        floor=floor,
        banks=banks[keep],
        chances=probs[keep],
        ruin_by_round=tuple(ruin),
        exact=False,
        tolerance=cut + rounding,
        cut=cut,
    )


def _cut_lower(active: np.ndarray, cut_each: float) -> tuple[int, float]:
    """How many of the lowest banks to cut, and their mass: those holding nothing and,
    when ``cut_each`` is above 0, a lower tail of at most that mass."""
    if not cut_each:
        return (int(np.argmax(active > 0)) if active.size and active.any() else active.size), 0.0
    head = np.cumsum(active)
    lower = int(np.searchsorted(head, cut_each, side="right"))
    return lower, float(head[lower - 1]) if lower else 0.0


def bank_distribution(
    rules: RuleSet | None = None,
    computer: str = "optimal",
    knowledge: str | None = None,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    rounds: int = 100,
    start: int = STARTING_BANK,
    floor: int | None = None,
    exact: bool | None = None,
    outcomes: RoundOutcomes | None = None,
) -> BankDistribution:
    """The player's bank after ``rounds`` progressive rounds from ``start`` points.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.
    computer : str, default "optimal"
        One of :data:`COMPUTER_POLICIES` (as for
        :func:`pokerdice_stats.games.progressive.exact.payout.expected_payout`).
    knowledge : str, optional
        ``seen`` or ``blind``; default: the rules' ``knowledge`` (as for
        ``expected_payout``).
    schedule : PayoutSchedule
        The payout schedule (default: :data:`PROGRESSIVE_SCHEDULE`).
    rounds : int
        0 to :data:`MAX_ROUNDS`.
    start : int
        The player's starting bank, 0 to :data:`MAX_BANK` points (004: 10,000), and at
        least ``floor``.
    floor : int, optional
        A bank below it is ruined (default: the largest possible loss of a
        round, so a ruined player could no longer cover it).
    exact : bool, optional
        Python-integer arithmetic (exact) or float64; default exact up to
        :data:`EXACT_ROUNDS` rounds.
    outcomes : RoundOutcomes, optional
        An already solved round (then the other game arguments are ignored).

    Returns
    -------
    BankDistribution
        The possible banks after the session with their chances, and the chance of ruin
        by round.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For rounds or banks out of range (a ``start`` below ``floor`` too), pays the
        lattice program cannot
        hold (several with large denominators), an inexact round asked
        for exactly, ``outcomes`` that are not a ``RoundOutcomes``, or the game
        arguments refused as by ``expected_payout``.
    ScheduleError
        For a schedule that does not fit the rules.
    """
    rounds, start = check_session(rounds, start)
    exact = None if exact is None else checked_flag(exact, "exact")
    if outcomes is None:
        outcomes = round_outcomes(rules, computer, knowledge, schedule)
    elif not isinstance(outcomes, RoundOutcomes):
        raise OptionError(f"outcomes must be a RoundOutcomes, got {shown(outcomes)}")
    if exact and not outcomes.exact:
        raise OptionError("this round's chances are floats (a blind equilibrium): exact=False")
    return distribution_of_amounts(outcomes.amounts(), rounds, start, floor, exact)
