"""The search of :mod:`~pokerdice_stats.games.progressive.exact.fair_pay`: exact evaluations
of the game at pays of one cell, each read as the line of its piece, and the moves between
them (brackets, secants on the pieces, kinks, the scan for every pay meeting the target,
the breakpoints).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from pokerdice_stats.games.progressive.exact.amounts import amount_label
from pokerdice_stats.games.progressive.exact.edge import Edge, edge_of, percent_text
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import PayoutSchedule
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

#: A cell solved for: (winner, losers, side), every loser in ``losers`` paid one pay.
PayCell = tuple[str, tuple[str, ...], str]
#: What joins several losers given one pay: ``five-of-a-kind/high-die+little-straight+one-pair``.
JOIN = "+"
#: The largest pay the solver tries (points).
PAY_LIMIT = Fraction(1_000_000)
#: The most evaluations of the game in one solve.
MAX_EVALUATIONS = 120
#: Extra evaluations spent locating the breakpoints met, after the answer is found.
BREAKPOINT_EVALUATIONS = 10
#: How close to a crossing the lines on either side are read.
EPSILON = Fraction(1, 10**9)


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


def cell_text(cell: PayCell) -> str:
    """A cell as typed back: ``WINNER/LOSER[+LOSER...]``, ``SIDE:`` before it for one side."""
    winner, losers, side = cell
    pair = f"{winner}/{JOIN.join(losers)}"
    return pair if side == "both" else f"{side}:{pair}"


def with_pay(
    schedule: PayoutSchedule, rules: RuleSet, cell: PayCell, pay: Fraction
) -> PayoutSchedule:
    """``schedule`` with ``pay`` in every cell of ``cell`` (a winner, its losers, a side)."""
    winner, losers, side = cell
    name = f"{schedule.name}, {cell_text(cell)} = {amount_label(pay)}"
    if winner not in schedule.winners:  # a new paying winner: every other pair pays 0
        beaten = rules.category_slugs[rules.category_index(winner) + 1 :]
        for other in beaten:
            schedule = schedule.with_amount(winner, other, 0, name)
    for loser in losers:
        schedule = schedule.with_amount(winner, loser, pay, name, side)
    return schedule


class PayGame:
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
            schedule = with_pay(self.schedule, self.rules, self.cell, pay)
            outcomes = round_outcomes(self.rules, schedule=schedule, **self.common)
            w = self.rules.category_index(self.cell[0])
            beaten = [self.rules.category_index(loser) for loser in self.cell[1]]
            side = self.cell[2]
            won = sum(outcomes.joint[w][lo] for lo in beaten) if side != "house" else 0
            lost = sum(outcomes.joint[lo][w] for lo in beaten) if side != "player" else 0
            edge = edge_of(outcomes)
            slope = (won - lost) - self.tau * (won + lost)
            aim = Fraction(edge.expected) - self.tau * Fraction(edge.action)
            self.pieces[pay] = Piece(pay, aim, Fraction(slope))
            self.edges[pay] = edge
        return self.pieces[pay]


#: The pays every solve evaluates, looking for every pay that meets the target: 0 and the
#: 1-2-5 series up to :data:`PAY_LIMIT`.
SCAN_PAYS = (0, *(m * 10**e for e in range(6) for m in (1, 2, 5)), 1_000_000)
#: The most evaluations the scan for further pays may spend.
SCAN_EVALUATIONS = 70


def scan_roots(game: PayGame, wanted: Fraction) -> tuple[list[Fraction], bool]:
    """Every pay meeting the target that the scan finds, and whether it finished.

    The expected payout need not be monotone in a pay (both sides re-optimise: 004's
    ``five-of-a-kind/one-pair`` dips from 8.4 points at pay 0 to 0.86 at pay 500 and
    climbs again), so one root may hide others.  The scan evaluates :data:`SCAN_PAYS`,
    then, until nothing changes: every bracket of a sign change is searched to its root
    (:func:`inside_bracket`), and between two pays on the same side of the target, where the
    line of either end's piece reaches the target, the game is evaluated there (a dip
    to the target and back between two scan pays).  It is a search, not a proof: a
    dip that no piece's line points to is not seen.  ``False``: the budget of
    :data:`SCAN_EVALUATIONS` ran out first.
    """
    for pay in SCAN_PAYS:
        game(Fraction(pay))
    while len(game.pieces) < SCAN_EVALUATIONS:
        points = sorted(game.pieces)
        todo = None
        for a, b in itertools.pairwise(points):
            left, right = game.pieces[a].expected - wanted, game.pieces[b].expected - wanted
            if left * right < 0:
                todo = inside_bracket(game, (a, b), wanted)
            elif left and right:
                todo = next(
                    (r for end in (game.pieces[a], game.pieces[b])
                     if (r := end.root(wanted)) is not None and a < r < b),
                    None,
                )  # fmt: skip
            if todo is not None and todo not in game.pieces:
                break
            todo = None
        if todo is None:
            return [t for t in points if game.pieces[t].expected == wanted], True
        game(todo)
    return [t for t in sorted(game.pieces) if game.pieces[t].expected == wanted], False


def bracket_of(game: PayGame, points: list[Fraction], wanted: Fraction):
    """The first two neighbouring pays tried on either side of the target, or None."""
    return next(
        (
            (a, b)
            for a, b in itertools.pairwise(points)
            if (game.pieces[a].expected - wanted) * (game.pieces[b].expected - wanted) < 0
        ),
        None,
    )


def pay_distance(pay: Fraction, current: Fraction) -> float:
    """How far a pay is from the current one: as a ratio, or plainly when either is 0."""
    if current <= 0:
        return float(pay)
    if pay <= 0:
        return math.inf
    return abs(math.log(float(pay) / float(current)))


def inside_bracket(game: PayGame, bracket: tuple[Fraction, Fraction], wanted: Fraction) -> Fraction:
    """The next pay to try inside a bracket: a piece's root, else the midpoint."""
    a, b = bracket
    for end in (game.pieces[a], game.pieces[b]):
        root = end.root(wanted)
        if root is not None and a < root < b and root not in game.pieces:
            return root
    return (a + b) / 2


def outside_move(
    game: PayGame, wanted: Fraction, cell: PayCell, target: Fraction, percent: bool
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
    for cross in crossings(game, wanted):
        return cross
    right = game.pieces[max(game.pieces)]
    if right.at < PAY_LIMIT:
        heading = right.root(wanted)
        if heading is not None and heading > right.at:
            return min(right.at * 2, PAY_LIMIT)
        return PAY_LIMIT

    def miss(at: Fraction) -> float:  # in the target's unit, whatever the line's
        value = game.edges[at].value(percent)
        return math.inf if value is None else abs(float(value) - float(target))

    closest = min(sorted(game.edges), key=miss)
    edge = game.edges[closest]
    reached = (
        percent_text(edge.percent) if percent else f"{float(edge.expected):.6g} points per round"
    )
    wanted_text = f"{float(target):g}%" if percent else f"{float(target):.6g} points per round"
    heading = right.root(wanted)
    if all(not piece.slope for piece in pieces):
        why = "the edge does not depend on this pay (the same at every pay tried)"
    elif heading is not None and heading > PAY_LIMIT:
        why = f"the edge heads for it past the largest pay tried (at about {float(heading):.6g})"
    else:
        why = "the edge moves away from the target on every piece met"
    raise OptionError(
        f"no pay of {cell_text(cell)} from 0 to {int(PAY_LIMIT):,} reaches "
        f"{wanted_text}: the closest of the {len(game.pieces)} pays tried is {reached} (at pay "
        f"{float(closest):.6g}); {why}"
    )


def crossings(game: PayGame, wanted: Fraction):
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


def breakpoints_met(game: PayGame, near: Fraction | None = None) -> tuple[Fraction, ...]:
    """The breakpoints between the pays evaluated, located exactly (those nearest the pay
    ``near`` first: the budget may not reach the others).

    Between two evaluated pays with different lines, the kink is where the
    lines cross if the game's line just left of the crossing is the left one
    and just right of it the right one (checked at ``crossing -+ EPSILON``);
    otherwise the interval is split at the crossing (or its midpoint) and
    searched again, within :data:`BREAKPOINT_EVALUATIONS` more evaluations.
    """
    budget = len(game.pieces) + BREAKPOINT_EVALUATIONS
    found: set[Fraction] = set()
    intervals = list(itertools.pairwise(sorted(game.pieces)))
    if near is not None:  # popped from the end: the intervals nearest ``near`` last
        intervals.sort(key=lambda ac: -min(abs(ac[0] - near), abs(ac[1] - near)))
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
