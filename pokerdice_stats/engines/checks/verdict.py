"""The verdict on a run of cross-checks: which figures pass, by a family-wise bound on |z|.

Each check's z-score is (estimate - exact) / standard error. For ``k`` checks of a correct
toolkit the z-scores are close to independent standard normals, so the bound on |z| is
chosen so that *some* correct figure exceeds it with chance ``FAMILY_ERROR`` (1%) in all:
the Šidák bound, ``|z| <= Φ⁻¹(1 - α/2)`` with ``α = 1 - (1 - FAMILY_ERROR)^(1/k)``. A figure
beyond it fails the run.

Examples
--------
>>> round(z_bound(1), 3)
2.576
>>> round(z_bound(108), 2)
3.91
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from pokerdice_stats.engines.checks.check import Check

#: The chance that a correct toolkit fails a run of cross-checks.
FAMILY_ERROR = 0.01


def z_bound(count: int, family_error: float = FAMILY_ERROR) -> float:
    """The bound on |z| of each of ``count`` checks (Šidák, family-wise ``family_error``).

    Raises
    ------
    ValueError
        For a count below 1 or a family error outside (0, 1).
    """
    if count < 1:
        raise ValueError(f"a verdict needs at least one check, got {count}")
    if not 0 < family_error < 1:
        raise ValueError(f"the family error must lie strictly between 0 and 1, got {family_error}")
    each = -math.expm1(math.log1p(-family_error) / count)
    return NormalDist().inv_cdf(1 - each / 2)


@dataclass(frozen=True)
class Verdict:
    """The verdict on a run of checks.

    Attributes
    ----------
    count : int
        Checks run.
    bound : float
        The bound on |z| of each (:func:`z_bound`).
    failed : tuple of Check
        The checks beyond it (or whose z-score is not a number).
    largest : Check
        The check with the largest |z|.
    """

    count: int
    bound: float
    failed: tuple[Check, ...]
    largest: Check

    @property
    def passed(self) -> bool:
        """True when every check lies within the bound."""
        return not self.failed

    def line(self) -> str:
        """The verdict in two lines (each within 100 columns)."""
        head = "PASS" if self.passed else f"FAIL ({len(self.failed)} of {self.count} figures)"
        return (
            f"{head}: {self.count} figures, largest |z| {abs(self.largest.z):.2f} "
            f"({self.largest.group}: {self.largest.figure})\n"
            f"bound: |z| <= {self.bound:.2f} for each figure, which a correct toolkit "
            f"exceeds somewhere with chance {FAMILY_ERROR:.0%}"
        )


def within(check: Check, bound: float) -> bool:
    """Whether ``check`` passes: its |z| is a number within ``bound``."""
    return math.isfinite(check.z) and abs(check.z) <= bound


def verdict(checks: list[Check], family_error: float = FAMILY_ERROR) -> Verdict:
    """The :class:`Verdict` on ``checks`` (at least one).

    Raises
    ------
    ValueError
        For an empty list of checks.
    """
    bound = z_bound(len(checks), family_error)
    failed = tuple(c for c in checks if not within(c, bound))
    largest = max(checks, key=lambda c: abs(c.z) if math.isfinite(c.z) else math.inf)
    return Verdict(len(checks), bound, failed, largest)
