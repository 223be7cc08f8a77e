"""One progressive round by final categories (:class:`RoundOutcomes`) and its summary.

:func:`payout_result` builds the summary figures (:class:`PayoutResult`) from the joint
chances of the final categories that
:func:`pokerdice_stats.games.progressive.exact.payout.round_outcomes` computes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.blind.equilibrium import Equilibrium
from pokerdice_stats.engines.blind.policy_names import STARTING_BANK as _STARTING_BANK
from pokerdice_stats.games.progressive.exact.edge import Edge, edge_of
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: A chance: exact, or a float where an equilibrium is not certified exactly.
Number = Fraction | float

#: Each player's starting bank (004).
STARTING_BANK = _STARTING_BANK


@dataclass(frozen=True, eq=False)
class RoundOutcomes:
    """One round against a computer policy, by final categories.

    Attributes
    ----------
    rules : RuleSet
    computer, knowledge : str
    schedule : PayoutSchedule
    joint : tuple of tuples
        ``joint[p][c]``: chance that the player ends in category ``p`` and
        the computer in ``c`` (indices of ``rules.category_slugs``); exact
        Fractions, or floats when ``exact`` is False.
    pay : tuple of tuples of Fraction
        ``pay[p][c]``: what the player receives in that pair (negative: pays).
    exact : bool
        False only for a blind equilibrium whose certified bounds do not meet.
    computer_distribution : (252,) float
        The computer's final-hand chances.
    equilibrium : Equilibrium or None
    computer_value : Fraction or None
        The optimal computer's own dynamic-program value (``seen``).
    """

    rules: RuleSet
    computer: str
    knowledge: str
    schedule: PayoutSchedule
    joint: tuple[tuple[Number, ...], ...]
    pay: tuple[tuple[Fraction, ...], ...]
    exact: bool
    computer_distribution: np.ndarray
    equilibrium: Equilibrium | None = None
    computer_value: Fraction | None = None

    def cells(self):
        """Every (player category, computer category, chance, pay) with a non-zero chance."""
        n = len(self.pay)
        for p in range(n):
            for c in range(n):
                if self.joint[p][c]:
                    yield p, c, self.joint[p][c], self.pay[p][c]

    def amounts(self) -> dict[Fraction, Number]:
        """The distribution of the player's payout of one round: amount -> chance."""
        result: dict[Fraction, Number] = {}
        for _, _, chance, pay in self.cells():
            result[pay] = result.get(pay, 0) + chance
        return dict(sorted(result.items()))

    @property
    def expected(self) -> Number:
        """Expected payout of one round (exact when ``exact``)."""
        return sum((chance * pay for _, _, chance, pay in self.cells()), Fraction(0))

    @property
    def second_moment(self) -> Number:
        """Expected square of the payout of one round."""
        return sum((chance * pay * pay for _, _, chance, pay in self.cells()), Fraction(0))

    def chance_where(self, test) -> Number:
        """Total chance of the pairs whose pay passes ``test``."""
        return sum((chance for _, _, chance, pay in self.cells() if test(pay)), Fraction(0))

    @property
    def push(self) -> Number:
        """Chance of a push: both final hands of the same rank (the diagonal of ``joint``)."""
        return sum((self.joint[c][c] for c in range(len(self.joint))), Fraction(0))

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            computer=self.computer,
            knowledge=self.knowledge,
            schedule=self.schedule.label,
            expected=self.expected,
            exact=self.exact,
        )


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
    player_paid, computer_paid, nothing_paid : float
        Chance that the player is paid, that the player pays, and that no points change
        hands (a push, or a win the schedule pays nothing).
    push : float
        Chance of a push: both hands of the same rank (004's "Push").
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
    edge : Edge or None
        The edge in points and in percent of the points that change hands
        (:mod:`pokerdice_stats.games.progressive.exact.edge`).
    """

    rules: RuleSet
    computer: str
    knowledge: str
    expected: Fraction | None
    expected_float: float
    variance: Fraction | None
    variance_float: float
    player_paid: float
    computer_paid: float
    nothing_paid: float
    push: float
    computer_distribution: np.ndarray
    equilibrium: Equilibrium | None = None
    computer_value: Fraction | None = None
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE
    outcomes: RoundOutcomes | None = None
    edge: Edge | None = None

    @property
    def sd_float(self) -> float:
        """Standard deviation of the payout of one round."""
        return math.sqrt(max(self.variance_float, 0.0))

    def bank(self, rounds: int, start: int = STARTING_BANK) -> tuple[float, float]:
        """Mean and standard deviation of the player's bank after ``rounds`` rounds.

        Rounds are independent: the mean is ``start + rounds * expected`` and the
        variance ``rounds * variance`` (no bank limit is applied; see
        :mod:`pokerdice_stats.games.progressive.exact.bank` for the distribution with ruin).
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

    def frame(self) -> pd.DataFrame:
        """The headline figures, one row each: ``figure``, ``value`` (a float) and
        ``value_exact`` (a Fraction where the figure is exact)."""
        import pandas as pd

        figures = {
            "expected payout (points per round)": (self.expected_float, self.expected),
            "variance (points² per round)": (self.variance_float, self.variance),
            "player paid (chance)": (self.player_paid, None),
            "computer paid (chance)": (self.computer_paid, None),
            "nothing paid (chance)": (self.nothing_paid, None),
            "push: the same rank (chance)": (self.push, None),
        }
        return pd.DataFrame(
            {
                "figure": list(figures),
                "value": [value for value, _ in figures.values()],
                "value_exact": [exact for _, exact in figures.values()],
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            computer=self.computer,
            knowledge=self.knowledge,
            expected=self.expected_float,
        )


def payout_result(outcomes: RoundOutcomes) -> PayoutResult:
    """The summary figures of :class:`RoundOutcomes`."""
    mean = outcomes.expected
    variance = outcomes.second_moment - mean * mean
    paid = float(outcomes.chance_where(lambda pay: pay > 0))
    pays = float(outcomes.chance_where(lambda pay: pay < 0))
    return PayoutResult(
        rules=outcomes.rules,
        computer=outcomes.computer,
        knowledge=outcomes.knowledge,
        expected=mean if isinstance(mean, Fraction) else None,
        expected_float=float(mean),
        variance=variance if isinstance(variance, Fraction) else None,
        variance_float=float(variance),
        player_paid=paid,
        computer_paid=pays,
        nothing_paid=float(outcomes.chance_where(lambda pay: pay == 0)),
        push=float(outcomes.push),
        computer_distribution=outcomes.computer_distribution,
        equilibrium=outcomes.equilibrium,
        computer_value=outcomes.computer_value,
        schedule=outcomes.schedule,
        outcomes=outcomes,
        edge=edge_of(outcomes),
    )
