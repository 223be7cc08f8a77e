"""Files a report part writes, compared byte for byte with the committed ``results/``.

The main job (the README's first command) writes ``results/``; a report part run again
in a test into a temporary folder must write the same bytes: the figures are the same
on any run and any machine (the project formats every number it writes), which one run
checked against the committed files shows better than two runs in one process.
"""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"


def assert_same_as_results(files: list[Path], out: Path) -> None:
    """Every file in ``files`` (written under ``out``) equals its twin under ``results/``."""
    assert files
    for path in files:
        relative = path.relative_to(out)
        committed = RESULTS / relative
        assert committed.is_file(), f"{relative} is not in results/ (run the main job)"
        assert path.read_bytes() == committed.read_bytes(), f"{relative} differs from results/"
