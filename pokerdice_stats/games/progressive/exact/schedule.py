"""The progressive payout schedule (004) as data, and the payout matrices it gives.

The loser of a round pays the winner an amount set by the two categories: the
winner's category picks the column, the loser's the row.  A winner below three
of a kind is paid nothing; hands of the same category push.  004's table::

       Winner:                      3K   FH   BS   4K   5K
       Bust / Little Straight / 1P   6   24   30   48  1200
       Two Pair                      3   12   15   24   600
       Three of a Kind               *    8   10   16   400
       Full House                    -    *    3    4   100
       Big Straight                  -    -    *    3    80
       Four of a Kind                -    -    -    *    50

Amounts are exact non-negative rationals (:class:`fractions.Fraction`; whole
numbers in 004).  004's table pays the same both ways; a two-sided
schedule says separately what the house pays the player when the player wins
(``amounts``) and what the player pays the house when the house wins
(``house_amounts``), so that a house edge can be designed.  Schedule files are read and written by
:mod:`pokerdice_stats.games.progressive.exact.schedule_files`.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> matrix = payout_matrix(get_rules("progressive"))
>>> matrix.shape
(252, 252)
>>> PROGRESSIVE_SCHEDULE.amount("five-of-a-kind", "one-pair")
Fraction(1200, 1)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from pokerdice_stats.games.progressive.exact.amounts import amount_text
from pokerdice_stats.games.progressive.exact.schedule_entries import (
    ScheduleError,
    category_slug,
    checked_amounts,
)
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.limits import exact_amount
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.goals import INT64_MAX
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:  # pandas only where a frame is made (the progressive hold skips it)
    import pandas as pd

#: The name of 004's schedule wherever a schedule may be named (``--compare 004``).
SEED_NAME = "004"


@dataclass(frozen=True)
class PayoutSchedule:
    """What the loser pays the winner, by (winner category, loser category).

    Attributes
    ----------
    name : str
        How outputs name the schedule.
    amounts : tuple of (winner, loser, amount)
        Category slugs and a non-negative exact amount (Fraction).  Winners
        missing from it are paid nothing.  In a two-sided schedule: what the
        house pays the player when the player wins.
    source : str
        Where it came from: ``"004"`` for the rule document's, else the file read.
    house_amounts : tuple of (winner, loser, amount), or None
        What the player pays the house when the house wins, when that differs
        (a two-sided schedule); None: the same as ``amounts`` (004's way).
    """

    name: str
    amounts: tuple[tuple[str, str, Fraction], ...]
    source: str = ""
    house_amounts: tuple[tuple[str, str, Fraction], ...] | None = None

    @property
    def two_sided(self) -> bool:
        """True when the house's side has amounts of its own."""
        return self.house_amounts is not None

    def side(self, side: str) -> PayoutSchedule:
        """One side as a symmetric schedule: ``player`` (the house pays) or ``house``."""
        if side == "house" and self.house_amounts is not None:
            return PayoutSchedule(self.name, self.house_amounts, self.source)
        return PayoutSchedule(self.name, self.amounts, self.source)

    def house_amount(self, winner: str, loser: str) -> Fraction | None:
        """What the player pays when the house wins with ``winner`` over ``loser``."""
        return self.side("house").amount(winner, loser)

    @property
    def winners(self) -> tuple[str, ...]:
        """The paying winner categories, in the order first given."""
        return tuple(dict.fromkeys(w for w, _, _ in self.amounts))

    @property
    def losers(self) -> tuple[str, ...]:
        """The loser categories named, in the order first given."""
        return tuple(dict.fromkeys(loser for _, loser, _ in self.amounts))

    @property
    def label(self) -> str:
        """The name, with the file it came from when that says more."""
        if self.source and self.source not in (self.name, SEED_NAME):
            return f"{self.name} ({self.source})"
        return self.name

    @property
    def largest(self) -> Fraction:
        """The largest amount of the schedule, either side: at most what a round can cost."""
        both = (*self.amounts, *(self.house_amounts or ()))
        return max((a for _, _, a in both), default=Fraction(0))

    def amount(self, winner: str, loser: str) -> Fraction | None:
        """The amount for a pair, 0 for a winner that is not paid, None if the pair is missing."""
        winner, loser = category_slug(winner), category_slug(loser)
        if winner not in self.winners:
            return Fraction(0)
        for w, lo, a in self.amounts:
            if w == winner and lo == loser:
                return a
        return None

    def with_amount(
        self,
        winner: str,
        loser: str,
        amount: Fraction | int | str,
        name: str | None = None,
        side: str = "both",
    ) -> PayoutSchedule:
        """A copy with one pair's amount set (added if the pair is missing).

        Parameters
        ----------
        winner, loser : str
            The pair's categories, as a schedule file names them (``full-house``,
            ``Full House``).  A schedule names no rule set, so any rule set's category
            is taken here (``straight``, ``small-straight``); one that the rules it is
            applied to lack is refused then, by name (:func:`payout_matrix`).
        amount : Fraction, int or str
            The pay, exact and not negative: a whole number, a :class:`~fractions.Fraction`
            or a text such as ``"3/2"`` or ``"1.5"`` (a float is refused: ``0.1`` is not
            exactly one tenth).
        name : str, optional
            The copy's name (default: this schedule's name followed by ``, edited``).
        side : str
            ``both`` (default), or only ``player`` (what the house pays) or ``house``
            (what the player pays), which makes the schedule two-sided.

        Raises
        ------
        ScheduleError
            For an unknown category, a pair of one category (a push), an amount that
            is not exact or is negative, or an unknown side.

        Examples
        --------
        >>> from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
        >>> edited = PROGRESSIVE_SCHEDULE.with_amount("full-house", "two-pair", "25/2")
        >>> edited.amount("full-house", "two-pair"), edited.name
        (Fraction(25, 2), 'progressive (004), edited')
        """
        if side not in ("both", "player", "house"):
            raise ScheduleError(f"a side is player, house or both, got {side!r}")
        if name is None:
            name = self.name if self.name.endswith(", edited") else f"{self.name}, edited"
        if isinstance(amount, Fraction):
            amount = str(amount)  # "p/q": read back exactly, and checked as a file's are
        ((winner, loser, value),) = checked_amounts(
            [(winner, loser, amount)], f"{name}: with_amount"
        )

        def put(amounts):
            out = [(w, lo, value if (w, lo) == (winner, loser) else a) for w, lo, a in amounts]
            if (winner, loser) not in {(w, lo) for w, lo, _ in amounts}:
                out.append((winner, loser, value))
            return tuple(out)

        player, house = self.amounts, self.house_amounts
        if side != "both" and house is None:
            house = player
        new_player = put(player) if side in ("both", "player") else player
        new_house = None if house is None else (put(house) if side != "player" else house)
        return PayoutSchedule(name, new_player, "", _one_or_two(new_player, new_house))

    def scaled(self, factor: Fraction | int | str, name: str) -> PayoutSchedule:
        """A copy with every amount (both sides) multiplied by ``factor``.

        Parameters
        ----------
        factor : Fraction, int or str
            Above 0, exact: a whole number, a :class:`~fractions.Fraction` or a text
            such as ``"3/2"`` (a float is refused, as in :meth:`with_amount`).
        name : str
            The copy's name.

        Raises
        ------
        ScheduleError
            For a factor that is not an exact number above 0, or amounts it takes past
            the largest (or finest) amount a schedule file may hold.

        Examples
        --------
        >>> from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
        >>> PROGRESSIVE_SCHEDULE.scaled(2, "double").amount("full-house", "two-pair")
        Fraction(24, 1)
        """
        if isinstance(factor, bool) or not isinstance(factor, int | Fraction | str):
            raise ScheduleError(
                f"a schedule is scaled by an exact number above 0 (a whole number, a "
                f"Fraction or a text such as '3/2'), got {shown(factor)}"
            )
        value = exact_amount(
            str(factor), "a schedule is scaled by an exact number above 0", ScheduleError
        )
        if value <= 0:
            raise ScheduleError(
                f"a schedule is scaled by an exact number above 0, got {shown(factor)}"
            )

        def times(amounts):  # as a file's amounts: "p/q" read back exactly and checked
            return [(w, lo, str(a * value)) for w, lo, a in amounts]

        house = None if self.house_amounts is None else times(self.house_amounts)
        scaled = checked_schedule(name, times(self.amounts), f"{name} (scaled)", house)
        return replace(scaled, source="")

    def renamed(self, name: str, source: str = "") -> PayoutSchedule:
        """The same amounts under another name."""
        return replace(self, name=name, source=source)

    def frame(self, rules: RuleSet | None = None, side: str = "player") -> pd.DataFrame:
        """The schedule as 004 prints it: a row per loser (lowest first), a column per winner.

        ``*`` is a push (same category) and ``-`` a pair that cannot happen;
        amounts are written as whole numbers or ``p/q``.  ``side``: ``player``
        (what the house pays; all of a symmetric schedule) or ``house``.  Without
        ``rules``: one row an amount, both sides (``side``, ``winner``, ``loser``,
        ``amount`` a float and ``amount_exact`` the Fraction; ``side`` is ``both`` for a
        symmetric schedule).
        """
        import pandas as pd

        if rules is None:
            sides = [("player" if self.two_sided else "both", self.amounts)]
            sides += [("house", self.house_amounts)] if self.house_amounts is not None else []
            return pd.DataFrame(
                [
                    {"side": s, "winner": w, "loser": lo, "amount": float(a), "amount_exact": a}
                    for s, amounts in sides
                    for w, lo, a in amounts
                ]
            )
        if side == "house" and self.house_amounts is not None:
            return self.side("house").frame(rules)
        slugs = rules.category_slugs
        order = {slug: i for i, slug in enumerate(slugs)}
        for slug in self.winners:
            if slug not in order:
                raise ScheduleError(
                    f"schedule {self.name!r}: category {slug!r} is not in these rules "
                    f"({', '.join(slugs)})"
                )
        winners = sorted(self.winners, key=lambda s: -order[s])
        rows = []
        for loser in reversed(slugs):
            row: dict[str, str] = {"loser": loser}
            for w in winners:
                if w == loser:
                    row[w] = "*"
                elif order[w] > order[loser]:
                    row[w] = "-"
                else:
                    value = self.amount(w, loser)
                    row[w] = "" if value is None else amount_text(value)
            rows.append(row)
        return pd.DataFrame(rows, columns=["loser", *winners])

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=self.name,
            source=self.source or None,
            amounts=len(self.amounts),
            two_sided=self.two_sided,
            largest=self.largest,
        )


def _one_or_two(player, house):
    """``house`` when it differs from ``player`` as amounts, else None (one-sided)."""
    if house is None or sorted(house) == sorted(player):
        return None
    return house


def checked_schedule(
    name: str,
    triples: Sequence[tuple[object, ...]],
    source: str,
    house: Sequence[tuple[object, ...]] | None = None,
) -> PayoutSchedule:
    """Build a schedule from (winner, loser, amount) as read, checking each entry.

    ``house``: the (winner, loser, amount) of the house's side of a two-sided
    schedule (what the player pays), checked alike.

    Raises
    ------
    ScheduleError
        For an unknown category, a bad amount, a push given an amount, a pair
        given twice, no pair at all, or no amount above 0.
    """
    player = checked_amounts(triples, source)
    house_amounts = None if house is None else checked_amounts(house, f"{source} (house side)")
    if not any(amount for *_, amount in (*player, *(house_amounts or ()))):
        raise ScheduleError(
            f"{source}: every amount is 0, so no points ever change hands (no edge to "
            "measure); give at least one pay above 0"
        )
    return PayoutSchedule(name, player, source, house_amounts)


def _build_seed_schedule() -> PayoutSchedule:
    winners = ("three-of-a-kind", "full-house", "big-straight", "four-of-a-kind", "five-of-a-kind")
    rows = (
        (("high-die", "little-straight", "one-pair"), (6, 24, 30, 48, 1200)),
        (("two-pair",), (3, 12, 15, 24, 600)),
        (("three-of-a-kind",), (None, 8, 10, 16, 400)),
        (("full-house",), (None, None, 3, 4, 100)),
        (("big-straight",), (None, None, None, 3, 80)),
        (("four-of-a-kind",), (None, None, None, None, 50)),
    )
    amounts: list[tuple[str, str, Fraction]] = []
    for w_index, winner in enumerate(winners):
        for losers, values in rows:
            value = values[w_index]
            if value is None:
                continue
            amounts.extend((winner, loser, Fraction(value)) for loser in losers)
    return PayoutSchedule("progressive (004)", tuple(amounts), SEED_NAME)


#: The schedule of the Progressive Poker Dice rules (004).
PROGRESSIVE_SCHEDULE = _build_seed_schedule()

_Cached = TypeVar("_Cached", bound=Callable[..., Any])


def check_payout_arguments(rules: object, schedule: object) -> None:
    """Refuse rules that are not a ``RuleSet`` (``RulesError``) or a schedule that is not a
    :class:`PayoutSchedule` (:class:`ScheduleError`): never an ``AttributeError``."""
    check_rule_set(rules)
    if not isinstance(schedule, PayoutSchedule):
        raise ScheduleError(
            f"schedule must be a PayoutSchedule (from read_schedule), got {shown(schedule)}"
        )


def _checked_arguments(cached: _Cached) -> _Cached:
    """``cached(rules, schedule)`` once :func:`check_payout_arguments` passes (nor a
    ``TypeError`` from the cache's hashing)."""

    @functools.wraps(cached)
    def checked(rules: RuleSet, schedule: PayoutSchedule) -> Any:
        check_payout_arguments(rules, schedule)
        return cached(rules, schedule)

    checked.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return checked  # type: ignore[return-value]


@_checked_arguments
@functools.lru_cache(maxsize=64)
def category_payout(rules: RuleSet, schedule: PayoutSchedule) -> tuple[tuple[Fraction, ...], ...]:
    """What a hand of each category receives from one of each category (exact).

    ``result[mine][theirs]`` (indices of ``rules.category_slugs``), from the
    player's side: positive when ``mine`` wins (the player side of the
    schedule), negative when it loses (the house side), 0 for a push or a
    winner the schedule does not pay.

    Raises
    ------
    ScheduleError
        If the schedule names a category these rules do not have, ranks a
        winner below its loser, or leaves out a pair a paying winner beats.
    """
    slugs = rules.category_slugs
    n = len(slugs)
    received = [[Fraction(0)] * n for _ in range(n)]
    for wi, li, amount in _by_index(rules, schedule.side("player")):
        received[wi][li] = amount  # the player wins: the house pays
    for wi, li, amount in _by_index(rules, schedule.side("house")):
        received[li][wi] = -amount  # the house wins: the player pays
    return tuple(tuple(row) for row in received)


def _by_index(rules: RuleSet, schedule: PayoutSchedule):
    """(winner index, loser index, amount) of every pair a paying winner beats."""
    slugs = rules.category_slugs
    for w, lo, _ in schedule.amounts:
        for slug in (w, lo):
            if slug not in slugs:
                raise ScheduleError(
                    f"schedule {schedule.label!r}: category {slug!r} is not in these rules "
                    f"({', '.join(slugs)})"
                )
        if slugs.index(w) > slugs.index(lo):
            raise ScheduleError(f"schedule {schedule.label!r}: {w} does not beat {lo}")
    for w in schedule.winners:
        wi = slugs.index(w)
        for li in range(wi + 1, len(slugs)):
            amount = schedule.amount(w, slugs[li])
            if amount is None:
                raise ScheduleError(
                    f"schedule {schedule.label!r}: {w} beats {slugs[li]} but no amount is given"
                )
            yield wi, li, amount


@_checked_arguments
@functools.lru_cache(maxsize=64)
def integer_payout(rules: RuleSet, schedule: PayoutSchedule) -> tuple[np.ndarray, int]:
    """The (252, 252) payout of every pair of final hands in whole units of ``1/scale``.

    ``matrix[mine, theirs] / scale`` is what the holder of ``mine`` receives;
    ``scale`` is the least common denominator of the amounts (1 for whole
    numbers).  int64 where it fits, Python integers (object) beyond.
    """
    by_category = category_payout(rules, schedule)
    scale = math.lcm(*(a.denominator for row in by_category for a in row))
    whole = [[int(a * scale) for a in row] for row in by_category]
    big = any(abs(v) > INT64_MAX // 8 for row in whole for v in row)
    mine = np.array(whole, dtype=object if big else np.int64)
    category = hand_table(rules).category.astype(np.int64)
    matrix = mine[category[:, None], category[None, :]]
    matrix.setflags(write=False)
    return matrix, scale


def payout_matrix(rules: RuleSet, schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE) -> np.ndarray:
    """The (252, 252) payout of every pair of final hands, from the first hand's side.

    ``matrix[mine, theirs]`` is what the holder of ``mine`` receives: positive
    when ``mine`` wins, negative when it loses, 0 for a push (same category)
    or when the winner is below the schedule's paying categories.

    Parameters
    ----------
    rules : RuleSet
        Gives each hand's category (the schedule compares categories only).
    schedule : PayoutSchedule
        Default: 004's :data:`PROGRESSIVE_SCHEDULE`.  Its amounts must be
        whole numbers (see :func:`integer_payout` for any amounts).

    Returns
    -------
    (252, 252) int64 ndarray
        ``matrix[mine, theirs]``, read-only (antisymmetric unless the schedule is
        two-sided).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    ScheduleError
        If the schedule names a category these rules do not have, ranks a
        winner below its loser, leaves out a pair a paying winner can beat,
        or has amounts that are not whole numbers.
    """
    matrix, scale = integer_payout(rules, schedule)
    if scale != 1 or matrix.dtype == object:
        raise ScheduleError(
            f"schedule {schedule.name!r}: amounts that are not whole numbers (or beyond int64) "
            "have no integer payout matrix; use integer_payout"
        )
    return matrix
