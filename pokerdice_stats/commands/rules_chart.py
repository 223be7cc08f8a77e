"""The chart of ``rules compare A B --out FILE.png``: two rule sets side by side."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np

from pokerdice_stats.ground.outputs import write_output

#: PNG metadata that would differ between machines.
_PNG_METADATA = {"Software": None}


def compare_chart(record: dict[str, Any], path: str | Path) -> Path:
    """Two panels: each category's best chance in a turn, and the first seat's advantage."""
    from matplotlib.figure import Figure

    path = Path(path)
    fig = Figure(figsize=(12, 4.8))
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.5, 1]})
    labels = {"a": f"A: {record['rules_a']}", "b": f"B: {record['rules_b']}"}
    colors = {"a": "#1f77b4", "b": "#ff7f0e"}
    odds = [r for r in record["odds"] if r["turn_at_least_a"] is not None]
    odds = [r for r in odds if r["turn_at_least_b"] is not None]
    ys = np.arange(len(odds))
    diffs = [100 * (r["turn_at_least_b"] - r["turn_at_least_a"]) for r in odds]
    left.barh(ys, diffs, 0.6, color=["#d62728" if d < 0 else "#2ca02c" for d in diffs])
    for y, d in zip(ys, diffs, strict=True):
        left.annotate(
            f"{d:+.2f}",
            (d, y),
            va="center",
            ha="right" if d < 0 else "left",
            xytext=(-3 if d < 0 else 3, 0),
            textcoords="offset points",
            fontsize=8,
        )
    left.axvline(0, color="black", linewidth=0.8)
    left.set_yticks(ys)
    left.set_yticklabels([r["category"] for r in odds], fontsize=8)
    left.invert_yaxis()
    low, high = min([*diffs, 0.0]), max([*diffs, 0.0])
    span = max(high - low, 0.1)
    left.set_xlim(low - 0.2 * span, high + 0.2 * span)
    left.set_xlabel("B's chance minus A's (percentage points)")
    left.set_title(
        "Best chance of ending a turn with at least each category:\nB minus A", fontsize=10
    )
    seats = record["seats"]
    for side in ("a", "b"):
        xs = [r["players"] for r in seats if r[f"advantage_{side}"] is not None]
        values = [100 * r[f"advantage_{side}"] for r in seats if r[f"advantage_{side}"] is not None]
        if xs:
            right.plot(xs, values, marker="o", color=colors[side], label=labels[side])
    right.axhline(0, color="black", linewidth=0.8)
    right.set_xticks([r["players"] for r in seats])
    right.set_xlabel("seats in the round")
    right.set_ylabel("seat 1's chance minus 1/N (percentage points)")
    right.set_title("The first seat's advantage\n(later seats see its hand)", fontsize=10)
    right.legend(frameon=False, fontsize=8, loc="best")
    fig.suptitle(f"Rules compared: A = {record['rules_a']}, B = {record['rules_b']}", fontsize=11)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, metadata=_PNG_METADATA)
    # whole, and never into a FIFO or a device
    return write_output(path, buffer.getvalue(), "chart", make_parents=True)
