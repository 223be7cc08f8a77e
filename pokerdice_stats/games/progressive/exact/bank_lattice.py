"""The bank program for pays that are not whole numbers (any rational pay).

Whole-number schedules run the one-index program of
:mod:`pokerdice_stats.games.progressive.exact.bank` over every bank value.  Any
other schedule is run here, on a lattice that holds every bank a session can
reach::

    bank = start + unit * i + odd * k        (i, k whole numbers)

- ``unit`` is the greatest common divisor of the pays (as rationals: every pay
  is a whole multiple of it), so a pay of ``25/2`` or a factor of ``3/2`` on
  the whole schedule runs on a grid of halves, and ``odd`` is 0 (one index);
- when that grid would be too fine for the range a session spans (a solved fair
  pay such as ``31278664205506/145954608325`` beside whole pays), the pay with
  the largest denominator gets an axis of its own: ``odd`` is its size, ``k``
  counts the rounds that paid it minus those that cost it, and ``unit`` is the
  common divisor of the other pays.  More than one such pay is refused, naming
  the way out (whole pays: ``payout --design``).

The program is the same as the one-index one: one spread of each bank's chance
over the round's outcomes a round (:func:`pokerdice_stats.kernels.bank.bank_round_rows`
in float64, Python integers over the common denominator when exact), banks below
the floor ruined and kept at their value, and in float64 the upper tail (and
the outer rows of ``k``) cut where their mass is below ``1e-12 / rounds`` a
round, the mass cut being counted in the stated tolerance.

Examples
--------
>>> from fractions import Fraction as F
>>> lattice_of([F(-5, 2), F(3)], start=10, floor=F(5, 2), rounds=3)
Lattice(unit=Fraction(1, 2), odd=Fraction(0, 1), shift=0)
>>> values, chances, ruin, cut = lattice_program(
...     [F(-5, 2), F(3)], [F(1, 2), F(1, 2)], rounds=1, start=10, floor=F(5, 2), exact=True)
>>> [str(v) for v in values], [str(c) for c in chances]
(['15/2', '13'], ['1/2', '1/2'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerdice_stats.games.progressive.exact.bank_work import WorkBudget
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, option
from pokerdice_stats.kernels.bank import bank_round_rows

#: The most bank values one row of the lattice may span.
GRID_LIMIT = 1 << 23
#: Upper-tail mass the float program may cut over a whole session (as the one-index one).
CUT_BUDGET = 1e-12


@dataclass(frozen=True)
class Lattice:
    """Where banks lie: ``start + unit * i + odd * k``, stored at column ``j = i + shift * k``.

    ``shift`` is ``odd / unit`` rounded, so that a column holds about the same bank on
    every row and the rows of the program line up (its block is as wide as one row's
    banks, not that plus a shift a row).
    """

    unit: Fraction
    odd: Fraction
    shift: int = 0

    def step(self, pay: Fraction) -> tuple[int, int]:
        """The (j, k) move of a round that pays ``pay``."""
        if self.odd and abs(pay) == self.odd:
            k = 1 if pay > 0 else -1
            return self.shift * k, k
        steps = pay / self.unit
        if steps.denominator != 1:  # pragma: no cover - the unit divides every other pay
            raise OptionError(f"pay {pay} is not on the bank lattice")
        return int(steps), 0

    def threshold(self, k: int, start: int, floor: Fraction) -> int:
        """The least column ``j`` of a bank that is not ruined, on row ``k``."""
        return math.ceil((floor - start - self.odd * k) / self.unit) + self.shift * k

    def value(self, j: int, k: int, start: int) -> Fraction:
        """The bank at column ``j`` of row ``k``, exactly."""
        return start + self.unit * (j - self.shift * k) + self.odd * k


def rational_gcd(values) -> Fraction:
    """The largest rational of which every value is a whole multiple (1 for no value or 0s)."""
    fractions = [Fraction(v) for v in values if v]
    if not fractions:
        return Fraction(1)
    denominator = math.lcm(*(f.denominator for f in fractions))
    return Fraction(math.gcd(*(int(f * denominator) for f in fractions)), denominator)


def _span(values, start: int | Fraction, floor: Fraction, rounds: int, unit: Fraction) -> Fraction:
    low = min(Fraction(start), floor + min(values, default=0))
    high = max(Fraction(start), floor) + rounds * max(max(values, default=0), 0)
    return (high - low) / unit


def lattice_of(values, start: int, floor: Fraction, rounds: int) -> Lattice:
    """The lattice a session of these pays runs on.

    Raises
    ------
    OptionError
        When the pays need more than one axis of their own.
    """
    values = [Fraction(v) for v in values]
    unit = rational_gcd(values)
    if _span(values, start, floor, rounds, unit) <= GRID_LIMIT:
        return Lattice(unit, Fraction(0))
    odd = max((abs(v) for v in values), key=lambda v: (v.denominator, v))
    rest = [v for v in values if abs(v) != odd]
    unit = rational_gcd(rest)
    if _span(rest, floor, floor, 1, unit) > GRID_LIMIT:  # too fine for any session
        raise OptionError(
            "the bank program takes pays over a common denominator, with at most one pay of a "
            "large denominator on its own; this schedule has several (write them as whole "
            "numbers, or "
            + either("let payout --design find whole pays)", "let design_schedule find whole pays)")
        )
    span = _span(rest, start, floor, rounds, unit)
    if span > GRID_LIMIT:
        most = max((v for v in rest), default=Fraction(0))
        room = GRID_LIMIT - _span(rest, start, floor, 0, unit)
        fit = int(room * unit / most) if most > 0 and room > 0 else 0
        raise OptionError(
            f"the bank program runs this schedule on a grid of banks {unit} "
            f"point{'' if unit == 1 else 's'} apart, "
            f"from the ruin line to {option('start')} {start:,} plus {option('rounds')} {rounds:,} "
            "of the largest "
            f"pay: {int(span):,} bank values, more than the {GRID_LIMIT:,} it takes "
            + (f"(from this start at most {fit:,} rounds fit; " if fit else "(")
            + f"a smaller {option('start')}, or whole pays: "
            + either("payout --design)", "design_schedule)")
        )
    return Lattice(unit, odd, round(odd / unit))


def _zeros(shape, exact: bool) -> np.ndarray:
    if exact:
        out = np.empty(shape, dtype=object)
        out.fill(0)
        return out
    return np.zeros(shape, dtype=np.float64)


@dataclass
class _Rows:
    """The playing banks: ``mass[r, c]`` at k = k_low + r, i = i_low + c."""

    mass: np.ndarray
    k_low: int
    i_low: int

    def trim(self, exact: bool) -> None:
        """Drop all-zero outer rows and columns."""
        if not self.mass.size:
            return
        nonzero = self.mass != 0 if exact else self.mass > 0
        rows, cols = np.flatnonzero(nonzero.any(axis=1)), np.flatnonzero(nonzero.any(axis=0))
        if not rows.size:
            self.mass = self.mass[:0, :0]
            return
        self.mass = self.mass[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
        self.k_low += int(rows[0])
        self.i_low += int(cols[0])


def lattice_program(values, chances, rounds: int, start: int, floor: Fraction, exact: bool):
    """The bank after ``rounds`` rounds of outcomes ``values`` (pays) with ``chances``.

    Returns
    -------
    banks : (n,) ndarray
        Bank values, ascending: Fractions (object) when exact, else float64.
    chances : (n,) ndarray
        Their chances: Fractions (object) when exact, else float64.
    ruin_by_round : list
        Chance of ruin by the end of each round, 0..rounds.
    cut : float
        Mass cut by the float program (0 when exact).
    """
    floor = Fraction(floor)
    if start < floor:  # ruined before the first round: the bank stays where it is
        one = Fraction(1) if exact else 1.0
        banks = np.array(
            [Fraction(start)] if exact else [float(start)], dtype=object if exact else np.float64
        )
        return (
            banks,
            np.array([one], dtype=object if exact else np.float64),
            [one] * (rounds + 1),
            0.0,
        )
    lattice = lattice_of(values, start, floor, rounds)
    steps = [lattice.step(Fraction(v)) for v in values]
    i_min = min(i for i, _ in steps)
    k_min = min(k for _, k in steps)
    offsets = np.array([i - i_min for i, _ in steps], dtype=np.int64)
    rows = np.array([k - k_min for _, k in steps], dtype=np.int64)
    if exact:
        denominator = math.lcm(*(Fraction(c).denominator for c in chances))
        weights: list = [int(Fraction(c) * denominator) for c in chances]
    else:
        denominator, weights = 1, [float(c) for c in chances]
    # ruined banks of row k: i from threshold(k) - width to threshold(k) - 1
    width = max(-i_min, 0) + 3 + (math.ceil(lattice.odd / lattice.unit) if lattice.odd else 0)
    ruined: dict[int, np.ndarray] = {}
    playing = _Rows(_zeros((1, 1), exact), 0, 0)
    playing.mass[0, 0] = 1 if exact else 1.0
    ruin_by_round: list = []
    scale, cut = 1, 0.0
    cut_each = CUT_BUDGET / max(rounds, 1)

    def absorb() -> None:
        mass = playing.mass
        for r in range(mass.shape[0]):
            k = playing.k_low + r
            threshold = lattice.threshold(k, start, floor)
            below = min(max(threshold - playing.i_low, 0), mass.shape[1])
            if below:
                # the block's columns start at the lowest row's banks: on this row the
                # columns more than ``width`` below the line hold nothing
                first = max(threshold - width - playing.i_low, 0)
                store = ruined.setdefault(k, _zeros(width, exact))
                at = playing.i_low + first - (threshold - width)
                store[at : at + below - first] += mass[r, first:below]
                mass[r, :below] = 0

    def ruin_now():
        total = sum((store.sum() for store in ruined.values()), 0 if exact else 0.0)
        return Fraction(int(total), scale) if exact else float(total)

    absorb()
    ruin_by_round.append(ruin_now())
    budget = WorkBudget(rounds, start, lattice=True)
    for played in range(1, rounds + 1):
        scale *= denominator
        mass = playing.mass
        if exact:
            for store in ruined.values():
                store *= denominator
        if mass.size:
            out = _zeros((mass.shape[0] + rows.max(), mass.shape[1] + offsets.max()), exact)
            if exact:
                n_rows, n_cols = mass.shape
                for down, shift, weight in zip(rows, offsets, weights, strict=True):
                    out[down : down + n_rows, shift : shift + n_cols] += weight * mass
            else:
                bank_round_rows(mass, rows, offsets, np.array(weights), out)
            playing.mass, playing.k_low, playing.i_low = (
                out,
                playing.k_low + k_min,
                playing.i_low + i_min,
            )
            absorb()
            if not exact:
                cut += _cut_tails(playing, cut_each)
            playing.trim(exact)
            budget.spend(played, playing.mass.size * len(steps))
        ruin_by_round.append(ruin_now())
    banks, masses = _collect(lattice, playing, ruined, width, start, floor, exact)
    if exact:
        return (
            banks,
            np.array([Fraction(int(m), scale) for m in masses], dtype=object),
            ruin_by_round,
            0.0,
        )
    return banks, masses, ruin_by_round, cut


def _cut_tails(playing: _Rows, cut_each: float) -> float:
    """Cut the float program's upper tail and thin outer rows (mass below ``cut_each``)."""
    mass = playing.mass
    if not mass.size:
        return 0.0
    cut = 0.0
    tail = np.cumsum(mass.sum(axis=0)[::-1])
    drop = int(np.searchsorted(tail, cut_each / 2, side="right"))
    if drop:
        cut += float(tail[drop - 1])
        mass = mass[:, : mass.shape[1] - drop]
    by_row = mass.sum(axis=1)
    low, high = 0, mass.shape[0]
    budget = cut_each / 2
    while high - low > 1 and min(by_row[low], by_row[high - 1]) <= budget:
        if by_row[low] <= by_row[high - 1]:
            budget -= by_row[low]
            cut += float(by_row[low])
            low += 1
        else:
            budget -= by_row[high - 1]
            cut += float(by_row[high - 1])
            high -= 1
    playing.mass = mass[low:high]
    playing.k_low += low
    return cut


def _collect(lattice, playing, ruined, width, start, floor, exact):
    """Every bank with a chance, by value (ruined and playing), ascending."""
    ks, is_, ms = [], [], []
    for k, store in ruined.items():
        threshold = lattice.threshold(k, start, floor)
        where = np.flatnonzero(store != 0)
        ks.append(np.full(where.size, k, dtype=np.int64))
        is_.append(where + (threshold - width))
        ms.append(store[where])
    if playing.mass.size:
        r, c = np.nonzero(playing.mass != 0)
        ks.append(r + playing.k_low)
        is_.append(c + playing.i_low)
        ms.append(playing.mass[r, c])
    k_all = np.concatenate(ks) if ks else np.zeros(0, dtype=np.int64)
    i_all = np.concatenate(is_) if is_ else np.zeros(0, dtype=np.int64)
    m_all = np.concatenate(ms) if ms else np.zeros(0)
    if exact:
        totals: dict[Fraction, int] = {}
        for k, i, m in zip(k_all.tolist(), i_all.tolist(), m_all.tolist(), strict=True):
            value = lattice.value(i, k, start)
            totals[value] = totals.get(value, 0) + int(m)
        keys = sorted(totals)
        return np.array(keys, dtype=object), [totals[v] for v in keys]
    values = (
        start + float(lattice.unit) * (i_all - lattice.shift * k_all) + float(lattice.odd) * k_all
    )
    banks, inverse = np.unique(values, return_inverse=True)
    return banks, np.bincount(inverse, weights=m_all.astype(np.float64), minlength=banks.size)
