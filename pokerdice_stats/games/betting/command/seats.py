"""Seats as the betting command reads them: ``3,4`` (``--still-in``, ``--in``)."""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError


def parse_seats(text: str, option: str = "--still-in") -> list[int]:
    """Seats written ``3,4,5`` (or ``none`` for no seat).

    Raises
    ------
    OptionError
        For anything but whole numbers separated by commas, or a seat named twice.
    """
    if text.strip().lower() == "none":
        return []
    try:
        seats = [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise OptionError(f"{option} takes seats such as 3,4 (or none), got {text!r}") from None
    for i, seat in enumerate(seats):
        if seat in seats[:i]:
            raise OptionError(f"{option} names seat {seat} twice, got {text!r}")
    return seats
