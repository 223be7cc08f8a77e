"""What a simulated round returns, seen or blind: each seat's share of the win.

Shared by :mod:`.rounds` (later seats see the earlier hands) and
:mod:`.blind_rounds` (nobody sees anyone's hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.stats import estimates_frame
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.codes import SHARE_UNIT
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: Rounds a chunk.
ROUND_CHUNK = 1 << 15
#: Rounds simulated when the run options do not say.
DEFAULT_ROUNDS = 1_000_000


@dataclass(frozen=True)
class RoundResult:
    """Simulated rounds: each seat's chance (share) of winning.

    Attributes
    ----------
    seats : list of Estimate
        Seat 1 first: a proportion (Wilson) when every round has one winner,
        else the mean share of the pot (normal interval).
    played : float
        Mean rounds played per round, roll-offs included.
    exact : tuple
        The exact chances (floats): of :func:`pokerdice_stats.games.seen.exact.rounds.solve_round`
        when later seats see earlier hands, of
        :func:`pokerdice_stats.games.banking.exact.rounds.chances`
        in a blind round.
    last_thrower : (N, N) int64
        Rounds won by seat ``w`` (row) whose last thrower was seat ``l`` (column)
        (all zero in a blind round, where every seat throws whatever happened).
    n, seed : int
    interrupted : bool
        True when Ctrl-C stopped the run (the figures are then partial).
    knowledge : str
        ``seen`` (later seats see the earlier final hands) or ``blind``.
    policies : tuple of str
        Each seat's policy in a blind round (``equilibrium`` or a named policy).
    hist : (N, 252) int64 or None
        Each seat's final hands (of the first round, roll-offs aside) in a
        blind round.
    rules : str
        The rule set's label (:meth:`~pokerdice_stats.turn.rules.RuleSet.label`).
    """

    seats: list
    played: float
    exact: tuple
    last_thrower: np.ndarray
    n: int
    seed: int
    interrupted: bool = False
    knowledge: str = "seen"
    policies: tuple = ()
    hist: np.ndarray | None = None
    rules: str = ""

    def frame(self) -> pd.DataFrame:
        """One row a seat: its estimate with interval, ``n`` and ``seed``, and ``exact``
        (the solver's figure it is checked against, where there is one)."""
        frame = estimates_frame({f"seat {k}": e for k, e in enumerate(self.seats, start=1)})
        if self.exact is not None:
            frame["exact"] = [float(x) for x in self.exact]
        return frame

    def __repr__(self) -> str:
        win = [e.estimate for e in self.seats]
        return short_repr(self, rules=self.rules or None, win=win, n=self.n, seed=self.seed)


def share_estimates(rules: RuleSet, totals: dict, players: int, n: int, seed: int) -> list:
    """Each seat's :class:`~pokerdice_stats.engines.simulation.stats.Estimate` from share tallies:
    the chance it wins outright when every round has one winner (roll-off, must-beat),
    else its mean share of the win."""
    if rules.ties in ("roll-off", "must-beat"):
        return [stats.proportion(int(totals["outright"][s]), n, seed) for s in range(players)]
    return [
        stats.mean(totals["share"][s] / SHARE_UNIT, totals["share_sq"][s] / SHARE_UNIT**2, n, seed)
        for s in range(players)
    ]


def check_no_policy(totals: dict) -> None:
    """Refuse a run in which some round met a situation without a policy (a table bug)."""
    missing = int(totals["no_policy"][0])
    if missing:
        raise RuntimeError(f"{missing} rounds met a situation without a policy")
