"""Seats as the betting command reads them: ``3,4`` (``--still-in``, ``--in``)."""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError


def parse_seats(text: str, option: str = "--still-in") -> list[int]:
    """Seats written ``3,4,5`` (or ``none`` for no seat).

    Raises
    ------
    OptionError
        For anything but whole numbers (ASCII digits) separated by single commas, or a
        seat named twice.
    """
    if text.strip().lower() == "none":
        return []
    parts = text.replace(" ", "").split(",")
    # ASCII digits only, as every number option (int() would read '١' or '２' too), and
    # no empty entry (1,,2)
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise OptionError(
            f"{option} takes seats such as 3,4 (or none): whole numbers in ASCII digits "
            f"separated by commas, got {text!r}"
        )
    seats = [int(part) for part in parts]
    for i, seat in enumerate(seats):
        if seat in seats[:i]:
            raise OptionError(f"{option} names seat {seat} twice, got {text!r}")
    return seats
