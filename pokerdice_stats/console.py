"""The ``pokerdice-stats`` console script and ``python -m pokerdice_stats``: a small module.

The command line's modules take a fifth of a second to load; a Ctrl-C in that time
would otherwise end the process with Python's traceback.  This module loads
nothing heavy (the package's ``__init__`` is lazy), arms the interrupt handling
first, then loads and runs :func:`pokerdice_stats.cli.entry`.
"""

from __future__ import annotations

import os
import sys


def entry() -> None:
    """Run the command line; a Ctrl-C while it loads ends the process with status 130."""
    from pokerdice_stats.ground.interrupts import SEEN, arm_last_resort, install

    arm_last_resort()
    install()
    try:
        from pokerdice_stats.cli import entry as run_command_line
    except Exception:  # an extension module whose initialisation a Ctrl-C broke
        if not SEEN.is_set():
            raise
        _interrupted_while_loading()
    except KeyboardInterrupt:  # while loading, before the command ran
        _interrupted_while_loading()
    if SEEN.is_set():  # a Ctrl-C while loading that a library swallowed: still one
        _interrupted_while_loading()
    run_command_line()


def _interrupted_while_loading() -> None:
    print("pokerdice-stats: interrupted before the command started", file=sys.stderr)
    sys.stderr.flush()
    os._exit(130)
