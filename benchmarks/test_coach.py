"""Benchmarks of the coach's answers in the app (issue 25: warm turn decisions within 100 ms).

Each benchmark asks the FastAPI application (in process, through its test client) for
a position after the first answer of its kind has warmed the solve, each round another
hand so that no stored answer is reused. ``python benchmarks/coach_speed.py`` times the
same answers over HTTP against ``pokerdice-stats serve`` and writes
``results/benchmarks/coach.md``. The suite runs each once as a smoke test (timings
disabled), checking the answer.

Run for real with ``python -m pytest benchmarks/test_coach.py --benchmark-enable``.
"""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from fastapi.testclient import TestClient

from pokerdice_stats import get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.web.app import create_app

HANDS = [hand_table(get_rules("gameweave")).format(h) for h in range(ix.N_HANDS)]
PIPS = [hand_table(get_rules("triple-snakes")).format(h) for h in range(ix.N_HANDS)]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def _timed(benchmark, client, path: str, bodies) -> dict:
    bodies = itertools.cycle(bodies)
    client.post(path, json=next(bodies))  # warm the solve

    def ask() -> dict:
        response = client.post(path, json=next(bodies))
        assert response.status_code == 200, response.text
        return response.json()

    return benchmark(ask)


def test_hold_to_win_three_players(benchmark, client):
    bodies = [{"dice": d, "to_win": True, "against": "K K 9 9 10", "players_left": 1}
              for d in HANDS]  # fmt: skip
    answer = _timed(benchmark, client, "/api/hold", bodies)
    assert answer["players"] == 3 and answer["holds"][0]["optimal"]


def test_betting_meet_or_fold(benchmark, client):
    bodies = [{"players": 3, "seat": 2, "against": d} for d in PIPS]
    answer = _timed(benchmark, client, "/api/betting", bodies)
    assert answer["decision"] in ("meet", "fold")
