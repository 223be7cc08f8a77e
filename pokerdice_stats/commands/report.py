"""``pokerdice-stats report``: the main job, which writes ``results/``."""

from __future__ import annotations

import argparse

from pokerdice_stats.engines.cli import (
    bounded_whole,
    emit,
    output_path,
    progress_wanted,
    range_text,
)
from pokerdice_stats.ground.bounds import MAX_WORKERS
from pokerdice_stats.ground.errors import OptionError


def register(subparsers) -> None:
    from pokerdice_stats.report import SECTIONS

    parser = subparsers.add_parser("report", help="regenerate every table and chart in results/")
    parser.add_argument(
        "--out", type=output_path, default="results", help="output folder (default: results)"
    )
    parser.add_argument(
        "--section",
        action="append",
        default=None,
        choices=SECTIONS,
        help="run only this section (repeatable, each runs once; default: all)",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="hide the progress bar (hidden too where stderr is not a terminal)",
    )
    parser.add_argument(
        "--workers",
        "--jobs",
        dest="workers",
        metavar="W",
        type=bounded_whole(1, MAX_WORKERS),
        default=None,
        help=f"worker processes, {range_text(1, MAX_WORKERS)} (default: 2, or 1 on a one-core "
        "machine; 1: no workers, every task in this process)",
    )
    parser.add_argument(
        "--no-cache",
        "--fresh",
        dest="no_cache",
        action="store_true",
        help="solve everything again: neither read nor fill the cache of solves "
        "(the files written are the same)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pokerdice_stats.report import SECTIONS, run_report

    # a section named twice runs once (its files are written once)
    sections = tuple(dict.fromkeys(args.section)) if args.section else SECTIONS
    if not sections:
        raise OptionError("no section to run")
    written = run_report(
        args.out,
        sections,
        progress=progress_wanted(args),
        workers=args.workers,
        use_cache=not args.no_cache,
    )
    emit(f"wrote {len(written)} files under {args.out}/")
    return 0
