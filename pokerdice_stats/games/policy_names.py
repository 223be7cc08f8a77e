"""The names of the progressive game's policies and knowledge, importable at no cost.

The command line lists these choices in its help while building its parser,
before it knows which command runs; importing :mod:`pokerdice_stats.games.progressive`
there would load the solvers (and numba) for every command.
"""

from __future__ import annotations

#: The named simple strategies, in the order tables list them.
SIMPLE_STRATEGIES = ("stand", "largest-set", "at-least-three", "max-category")
#: Computer policies, ``optimal`` first.
COMPUTER_POLICIES = ("optimal", *SIMPLE_STRATEGIES)
#: Who sees what: ``seen`` (the player sees the computer's final hand) or ``blind``.
KNOWLEDGE = ("seen", "blind")
#: A session's starting bank in points.
STARTING_BANK = 10_000
