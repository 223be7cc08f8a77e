"""Fixtures shared across test modules.

The coach's browser tests (``test_web_browser.py`` and ``test_web_browser_views.py``, one
``xdist_group`` so that one process runs them all) share one server and one headless
Chromium for the session: starting them takes seconds a time.  Their imports wait until a
test asks for them, so that the suite collects where the web or browser extras are missing
(those modules then skip, saying why).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from web_helpers import CHROMIUM

# Bytecode is kept (``__pycache__``, which numba's kernel cache shares and git ignores),
# even where the machine says ``PYTHONDONTWRITEBYTECODE`` or pytest was started with -B:
# the suite starts many Python processes (its workers, the notebooks' kernels, the report's
# and the simulations' worker processes, the command-line checks), and without it each one
# compiles the package's modules from their source again (about 0.3 s for a command) and
# each pytest worker rewrites the asserts of every test module again.  Measured on the
# 2-core machine, one sitting: the README's test command 388 s with the variable set, 309 s
# without (results/benchmarks/tests.md).  Set here, before pytest-xdist starts its workers,
# so that they and every process they start inherit it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The coach's app served on a free loopback port: its address."""
    from web_helpers import running_server

    with running_server() as url:
        yield url


@pytest.fixture(scope="session")
def api(server: str) -> Iterator[Callable[[str, dict], dict]]:
    """``api(path, body)``: the server's JSON answer, a pending job polled to its end."""
    import httpx

    with httpx.Client(base_url=server, trust_env=False, timeout=120) as client:

        def ask(path: str, body: dict) -> dict:
            response = client.post(path, json=body)
            while response.status_code == 202:
                response = client.get(response.json()["poll"])
            assert response.status_code == 200, response.text
            return response.json()

        yield ask


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Playwright's ``executable_path`` (no browser download)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$POKERDICE_SCREENSHOTS``, or a temporary folder."""
    folder = os.environ.get("POKERDICE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("coach-screens")


@pytest.fixture
def page(browser, server: str):
    """A fresh tab on the coach's page, ready; no script error may occur while it is open."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(server + "/")
    tab.wait_for_selector("body[data-ready=true]", timeout=15_000)
    yield tab
    context.close()
    assert errors == [], errors
