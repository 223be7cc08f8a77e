"""The coach's review of a turn under sticky holds and a turn-scoped rethrow limit.

The state after each throw (the dice set aside, or the first throw's dice never thrown
again) is derived from the keeps before it, and each keep is priced as ``hold --to-win
--aside/--untouched --format json`` prices it for that state: every reviewed decision's
value, best value and best keep are compared with the command line's. Keeps the rules do
not allow are refused with one message (400).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from cli_helpers import run_cli
from fastapi.testclient import TestClient
from web_helpers import answer as api_answer

from pokerdice_stats.web.app import create_app


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def answer(client, body: dict) -> dict:
    return api_answer(client, "/api/review", body)


def cli_hold(capsys, dice: str, settings: list[str], left: int, state: dict) -> dict:
    """``hold DICE --to-win --players-left 1 --set ... --throws-left L [--aside/--untouched]``."""
    argv = ["hold", dice, "--to-win", "--players-left", "1", "--throws-left", str(left)]
    for item in settings:
        argv += ["--set", item]
    for key, dice_carried in state.items():
        argv += [f"--{key}", dice_carried]
    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def number(value) -> float:
    """A JSON value as a float (exact values are ``"p/q"`` text)."""
    return float(Fraction(value)) if isinstance(value, str) else float(value)


#: (settings, steps, the state each decision's hold answer is asked for).
TURNS = [
    # sticky holds: K K set aside stay aside; then K K Q
    (["sticky_holds=true"],
     [{"dice": "K K Q J 9", "keep": "K K Q"}, {"dice": "K K Q A 10", "keep": "K K Q A"},
      {"dice": "K K Q A K"}],
     [{}, {"aside": "K K Q"}]),
    # sticky holds with keeps that lose nothing, and standing on the last throw
    (["sticky_holds=true"],
     [{"dice": "K K Q J 9", "keep": "K K"}, {"dice": "K K 10 10 9", "keep": "K K"},
      {"dice": "K K K 10 9", "keep": "stand"}],
     [{}, {"aside": "K K"}, {"aside": "K K"}]),
    # a turn's rethrow limit: K Q kept (J 9 K thrown again), then the A thrown is thrown
    # again while K Q stay: a die thrown again may be thrown again
    (["max_rethrow=3"],
     [{"dice": "K K Q J 9", "keep": "K Q"}, {"dice": "K Q A 10 10", "keep": "K Q 10 10"},
      {"dice": "K Q 10 10 10"}],
     [{}, {"untouched": "K Q"}]),
]  # fmt: skip


@pytest.mark.parametrize(("settings", "steps", "states"), TURNS)
def test_each_keep_is_priced_as_hold_prices_its_state(client, capsys, settings, steps, states):
    api = answer(client, {"set": settings, "steps": steps, "players_left": 1})
    assert api["state"] == ("aside" if "sticky_holds=true" in settings else "original")
    assert api["game"] == "a round, later players seeing your hand"
    assert len(api["decisions"]) == len(states)
    kept = [step for step in steps if "keep" in step]
    for decision, step, state in zip(api["decisions"], kept, states, strict=True):
        left = 3 - decision["throw"]
        cli = cli_hold(capsys, step["dice"], settings, left, state)
        assert {k: decision.get(k) for k in state} == state  # the state the review derived
        for key in ("aside", "untouched"):
            assert cli.get(key) == state.get(key)
        values = {row["keep"]: number(row["value"]) for row in cli["holds"]}
        assert decision["choice"] in values
        assert decision["value"] == pytest.approx(values[decision["choice"]], abs=1e-12)
        assert decision["best_choice"] == cli["holds"][0]["keep"]
        assert decision["best_value"] == pytest.approx(number(cli["holds"][0]["value"]), abs=1e-12)
        assert decision["cost"] == pytest.approx(decision["best_value"] - decision["value"])
        assert decision["lost"] is (not next(
            row["optimal"] for row in cli["holds"] if row["keep"] == decision["choice"]
        ) and decision["cost"] > 0)  # fmt: skip
    assert api["lost_decisions"] == sum(d["lost"] for d in api["decisions"])
    assert api["total_cost"] == pytest.approx(sum(d["cost"] for d in api["decisions"]))


def test_the_sticky_review_finds_the_kings_were_best(client):
    steps = TURNS[0][1]
    api = answer(client, {"set": ["sticky_holds=true"], "steps": steps, "players_left": 1})
    first, second = api["decisions"]
    assert first["lost"] and first["best_choice"] == "K K" and first["cost"] > 0
    assert second["aside"] == "K K Q" and second["best_choice"] == "K K Q"
    # every keep offered after K K Q were set aside holds them
    assert api["lost_decisions"] == 2


#: (settings, steps, words of the one message).
ILLEGAL = [
    # sticky holds: letting go of a die set aside
    (["sticky_holds=true"],
     [{"dice": "K K Q J 9", "keep": "K K"}, {"dice": "K K A 10 9", "keep": "A"}],
     "dice set aside stay aside: a keep must contain K K, got A"),
    (["sticky_holds=true"],
     [{"dice": "K K Q J 9", "keep": "K K Q"}, {"dice": "K K Q A 10", "keep": "K K A"}],
     "must contain K K Q"),
    # sticky holds: the next throw must show the dice set aside
    (["sticky_holds=true"],
     [{"dice": "K K Q J 9", "keep": "K K"}, {"dice": "K A Q J 9", "keep": "K A"}],
     "does not show the dice kept before (K K)"),
    # a turn's limit: a fourth die of the first throw thrown again
    (["max_rethrow=3"],
     [{"dice": "K K Q J 9", "keep": "K Q"}, {"dice": "K Q A 10 10", "keep": "K A 10 10"}],
     "would throw 4 dice of the first throw again in the turn (3 already); max_rethrow=3"),
    (["max_rethrow=3"], [{"dice": "K K Q J 9", "keep": "K"}],
     "at least 2 of the first throw's dice stay"),
    # the limit counted a throw: four dice moved at once
    (["max_rethrow=3", "max_rethrow_scope=throw"], [{"dice": "K K Q J 9", "keep": "9"}],
     "throws 4 dice again; max_rethrow=3 allows at most 3 a throw"),
    (["sticky_holds=true", "max_rethrow=3"], [{"dice": "K K Q J 9", "keep": "(none)"}],
     "throws 5 dice again"),
    # dice kept that are not showing
    (["sticky_holds=true"], [{"dice": "K K Q J 9", "keep": "A A"}], "not all showing"),
]  # fmt: skip


@pytest.mark.parametrize(("settings", "steps", "words"), ILLEGAL)
def test_an_illegal_keep_is_refused_with_one_message(client, settings, steps, words):
    response = client.post("/api/review", json={"set": settings, "steps": steps, "players_left": 1})
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    assert "Traceback" not in response.text


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "progressive", "computer_hand": "5 5 5 2 1"},
        {"rules": "banking", "players": 2},
        {"rules": "triple-snakes", "betting": {"players": 2, "seat": 1}},
    ],
)
def test_games_without_such_holds_advice_are_refused(client, body):
    steps = [{"dice": "6 6 6 2 1", "keep": "6 6 6"}]
    response = client.post(
        "/api/review", json={**body, "set": ["sticky_holds=true"], "steps": steps}
    )
    assert response.status_code == 400, response.text
    assert "rounds where later players see your hand" in response.json()["error"]
