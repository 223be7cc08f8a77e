"""Fair pay: the pay of one schedule cell (or a factor on the whole schedule) for a target.

``solve_pay(rules, "five-of-a-kind/one-pair", target)`` finds the amount ``t``
that the cell must pay so that the player's expected payout per round is
``target``, both sides re-optimising at every pay (the player's holds, and
the computer's when it is ``optimal``).

With both policies fixed, the expected payout is linear in ``t``: its slope
is the chance that the player wins that cell minus the chance that the
computer does.  Optimising them makes the expected payout piecewise linear,
with a breakpoint wherever a policy changes.  The solver evaluates the game
exactly at candidate pays, reads the line of the piece at each (the slope
from the joint chances of the final categories), and moves to the root of a
piece's line (a secant on the pieces, bisection as a fallback) until the
exact expected payout at a pay equals the target: the answer is an exact
Fraction, checked by evaluating the game at it.  The breakpoints between
pieces met on the way are located exactly where two neighbouring pieces'
lines cross, checked by reading the game's line a hair (``EPSILON``) either
side of the crossing.

A target in percent (``3%``: the player's edge per 100 points that change
hands, :mod:`pokerdice_stats.games.progressive.exact.edge`) is met where
``E - tau * A`` is 0, ``E`` the expected payout, ``A`` the expected points that
change hands and ``tau`` the target over 100: both are linear in the pay while
the policies stay, so the same search runs on ``E - tau * A`` with the target 0.

A factor on the whole schedule changes no policy (every decision compares
payouts, and a positive factor keeps their order), so ``scale`` is solved in
one evaluation: the expected payout is the factor times that of the
schedule (and a percentage edge does not move with it, so it is refused).

Pays are searched from 0 to :data:`PAY_LIMIT`; past it, or when the
expected payout moves away from the target at both ends, the solver refuses.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.games.progressive.exact.amounts import amount_label
from pokerdice_stats.games.progressive.exact.edge import (
    EDGE_DEFINITION,
    Edge,
    edge_of,
    parse_target,
    percent_text,
)
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import (
    KNOWN_SLUGS,
    PROGRESSIVE_SCHEDULE,
    PayoutSchedule,
    category_slug,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet, get_rules

if TYPE_CHECKING:
    import pandas as pd

#: The largest pay the solver tries (points).
PAY_LIMIT = Fraction(1_000_000)
#: The most evaluations of the game in one solve.
MAX_EVALUATIONS = 80
#: Extra evaluations spent locating the breakpoints met, after the answer is found.
BREAKPOINT_EVALUATIONS = 10
#: How close to a crossing the lines on either side are read.
EPSILON = Fraction(1, 10**9)
#: The word for a factor on the whole schedule.
SCALE = "scale"


@dataclass(frozen=True)
class Piece:
    """The line ``intercept + slope * pay`` of the expected payout at one pay."""

    at: Fraction
    expected: Fraction
    slope: Fraction

    @property
    def intercept(self) -> Fraction:
        return self.expected - self.slope * self.at

    def line(self) -> tuple[Fraction, Fraction]:
        return self.intercept, self.slope

    def root(self, target: Fraction) -> Fraction | None:
        """Where this piece's line reaches ``target`` (None if it is flat)."""
        if not self.slope:
            return None
        return (target - self.intercept) / self.slope


@dataclass(frozen=True, eq=False)
class FairPay:
    """The answer of :func:`solve_pay`.

    Attributes
    ----------
    cell : str
        ``WINNER/LOSER`` or ``scale``.
    target, pay, expected : Fraction
        The target, the pay (or factor) found, and the exact expected payout
        there (equal to the target).
    schedule : PayoutSchedule
        The schedule with the pay in place.
    breakpoints : tuple of Fraction
        Pays where a policy changes, met on the way (ascending).
    piece : tuple of Fraction
        (intercept, slope) of the piece holding the answer.
    evaluations : int
        Exact evaluations of the game.
    """

    rules: RuleSet
    computer: str
    knowledge: str
    cell: str
    target: Fraction
    pay: Fraction
    expected: Fraction
    schedule: PayoutSchedule
    breakpoints: tuple[Fraction, ...]
    piece: tuple[Fraction, Fraction]
    evaluations: int
    base: PayoutSchedule = field(default=PROGRESSIVE_SCHEDULE)
    percent: bool = False
    edge: Edge | None = None

    def record(self) -> dict[str, object]:
        """The JSON object of ``payout --solve``."""
        edge = {}
        if self.edge is not None:
            edge = {**self.edge.record(), "edge_definition": EDGE_DEFINITION}
        return {
            "rules": self.rules.label(),
            "schedule": self.base.label,
            "computer": self.computer,
            "knowledge": self.knowledge,
            "cell": self.cell,
            "target": fraction_text(self.target),
            "target_float": float(self.target),
            "target_unit": "percent of the points that change hands (the player's edge)"
            if self.percent
            else "points per round (the player's)",
            "pay": fraction_text(self.pay),
            "pay_float": float(self.pay),
            "expected": fraction_text(self.expected),
            "expected_float": float(self.expected),
            "unit": "pay: points (scale: a factor); expected: points per round",
            "breakpoints": [fraction_text(b) for b in self.breakpoints],
            "breakpoints_float": [float(b) for b in self.breakpoints],
            "piece_intercept": fraction_text(self.piece[0]),
            "piece_intercept_float": float(self.piece[0]),
            "piece_slope": fraction_text(self.piece[1]),
            "piece_slope_float": float(self.piece[1]),
            "evaluations": self.evaluations,
            **edge,
        }

    def frame(self) -> pd.DataFrame:
        """The answer's figures, one row each: ``figure``, ``value`` (a float) and
        ``value_exact`` (a Fraction or whole number when exact)."""
        edge = self.edge
        return figure_frame(
            {
                "target (percent)" if self.percent else "target (points per round)": self.target,
                "pay (scale: a factor)": self.pay,
                "expected payout (points per round)": self.expected,
                "edge (percent of the action)": None if edge is None else edge.percent,
                "evaluations": self.evaluations,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            cell=self.cell,
            target=f"{float(self.target):.6g}%" if self.percent else self.target,
            pay=self.pay,
            expected=self.expected,
        )


#: The sides a cell's pay may be set on (``house:WINNER/LOSER``, ``player:...``).
SIDES = ("both", "player", "house")


def parse_cell(text: str, rules: RuleSet) -> tuple[str, str, str] | None:
    """``[SIDE:]WINNER/LOSER`` -> (winner, loser, side) slugs; ``scale`` -> None.

    ``SIDE``: ``player`` (what the house pays the player), ``house`` (what the
    player pays the house) or, left out, ``both`` (004's way).

    Raises
    ------
    OptionError
        For a malformed cell, an unknown side or category, or a winner that does
        not beat the loser under these rules.
    """
    text = str(text).strip()
    if text.lower() == SCALE:
        return None
    side, _, pair = text.rpartition(":")
    side = side.strip().lower() or "both"
    if side not in SIDES:
        raise OptionError(
            f"cell {text!r}: the side is player or house (or none: both), not {side!r}"
        )
    parts = pair.split("/")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise OptionError(
            f"malformed cell {text!r}: write WINNER/LOSER (e.g. five-of-a-kind/one-pair; "
            "house:WINNER/LOSER for what the player pays only) or 'scale' for a factor on the "
            "whole schedule"
        )
    winner, loser = (category_slug(p) for p in parts)
    for slug in (winner, loser):
        if slug not in rules.category_slugs:
            known = [s for s in rules.category_slugs if s in KNOWN_SLUGS]
            raise OptionError(
                f"unknown category {slug!r} in cell {text!r}; choose from: " + ", ".join(known)
            )
    if rules.category_index(winner) >= rules.category_index(loser):
        raise OptionError(f"cell {text!r}: {winner} does not beat {loser} under these rules")
    return winner, loser, side


def cell_text(cell: tuple[str, str, str]) -> str:
    """A cell as typed back: ``WINNER/LOSER`` or ``SIDE:WINNER/LOSER``."""
    winner, loser, side = cell
    return f"{winner}/{loser}" if side == "both" else f"{side}:{winner}/{loser}"


def _with_pay(
    schedule: PayoutSchedule, rules: RuleSet, cell: tuple[str, str, str], pay: Fraction
) -> PayoutSchedule:
    winner, loser, side = cell
    name = f"{schedule.name}, {cell_text(cell)} = {amount_label(pay)}"
    if winner not in schedule.winners:  # a new paying winner: every other pair pays 0
        beaten = rules.category_slugs[rules.category_index(winner) + 1 :]
        for other in beaten:
            schedule = schedule.with_amount(winner, other, 0, name)
    return schedule.with_amount(winner, loser, pay, name, side)


def solve_pay(
    rules: RuleSet | None,
    cell: str,
    target: Fraction | int | str,
    computer: str = "optimal",
    knowledge: str | None = None,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
) -> FairPay:
    """The pay of ``cell`` (or the factor ``scale``) that gives expected payout ``target``.

    Parameters
    ----------
    rules : RuleSet or None
        Default: the ``progressive`` preset.
    cell : str
        ``WINNER/LOSER`` (category slugs, e.g. ``five-of-a-kind/one-pair``) or ``scale``.
    target : Fraction, int or str
        The player's expected payout per round wanted (points; ``"1/50"`` is
        exact), or the player's edge in percent of the points that change hands
        (``"3%"``; ``"-3%"`` is a house edge of 3%).
    computer, knowledge : str
        As for :func:`~pokerdice_stats.games.progressive.exact.payout.expected_payout`.
    schedule : PayoutSchedule
        The schedule whose cell is changed.

    Returns
    -------
    FairPay
        The pay (or factor) found, the schedule with it in place, its exact expected
        payout (the target) and edge.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For a bad cell or target, an unknown computer or knowledge, rules the payout
        game does not take, the optimal computer in the blind game, a percentage target
        for ``scale``, or when no pay from 0 to :data:`PAY_LIMIT` reaches the target.
    ScheduleError
        If ``schedule`` is not a :class:`PayoutSchedule` or does not fit the rules.
    """
    rules = get_rules("progressive") if rules is None else rules
    knowledge = check_rule_set(rules).knowledge if knowledge is None else knowledge
    aim = parse_target(target)
    wanted = aim.value
    parsed = parse_cell(cell, rules)
    computer = canonical_policy(computer)
    if computer == "optimal" and knowledge == "blind":
        raise OptionError(
            "the blind game against the optimal computer is solved as an equilibrium, not "
            "exactly at every pay (with a table that pays the same both ways it is symmetric "
            "and its expected payout 0 at every pay); choose --knowledge seen or a named computer"
        )
    common = {"computer": computer, "knowledge": knowledge}
    if parsed is None:
        if aim.percent:
            edge = edge_of(round_outcomes(rules, computer, knowledge, schedule))
            raise OptionError(
                "a factor on the whole schedule moves the points, not the percentage: the "
                f"edge stays {percent_text(edge.percent)} of the points that change hands; "
                "solve a cell, or give the target in points"
            )
        return _solve_scale(rules, wanted, schedule, common)
    return _solve_cell(rules, parsed, wanted, schedule, common, aim.percent)


def _solve_scale(rules, wanted, schedule, common) -> FairPay:
    unit = Fraction(round_outcomes(rules, schedule=schedule, **common).expected)
    if unit == 0 or wanted / unit < 0:
        raise OptionError(
            f"no factor on the schedule reaches {float(wanted):.6g} points per round: "
            f"a factor k >= 0 gives k * {float(unit):.6g} (policies do not change with k)"
        )
    factor = wanted / unit
    scaled = schedule.scaled(factor, f"{schedule.name} x {amount_label(factor)}")
    outcomes = round_outcomes(rules, schedule=scaled, **common)
    expected = Fraction(outcomes.expected)
    return FairPay(
        rules, common["computer"], common["knowledge"], SCALE, wanted, factor, expected,
        scaled, (), (Fraction(0), unit), 2, schedule, False, edge_of(outcomes),
    )  # fmt: skip


class _Game:
    """Exact evaluations of the expected payout at pays of one cell."""

    def __init__(self, rules, cell, schedule, common, tau=Fraction(0)):
        self.rules, self.cell, self.schedule, self.common = rules, cell, schedule, common
        self.tau = tau  # the aim is expected - tau * action (tau 0: the expected payout)
        self.pieces: dict[Fraction, Piece] = {}
        self.edges: dict[Fraction, Edge] = {}

    def __call__(self, pay: Fraction) -> Piece:
        if pay not in self.pieces:
            if len(self.pieces) >= MAX_EVALUATIONS:
                raise OptionError(
                    f"no pay of {cell_text(self.cell)} found for the target in "
                    f"{MAX_EVALUATIONS} exact evaluations of the game"
                )
            schedule = _with_pay(self.schedule, self.rules, self.cell, pay)
            outcomes = round_outcomes(self.rules, schedule=schedule, **self.common)
            w = self.rules.category_index(self.cell[0])
            lo = self.rules.category_index(self.cell[1])
            side = self.cell[2]
            won = outcomes.joint[w][lo] if side != "house" else 0
            lost = outcomes.joint[lo][w] if side != "player" else 0
            edge = edge_of(outcomes)
            slope = (won - lost) - self.tau * (won + lost)
            aim = Fraction(edge.expected) - self.tau * Fraction(edge.action)
            self.pieces[pay] = Piece(pay, aim, Fraction(slope))
            self.edges[pay] = edge
        return self.pieces[pay]


def _solve_cell(rules, cell, target, schedule, common, percent=False) -> FairPay:
    tau = target / 100 if percent else Fraction(0)
    wanted = Fraction(0) if percent else target
    game = _Game(rules, cell, schedule, common, tau)
    of_side = schedule.house_amount if cell[2] == "house" else schedule.amount
    current = of_side(cell[0], cell[1]) or Fraction(0)
    game(Fraction(0))
    game(current if 0 < current <= PAY_LIMIT else Fraction(1))
    found = None
    while found is None:
        points = sorted(game.pieces)
        hit = [t for t in points if game.pieces[t].expected == wanted]
        if hit:
            found = hit[0]
            break
        bracket = next(
            (
                (a, b)
                for a, b in itertools.pairwise(points)
                if (game.pieces[a].expected - wanted) * (game.pieces[b].expected - wanted) < 0
            ),
            None,
        )
        if bracket is not None:
            game(_inside(game, bracket, wanted))
            continue
        game(_outside(game, wanted, cell, target, percent))
    edge = game.edges[found]
    return FairPay(
        rules, common["computer"], common["knowledge"], cell_text(cell), target, found,
        Fraction(edge.expected), _with_pay(schedule, rules, cell, found),
        _breakpoints(game), game.pieces[found].line(), len(game.pieces), schedule, percent, edge,
    )  # fmt: skip


def _inside(game: _Game, bracket: tuple[Fraction, Fraction], wanted: Fraction) -> Fraction:
    """The next pay to try inside a bracket: a piece's root, else the midpoint."""
    a, b = bracket
    for end in (game.pieces[a], game.pieces[b]):
        root = end.root(wanted)
        if root is not None and a < root < b and root not in game.pieces:
            return root
    return (a + b) / 2


def _outside(
    game: _Game, wanted: Fraction, cell: tuple[str, str, str], target: Fraction, percent: bool
) -> Fraction:
    """The next pay to try when no two pays tried bracket the target.

    The root of the line of the piece closest to the target (the pieces'
    own secant steps), else where two neighbouring pieces' lines cross closer
    to the target than either end (the kinks, where a piecewise linear
    function turns), else doubling to the right while the rightmost piece
    heads for the target, else one look at :data:`PAY_LIMIT`; then refuse.
    """
    pieces = sorted(game.pieces.values(), key=lambda p: abs(p.expected - wanted))
    for piece in pieces:
        root = piece.root(wanted)
        if root is not None and 0 <= root <= PAY_LIMIT and root not in game.pieces:
            return root
    for cross in _crossings(game, wanted):
        return cross
    right = game.pieces[max(game.pieces)]
    if right.at < PAY_LIMIT:
        heading = right.root(wanted)
        if heading is not None and heading > right.at:
            return min(right.at * 2, PAY_LIMIT)
        return PAY_LIMIT
    closest = pieces[0]
    edge = game.edges[closest.at]
    reached = (
        percent_text(edge.percent) if percent else f"{float(edge.expected):.6g} points per round"
    )
    wanted_text = f"{float(target):g}%" if percent else f"{float(target):.6g} points per round"
    raise OptionError(
        f"no pay of {cell_text(cell)} from 0 to {int(PAY_LIMIT):,} reaches "
        f"{wanted_text}: the closest is {reached} (at pay {float(closest.at):.6g}), and the "
        f"edge moves away from the target on every piece met ({len(game.pieces)} pays tried)"
    )


def _crossings(game: _Game, wanted: Fraction):
    """Crossings of neighbouring pieces' lines that come closer to the target than their ends."""
    points = sorted(game.pieces)
    for a, b in itertools.pairwise(points):
        left, right = game.pieces[a], game.pieces[b]
        if left.slope == right.slope:
            continue
        cross = (right.intercept - left.intercept) / (left.slope - right.slope)
        value = left.intercept + left.slope * cross
        near = min(abs(left.expected - wanted), abs(right.expected - wanted))
        if a < cross < b and cross not in game.pieces and abs(value - wanted) < near:
            yield cross


def _breakpoints(game: _Game) -> tuple[Fraction, ...]:
    """The breakpoints between the pays evaluated, located exactly.

    Between two evaluated pays with different lines, the kink is where the
    lines cross if the game's line just left of the crossing is the left one
    and just right of it the right one (checked at ``crossing -+ EPSILON``);
    otherwise the interval is split at the crossing (or its midpoint) and
    searched again, within :data:`BREAKPOINT_EVALUATIONS` more evaluations.
    """
    budget = len(game.pieces) + BREAKPOINT_EVALUATIONS
    found: set[Fraction] = set()
    intervals = list(itertools.pairwise(sorted(game.pieces)))
    while intervals and len(game.pieces) < min(budget, MAX_EVALUATIONS):
        a, c = intervals.pop()
        left, right = game.pieces[a], game.pieces[c]
        if left.line() == right.line() or c - a <= 2 * EPSILON:
            continue
        cross = None
        if left.slope != right.slope:
            cross = (right.intercept - left.intercept) / (left.slope - right.slope)
        if cross is None or not a + EPSILON < cross < c - EPSILON:
            middle = (a + c) / 2
            game(middle)
            intervals += [(a, middle), (middle, c)]
            continue
        before, after = game(cross - EPSILON), game(cross + EPSILON)
        if before.line() == left.line() and after.line() == right.line():
            found.add(cross)
        else:
            intervals += [(a, cross - EPSILON), (cross + EPSILON, c)]
    return tuple(sorted(found))
