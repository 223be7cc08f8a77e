"""The ``pokerdice-stats`` command: a thin shell over the package's modules.

Bad input (an unknown rule, a malformed hand, an impossible option) prints
one message and exits with status 2; no traceback.
"""

from __future__ import annotations

import argparse
import sys

from pokerdice_stats import __version__
from pokerdice_stats.commands import register_all
from pokerdice_stats.errors import PokerDiceError


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="pokerdice-stats",
        description="The mathematics of Poker Dice: exact odds, optimal holds, games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    register_all(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from pokerdice_stats.interrupts import install

    install()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PokerDiceError as err:
        print(f"pokerdice-stats: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        # A folder that cannot be made or a file that cannot be written or read.
        where = f" {err.filename!r}" if getattr(err, "filename", None) else ""
        print(f"pokerdice-stats: error: cannot use{where}: {err.strerror or err}", file=sys.stderr)
        return 2
    except MemoryError:
        print("pokerdice-stats: error: not enough memory for this request", file=sys.stderr)
        return 2
    except KeyboardInterrupt as err:
        why = f"; {err}" if str(err) else ""
        print(f"pokerdice-stats: interrupted{why}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
