"""Where a payout schedule's return and risk come from, cell by cell.

For every (player's final category, computer's final category) pair of a
round, :func:`payout_breakdown` gives its chance (exact), the pay, its
contribution to the expected payout (chance times the player's payout, exact)
and its share of the variance, ``chance * (payout - mean)**2 / variance``;
the contributions add up to the expected payout and the variance shares to 1.
The totals are those published for casino games: the expected payout per
round, its standard deviation, the hit frequency (the chance that the player is
paid, ``player_paid``, beside ``computer_paid``), the chance of a push (equal
categories) and the return per unit of the largest possible loss.

Examples
--------
>>> bd = payout_breakdown(computer="stand")
>>> sum(cell.probability for cell in bd.cells) == 1
True
>>> sum(cell.contribution for cell in bd.cells) == bd.expected
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from pokerdice_stats.games.progressive.exact.edge import EDGE_DEFINITION, Edge, edge_of
from pokerdice_stats.games.progressive.exact.payout import RoundOutcomes, round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.rules import RuleSet

Number = Fraction | float

#: Who wins a cell: the player, the computer, or nobody (same category).
SIDES = ("player", "computer", "push")


@dataclass(frozen=True)
class Cell:
    """One (winner category, loser category) pair of a round.

    Attributes
    ----------
    side : str
        ``player`` or ``computer`` (who holds the winning category), or ``push``.
    winner, loser : str
        Category slugs (the same for a push).
    probability : Fraction or float
    pay : Fraction
        The schedule's amount for the pair (what the loser pays; 0 for a push
        or a winner the schedule does not pay).
    payout : Fraction
        The player's side of it: ``pay``, ``-pay`` or 0.
    contribution : Fraction or float
        ``probability * payout``, in points per round.
    variance_share : Fraction or float
        ``probability * (payout - mean)**2 / variance`` (0 when the variance is 0).
    """

    side: str
    winner: str
    loser: str
    probability: Number
    pay: Fraction
    payout: Fraction
    contribution: Number
    variance_share: Number


@dataclass(frozen=True, eq=False)
class Breakdown:
    """The cells and totals of a round against one computer policy.

    Attributes
    ----------
    outcomes : RoundOutcomes
    cells : tuple of Cell
        Every pair of categories, player's best category first.
    expected, variance : Fraction or float
        Per round, in points (exact unless ``outcomes.exact`` is False).
    player_paid, computer_paid : Fraction or float
        Chance that the player is paid (the hit frequency of casino tables); chance
        that the player pays.
    push : Fraction or float
        Chance of equal categories (nobody pays).
    largest_loss : Fraction
        The most the player can lose in one round (the largest pay of a cell
        the computer can win; the schedule's largest amount if none can happen).
    """

    outcomes: RoundOutcomes
    cells: tuple[Cell, ...]
    expected: Number
    variance: Number
    player_paid: Number
    computer_paid: Number
    push: Number
    largest_loss: Fraction

    @property
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""
        return self.outcomes.exact

    @property
    def sd(self) -> float:
        """Standard deviation of the payout of one round (points)."""
        return math.sqrt(max(float(self.variance), 0.0))

    @property
    def edge(self) -> Edge:
        """The edge in points and in percent of the points that change hands."""
        return edge_of(self.outcomes)

    @property
    def return_per_largest_loss(self) -> Number:
        """Expected payout per round divided by the largest possible loss."""
        if not self.largest_loss:
            return Fraction(0)
        return self.expected / self.largest_loss

    @property
    def schedule(self) -> PayoutSchedule:
        """The schedule played."""
        return self.outcomes.schedule

    def frame(self, paying_only: bool = False) -> pd.DataFrame:
        """The cells as a table (exact columns beside floats)."""
        rows = []
        for cell in self.cells:
            if paying_only and not cell.pay:
                continue
            rows.append(
                {
                    "side": cell.side,
                    "winner": cell.winner,
                    "loser": cell.loser,
                    "probability": cell.probability,
                    "probability_float": float(cell.probability),
                    "pay": _whole(cell.pay),
                    "payout": _whole(cell.payout),
                    "contribution": cell.contribution,
                    "contribution_float": float(cell.contribution),
                    "variance_share": float(cell.variance_share),
                }
            )
        return pd.DataFrame(rows)

    def totals(self) -> dict[str, object]:
        """The totals as a flat record (exact ``p/q`` beside floats)."""
        return {
            "expected": _exact(self.expected),
            "expected_float": float(self.expected),
            "variance": _exact(self.variance),
            "variance_float": float(self.variance),
            "sd": self.sd,
            "player_paid": float(self.player_paid),
            "player_paid_exact": _exact(self.player_paid),
            "computer_paid": float(self.computer_paid),
            "computer_paid_exact": _exact(self.computer_paid),
            "nothing_paid": float(1 - self.player_paid - self.computer_paid),
            "nothing_paid_exact": _exact(1 - self.player_paid - self.computer_paid),
            "push": float(self.push),
            "push_exact": _exact(self.push),
            "largest_loss": _pay(self.largest_loss),
            "return_per_largest_loss": float(self.return_per_largest_loss),
            "return_per_largest_loss_exact": _exact(self.return_per_largest_loss),
            **self.edge.record(),
        }

    def record(self) -> dict[str, object]:
        """The JSON object of ``payout --breakdown``: context, totals and ``cells``."""
        out = self.outcomes
        record: dict[str, object] = {
            "rules": out.rules.label(),
            "schedule": self.schedule.label,
            "computer": out.computer,
            "knowledge": out.knowledge,
            "unit": "points per round (the player's side)",
            "exact": self.exact,
        }
        record.update(self.totals())
        record["edge_definition"] = EDGE_DEFINITION
        record["by_winner"] = by_winner(self).to_dict(orient="records")
        record["cells"] = [
            {
                "side": c.side,
                "winner": c.winner,
                "loser": c.loser,
                "probability": _exact(c.probability),
                "probability_float": float(c.probability),
                "pay": _pay(c.pay),
                "pay_exact": fraction_text(c.pay),
                "contribution": _exact(c.contribution),
                "contribution_float": float(c.contribution),
                "variance_share": float(c.variance_share),
                "variance_share_exact": _exact(c.variance_share),
            }
            for c in self.cells
        ]
        return record

    def __repr__(self) -> str:
        out = self.outcomes
        return short_repr(
            self,
            rules=out.rules,
            computer=out.computer,
            knowledge=out.knowledge,
            schedule=self.schedule.label,
            cells=len(self.cells),
            expected=self.expected,
            sd=self.sd,
        )


def _exact(value: Number) -> str | None:
    return fraction_text(value) if isinstance(value, (Fraction, int)) else None


def _whole(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def _pay(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def breakdown_of(outcomes: RoundOutcomes) -> Breakdown:
    """The breakdown of solved :class:`RoundOutcomes`."""
    slugs = outcomes.rules.category_slugs
    mean = outcomes.expected
    variance = outcomes.second_moment - mean * mean
    cells = []
    for p, player in enumerate(slugs):
        for c, computer in enumerate(slugs):
            chance = outcomes.joint[p][c]
            payout = outcomes.pay[p][c]
            side = "push" if p == c else ("player" if p < c else "computer")
            winner, loser = (player, computer) if p <= c else (computer, player)
            share = chance * (payout - mean) ** 2 / variance if variance else Fraction(0)
            cells.append(
                Cell(side, winner, loser, chance, abs(payout), payout, chance * payout, share)
            )
    losses = [c.pay for c in cells if c.side == "computer" and c.pay and c.probability]
    largest = max(losses, default=outcomes.schedule.largest)
    player_paid = sum((c.probability for c in cells if c.payout > 0), Fraction(0))
    computer_paid = sum((c.probability for c in cells if c.payout < 0), Fraction(0))
    return Breakdown(
        outcomes, tuple(cells), mean, variance, player_paid, computer_paid, outcomes.push, largest
    )


def payout_breakdown(
    rules: RuleSet | None = None,
    computer: str = "optimal",
    knowledge: str | None = None,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    tolerance: float | None = None,
) -> Breakdown:
    """Cell-by-cell breakdown of the player's payout against a computer policy.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.
    computer, knowledge : str
        As for :func:`pokerdice_stats.games.progressive.exact.payout.expected_payout`.
    schedule : PayoutSchedule
        The payout schedule (default: :data:`PROGRESSIVE_SCHEDULE`).
    tolerance : float, optional
        Of the blind equilibrium.

    Returns
    -------
    Breakdown
        Every (player category, computer category) cell with its chance, pay,
        contribution and variance share, and the round's totals.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown policy or knowledge, or rules the payout game does not take (a
        throw limit, ties other than ``push``, a tiebreak other than ``category``).
    ScheduleError
        For a schedule that does not fit the rules.
    """
    return breakdown_of(round_outcomes(rules, computer, knowledge, schedule, tolerance))


def by_winner(breakdown: Breakdown) -> pd.DataFrame:
    """Contribution and variance share summed by who wins and with which category.

    Parameters
    ----------
    breakdown : Breakdown
        A round's cells (from :func:`payout_breakdown`).

    Returns
    -------
    pandas.DataFrame
        One row per (side, winner) of the paying cells, biggest variance share first:
        ``side`` (``player`` or ``computer``), ``winner`` (the winning category),
        ``probability``, ``contribution`` (points per round) and ``variance_share``,
        each summed over the losing categories (floats).
    """
    checked_instance(breakdown, Breakdown, "breakdown", "payout_breakdown(...)")
    rows: dict[tuple[str, str], list[float]] = {}
    for cell in breakdown.cells:
        if not cell.pay:
            continue
        entry = rows.setdefault((cell.side, cell.winner), [0.0, 0.0, 0.0])
        entry[0] += float(cell.probability)
        entry[1] += float(cell.contribution)
        entry[2] += float(cell.variance_share)
    frame = pd.DataFrame(
        [
            {
                "side": s,
                "winner": w,
                "probability": v[0],
                "contribution": v[1],
                "variance_share": v[2],
            }
            for (s, w), v in rows.items()
        ]
    )
    return frame.sort_values(["variance_share", "side"], ascending=[False, True]).reset_index(
        drop=True
    )
