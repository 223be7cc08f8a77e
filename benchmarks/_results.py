"""What the ``*_results.py`` scripts share: run one benchmark file for real, then
write its figures as Markdown under ``results/benchmarks/``."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_text(seconds: float) -> str:
    """A duration in s, ms or us, whichever reads best."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} us"


def run_benchmarks(test_file: str, json_path: Path, options: list[str]) -> None:
    """Run ``benchmarks/TEST_FILE`` with timing on, writing pytest-benchmark JSON."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        str(ROOT / "benchmarks" / test_file),
        "-q",
        "--benchmark-enable",
        *options,
        f"--benchmark-json={json_path}",
    ]
    subprocess.run(command, check=True, cwd=ROOT)


def results_main(
    description: str,
    test_file: str,
    options: list[str],
    write_markdown: Callable[[dict, Path], str],
    argv: list[str] | None = None,
) -> int:
    """Command line of a results script: ``--out`` and ``--json`` (reuse a run)."""
    stem = test_file.removeprefix("test_").removesuffix(".py")
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=str(ROOT / "results" / "benchmarks" / f"{stem}.md"))
    parser.add_argument("--json", default=None, help="reuse a pytest-benchmark JSON file")
    args = parser.parse_args(argv)
    if args.json:
        data = json.loads(Path(args.json).read_text())
    else:
        with tempfile.TemporaryDirectory() as tmp:
            json_path = Path(tmp) / f"{stem}.json"
            run_benchmarks(test_file, json_path, options)
            data = json.loads(json_path.read_text())
    print(write_markdown(data, Path(args.out)))
    return 0
