"""The edge of a schedule and policy pair: points a round, and as a percentage, both sides.

Definitions (every output that gives an edge says them):

- the player's edge in points is the player's expected payout a round,
  ``E = sum(chance * payout)`` (positive: the player gains);
- the *action* of a round is the expected number of points that change hands,
  ``A = sum(chance * |payout|)``, whoever pays (a push moves nothing);
- the edge as a percentage is ``100 * E / A``: what one side gains for every 100
  points that change hands.  The house's (computer's) edge is minus the player's,
  in points and in percent.

A round in which no money can change hands has no percentage edge (None).

Targets (``payout --solve``, ``payout --design``) are the player's side, in points
(``3``, ``-1/2``) or in percent of the action (``3%``, ``-2.5%``); a house edge of
3% is ``--target -3%``.

Examples
--------
>>> from fractions import Fraction
>>> edge = Edge(Fraction(1, 2), Fraction(10))
>>> edge.percent, edge.house_percent
(Fraction(5, 1), Fraction(-5, 1))
>>> parse_target("-3%")
Target(value=Fraction(-3, 1), percent=True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.ground.limits import exact_amount
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import figure_frame, short_repr

if TYPE_CHECKING:
    import pandas as pd

Number = Fraction | float


class SolvedRound(Protocol):
    """What :func:`edge_of` reads of a solved round (a ``RoundOutcomes``: its module
    imports this one, so the type is named by what it offers)."""

    @property
    def expected(self) -> Any: ...

    def cells(self) -> Iterable[tuple[Any, Any, Any, Any]]: ...


#: The definition, as every output states it.
EDGE_DEFINITION = (
    "edge: the player's expected points a round (house: minus that); edge_percent: that "
    "per 100 points that change hands (the action: the expected points paid a round, "
    "whoever pays)"
)


@dataclass(frozen=True)
class Edge:
    """The player's expected payout and the action of a round (exact, or floats).

    Attributes
    ----------
    expected : Fraction or float
        The player's expected points a round.
    action : Fraction or float
        Expected points that change hands a round, whoever pays.
    """

    expected: Number
    action: Number

    @property
    def percent(self) -> Number | None:
        """The player's edge in percent of the action (None when nothing changes hands)."""
        if not self.action:
            return None
        return 100 * self.expected / self.action

    @property
    def house_percent(self) -> Number | None:
        """The house's edge in percent of the action."""
        percent = self.percent
        return None if percent is None else -percent

    def value(self, percent: bool) -> Number | None:
        """The player's edge in percent, or in points."""
        return self.percent if percent else self.expected

    def record(self) -> dict[str, object]:
        """The edge figures as JSON keys (floats, with ``_exact`` fractions when exact)."""
        out: dict[str, object] = {}
        for key, value in (
            ("edge", self.expected),
            ("house_edge", -self.expected),
            ("edge_percent", self.percent),
            ("house_edge_percent", self.house_percent),
            ("action", self.action),
        ):
            out[key] = None if value is None else float(value)
            if isinstance(value, Fraction):
                out[key + "_exact"] = fraction_text(value)
        return out

    def frame(self) -> pd.DataFrame:
        """The edge figures, one row each (the keys of :meth:`record`): ``figure``,
        ``value`` (a float) and ``value_exact`` (a Fraction when exact)."""
        return figure_frame(
            {
                "edge (points per round)": self.expected,
                "house edge (points per round)": -self.expected,
                "edge (percent of the action)": self.percent,
                "house edge (percent of the action)": self.house_percent,
                "action (points per round)": self.action,
            }
        )

    def __repr__(self) -> str:
        return short_repr(self, expected=self.expected, action=self.action, percent=self.percent)


def edge_of(outcomes: SolvedRound) -> Edge:
    """The edge of solved round outcomes (:class:`RoundOutcomes`).

    Parameters
    ----------
    outcomes : RoundOutcomes
        One solved round against a computer policy (e.g. from
        :func:`~pokerdice_stats.games.progressive.exact.payout.round_outcomes`).

    Returns
    -------
    Edge
        The player's expected points a round and the action (the expected points that
        change hands, whoever pays): exact Fractions when the outcomes are, else floats.

    Raises
    ------
    OptionError
        If ``outcomes`` is not a solved round (its ``cells`` and ``expected``).
    """
    if not (hasattr(outcomes, "cells") and hasattr(outcomes, "expected")):
        raise OptionError(
            "outcomes must be a solved round's outcomes (round_outcomes(rules, ...)), got "
            + type(outcomes).__name__
        )
    action = sum((chance * abs(pay) for _, _, chance, pay in outcomes.cells()), Fraction(0))
    return Edge(outcomes.expected, action)


def percent_text(value: Number | None, digits: int = 4) -> str:
    """An edge in percent for people: ``-2.35%`` (``n/a`` when there is none)."""
    if value is None:
        return "n/a"
    return f"{float(value):+.{digits}g}%"


@dataclass(frozen=True)
class Target:
    """A target edge: the player's points a round, or percent of the action."""

    value: Fraction
    percent: bool

    def text(self) -> str:
        """As typed back: ``3%`` or ``3`` points a round."""
        shown = fraction_text(self.value) if self.value.denominator != 1 else str(self.value)
        return f"{shown}%" if self.percent else f"{shown} points a round"


def parse_target(text: object) -> Target:
    """``3`` (points a round), ``-1/2``, ``3%`` or ``-2.5%`` (percent of the action).

    Raises
    ------
    OptionError
        For anything else.
    """
    raw = str(text)  # blanks are refused, as in every number (ground.bounds)
    percent = raw.endswith("%")
    wanted = (
        f"{option('target')} must be points a round (0, -1/2, 0.02) or a percentage of the points "
        "that change hands (3%, -2.5%)"
    )
    try:
        value = exact_amount(raw[:-1] if percent else raw, wanted, OptionError)
    except OptionError as err:
        if not percent:
            raise
        # the value as typed, its % included (a value too long to show stays elided)
        raise OptionError(str(err).replace(f"got {raw[:-1]!r}", f"got {raw!r}")) from None
    if percent and not -100 <= value <= 100:
        raise OptionError(f"a percentage edge lies between -100% and 100%, got {raw!r}")
    return Target(value, percent)
