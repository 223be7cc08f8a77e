"""The pace of a simulation, and the refusal of one that would run for many hours.

A run's length cannot be known before it starts: samples cost from tens of nanoseconds
(a turn) to milliseconds (a session of many rounds), and machines differ.  So the pace is
measured on the run itself: from the end of its first chunk (whose time includes numba's
compiling on a fresh machine) for at least :data:`MEASURED_SECONDS`, after which a run
whose samples would take more than :data:`MAX_RUN_SECONDS` in all is stopped with an
:class:`~pokerdice_stats.ground.errors.OptionError` that says how long it would take and
how many samples fit.  A run of that length is better asked for in parts (other seeds),
each of which can be stopped and kept.

Examples
--------
>>> pace = Pace(10**12, "turns", clock=iter([0.0, 1.0, 4.0]).__next__)
>>> pace.after(1000)  # the first chunk: the clock starts
>>> pace.after(1000)  # one second for 1,000 turns: too soon to judge
>>> pace.after(1000)
Traceback (most recent call last):
...
pokerdice_stats.ground.errors.OptionError: 1,000,000,000,000 turns would take about 63 \
years at this run's pace (2,000 in 4 s); ask for at most 10,800,000 a run (6 hours), or \
several runs with other seeds
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pokerdice_stats.ground.errors import OptionError

__all__ = ["MAX_RUN_SECONDS", "MEASURED_SECONDS", "Pace", "duration_text"]

#: The longest run a simulation starts, in seconds (6 hours).
MAX_RUN_SECONDS = 6 * 3600
#: How long the pace is measured before it is judged, in seconds.
MEASURED_SECONDS = 2.0


class Pace:
    """Counts a run's finished samples and refuses it once its pace says it would take
    more than :data:`MAX_RUN_SECONDS` (see the module docstring)."""

    def __init__(self, n: int, unit: str, clock: Callable[[], float] = time.monotonic):
        self.n, self.unit, self.clock = int(n), unit, clock
        self.start: float | None = None
        self.done = 0  # samples finished since the clock started
        self.first = 0  # the first chunk's samples (not measured)

    def after(self, size: int) -> None:
        """Note a finished chunk of ``size`` samples.

        Raises
        ------
        OptionError
            When the samples left would take the run past :data:`MAX_RUN_SECONDS`.
        """
        now = self.clock()
        if self.start is None:  # the first chunk: its time holds the compiling
            self.start, self.first = now, size
            return
        self.done += size
        elapsed = now - self.start
        if elapsed < MEASURED_SECONDS or self.done <= 0:
            return
        rate = self.done / elapsed
        total = elapsed + (self.n - self.first - self.done) / rate
        if total > MAX_RUN_SECONDS:
            fit = max(1, int(rate * MAX_RUN_SECONDS))
            fit = fit // 1000 * 1000 if fit >= 10_000 else fit  # a round number
            raise OptionError(
                f"{self.n:,} {self.unit} would take about {duration_text(total)} at this run's "
                f"pace ({self.done:,} in {elapsed:.0f} s); ask for at most {fit:,} a run "
                f"({duration_text(MAX_RUN_SECONDS)}), or several runs with other seeds"
            )


def duration_text(seconds: float) -> str:
    """A duration in the largest unit that keeps it at 1 or more (``47 years``).

    >>> duration_text(90), duration_text(7200), duration_text(3 * 86400)
    ('2 minutes', '2 hours', '3 days')
    """
    for name, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600)):
        if seconds >= size:
            return f"{seconds / size:.2g} {name}".replace("e+", "e")
    return f"{max(1, round(seconds / 60))} minutes"
