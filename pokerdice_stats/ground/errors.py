"""Exceptions raised for bad input.

Every error a user can cause is a :class:`PokerDiceError`, itself a
:class:`ValueError`, so callers may catch either.  The command line turns
them into one message and exit status 2.
"""

from __future__ import annotations

import re


class PokerDiceError(ValueError):
    """Base class of every input error raised by pokerdice_stats.

    A very long message (over :data:`LONG_MESSAGE` characters: an echoed input) has each
    long quoted text (or long word) in it cut to its first
    :data:`SHOWN_CHARACTERS` characters and its length, so that an error about a
    megabyte of input does not repeat it (:func:`shorten_message`, which the command
    line and the web page also apply).
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > LONG_MESSAGE:
            args = (_cut_long(args[0]),)
        super().__init__(*args)


class RulesError(PokerDiceError):
    """An unknown preset, option key or value, or a contradictory rule set."""


class DiceError(PokerDiceError):
    """A malformed hand: wrong number of dice or an unknown face."""


class GoalError(PokerDiceError):
    """A goal that cannot be parsed or does not fit the rule set."""


class OptionError(PokerDiceError):
    """An impossible option of an analysis (player count, throws left, ...)."""


class LimitError(PokerDiceError):
    """A request beyond a resource limit, or an input file that cannot be read safely."""


class OutputError(PokerDiceError):
    """An output that cannot be written: a closed or full standard output, a target that
    is not a regular file, a disk that is full (the message names the path)."""


#: Longest piece of a user's input repeated in a message.
SHOWN_CHARACTERS = 60

#: Messages up to this length are shown as they are.
SHORT_MESSAGE = 300
#: An error raised with a longer message has its long quoted texts cut at once (the
#: toolkit's own messages stay below; an echoed input makes a message this long).
LONG_MESSAGE = 1000

_LONG = SHOWN_CHARACTERS + 1
# Every quoted text, left to right, so that the closing quote of one is never taken for
# the opening quote of the next; only the long ones are cut.
_QUOTED = re.compile("(?<!\\w)'([^']*)'|(?<!\\w)\"([^\"]*)\"")
# Longer than a shortened quoted text (quotes, 60 characters, an ellipsis), so that one
# is not cut twice.
_LONG_WORD = re.compile(f"\\S{{{_LONG + 20},}}")


#: Every character :meth:`str.splitlines` breaks at, to its escape (``\\x85``).
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


def shorten(text: object, keep: int = SHOWN_CHARACTERS, length: int | None = None) -> str:
    """``str(text)`` itself, or its first ``keep`` characters and its length when longer
    (``length``: the length to name instead, e.g. of the value a ``repr`` quotes).

    Examples
    --------
    >>> shorten("x" * 100, keep=4)
    'xxxx… (100 characters)'
    """
    text = str(text)
    if len(text) <= keep:
        return text
    return f"{text[:keep]}… ({len(text) if length is None else length} characters)"


def shorten_message(message: str) -> str:
    """A message with each long quoted text (or long word) cut to its first
    :data:`SHOWN_CHARACTERS` characters and its length, so that a 100,000-character
    input is not repeated in full, on one line."""
    if len(message) > SHORT_MESSAGE:
        message = _cut_long(message)
    # one line: a line break inside an echoed input is written as its escape
    return message.translate(_LINE_BREAKS)


def _cut_long(message: str) -> str:
    """``message`` with each long quoted text or long word cut (see :func:`shorten_message`)."""

    def quoted(match: re.Match[str]) -> str:
        text = match.group(1) if match.group(1) is not None else match.group(2)
        if len(text) < _LONG:
            return match.group(0)
        quote = match.group(0)[0]
        return f"{quote}{text[:SHOWN_CHARACTERS]}…{quote} ({len(text)} characters)"

    def word(match: re.Match[str]) -> str:
        text = match.group(0)
        return f"{text[:SHOWN_CHARACTERS]}… ({len(text)} characters)"

    return _LONG_WORD.sub(word, _QUOTED.sub(quoted, message))
