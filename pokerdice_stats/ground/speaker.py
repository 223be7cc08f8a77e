"""Whom a message speaks to: the command line's flags, or the Python API's names.

An error raised below the commands (a solver's check, an advice's refusal) names the
option the user gave.  At the command line that is a flag (``--throws-left``); from
Python it is the argument (``throws_left``).  :func:`option`, :func:`setting` and
:func:`either` write the name for whoever called; :func:`command_line` is where the
command line says it is the caller (:func:`pokerdice_stats.cli.main`, and the page's
server, whose API turns the flags into its request fields:
:mod:`pokerdice_stats.web.words`).

Examples
--------
>>> option("throws_left"), setting("throws", "N")
('throws_left', "the rule setting throws=N (get_rules(preset, {'throws': N}))")
>>> with command_line():
...     option("throws_left"), option("side", flag="--as"), setting("throws", "N")
('--throws-left', '--as', '--set throws=N')
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

#: "python" (the default: the API and the page) or "command line" (inside :func:`command_line`).
_SPEAKER: contextvars.ContextVar[str] = contextvars.ContextVar(
    "pokerdice_stats_speaker", default="python"
)


@contextlib.contextmanager
def command_line() -> Iterator[None]:
    """Messages inside name the command line's flags."""
    token = _SPEAKER.set("command line")
    try:
        yield
    finally:
        _SPEAKER.reset(token)


def at_command_line() -> bool:
    """Whether the current caller is the command line."""
    return _SPEAKER.get() == "command line"


def option(name: str, flag: str | None = None) -> str:
    """An option as the caller names it: ``name`` from Python, its flag at the command
    line (``flag``, else ``--`` and ``name`` with dashes)."""
    if at_command_line():
        return flag or "--" + name.replace("_", "-")
    return name


def setting(key: str, value: object) -> str:
    """How the caller changes a rule setting: ``--set key=value`` at the command line,
    the setting of :func:`~pokerdice_stats.turn.rules.get_rules` from Python."""
    if at_command_line():
        return f"--set {key}={value}"
    shown = value if isinstance(value, str) and value.isupper() else repr(value)  # N: a blank
    return f"the rule setting {key}={value} (get_rules(preset, {{{key!r}: {shown}}}))"


def either(command_line_text: str, python_text: str) -> str:
    """``command_line_text`` at the command line, else ``python_text`` (a command named
    where Python has a function for the same answer)."""
    return command_line_text if at_command_line() else python_text
