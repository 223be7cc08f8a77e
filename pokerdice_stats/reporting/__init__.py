"""Sections of the main job (``pokerdice-stats report``), one module each.

A section module has ``tasks(out_dir) -> list[Task]``; each task writes its
files under ``out_dir`` and the report runs them under one progress bar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Task:
    """One unit of the main job: a label for the progress bar and the work."""

    label: str
    run: Callable[[], list[Path]]


def write_text(path: Path, text: str) -> Path:
    """Write text (LF line ends, UTF-8), creating folders; returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    return path
