"""One exact figure against its simulation: the :class:`Check` every cross-check yields."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokerdice_stats.engines.simulation.stats import Estimate


@dataclass(frozen=True)
class Check:
    """One exact figure against its simulation.

    Attributes
    ----------
    group, figure : str
        What is compared.
    exact : Fraction or float
        The exact value (the solver's float where the toolkit has no Fraction).
    estimate : Estimate
        The Monte Carlo estimate with its interval, ``n`` and seed.
    z : float
        ``(estimate - exact) / standard error``, the standard error taken from
        the exact value where it is known.
    unit : str
        What the figure is measured in (default: a chance, 0 to 1).
    """

    group: str
    figure: str
    exact: Fraction | float
    estimate: Estimate
    z: float
    unit: str = "chance"

    def record(self) -> dict:
        """A flat dict (the JSON and table rows)."""
        return {
            "group": self.group,
            "figure": self.figure,
            "unit": self.unit,
            "exact": self.exact,
            "exact_float": float(self.exact),
            "estimate": self.estimate.estimate,
            "ci_low": self.estimate.ci_low,
            "ci_high": self.estimate.ci_high,
            "n": self.estimate.n,
            "seed": self.estimate.seed,
            "z": self.z,
        }


def compare(
    group: str,
    figure: str,
    exact: Fraction | float,
    estimate: Estimate,
    std: float | None = None,
    unit: str = "chance",
) -> Check:
    """The :class:`Check` of an estimate against an exact value (``std``: the exact
    per-sample standard deviation, when known; see :meth:`Estimate.z_score`; ``unit``:
    what the figure is measured in)."""
    return Check(group, figure, exact, estimate, estimate.z_score(exact, std), unit)
