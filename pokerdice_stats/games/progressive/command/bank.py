"""The bank over a session of ``payout --rounds R --start B``, as a JSON object."""

from __future__ import annotations

from fractions import Fraction

from pokerdice_stats.ground.numbers import optional_fraction_text, stated

#: The quantiles of the bank a session's answer gives.
QUANTILES = (Fraction(1, 100), Fraction(5, 100), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4),
             Fraction(95, 100), Fraction(99, 100))  # fmt: skip


def _points(value) -> int | float:
    """A bank or a line in points: whole numbers as int, others (fractional pays) as float."""
    value = Fraction(value) if not isinstance(value, float) else value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def bank_session_record(session) -> dict:
    """The bank over a session (``payout --rounds R --start B``) as a JSON object."""
    exact = session.exact
    return {
        "rounds": session.rounds,
        "start": session.start,
        "ruin_below": _points(session.floor),
        "arithmetic": "exact (Python integers)"
        if exact
        else f"float64, every chance within {session.tolerance:.1e}",
        "ruin": optional_fraction_text(session.ruin) if exact else None,
        "ruin_float": float(session.ruin),  # as computed; the text says 0 below the tolerance
        "tolerance": None if exact else stated(session.tolerance),
        "mean": optional_fraction_text(session.mean) if exact else None,
        "mean_float": float(session.mean),
        "sd": session.sd,
        "ahead": optional_fraction_text(session.ahead) if exact else None,
        "ahead_float": float(session.ahead),
        "level": optional_fraction_text(session.level) if exact else None,
        "level_float": float(session.level),
        "ahead_definition": "chance the player ends with more points than the computer "
        "(004's winner: the most points at the end of play; both start with start, and "
        "every point one wins the other loses; the computer's bank is unlimited, it always "
        "pays, where simulate --what session also ends a session when the computer's bank is "
        "ruined); level: both end where they began",
        "quantiles": {f"{float(q):g}": _points(session.quantile(q)) for q in QUANTILES},
        "unit": "points (the player's bank)",
    }
