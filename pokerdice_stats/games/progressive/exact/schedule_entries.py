"""One entry of a payout schedule, checked: its categories and its amount.

What :func:`~pokerdice_stats.games.progressive.exact.schedule.checked_schedule` and
:meth:`~pokerdice_stats.games.progressive.exact.schedule.PayoutSchedule.with_amount`
check of each (winner, loser, amount), and the error they raise.

Examples
--------
>>> category_slug("Full House"), parse_amount("3/2", "a pay")
('full-house', Fraction(3, 2))
"""

from __future__ import annotations

from fractions import Fraction

from pokerdice_stats.ground.errors import RulesError
from pokerdice_stats.ground.limits import exact_amount
from pokerdice_stats.turn.categories import CATEGORY_ALIASES, CATEGORY_LADDERS

#: Every category slug of every ladder.
KNOWN_SLUGS = tuple(dict.fromkeys(c.slug for ladder in CATEGORY_LADDERS.values() for c in ladder))


class ScheduleError(RulesError):
    """A payout schedule that cannot be read or does not fit the rules."""


def category_slug(text: str) -> str:
    """A category as typed (``Full House``, ``full_house``) -> its slug (aliases resolved)."""
    key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
    return CATEGORY_ALIASES.get(key, key)


def parse_amount(text: object, where: str) -> Fraction:
    """An amount as written in a schedule: a whole number, ``p/q`` or a decimal, not negative.

    Raises
    ------
    ScheduleError
        For anything else (TOML floats included: write ``"3/2"`` or ``"1.5"``).
    """
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise ScheduleError(
            f"{where}: amount must be a whole number, or exact as a string such as "
            f'"3/2" or "1.5", got {text!r}'
        )
    value = exact_amount(
        text,
        f"{where}: amount must be a whole number, a decimal (2.5) or a fraction (3/2)",
        ScheduleError,
    )
    if value < 0:
        raise ScheduleError(f"{where}: amount must not be negative, got {text!r}")
    return value


def checked_amounts(triples, source: str) -> tuple[tuple[str, str, Fraction], ...]:
    seen: set[tuple[str, str]] = set()
    amounts = []
    for winner, loser, amount in triples:
        w, lo = category_slug(str(winner)), category_slug(str(loser))
        for slug in (w, lo):
            if slug not in KNOWN_SLUGS:
                raise ScheduleError(
                    f"{source}: unknown category {slug!r}; choose from: "
                    + ", ".join(KNOWN_SLUGS)
                    + " (also written: "
                    + ", ".join(sorted(CATEGORY_ALIASES))
                    + "; a row of several losers paid alike: bust / little-straight / one-pair)"
                )
        value = parse_amount(amount, f"{source}: {w} over {lo}")
        if w == lo:
            raise ScheduleError(f"{source}: {w} over {lo}: the same category is a push")
        if (w, lo) in seen:
            raise ScheduleError(f"{source}: {w} over {lo} is given twice")
        seen.add((w, lo))
        amounts.append((w, lo, value))
    if not amounts:
        raise ScheduleError(f"{source}: the schedule is empty")
    return tuple(amounts)
