"""Design under constraints: the whole-number schedule nearest a given one that meets a target edge.

``design_schedule(rules, "-3%")`` moves the pays of a base schedule (004's
by default) as little as it can until the player's edge (points a round, or
percent of the points that change hands:
:mod:`pokerdice_stats.games.progressive.exact.edge`) is within ``within`` of the
target, under these constraints:

- every pay is a whole number from 0 to ``max_pay`` (a base pay that is not whole
  is first rounded to the nearest whole number, and that counts as a change);
- the table stays ordered: a pay never decreases toward a better winner (along a
  row) nor toward a worse loser (down a column), on each side;
- only the movable cells move: ``all``, a row (``row:LOSER``), a column
  (``column:WINNER``), one cell (``WINNER/LOSER``), or ``scale``, one factor on every
  pay (rounded to whole numbers); on the side asked (``both``, or only what the
  ``house`` pays the player... see :data:`SIDES`; one side moved makes the
  schedule two-sided).

Losers whose pays are equal in every column on both sides form one row, as
004 prints "Bust / Little Straight / One Pair": they move together, so a
row keeps its shape.  A *cell* below is a (winner, row) pair of that table.

Distance moved: the number of cells changed (each side counts), then the points
moved (the sum of the absolute changes); the nearest schedule changes the fewest
cells, and among those moves the fewest points.

The search: the expected payout ``E`` and the action ``A`` are linear in the pays
while both sides' policies stay, so at the current schedule the edge's gap
``E - tau * A - aim`` is a linear function of the cells' changes, its slopes read
from the exact joint chances of the final categories.  The smallest change (one
cell, else two, else as many as it takes, the most sensitive first) that closes
the gap on that line is evaluated exactly, both sides re-optimising; when the
policies have moved, the line is read again there (at most :data:`MAX_ROUNDS`
times).  The answer's edge is always the exact evaluation of the schedule
returned, and :class:`DesignError` says so when nothing met the constraints.

Examples
--------
>>> design = design_schedule(None, "-3%", side="house")
>>> abs(design.reached + 3) <= DEFAULT_WITHIN, design.cells_changed, design.schedule.two_sided
(True, 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.games.progressive.exact.amounts import amount_text
from pokerdice_stats.games.progressive.exact.design_search import apply_changes, one_cell_design
from pokerdice_stats.games.progressive.exact.design_table import (
    Cell,
    bounds,
    closing,
    disorders,
    movable_cells,
    pays_of,
    schedule_of,
    slopes,
    table_rows,
)
from pokerdice_stats.games.progressive.exact.edge import (
    EDGE_DEFINITION,
    Edge,
    Target,
    edge_of,
    parse_target,
    percent_text,
)
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    PayoutSchedule,
)
from pokerdice_stats.ground.arguments import checked_text, checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import figure_frame, short_repr
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet, get_rules

if TYPE_CHECKING:
    import pandas as pd

#: How close to the target the edge must come by default: 0.05 (percentage points, or points).
DEFAULT_WITHIN = Fraction(1, 20)
#: The largest pay when no maximum is given.
PAY_LIMIT = 1_000_000
#: Exact evaluations of the game by the one-cell search (each movable cell alone), at most.
ONE_CELL = 60
#: Exact evaluations of the game by the search moving several cells, at most.
MAX_ROUNDS = 12


class DesignError(OptionError):
    """No schedule meets the constraints (the message says the closest reached)."""


@dataclass(frozen=True)
class Change:
    """A cell's pay on one side, before and after."""

    winner: str
    losers: tuple[str, ...]
    side: str
    before: Fraction
    after: int

    def record(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "losers": list(self.losers),
            "side": self.side,
            "before": float(self.before),
            "before_exact": fraction_text(self.before),
            "after": self.after,
        }


@dataclass(frozen=True, eq=False)
class Design:
    """The answer of :func:`design_schedule`.

    Attributes
    ----------
    schedule : PayoutSchedule
        The schedule found (whole-number pays).
    edge : Edge
        Its exact edge, evaluated with both sides re-optimising.
    changes : tuple of Change
        Every cell and side whose pay moved.
    evaluations : int
        Exact evaluations of the game.
    """

    rules: RuleSet
    computer: str
    knowledge: str
    base: PayoutSchedule
    schedule: PayoutSchedule
    target: Target
    within: Fraction
    movable: str
    side: str
    max_pay: int
    edge: Edge
    changes: tuple[Change, ...]
    evaluations: int

    @property
    def cells_changed(self) -> int:
        """Cells (one a side) whose pay moved."""
        return len(self.changes)

    @property
    def points_moved(self) -> Fraction:
        """The sum of the absolute changes of the pays (points)."""
        return sum((abs(c.after - c.before) for c in self.changes), Fraction(0))

    @property
    def reached(self) -> Fraction:
        """The edge reached, in the target's unit (percent or points)."""
        value = self.edge.value(self.target.percent)
        return Fraction(0) if value is None else Fraction(value)

    def record(self) -> dict[str, object]:
        """The JSON object of ``payout --design``."""
        return {
            "rules": self.rules.label(),
            "schedule": self.base.label,
            "computer": self.computer,
            "knowledge": self.knowledge,
            "target": float(self.target.value),
            "target_exact": fraction_text(self.target.value),
            "target_unit": _unit(self.target.percent),
            "unit": "points per round (edge); percent (edge_percent); points (pays, "
            "points_moved: the pays' changes summed)",
            "within": float(self.within),
            "within_exact": fraction_text(self.within),
            "movable": self.movable,
            "side": self.side,
            "max_pay": self.max_pay,
            "reached": float(self.reached),
            "reached_exact": fraction_text(self.reached),
            **self.edge.record(),
            "edge_definition": EDGE_DEFINITION,
            "cells_changed": self.cells_changed,
            "points_moved": float(self.points_moved),
            "points_moved_exact": fraction_text(self.points_moved),
            "distance": "cells changed (one a side), then points moved (sum of the changes)",
            "changes": [c.record() for c in self.changes],
            "two_sided": self.schedule.two_sided,
            "evaluations": self.evaluations,
        }

    def frame(self) -> pd.DataFrame:
        """The design's figures, one row each: ``figure``, ``value`` (a float) and
        ``value_exact`` (a Fraction or whole number when exact); the cells moved are
        :meth:`changes_frame`."""
        unit = "percent" if self.target.percent else "points per round"
        return figure_frame(
            {
                f"target ({unit})": self.target.value,
                f"reached ({unit})": self.reached,
                "edge (points per round)": self.edge.expected,
                "edge (percent of the action)": self.edge.percent,
                "action (points per round)": self.edge.action,
                "cells changed": self.cells_changed,
                "points moved": self.points_moved,
                "evaluations": self.evaluations,
            }
        )

    def changes_frame(self) -> pd.DataFrame:
        """One row a cell and side whose pay moved: ``winner``, ``losers`` (text),
        ``side``, ``before`` (a float), ``before_exact`` (a Fraction) and ``after``."""
        import pandas as pd

        rows = [{**c.record(), "losers": ",".join(c.losers)} for c in self.changes]
        for row, change in zip(rows, self.changes, strict=True):
            row["before_exact"] = change.before
        columns = ["winner", "losers", "side", "before", "before_exact", "after"]
        return pd.DataFrame(rows, columns=columns)

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            target=self.target.text(),
            reached=self.reached,
            cells_changed=self.cells_changed,
            points_moved=self.points_moved,
            evaluations=self.evaluations,
        )


def _unit(percent: bool) -> str:
    if percent:
        return "percent of the points that change hands (the player's edge)"
    return "points per round (the player's edge)"


def design_schedule(
    rules: RuleSet | None,
    target: str | Fraction | int,
    *,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    movable: str = "all",
    side: str = "both",
    max_pay: int | None = None,
    within: str | Fraction | None = None,
    computer: str = "optimal",
    knowledge: str | None = None,
) -> Design:
    """The whole-number schedule nearest ``schedule`` whose edge is within ``within`` of ``target``.

    Parameters
    ----------
    rules : RuleSet or None
        Default: the ``progressive`` preset.
    target : str, Fraction or int
        The player's edge: points a round (``3``) or percent (``"3%"``; a house
        edge of 3% is ``"-3%"``).
    schedule : PayoutSchedule
        The base schedule.
    movable : str
        ``all``, ``row:LOSER``, ``column:WINNER``, ``WINNER/LOSER`` or ``scale``.
    side : str
        ``both`` (a cell moves on both sides), ``player`` (what the house pays)
        or ``house`` (what the player pays).
    max_pay : int, optional
        The largest pay allowed (default 1,000,000).
    within : optional
        How close the edge must come, in the target's unit (default 0.05).
    computer, knowledge : str
        As for :func:`~pokerdice_stats.games.progressive.exact.payout.expected_payout`.

    Returns
    -------
    Design
        The schedule found (whole-number pays), its exact edge, the cells moved and
        the evaluations it took.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For bad arguments.
    DesignError
        When no schedule meets the constraints.
    """
    rules = get_rules("progressive") if rules is None else rules
    knowledge = check_rule_set(rules).knowledge if knowledge is None else knowledge
    aim = parse_target(target)
    computer = canonical_policy(computer)
    tolerance = DEFAULT_WITHIN if within is None else _positive(within, option("within"))
    largest = (
        PAY_LIMIT
        if max_pay is None
        else checked_whole_number(
            max_pay, option("max_pay"), 0, int(PAY_LIMIT), reason="the pays every solve keeps to"
        )
    )
    game = {"computer": computer, "knowledge": knowledge}
    base = pays_of(rules, schedule)
    rounded = {key: Fraction(round(pay)) for key, pay in base.items()}
    settings = {"movable": movable, "side": side, "max_pay": largest, "within": tolerance}
    if aim.value < 0 and computer == "optimal" and side == "both" and not schedule.two_sided:
        raise DesignError(
            "no table that pays the same both ways gives the house an edge against the "
            "optimal computer: the player could play as the computer does and break even (the "
            "game is then symmetric), so the player's edge is never below 0; move what the "
            f"player pays alone ({option('side')} house)"
        )
    if checked_text(movable, "movable").strip().lower() == "scale":
        return _by_scale(rules, aim, schedule, base, settings, game)
    cells = movable_cells(rules, schedule, movable, side)
    tau = aim.value / 100 if aim.percent else Fraction(0)
    current = dict(rounded)
    tried: set[tuple] = {tuple(sorted(current.items()))}
    base_disorders = disorders(rules, base)
    memo: dict[tuple, object] = {}

    def evaluate(pays):
        key = tuple(sorted(pays.items()))
        if key not in memo:
            memo[key] = _evaluate(rules, schedule_of(pays, "", schedule.winners), game)
        return memo[key]

    def reached_of(pays) -> Fraction | None:
        if disorders(rules, pays) - base_disorders:
            return None  # out of order where the base was not
        value = edge_of(evaluate(pays)).value(aim.percent)
        return None if value is None else Fraction(value)

    limits = [bounds(rules, rounded, cell, largest) for cell in cells]
    best = None
    start = reached_of(rounded)
    if start is not None and abs(start - aim.value) > tolerance:
        edge = edge_of(evaluate(rounded))
        line = slopes(rules, evaluate(rounded), cells, tau)
        gap = float(-_aim_value(edge, aim))
        predicted = [round(gap / g) if g else None for g in line]
        hit, closest = one_cell_design(
            reached_of, aim.value, start, cells, rounded, predicted, limits, tolerance, ONE_CELL
        )
        if hit is not None:
            edge = edge_of(evaluate(hit))
            return _answer(rules, aim, schedule, base, hit, edge, settings, game, len(memo))
        if closest is not None:
            best = (abs(closest[0] - aim.value), closest[0], closest[1])
    for _ in range(MAX_ROUNDS):
        outcomes = evaluate(current)
        edge = edge_of(outcomes)
        value = edge.value(aim.percent)
        reached = None if value is None else Fraction(value)
        if reached is not None and (best is None or abs(reached - aim.value) < best[0]):
            best = (abs(reached - aim.value), reached, dict(current))
        if reached is not None and abs(reached - aim.value) <= tolerance:
            return _answer(rules, aim, schedule, base, current, edge, settings, game, len(memo))
        line = slopes(rules, outcomes, cells, tau)
        moved = [_delta(current, rounded, cell) for cell in cells]
        # the line at the current schedule, read from the base: the gap each change closes
        gap = float(-_aim_value(edge, aim)) + sum(g * d for g, d in zip(line, moved, strict=True))
        band = float(tolerance / 100 * Fraction(edge.action)) if aim.percent else float(tolerance)
        step = None
        for candidate in closing(gap, line, limits, band * 0.8):
            trial = apply_changes(rounded, cells, candidate)
            key = tuple(sorted(trial.items()))
            if key in tried or disorders(rules, trial) - base_disorders:
                continue  # met already, or out of order where the base was not
            step = trial
            tried.add(key)
            break
        if step is None:
            break
        current = step
    hint = ""
    near_zero = abs(aim.value) <= 4 * tolerance  # within a few bands of an even game
    if computer == "optimal" and side == "both" and not schedule.two_sided and near_zero:
        hint = (
            "; with the same pays both ways the player, who may play as the computer does, "
            "never has an edge below 0, and a target near 0 lies far from the base (every pay "
            f"0 gives 0): move what the player pays alone ({option('side')} house)"
        )
    raise DesignError(_failure(aim, tolerance, best, movable, side, largest) + hint)


def _evaluate(rules: RuleSet, schedule: PayoutSchedule, game: dict[str, str]):
    """The exact round under a schedule, both sides re-optimising."""
    return round_outcomes(rules, game["computer"], game["knowledge"], schedule)


def _aim_value(edge: Edge, aim: Target) -> Fraction:
    """``E - tau * A - aim``: 0 on the target (percent), ``E - aim`` in points."""
    if aim.percent:
        return Fraction(edge.expected) - aim.value / 100 * Fraction(edge.action)
    return Fraction(edge.expected) - aim.value


def _delta(current, rounded, cell: Cell) -> int:
    key = (cell.winner, cell.losers[0], cell.sides[0])
    return int(current[key] - rounded[key])


def _positive(value, name: str) -> Fraction:
    try:
        number = Fraction(str(value).strip().rstrip("%"))
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"{name} must be a number such as 0.05, got {value!r}") from None
    if number <= 0:
        raise OptionError(f"{name} must be above 0, got {value!r}")
    return number


def _by_scale(rules, aim: Target, schedule, base, settings, game) -> Design:
    """One factor on every pay, rounded to whole numbers (points targets only)."""
    if aim.percent:
        raise OptionError(
            "a factor on the whole schedule moves the points, not the percentage: choose "
            "movable cells (all, row:LOSER, column:WINNER, WINNER/LOSER) for a percentage"
        )
    unit = Fraction(_evaluate(rules, schedule, game).expected)
    if unit == 0 or aim.value / unit <= 0:
        raise DesignError(
            f"no factor reaches {float(aim.value):g} points a round: a factor k > 0 gives "
            f"k * {float(unit):.6g}"
        )
    factor = aim.value / unit
    best = None
    evaluations = 1
    for k in sorted(
        {factor * (1 + Fraction(i, 200)) for i in range(-6, 7)}, key=lambda k: abs(k - factor)
    ):
        pays = {key: Fraction(round(pay * k)) for key, pay in base.items()}
        if max(pays.values()) > settings["max_pay"]:
            continue
        outcomes = _evaluate(rules, schedule_of(pays, "", schedule.winners), game)
        evaluations += 1
        edge = edge_of(outcomes)
        gap = abs(Fraction(edge.expected) - aim.value)
        if best is None or gap < best[0]:
            best = (gap, edge, pays, k)
        if gap <= settings["within"]:
            return _answer(rules, aim, schedule, base, pays, edge, settings, game, evaluations,
                           f"x {float(k):.6g}")  # fmt: skip
    closest = None if best is None else (best[0], Fraction(best[1].expected), best[2])
    raise DesignError(
        _failure(aim, settings["within"], closest, "scale", "both", settings["max_pay"])
    )


def _answer(rules, aim, base_schedule, base, pays, edge, settings, game, evaluations, how=""):
    changes = []
    seen = set()
    rows = table_rows(rules, base_schedule)
    for (w, lo, side), pay in pays.items():
        row = next(r for r in rows if lo in r)
        if (w, row, side) in seen or pay == base[w, lo, side]:
            continue
        seen.add((w, row, side))
        changes.append(Change(w, row, side, base[w, lo, side], int(pay)))
    target_text = aim.text()
    name = f"{base_schedule.name}, designed for {target_text}" + (f" ({how})" if how else "")
    schedule = schedule_of(pays, name, base_schedule.winners)
    return Design(
        rules, game["computer"], game["knowledge"], base_schedule, schedule, aim,
        settings["within"], settings["movable"], settings["side"], settings["max_pay"], edge,
        tuple(changes), evaluations,
    )  # fmt: skip


def _failure(aim: Target, tolerance, best, movable: str, side: str, largest: int) -> str:
    wanted = f"{float(aim.value):g}{'%' if aim.percent else ' points a round'}"
    closest = ""
    if best is not None:
        reached = best[1]
        closest = (
            f"; the closest this search reached is {percent_text(reached)}"
            if aim.percent
            else f"; the closest this search reached is {float(reached):.6g} points a round"
        )
    needs = f" (a house edge usually needs {option('side')} house)"
    hint = needs if aim.value < 0 and side == "both" else ""
    return (
        f"no whole-number schedule within {float(tolerance):g} of {wanted} moving {movable!r} "
        f"on side {side} with pays up to {largest:,} and rows and columns kept in order"
        f"{closest}{hint}"
    )


def pay_text(value: Fraction) -> str:
    """A pay as written in a schedule."""
    return amount_text(value)
