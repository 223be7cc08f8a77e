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
from pokerdice_stats.ground.formats import percent_of

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


#: The units of the figures that are chances (0 to 1): tables for people give them in percent.
CHANCE_UNITS = ("chance", "share of the pot")
#: The columns of a checks table in the figure's unit.
FIGURE_COLUMNS = ("exact", "exact_float", "estimate", "ci_low", "ci_high")


def checks_in_percent(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of a checks table for people (Markdown): on the rows of a chance unit
    (:data:`CHANCE_UNITS`) the figures are in percent and the unit is followed by ``%``
    (``chance %``); z, n and every other row are unchanged."""
    out = frame.copy()
    rows = out["unit"].isin(CHANCE_UNITS)
    for column in (c for c in FIGURE_COLUMNS if c in out.columns):
        out[column] = out[column].astype(object)
        out.loc[rows, column] = out.loc[rows, column].map(percent_of)
    out.loc[rows, "unit"] = out.loc[rows, "unit"] + " %"
    return out


__all__ = ["CHANCE_UNITS", "Check", "CheckGroup", "checks_frame", "checks_in_percent", "run_checks"]
