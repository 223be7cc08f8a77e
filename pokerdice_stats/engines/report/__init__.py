"""Sections of the main job (``pokerdice-stats report``), one module each.

A section module has ``tasks(out_dir) -> list[Task]``; each task writes its
files under ``out_dir`` (no two tasks write the same file, none reads what
another writes) and the report runs them under one progress bar, in two
processes or more (:mod:`pokerdice_stats.engines.report.pool`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pokerdice_stats.ground.outputs import write_output


@dataclass(frozen=True)
class Task:
    """One unit of the main job: a label for the progress bar and the work.

    Attributes
    ----------
    label : str
        Unique in the main job; names the task on the progress bar.
    run : callable
        Does the work; returns the files written.
    group : str
        Tasks of one group run in one process, in order (a later one reuses
        what an earlier one computed); by default the task's section.
    cost : float
        Rough seconds of a warm run, to start the longest groups first.
    """

    label: str
    run: Callable[[], list[Path]]
    group: str = ""
    cost: float = 1.0


def write_text(path: Path, text: str) -> Path:
    """Write text (LF line ends, UTF-8), creating folders; returns the path."""
    return write_output(path, text, "output file", make_parents=True)


def save_figure(fig, path: Path, **options) -> Path:
    """Save a matplotlib figure as PNG through :func:`write_output` (whole, never into a
    FIFO or device); ``options`` go to ``savefig`` (``dpi``, ``metadata``).  Inside a
    chart function decorated with
    :func:`~pokerdice_stats.engines.report.drawn_once.drawn_once`, the digest of its
    inputs goes into the PNG too."""
    import io

    from pokerdice_stats.engines.report.drawn_once import DIGEST_KEY, DRAWING_DIGEST

    digest = DRAWING_DIGEST.get()
    if digest is not None:
        options["metadata"] = {**options.get("metadata", {}), DIGEST_KEY: digest}
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", **options)
    return write_output(path, buffer.getvalue(), "chart", make_parents=True)
