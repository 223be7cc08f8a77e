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
The expected payout need not be monotone in a pay, so a scan of the whole range
(:func:`~pokerdice_stats.games.progressive.exact.fair_pay_search.scan_roots`) looks for
every pay that meets the target: the answer is the one nearest the cell's current pay
(as a ratio), the others are listed.  The search itself is in
:mod:`~pokerdice_stats.games.progressive.exact.fair_pay_search`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.games.progressive.exact.amounts import amount_label
from pokerdice_stats.games.progressive.exact.design_table import order_breaks
from pokerdice_stats.games.progressive.exact.edge import (
    EDGE_DEFINITION,
    Edge,
    edge_of,
    parse_target,
    percent_text,
)
from pokerdice_stats.games.progressive.exact.fair_pay_search import (
    EPSILON,
    JOIN,
    PAY_LIMIT,
    PayCell,
    PayGame,
    bracket_of,
    breakpoints_met,
    cell_text,
    inside_bracket,
    outside_move,
    pay_distance,
    scan_roots,
    with_pay,
)
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    PayoutSchedule,
)
from pokerdice_stats.games.progressive.exact.schedule_entries import (
    KNOWN_SLUGS,
    ScheduleError,
    category_slug,
)
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.ground.numbers import optional_fraction_text
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet, get_rules

if TYPE_CHECKING:
    import pandas as pd

#: The word for a factor on the whole schedule.
SCALE = "scale"


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
    other_pays : tuple of Fraction
        Other pays that meet the target (ascending): the expected payout need not be
        monotone in a pay, and ``pay`` is the one nearest the cell's current pay (as a
        ratio).  Found by a scan of the pays from 0 to :data:`PAY_LIMIT`
        (:func:`scan_roots`), a search rather than a proof.
    scan_complete : bool
        False when the scan's budget of evaluations ran out before it finished.
    order_breaks : tuple of str
        Where the pay puts the table out of order (a stronger win paying less than a
        weaker one) where the base schedule was not, in words
        (:func:`~pokerdice_stats.games.progressive.exact.design_table.order_breaks`).
    piece_ends : tuple of (Fraction or None)
        The located breakpoints nearest the pay below and above it where the game's line
        just inside is the answer's (``piece``): the pays between which the answer's
        policies hold, as far as the search located them (None where none was).
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
    other_pays: tuple[Fraction, ...] = ()
    scan_complete: bool = True
    order_breaks: tuple[str, ...] = ()
    piece_ends: tuple[Fraction | None, Fraction | None] = (None, None)

    def record(self) -> dict[str, object]:
        """The JSON object of ``payout --solve``."""
        edge = {}
        if self.edge is not None:
            edge = {**self.edge.record(), "edge_definition": EDGE_DEFINITION}
        low, high = self.piece_ends
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
            "other_pays": [fraction_text(t) for t in self.other_pays],
            "other_pays_float": [float(t) for t in self.other_pays],
            "scan_complete": self.scan_complete,
            "order_breaks": list(self.order_breaks),
            "piece_from": optional_fraction_text(low),
            "piece_from_float": None if low is None else float(low),
            "piece_to": optional_fraction_text(high),
            "piece_to_float": None if high is None else float(high),
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


def parse_cell(text: str, rules: RuleSet) -> PayCell | None:
    """``[SIDE:]WINNER/LOSER[+LOSER...]`` -> (winner, losers, side) slugs; ``scale`` -> None.

    ``SIDE``: ``player`` (what the house pays the player), ``house`` (what the
    player pays the house) or, left out, ``both`` (004's way).  Several losers joined
    by ``+`` are given one pay together, as 004 writes its first row (``Bust / Little
    Straight / One Pair``: ``five-of-a-kind/bust+little-straight+one-pair``), worst hand
    first whatever the order typed.

    Raises
    ------
    OptionError
        For a malformed cell, an unknown side or category, a loser named twice, or a
        winner that does not beat a loser under these rules.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> parse_cell("five-of-a-kind/Bust+little straight+one-pair", get_rules("progressive"))
    ('five-of-a-kind', ('high-die', 'little-straight', 'one-pair'), 'both')
    >>> parse_cell("house:full-house/two-pair", get_rules("progressive"))
    ('full-house', ('two-pair',), 'house')
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
    if len(parts) != 2 or not all(p.strip() for p in parts[:1] + parts[1].split(JOIN)):
        raise OptionError(
            f"malformed cell {text!r}: write WINNER/LOSER (e.g. five-of-a-kind/one-pair; "
            f"WINNER/LOSER{JOIN}LOSER for one pay of several losers; house:WINNER/LOSER for "
            "what the player pays only) or 'scale' for a factor on the whole schedule"
        )
    winner = category_slug(parts[0])
    losers = tuple(category_slug(p) for p in parts[1].split(JOIN))
    for slug in (winner, *losers):
        if slug not in rules.category_slugs:
            known = [s for s in rules.category_slugs if s in KNOWN_SLUGS]
            raise OptionError(
                f"unknown category {slug!r} in cell {text!r}; choose from: " + ", ".join(known)
            )
    if len(set(losers)) < len(losers):
        raise OptionError(f"cell {text!r} names a loser twice")
    # the losers in one order whatever the order typed: worst hand first, as 004's row
    losers = tuple(sorted(losers, key=rules.category_index, reverse=True))
    for loser in losers:
        if rules.category_index(winner) >= rules.category_index(loser):
            raise OptionError(f"cell {text!r}: {winner} does not beat {loser} under these rules")
    return winner, losers, side


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
        ``WINNER/LOSER`` (category slugs, e.g. ``five-of-a-kind/one-pair``), several losers
        joined by ``+`` for one pay of them all (``five-of-a-kind/high-die+little-straight+
        one-pair``, 004's first row), ``house:`` or ``player:`` before it for one side, or
        ``scale``.
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
    checked_instance(schedule, PayoutSchedule, "schedule", "read_schedule(path)", ScheduleError)
    aim = parse_target(target)
    wanted = aim.value
    parsed = parse_cell(cell, rules)
    computer = canonical_policy(computer)
    if computer == "optimal" and knowledge == "blind":
        raise OptionError(
            "the blind game against the optimal computer is solved as an equilibrium, not "
            "exactly at every pay (with a table that pays the same both ways it is symmetric "
            f"and its expected payout 0 at every pay); choose {option('knowledge')} seen or a "
            "named computer"
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
    if unit == 0 or wanted / unit <= 0:
        zero = " (a factor of 0 would pay nothing at all)" if wanted == 0 and unit != 0 else ""
        raise OptionError(
            f"no factor on the schedule reaches {float(wanted):.6g} points per round: "
            f"a factor k > 0 gives k * {float(unit):.6g} (policies do not change with k)" + zero
        )
    factor = wanted / unit
    if factor * schedule.largest > PAY_LIMIT:
        raise OptionError(
            f"the factor that reaches {float(wanted):.6g} points per round ({float(factor):.6g}) "
            f"takes the largest pay to {float(factor * schedule.largest):,.6g}, past the "
            f"{int(PAY_LIMIT):,} every solve keeps to"
        )
    scaled = schedule.scaled(factor, f"{schedule.name} x {amount_label(factor)}")
    outcomes = round_outcomes(rules, schedule=scaled, **common)
    expected = Fraction(outcomes.expected)
    return FairPay(
        rules, common["computer"], common["knowledge"], SCALE, wanted, factor, expected,
        scaled, (), (Fraction(0), unit), 2, schedule, False, edge_of(outcomes),
    )  # fmt: skip


def _solve_cell(rules, cell, target, schedule, common, percent=False) -> FairPay:
    tau = target / 100 if percent else Fraction(0)
    wanted = Fraction(0) if percent else target
    game = PayGame(rules, cell, schedule, common, tau)
    of_side = schedule.house_amount if cell[2] == "house" else schedule.amount
    # the cell's pay now (several losers: the largest of theirs; a row of 004 has one)
    current = max(of_side(cell[0], loser) or Fraction(0) for loser in cell[1])
    game(Fraction(0))
    game(current if 0 < current <= PAY_LIMIT else Fraction(1))
    roots, complete = scan_roots(game, wanted)
    while not roots:  # nothing on the scan: the search of one root (or its refusal)
        points = sorted(game.pieces)
        roots = [t for t in points if game.pieces[t].expected == wanted]
        if roots:
            break
        bracket = bracket_of(game, points, wanted)
        game(
            inside_bracket(game, bracket, wanted)
            if bracket
            else outside_move(game, wanted, cell, target, percent)
        )
    found = min(roots, key=lambda t: pay_distance(t, current))
    if all(not piece.slope for piece in game.pieces.values()):
        roots = [found]  # the edge does not depend on this pay: every pay meets the target
    solved = with_pay(schedule, rules, cell, found)
    edge = game.edges[found]
    breakpoints = breakpoints_met(game, found)
    line = game.pieces[found].line()
    # the answer's piece: the nearest located breakpoints where the line just inside is its
    below = [b for b in breakpoints if b < found and game(b + EPSILON).line() == line]
    above = [b for b in breakpoints if b > found and game(b - EPSILON).line() == line]
    ends = (max(below) if below else None, min(above) if above else None)
    return FairPay(
        rules, common["computer"], common["knowledge"], cell_text(cell), target, found,
        Fraction(edge.expected), solved, breakpoints, line, len(game.pieces), schedule,
        percent, edge, tuple(sorted(set(roots) - {found})), complete,
        order_breaks(rules, schedule, solved), ends,
    )  # fmt: skip
