"""Cross-checks: simulate each exact figure of the toolkit and compare.

Each :class:`~pokerdice_stats.crosscheck.check.Check` holds the exact value
(a Fraction where the toolkit is exact, else the solver's float), the Monte
Carlo estimate with its interval and the z-score ``(estimate - exact) /
standard error``, the standard error taken from the exact value where it is
known (``sqrt(p (1 - p) / n)`` for a proportion, the exact standard deviation
of the progressive payout).

This package sits above both sides (:mod:`pokerdice_stats.games` and the rest
of the exact toolkit, and :mod:`pokerdice_stats.simulation`); one module per
game holds its figures:

- :mod:`.turns`: the single-throw chances tables (gameweave and progressive
  ladders), the optimal turn for ``at-least`` and ``beat`` goals and its final
  categories;
- :mod:`.rounds`: round odds (gameweave with roll-offs, triple-snakes
  must-beat, banking split, the first player's throw limit);
- :mod:`.blind_rounds`: blind banking rounds (the equilibrium, named
  strategies; ties split);
- :mod:`.matches`: match odds and length;
- :mod:`.chips`: the chance that a best hand holds up against the players
  still to throw;
- :mod:`.progressive`: the progressive payout per round against several
  computer policies, and progressive sessions (bank and ruin) under schedules;
- :mod:`.banking_sessions`: two-seat blind banking sessions (bank, ruin,
  rounds survived) against the exact session walk;
- :mod:`.betting_sessions`: seed 001's betting sessions, first rounds (net
  chips, pot, raise and fold rates) against the exact betting round.
- :mod:`.bidding`: bidding for two (seed 003), the solved play and simple
  players against it; on the full fine ladder (``bidding-fine``), the
  abstraction's solution and each seat's full-game best response to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pandas as pd

from pokerdice_stats.crosscheck.banking_sessions import banking_session_checks
from pokerdice_stats.crosscheck.betting_sessions import betting_session_checks
from pokerdice_stats.crosscheck.bidding import bidding_checks, bidding_fine_checks
from pokerdice_stats.crosscheck.blind_rounds import blind_checks
from pokerdice_stats.crosscheck.check import Check
from pokerdice_stats.crosscheck.chips import holdup_checks
from pokerdice_stats.crosscheck.matches import match_checks
from pokerdice_stats.crosscheck.progressive import (
    progressive_checks,
    progressive_session_checks,
)
from pokerdice_stats.crosscheck.rounds import round_checks
from pokerdice_stats.crosscheck.turns import chances_checks, turn_checks
from pokerdice_stats.simulation import RunOptions

#: The groups of figures, in order.
GROUPS: dict[str, Callable[[RunOptions], Iterator[Check]]] = {
    "chances": chances_checks,
    "turns": turn_checks,
    "rounds": round_checks,
    "blind": blind_checks,
    "matches": match_checks,
    "holdup": holdup_checks,
    "progressive": progressive_checks,
    "progressive-sessions": progressive_session_checks,
    "banking-sessions": banking_session_checks,
    "betting-sessions": betting_session_checks,
    "bidding": bidding_checks,
    "bidding-fine": bidding_fine_checks,
}
#: Samples of each figure when the run options do not say (matches: a tenth).
DEFAULT_CHECK_SAMPLES = 200_000


def crosscheck(
    groups: tuple[str, ...] | None = None, *, run: RunOptions | None = None
) -> list[Check]:
    """Simulate every exact figure of the chosen groups (all by default).

    ``run``: samples of each figure (default 200,000; matches ``n // 10``),
    seed, workers, progress bar (default: none).  Returns the checks in order.
    """
    run = run or RunOptions(progress=False)
    run = run.with_samples(run.samples(DEFAULT_CHECK_SAMPLES))
    checks: list[Check] = []
    for name in groups or tuple(GROUPS):
        checks.extend(GROUPS[name](run))
    return checks


def checks_frame(checks: list[Check]) -> pd.DataFrame:
    """The checks as a table."""
    return pd.DataFrame([c.record() for c in checks])


__all__ = ["GROUPS", "Check", "checks_frame", "crosscheck"]
