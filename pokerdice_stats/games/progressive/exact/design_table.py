"""The table of a schedule design and the search on the edge's line (:mod:`.design`).

- the printed table's cells: a paying winner over a row of losers whose pays are equal
  everywhere (:func:`table_rows`, :func:`movable_cells`), their pays on each side
  (:func:`pays_of`, :func:`schedule_of`) and their order (:func:`disorders`);
- the search: each cell's slope of ``E - tau * A`` at fixed policies (:func:`slopes`),
  the whole changes a cell may take alone (:func:`bounds`), and the smallest changes
  that close a gap on that line (:func:`closing`).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
>>> table_rows(get_rules("progressive"), PROGRESSIVE_SCHEDULE)[0]
('high-die', 'little-straight', 'one-pair')
>>> next(closing(10.0, [2.0, 0.5], [(-50, 50), (-50, 50)], 0.1))
{0: 5}
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from pokerdice_stats.games.progressive.exact.amounts import amount_label
from pokerdice_stats.games.progressive.exact.schedule import PayoutSchedule, check_payout_arguments
from pokerdice_stats.games.progressive.exact.schedule_entries import category_slug
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

#: The sides a design may move.
SIDES = ("both", "player", "house")
#: Changes tried for one cell of a pair, either way.
PAIR_SPAN = 600


@dataclass(frozen=True)
class Cell:
    """One cell of the printed table: a paying winner over a row of equal losers, on some sides."""

    winner: str
    losers: tuple[str, ...]
    sides: tuple[str, ...]

    def text(self) -> str:
        side = "" if len(self.sides) == 2 else f"{self.sides[0]}:"
        return f"{side}{self.winner}/{'+'.join(self.losers)}"


def table_rows(rules: RuleSet, schedule: PayoutSchedule) -> list[tuple[str, ...]]:
    """The losers, worst first, grouped into rows of equal pays (every column, both sides)."""
    slugs = rules.category_slugs
    winners = [w for w in slugs if w in schedule.winners]

    def signature(loser: str):
        return tuple(
            (side.amount(w, loser) if slugs.index(w) < slugs.index(loser) else None)
            for side in (schedule.side("player"), schedule.side("house"))
            for w in winners
        )

    rows: list[list[str]] = []
    for loser in reversed(slugs):
        if rows and signature(rows[-1][0]) == signature(loser):
            rows[-1].append(loser)
        else:
            rows.append([loser])
    return [tuple(r) for r in rows]


def movable_cells(rules: RuleSet, schedule: PayoutSchedule, movable: str, side: str) -> list[Cell]:
    """The cells that may move: ``all``, ``row:LOSER``, ``column:WINNER`` or ``WINNER/LOSER``.

    Raises
    ------
    OptionError
        For an unknown form, side or category, or no paying cell in it.
    """
    if side not in SIDES:
        raise OptionError(f"unknown side {side!r}; choose one of: " + ", ".join(SIDES))
    sides = ("player", "house") if side == "both" else (side,)
    slugs = rules.category_slugs
    rows = table_rows(rules, schedule)
    text = movable.strip().lower()
    kind, _, name = text.partition(":")
    pair = text.split("/") if "/" in text and not name else None
    wanted_winner = wanted_loser = None
    if pair is not None and len(pair) == 2:
        wanted_winner, wanted_loser = (category_slug(p) for p in pair)
    elif kind == "row" and name:
        wanted_loser = category_slug(name)
    elif kind == "column" and name:
        wanted_winner = category_slug(name)
    elif text != "all":
        raise OptionError(
            f"unknown movable cells {movable!r}: write all, row:LOSER, column:WINNER, "
            "WINNER/LOSER or scale"
        )
    for slug in (wanted_winner, wanted_loser):
        if slug is not None and slug not in slugs:
            raise OptionError(f"unknown category {slug!r}; choose from: " + ", ".join(slugs))
    cells = []
    for winner in schedule.winners:
        if wanted_winner is not None and winner != wanted_winner:
            continue
        for row in rows:
            if slugs.index(winner) >= slugs.index(row[0]):
                continue  # the winner does not beat this row
            if wanted_loser is not None and wanted_loser not in row:
                continue
            cells.append(Cell(winner, row, sides))
    if not cells:
        raise OptionError(f"no paying cell of the schedule is in {movable!r}")
    return cells


def pays_of(rules: RuleSet, schedule: PayoutSchedule) -> dict[tuple[str, str, str], Fraction]:
    """(winner, loser, side) -> pay, for every pair a paying winner beats, both sides."""
    check_payout_arguments(rules, schedule)
    slugs = rules.category_slugs
    out = {}
    for side in ("player", "house"):
        one = schedule.side(side)
        for w in one.winners:
            for lo in slugs[slugs.index(w) + 1 :]:
                out[w, lo, side] = one.amount(w, lo) or Fraction(0)
    return out


def schedule_of(pays, name: str, winners) -> PayoutSchedule:
    player = tuple((w, lo, Fraction(a)) for (w, lo, s), a in pays.items() if s == "player")
    house = tuple((w, lo, Fraction(a)) for (w, lo, s), a in pays.items() if s == "house")
    schedule = PayoutSchedule(name, player, "", house)
    if sorted(house) == sorted(player):
        schedule = PayoutSchedule(name, player, "")
    return schedule


def disorders(rules: RuleSet, pays) -> set[tuple]:
    """Pairs of cells out of order: (better, worse) where the better pays less.

    Better: a better winner over the same loser, or the same winner over a worse loser.
    """
    slugs = rules.category_slugs
    found = set()
    for (w, lo, side), pay in pays.items():
        wi, li = slugs.index(w), slugs.index(lo)
        better_winner = (slugs[wi - 1], lo, side) if wi > 0 else None
        worse_loser = (w, slugs[li + 1], side) if li + 1 < len(slugs) else None
        for other in (better_winner, worse_loser):
            if other in pays and pays[other] < pay:
                found.add((other, (w, lo, side)))
    return found


def order_breaks(rules: RuleSet, base: PayoutSchedule, new: PayoutSchedule) -> tuple[str, ...]:
    """What ``new`` puts out of order where ``base`` was not, in words.

    A table is in order when a pay never decreases toward a better winner nor toward a
    worse loser (:func:`disorders`); a fair pay solved for one cell may break that, and
    a designer should hear of it.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
    >>> rules = get_rules("progressive")
    >>> low = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", 200, "low")
    >>> print(order_breaks(rules, PROGRESSIVE_SCHEDULE, low)[0].replace(", less", ",\\nless"))
    five-of-a-kind over one-pair pays 200 (both sides),
    less than five-of-a-kind over two-pair (600), a weaker win
    """
    pays = pays_of(rules, new)
    broken = disorders(rules, pays) - disorders(rules, pays_of(rules, base))
    sides: dict[tuple, list[str]] = {}
    for better, worse in broken:
        key = (better[:2], worse[:2], pays[better], pays[worse])
        sides.setdefault(key, []).append(better[2])
    lines = []
    for (b, w, bp, wp), where in sorted(sides.items()):
        low, high = _apart(bp, wp)
        on = "both sides" if len(where) == 2 else f"{where[0]} side"
        lines.append(f"{b[0]} over {b[1]} pays {low} ({on}), less than {w[0]} over {w[1]} "
                     f"({high}), a weaker win")  # fmt: skip
    return tuple(lines)


def _apart(low: Fraction, high: Fraction) -> tuple[str, str]:
    """Two pays written with the digits it takes to tell them apart."""
    texts = (amount_label(low), amount_label(high))
    for digits in (10, 14):
        if texts[0] != texts[1]:
            return texts
        texts = (f"{float(low):.{digits}g}", f"{float(high):.{digits}g}")
    if texts[0] == texts[1]:  # closer than a float tells: the difference itself
        texts = (amount_label(low), f"{amount_label(low)} + {float(high - low):.3g}")
    return texts


def slopes(rules: RuleSet, outcomes, cells: list[Cell], tau: Fraction) -> list[float]:
    """d(E - tau * A) / d(pay) of each cell, at fixed policies."""
    joint = outcomes.joint
    out = []
    for cell in cells:
        w = rules.category_index(cell.winner)
        won = lost = Fraction(0)
        for loser in cell.losers:
            lo = rules.category_index(loser)
            if "player" in cell.sides:
                won += Fraction(joint[w][lo])
            if "house" in cell.sides:
                lost += Fraction(joint[lo][w])
        out.append(float((won - lost) - tau * (won + lost)))
    return out


def bounds(rules, pays, cell: Cell, max_pay: int) -> tuple[int, int]:
    """The whole changes a cell may take alone (its neighbours staying)."""
    slugs = rules.category_slugs
    low, high = -math.inf, math.inf
    for side in cell.sides:
        for loser in cell.losers:
            pay = pays[cell.winner, loser, side]
            wi, li = slugs.index(cell.winner), slugs.index(loser)
            floor, ceiling = Fraction(0), Fraction(max_pay)
            if wi + 1 < li and (slugs[wi + 1], loser, side) in pays:  # a worse winner
                floor = max(floor, pays[slugs[wi + 1], loser, side])
            if li - 1 > wi and slugs[li - 1] not in cell.losers:  # a better loser
                floor = max(floor, pays[cell.winner, slugs[li - 1], side])
            if wi > 0 and (slugs[wi - 1], loser, side) in pays:  # a better winner
                ceiling = min(ceiling, pays[slugs[wi - 1], loser, side])
            if li + 1 < len(slugs) and slugs[li + 1] not in cell.losers:  # a worse loser
                ceiling = min(ceiling, pays[cell.winner, slugs[li + 1], side])
            low = max(low, math.ceil(floor - pay))
            high = min(high, math.floor(ceiling - pay))
    return int(low), int(high)


def _whole_steps(gap: float, slope: float, tolerance: float) -> set[int]:
    """Whole steps ``d`` worth trying to close ``gap`` by ``slope * d``: the two nearest the
    exact closure and the two ends of the band ``|slope * d - gap| <= tolerance`` (the
    smallest move that still lands in it is one of them).

    Examples
    --------
    >>> sorted(_whole_steps(10.0, 1.0, 2.5))
    [8, 10, 12]
    """
    ends = sorted(((gap - tolerance) / slope, (gap + tolerance) / slope))
    exact = gap / slope
    return {math.ceil(ends[0]), math.floor(ends[1]), math.floor(exact), math.ceil(exact)}


def closing(gap: float, slopes, bounds, tolerance: float):
    """Whole changes (cell index -> change) closing ``gap`` within ``tolerance``, nearest first.

    Yields the candidates of one cell, then of two, each sorted by points moved (so the
    smallest move into the band comes first), then one greedy fill: every cell, largest
    slope first, moved as far toward closing the gap as its bounds allow.  The fill is
    yielded even when the bounds stop it short of the band, so that a search the bounds
    hold back still moves toward the target (and its failure names the closest edge
    that can be reached, not the base's).
    """
    if abs(gap) <= tolerance:
        yield {}
        return
    singles = []
    for i, g in enumerate(slopes):
        if not g:
            continue
        for d in _whole_steps(gap, g, tolerance):
            if d and bounds[i][0] <= d <= bounds[i][1] and abs(g * d - gap) <= tolerance:
                singles.append((abs(d), {i: d}))
    yield from (c for _, c in sorted(singles, key=lambda t: t[0]))
    pairs = []
    order = sorted(range(len(slopes)), key=lambda i: -abs(slopes[i]))
    for a, b in itertools.combinations(order, 2):
        ga, gb = slopes[a], slopes[b]
        if not ga or not gb:
            continue
        lo_a, hi_a = max(bounds[a][0], -PAIR_SPAN), min(bounds[a][1], PAIR_SPAN)
        for da in range(lo_a, hi_a + 1):
            if not da:
                continue
            for db in _whole_steps(gap - ga * da, gb, tolerance):
                if db and bounds[b][0] <= db <= bounds[b][1]:
                    if abs(ga * da + gb * db - gap) <= tolerance:
                        pairs.append((abs(da) + abs(db), {a: da, b: db}))
    pairs.sort(key=lambda t: t[0])
    yield from (c for _, c in pairs[:20])
    fill: dict[int, int] = {}
    left = gap
    for i in order:
        g = slopes[i]
        if not g or abs(left) <= tolerance:
            continue
        d = max(bounds[i][0], min(bounds[i][1], round(left / g)))
        if d:
            fill[i] = d
            left -= g * d
    if fill:
        yield fill  # last: closing the gap, or as far as the bounds let the cells go


def schedule_notes(rules: RuleSet, schedule: PayoutSchedule) -> tuple[str, ...]:
    """What a designer should hear of a schedule read from a file, in words: each winner
    004 pays that has no column here (its wins are paid nothing), and each pair of cells
    out of order (:func:`disorders`).

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
    >>> rules = get_rules("progressive")
    >>> schedule_notes(rules, PROGRESSIVE_SCHEDULE)
    ()
    >>> low = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "one-pair", 200, "low")
    >>> print(schedule_notes(rules, low)[0].replace(", less", ",\\nless"))
    out of order: five-of-a-kind over one-pair pays 200 (both sides),
    less than five-of-a-kind over two-pair (600), a weaker win
    """
    from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE

    notes = [
        f"no column for {winner}: its wins are paid nothing (004 pays them)"
        for winner in PROGRESSIVE_SCHEDULE.winners
        if all(winner not in schedule.side(side).winners for side in ("player", "house"))
    ]
    none = PayoutSchedule("none", ())
    notes += [f"out of order: {line}" for line in order_breaks(rules, none, schedule)]
    return tuple(notes)
