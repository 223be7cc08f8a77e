"""Helpers of the coach's tests: a real ``pokerdice-stats serve`` on a free port."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: How long the server may take to print its address (seconds; a cold import of the
#: package and FastAPI takes one or two).
START_TIMEOUT = 60
#: The Chromium the browser tests drive (Debian's ``chromium``, or ``$POKERDICE_CHROMIUM``).
CHROMIUM = os.environ.get("POKERDICE_CHROMIUM") or shutil.which("chromium")


@contextlib.contextmanager
def running_server(env: dict[str, str] | None = None) -> Iterator[str]:
    """Start ``pokerdice-stats serve --port 0`` in a child process; yield its base URL.

    ``env``: variables set for the server besides this process's (e.g.
    ``POKERDICE_CACHE_DIR`` empty: no saved round tables, every solve cold).
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", **(env or {})}
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerdice_stats", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        url = _address(process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a server that ignores SIGTERM
            process.kill()
            process.wait()


def _address(process: subprocess.Popen) -> str:
    assert process.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(r"http://[^/\s]+/", line)
        if found:
            return found.group(0).rstrip("/")
    raise RuntimeError("the server did not start: " + "".join(seen))


def answer(client, path: str, body: dict) -> dict:
    """The app's answer to ``body`` at ``path`` (a test client), polling while it is pending."""
    response = client.post(path, json=body)
    while response.status_code == 202:
        response = client.get(response.json()["poll"])
    assert response.status_code == 200, response.text
    return response.json()


def cli_json(capsys, *argv: str) -> dict:
    """The command line's JSON answer to ``argv`` (run in process; it must succeed)."""
    from cli_helpers import run_cli

    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)
