"""Sub-commands of ``pokerdice-stats``: the cross-game ones here, each game's from the registry.

A module's ``register(subparsers)`` adds its parser and sets ``func`` to the
function that runs it (taking the parsed arguments, returning an exit code).
The cross-game commands live in this package (the report, rules, one throw's odds,
holds, rounds of whichever game, simulations and cross-checks); every game's own
sub-commands live in its folder and are listed by
:func:`pokerdice_stats.games.registry.command_modules`.
"""

from __future__ import annotations

import importlib

#: The cross-game sub-command modules of this package shown before the games' (in the
#: order of ``--help``), and after them.
FIRST_MODULES = ("report", "rules", "odds", "holds", "round")
LAST_MODULES = ("simulate",)


def command_modules() -> tuple[str, ...]:
    """Every module that defines sub-commands, in the order of ``--help``."""
    from pokerdice_stats.games.registry import command_modules as game_modules

    return (
        *(f"pokerdice_stats.commands.{name}" for name in FIRST_MODULES),
        *game_modules(),
        *(f"pokerdice_stats.commands.{name}" for name in LAST_MODULES),
    )


def register_all(subparsers) -> None:
    """Add every sub-command to an argparse sub-parser collection."""
    for name in command_modules():
        importlib.import_module(name).register(subparsers)
