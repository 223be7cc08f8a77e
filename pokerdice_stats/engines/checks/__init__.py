"""The checks engine: each exact figure against its simulation, and the runner.

Each :class:`~pokerdice_stats.engines.checks.check.Check` holds the exact value
(a Fraction where the toolkit is exact, else the solver's float), the Monte
Carlo estimate with its interval and the z-score ``(estimate - exact) /
standard error``, the standard error taken from the exact value where it is
known (``sqrt(p (1 - p) / n)`` for a proportion, the exact standard deviation
of the progressive payout).

The groups of figures live with their games (each game folder's ``checks``, listed
by the registry: :mod:`pokerdice_stats.games.checks` gathers them); the turn's own
(single-throw chances, optimal turns) are :mod:`.turns`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

import pandas as pd

from pokerdice_stats.engines.checks.check import Check
from pokerdice_stats.engines.simulation.run import RunOptions

#: Samples of each figure when the run options do not say (matches: a tenth).
DEFAULT_CHECK_SAMPLES = 200_000

#: A group of figures: the run options in, the checks out.
CheckGroup = Callable[[RunOptions], Iterator[Check]]


def run_checks(
    groups: Mapping[str, CheckGroup], names: Iterable[str], run: RunOptions | None = None
) -> list[Check]:
    """Simulate every exact figure of the groups ``names`` of ``groups``, in order.

    ``run``: samples of each figure (default 200,000; matches ``n // 10``), seed,
    workers, progress bar (default: none).
    """
    run = run or RunOptions(progress=False)
    run = run.with_samples(run.samples(DEFAULT_CHECK_SAMPLES))
    checks: list[Check] = []
    for name in names:
        checks.extend(groups[name](run))
    return checks


def checks_frame(checks: list[Check]) -> pd.DataFrame:
    """The checks as a table."""
    return pd.DataFrame([c.record() for c in checks])


__all__ = ["Check", "CheckGroup", "checks_frame", "run_checks"]
