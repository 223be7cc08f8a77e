"""Mixed strategies of blind two-player games and the equilibria the solvers return.

A pure strategy is a holding policy; what it does to a blind game is its
exact final-hand distribution (numerators over ``7776**throws``), and how to
play it is its best-keep tables.  A :class:`Mixture` weighs several pure
strategies; an :class:`Equilibrium` is the pair of mixtures a solver of
:mod:`pokerdice_stats.engines.blind.equilibrium` found, with the exact bounds that
certify it.  :func:`game_value` is the exact payout of two distributions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.fixed_order import dot

if TYPE_CHECKING:
    import pandas as pd

    from pokerdice_stats.turn.rules import RuleSet


#: Float weights are rounded to fractions with denominators up to this.
WEIGHT_DENOMINATOR = 2**30


@dataclass(frozen=True, eq=False)
class Mixture:
    """A mixed strategy: weights over pure strategies (their final distributions).

    Attributes
    ----------
    weights : (n,) float
    numerators : (n, 252) int64 or object
        Each pure strategy's exact final distribution over ``denominator``.
    denominator : int
        ``7776**throws``.
    exact_weights : tuple of Fraction, optional
        The weights solved exactly (the restricted game's equilibrium in
        rationals), when that succeeded.
    keeps : tuple of (T - 1, S) int16 arrays, optional
        How to play each pure strategy: ``keeps[i][t - 1, s]`` is the keep
        strategy ``i`` chooses in state ``s`` with ``t`` throws left (``S`` =
        252 hands, or the (aside, hand) states under sticky holds, as in
        ``Policy.stages[t - 1].best_keep``; the hand's own keep means stand).
        Following them gives exactly the final distribution ``numerators[i]``.
        Set by the solvers; None for a mixture built from distributions only.
    """

    weights: np.ndarray
    numerators: np.ndarray
    denominator: int
    exact_weights: tuple[Fraction, ...] | None = None
    keeps: tuple[np.ndarray, ...] | None = None

    def playable(self) -> bool:
        """Whether the mixture knows how to play each pure strategy (:attr:`keeps`)."""
        return self.keeps is not None and len(self.keeps) == len(self.weights)

    def fraction_weights(self) -> list[Fraction]:
        """The weights as fractions summing to 1 (those :meth:`exact` mixes with).

        :attr:`exact_weights` when known, else the float weights rounded to
        fractions (denominators up to 2**30) and normalised.
        """
        if self.exact_weights is not None:
            return list(self.exact_weights)
        weights = [Fraction(float(w)).limit_denominator(WEIGHT_DENOMINATOR) for w in self.weights]
        total = sum(weights)
        return [w / total for w in weights]

    def support(self) -> list[int]:
        """Indices of the pure strategies with a positive :meth:`fraction_weights` weight."""
        return [i for i, w in enumerate(self.fraction_weights()) if w > 0]

    @property
    def distribution(self) -> np.ndarray:
        """(252,) float: the chance of each final hand under the mixture."""
        pure = np.array(self.numerators, dtype=np.float64) / self.denominator
        return dot(self.weights, pure)

    def exact(self) -> tuple[np.ndarray, int]:
        """The mixture in exact numbers: numerators (object) and denominator.

        Uses :attr:`exact_weights` when known, else the float weights
        rounded to fractions (denominators up to 2**30).
        """
        weights = self.fraction_weights()
        common = math.lcm(*(w.denominator for w in weights))
        scaled = [int(w * common) for w in weights]
        numerators = np.zeros(ix.N_HANDS, dtype=object)
        for a, row in zip(scaled, self.numerators, strict=True):
            if a:
                numerators = numerators + np.asarray(row, dtype=object) * a
        return numerators, common * self.denominator


@dataclass(frozen=True, eq=False)
class Equilibrium:
    """An approximate equilibrium of a blind zero-sum game.

    Attributes
    ----------
    value : float
        The first player's expected payout at the computed strategies.
    lower, upper : Fraction or None
        Exact bounds on the value of the game (from the certified mixtures);
        None when certification was skipped.
    exploitability : float
        Best-response gap ``upper - lower`` of the float strategies: what the
        two players could gain together by deviating (a gap a rounding error
        below 0 is reported as 0).
    tolerance : float
        The stopping tolerance on the exploitability.
    iterations : int
    converged : bool
        Whether the exploitability fell to the tolerance.
    first, second : Mixture
    method : str
    gaps : list of float
        Exploitability after each iteration.
    rules, second_rules : RuleSet or None
        The players' turn rules the game was solved under (None: not recorded), so that
        a table reading the equilibrium under other rules refuses it.
    noise : float
        The size below which a gap is the arithmetic's rounding, not the strategies'
        (the default tolerance: 1e-9 of the largest payout; 0: not recorded).
    """

    value: float
    lower: Fraction | None
    upper: Fraction | None
    exploitability: float
    tolerance: float
    iterations: int
    converged: bool
    first: Mixture
    second: Mixture
    method: str
    gaps: list[float] = field(default_factory=list)
    rules: RuleSet | None = field(default=None, repr=False)
    second_rules: RuleSet | None = field(default=None, repr=False)
    noise: float = field(default=0.0, repr=False)

    @property
    def shown_exploitability(self) -> float:
        """The exploitability as answers write it: 0 when it is within :attr:`noise` (and
        the tolerance), the arithmetic's rounding; otherwise as measured, even below a
        tolerance the caller chose (a tolerance stops the solver, it is no rounding)."""
        if abs(self.exploitability) < min(self.tolerance, self.noise or self.tolerance):
            return 0.0
        return self.exploitability

    def check_rules(self, rules: RuleSet, what: str) -> None:
        """Refuse reading this equilibrium under ``rules`` when it was solved under others.

        Raises
        ------
        OptionError
            If either player's recorded rules differ from ``rules``.
        """
        other = next(
            (own for own in (self.rules, self.second_rules) if own is not None and own != rules),
            None,
        )
        if other is not None:
            raise OptionError(
                f"{what}: the equilibrium was solved under other rules than these "
                f"({other.label()}); solve it under these rules"
            )

    def frame(self) -> pd.DataFrame:
        """One row a pure strategy of either player's mixture: ``player`` (``first`` or
        ``second``), ``strategy`` (its index in the mixture), ``weight`` (a float) and
        ``weight_exact`` (the Fraction :meth:`Mixture.fraction_weights` gives)."""
        import pandas as pd

        rows = []
        for player, mixture in (("first", self.first), ("second", self.second)):
            exact = mixture.fraction_weights()
            for i, weight in enumerate(mixture.weights):
                rows.append(
                    {
                        "player": player,
                        "strategy": i,
                        "weight": float(weight),
                        "weight_exact": exact[i],
                    }
                )
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return short_repr(
            self,
            value=self.value,
            lower=self.lower,
            upper=self.upper,
            exploitability=self.exploitability,
            strategies=(len(self.first.weights), len(self.second.weights)),
            iterations=self.iterations,
            converged=self.converged,
        )


def game_value(
    first: tuple[np.ndarray, int], second: tuple[np.ndarray, int], payout: np.ndarray
) -> Fraction:
    """Exact ``x @ payout @ y`` of two exact final distributions (numerators, denominator)."""
    x = np.asarray(first[0], dtype=object)
    y = np.asarray(second[0], dtype=object)
    total = x.dot(np.asarray(payout, dtype=object).dot(y))
    return Fraction(int(total), first[1] * second[1])
