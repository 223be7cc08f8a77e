"""The main job: regenerate everything in ``results/`` that the toolkit computes.

Each section lives in :mod:`pokerdice_stats.reporting`; this module runs their
tasks under one progress bar.  Output is deterministic: the same bytes on
every run.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from pokerdice_stats.errors import OptionError
from pokerdice_stats.reporting import Task

#: Section modules of :mod:`pokerdice_stats.reporting`, in the order they run.
SECTIONS = (
    "odds_tables",
    "progressive",
    "strategy_charts",
    "banking_tables",
    "games_tables",
    "betting_tables",
    "bidding_tables",
    "simulation",
    "banking_sessions",
    "betting_sessions",
)


def report_tasks(out_dir: Path, sections: tuple[str, ...] = SECTIONS) -> list[Task]:
    """Every task of the named sections."""
    tasks: list[Task] = []
    for name in sections:
        module = importlib.import_module(f"pokerdice_stats.reporting.{name}")
        tasks.extend(module.tasks(out_dir))
    return tasks


def run_report(
    out_dir: str | Path = "results",
    sections: tuple[str, ...] = SECTIONS,
    progress: bool = True,
) -> list[Path]:
    """Run the main job.

    Parameters
    ----------
    out_dir : str or Path
        Where to write (``results`` by default).
    sections : tuple of str
        Which sections to run (all by default).
    progress : bool
        Show a progress bar.

    Returns
    -------
    list of Path
        Every file written.

    Raises
    ------
    OptionError
        If the output folder cannot be made.
    """
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"cannot write to {str(out)!r}: {err.strerror or err}") from None
    written: list[Path] = []
    tasks = report_tasks(out, sections)
    from tqdm import tqdm  # only the report shows progress: not every command imports it

    with tqdm(tasks, desc="report", unit="task", disable=not progress) as bar:
        for task in bar:
            bar.set_postfix_str(task.label)
            written.extend(task.run())
    return written
