"""The progressive payout schedule (seed 004) as data, schedule files, and the payout matrix.

The loser of a round pays the winner an amount set by the two categories: the
winner's category picks the column, the loser's the row.  A winner below three
of a kind is paid nothing; hands of the same category push.  The seed's table::

       Winner:                      3K   FH   BS   4K   5K
       Bust / Little Straight / 1P   6   24   30   48  1200
       Two Pair                      3   12   15   24   600
       Three of a Kind               *    8   10   16   400
       Full House                    -    *    3    4   100
       Big Straight                  -    -    *    3    80
       Four of a Kind                -    -    -    *    50

A schedule file gives another table.  TOML, one table per paying winner::

    name = "house rules"
    [payout.three-of-a-kind]
    high-die = 6
    little-straight = 6
    one-pair = 6
    two-pair = 3

or CSV with the header ``winner,loser,amount`` and one row per pair.  Every
paying winner must list every category it beats under the rules in use.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> matrix = payout_matrix(get_rules("progressive"))
>>> matrix.shape
(252, 252)
"""

from __future__ import annotations

import csv
import functools
import io
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pokerdice_stats.categories import CATEGORY_ALIASES, CATEGORY_LADDERS
from pokerdice_stats.errors import RulesError
from pokerdice_stats.hands import hand_table
from pokerdice_stats.rules import RuleSet

#: Every category slug of every ladder.
KNOWN_SLUGS = tuple(dict.fromkeys(c.slug for ladder in CATEGORY_LADDERS.values() for c in ladder))


class ScheduleError(RulesError):
    """A payout schedule that cannot be read or does not fit the rules."""


@dataclass(frozen=True)
class PayoutSchedule:
    """What the loser pays the winner, by (winner category, loser category).

    Attributes
    ----------
    name : str
    amounts : tuple of (winner, loser, amount)
        Category slugs and a non-negative integer amount.  Winners missing
        from it are paid nothing.
    """

    name: str
    amounts: tuple[tuple[str, str, int], ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The paying winner categories, in the order first given."""
        return tuple(dict.fromkeys(w for w, _, _ in self.amounts))

    @property
    def losers(self) -> tuple[str, ...]:
        """The loser categories named, in the order first given."""
        return tuple(dict.fromkeys(loser for _, loser, _ in self.amounts))

    def amount(self, winner: str, loser: str) -> int | None:
        """The amount for a pair, 0 for a winner that is not paid, None if the pair is missing."""
        winner, loser = _slug(winner), _slug(loser)
        if winner not in self.winners:
            return 0
        for w, lo, a in self.amounts:
            if w == winner and lo == loser:
                return a
        return None

    def frame(self, rules: RuleSet) -> pd.DataFrame:
        """The schedule as the seed prints it: a row per loser, a column per winner.

        ``*`` is a push (same category) and ``-`` a pair that cannot happen.
        """
        order = {slug: i for i, slug in enumerate(rules.category_slugs)}
        winners = sorted(self.winners, key=lambda s: -order.get(s, -1))
        rows = []
        for loser in reversed(rules.category_slugs):
            row: dict[str, object] = {"loser": loser}
            for w in winners:
                if w == loser:
                    row[w] = "*"
                elif order.get(w, 99) > order[loser]:
                    row[w] = "-"
                else:
                    row[w] = self.amount(w, loser)
            if any(v not in ("-", "*", None) for k, v in row.items() if k != "loser"):
                rows.append(row)
            elif any(v == "*" for v in row.values()):
                rows.append(row)
        return pd.DataFrame(rows)


def _slug(text: str) -> str:
    key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
    return CATEGORY_ALIASES.get(key, key)


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
    amounts = []
    for w_index, winner in enumerate(winners):
        for losers, values in rows:
            if values[w_index] is None:
                continue
            amounts.extend((winner, loser, values[w_index]) for loser in losers)
    return PayoutSchedule("progressive (seed 004)", tuple(amounts))


#: The schedule of the Progressive Poker Dice rules (seed 004).
PROGRESSIVE_SCHEDULE = _build_seed_schedule()


def _checked(
    name: str, triples: list[tuple[object, object, object]], source: str
) -> PayoutSchedule:
    seen: set[tuple[str, str]] = set()
    amounts = []
    for winner, loser, amount in triples:
        w, lo = _slug(str(winner)), _slug(str(loser))
        for slug in (w, lo):
            if slug not in KNOWN_SLUGS:
                raise ScheduleError(
                    f"{source}: unknown category {slug!r}; choose from: " + ", ".join(KNOWN_SLUGS)
                )
        if isinstance(amount, bool) or not isinstance(amount, (int, str)):
            raise ScheduleError(f"{source}: {w} over {lo}: amount must be a whole number")
        try:
            value = int(str(amount).strip())
        except ValueError:
            raise ScheduleError(
                f"{source}: {w} over {lo}: amount must be a whole number, got {amount!r}"
            ) from None
        if value < 0:
            raise ScheduleError(f"{source}: {w} over {lo}: amount must not be negative")
        if w == lo:
            raise ScheduleError(f"{source}: {w} over {lo}: the same category is a push")
        if (w, lo) in seen:
            raise ScheduleError(f"{source}: {w} over {lo} is given twice")
        seen.add((w, lo))
        amounts.append((w, lo, value))
    if not amounts:
        raise ScheduleError(f"{source}: the schedule is empty")
    return PayoutSchedule(name, tuple(amounts))


def read_schedule(path: str | Path) -> PayoutSchedule:
    """Read a schedule file (``.toml`` or ``.csv``; see the module docstring).

    Raises
    ------
    ScheduleError
        For a missing or malformed file, an unknown category, a negative or
        fractional amount, or a pair given twice.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScheduleError(f"schedule file {str(path)!r} not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ScheduleError(f"cannot read schedule file {str(path)!r}: {err}") from None
    source = f"schedule file {str(path)!r}"
    if path.suffix.lower() == ".csv":
        return _parse_csv(text, path.stem, source)
    if path.suffix.lower() == ".toml":
        return _parse_toml(text, path.stem, source)
    raise ScheduleError(f"{source}: expected a .toml or .csv file")


def _parse_toml(text: str, default_name: str, source: str) -> PayoutSchedule:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScheduleError(f"{source}: {err}") from None
    payout = data.get("payout")
    if not isinstance(payout, dict) or not payout:
        raise ScheduleError(f"{source}: needs [payout.WINNER] tables of LOSER = amount")
    triples = []
    for winner, losers in payout.items():
        if not isinstance(losers, dict):
            raise ScheduleError(f"{source}: payout.{winner} must be a table of LOSER = amount")
        triples.extend((winner, loser, amount) for loser, amount in losers.items())
    return _checked(str(data.get("name", default_name)), triples, source)


def _parse_csv(text: str, default_name: str, source: str) -> PayoutSchedule:
    rows = [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
    if not rows or [h.strip().lower() for h in rows[0]] != ["winner", "loser", "amount"]:
        raise ScheduleError(f"{source}: the header must be winner,loser,amount")
    triples = []
    for row in rows[1:]:
        if len(row) != 3:
            raise ScheduleError(f"{source}: every row needs winner,loser,amount: {row}")
        triples.append(tuple(cell.strip() for cell in row))
    return _checked(default_name, triples, source)


@functools.lru_cache(maxsize=32)
def _matrix(rules: RuleSet, schedule: PayoutSchedule) -> np.ndarray:
    slugs = rules.category_slugs
    for w, lo, _ in schedule.amounts:
        for slug in (w, lo):
            if slug not in slugs:
                raise ScheduleError(
                    f"schedule {schedule.name!r}: category {slug!r} is not in these rules "
                    f"({', '.join(slugs)})"
                )
        if slugs.index(w) > slugs.index(lo):
            raise ScheduleError(f"schedule {schedule.name!r}: {w} does not beat {lo}")
    n = len(slugs)
    by_category = np.zeros((n, n), dtype=np.int64)  # [winner, loser], what the winner receives
    for w in schedule.winners:
        wi = slugs.index(w)
        for li in range(wi + 1, n):
            amount = schedule.amount(w, slugs[li])
            if amount is None:
                raise ScheduleError(
                    f"schedule {schedule.name!r}: {w} beats {slugs[li]} but no amount is given"
                )
            by_category[wi, li] = amount
    mine = by_category - by_category.T  # [my category, their category], what I receive
    category = hand_table(rules).category.astype(np.int64)
    matrix = mine[category[:, None], category[None, :]]
    matrix.setflags(write=False)
    return matrix


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
        Default: the seed's :data:`PROGRESSIVE_SCHEDULE`.

    Returns
    -------
    (252, 252) int64 ndarray, read-only and antisymmetric.

    Raises
    ------
    ScheduleError
        If the schedule names a category these rules do not have, ranks a
        winner below its loser, or leaves out a pair a paying winner can beat.
    """
    return _matrix(rules, schedule)
