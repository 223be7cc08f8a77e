"""A report section for the pool's tests: each task writes the threads its worker sees
(``NUMBA_NUM_THREADS``, the simulations' default and numba's own count), one task a
group."""

from __future__ import annotations

import os
from pathlib import Path

from pokerdice_stats.engines.report import Task
from pokerdice_stats.engines.simulation.run import default_workers
from pokerdice_stats.kernels._numba import threads


def _probe(out_dir: Path, name: str) -> list[Path]:
    path = out_dir / f"{name}.txt"
    path.write_text(f"{os.environ.get('NUMBA_NUM_THREADS')} {default_workers()} {threads()}")
    return [path]


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task(name, lambda name=name: _probe(out_dir, name), group=name)
        for name in ("first", "second")
    ]
