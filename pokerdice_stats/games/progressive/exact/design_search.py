"""One cell at a time: the whole pay nearest the base that brings the edge into the band.

:func:`~pokerdice_stats.games.progressive.exact.design.design_schedule` reads a line
(the edge's slope in each pay at fixed policies) to say how far a cell must move; when
the policies change on the way, the line misses.  Along one cell the edge is still
continuous in the pay (both sides re-optimise: the value is piecewise linear in the
pays), so a change of sign of the *miss* (the edge reached less the target) between two
pays brackets a pay that meets the target to the nearest whole point.
:func:`search_cell` steps out from the base along the line's prediction (then a secant
through what it has evaluated) until the miss changes sign, closes the bracket by
regula falsi (the Illinois rule, with a bisection floor), and, once in the band, walks
back toward the base to the smallest move still in it.

Every value is an exact evaluation: the caller's ``reached(d)``.

Examples
--------
A miss that is linear but for a kink, found from a prediction that overshoots:

>>> from fractions import Fraction
>>> def reached(d):  # the edge after moving the cell by d points
...     return Fraction(150) - d if d < 100 else Fraction(50) - Fraction(d - 100, 2)
>>> band = Fraction(1, 2)
>>> probes, hit = search_cell(reached, Fraction(30), Fraction(150), 227, 0, 1000, band, 24)
>>> hit.delta, hit.reached, abs(hit.reached - 30) <= Fraction(1, 2)
(139, Fraction(61, 2), True)
>>> abs(reached(hit.delta - 1) - 30) > Fraction(1, 2)  # one point less leaves the band
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

#: How much further than the last step a secant may reach in one step.
MAX_STRETCH = 8


@dataclass(frozen=True)
class Probe:
    """One exact evaluation of a cell moved by ``delta`` points: the edge ``reached``."""

    delta: int
    reached: Fraction


def search_cell(
    reached: Callable[[int], Fraction | None],
    target: Fraction,
    base: Fraction,
    predicted: int,
    low: int,
    high: int,
    tolerance: Fraction,
    budget: int,
) -> tuple[list[Probe], Probe | None]:
    """Probe one cell's whole changes for an edge within ``tolerance`` of ``target``.

    Parameters
    ----------
    reached : callable
        ``reached(d)``: the exact edge with the cell moved by ``d`` points, or None when
        that schedule is not allowed (out of order) or has no edge.
    target, base : Fraction
        The edge wanted, and the edge at ``d = 0`` (out of the band).
    predicted : int
        The line's whole change (clipped to ``low .. high``): where the search starts.
    low, high : int
        The changes the cell may take (``low <= 0 <= high``).
    tolerance : Fraction
        The band's half width, in the edge's unit.
    budget : int
        Evaluations at most.

    Returns
    -------
    probes : list of Probe
        Every evaluation, in order.
    hit : Probe or None
        The smallest move (from the base) found in the band, or None.
    """
    probes: list[Probe] = []

    def probe(d: int) -> Fraction | None:
        value = reached(d)
        if value is not None:
            probes.append(Probe(d, value))
        return None if value is None else value - target

    def inside(miss: Fraction) -> bool:
        return abs(miss) <= tolerance

    near, near_miss = 0, base - target  # the nearest change known to stay short
    d = min(high, max(low, predicted))
    # 1. out from the base until the miss changes sign (or a bound, or no progress)
    while True:
        if d == near or len(probes) >= budget:
            return probes, None
        miss = probe(d)
        if miss is None:
            return probes, None
        if inside(miss):
            return _smallest_inside(probe, probes, near, d, budget, inside)
        if (miss > 0) != (near_miss > 0):
            far, far_miss = d, miss
            break
        if abs(miss) >= abs(near_miss):
            return probes, None  # the edge does not move toward the target this way
        step = d - near
        bound = high if step > 0 else low
        secant = d - miss * step / (miss - near_miss)
        reach = d + MAX_STRETCH * step
        nxt = math.ceil(secant) if step > 0 else math.floor(secant)
        nxt = min(nxt, reach, bound) if step > 0 else max(nxt, reach, bound)
        near, near_miss, d = d, miss, nxt
    # 2. the bracket near .. far, closed by regula falsi (Illinois) to adjacent whole pays
    near_weight, far_weight = near_miss, far_miss  # the interpolation's values
    kept = 0  # which end the last step kept: 1 near, -1 far
    while abs(far - near) > 1 and len(probes) < budget:
        x = near - near_weight * (far - near) / (far_weight - near_weight)
        lo, hi = min(near, far) + 1, max(near, far) - 1
        d = min(hi, max(lo, round(x)))
        miss = probe(d)
        if miss is None:
            return probes, None
        if inside(miss):
            return _smallest_inside(probe, probes, near, d, budget, inside)
        if (miss > 0) == (near_miss > 0):
            near, near_miss, near_weight = d, miss, miss
            if kept == 1:
                far_weight /= 2
            kept = 1
        else:
            far, far_miss, far_weight = d, miss, miss
            if kept == -1:
                near_weight /= 2
            kept = -1
    return probes, None


def _smallest_inside(probe, probes: list[Probe], short: int, hit: int, budget: int, inside):
    """Bisect between a change that stops short of the band and one inside it: the probes
    and the smallest change found inside."""
    best = probes[-1]
    while abs(hit - short) > 1 and len(probes) < budget:
        d = (short + hit) // 2  # strictly between them
        miss = probe(d)
        if miss is None:
            break
        if inside(miss):
            hit, best = d, probes[-1]
        else:
            short = d
    return probes, best


def apply_changes(rounded: dict, cells: list, changes: dict[int, int]) -> dict:
    """The pays ``rounded`` with each cell ``i`` of ``changes`` moved by ``changes[i]``
    points (on each of its sides, for each of its losers)."""
    out = dict(rounded)
    for i, d in changes.items():
        cell = cells[i]
        for side in cell.sides:
            for loser in cell.losers:
                out[cell.winner, loser, side] = rounded[cell.winner, loser, side] + d
    return out


def one_cell_design(
    reached_of: Callable[[dict], Fraction | None],
    target: Fraction,
    base: Fraction,
    cells: list,
    rounded: dict,
    predicted: list[int | None],
    limits: list[tuple[int, int]],
    tolerance: Fraction,
    budget: int,
) -> tuple[dict | None, tuple[Fraction, dict] | None]:
    """Each movable cell alone, by :func:`search_cell`, the line's nearest first.

    Parameters
    ----------
    reached_of : callable
        The exact edge of a schedule's pays (None: not allowed, or no edge).
    target, base : Fraction
        The edge wanted, and the base's (``rounded``'s).
    cells : list of Cell
        The movable cells.
    rounded : dict
        The base pays, ``(winner, loser, side) -> pay``.
    predicted : list of int or None
        Each cell's change by the line (None: the line says it does not move the edge).
    limits : list of (int, int)
        Each cell's allowed changes.
    tolerance : Fraction
        The band's half width.
    budget : int
        Evaluations at most, over every cell.

    Returns
    -------
    hit : dict or None
        The pays of the smallest one-cell move found in the band (the fewest points).
    closest : (Fraction, dict) or None
        The edge nearest the target among every evaluation, and its pays.
    """
    order = sorted((abs(d), i, d) for i, d in enumerate(predicted) if d is not None)
    spent = 0
    hit: tuple[int, dict] | None = None
    closest: tuple[Fraction, dict] | None = None
    for size, i, start in order:
        if spent >= budget or (hit is not None and size >= 2 * hit[0]):
            break

        def reached(d: int, i: int = i) -> Fraction | None:
            return reached_of(apply_changes(rounded, cells, {i: d}))

        low, high = limits[i]
        probes, found = search_cell(
            reached, target, base, start, low, high, tolerance, budget - spent
        )
        spent += len(probes)
        for p in probes:
            if closest is None or abs(p.reached - target) < abs(closest[0] - target):
                closest = (p.reached, apply_changes(rounded, cells, {i: p.delta}))
        if found is not None and (hit is None or abs(found.delta) < hit[0]):
            hit = (abs(found.delta), apply_changes(rounded, cells, {i: found.delta}))
    return (None if hit is None else hit[1]), closest
