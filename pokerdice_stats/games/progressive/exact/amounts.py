"""Amounts of a payout schedule as people and spreadsheets write them."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["amount_label", "amount_text"]


def amount_text(value: Fraction | int) -> str:
    """An amount as a whole number, an exact decimal, or ``p/q`` when no decimal is exact.

    A spreadsheet opens ``5/2`` as a date, so an amount with a terminating decimal is
    written as one (:func:`parse_amount` reads it back to the same fraction).

    Examples
    --------
    >>> amount_text(12), amount_text(Fraction(5, 2)), amount_text(Fraction(3, 40))
    ('12', '2.5', '0.075')
    >>> amount_text(Fraction(1, 3))
    '1/3'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    places = _decimal_places(value.denominator)
    if places is None:
        return f"{value.numerator}/{value.denominator}"
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def _decimal_places(denominator: int) -> int | None:
    """The decimal places of ``1/denominator`` (None when its decimal does not end)."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None


def amount_label(value: Fraction | int) -> str:
    """An amount for a schedule's name: :func:`amount_text` when short, else 7 digits.

    Examples
    --------
    >>> amount_label(Fraction(5, 2)), amount_label(Fraction(31278664205506, 145954608325))
    ('2.5', '214.3041')
    """
    text = amount_text(value)
    return text if len(text) <= 12 else f"{float(value):.7g}"
