"""``pokerdice-stats serve``: the table-side coach, a local web page and its JSON API.

This module imports neither FastAPI nor uvicorn until the command runs, so that the
command line works without the ``web`` extra and ``serve`` can say what to install.
"""

from __future__ import annotations

import argparse
import socket

from pokerdice_stats.engines.cli import whole_number
from pokerdice_stats.ground.errors import OptionError

#: The default address: this machine only.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
INSTALL_HINT = 'the coach needs the web extra: pip install -e ".[web]" (fastapi, uvicorn)'


def register(subparsers) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="the table-side coach: a local web page advising every decision of each game",
        description="Start the coach (a FastAPI application on uvicorn) and print its address. The "
        "page advises every decision of each rule document's game; the JSON API behind it answers "
        "with the command line's figures (OpenAPI document at /openapi.json). Ctrl-C stops it.",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only)",
    )
    serve.add_argument(
        "--port",
        type=whole_number,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"port, 1 to 65535, or 0 for a free one (default {DEFAULT_PORT})",
    )
    serve.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 (one message) without the web extra or a usable address."""
    try:
        import uvicorn

        from pokerdice_stats.web.app import create_app
    except ImportError as err:
        raise OptionError(f"{INSTALL_HINT}; missing: {err.name}") from None
    if not 0 <= args.port <= 65535:
        raise OptionError(f"--port must be 0 to 65535, got {args.port}")
    host = args.host
    if not host or len(host) > 253 or any(c.isspace() or c == "\x00" for c in host):
        raise OptionError(f"--host must be a host name or an address, got {host!r}")
    try:
        listener = socket.create_server((host, args.port))
    except (OSError, UnicodeError, ValueError) as err:
        raise OptionError(f"cannot listen on {args.host}:{args.port}: {err}") from None
    # Answers go out at once: without TCP_NODELAY (inherited by the accepted sockets) a
    # response written in two parts waits for the client's delayed ACK, about 40 ms.
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"pokerdice-stats coach: http://{shown}:{port}/ (API: /openapi.json; Ctrl-C stops)",
          flush=True)  # fmt: skip
    config = uvicorn.Config(create_app(), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listener])
    finally:
        listener.close()
    return 0
