"""The summary figures of a progressive round: :class:`PayoutResult`.

Built by :func:`payout_result` from the joint chances of the final categories
(:class:`pokerdice_stats.games.progressive.RoundOutcomes`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.errors import OptionError
from pokerdice_stats.games.equilibrium import Equilibrium
from pokerdice_stats.games.policy_names import STARTING_BANK as _STARTING_BANK
from pokerdice_stats.games.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule
from pokerdice_stats.rules import RuleSet

if TYPE_CHECKING:
    from pokerdice_stats.games.progressive import RoundOutcomes

#: Each player's starting bank (seed 004).
STARTING_BANK = _STARTING_BANK


@dataclass(frozen=True, eq=False)
class PayoutResult:
    """The player's payout per round against one computer policy.

    Attributes
    ----------
    rules : RuleSet
    computer : str
    knowledge : str
    expected : Fraction or None
        Exact expected payout per round.  For the blind equilibrium it is
        exact only when the certified bounds on the game's value meet (the
        rounded mixtures are then an exact equilibrium); otherwise None.
    expected_float : float
    variance : Fraction or None
        Exact variance of the payout of one round (None when float).
    variance_float : float
    player_wins, computer_wins, push : float
        Chance that the player is paid, pays, or nothing changes hands.
    computer_distribution : (252,) float
        The computer's final-hand chances.
    equilibrium : Equilibrium or None
        The blind equilibrium (computer ``optimal``, knowledge ``blind``).
    computer_value : Fraction or None
        The computer's own dynamic-program value (``optimal``, ``seen``):
        equals ``-expected``.
    schedule : PayoutSchedule
        The schedule played.
    outcomes : RoundOutcomes or None
        The joint chances of the final categories behind every figure.
    """

    rules: RuleSet
    computer: str
    knowledge: str
    expected: Fraction | None
    expected_float: float
    variance: Fraction | None
    variance_float: float
    player_wins: float
    computer_wins: float
    push: float
    computer_distribution: np.ndarray
    equilibrium: Equilibrium | None = None
    computer_value: Fraction | None = None
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE
    outcomes: RoundOutcomes | None = None

    @property
    def std_float(self) -> float:
        """Standard deviation of the payout of one round."""
        return math.sqrt(max(self.variance_float, 0.0))

    def bank(self, rounds: int, start: int = STARTING_BANK) -> tuple[float, float]:
        """Mean and standard deviation of the player's bank after ``rounds`` rounds.

        Rounds are independent: the mean is ``start + rounds * expected`` and the
        variance ``rounds * variance`` (no bank limit is applied; see
        :mod:`pokerdice_stats.games.bank_session` for the distribution with ruin).
        """
        if rounds < 0:
            raise OptionError(f"rounds must be 0 or more, got {rounds}")
        return start + rounds * self.expected_float, math.sqrt(rounds * max(self.variance_float, 0))

    def bank_exact(self, rounds: int, start: int = STARTING_BANK) -> tuple[Fraction, Fraction]:
        """Exact mean and variance of the bank after ``rounds`` rounds (exact results only)."""
        if self.expected is None or self.variance is None:
            raise OptionError("the blind equilibrium has no exact bank figures")
        if rounds < 0:
            raise OptionError(f"rounds must be 0 or more, got {rounds}")
        return start + rounds * self.expected, rounds * self.variance


def payout_result(outcomes: RoundOutcomes) -> PayoutResult:
    """The summary figures of :class:`RoundOutcomes`."""
    mean = outcomes.expected
    variance = outcomes.second_moment - mean * mean
    wins = float(outcomes.chance_where(lambda pay: pay > 0))
    losses = float(outcomes.chance_where(lambda pay: pay < 0))
    return PayoutResult(
        rules=outcomes.rules,
        computer=outcomes.computer,
        knowledge=outcomes.knowledge,
        expected=mean if isinstance(mean, Fraction) else None,
        expected_float=float(mean),
        variance=variance if isinstance(variance, Fraction) else None,
        variance_float=float(variance),
        player_wins=wins,
        computer_wins=losses,
        push=float(outcomes.chance_where(lambda pay: pay == 0)),
        computer_distribution=outcomes.computer_distribution,
        equilibrium=outcomes.equilibrium,
        computer_value=outcomes.computer_value,
        schedule=outcomes.schedule,
        outcomes=outcomes,
    )
