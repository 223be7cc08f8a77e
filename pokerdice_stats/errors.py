"""Exceptions raised for bad input.

Every error a user can cause is a :class:`PokerDiceError`, itself a
:class:`ValueError`, so callers may catch either.  The command line turns
them into one message and exit status 2.
"""

from __future__ import annotations


class PokerDiceError(ValueError):
    """Base class of every input error raised by pokerdice_stats."""


class RulesError(PokerDiceError):
    """An unknown preset, option key or value, or a contradictory rule set."""


class DiceError(PokerDiceError):
    """A malformed hand: wrong number of dice or an unknown face."""


class GoalError(PokerDiceError):
    """A goal that cannot be parsed or does not fit the rule set."""


class OptionError(PokerDiceError):
    """An impossible option of an analysis (player count, throws left, ...)."""
