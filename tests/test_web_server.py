"""The coach as it runs: ``pokerdice-stats serve`` on a free port, 200 requests at once.

Every answer is checked against the same answer computed in this process (whose
figures the API tests compare with the command line's).
"""

from __future__ import annotations

import concurrent.futures

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx", reason="httpx (test extra) is not installed")

import httpx
from web_helpers import running_server

from pokerdice_stats.web import answers
from pokerdice_stats.web.requests import BankingRequest, BettingRequest, HoldRequest

#: Requests sent at once, and the threads sending them.
REQUESTS = 240
THREADS = 48

#: Positions of several games (path, body, the in-process answer's function and model).
POSITIONS = [
    ("/api/hold", {"dice": "K K J 10 9"}, answers.hold_answer, HoldRequest),
    ("/api/hold", {"dice": "Q Q J 10 9", "to_win": True, "against": "K K 9 9 10"},
     answers.hold_answer, HoldRequest),
    ("/api/hold", {"dice": "A K Q J 9", "throws_left": 1}, answers.hold_answer, HoldRequest),
    ("/api/hold", {"rules": "progressive", "dice": "6 6 2 3 1", "computer_hand": "4 4 4 1 2"},
     answers.hold_answer, HoldRequest),
    ("/api/betting", {"players": 2, "seat": 2, "against": "3 3 3 5 5"},
     answers.betting_answer, BettingRequest),
    ("/api/banking", {"dice": "5 5 1 2 3", "players": 2}, answers.banking_answer,
     BankingRequest),
]  # fmt: skip


@pytest.fixture(scope="module")
def server():
    with running_server() as url:
        yield url


def _ask(client: httpx.Client, path: str, body: dict) -> tuple[int, dict]:
    response = client.post(path, json=body)
    while response.status_code == 202:
        response = client.get(response.json()["poll"])
    return response.status_code, response.json()


def test_server_answers_many_requests_at_once(server):
    expected = [work(model(**body)) for _, body, work, model in POSITIONS]
    limits = httpx.Limits(max_connections=THREADS, max_keepalive_connections=THREADS)
    with httpx.Client(base_url=server, trust_env=False, timeout=120, limits=limits) as client:
        jobs = [POSITIONS[i % len(POSITIONS)][:2] for i in range(REQUESTS)]
        with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
            results = list(pool.map(lambda job: _ask(client, *job), jobs))
    assert len(results) == REQUESTS
    for i, (status, body) in enumerate(results):
        assert status == 200, body
        assert body == expected[i % len(POSITIONS)], i


def test_server_refuses_bad_input_without_a_traceback(server):
    with httpx.Client(base_url=server, trust_env=False, timeout=60) as client:
        response = client.post("/api/hold", json={"dice": "K K J 10 Z"})
        assert response.status_code == 400 and "unknown face" in response.json()["error"]
        response = client.post(
            "/api/hold", content=b"x" * 100_000, headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 413
        page = client.get("/")
        assert page.status_code == 200 and "<title>pokerdice-stats coach</title>" in page.text
