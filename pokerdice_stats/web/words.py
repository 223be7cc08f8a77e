"""The JSON API's refusals in its own terms: a command-line option becomes the request field.

The answers are built on the command line's functions, so a refusal names the option
the command line reads (``--throws-left must be 0 to 1 ...``). A program posting JSON
has no such option: :func:`api_words` names the request's field instead, in backticks
(`` `throws_left` must be 0 to 1 ...``), and a command quoted as advice (`` `banking --dice
DICE --throws-left T` ``) becomes the endpoint that answers it. The command line's own
messages are unchanged; the page turns the backticked fields into its labels.

The messages are the command line's because every request is answered inside
:class:`CommandWords` (:func:`~pokerdice_stats.ground.speaker.command_line`): called from
Python, the same functions name their arguments instead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pokerdice_stats.ground.speaker import command_line

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

#: Options whose request field is not the option's name with ``_`` for ``-``.
FLAG_FIELDS = {
    "as": "side",
    "raise": "raise_size",
    "dice": "dice",
}
#: Options a request has no field for: set where the coach is started, so a refusal names
#: them as ``pokerdice-stats serve``'s (its ``--memory-budget``, or the environment's).
SERVER_OPTIONS = frozenset({"memory-budget"})
#: Commands whose answer an endpoint gives (a quoted command becomes the endpoint).
ENDPOINTS = {
    "hold": "/api/hold",
    "betting": "/api/betting",
    "bidding": "/api/bidding",
    "banking": "/api/banking",
    "rules": "/api/rules",
}
_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")
_QUOTED = re.compile(r"`([^`]*)`")
#: What the request itself said, quoted in the message ('K K --as 9 9'): left as written.
_GIVEN = re.compile(r"((?<!\w)'[^'\n]*'(?!\w)|(?<!\w)\"[^\"\n]*\"(?!\w))")


def field_of(flag: str) -> str:
    """The request field of a command-line option named without its dashes."""
    return FLAG_FIELDS.get(flag, flag.replace("-", "_"))


def api_words(message: str) -> str:
    """``message`` with each ``--option`` named as its request field, in backticks, and each
    quoted command that an endpoint answers named as that endpoint with its fields.

    >>> api_words("--throws-left must be 0 to 1 with 2 throws a turn, got 2")
    '`throws_left` must be 0 to 1 with 2 throws a turn, got 2'
    >>> api_words("see `banking --dice DICE --throws-left T`")
    'see POST /api/banking (`dice`, `throws_left`)'
    >>> api_words("raise it with --memory-budget SIZE")
    'raise it with `pokerdice-stats serve --memory-budget` SIZE'
    >>> api_words("unknown goal '--limit' (`round` at the command line); seat 2's move")
    "unknown goal '--limit' (`round` at the command line); seat 2's move"
    """
    out = []
    for j, piece in enumerate(_GIVEN.split(message)):
        if j % 2:  # the request's own text, quoted back
            out.append(piece)
            continue
        for i, part in enumerate(_QUOTED.split(piece)):
            if i % 2 == 0:
                out.append(_FLAG.sub(_field_or_server, part))
            else:
                out.append(_command(part))
    return "".join(out)


def _field_or_server(flag: re.Match[str]) -> str:
    """A request field in backticks, or the server's own option (:data:`SERVER_OPTIONS`)."""
    name = flag.group(1)
    if name in SERVER_OPTIONS:
        return f"`pokerdice-stats serve --{name}`"
    return f"`{field_of(name)}`"


def _command(quoted: str) -> str:
    """A backticked span: a command an endpoint answers becomes the endpoint, another
    command stays as it is (the command line's), a field name stays quoted."""
    words = quoted.split()
    if words and words[0] in ENDPOINTS and len(words) > 1 and words[1].startswith("--"):
        fields = [f"`{field_of(w[2:])}`" for w in words[1:] if w.startswith("--")]
        named = f" ({', '.join(fields)})" if fields else ""
        return f"POST {ENDPOINTS[words[0]]}{named}"
    if words and words[0].startswith("--"):
        return _FLAG.sub(lambda m: f"`{field_of(m.group(1))}`", quoted)
    return f"`{quoted}`"


class CommandWords:
    """ASGI middleware: a request is answered in the command line's words, which
    :func:`api_words` then turns into the request's fields (the solves' threads copy the
    request's context: :class:`~pokerdice_stats.web.jobs.JobBoard`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with command_line():
            await self.app(scope, receive, send)
