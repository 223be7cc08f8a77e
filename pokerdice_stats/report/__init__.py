"""The main job: regenerate everything in ``results/`` that the toolkit computes.

Each game's sections live in its folder (the registry lists them), the turn's in this
package and in :mod:`pokerdice_stats.engines.report`; this module runs their
tasks under one progress bar, in two worker processes by default
(:mod:`pokerdice_stats.engines.report.pool`), skipping the expensive solves whose
inputs and code are unchanged (:mod:`pokerdice_stats.engines.report.cache`).
Output is deterministic: the same bytes on every run, whatever the number of
processes and with or without the cache.
"""

from __future__ import annotations

import importlib
import os
import time
from pathlib import Path

from pokerdice_stats.engines.report import Task, cache
from pokerdice_stats.engines.report.pool import WorkerPool
from pokerdice_stats.ground.arguments import (
    checked_flag,
    checked_names,
    checked_path,
    checked_whole_number,
)
from pokerdice_stats.ground.bounds import MAX_WORKERS
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.threads import cores

#: The report sections that are no game's (the turn's odds and strategies, and the
#: cross-checks of every game), and their modules.
TURN_SECTIONS = {
    "odds_tables": "pokerdice_stats.report.odds_tables",
    "strategy_charts": "pokerdice_stats.engines.report.strategy_charts",
}
CLOSING_SECTIONS = {"simulation": "pokerdice_stats.report.simulation"}


def section_modules() -> dict[str, str]:
    """Every section of the main job, in the order it runs: its name to its module."""
    from pokerdice_stats.games.registry import report_sections

    return TURN_SECTIONS | report_sections() | CLOSING_SECTIONS


#: Every section's name, in the order they run.
SECTIONS = tuple(section_modules())


#: Processes of the main job by default (two: the target machine has two cores).
DEFAULT_WORKERS = 2


def _section_tasks(out_dir: Path, sections: tuple[str, ...]) -> list[tuple[str, Task]]:
    pairs: list[tuple[str, Task]] = []
    modules = section_modules()
    for name in sections:
        module = importlib.import_module(modules[name])
        pairs.extend((modules[name], task) for task in module.tasks(out_dir))
    return pairs


def default_workers() -> int:
    """:data:`DEFAULT_WORKERS`, or fewer on a machine with fewer cores (1 off POSIX)."""
    if os.name != "posix":  # the workers inherit their socket by file descriptor
        return 1
    return max(1, min(DEFAULT_WORKERS, cores()))


def run_report(
    out_dir: str | Path = "results",
    sections: tuple[str, ...] = SECTIONS,
    progress: bool = True,
    workers: int | None = None,
    use_cache: bool = True,
) -> list[Path]:
    """Run the main job.

    Parameters
    ----------
    out_dir : str or Path
        Where to write (``results`` by default).
    sections : tuple of str
        Which sections to run (all by default); a section named twice runs once.
    progress : bool
        Show a progress bar.
    workers : int, optional
        Worker processes, 1 to :data:`~pokerdice_stats.ground.bounds.MAX_WORKERS` (default
        :func:`default_workers`); 1 runs every task in this process.
    use_cache : bool
        Load the expensive solves from the cache of :mod:`pokerdice_stats.engines.report.cache`
        when their inputs and code are unchanged (and store them there).  The files
        written are the same either way.

    Returns
    -------
    list of Path
        Every file written, in task order, then ``README.md`` (the files by title) and
        last ``index.html``: every table, chart and CSV of ``out_dir`` on one page
        (:mod:`pokerdice_stats.report.index_page`).

    Raises
    ------
    OptionError
        If the output folder cannot be made, an argument is of the wrong type (a
        string for ``sections``), a section is unknown, or ``workers`` is not a
        whole number from 1 to :data:`~pokerdice_stats.ground.bounds.MAX_WORKERS`.
    """
    out = checked_path(out_dir, "out_dir")
    sections = checked_names(sections, "sections")
    progress = checked_flag(progress, "progress")
    use_cache = checked_flag(use_cache, "use_cache")
    workers = (
        default_workers()
        if workers is None
        else checked_whole_number(workers, "workers", 1, MAX_WORKERS)
    )
    unknown = [name for name in sections if name not in SECTIONS]
    if unknown:
        raise OptionError(f"unknown section {unknown[0]!r}; choose from: " + ", ".join(SECTIONS))
    sections = tuple(dict.fromkeys(sections))  # each once, in the order first named
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"cannot write to {str(out)!r}: {err.strerror or err}") from None
    before, kept_before = cache.folder(), cache.solves_kept()
    cache.use(cache.default_folder() if use_cache else None)
    cache.keep_solves(use_cache)
    try:
        written = _run(out, sections, progress, workers)
    finally:
        cache.use(before)
        cache.keep_solves(kept_before)
    from pokerdice_stats.report.index_page import write_index, write_readme

    return [*written, write_readme(out), write_index(out)]


def _run(out: Path, sections: tuple[str, ...], progress: bool, workers: int) -> list[Path]:
    if workers == 1 or os.name != "posix":
        return _run_serial(_section_tasks(out, sections), progress)
    if workers > len(sections):  # their groups say how many workers are worth starting
        pairs = _section_tasks(out, sections)
        with WorkerPool.for_tasks(out, pairs, workers) as pool:
            return _run_workers(pairs, progress, pool)
    # A section is one group or more, so every worker will have work: they start first,
    # and import the sections while this process lists the tasks.
    modules = section_modules()
    with WorkerPool(out, tuple(modules[name] for name in sections), workers) as pool:
        return _run_workers(_section_tasks(out, sections), progress, pool)


def _bar(total: int, progress: bool):
    from tqdm import tqdm  # only the report shows progress: not every command imports it

    return tqdm(total=total, desc="report", unit="task", disable=not progress)


def _run_serial(pairs: list[tuple[str, Task]], progress: bool) -> list[Path]:
    written: list[Path] = []
    with _bar(len(pairs), progress) as bar:
        for _, task in pairs:
            bar.set_postfix_str(task.label)
            written.extend(task.run())
            bar.update(1)
    return written


def _run_workers(pairs: list[tuple[str, Task]], progress: bool, pool: WorkerPool) -> list[Path]:
    with _bar(len(pairs), progress) as bar:
        last = [time.monotonic()]
        measured: dict[str, float] = {}

        def done(label: str, seconds: float) -> None:
            measured[label] = seconds
            bar.update(1)

        def tick(running: list[str]) -> None:
            now = time.monotonic()
            if now - last[0] >= 1.0:  # the clock moves even while a long task runs
                last[0] = now
                bar.set_postfix_str(", ".join(running), refresh=True)

        written = pool.run(pairs, on_done=done, on_tick=tick, costs=cache.timings())
    cache.save_timings(measured)  # the next run starts the longest groups first
    return written
