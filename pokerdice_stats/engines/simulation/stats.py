"""Honest figures: every Monte Carlo estimate with its confidence interval, n and seed.

Proportions get the Wilson score interval; means get the normal interval
``mean +- z * s / sqrt(n)`` with the sample standard deviation ``s``.  The
default level is 95% (``z = 1.959963984540054``).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.ground.errors import OptionError

if TYPE_CHECKING:
    import pandas as pd

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def z_of_level(level: float) -> float:
    """The normal quantile of a two-sided confidence level (0.95 -> 1.96)."""
    if not 0 < level < 1:
        raise OptionError(f"confidence level must be between 0 and 1, got {level}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n``.

    >>> [round(x, 4) for x in wilson(81, 263)]
    [0.2553, 0.3662]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def normal_interval(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Normal interval of a mean from the sum and the sum of squares of ``n`` samples."""
    if n <= 1:
        return (-math.inf, math.inf)
    mean = total / n
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate.

    Attributes
    ----------
    estimate : float
    ci_low, ci_high : float
        The confidence interval (``level``, Wilson or normal).
    n : int
        Samples behind the estimate.
    seed : int
        The seed that reproduces it.
    std_error : float
        Standard error of the estimate (for z-scores).
    interval : str
        ``wilson`` or ``normal``.
    level : float
    """

    estimate: float
    ci_low: float
    ci_high: float
    n: int
    seed: int
    std_error: float
    interval: str
    level: float = 0.95

    def z_score(self, exact: float | Fraction, std: float | None = None) -> float:
        """How many standard errors the estimate lies from an exact value.

        ``std`` (the exact per-sample standard deviation, when known) is used
        instead of the sample's own; a proportion uses ``sqrt(p (1 - p))`` of
        the exact ``p``.
        """
        exact = float(exact)
        if std is None and self.interval == "wilson":
            std = math.sqrt(max(exact * (1 - exact), 0.0))
        se = std / math.sqrt(self.n) if std is not None else self.std_error
        if se == 0:
            return 0.0 if self.estimate == exact else math.inf
        return (self.estimate - exact) / se

    def covers(self, value: float | Fraction) -> bool:
        """Whether the interval holds a value."""
        return self.ci_low <= float(value) <= self.ci_high

    def as_dict(self) -> dict:
        """The fields as a plain dict (the JSON contract: estimate, ci_low, ci_high, n, seed...)."""
        return asdict(self)

    def __repr__(self) -> str:
        return (
            f"Estimate({self.estimate:.6g}, {self.level:.0%} CI {self.ci_low:.6g} to "
            f"{self.ci_high:.6g}, n={self.n}, seed={self.seed})"
        )


def estimate_columns(name: str, e: Estimate, scale: float = 1) -> dict[str, float]:
    """One estimate as three numeric columns of a data file's row: ``name`` (the estimate
    times ``scale``), ``name_low`` and ``name_high`` (its interval).

    >>> estimate_columns("ruin", proportion(3, 10, seed=1))["ruin"]
    0.3
    """
    return {
        name: scale * e.estimate,
        f"{name}_low": scale * e.ci_low,
        f"{name}_high": scale * e.ci_high,
    }


def estimates_frame(estimates: dict[str, Estimate]) -> pd.DataFrame:
    """One row an estimate: ``figure`` (the key), ``estimate``, ``ci_low``, ``ci_high``,
    ``n`` and ``seed``.

    >>> float(estimates_frame({"p": proportion(3, 10, seed=1)}).loc[0, "estimate"])
    0.3
    """
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "figure": name,
                "estimate": e.estimate,
                "ci_low": e.ci_low,
                "ci_high": e.ci_high,
                "n": e.n,
                "seed": e.seed,
            }
            for name, e in estimates.items()
        ]
    )


def proportion(successes: int, n: int, seed: int, level: float = 0.95) -> Estimate:
    """The :class:`Estimate` of a proportion, with its Wilson interval."""
    z = Z95 if level == 0.95 else z_of_level(level)
    low, high = wilson(int(successes), int(n), z)
    p = successes / n if n else math.nan
    se = math.sqrt(p * (1 - p) / n) if n else math.nan
    return Estimate(p, low, high, int(n), int(seed), se, "wilson", level)


def mean(total: float, total_sq: float, n: int, seed: int, level: float = 0.95) -> Estimate:
    """The :class:`Estimate` of a mean, with its normal interval."""
    z = Z95 if level == 0.95 else z_of_level(level)
    low, high = normal_interval(float(total), float(total_sq), int(n), z)
    m = total / n if n else math.nan
    se = (high - m) / z if n > 1 else math.inf
    return Estimate(float(m), low, high, int(n), int(seed), float(se), "normal", level)


def sample_mean(values: np.ndarray, seed: int, level: float = 0.95) -> Estimate:
    """The :class:`Estimate` of the mean of per-sample values (one per session, say)."""
    x = np.asarray(values, dtype=np.float64)
    return mean(float(x.sum()), float((x * x).sum()), x.size, seed, level)
