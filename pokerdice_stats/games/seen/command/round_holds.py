"""The holds of ``round --seat K --dice DICE``, in ``hold --to-win``'s words."""

from __future__ import annotations

from pokerdice_stats.engines.cli import emit


def hold_records(holds, exact: bool) -> list[dict]:
    """The holds of ``round --seat K --dice DICE`` in JSON: ``win`` (float) beside
    ``win_exact`` (``"p/q"``, null when not exact)."""
    from pokerdice_stats.ground.formats import fraction_text

    return [
        {
            "keep": row["keep"],
            "rethrow": row["rethrow"],
            "win": float(row["value_float"]),
            "win_exact": fraction_text(row["value"]) if exact else None,
            "optimal": bool(row["optimal"]),
            "canonical": bool(row["canonical"]),
        }
        for _, row in holds.iterrows()
    ]


def emit_hold_rows(holds: list[dict], exact: bool) -> None:
    """The holds as ``hold --to-win`` writes them: ``(none)`` for keeping nothing, ``stand``
    for throwing nothing, the chance in percent (``win %``, six significant digits), its
    fraction when exact and every one is short enough to show (else the column is left
    out, and a line says where they are), ``*`` on the optimal holds."""
    from pokerdice_stats.engines.cli import emit_rows
    from pokerdice_stats.ground.numbers import chance_percent, short_fraction

    rows = []
    for row in holds:
        shown = {
            "keep": row["keep"] or "(none)",
            "rethrow": row["rethrow"] or "stand",
            "win %": chance_percent(row["value_float"], digits=6),
            "fraction": short_fraction(row["value"]) if exact else "",
            "optimal": "*" if row["optimal"] else "",
        }
        rows.append(shown)
    too_long = exact and any("…" in r["fraction"] for r in rows)
    if not exact or too_long:  # a column of ellipses tells nothing: none, and where
        for shown in rows:
            del shown["fraction"]
    emit_rows(rows, right=("win %", "fraction", "rethrow"))
    if too_long:
        emit("exact fractions: --format json")
