"""Sub-commands of ``pokerdice-stats``: one module each, each with ``register``.

A module's ``register(subparsers)`` adds its parser and sets ``func`` to the
function that runs it (taking the parsed arguments, returning an exit code).
"""

from __future__ import annotations

import importlib

#: The modules of this package that define sub-commands, in the order of ``--help``.
COMMAND_MODULES = (
    "report",
    "rules",
    "odds",
    "holds",
    "payout",
    "banking",
    "games",
    "betting",
    "bidding",
    "simulate",
)


def register_all(subparsers) -> None:
    """Add every sub-command to an argparse sub-parser collection."""
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"pokerdice_stats.commands.{name}")
        module.register(subparsers)
